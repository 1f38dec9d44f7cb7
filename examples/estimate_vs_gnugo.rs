//! The dead stones of `jpd score`'s default source (the referee's proof, then the Monte-Carlo
//! estimate) against GNU Go's `final_status_list dead` on finished real records, stone by
//! stone, without the records' marks.
//!
//! `cargo run --release --example estimate_vs_gnugo -- [--cache FILE] FILES-or-DIRS...`
//!
//! GNU Go's dead stones are asked once per record and kept in the cache file (one line per
//! record: path, then its dead stones), so the estimate can be measured again quickly. Prints
//! every stone where the two differ (jpd alone dead, GNU Go alone dead) and a summary: stones
//! on which they agree, stones jpd alone calls dead, stones GNU Go alone calls dead.
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use rayon::prelude::*;

use jipingdian::engine::{Phase, Point};
use jipingdian::harness::estimate;
use jipingdian::oracle::{find_gnugo, judge, GnuGoConfig, GnuStatus, OracleRules};
use jipingdian::report::check::{collect_inputs, read_bounded};
use jipingdian::rules::RuleId;
use jipingdian::sgf::{parse_sgf, replay_with, ReplayOptions, Replayed};

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let cache = match args.iter().position(|a| a == "--cache") {
        Some(i) => {
            let f = args.remove(i + 1);
            args.remove(i);
            PathBuf::from(f)
        }
        None => PathBuf::from("/tmp/gnugo_dead.txt"),
    };
    let mut known: BTreeMap<String, Vec<String>> = BTreeMap::new();
    if let Ok(text) = std::fs::read_to_string(&cache) {
        for line in text.lines() {
            let mut w = line.split_whitespace();
            if let Some(f) = w.next() {
                known.insert(f.to_string(), w.map(str::to_string).collect());
            }
        }
    }
    let inputs: Vec<PathBuf> = args.iter().map(PathBuf::from).collect();
    let files = collect_inputs(&inputs);
    let rows: Vec<(String, Vec<String>, Tally, Vec<String>)> = files
        .par_iter()
        .filter_map(|(path, _)| one(path, &known))
        .collect();
    let mut out = String::new();
    let mut t = Tally::default();
    for (file, gnu, tally, lines) in &rows {
        out.push_str(&format!("{file} {}\n", gnu.join(" ")));
        for l in lines {
            println!("{file}: {l}");
        }
        t.games += tally.games;
        t.stones += tally.stones;
        t.agree += tally.agree;
        t.jpd_only += tally.jpd_only;
        t.gnu_only += tally.gnu_only;
        t.games_same += tally.games_same;
    }
    std::fs::write(&cache, out).expect("cache written");
    println!(
        "{} records: {} of {} stones agree ({:.2}%), jpd alone dead {}, GNU Go alone dead {}; same dead stones in {} records",
        t.games,
        t.agree,
        t.stones,
        100.0 * t.agree as f64 / t.stones.max(1) as f64,
        t.jpd_only,
        t.gnu_only,
        t.games_same
    );
}

#[derive(Default)]
struct Tally {
    games: usize,
    stones: usize,
    agree: usize,
    jpd_only: usize,
    gnu_only: usize,
    games_same: usize,
}

fn gnu_dead(rep: &Replayed) -> Option<Vec<String>> {
    let prog = find_gnugo()?;
    let mut e = GnuGoConfig::new(prog).spawn(OracleRules::Chinese).ok()?;
    let g = judge(&mut e, &rep.game, OracleRules::Chinese).ok()?;
    let b = rep.game.board();
    let n = b.size() as usize;
    Some(
        b.points()
            .filter(|&p| {
                let c = b.coord(p);
                matches!(
                    g.status[c.y as usize * n + c.x as usize],
                    GnuStatus::Dead(_)
                )
            })
            .map(|p| b.coord(p).to_human(b.size()))
            .collect(),
    )
}

fn one(
    path: &Path,
    known: &BTreeMap<String, Vec<String>>,
) -> Option<(String, Vec<String>, Tally, Vec<String>)> {
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
    let file = path.display().to_string();
    let gnu = match known.get(&file) {
        Some(v) => v.clone(),
        None => gnu_dead(&rep)?,
    };
    let b = rep.game.board();
    let est = estimate::estimate(b, rep.game.to_move(), estimate::PLAYOUTS);
    let name = |p: Point| b.coord(p).to_human(b.size());
    let mut t = Tally {
        games: 1,
        ..Tally::default()
    };
    let mut lines = Vec::new();
    for p in b.points() {
        if b.stone(p).is_none() {
            continue;
        }
        t.stones += 1;
        let ours = est.dead.contains(&p);
        let theirs = gnu.contains(&name(p));
        match (ours, theirs) {
            (true, false) => {
                t.jpd_only += 1;
                let how = if est.estimated_dead.contains(&p) {
                    "estimated"
                } else {
                    "proven"
                };
                lines.push(format!("jpd alone dead ({how}): {}", name(p)));
            }
            (false, true) => {
                t.gnu_only += 1;
                lines.push(format!("GNU Go alone dead: {}", name(p)));
            }
            _ => t.agree += 1,
        }
    }
    t.games_same = usize::from(t.jpd_only + t.gnu_only == 0);
    Some((file, gnu, t, lines))
}
