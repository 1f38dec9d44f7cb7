//! Uniform random playouts: the random-game generator's inner loop.
//!
//! [`uniform_playout`] plays, for the side to move, a move drawn exactly uniformly from the
//! *acceptable* points: empty points that are legal for [`Game::legality_at`] (board legality
//! and the game's ko rule, exact positional superko under Ji-Ping-Dian) and are not the mover's
//! own [true eye](is_true_eye). When there is none it makes a virtual move. It stops when the
//! game pauses (two consecutive virtual moves) or after `max_moves` moves.
//!
//! The draws it takes from the [`Rng`] are part of the output contract (see
//! [`crate::harness::rng`]): changing the sampling procedure below changes every random game.

use crate::engine::board::MAX_ARR;
use crate::engine::{Board, Cell, Color, Game, Phase, Point};

use super::rng::Rng;

/// How many candidates are drawn with replacement before the fallback scan.
const TRIES: u32 = 16;

/// What a playout did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayoutStats {
    /// Real moves made.
    pub real_moves: u32,
    /// Virtual moves made.
    pub virtual_moves: u32,
    /// Candidates refused because they recreate an earlier position (or retake a ko under
    /// the simple ko rule). A point refused twice in one turn counts twice.
    pub superko_refusals: u32,
    /// True when the playout stopped because the game paused (or ended), false when it
    /// reached `max_moves` or was not in the playing phase to begin with.
    pub paused: bool,
}

impl PlayoutStats {
    /// All moves made, real and virtual.
    #[inline]
    pub fn moves(&self) -> u32 {
        self.real_moves + self.virtual_moves
    }
}

/// Whether the empty point `p` is a true eye of `c`, in the usual playout sense: each of the
/// four neighbours is a stone of `c` or off the board, and among the diagonal points at most one
/// holds an opponent stone when `p` is in the middle of the board, none when it is on the edge
/// or in a corner (any diagonal off the board). Empty diagonals do not count against the eye.
///
/// This is a heuristic, not life and death: such a point may be a false eye in a larger sense,
/// and filling it may even be legal and good. `p` must be a point of `board`.
#[inline]
pub fn is_true_eye(board: &Board, p: Point, c: Color) -> bool {
    let own = Cell::of(c);
    let opp = Cell::of(c.opp());
    let [up, left, right, down] = board.adj(p);
    for q in [up, left, right, down] {
        let x = board.cell(q);
        if x != own && x != Cell::Wall {
            return false;
        }
    }
    // up = p - stride, down = p + stride: the diagonals are one column either side of them.
    // The padded layout keeps all four indices inside the array, walls included.
    let mut bad = 0u32;
    let mut edge = false;
    for d in [up.0 - 1, up.0 + 1, down.0 - 1, down.0 + 1] {
        let x = board.cell(Point(d));
        bad += (x == opp) as u32;
        edge |= x == Cell::Wall;
    }
    bad < 1 + (!edge) as u32
}

/// Whether the side to move accepts `p` in a playout: not its own true eye, accepted by the
/// policy's `filter`, and legal now.
#[inline(always)]
fn acceptable<F: Fn(&Game, Point, Color) -> bool>(
    game: &Game,
    p: Point,
    c: Color,
    stats: &mut PlayoutStats,
    filter: &F,
) -> bool {
    if is_true_eye(game.board(), p, c) || !filter(game, p, c) {
        return false;
    }
    match game.legality_at(p, c) {
        Ok(()) => true,
        Err(crate::engine::Illegal::Superko | crate::engine::Illegal::Ko) => {
            stats.superko_refusals += 1;
            false
        }
        Err(_) => false,
    }
}

/// Draws an acceptable point for the side to move, exactly uniformly, or `None` when there is
/// none.
///
/// First up to [`TRIES`] candidates are drawn uniformly from the empty points with replacement
/// (one [`Rng::below`] each) and the first acceptable one is taken; conditioned on success this
/// is uniform over the acceptable points. Otherwise the empty points are copied to a stack
/// buffer and drawn without replacement (one `below(remaining)` each, swap-remove) until an
/// acceptable one turns up or none remain: the first acceptable point of a uniformly random
/// order is again uniform over the acceptable points. So the result is exactly uniform, and
/// `None` is returned only after every empty point has been examined.
#[inline]
fn pick<F: Fn(&Game, Point, Color) -> bool>(
    game: &Game,
    rng: &mut Rng,
    stats: &mut PlayoutStats,
    filter: &F,
) -> Option<Point> {
    pick_with(game, rng, stats, TRIES, filter)
}

