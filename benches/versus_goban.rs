//! Side by side with the `goban` crate (issue 3, section 5): uniform random playouts that never
//! fill the mover's own true eyes, from an empty board to two consecutive passes, on 9x9 and
//! 19x19, one core.
//!
//! Run with `cargo bench --bench versus_goban`. One run prints, per board size, games per second
//! and moves (real and passes) per second for each engine, and the ratio jipingdian / goban.
//!
//! The workload is the same for both engines: game `i` draws from `Rng::for_game(SEED, i)`, each
//! move is sampled exactly as [`uniform_playout`] samples it (up to 16 uniform draws among the
//! empty points with replacement, then draws without replacement until an acceptable point turns
//! up, else a pass), a point is acceptable when it is not the mover's true eye
//! ([`is_true_eye`]; the same rule is reimplemented over goban's board below) and is legal for
//! the engine, and a game stops at two consecutive passes or after `3 * N * N` moves. The empty
//! points come in a different order in the two engines, so the games differ, but they follow the
//! same distribution (the moves-per-game column is a check of that).
//!
//! Ko rules. jipingdian: `PlayRules::JPD`, exact positional superko (every earlier arrangement
//! is refused; hash hits are confirmed against stored snapshots), no suicide. goban 0.20.1:
//! its `CHINESE` rule (`KO | SUPERKO | SUICIDE` illegal), which forbids simple ko and checks
//! positional superko only for capturing moves, against a set of every earlier board (goban
//! clones the whole board into that set on every move, whatever the ko rule). A second pair of
//! rows compares simple ko: jipingdian `KoRule::SimpleKo` against goban's `JAPANESE` rule
//! (`KO | SUICIDE`).
//!
//! Measured (2-core shared machine under load from other builds, `cargo bench --bench
//! versus_goban`, three runs; each figure is the median of its column over the runs, so a
//! ratio is not exactly the quotient of the medians shown). No game hit the move cap.
//!
//! ```text
//! engine      ko rule       size   games  games/s   moves/s  moves/game  runs (games/s)
//! jipingdian  pos. superko  9x9    10000  39128     4.34 M   111.0       39663 39128 36147
//! goban       CHINESE       9x9    10000   5000     0.553 M  110.7        4997  5000  5906
//! jipingdian  pos. superko  19x19   2000   9513     4.33 M   455.7        9513 12890  9343
//! goban       CHINESE       19x19   2000    307     0.140 M  455.0         346   303   307
//! ratio (jipingdian/goban) 9x9: 7.83 (runs 7.94 7.83 6.12)  19x19: 30.4 (27.5 42.6 30.4)
//!
//! simple ko pair (jipingdian KoRule::SimpleKo / goban JAPANESE), games/s:
//! 9x9: 43543 / 5525, ratio 7.94 (7.94 9.63 7.88); 19x19: 11257 / 397, ratio 28.4
//! (31.5 25.7 28.4)
//! ```
//!
//! goban's time goes mostly to cloning its whole board into the history set on every move
//! (memmove, malloc/free and page faults dominate a profile). The issue quotes about 1,040
//! 19x19 games/s for goban (its loop and machine load not stated); with this loop, on the
//! loaded machine, it made about 300.

use std::hint::black_box;
use std::time::{Duration, Instant};

use goban::pieces::goban::Goban;
use goban::pieces::stones::Color as GColor;
use goban::pieces::util::coord::Coord as GCoord;
use goban::rules::game::Game as GGame;
use goban::rules::{GobanSizes, Move as GMove, Rule as GRule, CHINESE, JAPANESE};
use jipingdian::engine::{Color, Game, KoRule, PlayRules};
use jipingdian::harness::playout::{is_true_eye, uniform_playout};
use jipingdian::harness::rng::Rng;

/// Master seed of the timed games (the warm-up uses `SEED + 1`).
const SEED: u64 = 2008;
/// Draws with replacement before the fallback, as in `jipingdian::harness::playout`.
const TRIES: u32 = 16;

/// What a batch of games did and how long it took.
#[derive(Clone, Copy, Debug, Default)]
struct Totals {
    games: u64,
    moves: u64,
    /// Games stopped by the move cap rather than by two consecutive passes.
    capped: u64,
    time: Duration,
}

impl Totals {
    fn games_per_s(&self) -> f64 {
        self.games as f64 / self.time.as_secs_f64()
    }
    fn moves_per_s(&self) -> f64 {
        self.moves as f64 / self.time.as_secs_f64()
    }
}

