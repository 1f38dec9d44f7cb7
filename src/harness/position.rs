//! Legal positions and the simplest games that reach them.
//!
//! A position is legal when every string has a liberty. On boards up to 4x4 a position is a
//! pair of bit masks ([`Small`]: bit `y * n + x` for the point at column `x`, row `y`), checked
//! with bit operations, enumerated in base 3 ([`small_legal`], [`chunk_positions`]) and reduced
//! by the 8 symmetries of the square ([`Symmetries`]; colours are never swapped, since komi and
//! the move order are not symmetric). On any board, [`random_legal`] draws a legal position
//! uniformly by rejection from uniform colourings.
//!
//! [`simplest_game`] builds the game that stands behind a position: its stones placed in point
//! order, Black first, colours alternating, a virtual move for a side with no stone left to
//! place, and the fewest virtual moves that give the requested first passer (the player of the
//! first virtual move of the game, Art. 12) and last mover (the player of the last real move,
//! Art. 11); then the pause (two virtual moves). Every subset of a legal position is legal, so
//! no move of such a game captures and no position repeats.

use super::rng::Rng;
use crate::engine::{Color, Coord, Game, Move, PlayRules};

/// The largest board [`Small`] holds.
pub const SMALL_MAX: u8 = 4;

/// A position of a board up to 4x4, as bit masks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Small {
    /// Black's stones.
    pub black: u32,
    /// White's stones.
    pub white: u32,
}

impl Small {
    /// The key that orders positions and names them in a game index: `black | white << n²`.
    pub fn key(self, size: u8) -> u64 {
        self.black as u64 | (self.white as u64) << (size as u32 * size as u32)
    }

    /// The position of a key (the inverse of [`Small::key`]).
    pub fn from_key(size: u8, key: u64) -> Small {
        let n2 = size as u32 * size as u32;
        let mask = (1u64 << n2) - 1;
        Small {
            black: (key & mask) as u32,
            white: ((key >> n2) & mask) as u32,
        }
    }

    /// The stones of each colour, in point order (row by row).
    pub fn stones(self, size: u8) -> (Vec<Coord>, Vec<Coord>) {
        let at = |m: u32| -> Vec<Coord> {
            (0..size as u32 * size as u32)
                .filter(|i| m >> i & 1 == 1)
                .map(|i| Coord::new((i % size as u32) as u8, (i / size as u32) as u8))
                .collect()
        };
        (at(self.black), at(self.white))
    }

    /// Number of stones on the board.
    pub fn stone_count(self) -> u32 {
        (self.black | self.white).count_ones()
    }
}

/// The bit masks of one board size.
#[derive(Clone, Copy, Debug)]
struct Masks {
    n: u32,
    full: u32,
    not_first_col: u32,
    not_last_col: u32,
}

impl Masks {
    fn new(size: u8) -> Masks {
        let n = size as u32;
        let full = if n == 0 { 0 } else { (1u32 << (n * n)) - 1 };
        let mut first = 0;
        for y in 0..n {
            first |= 1 << (y * n);
        }
        Masks {
            n,
            full,
            not_first_col: full & !first,
            not_last_col: full & !(first << (n - 1)),
        }
    }

    /// The points next to any point of `m`.
    #[inline]
    fn around(&self, m: u32) -> u32 {
        (((m << 1) & self.not_first_col)
            | ((m >> 1) & self.not_last_col)
            | (m << self.n)
            | (m >> self.n))
            & self.full
    }

    /// Whether every string of `stones` reaches a point of `empty`.
    #[inline]
    fn breathes(&self, stones: u32, empty: u32) -> bool {
        let mut reach = stones & self.around(empty);
        loop {
            let next = reach | (self.around(reach) & stones);
            if next == reach {
                return reach == stones;
            }
            reach = next;
        }
    }
}

