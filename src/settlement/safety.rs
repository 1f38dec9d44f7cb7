//! The safety solver: strings proven alive by local search where Benson's static test is not
//! enough, and the opponent's stones inside their regions proven dead (captured whatever their
//! owner does), in the spirit of Müller's and Niu and Müller's safety solvers.
//!
//! For a colour X, a *region* is a maximal connected set of points that are not X stones (as in
//! Benson's algorithm): it is bounded by X strings alone (its *boundary blocks*), and every
//! opponent (Y) stone in it has all its liberties in it. Each region of at most
//! [`MAX_REGION`] points is searched on its own (`local.rs`): Y moves first, X answers there.
//!
//! - A region is a **closed proof** when X keeps every boundary block with a liberty in the
//!   region, counting no liberty outside it, and reaches a position where each block owns two
//!   *vital* sub-regions of it (every empty point of such a sub-region is a liberty of the
//!   block, and only boundary strings border it): Benson's condition inside the region alone.
//!   Its blocks are alive whatever happens elsewhere.
//! - A region is an **eye** of a block b when, every boundary block being granted one liberty
//!   outside the region that cannot be filled, X keeps b with a liberty in the region and
//!   reaches a position where b owns one vital sub-region.
//! - Then, as in Benson's iteration, a block is alive when a closed proof borders it, or two
//!   eye regions whose boundary blocks are all still alive; blocks that fail are dropped until
//!   nothing changes.
//!
//! Why this is sound: X's strategy answers each Y move in the region where it was played, with
//! that region's local strategy, and passes otherwise. Look at the first moment a proven block
//! would lose its last liberty in one of its proof regions. Until then every boundary block of
//! the regions used is uncaptured, so each local game has followed the real board exactly (Y's
//! stones in a region have their liberties there; a block's outside liberties only add to the
//! model's); a Y move that fills a block's last liberty in a region while the block still has
//! one in its other proof region is suicide on the board, as in the model; so the local
//! strategy, which never lets a guarded block's liberties in the region run out, is still being
//! followed, and the moment cannot come. Y's moves outside the regions change nothing inside
//! them.
//!
//! - A **group proof** covers strings the regions alone leave unproven, typically strings of
//!   one group joined through cutting points on the open board, or one string whose eye
//!   regions need its outside liberties. A candidate group (strings sharing liberties, or a
//!   string alone) is searched as one *open set*: the small regions bounded by its
//!   strings alone, its strings' liberties on the open board, and the empty points next to
//!   those. The outside of the set is taken at its worst for X: a Y string touching a point
//!   outside (empty, or a Y stone) has liberties there and is never captured, an X string
//!   touching an outside empty point (or an X stone of another group) counts only its
//!   liberties in the set, and the game ends lost for X when such a string would be captured
//!   or when a guarded string runs out of liberties in the set. Each Y move on the board is
//!   then either in the set, where the local game follows the board exactly up to those
//!   pessimistic points, or outside it, where it changes nothing the game counts. A win (Y
//!   first; every guarded string ends in a group with two vital sub-regions, the closed goal
//!   below) proves the guarded strings alive whatever happens elsewhere; the set's points are
//!   then claimed, and no other proof uses them.
//! - In the closed goal, strings joined by two common liberties (a double connection outside
//!   every vital sub-region, each point in one pair) count as one group, since X answers a Y
//!   move on one point by playing the other and until then both strings keep two liberties;
//!   and an enclosed sub-region of at most a few empty points, bounded by anchored strings
//!   only, counts as an eye of the strings around it when a search of it alone (the virtual
//!   model) shows it is one. Both are again Benson's argument: each string keeps a liberty in
//!   each of its eye regions as long as it has one elsewhere.
//! - A **linked region** is a region whose closed proof fails, bordered by strings that meet
//!   outside it (empty points next to two of them): it is searched again as an open set with
//!   the other small regions its strings alone bound and those meeting points, as a group
//!   proof (every string around the set guarded).
//! - A **searched connection** joins two strings sharing a liberty: X, with Y moving first,
//!   always joins them (one string, or two common liberties) over their common liberties and
//!   the open points near those, each string granted an outside liberty as for an eye and
//!   holding a liberty in the set whenever Y is to move. Each connection uses its own points
//!   (none of another proof's), so, like a double connection, it keeps both strings breathing
//!   until they are one, and Benson's iteration counts them as one group.
//! - A **tail** (a string still unproven) is alive when X can always join it to strings
//!   already proven, or give it two vital sub-regions, over its liberties on the open board;
//!   the proven strings there are never captured, their proofs using none of those points.
//! - Y stones are **dead** when their region's boundary blocks are all proven alive and X,
//!   with Y moving first, captures every one of them (keeping the region's proof for the
//!   blocks that rely on it).
//!
//! The local game has no ko for X (X never takes a ko, never recreates a position of the
//! line it is reading): a proof that needs a ko is not found, and the stones stay unproven.

