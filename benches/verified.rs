//! The verification pipeline of a campaign game on one core: generate (the `uniform` policy),
//! settle by play-out and Benson, count by every method and all 21 rule sets, check T1-T17,
//! build the CSV rows. Writing the files is left out: `jpd run` does that on its own thread.
//!
//! Run with `cargo bench --bench verified`. Throughput is in games per second (divan's
//! items/s). The floors of the harness issue are 15,000 9x9 and 2,000 19x19 games per second
//! on one core; see docs/PERFORMANCE.md for the measured figures.

use divan::counter::ItemsCount;
use divan::Bencher;
use jipingdian::harness::generate::{GameSpec, Policy};
use jipingdian::harness::outcome::{run_game, RunOptions};

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    divan::main();
}

fn run(size: u8, games: u64) -> usize {
    let opts = RunOptions::default();
    let mut violations = 0;
    for index in 0..games {
        let spec = GameSpec {
            master_seed: 2008,
            index,
            size,
            policy: Policy::Uniform,
        };
        violations += run_game(&spec, &opts).violations.len();
    }
    violations
}

/// 1,000 verified 9x9 games.
#[divan::bench(sample_count = 10, sample_size = 1)]
fn verified_9x9_uniform(bencher: Bencher) {
    bencher
        .counter(ItemsCount::new(1000u64))
        .bench(|| run(divan::black_box(9), 1000));
}

/// 200 verified 19x19 games.
#[divan::bench(sample_count = 10, sample_size = 1)]
fn verified_19x19_uniform(bencher: Bencher) {
    bencher
        .counter(ItemsCount::new(200u64))
        .bench(|| run(divan::black_box(19), 200));
}
