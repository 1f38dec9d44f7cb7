//! The local game of one region: the points of a maximal set of non-X points (empty points and
//! the opponent's stones there), bounded by X's strings (its *boundary blocks*) and the edge,
//! played out on 64-bit masks.
//!
//! The model (the module doc of [`super`] gives the argument that a win here is a win on the
//! board):
//! - the opponent Y moves first and may play any empty point of the region or pass; X answers
//!   in the region or passes;
//! - a boundary block's liberties outside the region are not counted. Under
//!   [`Model::Virtual`] each boundary block keeps one extra liberty that can never be filled (it
//!   stands for the block's liberty in its other proof region), so Y never captures one; under
//!   [`Model::Closed`] a block whose last liberty in the region is filled is captured, and X has
//!   lost;
//! - X loses as soon as a *guarded* boundary string has no liberty left in the region;
//! - X never captures a single stone with a single stone left in atari (a ko capture), never
//!   retakes a ko, and never recreates a position of the current line: a proof needs no ko;
//! - X wins when the goal holds: every guarded string has one (or two) *vital* sub-regions in
//!   the region (every empty point of it a liberty of that string, every X string around it a
//!   boundary string, so Y can never fill its last point), or every original Y stone of the
//!   region has been captured (and then the vital sub-regions too, where asked).

use std::collections::HashMap;
use std::hash::BuildHasherDefault;

use crate::settlement::referee::FxHasher;

/// Bits over the region's points.
pub(super) type Mask = u64;

/// How boundary blocks fare in the local game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Model {
    /// Each boundary block has one liberty outside the region that Y cannot fill.
    Virtual,
    /// Boundary blocks have no liberty outside the region.
    Closed,
}

/// What X must reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Goal {
    /// Vital sub-regions each guarded string must own (0, 1 or 2).
    pub eyes: u8,
    /// Whether every original Y stone must have been captured.
    pub capture: bool,
}

/// The outcome of a local search, for X.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Outcome {
    /// X reaches the goal whatever Y does.
    Win,
    /// Y can stop X (within the rules of the model).
    Loss,
    /// The node budget or the depth ran out first.
    Unknown,
}

/// One region's fixed data.
pub(super) struct Region {
    pub n: usize,
    /// Neighbours of each point inside the region.
    pub nbr: Vec<Mask>,
    /// For each boundary block, the region's points adjacent to it.
    pub blocks: Vec<Mask>,
    /// X's stones standing in the region at the start (islands: strings with no liberty or
    /// neighbour outside it).
    pub x0: Mask,
    /// The Y stones standing in the region at the start.
    pub y0: Mask,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct State {
    x: Mask,
    y: Mask,
    /// Original Y stones captured so far.
    gone: Mask,
    /// The point X may not play (Y just took a ko), or 64.
    ko: u8,
}

/// A local search of one region for one goal.
pub(super) struct Search<'a> {
    r: &'a Region,
    model: Model,
    goal: Goal,
    /// Boundary blocks whose strings must keep a liberty in the region and reach the goal.
    guarded: u64,
    all: Mask,
    pub nodes: u32,
    budget: u32,
    tt: HashMap<(State, bool, u8), bool, BuildHasherDefault<FxHasher>>,
    path: Vec<(Mask, Mask)>,
    /// Whether an X move was refused for repeating a position of the line since this flag was
    /// last cleared: a result that depends on the line is not stored.
    cut: bool,
}

