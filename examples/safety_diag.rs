//! Diagnostic: why stones of the marked finished records stay unproven (region sizes).
use jipingdian::engine::{Board, Cell, Phase, Regions};
use jipingdian::report::check::{collect_inputs, read_bounded};
use jipingdian::rules::RuleId;
use jipingdian::settlement::referee::{self, Status};
use jipingdian::sgf::{parse_sgf, replay_with, ReplayOptions};
use std::collections::BTreeMap;
use std::path::PathBuf;

fn main() {
    let inputs: Vec<PathBuf> = std::env::args().skip(1).map(PathBuf::from).collect();
    let mut cat: BTreeMap<String, usize> = BTreeMap::new();
    for (path, _) in collect_inputs(&inputs) {
        let Ok(bytes) = read_bounded(&path) else {
            continue;
        };
        let Ok(rec) = parse_sgf(&bytes) else { continue };
        let Ok(rep) = replay_with(
            &rec,
            jipingdian::rules::play_rules(RuleId::Japanese),
            ReplayOptions::default(),
        ) else {
            continue;
        };
        if rep.game.phase() != Phase::Paused || rep.dead.is_empty() {
            continue;
        }
        let b: &Board = rep.game.board();
        let dead: Vec<_> = rep
            .dead
            .iter()
            .filter_map(|&c| b.checked_point(c))
            .collect();
        let j = referee::judge(b);
        for x in [
            jipingdian::engine::Color::Black,
            jipingdian::engine::Color::White,
        ] {
            let own = Cell::of(x);
            let regions = Regions::new(b, |p| b.cell(p) != own);
            for p in b.points() {
                if b.stone(p) != Some(x) || j.status(p) != Status::Unknown {
                    continue;
                }
                let is_dead = dead.contains(&p);
                let key = if is_dead {
                    // Its own region (for the other colour).
                    let oth = Cell::of(x.opp());
                    let rr = Regions::new(b, |q| b.cell(q) != oth);
                    let r = rr.region_of(p).unwrap();
                    let m = rr.iter().nth(r).unwrap();
                    let e = m.iter().filter(|&&q| b.cell(q) == Cell::Empty).count();
                    format!("dead: region {} pts {} empties", bucket(m.len()), bucket(e))
                } else {
                    // Its adjacent regions: how many are small (<=40 pts, <=24 empties) and empty of Y.
                    let head = b.string_head(p);
                    let mut seen = vec![];
                    for q in b.points() {
                        if b.cell(q) == own && b.string_head(q) == head {
                            for n in b.adj(q) {
                                if let Some(r) = regions.region_of(n) {
                                    if !seen.contains(&r) {
                                        seen.push(r);
                                    }
                                }
                            }
                        }
                    }
                    let mut small_clean = 0;
                    let mut small_y = 0;
                    let mut big = 0;
                    for &r in &seen {
                        let m = regions.iter().nth(r).unwrap();
                        let e = m.iter().filter(|&&q| b.cell(q) == Cell::Empty).count();
                        let hy = m.iter().any(|&q| b.stone(q) == Some(x.opp()));
                        if m.len() <= 40 && e <= 24 {
                            if hy {
                                small_y += 1
                            } else {
                                small_clean += 1
                            }
                        } else {
                            big += 1
                        }
                    }
                    if small_clean >= 2 && std::env::var("SHOW").is_ok() {
                        println!("{} {}", path.display(), b.coord(p).to_human(b.size()));
                    }
                    format!(
                        "alive: small_clean {} small_y {} big {}",
                        small_clean.min(2),
                        small_y.min(2),
                        big.min(2)
                    )
                };
                *cat.entry(key).or_default() += 1;
            }
        }
    }
    let mut v: Vec<_> = cat.into_iter().collect();
    v.sort_by_key(|(_, n)| std::cmp::Reverse(*n));
    for (k, n) in v {
        println!("{n:6} {k}");
    }
}

fn bucket(n: usize) -> &'static str {
    match n {
        0..=8 => "<=8",
        9..=24 => "9-24",
        25..=40 => "25-40",
        41..=64 => "41-64",
        65..=120 => "65-120",
        _ => ">120",
    }
}
