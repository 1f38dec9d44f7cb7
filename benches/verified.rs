//! The verification pipeline of a campaign game on one core: generate (by each policy), settle
//! (the referee), count by every method and all rule sets, check T1-T17 and the findings,
//! build the CSV rows. Writing the files is left out: `jpd run` does that on its own thread.
//!
//! Run with `cargo bench --bench verified`. Throughput is in games per second (divan's
//! items/s); see docs/PERFORMANCE.md for the measured figures. `mixed` is the default
//! campaign's policy; the others are its parts.

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
    run_policy(size, games, Policy::Uniform)
}

fn run_policy(size: u8, games: u64, policy: Policy) -> usize {
    let opts = RunOptions::default();
    let mut violations = 0;
    for index in 0..games {
        let spec = GameSpec {
            master_seed: 2008,
            index,
            size,
            policy,
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

/// The policies of a campaign, `mixed` first.
const POLICIES: [Policy; 6] = [
    Policy::Mixed,
    Policy::Uniform,
    Policy::Seki,
    Policy::Endgame,
    Policy::Dispute,
    Policy::Position,
];

/// 200 verified 9x9 games of each policy.
#[divan::bench(args = POLICIES, sample_count = 5, sample_size = 1)]
fn verified_9x9(bencher: Bencher, policy: Policy) {
    bencher
        .counter(ItemsCount::new(200u64))
        .bench(|| run_policy(divan::black_box(9), 200, policy));
}

/// 40 verified 19x19 games of each policy.
#[divan::bench(args = POLICIES, sample_count = 5, sample_size = 1)]
fn verified_19x19(bencher: Bencher, policy: Policy) {
    bencher
        .counter(ItemsCount::new(40u64))
        .bench(|| run_policy(divan::black_box(19), 40, policy));
}
