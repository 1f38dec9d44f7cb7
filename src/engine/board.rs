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

    /// Plays `c` at `p` after checking legality on the board. On error the board is unchanged.
    pub fn play(&mut self, p: Point, c: Color, suicide: SuicideRule) -> Result<MoveInfo, Illegal> {
        self.legality(p, c, suicide)?;
        Ok(self.play_unchecked(p, c))
    }

    /// Plays `c` at `p` without checking legality. The caller guarantees that
    /// [`Board::legality`] accepted the move under a rule that allows whatever suicide it is
    /// (debug-checked for occupancy).
    pub fn play_unchecked(&mut self, p: Point, c: Color) -> MoveInfo {
        let pi = p.idx();
        debug_assert_eq!(self.cells[pi], Cell::Empty);
        let own = Cell::of(c);
        let opp = Cell::of(c.opp());
        // One pass over the neighbours: distinct adjacent strings of each colour, and the empty
        // neighbours (the new stone's own liberties).
        let mut opp_heads = [0u16; 4];
        let mut n_opp = 0;
        let mut own_heads = [0u16; 4];
        let mut n_own = 0;
        let mut fresh_libs = 0u16;
        for q in self.adj(p) {
            let x = self.cells[q.idx()];
            if x == Cell::Empty {
                fresh_libs += 1;
            } else if x == opp {
                let hq = self.head[q.idx()];
                if !opp_heads[..n_opp].contains(&hq) {
                    opp_heads[n_opp] = hq;
                    n_opp += 1;
                }
            } else if x == own {
                let hq = self.head[q.idx()];
                if !own_heads[..n_own].contains(&hq) {
                    own_heads[n_own] = hq;
                    n_own += 1;
                }
            }
        }

        // Place the stone as a one-stone string.
        self.put_stone(pi, own, c);
        self.head[pi] = pi as u16;
        self.next[pi] = pi as u16;
        self.stones[pi] = 1;
        self.chash[pi] = zkey(c, pi);

        // The point was a liberty of every adjacent opponent string.
        for &oh in &opp_heads[..n_opp] {
            self.libs[oh as usize] -= 1;
        }

        // Join the adjacent own strings.
        let h = match n_own {
            0 => {
                self.libs[pi] = fresh_libs;
                pi
            }
            1 => {
                let h = own_heads[0] as usize;
                // Liberties of p not already liberties of h.
                let mut extra = 0;
                for q in self.adj(p) {
                    if self.cells[q.idx()] == Cell::Empty
                        && !self
                            .adj(q)
                            .iter()
                            .any(|r| self.cells[r.idx()] == own && self.head[r.idx()] as usize == h)
                    {
                        extra += 1;
                    }
                }
                self.libs[h] = self.libs[h] - 1 + extra;
                self.link(h, pi);
                h
            }
            _ => {
                let mut h = own_heads[0] as usize;
                for &oh in &own_heads[1..n_own] {
                    if self.stones[oh as usize] > self.stones[h] {
                        h = oh as usize;
                    }
                }
                // The merged liberties: the largest string's, less p, plus the distinct
                // liberties of the smaller strings and of p that do not touch the largest. This
                // walks only the smaller strings, before they are relabelled.
                let mut seen = PointSet::new();
                let mut extra = 0u16;
                for &oh in own_heads[..n_own]
                    .iter()
                    .chain(std::iter::once(&(pi as u16)))
                {
                    if oh as usize == h {
                        continue;
                    }
                    let start = oh as usize;
                    let mut t = start;
                    loop {
                        for q in self.adj(Point(t as u16)) {
                            if self.cells[q.idx()] == Cell::Empty
                                && !self.adj(q).iter().any(|r| {
                                    self.cells[r.idx()] == own && self.head[r.idx()] as usize == h
                                })
                                && seen.insert(q.idx())
                            {
                                extra += 1;
                            }
                        }
                        t = self.next[t] as usize;
                        if t == start {
                            break;
                        }
                    }
                }
                self.libs[h] = self.libs[h] - 1 + extra;
                for &oh in &own_heads[..n_own] {
                    if oh as usize != h {
                        self.link(h, oh as usize);
                    }
                }
                self.link(h, pi);
                debug_assert_eq!(self.libs[h], self.count_libs(h));
                h
            }
        };

        // Remove opponent strings left without liberties.
        let mut info = MoveInfo::default();
        let mut last_captured = 0usize;
        for &oh in &opp_heads[..n_opp] {
            if self.libs[oh as usize] == 0 {
                info.captured += self.stones[oh as usize];
                last_captured = oh as usize;
                self.remove_string(oh as usize);
            }
        }
        if self.libs[h] == 0 {
            info.suicided = self.stones[h];
            self.remove_string(h);
        } else if info.captured == 1 && self.stones[h] == 1 && self.libs[h] == 1 {
            info.ko_point = Some(Point(last_captured as u16));
        }
        info
    }

    /// Splices the list of string `other` (or a fresh single stone) into string `h`.
    #[inline]
    fn link(&mut self, h: usize, other: usize) {
        // Relabel the other string's stones.
        let mut s = other;
        loop {
            self.head[s] = h as u16;
            s = self.next[s] as usize;
            if s == other {
                break;
            }
        }
        self.stones[h] += self.stones[other];
        self.chash[h] ^= self.chash[other];
        self.next.swap(h, other);
    }

    fn count_libs(&self, h: usize) -> u16 {
        let mut seen = PointSet::new();
        let mut n = 0;
        let mut s = h;
        loop {
            for q in self.adj(Point(s as u16)) {
                if self.cells[q.idx()] == Cell::Empty && seen.insert(q.idx()) {
                    n += 1;
                }
            }
            s = self.next[s] as usize;
            if s == h {
                break;
            }
        }
        n
    }

    #[inline]
    fn put_stone(&mut self, pi: usize, cell: Cell, c: Color) {
        self.cells[pi] = cell;
        self.hash ^= zkey(c, pi);
        set_snap(&mut self.snap, pi, cell);
        self.count[c.idx()] += 1;
        // Remove from the empty list.
        let pos = self.empty_pos[pi] as usize;
        let last = self.empties[self.n_empty as usize - 1];
        self.empties[pos] = last;
        self.empty_pos[last as usize] = pos as u16;
        self.n_empty -= 1;
    }

    #[inline]
    fn clear_stone(&mut self, pi: usize) {
        let c = self.cells[pi].color().expect("clear_stone on a stone");
        self.cells[pi] = Cell::Empty;
        self.hash ^= zkey(c, pi);
        set_snap(&mut self.snap, pi, Cell::Empty);
        self.count[c.idx()] -= 1;
        self.empty_pos[pi] = self.n_empty;
        self.empties[self.n_empty as usize] = pi as u16;
        self.n_empty += 1;
    }

    /// Removes the whole string with head `h` and gives its neighbours their new liberties.
    fn remove_string(&mut self, h: usize) {
        let mut s = h;
        loop {
            self.clear_stone(s);
            s = self.next[s] as usize;
            if s == h {
                break;
            }
        }
        // Each vacated point is a new liberty of every distinct adjacent string.
        let mut s = h;
        loop {
            // Heads of different strings differ, whatever their colour: one pass suffices.
            let mut heads = [0u16; 4];
            let mut n = 0;
            for q in self.adj(Point(s as u16)) {
                let x = self.cells[q.idx()];
                if x == Cell::Black || x == Cell::White {
                    let hq = self.head[q.idx()];
                    if !heads[..n].contains(&hq) {
                        heads[n] = hq;
                        n += 1;
                        self.libs[hq as usize] += 1;
                    }
                }
            }
            s = self.next[s] as usize;
            if s == h {
                break;
            }
        }
    }

    /// Puts a stone on an empty point without captures (setup stones, fixtures, filled-back
    /// stones), then rebuilds the strings. Strings may be left without liberties; callers that
    /// need a legal position check [`Board::strings_without_liberties`].
    pub fn set_stone(&mut self, p: Point, c: Color) {
        self.set_stones(&[(p, Some(c))]);
    }

    /// Sets several points at once (a stone or empty), then rebuilds the strings once.
    pub fn set_stones(&mut self, changes: &[(Point, Option<Color>)]) {
        if self.remove_stones(changes) {
            return;
        }
        for &(p, c) in changes {
            let pi = p.idx();
            debug_assert_ne!(self.cells[pi], Cell::Wall);
            if self.cells[pi] != Cell::Empty {
                self.clear_stone(pi);
            }
            if let Some(c) = c {
                self.put_stone(pi, Cell::of(c), c);
            }
        }
        self.rebuild_strings();
    }

    /// The fast path of [`Board::set_stones`] for removals (dead stones, negative moves): when
    /// every change removes a stone and no point comes twice, whole strings go as in a capture
    /// (their neighbours gain the liberties) and only the strings that lose some of their
    /// stones are rebuilt, from what is left of them. Returns `false`, changing nothing, when
    /// the changes are of another kind. The result is the state a full rebuild gives, except
    /// that untouched strings keep their heads.
    fn remove_stones(&mut self, changes: &[(Point, Option<Color>)]) -> bool {
        if changes.is_empty() || changes.len() > self.area() as usize {
            return false;
        }
        // (head, stones of that string removed)
        let mut heads: Vec<(u16, u16)> = Vec::with_capacity(changes.len().min(16));
        let mut removed = PointSet::new();
        for &(p, c) in changes {
            let pi = p.idx();
            if c.is_some() || !matches!(self.cells[pi], Cell::Black | Cell::White) {
                return false;
            }
            if !removed.insert(pi) {
                return false;
            }
            let h = self.head[pi];
            match heads.iter_mut().find(|(x, _)| *x == h) {
                Some((_, k)) => *k += 1,
                None => heads.push((h, 1)),
            }
        }
        // What is left of the strings that lose part of their stones, in row-major order.
        let mut rest: Vec<u16> = Vec::new();
        let mut rebuilt = PointSet::new();
        for &(h, k) in &heads {
            if self.stones[h as usize] == k {
                continue;
            }
            let mut s = h as usize;
            loop {
                if !removed.contains(s) {
                    rest.push(s as u16);
                    rebuilt.insert(s);
                }
                s = self.next[s] as usize;
                if s == h as usize {
                    break;
                }
            }
        }
        rest.sort_unstable();
        for &(h, k) in &heads {
            if self.stones[h as usize] == k {
                self.remove_string(h as usize);
            }
        }
        // The single stones: each vacated point is a new liberty of every distinct adjacent
        // string that is not rebuilt below.
        for &(p, _) in changes {
            let pi = p.idx();
            if self.cells[pi] == Cell::Empty {
                continue; // went with a whole string
            }
            self.clear_stone(pi);
            let mut adj_heads = [0u16; 4];
            let mut n = 0;
            for q in self.adj(p) {
                let x = self.cells[q.idx()];
                if (x == Cell::Black || x == Cell::White) && !rebuilt.contains(q.idx()) {
                    let hq = self.head[q.idx()];
                    if !adj_heads[..n].contains(&hq) {
                        adj_heads[n] = hq;
                        n += 1;
                        self.libs[hq as usize] += 1;
                    }
                }
            }
        }
        let mut seen = PointSet::new();
        let mut members = vec![0u16; rest.len()];
        for &m in &rest {
            if !seen.contains(m as usize) {
                self.fill_string(m as usize, &mut seen, &mut members);
            }
        }
        true
    }

    /// Makes the string through the stone `start` anew (heads, ring, size, hash, liberties),
    /// `start` as its head, marking its stones in `seen`; `members` is scratch space at least
    /// as long as the string.
    fn fill_string(&mut self, start: usize, seen: &mut PointSet, members: &mut [u16]) {
        let cell = self.cells[start];
        let c = cell.color().expect("fill_string on a stone");
        seen.insert(start);
        members[0] = start as u16;
        let mut len = 1usize;
        let mut k = 0usize;
        while k < len {
            let s = members[k];
            for q in self.adj(Point(s)) {
                if self.cells[q.idx()] == cell && seen.insert(q.idx()) {
                    members[len] = q.0;
                    len += 1;
                }
            }
            k += 1;
        }
        let mut hash = 0;
        for i in 0..len {
            let m = members[i] as usize;
            self.head[m] = start as u16;
            self.next[m] = members[(i + 1) % len];
            hash ^= zkey(c, m);
        }
        self.stones[start] = len as u16;
        self.chash[start] = hash;
        self.libs[start] = self.count_libs(start);
    }

    /// Removes a stone (a negative move, a dead stone) and rebuilds the strings.
    pub fn remove_stone(&mut self, p: Point) {
        self.set_stones(&[(p, None)]);
    }

    /// Recomputes every string, liberty count and string hash from the cells.
    fn rebuild_strings(&mut self) {
        let mut seen = PointSet::new();
        // The members of the string being filled, in a fixed buffer. No allocation.
        let mut members = [0u16; MAX_ARR];
        for p in self.points() {
            if self.cells[p.idx()].color().is_some() && !seen.contains(p.idx()) {
                self.fill_string(p.idx(), &mut seen, &mut members);
            }
        }
    }

    /// Points of strings that have no liberty (only possible after [`Board::set_stone`]).
    pub fn strings_without_liberties(&self) -> Vec<Point> {
        self.points()
            .filter(|&p| self.stone(p).is_some() && self.liberties(p) == 0)
            .collect()
    }

    /// Rebuilds strings, liberties, string hashes, the position hash, stone counts, the empty
    /// list and the snapshot from the raw cells, and compares them with the incremental state.
    /// Returns a description of the first difference.
    pub fn check_consistency(&self) -> Result<(), String> {
        let mut fresh = Board::new(self.size).expect("size already valid");
        let changes: Vec<(Point, Option<Color>)> =
            self.points().map(|p| (p, self.stone(p))).collect();
        fresh.set_stones(&changes);
        if fresh.hash != self.hash {
            return Err(format!(
                "hash {:#x} != rebuilt {:#x}",
                self.hash, fresh.hash
            ));
        }
        if fresh.snap != self.snap {
            return Err("snapshot differs from the cells".into());
        }
        if fresh.count != self.count {
            return Err(format!(
                "stone counts {:?} != rebuilt {:?}",
                self.count, fresh.count
            ));
        }
        let mut empties: Vec<u16> = self.empty_points().to_vec();
        let mut fresh_empties: Vec<u16> = fresh.empty_points().to_vec();
        empties.sort_unstable();
        fresh_empties.sort_unstable();
        if empties != fresh_empties {
            return Err("empty-point list differs from the cells".into());
        }
        for (i, &e) in self.empty_points().iter().enumerate() {
            if self.empty_pos[e as usize] as usize != i {
                return Err(format!("empty_pos of {} is stale", e));
            }
        }
        for p in self.points() {
            if self.stone(p).is_none() {
                continue;
            }
            let at = self.coord(p);
            // Same partition into strings: p's string in self must be p's string in fresh.
            let mut a: Vec<Point> = self.string_stones(p).collect();
            let mut b: Vec<Point> = fresh.string_stones(p).collect();
            a.sort_unstable();
            b.sort_unstable();
            if a != b {
                return Err(format!(
                    "string at {} has stones {:?}, rebuilt {:?}",
                    at, a, b
                ));
            }
            let h = self.head[p.idx()] as usize;
            if self.stones[h] as usize != a.len() {
                return Err(format!(
                    "string at {}: stone count {} != {}",
                    at,
                    self.stones[h],
                    a.len()
                ));
            }
            let libs = self.string_liberties(p).len() as u16;
            if self.libs[h] != libs {
                return Err(format!(
                    "string at {}: liberties {} != {}",
                    at, self.libs[h], libs
                ));
            }
            if self.chash[h] != fresh.chash[fresh.head[p.idx()] as usize] {
                return Err(format!("string at {}: string hash differs", at));
            }
        }
        Ok(())
    }

    /// Reads a board in the format [`Display`](fmt::Display) prints: optional column letters, then
    /// one row per line with `.` (or `+`) for empty, `X` (or `#`, `x`, `B`) for Black and `O` (or
    /// `o`, `W`) for White, optionally with row numbers. Every string must have a liberty.
    pub fn from_ascii(text: &str) -> Result<Board, AsciiError> {
        let mut rows: Vec<Vec<Option<Color>>> = Vec::new();
        for line in text.lines() {
            let body: String = line
                .chars()
                .filter(|c| !c.is_whitespace() && !c.is_ascii_digit())
                .collect();
            if body.is_empty() {
                continue;
            }
            // A header of column letters: only A-Z without I, and not a stone row.
            let is_header = body
                .chars()
                .all(|c| c.is_ascii_uppercase() && c != 'X' && c != 'O')
                || (rows.is_empty() && body.starts_with("AB"));
            if is_header {
                continue;
            }
            let mut row = Vec::new();
            for ch in body.chars() {
                row.push(match ch {
                    '.' | '+' | ',' => None,
                    'X' | 'x' | '#' | 'B' => Some(Color::Black),
                    'O' | 'o' | 'W' => Some(Color::White),
                    _ => {
                        return Err(AsciiError::BadChar {
                            row: rows.len() + 1,
                            ch,
                        })
                    }
                });
            }
            rows.push(row);
        }
        if rows.is_empty() {
            return Err(AsciiError::Empty);
        }
        let n = rows.len();
        let cols = rows[0].len();
        if rows.iter().any(|r| r.len() != n) || n < MIN_SIZE as usize || n > MAX_SIZE as usize {
            return Err(AsciiError::BadShape { rows: n, cols });
        }
        let mut b = Board::new(n as u8).expect("size checked");
        let mut changes = Vec::new();
        for (y, row) in rows.iter().enumerate() {
            for (x, &c) in row.iter().enumerate() {
                if c.is_some() {
                    changes.push((b.point(Coord::new(x as u8, y as u8)), c));
                }
            }
        }
        b.set_stones(&changes);
        if let Some(&p) = b.strings_without_liberties().first() {
            return Err(AsciiError::DeadString { at: b.coord(p) });
        }
        Ok(b)
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

impl fmt::Display for Board {
    /// Prints column letters, then each row with its number (counted from the bottom), using `.`
    /// for empty, `X` for Black and `O` for White. [`Board::from_ascii`] reads it back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.size;
        write!(f, "   ")?;
        for x in 0..n {
            write!(f, " {}", column_letter(x))?;
        }
        writeln!(f)?;
        for y in 0..n {
            write!(f, "{:>3}", n - y)?;
            for x in 0..n {
                let ch = match self.stone(self.point(Coord::new(x, y))) {
                    None => '.',
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                };
                write!(f, " {}", ch)?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests;
