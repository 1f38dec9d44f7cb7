//! Development probe: runs N games and prints violation counts per theorem and edge-case rates.
use jipingdian::harness::generate::{EdgeCases, GameSpec, Policy};
use jipingdian::harness::outcome::{run_game, RunOptions};
use std::collections::BTreeMap;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(500);
    let size: u8 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(9);
    let policy: Policy = args
        .get(3)
        .and_then(|s| s.parse().ok())
        .unwrap_or(Policy::Mixed);
    let mut viol: BTreeMap<String, (u64, String, u64)> = BTreeMap::new();
    let mut edges = [0u64; 9];
    let t = std::time::Instant::now();
    for i in 0..n {
        let o = run_game(
            &GameSpec {
                master_seed: 1,
                index: i,
                size,
                policy,
            },
            &RunOptions::default(),
        );
        for v in &o.violations {
            let e = viol
                .entry(format!("{} {}", v.theorem, v.key.policy))
                .or_insert((0, v.detail.clone(), i));
            e.0 += 1;
        }
        for (k, f) in o.edges.flags().iter().enumerate() {
            edges[k] += *f as u64;
        }
    }
    println!("{} games in {:.2}s", n, t.elapsed().as_secs_f64());
    for (k, (c, d, i)) in viol {
        println!("{k}: {c} (first game {i}: {d})");
    }
    for (k, name) in EdgeCases::NAMES.iter().enumerate() {
        println!("{name}: {}", edges[k]);
    }
}
