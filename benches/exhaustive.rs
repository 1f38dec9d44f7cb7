//! The exhaustive enumeration (`jpd exhaust`) on one thread: every legal 3x3 position (12,675)
//! through the pipeline of a campaign game, its report files written to a scratch folder; and
//! the 4x4 symmetry classes of one chunk's worth of positions, counted without games.
//!
//! Run with `cargo bench --bench exhaustive`. Throughput is in positions per second (divan's
//! items/s); see docs/PERFORMANCE.md for the measured figures.

use divan::counter::ItemsCount;
use divan::Bencher;
use jipingdian::harness::exhaust::{run, ExhaustConfig, ExhaustHooks, Mode};

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    divan::main();
}

/// A scratch folder of this process.
fn scratch(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("jpd-bench-{name}-{}", std::process::id()))
}

/// Every legal 3x3 position, each with its games counted and checked.
#[divan::bench(sample_count = 5, sample_size = 1)]
fn exhaust_3x3_all(bencher: Bencher) {
    let dir = scratch("3x3");
    let mut cfg = ExhaustConfig::new(3, Mode::All);
    cfg.threads = 1;
    cfg.force = true;
    bencher.counter(ItemsCount::new(12_675u64)).bench(|| {
        let r = run(&cfg, &dir, &ExhaustHooks::default()).expect("the run completes");
        divan::black_box(r);
    });
    let _ = std::fs::remove_dir_all(&dir);
}

/// The 4x4 board enumerated: its 24,318,165 legal positions (Tromp and Farnebäck's count,
/// which `jpd exhaust` reproduces) and their symmetry classes counted, no game played.
#[divan::bench(sample_count = 3, sample_size = 1)]
fn exhaust_4x4_count_only(bencher: Bencher) {
    let dir = scratch("4x4");
    let mut cfg = ExhaustConfig::new(4, Mode::Classes);
    cfg.threads = 1;
    cfg.force = true;
    cfg.count_only = true;
    bencher.counter(ItemsCount::new(24_318_165u64)).bench(|| {
        let r = run(&cfg, &dir, &ExhaustHooks::default()).expect("the run completes");
        divan::black_box(r);
    });
    let _ = std::fs::remove_dir_all(&dir);
}