mod local;
mod open;
mod regions;
mod survive;

use local::{low_bits, Goal, Model, Outcome, Region, Search};
use open::{
    candidate_groups, connection_search, group_search, joined_by_miai, joined_by_search,
    territory_search, GroupProof,
};
use regions::{bordering_blocks, local_region};
use regions::{region_infos, search_regions, strings, RegionInfo};
pub use survive::{survives, SURVIVE_NODES};

use crate::engine::{Board, Cell, Color, Point, Regions};

/// Regions with more points than this (empty points and opponent stones) are not searched.
pub const MAX_REGION: usize = 40;
/// Regions with more empty points than this are not searched.
pub const MAX_EMPTIES: usize = 24;
/// Regions with opponent stones and more points than this are not searched for their capture.
pub const MAX_WIDE: usize = 64;
/// Node budget of one local search.
pub const LOCAL_NODES: u32 = 4_000;
/// Open sets (a group's liberties and small regions) with more points than this are not
/// searched.
pub const MAX_OPEN: usize = 64;
/// Node budget of one open group search.
pub const GROUP_NODES: u32 = 5_000;
/// A search of a region with this many empty points that fails is tried again by df-pn
/// (`Search::run_dfpn`): the range where its proofs pay (eye spaces too big for the
/// fixed-order search, small enough to be read out).
const DFPN_EMPTIES: std::ops::RangeInclusive<u32> = 6..=16;
/// Node budget of that df-pn search (under [`Safety::analyse_deep`]).
pub const DFPN_NODES: u32 = 100_000;

thread_local! {
    /// The df-pn budget of the analysis running on this thread: 0 (none) but inside
    /// [`Safety::analyse_deep`]. A thread-local rather than a parameter, as every search of the
    /// solver goes through [`solve`]; the analysis runs on one thread from start to end.
    static DFPN_BUDGET: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}
/// Node budget of one connection search.
pub const CONNECT_NODES: u32 = 1_000;
/// Connection searches of two strings over more points than this are not made.
const MAX_JOIN: usize = 24;
/// Node budget of the connection search of two strings.
const JOIN_NODES: u32 = 300;
/// Rounds of connection searches (each round tries every string still unproven).
const CONNECT_ROUNDS: usize = 4;

/// How a string's status was proven.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Proof {
    /// Benson's test, or eyes that are vital as they stand.
    Static,
    /// A local search of one region or two.
    Search,
}

/// The result of the safety solver for both colours.
#[derive(Clone, Debug)]
pub struct Safety {
    /// Per padded point: the stone there proven alive (with how).
    alive: Vec<Option<Proof>>,
    /// Per padded point: the stone there proven dead.
    dead: Vec<bool>,
    nodes: u64,
}

impl Safety {
    /// Runs the solver for both colours.
    pub fn analyse(board: &Board) -> Safety {
        let mut out = Safety {
            alive: vec![None; board.padded_len()],
            dead: vec![false; board.padded_len()],
            nodes: 0,
        };
        for x in Color::BOTH {
            analyse_colour(board, x, &mut out);
        }
        out
    }

    /// [`Safety::analyse`] with the second reading of [`DFPN_NODES`]: a region search that
    /// runs out of budget on an eye space of 6 to 16 empty points is read again by df-pn. A
    /// few times slower; for one position read with care (a record's final position).
    pub fn analyse_deep(board: &Board) -> Safety {
        /// Restores the budget in force before, however the analysis ends.
        struct Restore(u32);
        impl Drop for Restore {
            fn drop(&mut self) {
                DFPN_BUDGET.with(|d| d.set(self.0));
            }
        }
        let _restore = Restore(DFPN_BUDGET.with(|d| d.replace(DFPN_NODES)));
        Safety::analyse(board)
    }