/// [`pick`] with a given number of draws before the fallback (tests check both paths).
#[inline(always)]
fn pick_with<F: Fn(&Game, Point, Color) -> bool>(
    game: &Game,
    rng: &mut Rng,
    stats: &mut PlayoutStats,
    tries: u32,
    filter: &F,
) -> Option<Point> {
    let c = game.to_move();
    let empties = game.board().empty_points();
    let n = empties.len() as u32;
    if n == 0 {
        return None;
    }
    for _ in 0..tries {
        let p = Point(empties[rng.below(n) as usize]);
        if acceptable(game, p, c, stats, filter) {
            return Some(p);
        }
    }
    let mut buf = [0u16; MAX_ARR];
    buf[..n as usize].copy_from_slice(empties);
    let mut m = n;
    while m > 0 {
        let i = rng.below(m) as usize;
        let p = Point(buf[i]);
        if acceptable(game, p, c, stats, filter) {
            return Some(p);
        }
        m -= 1;
        buf[i] = buf[m as usize];
    }
    None
}

/// Plays uniformly random acceptable moves (see the module documentation) for the side to move
/// until the game pauses or ends, or `max_moves` moves (real and virtual) have been made.
/// Does nothing unless the game is in [`Phase::Playing`].
///
/// Uses [`Game::legality_at`], [`Game::play_point_unchecked`] and [`Game::play_virtual`] only,
/// and allocates nothing per move (the game's own records may grow amortised).
///
/// ```
/// use jipingdian::engine::{Game, Phase, PlayRules};
/// use jipingdian::harness::{playout::uniform_playout, rng::Rng};
///
/// let mut game = Game::new(9, PlayRules::JPD).unwrap();
/// let stats = uniform_playout(&mut game, &mut Rng::for_game(1, 0), 10_000);
/// assert!(stats.paused);
/// assert_eq!(game.phase(), Phase::Paused);
/// ```
pub fn uniform_playout(game: &mut Game, rng: &mut Rng, max_moves: u32) -> PlayoutStats {
    filtered_playout(game, rng, max_moves, &|_: &Game, _: Point, _: Color| true)
}