/// Whether a position of a board up to 4x4 is legal: every string has a liberty.
pub fn small_legal(size: u8, p: Small) -> bool {
    let m = Masks::new(size);
    let empty = m.full & !(p.black | p.white);
    m.breathes(p.black, empty) && m.breathes(p.white, empty)
}

/// The 8 symmetries of the square, as lookup tables over mask bytes.
#[derive(Clone, Debug)]
pub struct Symmetries {
    size: u8,
    /// Per symmetry, per byte of the mask (low, high), the image of that byte's bits.
    tables: Vec<[[u32; 256]; 2]>,
}

impl Symmetries {
    /// The tables of an `size` x `size` board (`size` <= 4).
    pub fn new(size: u8) -> Symmetries {
        assert!(size <= SMALL_MAX, "symmetry tables hold boards up to 4x4");
        let n = size as u32;
        let tables = (0..8)
            .map(|s| {
                let mut t = [[0u32; 256]; 2];
                for (half, table) in t.iter_mut().enumerate() {
                    for (byte, image) in table.iter_mut().enumerate() {
                        for bit in 0..8 {
                            let i = half as u32 * 8 + bit;
                            if byte >> bit & 1 == 0 || i >= n * n {
                                continue;
                            }
                            let (x, y) = transform(s, i % n, i / n, n);
                            *image |= 1 << (y * n + x);
                        }
                    }
                }
                t
            })
            .collect();
        Symmetries { size, tables }
    }

    /// The image of a mask under symmetry `s` (0 is the identity).
    #[inline]
    pub fn map(&self, s: usize, m: u32) -> u32 {
        let t = &self.tables[s];
        t[0][(m & 0xff) as usize] | t[1][(m >> 8 & 0xff) as usize]
    }

    /// The position's image under symmetry `s`.
    #[inline]
    pub fn image(&self, s: usize, p: Small) -> Small {
        Small {
            black: self.map(s, p.black),
            white: self.map(s, p.white),
        }
    }

    /// When `p` is the representative of its class (the image with the smallest key), the
    /// number of distinct positions in the class (1, 2, 4 or 8); `None` otherwise.
    #[inline]
    pub fn class_size(&self, p: Small) -> Option<u32> {
        let k = p.key(self.size);
        let mut images = [0u64; 8];
        images[0] = k;
        for (s, slot) in images.iter_mut().enumerate().skip(1) {
            let q = self.image(s, p).key(self.size);
            if q < k {
                return None;
            }
            *slot = q;
        }
        images.sort_unstable();
        let mut distinct = 1;
        for w in images.windows(2) {
            distinct += (w[0] != w[1]) as u32;
        }
        Some(distinct)
    }
}

/// The point `(x, y)` of an `n` x `n` board under symmetry `s`: bit 0 transposes, bit 1 mirrors
/// x, bit 2 mirrors y (applied in that order), so that the 8 values are the dihedral group.
pub fn transform(s: usize, x: u32, y: u32, n: u32) -> (u32, u32) {
    let (mut x, mut y) = if s & 1 == 1 { (y, x) } else { (x, y) };
    if s & 2 == 2 {
        x = n - 1 - x;
    }
    if s & 4 == 4 {
        y = n - 1 - y;
    }
    (x, y)
}

/// How many base-3 digits (points, row by row) name a chunk of the enumeration of an
/// `size` x `size` board: the first two rows (6,561 chunks of 6,561 colourings on 4x4).
pub fn chunk_digits(size: u8) -> u32 {
    (2 * size as u32).min(size as u32 * size as u32)
}

/// Number of chunks of the enumeration of an `size` x `size` board.
pub fn chunk_count(size: u8) -> u64 {
    3u64.pow(chunk_digits(size))
}