impl<'a> Search<'a> {
    pub(super) fn new(
        r: &'a Region,
        model: Model,
        goal: Goal,
        guarded: u64,
        budget: u32,
    ) -> Search<'a> {
        let all = if r.n == 64 { !0 } else { (1u64 << r.n) - 1 };
        Search {
            r,
            model,
            goal,
            guarded,
            all,
            nodes: 0,
            budget,
            tt: HashMap::default(),
            path: Vec::new(),
            cut: false,
        }
    }

    /// Solves the region from its start, Y to move.
    pub(super) fn run(&mut self) -> Outcome {
        let st = State {
            x: self.r.x0,
            y: self.r.y0,
            gone: 0,
            ko: 64,
        };
        let empties = (self.all & !self.r.y0 & !self.r.x0).count_ones();
        let depth = (2 * empties + 2 * self.r.y0.count_ones() + 6).min(40);
        match self.solve(st, false, 0, depth) {
            Some(true) => Outcome::Win,
            Some(false) => Outcome::Loss,
            None => Outcome::Unknown,
        }
    }

    /// The points connected to `seed` inside `within`.
    fn flood(&self, seed: Mask, within: Mask) -> Mask {
        let mut s = seed & within;
        loop {
            let mut grow = s;
            let mut m = s;
            while m != 0 {
                let i = m.trailing_zeros() as usize;
                m &= m - 1;
                grow |= self.r.nbr[i] & within;
            }
            if grow == s {
                return s;
            }
            s = grow;
        }
    }

    /// The points adjacent to `set` inside the region.
    fn around(&self, set: Mask) -> Mask {
        let mut out = 0;
        let mut m = set;
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            out |= self.r.nbr[i];
        }
        out & !set
    }

    /// X's strings of the local game: for each, its stones in the region, the region points
    /// adjacent to it, and the boundary blocks it holds (0 for a free string).
    fn x_strings(&self, x: Mask) -> Vec<(Mask, Mask, u64)> {
        let nb = self.r.blocks.len();
        // Union-find over blocks through the X stones touching them.
        let mut out: Vec<(Mask, Mask, u64)> = Vec::new();
        let mut rest = x;
        let mut chains: Vec<Mask> = Vec::new();
        while rest != 0 {
            let c = self.flood(rest & rest.wrapping_neg(), x);
            rest &= !c;
            chains.push(c);
        }
        // Each block is its own string unless chains join blocks together.
        let mut used_chain = vec![false; chains.len()];
        let mut block_done = vec![false; nb];
        for b in 0..nb {
            if block_done[b] {
                continue;
            }
            let mut blocks: u64 = 1 << b;
            let mut stones: Mask = 0;
            let mut adj: Mask = self.r.blocks[b];
            loop {
                let mut grew = false;
                for (ci, &c) in chains.iter().enumerate() {
                    if !used_chain[ci] && c & adj != 0 {
                        used_chain[ci] = true;
                        stones |= c;
                        adj |= self.around(c);
                        grew = true;
                        for (b2, &bm) in self.r.blocks.iter().enumerate() {
                            if blocks & (1 << b2) == 0 && bm & c != 0 {
                                blocks |= 1 << b2;
                                adj |= bm;
                            }
                        }
                    }
                }
                if !grew {
                    break;
                }
            }
            for (b2, done) in block_done.iter_mut().enumerate() {
                *done |= blocks & (1 << b2) != 0;
            }
            out.push((stones, adj & !stones, blocks));
        }
        for (ci, &c) in chains.iter().enumerate() {
            if !used_chain[ci] {
                out.push((c, self.around(c), 0));
            }
        }
        out
    }

    /// Whether every guarded string has a liberty in the region.
    fn guarded_breathe(&self, strings: &[(Mask, Mask, u64)], empty: Mask) -> bool {
        strings
            .iter()
            .all(|&(_, adj, bl)| bl & self.guarded == 0 || adj & empty != 0)
    }

    /// Whether the goal holds at `st`.
    fn goal_met(&self, st: &State, strings: &[(Mask, Mask, u64)]) -> bool {
        if self.goal.capture && st.gone & self.r.y0 != self.r.y0 {
            return false;
        }
        if self.goal.eyes == 0 {
            return true;
        }
        let empty = self.all & !st.x & !st.y;
        let free_x: Mask = strings.iter().filter(|s| s.2 == 0).fold(0, |a, s| a | s.0);
        let mut count = vec![0u8; strings.len()];
        let mut rest = self.all & !st.x;
        while rest != 0 {
            let q = self.flood(rest & rest.wrapping_neg(), self.all & !st.x);
            rest &= !q;
            let qe = q & empty;
            if qe == 0 || self.around(q) & free_x != 0 {
                continue;
            }
            for (k, s) in strings.iter().enumerate() {
                if s.2 != 0 && qe & !s.1 == 0 {
                    count[k] += 1;
                }
            }
        }
        strings
            .iter()
            .zip(&count)
            .all(|(s, &c)| s.2 & self.guarded == 0 || c >= self.goal.eyes)
    }

    /// Plays X at point `i`: the new state, or `None` when X may not play there.
    fn play_x(&self, st: &State, i: usize) -> Option<State> {
        let bit = 1u64 << i;
        if i as u8 == st.ko {
            return None;
        }
        let x = st.x | bit;
        let mut y = st.y;
        let empty0 = self.all & !x & !y;
        // Captures of Y strings next to the move.
        let mut captured: Mask = 0;
        let mut m = self.r.nbr[i] & y;
        while m != 0 {
            let c = self.flood(m & m.wrapping_neg(), y);
            m &= !c;
            if self.around(c) & empty0 == 0 {
                captured |= c;
            }
        }
        y &= !captured;
        let empty = self.all & !x & !y;
        let own = self.flood(bit, x);
        let anchored = self.r.blocks.iter().any(|&bm| bm & own != 0);
        // The liberties of the string the move joins, its blocks' included.
        let libs = if anchored {
            self.x_strings(x)
                .into_iter()
                .find(|s| s.0 & bit != 0)
                .map_or(0, |s| s.1 & empty)
        } else {
            self.around(own) & empty
        };
        if libs == 0 && (!anchored || self.model == Model::Closed) {
            return None; // suicide (in the closed model a block has no other liberty)
        }
        // A ko capture: one stone taken by a lone stone left with that one liberty.
        if captured.count_ones() == 1 && !anchored && own == bit && libs == captured {
            return None;
        }
        let next = State {
            x,
            y,
            gone: st.gone | (captured & self.r.y0),
            ko: 64,
        };
        Some(next)
    }

    /// Plays Y at point `i`: `Ok(state)`, `Err(true)` when the move captures a boundary block
    /// (X has lost), `Err(false)` when Y may not play there.
    fn play_y(&self, st: &State, i: usize) -> Result<State, bool> {
        let bit = 1u64 << i;
        let y = st.y | bit;
        let mut x = st.x;
        let empty0 = self.all & !x & !y;
        let strings = self.x_strings(x);
        let mut captured: Mask = 0;
        for &(stones, adj, bl) in &strings {
            if adj & bit == 0 || adj & empty0 != 0 {
                continue;
            }
            if bl == 0 {
                captured |= stones;
            } else if self.model == Model::Closed {
                return Err(true);
            }
        }
        x &= !captured;
        let empty = self.all & !x & !y;
        let own = self.flood(bit, y);
        let libs = self.around(own) & empty;
        if libs == 0 {
            // Suicide: the stone filled the last liberty of a string that cannot be taken.
            return Err(false);
        }
        let ko = if captured.count_ones() == 1 && own == bit && libs == captured {
            captured.trailing_zeros() as u8
        } else {
            64
        };
        Ok(State {
            x,
            y,
            gone: st.gone,
            ko,
        })
    }

    /// Whether X (to move when `x_to_move`) reaches the goal; `None` when undecided.
    fn solve(&mut self, st: State, x_to_move: bool, passes: u8, depth: u32) -> Option<bool> {
        let strings = self.x_strings(st.x);
        let empty = self.all & !st.x & !st.y;
        if !self.guarded_breathe(&strings, empty) {
            return Some(false);
        }
        if self.goal_met(&st, &strings) {
            return Some(true);
        }
        if passes >= 2 {
            return Some(false);
        }
        let key = (st, x_to_move, passes);
        if let Some(&w) = self.tt.get(&key) {
            return Some(w);
        }
        if depth == 0 || self.nodes >= self.budget {
            return None;
        }
        self.nodes += 1;
        let moves = self.ordered(&st, &strings, x_to_move);
        let mut unknown = false;
        let mut result = None;
        self.path.push((st.x, st.y));
        let cut_before = std::mem::replace(&mut self.cut, false);
        for mv in moves.into_iter().map(Some).chain(std::iter::once(None)) {
            let r = match mv {
                None => self.solve(State { ko: 64, ..st }, !x_to_move, passes + 1, depth - 1),
                Some(i) if x_to_move => match self.play_x(&st, i) {
                    Some(next) if !self.path.contains(&(next.x, next.y)) => {
                        self.solve(next, false, 0, depth - 1)
                    }
                    Some(_) => {
                        self.cut = true;
                        continue;
                    }
                    None => continue,
                },
                Some(i) => match self.play_y(&st, i) {
                    Ok(next) => self.solve(next, true, 0, depth - 1),
                    Err(true) => Some(false),
                    Err(false) => continue,
                },
            };
            match r {
                Some(w) if w == x_to_move => {
                    result = Some(w);
                    break;
                }
                None => unknown = true,
                _ => {}
            }
        }
        self.path.pop();
        let decided = match result {
            Some(w) => Some(w),
            None if unknown => None,
            None => Some(!x_to_move),
        };
        // A result reached with an X move refused for the line's sake holds on this line only.
        if let (Some(w), false) = (decided, self.cut) {
            self.tt.insert(key, w);
        }
        self.cut |= cut_before;
        decided
    }

    /// The empty points of the region, most promising first for the side to move: X takes
    /// and saves first, then answers next to the stones in the region; Y first fills the
    /// liberties of the guarded string with fewest of them.
    fn ordered(&self, st: &State, strings: &[(Mask, Mask, u64)], x_to_move: bool) -> Vec<usize> {
        let empty = self.all & !st.x & !st.y;
        let mut score = [0i32; 64];
        // Liberties of Y strings in atari or short of liberties.
        let mut m = st.y;
        while m != 0 {
            let c = self.flood(m & m.wrapping_neg(), st.y);
            m &= !c;
            let libs = self.around(c) & empty;
            let w = match libs.count_ones() {
                1 => 40,
                2 => 8,
                _ => 2,
            };
            add(&mut score, libs, w);
        }
        for &(_, adj, bl) in strings {
            let libs = adj & empty;
            let w = match (libs.count_ones(), bl & self.guarded != 0) {
                (1, true) => 30,
                (2, true) => 12,
                (_, true) => 3,
                (1, false) => 10,
                _ => 1,
            };
            add(&mut score, libs, w);
        }
        if !x_to_move {
            // Y: points with more room around them make eye shape.
            let mut e = empty;
            while e != 0 {
                let i = e.trailing_zeros() as usize;
                e &= e - 1;
                score[i] += (self.r.nbr[i] & empty).count_ones() as i32;
            }
        }
        let mut moves: Vec<usize> = Vec::new();
        let mut e = empty;
        while e != 0 {
            let i = e.trailing_zeros() as usize;
            e &= e - 1;
            moves.push(i);
        }
        moves.sort_by_key(|&i| (-score[i], i));
        moves
    }
}

fn add(score: &mut [i32; 64], mut m: Mask, w: i32) {
    while m != 0 {
        let i = m.trailing_zeros() as usize;
        m &= m - 1;
        score[i] += w;
    }
}
