//! The fast board: stones, strings, exact liberty counts and an incremental Zobrist hash.
//!
//! Layout follows KataGo's `Board`: points are indices into a padded array with one wall column
//! and a wall row above and below, so that neighbours are `p ± 1` and `p ± stride` with no bounds
//! checks. Strings are circular linked lists threaded through `next`, with a head per stone and
//! per-string data (stone count, exact liberty count, XOR of the stones' Zobrist keys) stored at
//! the head. The arrays are sized to the board (`padded_len`), so a 9x9 board copies a sixth of
//! what a 25x25 one does and moving a board moves pointers; a move allocates nothing.
//!
//! The board knows nothing of turn order, superko, passes or scoring; those live in
//! [`crate::engine::Game`].

use std::fmt;

use super::types::{Color, Coord};

mod edit;
mod play;
mod text;

/// The smallest supported board size.
pub const MIN_SIZE: u8 = 2;
/// The largest supported board size.
pub const MAX_SIZE: u8 = 25;
/// Length of the padded arrays for the largest board: `(N+1)*(N+2)+1`.
pub const MAX_ARR: usize = padded_len(MAX_SIZE);
/// Length of the padded arrays of a board of `size`: `(N+1)*(N+2)+1`. Every padded index of
/// that board, walls included, is below it.
#[inline]
pub const fn padded_len(size: u8) -> usize {
    (size as usize + 1) * (size as usize + 2) + 1
}
/// Number of 64-bit words in a packed snapshot (two bits per padded point).
pub const SNAP_WORDS: usize = (MAX_ARR * 2).div_ceil(64);
const SET_WORDS: usize = MAX_ARR.div_ceil(64);

/// The content of one padded array slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Cell {
    /// No stone.
    Empty = 0,
    /// A black stone.
    Black = 1,
    /// A white stone.
    White = 2,
    /// Off the board.
    Wall = 3,
}

impl Cell {
    /// The cell holding a stone of `c`.
    #[inline]
    pub fn of(c: Color) -> Cell {
        match c {
            Color::Black => Cell::Black,
            Color::White => Cell::White,
        }
    }

    /// The colour of the stone, if any.
    #[inline]
    pub fn color(self) -> Option<Color> {
        match self {
            Cell::Black => Some(Color::Black),
            Cell::White => Some(Color::White),
            _ => None,
        }
    }
}

/// A point of a particular board: an index into its padded arrays. Meaningful only together with
/// the board size it was made for; convert with [`Board::point`] and [`Board::coord`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(pub u16);

impl Point {
    /// The array index.
    #[inline]
    pub fn idx(self) -> usize {
        self.0 as usize
    }
}

/// Why a real move is illegal on the board alone (history-dependent reasons live in `Game`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Illegal {
    /// The coordinate is not on this board.
    #[error("the point is off the board")]
    OffBoard,
    /// A stone already stands there.
    #[error("the point is occupied")]
    Occupied,
    /// The move would leave a single stone without liberties.
    #[error("suicide of a single stone is forbidden")]
    SingleStoneSuicide,
    /// The move would leave a string of several stones without liberties.
    #[error("suicide of several stones is forbidden")]
    MultiStoneSuicide,
    /// The move recreates an earlier whole-board arrangement (positional superko, Art. 9).
    #[error("the move recreates an earlier whole-board position (positional superko)")]
    Superko,
    /// The move retakes a ko at once (the simple ko rule).
    #[error("the move retakes the ko at once")]
    Ko,
    /// The game is not in a state that accepts this move.
    #[error("the game does not accept this move now")]
    WrongPhase,
}

/// Which suicides a rule set allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SuicideRule {
    /// No suicide at all (Ji-Ping-Dian Art. 7, Chinese, Japanese).
    Forbidden,
    /// Suicide of a string of two or more stones is legal; single-stone suicide is not (Ing).
    MultiStone,
    /// Any suicide is legal (New Zealand, Tromp-Taylor); a single-stone suicide still repeats the
    /// position, which positional superko then forbids.
    Allowed,
}

/// What a played move did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveInfo {
    /// Opponent stones captured.
    pub captured: u16,
    /// Own stones removed by a (legal) suicide.
    pub suicided: u16,
    /// The point the opponent may not retake at once under the simple ko rule.
    pub ko_point: Option<Point>,
}