/// The legal positions of chunk `c` (its first points coloured by the base-3 digits of `c`,
/// the first point the most significant), in enumeration order: colourings in base-3 order,
/// the first point the most significant digit, 0 empty, 1 black, 2 white.
pub fn chunk_positions(size: u8, c: u64, mut visit: impl FnMut(Small)) {
    let m = Masks::new(size);
    let n2 = size as u32 * size as u32;
    let k = chunk_digits(size);
    let rest = n2 - k;
    let digits_of = |mut v: u64, from: u32, count: u32, b: &mut u32, w: &mut u32| {
        // The last of `count` digits is point `from + count - 1`.
        for j in (0..count).rev() {
            match v % 3 {
                1 => *b |= 1 << (from + j),
                2 => *w |= 1 << (from + j),
                _ => {}
            }
            v /= 3;
        }
    };
    let (mut b0, mut w0) = (0, 0);
    digits_of(c, 0, k, &mut b0, &mut w0);
    for r in 0..3u64.pow(rest) {
        let (mut b, mut w) = (b0, w0);
        digits_of(r, k, rest, &mut b, &mut w);
        let empty = m.full & !(b | w);
        if m.breathes(b, empty) && m.breathes(w, empty) {
            visit(Small { black: b, white: w });
        }
    }
}

/// The chunk a position of an `size` x `size` board is enumerated in (the inverse of
/// [`chunk_positions`] on its first [`chunk_digits`] points): what `jpd merge` reads from each
/// row's game index to put the rows of a sharded exhaustive run back in chunk order.
pub fn chunk_of(size: u8, p: Small) -> u64 {
    (0..chunk_digits(size)).fold(0, |c, j| {
        let digit = if p.black >> j & 1 == 1 {
            1
        } else if p.white >> j & 1 == 1 {
            2
        } else {
            0
        };
        c * 3 + digit
    })
}

/// Whether a position given point by point (row by row; `None` empty) is legal.
pub fn grid_legal(size: u8, grid: &[Option<Color>]) -> bool {
    let n = size as usize;
    let mut reaches = vec![false; n * n];
    let mut stack = Vec::new();
    for i in 0..n * n {
        if grid[i].is_none() {
            continue;
        }
        let (x, y) = (i % n, i / n);
        let touches_empty = neighbours(x, y, n).any(|j| grid[j].is_none());
        if touches_empty && !reaches[i] {
            reaches[i] = true;
            stack.push(i);
        }
    }
    while let Some(i) = stack.pop() {
        for j in neighbours(i % n, i / n, n) {
            if !reaches[j] && grid[j] == grid[i] {
                reaches[j] = true;
                stack.push(j);
            }
        }
    }
    (0..n * n).all(|i| grid[i].is_none() || reaches[i])
}

fn neighbours(x: usize, y: usize, n: usize) -> impl Iterator<Item = usize> {
    let mut v = [usize::MAX; 4];
    if x > 0 {
        v[0] = y * n + x - 1;
    }
    if x + 1 < n {
        v[1] = y * n + x + 1;
    }
    if y > 0 {
        v[2] = (y - 1) * n + x;
    }
    if y + 1 < n {
        v[3] = (y + 1) * n + x;
    }
    v.into_iter().filter(|&j| j != usize::MAX)
}

/// A legal position of an `size` x `size` board drawn uniformly: uniform colourings (each
/// point empty, black or white with probability 1/3) until one is legal. Returns the stones of
/// each colour in point order.
pub fn random_legal(rng: &mut Rng, size: u8) -> (Vec<Coord>, Vec<Coord>) {
    let n = size as usize;
    let mut grid = vec![None; n * n];
    loop {
        for g in grid.iter_mut() {
            *g = match rng.below(3) {
                0 => None,
                1 => Some(Color::Black),
                _ => Some(Color::White),
            };
        }
        if grid_legal(size, &grid) {
            break;
        }
    }
    let at = |c: Color| -> Vec<Coord> {
        (0..n * n)
            .filter(|&i| grid[i] == Some(c))
            .map(|i| Coord::new((i % n) as u8, (i / n) as u8))
            .collect()
    };
    (at(Color::Black), at(Color::White))
}

