//! Development probe: prints the full text report of one generated game.
use jipingdian::harness::generate::{generate, GameSpec, Policy};
use jipingdian::report::score::{score_bytes, ScoreOptions};
use jipingdian::sgf::SgfWriter;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let index: u64 = args[1].parse().unwrap();
    let size: u8 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(9);
    let policy: Policy = args
        .get(3)
        .and_then(|s| s.parse().ok())
        .unwrap_or(Policy::Mixed);
    let g = generate(&GameSpec {
        master_seed: 1,
        index,
        size,
        policy,
    });
    let mut w = SgfWriter::from_game(&g.finished.game);
    let b = g.finished.game.board();
    for &c in &g.finished.dead {
        match b.stone(b.point(c)) {
            Some(jipingdian::engine::Color::Black) => w.territory.white.push(c),
            _ => w.territory.black.push(c),
        }
    }
    let text = w.to_sgf();
    if args.iter().any(|a| a == "--sgf") {
        println!("{text}");
    }
    match score_bytes("game", text.as_bytes(), &ScoreOptions::default()) {
        Ok(r) => print!("{}", r.text),
        Err(e) => println!("error: {e}"),
    }
}