    /// How the stone at `p` was proven alive, if it was.
    pub fn alive(&self, p: Point) -> Option<Proof> {
        self.alive[p.idx()]
    }

    /// Whether the stone at `p` is proven dead.
    pub fn dead(&self, p: Point) -> bool {
        self.dead[p.idx()]
    }

    /// Search nodes spent.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// This result, found on an image of `board` (a rotation or reflection), read on `board`:
    /// `to[p]` is where `board`'s point `p` lies in the image.
    pub fn pulled_back(&self, board: &Board, to: &[Point]) -> Safety {
        let mut out = Safety {
            alive: vec![None; board.padded_len()],
            dead: vec![false; board.padded_len()],
            nodes: self.nodes,
        };
        for p in board.points() {
            let q = to[p.idx()].idx();
            out.alive[p.idx()] = self.alive[q];
            out.dead[p.idx()] = self.dead[q];
        }
        out
    }
}

/// One colour's strings and regions, as the searches after the region proofs see them.
#[derive(Clone, Copy)]
struct Side<'a> {
    board: &'a Board,
    x: Color,
    own: Cell,
    /// Each X stone's string, densely numbered.
    block_of: &'a [usize],
    /// The number of X strings.
    nb: usize,
    regions: &'a Regions,
    infos: &'a [RegionInfo],
}

fn analyse_colour(board: &Board, x: Color, out: &mut Safety) {
    let own = Cell::of(x);
    let (block_of, block_stones) = strings(board, own);
    let nb = block_stones.len();
    if nb == 0 {
        return;
    }
    let regions = Regions::new(board, |p| board.cell(p) != own);
    let mut infos = region_infos(board, x, &regions, &block_of, &block_stones);
    search_regions(&mut infos, &mut out.nodes);
    // Groups: strings joined by double connections; Benson's iteration over the proofs; then
    // the open searches of groups the regions alone do not prove, until none succeeds.
    let side = Side {
        board,
        x,
        own,
        block_of: &block_of,
        nb,
        regions: &regions,
        infos: &infos,
    };
    let mut claimed = vec![false; board.padded_len()];
    let links = joined_by_search(&side, &mut claimed, &mut out.nodes);
    let mut proven = Proven {
        by_group: vec![false; nb],
        proofs: Vec::new(),
        claimed,
    };
    let (group, alive) = prove_groups(&side, &links, &mut proven, &mut out.nodes);
    let alive = prove_tails(&side, &links, alive, &mut proven, &mut out.nodes);
    let (need, guard) = eye_use(&infos, &group, &alive, nb);
    for (b, stones) in block_stones.iter().enumerate() {
        if !alive[b] {
            continue;
        }
        let searched = proven.by_group[b]
            || links.iter().any(|&(c, d)| c == b || d == b)
            || infos.iter().any(|info| {
                info.searched && info.blocks.contains(&b) && info.blocks.iter().all(|&c| alive[c])
            });
        let proof = if searched {
            Proof::Search
        } else {
            Proof::Static
        };
        for &p in stones {
            out.alive[p.idx()] = Some(proof);
        }
    }
    mark_dead(&side, &proven, &alive, &need, &guard, out);
}

/// What the group, linked-region and tail searches have proven so far: the strings proven by
/// an open proof, the proofs, and the points they use (no other proof may use them).
struct Proven {
    by_group: Vec<bool>,
    proofs: Vec<GroupProof>,
    claimed: Vec<bool>,
}

impl Proven {
    /// Records an open proof: its strings are alive, its points claimed.
    fn add(&mut self, proof: GroupProof) {
        for &b in &proof.blocks {
            self.by_group[b] = true;
        }
        for &p in &proof.members {
            self.claimed[p.idx()] = true;
        }
        self.proofs.push(proof);
    }
}