/// The four (first passer, last mover) variants of a game, in index order: variant
/// `2 * first + last` with Black 0 and White 1.
pub fn variant(v: u8) -> (Color, Color) {
    let c = |b: u8| if b == 0 { Color::Black } else { Color::White };
    (c(v >> 1 & 1), c(v & 1))
}

/// The move plan of the simplest game with `nb` Black and `nw` White stones to place, whose
/// first virtual move is `first`'s and whose last real move is `last`'s (`None`: no stone):
/// one entry per move before the pause, Black moving first and colours alternating, `true` a
/// real move, `false` a virtual one. The fewest virtual moves win; among plans with as many,
/// real moves come as early as possible. `None` when no game does it (an empty board has only
/// Black as first passer and no last mover; White cannot pass first when Black's only
/// placements must come first, and so on).
pub fn plan(nb: u32, nw: u32, first: Color, last: Option<Color>) -> Option<Vec<bool>> {
    if nb + nw == 0 {
        return (last.is_none() && first == Color::Black).then(Vec::new);
    }
    let last = last?;
    if (last == Color::Black && nb == 0) || (last == Color::White && nw == 0) {
        return None;
    }
    for v in 0..=nb.abs_diff(nw) + 4 {
        let m = nb + nw + v;
        if slot_colour(m - 1) != last {
            continue;
        }
        let mut seq = Vec::with_capacity(m as usize);
        if fill(&mut seq, m, [nb, nw], first, None) {
            return Some(seq);
        }
    }
    None
}

fn slot_colour(i: u32) -> Color {
    if i.is_multiple_of(2) {
        Color::Black
    } else {
        Color::White
    }
}

/// Extends `seq` to `m` moves placing `left` stones (Black, White), depth first.
fn fill(seq: &mut Vec<bool>, m: u32, left: [u32; 2], first: Color, fv: Option<Color>) -> bool {
    let i = seq.len() as u32;
    if i == m {
        // The pause's first virtual move is the player after the last real move.
        let fv = fv.unwrap_or(slot_colour(m));
        return left == [0, 0] && fv == first;
    }
    // Slots left for each colour from i on.
    let slots = |c: Color| -> u32 {
        let total = m - i;
        let own_first = slot_colour(i) == c;
        if own_first {
            total.div_ceil(2)
        } else {
            total / 2
        }
    };
    let c = slot_colour(i);
    if left[c.idx()] > 0 {
        let mut l = left;
        l[c.idx()] -= 1;
        seq.push(true);
        let ok = l[c.opp().idx()] <= slots(c.opp()) && fill(seq, m, l, first, fv);
        if ok {
            return true;
        }
        seq.pop();
    }
    let prev_virtual = seq.last() == Some(&false);
    let first_ok = fv.is_some() || c == first;
    if !prev_virtual && i + 1 < m && first_ok && left[c.idx()] < slots(c) {
        seq.push(false);
        if fill(seq, m, left, first, fv.or(Some(c))) {
            return true;
        }
        seq.pop();
    }
    false
}

