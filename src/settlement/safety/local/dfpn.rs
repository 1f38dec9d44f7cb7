//! Depth-first proof-number search (df-pn, Nagai 2002) of the local game, beside the
//! depth-limited search of [`super::Search::run`]: the same moves, rules and goal, but the
//! effort goes where the proof looks cheapest (the Y move with the fewest refutations left to
//! find, the X answer closest to proven), so it reaches the narrow, deep proofs of large eye
//! spaces that a fixed-order search of the same budget misses.
//!
//! Only proofs are trusted. A proof number of 0 is set bottom-up, from goal positions and
//! from children already proven, so every proof is a finite strategy for X. Two things make
//! the search weaker than the game, never stronger: an X move that recreates a position of
//! the line being read is not tried, and a Y move that does is taken as a win for Y (Y could
//! go on repeating). Either can spoil a *disproof* stored for another line (the
//! graph-history interaction), so a disproof is reported as [`Outcome::Unknown`].

use std::collections::HashMap;
use std::hash::BuildHasherDefault;

use super::{Outcome, Search, State};
use crate::settlement::referee::FxHasher;

/// A proof or disproof number: `INF` for proven (resp. disproven) the other way.
const INF: u32 = 1 << 28;

/// A node of the local game: the position, whose turn, and passes in a row.
type Key = (State, bool, u8);

impl Search<'_> {
    /// Solves the region from its start, Y to move, by df-pn within `budget` more nodes (the
    /// static verdicts of an earlier search kept): [`Outcome::Win`] when X reaches the goal
    /// whatever Y does, otherwise [`Outcome::Unknown`].
    pub(in crate::settlement::safety) fn run_dfpn(&mut self, budget: u32) -> Outcome {
        self.budget = self.nodes.saturating_add(budget);
        self.path.clear();
        let st = State {
            x: self.r.x0,
            y: self.r.y0,
            gone: 0,
            ko: 64,
        };
        if !self.nested {
            let empties = (self.all & !self.r.y0 & !self.r.x0).count_ones();
            self.sub_below = empties.min(super::SUB_EMPTIES + 1);
        }
        let mut pn_tt = std::mem::take(&mut self.pn_tt);
        let (pn, _) = self.mid(&mut pn_tt, (st, false, 0), INF - 1, INF - 1);
        self.pn_tt = pn_tt;
        if pn == 0 {
            Outcome::Win
        } else {
            Outcome::Unknown
        }
    }

    /// The static verdict of a node (X has won, X has lost), or `None`.
    fn leaf(&mut self, key: &Key) -> Option<bool> {
        let (st, x_to_move, passes) = *key;
        let slack = self.goal.join && x_to_move;
        let ekey = (st.x, st.y, st.gone, slack);
        let v = match self.eval.get(&ekey) {
            Some(&v) => v,
            None => {
                let strings = self.x_strings(st.x);
                self.verdict(&st, &strings, slack)
            }
        };
        v.or((passes >= 2).then_some(self.goal.survive))
    }

    /// The (proof, disproof) numbers of a node as known now.
    fn numbers(&mut self, tt: &Tt, key: &Key) -> (u32, u32) {
        match self.leaf(key) {
            Some(true) => (0, INF),
            Some(false) => (INF, 0),
            None => tt.get(key).copied().unwrap_or((1, 1)),
        }
    }

    /// The children of an inner node; `None` stands for a Y move that captures a guarded
    /// string (X has lost at once) or repeats the line (taken as lost for X).
    fn children(&mut self, key: &Key) -> Vec<Option<Key>> {
        let (st, x_to_move, passes) = *key;
        let strings = self.x_strings(st.x);
        let mut out = Vec::new();
        for i in self.ordered(&st, &strings, x_to_move) {
            if x_to_move {
                if let Some(next) = self.play_x(&st, i) {
                    if !self.path.contains(&(next.x, next.y)) {
                        out.push(Some((next, false, 0)));
                    }
                }
            } else {
                match self.play_y(&st, &strings, i) {
                    Ok(next) if self.path.contains(&(next.x, next.y)) => out.push(None),
                    Ok(next) => out.push(Some((next, true, 0))),
                    Err(true) => out.push(None),
                    Err(false) => {}
                }
            }
        }
        out.push(Some((State { ko: 64, ..st }, !x_to_move, passes + 1)));
        out
    }

    /// The multiple-iterative-deepening step: expands `key` until its proof number reaches
    /// `th_pn` or its disproof number `th_dn` (or the budget runs out); returns its numbers.
    fn mid(&mut self, tt: &mut Tt, key: Key, th_pn: u32, th_dn: u32) -> (u32, u32) {
        if let Some(v) = self.leaf(&key) {
            return if v { (0, INF) } else { (INF, 0) };
        }
        if self.nodes >= self.budget {
            return tt.get(&key).copied().unwrap_or((1, 1));
        }
        self.nodes += 1;
        let x_to_move = key.1;
        let kids = self.children(&key);
        self.path.push((key.0.x, key.0.y));
        let mut nums: Vec<(u32, u32)> = kids
            .iter()
            .map(|k| match k {
                Some(k) => self.numbers(tt, k),
                None => (INF, 0),
            })
            .collect();
        let result = loop {
            // For X (an OR node) the proof number is the least of the children's and the
            // disproof number their sum; for Y (an AND node) the other way round.
            let (mut best, mut first, mut second, mut sum) = (0usize, INF, INF, 0u32);
            for (c, &(pn, dn)) in nums.iter().enumerate() {
                let (own, other) = if x_to_move { (pn, dn) } else { (dn, pn) };
                sum = sum.saturating_add(other).min(INF);
                if own < first {
                    second = first;
                    first = own;
                    best = c;
                } else if own < second {
                    second = own;
                }
            }
            let (pn, dn) = if x_to_move {
                (first, sum)
            } else {
                (sum, first)
            };
            if pn >= th_pn || dn >= th_dn || self.nodes >= self.budget {
                break (pn, dn);
            }
            let Some(child) = kids[best] else {
                break (pn, dn);
            };
            let (cpn, cdn) = nums[best];
            let (c_pn, c_dn) = if x_to_move {
                (th_pn.min(widen(second)), th_dn - dn + cdn)
            } else {
                (th_pn - pn + cpn, th_dn.min(widen(second)))
            };
            nums[best] = self.mid(tt, child, c_pn, c_dn);
        };
        self.path.pop();
        tt.insert(key, result);
        result
    }
}

/// The threshold of the best child: a little above the second best's number (the 1 + epsilon
/// trick of Pawlewicz and Lew, which saves most of the switching between two close children).
fn widen(second: u32) -> u32 {
    second.saturating_add(second / 4 + 1).min(INF)
}

/// The proof and disproof numbers of the nodes searched.
pub(super) type Tt = HashMap<Key, (u32, u32), BuildHasherDefault<FxHasher>>;