/// Benson's iteration over the region proofs with the open searches of linked regions and
/// candidate groups, until none succeeds. Returns each string's group and whether it is alive.
fn prove_groups(
    side: &Side,
    links: &[(usize, usize)],
    proven: &mut Proven,
    nodes: &mut u64,
) -> (Vec<usize>, Vec<bool>) {
    let Side {
        board,
        own,
        block_of,
        nb,
        infos,
        ..
    } = *side;
    let mut tried: Vec<Vec<usize>> = Vec::new();
    let mut tried_regions = vec![false; infos.len()];
    loop {
        let (group, _) = joined_by_miai(side, &proven.claimed, links);
        let alive = fixpoint(infos, &group, &proven.by_group);
        let mut progress = false;
        for (r, info) in infos.iter().enumerate() {
            if tried_regions[r]
                || info.local.is_none()
                || info.closed
                || info.blocks.len() < 2
                || info.blocks.iter().all(|&b| alive[b])
            {
                continue;
            }
            tried_regions[r] = true;
            if let Some(proof) = territory_search(side, r, &proven.claimed, nodes) {
                proven.add(proof);
                progress = true;
            }
        }
        for cand in candidate_groups(board, own, block_of, nb) {
            if cand.iter().all(|&b| alive[b]) || tried.contains(&cand) {
                continue;
            }
            tried.push(cand.clone());
            if let Some(proof) = group_search(side, &cand, &proven.claimed, nodes) {
                proven.add(proof);
                progress = true;
            }
        }
        if !progress {
            return (group, alive);
        }
    }
}

/// Tails: a string not yet proven that X can always join to a proven one (or give a group
/// with two eyes), searched over its liberties on the open board, in rounds until none
/// succeeds. The points of the double connections the groups rely on stay out of these
/// searches. Returns whether each string is alive.
fn prove_tails(
    side: &Side,
    links: &[(usize, usize)],
    mut alive: Vec<bool>,
    proven: &mut Proven,
    nodes: &mut u64,
) -> Vec<bool> {
    let (_, miai_points) = joined_by_miai(side, &proven.claimed, links);
    for &p in &miai_points {
        proven.claimed[p.idx()] = true;
    }
    for _ in 0..CONNECT_ROUNDS {
        let mut progress = false;
        for b in 0..side.nb {
            if alive[b] {
                continue;
            }
            if let Some(proof) = connection_search(side, b, &proven.claimed, &alive, nodes) {
                alive[b] = true;
                proven.add(proof);
                progress = true;
            }
        }
        if !progress {
            break;
        }
    }
    alive
}

/// Which strings rely on which region, and for how many eyes: per region, the eyes its
/// capture search must keep (2 for a closed proof in use, 1 for an eye in use, 0) and the
/// strings it must keep them for.
fn eye_use(
    infos: &[RegionInfo],
    group: &[usize],
    alive: &[bool],
    nb: usize,
) -> (Vec<u8>, Vec<u64>) {
    let mut need = vec![0u8; infos.len()];
    let mut guard = vec![0u64; infos.len()];
    let mut used_closed = vec![false; nb];
    for (r, info) in infos.iter().enumerate() {
        if info.closed
            && info
                .blocks
                .iter()
                .any(|&b| alive[b] && !used_closed[group[b]])
        {
            for &b in &info.blocks {
                used_closed[group[b]] = true;
            }
            need[r] = 2;
            guard[r] = low_bits(info.blocks.len());
        }
    }
    // Eyes without opponent stones are counted first, so that a region holding Y stones is
    // searched for their capture alone when the blocks around it live without it.
    let mut used_eyes = vec![0u8; nb];
    let order = (0..infos.len())
        .filter(|&r| !infos[r].has_y)
        .chain((0..infos.len()).filter(|&r| infos[r].has_y));
    for r in order {
        let info = &infos[r];
        if info.closed || info.eye_of == 0 || !info.blocks.iter().all(|&b| alive[b]) {
            continue;
        }
        let mut counted: Vec<usize> = Vec::new();
        for (i, &b) in info.blocks.iter().enumerate() {
            let g = group[b];
            if info.eye_of & (1 << i) == 0 || used_closed[g] {
                continue;
            }
            if !counted.contains(&g) {
                if used_eyes[g] >= 2 {
                    continue;
                }
                used_eyes[g] += 1;
                counted.push(g);
            }
            guard[r] |= 1 << i;
            need[r] = need[r].max(1);
        }
    }
    (need, guard)
}