/// The simplest game reaching a legal position (see [`plan`]), paused; `None` when the plan
/// does not exist. Stones are placed in the order given (point order).
///
/// # Panics
///
/// When the position is not legal (a placement would capture).
pub fn simplest_game(
    size: u8,
    black: &[Coord],
    white: &[Coord],
    first: Color,
    last: Option<Color>,
) -> Option<Game> {
    let seq = plan(black.len() as u32, white.len() as u32, first, last)?;
    let mut game = Game::new(size as u32, PlayRules::JPD).expect("a board size from 1 to 25");
    let (mut bi, mut wi) = (black.iter(), white.iter());
    for real in seq {
        if real {
            let c = if game.to_move() == Color::Black {
                bi.next()
            } else {
                wi.next()
            };
            let c = *c.expect("the plan places each stone once");
            let info = game
                .play(Move::Play(c))
                .expect("every subset of a legal position is legal");
            debug_assert_eq!(info.captured, 0);
        } else {
            game.play_virtual();
        }
    }
    game.play_virtual();
    game.play_virtual();
    Some(game)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    /// Every legal position of the boards 1x1 to 3x3 names the chunk that enumerates it.
    #[test]
    fn chunk_of_is_the_chunk_that_enumerates_a_position() {
        for size in 1..=3u8 {
            let mut seen = 0u64;
            for c in 0..chunk_count(size) {
                chunk_positions(size, c, |p| {
                    assert_eq!(chunk_of(size, p), c, "{size}x{size} {p:?}");
                    seen += 1;
                });
            }
            assert_eq!(seen, legal_count(size));
        }
        // A 4x4 position with stones on the first two rows: point 0 the most significant digit.
        let p = Small {
            black: 1,
            white: 1 << 7,
        };
        assert_eq!(chunk_of(4, p), 3u64.pow(7) + 2);
    }

    fn legal_count(size: u8) -> u64 {
        (0..chunk_count(size))
            .map(|c| {
                let mut k = 0;
                chunk_positions(size, c, |_| k += 1);
                k
            })
            .sum()
    }

    /// Tromp and Farnebäck, "Combinatorics of Go", table of legal positions: 1, 57, 12,675
    /// (and 24,318,165 for 4x4, which `jpd exhaust --size 4` reproduces).
    #[test]
    fn the_enumerator_finds_the_known_numbers_of_legal_positions() {
        assert_eq!(legal_count(1), 1);
        assert_eq!(legal_count(2), 57);
        assert_eq!(legal_count(3), 12_675);
    }

    /// 4x4: 24,318,165 legal positions (Tromp and Farnebäck), and the symmetry classes'
    /// sizes add up to them (43 million colourings: a few seconds).
    #[test]
    fn the_4x4_board_has_24318165_legal_positions() {
        let sym = Symmetries::new(4);
        let (mut legal, mut covered) = (0u64, 0u64);
        for c in 0..chunk_count(4) {
            chunk_positions(4, c, |p| {
                legal += 1;
                covered += sym.class_size(p).unwrap_or(0) as u64;
            });
        }
        assert_eq!(legal, 24_318_165);
        assert_eq!(covered, legal);
    }

    /// The bit-mask legality agrees with the grid flood fill on every 3x3 colouring.
    #[test]
    fn bit_legality_equals_the_flood_fill() {
        for idx in 0..3u32.pow(9) {
            let mut v = idx;
            let mut grid = vec![None; 9];
            let (mut b, mut w) = (0, 0);
            for (i, g) in grid.iter_mut().enumerate() {
                match v % 3 {
                    1 => {
                        *g = Some(Color::Black);
                        b |= 1 << i
                    }
                    2 => {
                        *g = Some(Color::White);
                        w |= 1 << i
                    }
                    _ => {}
                }
                v /= 3;
            }
            let p = Small { black: b, white: w };
            assert_eq!(small_legal(3, p), grid_legal(3, &grid), "{p:?}");
        }
    }

    /// The canonical form by brute force: each position rewritten as a grid under the 8
    /// symmetries by coordinates, the smallest grid kept. The classes it finds are those the
    /// lookup tables find, and their sizes add up to the legal positions.
    #[test]
    fn symmetry_classes_match_a_brute_force_canonical_form() {
        for size in 1..=3u8 {
            let n = size as u32;
            let sym = Symmetries::new(size);
            let mut brute = BTreeSet::new();
            let (mut classes, mut covered, mut all) = (0u64, 0u64, 0u64);
            for c in 0..chunk_count(size) {
                chunk_positions(size, c, |p| {
                    all += 1;
                    let grid = |s: usize| -> Vec<u8> {
                        let mut g = vec![0u8; (n * n) as usize];
                        for i in 0..n * n {
                            let (x, y) = transform(s, i % n, i / n, n);
                            g[(y * n + x) as usize] =
                                (p.black >> i & 1) as u8 + 2 * (p.white >> i & 1) as u8;
                        }
                        g
                    };
                    brute.insert((0..8).map(grid).min().unwrap());
                    if let Some(k) = sym.class_size(p) {
                        classes += 1;
                        covered += k as u64;
                    }
                });
            }
            assert_eq!(classes, brute.len() as u64, "size {size}");
            assert_eq!(covered, all, "size {size}");
        }
    }

    /// The 2x2 board by hand (points a b / c d). Up to symmetry: the empty board (1); one
    /// stone, Black or White in a corner (2); two stones side by side, BB, WW or BW (a mirror
    /// swaps the pair: 3); two stones on a diagonal, BB, WW or BW (3); three stones around an
    /// empty corner, where the middle stone touches only the two ends and so needs one of
    /// them to share its colour, the ends swapped by the diagonal mirror: middle B with ends
    /// BB or BW, middle W with ends WW or WB (4). 1 + 2 + 3 + 3 + 4 = 13. (Positions: 1 + 8 +
    /// 16 + 8 + 24 = 57.)
    #[test]
    fn two_by_two_has_13_classes() {
        let sym = Symmetries::new(2);
        let (mut classes, mut covered) = (0, 0);
        for c in 0..chunk_count(2) {
            chunk_positions(2, c, |p| {
                if let Some(k) = sym.class_size(p) {
                    classes += 1;
                    covered += k;
                }
            });
        }
        assert_eq!(classes, 13);
        assert_eq!(covered, 57);
    }

    #[test]
    fn plans_give_the_requested_first_passer_and_last_mover() {
        for nb in 0..6u32 {
            for nw in 0..6u32 {
                for v in 0..4u8 {
                    let (first, last) = variant(v);
                    let last = (nb + nw > 0).then_some(last);
                    let Some(p) = plan(nb, nw, first, last) else {
                        continue;
                    };
                    let black: Vec<Coord> = (0..nb).map(|i| Coord::new(i as u8, 0)).collect();
                    let white: Vec<Coord> = (0..nw).map(|i| Coord::new(i as u8, 2)).collect();
                    let g = simplest_game(7, &black, &white, first, last).unwrap();
                    assert_eq!(g.first_passer(), Some(first), "{nb} {nw} {p:?}");
                    assert_eq!(g.last_mover(), last, "{nb} {nw} {p:?}");
                    assert_eq!(g.phase(), crate::engine::Phase::Paused);
                    assert_eq!(g.real_moves().black, nb);
                    assert_eq!(g.real_moves().white, nw);
                    assert_eq!(g.pauses(), 1);
                }
            }
        }
        // By hand: 2 Black, 1 White, White first passer, Black last: B W B, then the pause
        // (White passes first). No virtual move before it.
        assert_eq!(
            plan(2, 1, Color::White, Some(Color::Black)),
            Some(vec![true, true, true])
        );
        // Black first passer instead: Black's first virtual move must come before White's,
        // and the plan must end with Black's real move, so an odd number of moves with one
        // Black and one White virtual move: Bv W B Wv B (five moves; the three-move and
        // four-move plans either have no Black virtual move or end with White's).
        assert_eq!(
            plan(2, 1, Color::Black, Some(Color::Black)),
            Some(vec![false, true, true, false, true])
        );
        // One White stone and no Black one: Black's first move can only be virtual, so Black
        // always passes first.
        assert_eq!(plan(0, 1, Color::White, Some(Color::White)), None);
        // The empty board: Black passes first.
        assert_eq!(plan(0, 0, Color::Black, None), Some(vec![]));
        assert_eq!(plan(0, 0, Color::White, None), None);
    }
}
