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
//! - Y stones are **dead** when their region's boundary blocks are all proven alive and X,
//!   with Y moving first, captures every one of them (keeping the region's proof for the
//!   blocks that rely on it).
//!
//! The local game has no ko for X (X never takes a ko, never recreates a position of the
//! line it is reading): a proof that needs a ko is not found, and the stones stay unproven.

mod local;

use local::{Goal, Model, Outcome, Region, Search};

use crate::engine::{Board, Cell, Color, Point, Regions};

/// Regions with more points than this (empty points and opponent stones) are not searched.
pub const MAX_REGION: usize = 40;
/// Regions with more empty points than this are not searched.
pub const MAX_EMPTIES: usize = 24;
/// Node budget of one local search.
pub const LOCAL_NODES: u32 = 4_000;

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
}

/// One region of X's, as the solver sees it.
struct RegionInfo {
    members: Vec<Point>,
    /// Indices of its boundary blocks.
    blocks: Vec<usize>,
    /// The local game, when the region is small enough to search.
    local: Option<Region>,
    /// Whether a closed proof holds.
    closed: bool,
    /// The boundary blocks (as bits over `blocks`) the region is an eye of.
    eye_of: u64,
    has_y: bool,
    /// Whether a proof needed search nodes (not vital as it stands).
    searched: bool,
}

