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

mod dfpn;

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
    /// Whether the guarded strings must be joined instead: one string, or two sharing two
    /// empty points (X answers Y's move on one by playing the other).
    pub join: bool,
    /// Whether X only has to keep its stones: X loses when Y captures one of X's original
    /// stones, and wins when the game ends by two passes (a seki's defence).
    pub survive: bool,
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
    /// Points next to a point outside the region that may give an X string there a liberty
    /// the local game does not count (an empty point, or an X stone of no boundary block).
    /// Empty for a Benson region; an *open* set (a group's liberties) has some.
    pub open_x: Mask,
    /// Points next to a point outside the region that may give a Y string there a liberty
    /// the local game does not count (an empty point or a Y stone): a Y string touching one
    /// is never captured.
    pub open_y: Mask,
    /// Boundary blocks (bits over `blocks`) already proven alive by a proof that uses none of
    /// the region's points: never captured, and a string joined to one is alive.
    pub safe: u64,
}

/// One X string of the local game: its stones in the region, the region's points next to it,
/// and the boundary blocks it holds (0 for a string of stones played in the region alone).
type XString = (Mask, Mask, u64);

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
    /// Enclosed sub-regions with fewer empty points than this may be proven eyes by a search
    /// of their own (0: none).
    sub_below: u32,
    /// The results of those searches: (points, Y stones, adjacency of the strings around).
    sub_tt: HashMap<(Mask, Mask, u64), bool, BuildHasherDefault<FxHasher>>,
    /// Whether this is itself a sub-region search (which searches no sub-regions).
    nested: bool,
    /// The static verdict of each position met (X's stones, Y's, Y's captured).
    eval: HashMap<(Mask, Mask, Mask, bool), Option<bool>, BuildHasherDefault<FxHasher>>,
    /// The proof and disproof numbers of [`Search::run_dfpn`].
    pn_tt: dfpn::Tt,
}

/// Node budget of one sub-region eye search.
const SUB_NODES: u32 = 50;
/// Sub-regions with more empty points than this are not searched as eyes of their own.
const SUB_EMPTIES: u32 = 5;