fn max_moves(size: u32) -> u32 {
    3 * size * size
}

/// `games` jipingdian playouts with `rules`, game `i` seeded by `Rng::for_game(seed, i)`.
fn run_jipingdian(size: u32, rules: PlayRules, games: u64, seed: u64) -> Totals {
    let mut game = Game::new(size, rules).unwrap();
    let cap = max_moves(size);
    let mut t = Totals::default();
    let start = Instant::now();
    for i in 0..games {
        game.reset();
        let mut rng = Rng::for_game(seed, i);
        let stats = uniform_playout(black_box(&mut game), &mut rng, cap);
        t.moves += stats.moves() as u64;
        t.capped += (!stats.paused) as u64;
    }
    t.time = start.elapsed();
    t.games = games;
    t
}

/// [`is_true_eye`] over goban's board: every neighbour is a stone of `c` or off the board, and
/// at most one diagonal holds an opponent stone in the middle, none when a diagonal is off the
/// board.
fn goban_true_eye(board: &Goban, (x, y): GCoord, c: GColor) -> bool {
    let (h, w) = board.size();
    let (x, y) = (x as i32, y as i32);
    let on = |a: i32, b: i32| a >= 0 && b >= 0 && a < h as i32 && b < w as i32;
    for (dx, dy) in [(-1, 0), (0, -1), (0, 1), (1, 0)] {
        let (a, b) = (x + dx, y + dy);
        if on(a, b) && board.get_color((a as u8, b as u8)) != Some(c) {
            return false;
        }
    }
    let mut bad = 0u32;
    let mut edge = false;
    for (dx, dy) in [(-1, -1), (-1, 1), (1, -1), (1, 1)] {
        let (a, b) = (x + dx, y + dy);
        if on(a, b) {
            bad += (board.get_color((a as u8, b as u8)) == Some(!c)) as u32;
        } else {
            edge = true;
        }
    }
    bad < 1 + (!edge) as u32
}

/// Checks that [`goban_true_eye`] and jipingdian's [`is_true_eye`] agree, for both colours, on
/// every empty point of positions taken from partial jipingdian playouts; returns how many
/// (point, colour) pairs were compared and how many were eyes.
fn cross_check_eyes(size: u32) -> (u64, u64) {
    let gc = |c: Color| match c {
        Color::Black => GColor::Black,
        Color::White => GColor::White,
    };
    let (mut compared, mut eyes) = (0u64, 0u64);
    let mut game = Game::new(size, PlayRules::JPD).unwrap();
    for i in 0..200u64 {
        game.reset();
        let mut rng = Rng::for_game(SEED + 2, i);
        let moves = rng.below(max_moves(size) / 2) + 1;
        uniform_playout(&mut game, &mut rng, moves);
        let board = game.board();
        let mut g = Goban::new((size as u8, size as u8));
        for p in board.points() {
            if let Some(c) = board.stone(p) {
                let xy = board.coord(p);
                g.push((xy.y, xy.x), gc(c));
            }
        }
        for p in board.points() {
            if board.stone(p).is_some() {
                continue;
            }
            let xy = board.coord(p);
            for c in [Color::Black, Color::White] {
                let ours = is_true_eye(board, p, c);
                assert_eq!(
                    ours,
                    goban_true_eye(&g, (xy.y, xy.x), gc(c)),
                    "eye rules disagree at {xy:?} for {c:?}, {size}x{size} game {i}"
                );
                compared += 1;
                eyes += ours as u64;
            }
        }
    }
    (compared, eyes)
}

#[inline]
fn goban_acceptable(game: &GGame, p: GCoord, c: GColor) -> bool {
    !goban_true_eye(game.goban(), p, c) && game.check_point(p).is_none()
}

/// The sampling of `jipingdian::harness::playout::pick`, over goban's API: the empty points are
/// goban's pseudo-legal moves, legality is `check_point` under the game's rule.
fn goban_pick(game: &GGame, rng: &mut Rng, empties: &mut Vec<GCoord>) -> Option<GCoord> {
    empties.clear();
    empties.extend(game.pseudo_legals());
    let n = empties.len() as u32;
    if n == 0 {
        return None;
    }
    let c = game.turn();
    for _ in 0..TRIES {
        let p = empties[rng.below(n) as usize];
        if goban_acceptable(game, p, c) {
            return Some(p);
        }
    }
    let mut m = n;
    while m > 0 {
        let i = rng.below(m) as usize;
        let p = empties[i];
        if goban_acceptable(game, p, c) {
            return Some(p);
        }
        m -= 1;
        empties.swap_remove(i);
    }
    None
}