/// [`uniform_playout`] with an extra acceptability test: a point is acceptable only if
/// `filter(game, point, mover)` is true as well. The draw is uniform over the points that pass.
pub fn filtered_playout<F: Fn(&Game, Point, Color) -> bool>(
    game: &mut Game,
    rng: &mut Rng,
    max_moves: u32,
    filter: &F,
) -> PlayoutStats {
    let mut stats = PlayoutStats::default();
    while game.phase() == Phase::Playing {
        if stats.moves() >= max_moves {
            return stats;
        }
        match pick(game, rng, &mut stats, filter) {
            Some(p) => {
                game.play_point_unchecked(p);
                stats.real_moves += 1;
            }
            None => {
                game.play_virtual();
                stats.virtual_moves += 1;
            }
        }
    }
    stats.paused = stats.moves() > 0;
    stats
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Coord, KoRule, PlayRules, SuicideRule};

    fn board(s: &str) -> Board {
        Board::from_ascii(s).unwrap()
    }

    #[test]
    fn true_eyes() {
        let b = board(
            "
            . X . X .
            X X X X X
            . X . X .
            X X X O .
            . . . . .",
        );
        let at = |x, y| b.point(Coord::new(x, y));
        // Corner and edge eyes with no opponent diagonal.
        assert!(is_true_eye(&b, at(0, 0), Color::Black));
        assert!(is_true_eye(&b, at(4, 0), Color::Black));
        assert!(is_true_eye(&b, at(2, 0), Color::Black));
        assert!(is_true_eye(&b, at(0, 2), Color::Black));
        // A middle eye with one opponent diagonal (3,3).
        assert!(is_true_eye(&b, at(2, 2), Color::Black));
        // An empty neighbour: not an eye.
        assert!(!is_true_eye(&b, at(4, 2), Color::Black));
        // Never White's eye.
        assert!(!is_true_eye(&b, at(0, 0), Color::White));

        let b1 = board(
            "
            . X . .
            X O . .
            . . . .
            . . . .",
        );
        // A corner with an opponent diagonal: not an eye.
        assert!(!is_true_eye(&b1, b1.point(Coord::new(0, 0)), Color::Black));

        let b2 = board(
            "
            . . . . .
            . O X O .
            . X . X .
            . O X . .
            . . . . .",
        );
        // Three opponent diagonals in the middle: not an eye.
        assert!(!is_true_eye(&b2, b2.point(Coord::new(2, 2)), Color::Black));
        let b3 = board(
            "
            . . . . .
            . O X O .
            . X . X .
            . . X . .
            . . . . .",
        );
        // Two opponent diagonals in the middle: not an eye.
        assert!(!is_true_eye(&b3, b3.point(Coord::new(2, 2)), Color::Black));
    }

    #[test]
    fn playouts_pause_and_stay_consistent() {
        for size in [2u32, 3, 5, 9, 13, 19] {
            for ko in [
                KoRule::PositionalSuperko,
                KoRule::SimpleKo,
                KoRule::CycleNoResult,
                KoRule::SimpleKoCycleNoResult,
                KoRule::SimpleKoUnyieldingCycle,
            ] {
                for suicide in [
                    SuicideRule::Forbidden,
                    SuicideRule::MultiStone,
                    SuicideRule::Allowed,
                ] {
                    let rules = PlayRules { suicide, ko };
                    let mut g = Game::new(size, rules).unwrap();
                    for i in 0..3 {
                        g.reset();
                        let mut rng = Rng::for_game(5, i);
                        let max = if ko == KoRule::PositionalSuperko {
                            20_000
                        } else {
                            3_000
                        };
                        let s = uniform_playout(&mut g, &mut rng, max);
                        g.board().check_consistency().unwrap();
                        assert_eq!(s.moves() as usize, g.records().len());
                        if ko == KoRule::PositionalSuperko {
                            assert!(s.paused, "size {size} {rules:?}");
                            assert!(!g.any_repetition());
                            assert_eq!(g.phase(), Phase::Paused);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn playouts_are_reproducible_and_respect_max_moves() {
        let mut a = Game::new(9, PlayRules::JPD).unwrap();
        let mut b = Game::new(9, PlayRules::JPD).unwrap();
        let sa = uniform_playout(&mut a, &mut Rng::for_game(3, 7), 10_000);
        let sb = uniform_playout(&mut b, &mut Rng::for_game(3, 7), 10_000);
        assert_eq!(sa, sb);
        assert_eq!(a.records(), b.records());
        let mut c = Game::new(9, PlayRules::JPD).unwrap();
        let sc = uniform_playout(&mut c, &mut Rng::for_game(3, 7), 10);
        assert_eq!(sc.moves(), 10);
        assert!(!sc.paused);
        assert_eq!(c.records(), &a.records()[..10]);
    }

    /// Every acceptable move is chosen, with frequencies close to uniform, in a position where
    /// most empty points are Black's eyes; both the sampling with replacement and the fallback
    /// scan (no tries) are checked.
    #[test]
    fn picks_are_uniform_over_acceptable_points() {
        let b = board(
            "
            . X . X . X .
            X X X X X X X
            . X . X . X .
            X X X X X X X
            . X . X . X .
            X X X X X X X
            . . O O O . .",
        );
        let stones: Vec<(Coord, Color)> = b
            .points()
            .filter_map(|p| b.stone(p).map(|c| (b.coord(p), c)))
            .collect();
        let g = Game::with_setup(7, PlayRules::JPD, &stones).unwrap();
        let bd = g.board();
        let acceptable_pts: Vec<Point> = bd
            .points()
            .filter(|&p| {
                bd.stone(p).is_none()
                    && !is_true_eye(bd, p, Color::Black)
                    && g.legality_at(p, Color::Black).is_ok()
            })
            .collect();
        assert_eq!(acceptable_pts.len(), 4);
        assert_eq!(bd.empty_points().len(), 16);
        for tries in [TRIES, 0] {
            let mut counts = std::collections::HashMap::new();
            let mut rng = Rng::for_game(11, tries as u64);
            for _ in 0..4000 {
                let mut st = PlayoutStats::default();
                let p = pick_with(
                    &g,
                    &mut rng,
                    &mut st,
                    tries,
                    &|_: &Game, _: Point, _: Color| true,
                )
                .unwrap();
                *counts.entry(p).or_insert(0usize) += 1;
            }
            assert_eq!(counts.len(), 4);
            for p in &acceptable_pts {
                // Binomial(4000, 1/4): sd about 27; allow six.
                let k = counts[p] as f64;
                assert!((k - 1000.0).abs() < 165.0, "{:?}: {k}", bd.coord(*p));
            }
        }
        // White to move on a board that is all Black eyes and White's last liberties: none.
        let full = board(
            "
            . X . X
            X X X X
            . X . X
            X X X X",
        );
        let stones: Vec<(Coord, Color)> = full
            .points()
            .filter_map(|p| full.stone(p).map(|c| (full.coord(p), c)))
            .collect();
        let mut g = Game::with_setup(4, PlayRules::JPD, &stones).unwrap();
        g.set_to_move(Color::White);
        let mut st = PlayoutStats::default();
        assert_eq!(
            pick(
                &g,
                &mut Rng::for_game(1, 1),
                &mut st,
                &|_: &Game, _: Point, _: Color| true
            ),
            None
        );
        g.set_to_move(Color::Black);
        assert_eq!(
            pick(
                &g,
                &mut Rng::for_game(1, 1),
                &mut st,
                &|_: &Game, _: Point, _: Color| true
            ),
            None
        );
    }
}
