//! The referee on the final positions of real games: how many stones it proves, and whether
//! a proof ever contradicts the record's dead-stone marks.
//!
//! `cargo run --release --example referee_real -- [--list] [--gnugo] FILES-or-DIRS...`
//!
//! For every finished record (ended by two passes, or on a move with a score in `RE`): the
//! stones of the final position, those whose status the referee proves (alive, dead, seki),
//! the dead stones of the record's `TB`/`TW` marks where it has any, and every proof that
//! contradicts a mark (with `--list`, one line per record and per contradiction). With
//! `--gnugo`, also every proof that contradicts GNU Go's `final_status_list` of the same
//! position (a proven dead stone GNU Go calls alive or seki, a proven alive or seki stone GNU Go
//! calls dead). Summary on stdout.
use std::path::PathBuf;
use std::time::Instant;

use rayon::prelude::*;

use jipingdian::engine::{Board, Phase, Point};
use jipingdian::report::check::{collect_inputs, read_bounded};
use jipingdian::rules::RuleId;
use jipingdian::settlement::referee::{self, Status};
use jipingdian::sgf::{parse_sgf, replay_with, ReplayOptions};

#[derive(Default, Clone)]
struct Tally {
    games: usize,
    stones: usize,
    proven: usize,
    /// Stones the marks call dead, and of those the referee proves dead.
    marked_dead: usize,
    marked_dead_proven: usize,
    /// Stones the referee proves dead (all records).
    proven_dead: usize,
    /// Contradictions with the marks: proven dead but not marked, proven alive but marked dead.
    dead_unmarked: usize,
    alive_marked: usize,
    /// Contradictions with GNU Go: proven dead, GNU Go alive or seki; proven alive or seki,
    /// GNU Go dead; and the records GNU Go judged.
    dead_gnu_alive: usize,
    alive_gnu_dead: usize,
    gnu_games: usize,
    micros: u128,
    nodes: u64,
}

impl Tally {
    fn add(&mut self, o: &Tally) {
        self.games += o.games;
        self.stones += o.stones;
        self.proven += o.proven;
        self.marked_dead += o.marked_dead;
        self.marked_dead_proven += o.marked_dead_proven;
        self.proven_dead += o.proven_dead;
        self.dead_unmarked += o.dead_unmarked;
        self.alive_marked += o.alive_marked;
        self.dead_gnu_alive += o.dead_gnu_alive;
        self.alive_gnu_dead += o.alive_gnu_dead;
        self.gnu_games += o.gnu_games;
        self.micros += o.micros;
        self.nodes += o.nodes;
    }
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let list = args.iter().any(|a| a == "--list");
    let gnugo = args
        .iter()
        .any(|a| a == "--gnugo")
        .then(|| jipingdian::oracle::find_gnugo().expect("GNU Go is installed"));
    args.retain(|a| a != "--list" && a != "--gnugo");
    let inputs: Vec<PathBuf> = args.iter().map(PathBuf::from).collect();
    let files = collect_inputs(&inputs);
    let rows: Vec<(String, bool, Tally, Vec<String>)> = files
        .par_iter()
        .filter_map(|(path, _)| {
            one(path, gnugo.as_ref()).map(|(m, t, l)| (path.display().to_string(), m, t, l))
        })
        .collect();
    let (mut marked, mut unmarked) = (Tally::default(), Tally::default());
    for (file, m, t, lines) in &rows {
        if list {
            println!(
                "{file}: {} of {} stones proven, dead {} proven of {} marked, {} us",
                t.proven, t.stones, t.marked_dead_proven, t.marked_dead, t.micros
            );
            for l in lines {
                println!("  {l}");
            }
        }
        if *m {
            marked.add(t);
        } else {
            unmarked.add(t);
        }
    }
    let pct = |a: usize, b: usize| 100.0 * a as f64 / b.max(1) as f64;
    for (name, t) in [("marked", &marked), ("unmarked", &unmarked)] {
        println!(
            "{name}: {} games, {} stones, proven {} ({:.1}%), proven dead {}, marked dead {} of which proven {} ({:.1}%); contradictions: dead but unmarked {}, alive but marked dead {}; {:.1} ms and {} nodes a position",
            t.games,
            t.stones,
            t.proven,
            pct(t.proven, t.stones),
            t.proven_dead,
            t.marked_dead,
            t.marked_dead_proven,
            pct(t.marked_dead_proven, t.marked_dead),
            t.dead_unmarked,
            t.alive_marked,
            t.micros as f64 / 1000.0 / t.games.max(1) as f64,
            t.nodes / t.games.max(1) as u64,
        );
        if t.gnu_games > 0 {
            println!(
                "{name}, against GNU Go on {} records: proven dead but GNU Go alive or seki {}, proven alive or seki but GNU Go dead {}",
                t.gnu_games, t.dead_gnu_alive, t.alive_gnu_dead
            );
        }
    }
}