/// `games` goban playouts with `rule`, game `i` seeded by `Rng::for_game(seed, i)`.
fn run_goban(size: u32, rule: GRule, games: u64, seed: u64) -> Totals {
    let gsize = GobanSizes::from(size as usize);
    let cap = max_moves(size);
    let mut empties: Vec<GCoord> = Vec::with_capacity((size * size) as usize);
    let mut t = Totals::default();
    let start = Instant::now();
    for i in 0..games {
        let mut game = GGame::new(gsize, rule);
        let mut rng = Rng::for_game(seed, i);
        let mut moves = 0u32;
        while !game.is_over() {
            if moves >= cap {
                t.capped += 1;
                break;
            }
            match goban_pick(&game, &mut rng, &mut empties) {
                Some((x, y)) => game.play(GMove::Play(x, y)),
                None => game.play(GMove::Pass),
            };
            moves += 1;
        }
        black_box(&game);
        t.moves += moves as u64;
    }
    t.time = start.elapsed();
    t.games = games;
    t
}

fn row(engine: &str, ko: &str, size: u32, t: &Totals) {
    println!(
        "{engine:<11} {ko:<14} {:<6} {:>6} {:>10.1} {:>11.0} {:>10.1} {:>6}",
        format!("{size}x{size}"),
        t.games,
        t.games_per_s(),
        t.moves_per_s(),
        t.moves as f64 / t.games as f64,
        t.capped,
    );
}

fn main() {
    let simple = PlayRules {
        ko: KoRule::SimpleKo,
        ..PlayRules::JPD
    };
    println!("uniform playouts, true eyes never filled, to two consecutive passes or 3*N*N moves;");
    println!("one core, fixed seed {SEED}, jipingdian's Rng for both engines, warm-up first.");
    println!("ko rules: jipingdian `PlayRules::JPD` = exact positional superko (no suicide);");
    println!("          goban 0.20.1 `CHINESE` = simple ko + positional superko on capturing");
    println!("          moves only (no suicide); second pair: jipingdian `KoRule::SimpleKo`");
    println!("          against goban `JAPANESE` = simple ko only (no suicide).");
    for size in [9, 19] {
        let (compared, eyes) = cross_check_eyes(size);
        println!(
            "eye rule cross-check {size}x{size}: both engines agree on {compared} (point, colour) \
             pairs ({eyes} eyes)"
        );
    }
    println!();
    println!(
        "{:<11} {:<14} {:<6} {:>6} {:>10} {:>11} {:>10} {:>6}",
        "engine", "ko rule", "size", "games", "games/s", "moves/s", "moves/game", "capped"
    );
    let mut ratios = Vec::new();
    for (size, games) in [(9u32, 10_000u64), (19, 2_000)] {
        let warm = games / 10;
        run_jipingdian(size, PlayRules::JPD, warm, SEED + 1);
        let jpd = run_jipingdian(size, PlayRules::JPD, games, SEED);
        run_goban(size, CHINESE, warm, SEED + 1);
        let gob = run_goban(size, CHINESE, games, SEED);
        run_jipingdian(size, simple, warm, SEED + 1);
        let jpd_simple = run_jipingdian(size, simple, games, SEED);
        run_goban(size, JAPANESE, warm, SEED + 1);
        let gob_simple = run_goban(size, JAPANESE, games, SEED);
        row("jipingdian", "pos. superko", size, &jpd);
        row("goban", "CHINESE", size, &gob);
        row("jipingdian", "simple ko", size, &jpd_simple);
        row("goban", "JAPANESE", size, &gob_simple);
        ratios.push((size, jpd, gob, jpd_simple, gob_simple));
    }
    println!();
    for (size, jpd, gob, jpd_simple, gob_simple) in ratios {
        println!(
            "ratio (jipingdian/goban) {size}x{size}: {:.2} (games/s), {:.2} (moves/s); \
             simple ko pair: {:.2}, {:.2}",
            jpd.games_per_s() / gob.games_per_s(),
            jpd.moves_per_s() / gob.moves_per_s(),
            jpd_simple.games_per_s() / gob_simple.games_per_s(),
            jpd_simple.moves_per_s() / gob_simple.moves_per_s(),
        );
    }
}
