//! Uniform random legal play on 19x19 with exact positional superko: [`uniform_playout`] from an
//! empty board to the pause (two consecutive virtual moves), Ji-Ping-Dian rules (no suicide).
//!
//! Run with `cargo bench --bench playout`. Throughput is reported in moves (real and virtual)
//! per second, one core. The move count of the fixed set of games is computed once beforehand;
//! games are deterministic, so it is exact.
//!
//! Measured (2-core shared machine, `cargo bench --bench playout`, median of the divan medians of
//! three runs): **4.66 M moves/s** on one core (runs: 4.71, 4.64, 4.66 M items/s; about 3.1 ms
//! for the 32 games, about 450 moves a game). Before the engine changes of the perf branch
//! (fused legality+hash probe, single neighbour scans, merge liberties over the smaller strings
//! only) the same bench gave 3.42, 4.82, 4.04 M/s on a busier machine (median 4.04). Target:
//! at least 3 M moves/s.

use divan::counter::ItemsCount;
use divan::Bencher;
use jipingdian::engine::{Game, PlayRules};
use jipingdian::harness::playout::uniform_playout;
use jipingdian::harness::rng::Rng;

/// Games per benchmark iteration.
const GAMES: u64 = 32;
/// A cap far above the length of any 19x19 uniform playout.
const MAX_MOVES: u32 = 100_000;

fn main() {
    divan::main();
}

fn run_games(game: &mut Game, master: u64) -> u64 {
    let mut moves = 0u64;
    for i in 0..GAMES {
        game.reset();
        let mut rng = Rng::for_game(master, i);
        let stats = uniform_playout(game, &mut rng, MAX_MOVES);
        assert!(stats.paused, "game {i} hit the move cap");
        moves += stats.moves() as u64;
    }
    moves
}

/// 32 uniform playouts on 19x19 with positional superko, moves per second.
#[divan::bench(sample_count = 20, sample_size = 1)]
fn playout_19x19_superko(bencher: Bencher) {
    let mut game = Game::new(19, PlayRules::JPD).unwrap();
    let total = run_games(&mut game, 2008);
    bencher
        .counter(ItemsCount::new(total))
        .bench_local(|| run_games(divan::black_box(&mut game), 2008));
}