/// Dead stones: in an open proof, every Y stone of its set captured (its strategy covers its
/// regions); elsewhere, in regions whose boundary is alive, every opponent stone captured.
fn mark_dead(
    side: &Side,
    proven: &Proven,
    alive: &[bool],
    need: &[u8],
    guard: &[u64],
    out: &mut Safety,
) {
    let Side {
        board, x, infos, ..
    } = *side;
    for proof in &proven.proofs {
        if proof.local.y0 == 0 {
            continue;
        }
        let all = low_bits(proof.blocks.len());
        let (won, n) = solve(&proof.local, Model::Closed, 2, true, all, GROUP_NODES);
        out.nodes += n as u64;
        if won {
            for &p in &proof.members {
                if board.stone(p) == Some(x.opp()) {
                    out.dead[p.idx()] = true;
                }
            }
        }
    }
    for (r, info) in infos.iter().enumerate() {
        if !info.has_y
            || !info.blocks.iter().all(|&b| alive[b])
            || info.members.iter().any(|p| proven.claimed[p.idx()])
        {
            continue;
        }
        let Some(local) = info.local.as_ref().or(info.wide.as_ref()) else {
            continue;
        };
        // A region that is some block's closed proof keeps its closed model.
        let model = if need[r] == 2 {
            Model::Closed
        } else {
            Model::Virtual
        };
        let (won, n) = solve(local, model, need[r], true, guard[r], LOCAL_NODES);
        out.nodes += n as u64;
        if won {
            for &p in &info.members {
                if board.stone(p) == Some(x.opp()) {
                    out.dead[p.idx()] = true;
                }
            }
        }
    }
}

/// One local search of `local`: whether X reaches the goal (`eyes` vital sub-regions for each
/// guarded string, every original Y stone captured when `capture`), and the nodes spent.
fn solve(
    local: &Region,
    model: Model,
    eyes: u8,
    capture: bool,
    guarded: u64,
    budget: u32,
) -> (bool, u32) {
    let goal = Goal {
        eyes,
        capture,
        join: false,
        survive: false,
    };
    let mut s = Search::new(local, model, goal, guarded, budget);
    let first = s.run();
    if first == Outcome::Win {
        return (true, s.nodes);
    }
    // The second reading, where the first ran out of budget (not where it found Y's
    // refutation, which df-pn would find again): not for the small searches that add one
    // string at a time to an eye (a partial eye takes the region from the open searches).
    let dfpn = DFPN_BUDGET.with(|d| d.get());
    let empties = (low_bits(local.n) & !local.x0 & !local.y0).count_ones();
    if dfpn == 0
        || first == Outcome::Loss
        || budget < LOCAL_NODES
        || !DFPN_EMPTIES.contains(&empties)
    {
        return (false, s.nodes);
    }
    let won = s.run_dfpn(dfpn) == Outcome::Win;
    (won, s.nodes)
}

/// Benson's iteration over the proofs, by group (`group`: each string's group's first
/// string): a group is alive when a closed proof or an open group proof (`by_group`) holds for
/// one of its strings, or when it has two eye regions whose boundary strings are all in living
/// groups; groups that fail are dropped until nothing changes. Returns, per string, whether it
/// is alive.
fn fixpoint(infos: &[RegionInfo], group: &[usize], by_group: &[bool]) -> Vec<bool> {
    let nb = group.len();
    let mut galive = vec![true; nb];
    loop {
        let mut eyes = vec![0u32; nb];
        let mut closed = vec![false; nb];
        for (b, &proven) in by_group.iter().enumerate() {
            closed[group[b]] |= proven;
        }
        for info in infos {
            if info.closed {
                for &b in &info.blocks {
                    closed[group[b]] = true;
                }
            } else if info.eye_of != 0 && info.blocks.iter().all(|&b| galive[group[b]]) {
                let mut counted: Vec<usize> = Vec::new();
                for (i, &b) in info.blocks.iter().enumerate() {
                    if info.eye_of & (1 << i) != 0 && !counted.contains(&group[b]) {
                        counted.push(group[b]);
                        eyes[group[b]] += 1;
                    }
                }
            }
        }
        let mut changed = false;
        for g in 0..nb {
            if galive[g] && group[g] == g && !closed[g] && eyes[g] < 2 {
                galive[g] = false;
                changed = true;
            }
        }
        if !changed {
            return (0..nb).map(|b| galive[group[b]]).collect();
        }
    }
}

#[cfg(test)]
mod tests;