/// Zobrist keys, generated at compile time by SplitMix64 from a fixed seed so that hashes are
/// the same in every build.
static ZOBRIST: [[u64; MAX_ARR]; 2] = build_zobrist();

const fn splitmix64(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

const fn build_zobrist() -> [[u64; MAX_ARR]; 2] {
    let mut t = [[0u64; MAX_ARR]; 2];
    let mut state = 0x4A50_445F_474F_2008u64;
    let mut c = 0;
    while c < 2 {
        let mut i = 0;
        while i < MAX_ARR {
            let (s, z) = splitmix64(state);
            state = s;
            t[c][i] = z;
            i += 1;
        }
        c += 1;
    }
    t
}

#[inline]
fn zkey(c: Color, p: usize) -> u64 {
    ZOBRIST[c.idx()][p]
}

/// A small fixed bitset over padded points, used for marking without allocation.
#[derive(Clone, Copy)]
struct PointSet([u64; SET_WORDS]);

impl PointSet {
    #[inline]
    fn new() -> Self {
        PointSet([0; SET_WORDS])
    }
    /// Whether `p` is in the set.
    #[inline]
    fn contains(&self, p: usize) -> bool {
        self.0[p >> 6] & (1u64 << (p & 63)) != 0
    }

    /// Inserts `p`; true if it was not there.
    #[inline]
    fn insert(&mut self, p: usize) -> bool {
        let (w, b) = (p >> 6, 1u64 << (p & 63));
        let fresh = self.0[w] & b == 0;
        self.0[w] |= b;
        fresh
    }
}

/// The points of a board row by row ([`Board::points`]): consecutive padded indices, skipping
/// the wall cell between the end of one row and the start of the next.
#[derive(Clone, Debug)]
pub struct Points {
    next: u16,
    row_end: u16,
    end: u16,
    stride: u16,
}

impl Iterator for Points {
    type Item = Point;

    #[inline]
    fn next(&mut self) -> Option<Point> {
        if self.next == self.row_end {
            self.next += 1;
            self.row_end += self.stride;
        }
        if self.next >= self.end {
            return None;
        }
        let p = self.next;
        self.next += 1;
        Some(Point(p))
    }
}

/// A packed copy of the stones on the board: two bits per padded point. Two snapshots of boards
/// of the same size are equal exactly when the whole-board arrangements are equal.
pub type Snapshot = [u64; SNAP_WORDS];

/// The Go board. See the module documentation.
#[derive(Clone)]
pub struct Board {
    size: u8,
    stride: u16,
    cells: Box<[Cell]>,
    head: Box<[u16]>,
    next: Box<[u16]>,
    stones: Box<[u16]>,
    libs: Box<[u16]>,
    chash: Box<[u64]>,
    hash: u64,
    count: [u16; 2],
    empties: Box<[u16]>,
    empty_pos: Box<[u16]>,
    n_empty: u16,
    snap: Snapshot,
}

impl PartialEq for Board {
    /// Two boards are equal when they have the same size and the same stones.
    fn eq(&self, other: &Self) -> bool {
        self.size == other.size && self.snap == other.snap
    }
}
impl Eq for Board {}

/// An error reading an ASCII board.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AsciiError {
    /// No board rows found.
    #[error("no board rows found")]
    Empty,
    /// The board is not square or its size is out of range.
    #[error("board is {rows} rows of {cols} points; expected a square board of {MIN_SIZE} to {MAX_SIZE}")]
    BadShape {
        /// Rows found.
        rows: usize,
        /// Points in the first row.
        cols: usize,
    },
    /// An unknown character.
    #[error("row {row}: unexpected character {ch:?}")]
    BadChar {
        /// 1-based row from the top.
        row: usize,
        /// The character.
        ch: char,
    },
    /// A string with no liberties in the fixture.
    #[error("the string at {at} has no liberties")]
    DeadString {
        /// A point of the string (SGF coordinate).
        at: Coord,
    },
}

