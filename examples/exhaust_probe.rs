//! Development probe: where the time of `jpd exhaust` goes on one board size.
use jipingdian::harness::exhaust::exhaust_run_options;
use jipingdian::harness::generate::{exhaustive_game, exhaustive_index, GameSpec, Policy};
use jipingdian::harness::outcome::{run_with, RunOptions};
use jipingdian::harness::position::{chunk_count, chunk_positions, plan, variant, Small};
use jipingdian::settlement::referee;
use jipingdian::settlement::PassAlive;
use std::time::Instant;

fn main() {
    let size: u8 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(3);
    let budget: u32 = std::env::args()
        .nth(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1_000_000);
    let limit: u64 = std::env::args()
        .nth(3)
        .and_then(|s| s.parse().ok())
        .unwrap_or(u64::MAX);
    let mut ps: Vec<Small> = Vec::new();
    let step = (chunk_count(size) / 200).max(1);
    let first: u64 = std::env::args()
        .nth(4)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    for c in (first..chunk_count(size)).step_by(step as usize) {
        chunk_positions(size, c, |p| ps.push(p));
        if ps.len() as u64 >= limit {
            break;
        }
    }
    ps.truncate(limit as usize);
    let t = Instant::now();
    let mut js = Vec::new();
    let mut nodes = 0u64;
    for &p in &ps {
        let g = exhaustive_game(size, exhaustive_index(size, p, 0), None)
            .or_else(|| exhaustive_game(size, exhaustive_index(size, p, 1), None))
            .or_else(|| exhaustive_game(size, exhaustive_index(size, p, 2), None))
            .or_else(|| exhaustive_game(size, exhaustive_index(size, p, 3), None))
            .unwrap();
        let pa = PassAlive::analyse(g.finished.game.board());
        let j = referee::judge_with_budget(g.finished.game.board(), &pa, budget);
        nodes += j.nodes() as u64;
        js.push((p, j, pa));
    }
    let settled = js.iter().filter(|x| x.1.is_settled()).count();
    println!(
        "{} positions, judge {:.2}s, {} settled, {} nodes",
        ps.len(),
        t.elapsed().as_secs_f64(),
        settled,
        nodes
    );
    for (name, opts) in [
        ("exhaust opts", exhaust_run_options()),
        ("campaign opts", RunOptions::default()),
    ] {
        for want in [true, false] {
            let t = Instant::now();
            let mut games = 0;
            for (p, j, pa) in &js {
                if j.is_settled() != want {
                    continue;
                }
                for v in 0..4u8 {
                    let (f, l) = variant(v);
                    if plan(
                        p.black.count_ones(),
                        p.white.count_ones(),
                        f,
                        (p.stone_count() > 0).then_some(l),
                    )
                    .is_none()
                        || (p.stone_count() == 0 && v % 2 == 1)
                    {
                        continue;
                    }
                    let idx = exhaustive_index(size, *p, v);
                    let spec = GameSpec {
                        master_seed: 0,
                        index: idx,
                        size,
                        policy: Policy::Exhaustive,
                    };
                    let _ = run_with(&spec, &opts, || {
                        exhaustive_game(size, idx, Some((j, pa))).unwrap()
                    });
                    games += 1;
                }
            }
            println!(
                "{name} settled={want}: {games} games {:.2}s",
                t.elapsed().as_secs_f64()
            );
        }
    }
}