fn name(b: &Board, p: Point) -> String {
    b.coord(p).to_human(b.size())
}

/// A finished record: whether it has marks, its tally, and the contradictions.
fn one(path: &std::path::Path, gnugo: Option<&PathBuf>) -> Option<(bool, Tally, Vec<String>)> {
    let bytes = read_bounded(path).ok()?;
    let rec = parse_sgf(&bytes).ok()?;
    let rep = replay_with(
        &rec,
        jipingdian::rules::play_rules(RuleId::Japanese),
        ReplayOptions::default(),
    )
    .ok()?;
    if rep.game.phase() != Phase::Paused {
        return None;
    }
    let b = rep.game.board();
    let marked = !rep.dead.is_empty();
    let dead_marks: Vec<Point> = rep
        .dead
        .iter()
        .filter_map(|&c| b.checked_point(c))
        .collect();
    let t0 = Instant::now();
    let j = referee::judge_deep(b);
    let micros = t0.elapsed().as_micros();
    let mut t = Tally {
        games: 1,
        micros,
        nodes: j.nodes() as u64,
        ..Tally::default()
    };
    let mut lines = Vec::new();
    for p in b.points() {
        if b.stone(p).is_none() {
            continue;
        }
        t.stones += 1;
        let st = j.status(p);
        let is_marked = dead_marks.contains(&p);
        if st != Status::Unknown {
            t.proven += 1;
        }
        if st == Status::Dead {
            t.proven_dead += 1;
        }
        if is_marked {
            t.marked_dead += 1;
            if st == Status::Dead {
                t.marked_dead_proven += 1;
            }
        }
        if marked {
            if st == Status::Dead && !is_marked {
                t.dead_unmarked += 1;
                lines.push(format!("proven dead, not marked: {}", name(b, p)));
            }
            if st == Status::Alive && is_marked {
                t.alive_marked += 1;
                lines.push(format!("proven alive, marked dead: {}", name(b, p)));
            }
        }
    }
    if let Some(prog) = gnugo {
        use jipingdian::oracle::{GnuGoConfig, GnuStatus, OracleRules};
        let judged = GnuGoConfig::new(prog.clone())
            .spawn(OracleRules::Chinese)
            .ok()
            .and_then(|mut e| {
                jipingdian::oracle::judge(&mut e, &rep.game, OracleRules::Chinese).ok()
            });
        if let Some(g) = judged {
            t.gnu_games = 1;
            for p in b.points() {
                if b.stone(p).is_none() {
                    continue;
                }
                let c = b.coord(p);
                let gs = g.status[c.y as usize * b.size() as usize + c.x as usize];
                let st = j.status(p);
                match (st, gs) {
                    (Status::Dead, GnuStatus::Alive(_) | GnuStatus::Seki(_)) => {
                        t.dead_gnu_alive += 1;
                        lines.push(format!("proven dead, GNU Go {gs:?}: {}", name(b, p)));
                    }
                    (Status::Alive | Status::Seki, GnuStatus::Dead(_)) => {
                        t.alive_gnu_dead += 1;
                        lines.push(format!("proven {st:?}, GNU Go dead: {}", name(b, p)));
                    }
                    _ => {}
                }
            }
        }
    }
    Some((marked, t, lines))
}