impl Board {
    /// An empty board of `size` x `size`. Returns `None` if the size is outside
    /// [`MIN_SIZE`]..=[`MAX_SIZE`].
    pub fn new(size: u8) -> Option<Board> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return None;
        }
        let stride = size as u16 + 1;
        let len = padded_len(size);
        let zeros = || vec![0u16; len].into_boxed_slice();
        let mut b = Board {
            size,
            stride,
            cells: vec![Cell::Wall; len].into_boxed_slice(),
            head: zeros(),
            next: zeros(),
            stones: zeros(),
            libs: zeros(),
            chash: vec![0u64; len].into_boxed_slice(),
            hash: 0,
            count: [0; 2],
            empties: zeros(),
            empty_pos: zeros(),
            n_empty: 0,
            snap: [0; SNAP_WORDS],
        };
        for y in 0..size {
            for x in 0..size {
                let p = b.point(Coord::new(x, y)).idx();
                b.cells[p] = Cell::Empty;
                b.empty_pos[p] = b.n_empty;
                b.empties[b.n_empty as usize] = p as u16;
                b.n_empty += 1;
            }
        }
        Some(b)
    }

    /// The board size N (the board is N x N).
    #[inline]
    pub fn size(&self) -> u8 {
        self.size
    }

    /// Length of this board's padded arrays ([`padded_len`] of its size): every [`Point`] of it,
    /// walls included, indexes below it.
    #[inline]
    pub fn padded_len(&self) -> usize {
        self.cells.len()
    }

    /// Number of points, N².
    #[inline]
    pub fn area(&self) -> u32 {
        self.size as u32 * self.size as u32
    }

    /// The padded index of a coordinate. The coordinate must be on the board (debug-checked).
    #[inline]
    pub fn point(&self, c: Coord) -> Point {
        debug_assert!(c.x < self.size && c.y < self.size);
        Point((c.x as u16 + 1) + (c.y as u16 + 1) * self.stride)
    }

    /// The padded index of a coordinate, or `None` when it is off the board.
    pub fn checked_point(&self, c: Coord) -> Option<Point> {
        (c.x < self.size && c.y < self.size).then(|| self.point(c))
    }

    /// The coordinate of a padded index.
    #[inline]
    pub fn coord(&self, p: Point) -> Coord {
        let x = p.0 % self.stride - 1;
        let y = p.0 / self.stride - 1;
        Coord::new(x as u8, y as u8)
    }

    /// Every point of the board, row by row from the top-left.
    pub fn points(&self) -> Points {
        let n = self.size as u16;
        let first = 1 + self.stride;
        Points {
            next: first,
            row_end: first + n,
            end: first + n * self.stride,
            stride: self.stride,
        }
    }

    /// The four orthogonal neighbours (some may be walls).
    #[inline]
    pub fn adj(&self, p: Point) -> [Point; 4] {
        let s = self.stride;
        [
            Point(p.0 - s),
            Point(p.0 - 1),
            Point(p.0 + 1),
            Point(p.0 + s),
        ]
    }

    /// The content of a point.
    #[inline]
    pub fn cell(&self, p: Point) -> Cell {
        self.cells[p.idx()]
    }

    /// The colour of the stone at `p`, if any.
    #[inline]
    pub fn stone(&self, p: Point) -> Option<Color> {
        self.cells[p.idx()].color()
    }

    /// The Zobrist hash of the stones on the board (positional: no side to move, no prisoners).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The packed snapshot of the stones on the board.
    #[inline]
    pub fn snapshot(&self) -> &Snapshot {
        &self.snap
    }

    /// How many words of the snapshot this board size uses; the rest are always zero.
    #[inline]
    pub fn snapshot_words(&self) -> usize {
        (((self.size as usize + 1) * (self.size as usize + 2) + 1) * 2).div_ceil(64)
    }

    /// Stones of `c` on the board.
    #[inline]
    pub fn stone_count(&self, c: Color) -> u32 {
        self.count[c.idx()] as u32
    }

    /// The empty points, in an order that depends on history (use for random sampling).
    #[inline]
    pub fn empty_points(&self) -> &[u16] {
        &self.empties[..self.n_empty as usize]
    }

    /// The head of the string through `p` (a stone point).
    #[inline]
    pub fn string_head(&self, p: Point) -> Point {
        debug_assert!(self.stone(p).is_some());
        Point(self.head[p.idx()])
    }

    /// Exact liberty count of the string through `p` (a stone point).
    #[inline]
    pub fn liberties(&self, p: Point) -> u32 {
        self.libs[self.head[p.idx()] as usize] as u32
    }

    /// Number of stones in the string through `p` (a stone point).
    #[inline]
    pub fn string_len(&self, p: Point) -> u32 {
        self.stones[self.head[p.idx()] as usize] as u32
    }

    /// The stones of the string through `p`, starting at `p`.
    pub fn string_stones(&self, p: Point) -> StringIter<'_> {
        StringIter {
            board: self,
            start: p.0,
            cur: p.0,
            done: false,
        }
    }

    /// The distinct liberties of the string through `p`, in ascending point order.
    pub fn string_liberties(&self, p: Point) -> Vec<Point> {
        let mut seen = PointSet::new();
        let mut out = Vec::new();
        for s in self.string_stones(p) {
            for n in self.adj(s) {
                if self.cells[n.idx()] == Cell::Empty && seen.insert(n.idx()) {
                    out.push(n);
                }
            }
        }
        out.sort_unstable();
        out
    }

    #[inline]
    fn distinct_heads(&self, p: Point, cell: Cell) -> ([u16; 4], usize) {
        let mut heads = [0u16; 4];
        let mut n = 0;
        for q in self.adj(p) {
            if self.cells[q.idx()] == cell {
                let h = self.head[q.idx()];
                if !heads[..n].contains(&h) {
                    heads[n] = h;
                    n += 1;
                }
            }
        }
        (heads, n)
    }

    /// Whether `c` may play at `p` on this board under `suicide`, ignoring history (ko, superko).
    pub fn legality(&self, p: Point, c: Color, suicide: SuicideRule) -> Result<(), Illegal> {
        match self.cells[p.idx()] {
            Cell::Empty => {}
            Cell::Wall => return Err(Illegal::OffBoard),
            _ => return Err(Illegal::Occupied),
        }
        let own = Cell::of(c);
        let opp = Cell::of(c.opp());
        let mut has_own = false;
        for q in self.adj(p) {
            let x = self.cells[q.idx()];
            if x == Cell::Empty {
                return Ok(());
            }
            if x == opp && self.libs[self.head[q.idx()] as usize] == 1 {
                return Ok(());
            }
            if x == own {
                has_own = true;
                if self.libs[self.head[q.idx()] as usize] > 1 {
                    return Ok(());
                }
            }
        }
        match (has_own, suicide) {
            (false, SuicideRule::Allowed) => Ok(()),
            (false, _) => Err(Illegal::SingleStoneSuicide),
            (true, SuicideRule::Forbidden) => Err(Illegal::MultiStoneSuicide),
            (true, _) => Ok(()),
        }
    }

    /// [`Board::legality`] and, when the move is legal, [`Board::hash_after`] in one pass over
    /// the four neighbours (the superko fast path of [`crate::engine::Game`]).
    #[inline]
    pub fn legality_and_hash(
        &self,
        p: Point,
        c: Color,
        suicide: SuicideRule,
    ) -> Result<u64, Illegal> {
        match self.cells[p.idx()] {
            Cell::Empty => {}
            Cell::Wall => return Err(Illegal::OffBoard),
            _ => return Err(Illegal::Occupied),
        }
        let own = Cell::of(c);
        let opp = Cell::of(c.opp());
        let stone = zkey(c, p.idx());
        let mut h = self.hash ^ stone;
        // Heads of adjacent strings in atari: captured ones (opponent) or ones that die with
        // the new stone in a suicide (own).
        let mut atari = [0u16; 4];
        let mut n_atari = 0;
        let mut any_empty = false;
        let mut captures = false;
        let mut own_safe = false;
        let mut has_own = false;
        let mut own_x = 0u64;
        for q in self.adj(p) {
            let x = self.cells[q.idx()];
            if x == Cell::Empty {
                any_empty = true;
            } else if x != Cell::Wall {
                let hq = self.head[q.idx()];
                let one = self.libs[hq as usize] == 1;
                if x == own {
                    has_own = true;
                    own_safe |= !one;
                }
                if one && !atari[..n_atari].contains(&hq) {
                    atari[n_atari] = hq;
                    n_atari += 1;
                    if x == opp {
                        captures = true;
                        h ^= self.chash[hq as usize];
                    } else {
                        own_x ^= self.chash[hq as usize];
                    }
                }
            }
        }
        if any_empty || captures || own_safe {
            return Ok(h);
        }
        match (has_own, suicide) {
            (false, SuicideRule::Allowed) => Ok(self.hash),
            (false, _) => Err(Illegal::SingleStoneSuicide),
            (true, SuicideRule::Forbidden) => Err(Illegal::MultiStoneSuicide),
            (true, _) => Ok(h ^ stone ^ own_x),
        }
    }

    /// Whether a stone of `c` at the empty point `p` would capture at least one opponent string.
    #[inline]
    pub fn would_capture(&self, p: Point, c: Color) -> bool {
        let opp = Cell::of(c.opp());
        self.adj(p)
            .iter()
            .any(|q| self.cells[q.idx()] == opp && self.libs[self.head[q.idx()] as usize] == 1)
    }

    /// The hash of the position after `c` plays at `p`, without playing. The move must be legal
    /// on the board (debug-checked); a legal suicide removes the mover's string.
    pub fn hash_after(&self, p: Point, c: Color) -> u64 {
        let mut h = self.hash ^ zkey(c, p.idx());
        let (opp_heads, n_opp) = self.distinct_heads(p, Cell::of(c.opp()));
        let mut captures = false;
        for &oh in &opp_heads[..n_opp] {
            if self.libs[oh as usize] == 1 {
                h ^= self.chash[oh as usize];
                captures = true;
            }
        }
        if !captures && self.is_suicide_shape(p, c) {
            // The new stone and the strings it joins leave the board together.
            let (own_heads, n_own) = self.distinct_heads(p, Cell::of(c));
            h ^= zkey(c, p.idx());
            for &hh in &own_heads[..n_own] {
                h ^= self.chash[hh as usize];
            }
        }
        h
    }

    /// Writes into `out` the snapshot of the position after `c` plays at `p`, without playing.
    pub fn snapshot_after(&self, p: Point, c: Color, out: &mut Snapshot) {
        *out = self.snap;
        set_snap(out, p.idx(), Cell::of(c));
        let (opp_heads, n_opp) = self.distinct_heads(p, Cell::of(c.opp()));
        let mut captures = false;
        for &oh in &opp_heads[..n_opp] {
            if self.libs[oh as usize] == 1 {
                captures = true;
                for s in self.string_stones(Point(oh)) {
                    set_snap(out, s.idx(), Cell::Empty);
                }
            }
        }
        if !captures && self.is_suicide_shape(p, c) {
            set_snap(out, p.idx(), Cell::Empty);
            let (own_heads, n_own) = self.distinct_heads(p, Cell::of(c));
            for &hh in &own_heads[..n_own] {
                for s in self.string_stones(Point(hh)) {
                    set_snap(out, s.idx(), Cell::Empty);
                }
            }
        }
    }

    /// True when a stone of `c` at `p` captures nothing and has no liberty afterwards.
    fn is_suicide_shape(&self, p: Point, c: Color) -> bool {
        let own = Cell::of(c);
        for q in self.adj(p) {
            match self.cells[q.idx()] {
                Cell::Empty => return false,
                x if x == own && self.libs[self.head[q.idx()] as usize] > 1 => return false,
                _ => {}
            }
        }
        !self.would_capture(p, c)
    }

    /// Makes this board a copy of `other` without allocating when both have the same size
    /// (a search's per-node copy); otherwise the same as `clone_from`.
    pub fn copy_from(&mut self, other: &Board) {
        if self.size != other.size {
            self.clone_from(other);
            return;
        }
        self.cells.copy_from_slice(&other.cells);
        self.head.copy_from_slice(&other.head);
        self.next.copy_from_slice(&other.next);
        self.stones.copy_from_slice(&other.stones);
        self.libs.copy_from_slice(&other.libs);
        self.chash.copy_from_slice(&other.chash);
        self.hash = other.hash;
        self.count = other.count;
        self.empties.copy_from_slice(&other.empties);
        self.empty_pos.copy_from_slice(&other.empty_pos);
        self.n_empty = other.n_empty;
        self.snap = other.snap;
    }
}

/// Iterator over the stones of one string.
pub struct StringIter<'a> {
    board: &'a Board,
    start: u16,
    cur: u16,
    done: bool,
}

impl Iterator for StringIter<'_> {
    type Item = Point;
    #[inline]
    fn next(&mut self) -> Option<Point> {
        if self.done {
            return None;
        }
        let p = self.cur;
        self.cur = self.board.next[p as usize];
        if self.cur == self.start {
            self.done = true;
        }
        Some(Point(p))
    }
}

#[inline]
fn set_snap(snap: &mut Snapshot, pi: usize, cell: Cell) {
    let bit = pi * 2;
    let (w, s) = (bit >> 6, bit & 63);
    snap[w] = (snap[w] & !(3u64 << s)) | ((cell as u64 & 3) << s);
}

pub use super::types::column_letter;

#[cfg(test)]
mod tests;