impl<'a> Search<'a> {
    pub(super) fn new(
        r: &'a Region,
        model: Model,
        goal: Goal,
        guarded: u64,
        budget: u32,
    ) -> Search<'a> {
        let all = low_bits(r.n);
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
            sub_below: 0,
            sub_tt: HashMap::default(),
            nested: false,
            eval: HashMap::default(),
            pn_tt: HashMap::default(),
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
        if !self.nested {
            self.sub_below = empties.min(SUB_EMPTIES + 1);
        }
        let depth = (2 * empties + 2 * self.r.y0.count_ones() + 6).min(40);
        // A shallow pass first (an answer that makes the eyes at once), on a quarter of the
        // budget; then the full depth, keeping what the shallow pass decided.
        let budget = self.budget;
        self.budget = budget / 4;
        let shallow = self.solve(st, false, 0, 4.min(depth));
        self.budget = budget;
        match shallow.or_else(|| self.solve(st, false, 0, depth)) {
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
    fn x_strings(&self, x: Mask) -> Vec<XString> {
        // The chains of X stones in the region (at most 64: each holds a point).
        let mut chains = [0 as Mask; 64];
        let mut nc = 0usize;
        let mut rest = x;
        while rest != 0 {
            let c = self.flood(rest & rest.wrapping_neg(), x);
            rest &= !c;
            chains[nc] = c;
            nc += 1;
        }
        // Each block is its own string unless chains join blocks together.
        let mut out: Vec<XString> = Vec::new();
        let mut used_chain: u64 = 0;
        let mut block_done: u64 = 0;
        for b in 0..self.r.blocks.len() {
            if block_done & (1 << b) != 0 {
                continue;
            }
            let mut blocks: u64 = 1 << b;
            let mut stones: Mask = 0;
            let mut adj: Mask = self.r.blocks[b];
            loop {
                let mut grew = false;
                for (ci, &c) in chains[..nc].iter().enumerate() {
                    if used_chain & (1 << ci) == 0 && c & adj != 0 {
                        used_chain |= 1 << ci;
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
            block_done |= blocks;
            out.push((stones, adj & !stones, blocks));
        }
        for (ci, &c) in chains[..nc].iter().enumerate() {
            if used_chain & (1 << ci) == 0 {
                out.push((c, self.around(c), 0));
            }
        }
        out
    }

    /// Whether every guarded string has a liberty in the region.
    fn guarded_breathe(&self, strings: &[(Mask, Mask, u64)], empty: Mask) -> bool {
        strings.iter().all(|&(_, adj, bl)| {
            bl & self.guarded == 0 || bl & self.r.safe != 0 || adj & empty != 0
        })
    }

    /// Whether the goal holds at `st`.
    fn goal_met(&mut self, st: &State, strings: &[(Mask, Mask, u64)]) -> bool {
        if self.goal.capture && st.gone & self.r.y0 != self.r.y0 {
            return false;
        }
        if self.goal.join {
            let empty = self.all & !st.x & !st.y;
            let mut holders = strings.iter().filter(|s| s.2 & self.guarded != 0);
            return match (holders.next(), holders.next(), holders.next()) {
                (Some(_), None, _) => true,
                (Some(a), Some(b), None) => (a.1 & b.1 & empty).count_ones() >= 2,
                _ => false,
            };
        }
        if self.goal.eyes == 0 {
            return true;
        }
        if self.r.safe != 0
            && strings
                .iter()
                .all(|s| s.2 & self.guarded == 0 || s.2 & self.r.safe != 0)
        {
            return true;
        }
        if strings.len() > 64 {
            return false;
        }
        let empty = self.all & !st.x & !st.y;
        let free_x: Mask = strings.iter().filter(|s| s.2 == 0).fold(0, |a, s| a | s.0);
        let open = self.r.open_x | self.r.open_y;
        // The vital sub-regions, with the strings each is vital to.
        let mut vital: Vec<(Mask, u64)> = Vec::new();
        let mut rest = self.all & !st.x;
        while rest != 0 {
            let q = self.flood(rest & rest.wrapping_neg(), self.all & !st.x);
            rest &= !q;
            let qe = q & empty;
            if qe == 0 || q & open != 0 || self.around(q) & free_x != 0 {
                continue;
            }
            let mut of = 0u64;
            let mut walls = 0u64;
            for (k, s) in strings.iter().enumerate() {
                if s.2 != 0 && s.1 & q != 0 {
                    walls |= 1 << k;
                    if qe & !s.1 == 0 {
                        of |= 1 << k;
                    }
                }
            }
            if of != walls
                && qe.count_ones() < self.sub_below
                && self.sub_eye(q, st.y & q, strings, walls)
            {
                of = walls;
            }
            if of != 0 {
                vital.push((q, of));
            }
        }
        if self.goal.eyes == 1 || self.model == Model::Virtual {
            return strings.iter().enumerate().all(|(k, s)| {
                s.2 & self.guarded == 0
                    || vital.iter().filter(|v| v.1 & (1 << k) != 0).count()
                        >= self.goal.eyes as usize
            });
        }
        self.alive_with_miai(strings, empty, &vital)
    }

    /// Whether the enclosed sub-region `q` (no X stone in it, no open point, only anchored
    /// strings `walls` around it) is an eye of every string around it: a search of `q` alone
    /// in the virtual model, Y first, X keeping each of them with one vital sub-region. As with
    /// regions, X's strategy answers a Y move in `q` there, so its result holds as part of this
    /// game's (the module doc of [`super`] gives the argument).
    fn sub_eye(&mut self, q: Mask, y: Mask, strings: &[(Mask, Mask, u64)], walls: u64) -> bool {
        let mut key_adj = 0u64;
        let mut adj: Vec<Mask> = Vec::new();
        for (k, s) in strings.iter().enumerate() {
            if walls & (1 << k) != 0 {
                adj.push(s.1 & q);
                key_adj = key_adj.rotate_left(7) ^ (s.1 & q);
            }
        }
        if let Some(&w) = self.sub_tt.get(&(q, y, key_adj)) {
            return w;
        }
        let mut index = [0u8; 64];
        let mut m = q;
        let mut n = 0usize;
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            index[i] = n as u8;
            n += 1;
        }
        let remap = |mask: Mask| {
            let mut out = 0u64;
            let mut m = mask & q;
            while m != 0 {
                let i = m.trailing_zeros() as usize;
                m &= m - 1;
                out |= 1 << index[i];
            }
            out
        };
        let mut nbr = vec![0u64; n];
        let mut m = q;
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            nbr[index[i] as usize] = remap(self.r.nbr[i]);
        }
        let sub = Region {
            n,
            nbr,
            blocks: adj.iter().map(|&a| remap(a)).collect(),
            x0: 0,
            y0: remap(y),
            open_x: 0,
            open_y: 0,
            safe: 0,
        };
        let guard = low_bits(adj.len());
        let mut search = Search::new(
            &sub,
            Model::Virtual,
            Goal {
                eyes: 1,
                capture: false,
                join: false,
                survive: false,
            },
            guard,
            SUB_NODES,
        );
        search.nested = true;
        let won = search.run() == Outcome::Win;
        self.nodes = self.nodes.saturating_add(search.nodes);
        self.sub_tt.insert((q, y, key_adj), won);
        won
    }

    /// The closed goal with double connections: anchored strings joined by two common
    /// liberties (outside every vital sub-region, each point in one pair only) form a group,
    /// since X answers Y's move on one point by playing the other, and until then each of
    /// the two strings keeps both liberties. As in Benson's algorithm, a group is alive when
    /// it has two vital sub-regions (each vital to one of its strings) whose surrounding
    /// strings are all in living groups; groups that fail are dropped until nothing changes.
    /// Every guarded string must be in a living group.
    fn alive_with_miai(
        &self,
        strings: &[(Mask, Mask, u64)],
        empty: Mask,
        vital: &[(Mask, u64)],
    ) -> bool {
        let n = strings.len();
        let in_vital: Mask = vital.iter().fold(0, |a, v| a | v.0);
        let mut parent: Vec<usize> = (0..n).collect();
        let mut used: Mask = in_vital;
        for a in 0..n {
            if strings[a].2 == 0 {
                continue;
            }
            for b in a + 1..n {
                if strings[b].2 == 0 {
                    continue;
                }
                let common = strings[a].1 & strings[b].1 & empty & !used;
                if common.count_ones() >= 2 {
                    let first = common & common.wrapping_neg();
                    let rest = common & !first;
                    used |= first | (rest & rest.wrapping_neg());
                    let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
                    parent[ra.max(rb)] = ra.min(rb);
                }
            }
        }
        let group: Vec<usize> = (0..n).map(|k| find(&mut parent, k)).collect();
        // The strings around each vital sub-region.
        let walls: Vec<u64> = vital
            .iter()
            .map(|v| {
                let mut w = 0u64;
                for (k, s) in strings.iter().enumerate() {
                    if s.2 != 0 && s.1 & v.0 != 0 {
                        w |= 1 << k;
                    }
                }
                w
            })
            .collect();
        let mut alive: Vec<bool> = (0..n).map(|k| strings[k].2 != 0).collect();
        // Groups holding an already proven block live without eyes of their own here.
        let mut safe = vec![false; n];
        for (k, s) in strings.iter().enumerate() {
            if s.2 & self.r.safe != 0 {
                safe[group[k]] = true;
            }
        }
        loop {
            let mut eyes = vec![0u8; n];
            for (v, &w) in vital.iter().zip(&walls) {
                if (0..n).any(|k| w & (1 << k) != 0 && !alive[group[k]]) {
                    continue;
                }
                let mut counted = 0u64;
                for (k, &g) in group.iter().enumerate() {
                    if v.1 & (1 << k) != 0 && counted & (1 << g) == 0 {
                        counted |= 1 << g;
                        eyes[g] = eyes[g].saturating_add(1);
                    }
                }
            }
            let mut changed = false;
            for g in 0..n {
                if alive[g] && group[g] == g && eyes[g] < 2 && !safe[g] {
                    alive[g] = false;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        strings
            .iter()
            .enumerate()
            .all(|(k, s)| s.2 & self.guarded == 0 || alive[group[k]])
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
            if self.around(c) & empty0 == 0 && c & self.r.open_y == 0 {
                captured |= c;
            }
        }
        y &= !captured;
        let empty = self.all & !x & !y;
        let own = self.flood(bit, x);
        let anchored = self.r.blocks.iter().any(|&bm| bm & own != 0);
        // The liberties of the string the move joins, its blocks' included, and whether it
        // holds an already proven block.
        let (libs, safe) = if anchored {
            self.x_strings(x)
                .into_iter()
                .find(|s| s.0 & bit != 0)
                .map_or((0, false), |s| (s.1 & empty, s.2 & self.r.safe != 0))
        } else {
            (self.around(own) & empty, false)
        };
        if libs == 0 && (!anchored || self.model == Model::Closed) && !safe {
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

    /// Plays Y at point `i` (`strings`: X's strings at `st`): `Ok(state)`, `Err(true)` when
    /// the move captures a boundary block (X has lost), `Err(false)` when Y may not play there.
    fn play_y(&self, st: &State, strings: &[XString], i: usize) -> Result<State, bool> {
        let bit = 1u64 << i;
        let y = st.y | bit;
        let mut x = st.x;
        let empty0 = self.all & !x & !y;
        let mut captured: Mask = 0;
        for &(stones, adj, bl) in strings {
            if adj & bit == 0 || adj & empty0 != 0 || bl & self.r.safe != 0 {
                continue;
            }
            if bl == 0 && stones & self.r.open_x == 0 {
                if self.goal.survive && stones & self.r.x0 != 0 {
                    return Err(true);
                }
                captured |= stones;
            } else if bl == 0 || self.model == Model::Closed {
                // A string with a liberty the game does not see may not be captured on the
                // board: the game stops there, lost for X.
                return Err(true);
            }
        }
        x &= !captured;
        let empty = self.all & !x & !y;
        let own = self.flood(bit, y);
        let libs = self.around(own) & empty;
        let open = own & self.r.open_y != 0;
        if libs == 0 && !open {
            // Suicide: the stone filled the last liberty of a string that cannot be taken.
            return Err(false);
        }
        let ko = if captured.count_ones() == 1 && own == bit && libs == captured && !open {
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

    /// The static verdict of `st` (`strings`: X's strings there; `slack`: a guarded string
    /// may be out of breath, X restoring a liberty at once), kept: `Some(false)` when a
    /// guarded string has no liberty left, `Some(true)` when the goal holds.
    fn verdict(&mut self, st: &State, strings: &[XString], slack: bool) -> Option<bool> {
        let empty = self.all & !st.x & !st.y;
        let v = if !slack && !self.guarded_breathe(strings, empty) {
            Some(false)
        } else if self.goal_met(st, strings) {
            Some(true)
        } else {
            None
        };
        self.eval.insert((st.x, st.y, st.gone, slack), v);
        v
    }

    /// Whether X (to move when `x_to_move`) reaches the goal; `None` when undecided.
    fn solve(&mut self, st: State, x_to_move: bool, passes: u8, depth: u32) -> Option<bool> {
        // The static verdict of a position (a string out of breath, the goal met), kept: the
        // deepening visits the same leaves again.
        // Joining, a guarded string may be short of liberties in the region while X is to
        // move (X restores one at once): its liberty is checked when Y is to move.
        let slack = self.goal.join && x_to_move;
        let ekey = (st.x, st.y, st.gone, slack);
        let cached = self.eval.get(&ekey).copied();
        if let Some(v) = cached {
            if v.is_some() {
                return v;
            }
            if passes >= 2 {
                return Some(self.goal.survive);
            }
            if depth == 0 || self.nodes >= self.budget {
                if let Some(&w) = self.tt.get(&(st, x_to_move, passes)) {
                    return Some(w);
                }
                return None;
            }
        }
        let (strings, verdict) = match cached {
            Some(v) => (self.x_strings(st.x), v),
            None => {
                let strings = self.x_strings(st.x);
                let v = self.verdict(&st, &strings, slack);
                (strings, v)
            }
        };
        if let Some(v) = verdict {
            return Some(v);
        }
        if passes >= 2 {
            return Some(self.goal.survive);
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
                Some(i) => match self.play_y(&st, &strings, i) {
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

/// The mask of the `n` lowest bits (all 64 when `n` is 64 or more).
pub(super) fn low_bits(n: usize) -> u64 {
    if n >= 64 {
        !0
    } else {
        (1u64 << n) - 1
    }
}

/// The representative of `a`'s set in a union-find forest.
pub(super) fn find(parent: &mut [usize], mut a: usize) -> usize {
    while parent[a] != a {
        a = parent[a];
    }
    a
}

fn add(score: &mut [i32; 64], mut m: Mask, w: i32) {
    while m != 0 {
        let i = m.trailing_zeros() as usize;
        m &= m - 1;
        score[i] += w;
    }
}
