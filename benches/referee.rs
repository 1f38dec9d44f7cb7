//! The referee on one core: the final positions of the real records of `corpus/real/` (where
//! the safety solver does most of its work) and the final positions of `mixed` campaign games
//! (settled ones mostly, where Benson and the static rules decide).
//!
//! Run with `cargo bench --bench referee`. Throughput is in positions per second (divan's
//! items/s); the search nodes per position are printed once before the runs.

use std::path::PathBuf;

use divan::counter::ItemsCount;
use divan::Bencher;
use jipingdian::engine::{Board, Phase};
use jipingdian::harness::generate::{generate, GameSpec, Policy};
use jipingdian::report::check::{collect_inputs, read_bounded};
use jipingdian::rules::RuleId;
use jipingdian::settlement::referee;
use jipingdian::sgf::{parse_sgf, replay_with, ReplayOptions};

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    for (name, boards) in [("real", real_boards()), ("campaign", campaign_boards())] {
        let nodes: u64 = boards
            .iter()
            .map(|b| referee::judge(b).nodes() as u64)
            .sum();
        eprintln!(
            "{name}: {} positions, {} search nodes a position",
            boards.len(),
            nodes / boards.len().max(1) as u64
        );
    }
    divan::main();
}

/// The final positions of the finished records of corpus/real.
fn real_boards() -> Vec<Board> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("corpus/real");
    collect_inputs(&[dir])
        .into_iter()
        .filter_map(|(path, _)| {
            let rec = parse_sgf(&read_bounded(&path).ok()?).ok()?;
            let rep = replay_with(
                &rec,
                jipingdian::rules::play_rules(RuleId::Japanese),
                ReplayOptions::default(),
            )
            .ok()?;
            (rep.game.phase() == Phase::Paused).then(|| rep.game.board().clone())
        })
        .collect()
}

/// The final positions of 300 `mixed` games on each of 9x9, 13x13 and 19x19 (seed 2008).
fn campaign_boards() -> Vec<Board> {
    let mut out = Vec::new();
    for size in [9, 13, 19] {
        for index in 0..300 {
            let g = generate(&GameSpec {
                master_seed: 2008,
                index,
                size,
                policy: Policy::Mixed,
            });
            out.push(g.finished.game.board().clone());
        }
    }
    out
}

#[divan::bench(sample_count = 5, sample_size = 1)]
fn real_final_positions(bencher: Bencher) {
    let boards = real_boards();
    bencher.counter(ItemsCount::new(boards.len())).bench(|| {
        boards
            .iter()
            .map(|b| referee::judge(b).nodes())
            .sum::<u32>()
    });
}

#[divan::bench(sample_count = 5, sample_size = 1)]
fn campaign_final_positions(bencher: Bencher) {
    let boards = campaign_boards();
    bencher.counter(ItemsCount::new(boards.len())).bench(|| {
        boards
            .iter()
            .map(|b| referee::judge(b).nodes())
            .sum::<u32>()
    });
}
