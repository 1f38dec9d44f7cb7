//! Uniform random legal play on 19x19 with exact positional superko: [`uniform_playout`] from an
//! empty board to the pause (two consecutive virtual moves), Ji-Ping-Dian rules (no suicide).
//!
//! Run with `cargo bench --bench playout`. Throughput is reported in moves (real and virtual)
//! per second, one core. The move count of the fixed set of games is computed once beforehand;
//! games are deterministic, so it is exact.
//!
//! Measured figure: see the perf branch report (filled in below after measurement).

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