fn analyse_colour(board: &Board, x: Color, out: &mut Safety) {
    let own = Cell::of(x);
    // X's strings, densely numbered.
    let mut block_of = vec![usize::MAX; board.padded_len()];
    let mut block_stones: Vec<Vec<Point>> = Vec::new();
    for p in board.points() {
        if board.cell(p) == own {
            let h = board.string_head(p);
            if block_of[h.idx()] == usize::MAX {
                block_of[h.idx()] = block_stones.len();
                block_stones.push(Vec::new());
            }
            let b = block_of[h.idx()];
            block_of[p.idx()] = b;
            block_stones[b].push(p);
        }
    }
    let nb = block_stones.len();
    if nb == 0 {
        return;
    }
    let regions = Regions::new(board, |p| board.cell(p) != own);
    // Islands: X strings whose every neighbour lies in one region. They are played in that
    // region's local game as X stones the opponent may take, not as boundary blocks (the
    // single stone on the vital point of a dead eye space).
    let mut island_in = vec![usize::MAX; nb];
    for (b, stones) in block_stones.iter().enumerate() {
        let mut only: Option<usize> = None;
        let mut one = true;
        for &p in stones {
            for q in board.adj(p) {
                if let Some(r) = regions.region_of(q) {
                    match only {
                        None => only = Some(r),
                        Some(r0) if r0 != r => one = false,
                        _ => {}
                    }
                }
            }
        }
        if let (true, Some(r)) = (one, only) {
            island_in[b] = r;
        }
    }
    let mut infos: Vec<RegionInfo> = Vec::with_capacity(regions.len());
    for (r, members) in regions.iter().enumerate() {
        let mut members = members.to_vec();
        for (b, stones) in block_stones.iter().enumerate() {
            if island_in[b] == r {
                members.extend_from_slice(stones);
            }
        }
        let mut blocks: Vec<usize> = Vec::new();
        for &p in &members {
            for q in board.adj(p) {
                if board.cell(q) == own
                    && island_in[block_of[q.idx()]] != r
                    && !blocks.contains(&block_of[q.idx()])
                {
                    blocks.push(block_of[q.idx()]);
                }
            }
        }
        blocks.sort_unstable();
        let empties = members
            .iter()
            .filter(|&&p| board.cell(p) == Cell::Empty)
            .count();
        let has_y = members.iter().any(|&p| board.stone(p) == Some(x.opp()));
        let local = (members.len() <= MAX_REGION
            && empties <= MAX_EMPTIES
            && blocks.len() <= 64
            && !blocks.is_empty())
        .then(|| local_region(board, &members, &blocks, &block_of, x));
        infos.push(RegionInfo {
            members,
            blocks,
            local,
            closed: false,
            eye_of: 0,
            has_y,
            searched: false,
        });
    }
    // The searches of each region, independent of the others.
    for info in &mut infos {
        let Some(local) = &info.local else { continue };
        let k = info.blocks.len();
        let all: u64 = if k == 64 { !0 } else { (1u64 << k) - 1 };
        let (closed, n) = solve(local, Model::Closed, 2, false, all, LOCAL_NODES);
        out.nodes += n as u64;
        if closed {
            info.closed = true;
            info.eye_of = all;
            info.searched = n > 0;
            continue;
        }
        let (eye, n) = solve(local, Model::Virtual, 1, false, all, LOCAL_NODES);
        out.nodes += n as u64;
        if eye {
            info.eye_of = all;
            info.searched = n > 0;
            continue;
        }
        if k == 1 {
            continue;
        }
        // One strategy must keep the eye of every string the region is counted for: strings
        // that each win alone are added one at a time, each time searching for the whole set
        // (two strategies each keeping one string's eye may not be one keeping both).
        for b in 0..k {
            let guard = info.eye_of | 1 << b;
            let (eye, n) = solve(local, Model::Virtual, 1, false, guard, LOCAL_NODES / 4);
            out.nodes += n as u64;
            if eye {
                info.eye_of = guard;
                info.searched |= n > 0;
            }
        }
    }
    // Groups: strings joined by double connections.
    let group = joined_by_miai(board, own, &block_of, nb, &regions, &infos);
    // Benson's iteration over the proofs, by group.
    let mut galive = vec![true; nb];
    loop {
        let mut eyes = vec![0u32; nb];
        let mut closed = vec![false; nb];
        for info in &infos {
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
            break;
        }
    }
    let alive: Vec<bool> = (0..nb).map(|b| galive[group[b]]).collect();
    // Which blocks rely on which region, and for how many eyes.
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
            guard[r] = if info.blocks.len() == 64 {
                !0
            } else {
                (1 << info.blocks.len()) - 1
            };
        }
    }
    let mut used_eyes = vec![0u8; nb];
    for (r, info) in infos.iter().enumerate() {
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
    for (b, stones) in block_stones.iter().enumerate() {
        if !alive[b] {
            continue;
        }
        let searched = infos.iter().any(|info| {
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
    // Dead stones: regions whose boundary is alive, every opponent stone captured.
    for (r, info) in infos.iter().enumerate() {
        if !info.has_y || !info.blocks.iter().all(|&b| alive[b]) {
            continue;
        }
        let Some(local) = &info.local else { continue };
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
    let mut s = Search::new(local, model, Goal { eyes, capture }, guarded, budget);
    let won = s.run() == Outcome::Win;
    (won, s.nodes)
}

/// The groups of X's strings joined by double connections: two strings sharing two empty
/// points outside every searched region are one group, since X answers Y's move on either
/// point by playing the other, which joins them (each point serves one pair only). Returns
/// for each string the index of its group's first string.
fn joined_by_miai(
    board: &Board,
    own: Cell,
    block_of: &[usize],
    nb: usize,
    regions: &Regions,
    infos: &[RegionInfo],
) -> Vec<usize> {
    let mut parent: Vec<usize> = (0..nb).collect();
    fn find(parent: &mut [usize], x: usize) -> usize {
        let mut r = x;
        while parent[r] != r {
            r = parent[r];
        }
        parent[x] = r;
        r
    }
    // Candidate points per pair of strings, in point order.
    let mut shared: Vec<((usize, usize), Point)> = Vec::new();
    for p in board.points() {
        if board.cell(p) != Cell::Empty {
            continue;
        }
        let searched = regions
            .region_of(p)
            .is_some_and(|r| infos[r].local.is_some());
        if searched {
            continue;
        }
        let mut around: Vec<usize> = Vec::new();
        for q in board.adj(p) {
            if board.cell(q) == own && !around.contains(&block_of[q.idx()]) {
                around.push(block_of[q.idx()]);
            }
        }
        around.sort_unstable();
        for a in 0..around.len() {
            for b in a + 1..around.len() {
                shared.push(((around[a], around[b]), p));
            }
        }
    }
    shared.sort_unstable();
    let mut used: Vec<Point> = Vec::new();
    let mut k = 0;
    while k < shared.len() {
        let key = shared[k].0;
        let mut pts: Vec<Point> = Vec::new();
        while k < shared.len() && shared[k].0 == key {
            if !used.contains(&shared[k].1) && pts.len() < 2 {
                pts.push(shared[k].1);
            }
            k += 1;
        }
        if pts.len() == 2 {
            used.extend_from_slice(&pts);
            let (a, b) = (find(&mut parent, key.0), find(&mut parent, key.1));
            parent[a.max(b)] = a.min(b);
        }
    }
    (0..nb).map(|b| find(&mut parent, b)).collect()
}

/// The local game of one region (`members`: its points, islands of X's stones included).
fn local_region(
    board: &Board,
    members: &[Point],
    blocks: &[usize],
    block_of: &[usize],
    x: Color,
) -> Region {
    let n = members.len();
    let index = |p: Point| members.iter().position(|&m| m == p);
    let mut nbr = vec![0u64; n];
    let mut bl = vec![0u64; blocks.len()];
    let (mut x0, mut y0) = (0u64, 0u64);
    for (i, &p) in members.iter().enumerate() {
        match board.stone(p) {
            Some(c) if c == x => x0 |= 1 << i,
            Some(_) => y0 |= 1 << i,
            None => {}
        }
        for q in board.adj(p) {
            if let Some(j) = index(q) {
                nbr[i] |= 1 << j;
            } else if board.stone(q).is_some() {
                let b = block_of[q.idx()];
                if let Ok(k) = blocks.binary_search(&b) {
                    bl[k] |= 1 << i;
                }
            }
        }
    }
    Region {
        n,
        nbr,
        blocks: bl,
        x0,
        y0,
    }
}

#[cfg(test)]
mod tests;
