//! Prints a position with each stone's referee status: `X`/`O` proven alive, `x`/`o`
//! unproven, `#`/`@` proven dead (Black/White), `S`/`s` seki, a `*` after a stone the record
//! marks dead; then why the position is not settled, if it is not.
//!
//! `cargo run --release --example referee_show -- FILE.sgf|SHAPE.txt...`
//!
//! An `.sgf` file is replayed to its final position; a `.txt` file is a shape of
//! `corpus/shapes` (its `board:` section).
use jipingdian::engine::{Board, Color, Phase};
use jipingdian::report::check::read_bounded;
use jipingdian::rules::RuleId;
use jipingdian::settlement::referee::{self, Status};
use jipingdian::sgf::{parse_sgf, replay_with, ReplayOptions};

/// The final position, and the points the record marks dead (`TB`/`TW`), if any.
fn load(f: &str) -> Option<(Board, Vec<jipingdian::engine::Point>)> {
    let bytes = read_bounded(std::path::Path::new(f)).expect("readable");
    if f.ends_with(".txt") {
        let text = String::from_utf8(bytes).expect("UTF-8");
        let board: Vec<&str> = text
            .lines()
            .skip_while(|l| l.trim() != "board:")
            .skip(1)
            .take_while(|l| l.trim() != "status:")
            .collect();
        return Some((
            Board::from_ascii(&board.join("\n")).expect("a board"),
            Vec::new(),
        ));
    }
    let rec = parse_sgf(&bytes).expect("parses");
    let rep = replay_with(
        &rec,
        jipingdian::rules::play_rules(RuleId::Japanese),
        ReplayOptions::default(),
    )
    .expect("replays");
    let b = rep.game.board().clone();
    let marks = rep
        .dead
        .iter()
        .filter_map(|&c| b.checked_point(c))
        .collect();
    (rep.game.phase() == Phase::Paused).then_some((b, marks))
}

fn main() {
    for f in std::env::args().skip(1) {
        let Some((b, marks)) = load(&f) else { continue };
        let j = referee::judge_deep(&b);
        println!("{f}");
        let n = b.size() as usize;
        for y in 0..n {
            let mut line = format!("{:2} ", n - y);
            for x in 0..n {
                let p = b
                    .checked_point(jipingdian::engine::Coord::new(x as u8, y as u8))
                    .expect("on board");
                let c = match (b.stone(p), j.status(p)) {
                    (None, _) => '.',
                    (Some(Color::Black), Status::Alive) => 'X',
                    (Some(Color::White), Status::Alive) => 'O',
                    (Some(Color::Black), Status::Dead) => '#',
                    (Some(Color::White), Status::Dead) => '@',
                    (Some(Color::Black), Status::Seki) => 'S',
                    (Some(Color::White), Status::Seki) => 's',
                    (Some(Color::Black), _) => 'x',
                    (Some(Color::White), _) => 'o',
                };
                line.push(c);
                line.push(if marks.contains(&p) { '*' } else { ' ' });
            }
            println!("{line}");
        }
        if let Some(why) = j.unsettled() {
            println!("unsettled: {}, {} nodes", why.as_str(), j.nodes());
        }
    }
}
