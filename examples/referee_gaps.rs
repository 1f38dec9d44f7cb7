//! Where the referee's proofs stop on real final positions: the unproven stones of the
//! records with dead-stone marks, by the shape of the regions around them.
//!
//! `cargo run --release --example referee_gaps -- FILES-or-DIRS...`
//!
//! A dead stone (by the marks) left unproven is counted by the size of the opponent's region
//! holding it and whether that region's boundary strings are proven; a living stone left
//! unproven by the enclosed regions next to its string (empty points and marked dead stones
//! only), small (the solver searches them) or bigger. `GAPS_SHOW=TEXT` names on stderr each
//! unproven dead stone whose class contains TEXT (`GAPS_SHOW="small boundary proven"`).
use std::collections::BTreeMap;
use std::path::PathBuf;

use rayon::prelude::*;

use jipingdian::engine::{Board, Cell, Phase, Point};
use jipingdian::report::check::{collect_inputs, read_bounded};
use jipingdian::rules::RuleId;
use jipingdian::settlement::referee::{self, Status};
use jipingdian::sgf::{parse_sgf, replay_with, ReplayOptions};

fn main() {
    let args: Vec<PathBuf> = std::env::args().skip(1).map(PathBuf::from).collect();
    let files = collect_inputs(&args);
    let rows: Vec<BTreeMap<String, usize>> =
        files.par_iter().filter_map(|(path, _)| one(path)).collect();
    let mut all: BTreeMap<String, usize> = BTreeMap::new();
    for r in rows {
        for (k, v) in r {
            *all.entry(k).or_default() += v;
        }
    }
    for (k, v) in all {
        println!("{v:7} {k}");
    }
}

/// The points connected to `p` through points that are not `x` stones.
fn region(b: &Board, p: Point, x: Cell) -> Vec<Point> {
    let mut seen = vec![false; b.padded_len()];
    seen[p.idx()] = true;
    let mut m = vec![p];
    let mut k = 0;
    while k < m.len() {
        for q in b.adj(m[k]) {
            if !seen[q.idx()] && b.cell(q) != Cell::Wall && b.cell(q) != x {
                seen[q.idx()] = true;
                m.push(q);
            }
        }
        k += 1;
    }
    m
}

/// A region as the solver sizes it: searched (`small`), searched for captures only (`wide`),
/// or not searched (`big`).
fn size_class(b: &Board, m: &[Point]) -> &'static str {
    let e = m.iter().filter(|&&p| b.cell(p) == Cell::Empty).count();
    if m.len() <= 40 && e <= 24 {
        "small"
    } else if m.len() <= 64 {
        "wide"
    } else {
        "big"
    }
}

fn one(path: &std::path::Path) -> Option<BTreeMap<String, usize>> {
    let bytes = read_bounded(path).ok()?;
    let rec = parse_sgf(&bytes).ok()?;
    let rep = replay_with(
        &rec,
        jipingdian::rules::play_rules(RuleId::Japanese),
        ReplayOptions::default(),
    )
    .ok()?;
    if rep.game.phase() != Phase::Paused || rep.dead.is_empty() {
        return None;
    }
    let b = rep.game.board();
    let marks: Vec<Point> = rep
        .dead
        .iter()
        .filter_map(|&c| b.checked_point(c))
        .collect();
    let j = referee::judge_deep(b);
    let mut out: BTreeMap<String, usize> = BTreeMap::new();
    let mut add = |k: String| *out.entry(k).or_default() += 1;
    for p in b.points() {
        let Some(c) = b.stone(p) else { continue };
        let st = j.status(p);
        let dead = marks.contains(&p);
        if st != Status::Unknown {
            add(format!("proven {}", if dead { "dead" } else { "alive" }));
            continue;
        }
        if dead {
            // The opponent's region holding it.
            let x = Cell::of(c.opp());
            let m = region(b, p, x);
            let mut bound_ok = true;
            for &q in &m {
                for r in b.adj(q) {
                    if b.cell(r) == x && j.status(r) == Status::Unknown {
                        bound_ok = false;
                    }
                }
            }
            let key = format!(
                "unproven dead: region {} boundary {}",
                size_class(b, &m),
                if bound_ok { "proven" } else { "unproven" }
            );
            // GAPS_SHOW=text: name each unproven stone whose class contains the text.
            if std::env::var("GAPS_SHOW").is_ok_and(|t| key.contains(&t)) {
                eprintln!("{} {}", path.display(), b.coord(p).to_human(b.size()));
            }
            add(key);
        } else {
            let own = Cell::of(c);
            let mut classes: Vec<&str> = Vec::new();
            let mut with_dead = false;
            let mut done: Vec<Point> = Vec::new();
            for s in b.string_stones(p) {
                for q in b.adj(s) {
                    if b.cell(q) == own || b.cell(q) == Cell::Wall || done.contains(&q) {
                        continue;
                    }
                    let m = region(b, q, own);
                    done.extend_from_slice(&m);
                    // Only regions enclosed: not touching the opponent's living stones.
                    let enclosed = m
                        .iter()
                        .all(|&r| b.cell(r) == Cell::Empty || marks.contains(&r));
                    if !enclosed {
                        continue;
                    }
                    with_dead |= m.iter().any(|&r| b.cell(r) != Cell::Empty);
                    classes.push(size_class(b, &m));
                }
            }
            let small = classes.iter().filter(|&&c| c == "small").count();
            let bigger = classes.len() - small;
            add(format!(
                "unproven alive: enclosed regions small {} bigger {}{}",
                small.min(2),
                bigger.min(2),
                if with_dead {
                    " (dead stones inside)"
                } else {
                    ""
                }
            ));
        }
    }
    let k = out
        .iter()
        .filter(|(k, _)| k.contains("small 2"))
        .map(|(_, v)| v)
        .sum::<usize>();
    if std::env::var("GAPS_LIST").is_ok() {
        eprintln!("{k} {}", path.display());
    }
    Some(out)
}
