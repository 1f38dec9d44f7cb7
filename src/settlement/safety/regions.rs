//! The regions of one colour and their own searches: each region's boundary strings and local
//! game, and the closed proofs and eyes found by searching each region alone.

use super::local::{low_bits, Model, Region};
use super::{solve, LOCAL_NODES, MAX_EMPTIES, MAX_REGION, MAX_WIDE};
use crate::engine::{Board, Cell, Color, Point, Regions};

/// One region of X's, as the solver sees it.
pub(super) struct RegionInfo {
    pub(super) members: Vec<Point>,
    /// Indices of its boundary blocks.
    pub(super) blocks: Vec<usize>,
    /// The local game, when the region is small enough to search.
    pub(super) local: Option<Region>,
    /// The local game of a wider region with opponent stones, searched only for their capture.
    pub(super) wide: Option<Region>,
    /// Whether a closed proof holds.
    pub(super) closed: bool,
    /// The boundary blocks (as bits over `blocks`) the region is an eye of.
    pub(super) eye_of: u64,
    pub(super) has_y: bool,
    /// Whether a proof needed search nodes (not vital as it stands).
    pub(super) searched: bool,
}

impl RegionInfo {
    /// Whether no region proof uses the region (it was not searched, or proved nothing): its
    /// empty points are free for the searches of connections and groups.
    pub(super) fn unused(&self) -> bool {
        self.local.is_none() || (!self.closed && self.eye_of == 0)
    }
}

/// X's strings, densely numbered: each stone's string (`usize::MAX` elsewhere) and each
/// string's stones.
pub(super) fn strings(board: &Board, own: Cell) -> (Vec<usize>, Vec<Vec<Point>>) {
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
    (block_of, block_stones)
}

/// The regions of X (the points that are not X stones, islands of X stones added), each with
/// its boundary strings and its local games.
pub(super) fn region_infos(
    board: &Board,
    x: Color,
    regions: &Regions,
    block_of: &[usize],
    block_stones: &[Vec<Point>],
) -> Vec<RegionInfo> {
    let own = Cell::of(x);
    let nb = block_stones.len();
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
        let blocks = bordering_blocks(board, members.iter().copied(), own, block_of, |b| {
            island_in[b] != r
        });
        let empties = members
            .iter()
            .filter(|&&p| board.cell(p) == Cell::Empty)
            .count();
        let has_y = members.iter().any(|&p| board.stone(p) == Some(x.opp()));
        let local = (members.len() <= MAX_REGION
            && empties <= MAX_EMPTIES
            && blocks.len() <= 64
            && !blocks.is_empty())
        .then(|| local_region(board, &members, &blocks, block_of, x));
        // Wider regions holding opponent stones are searched only for their capture.
        let wide = (local.is_none()
            && has_y
            && members.len() <= MAX_WIDE
            && blocks.len() <= 64
            && !blocks.is_empty())
        .then(|| local_region(board, &members, &blocks, block_of, x));
        infos.push(RegionInfo {
            members,
            blocks,
            local,
            wide,
            closed: false,
            eye_of: 0,
            has_y,
            searched: false,
        });
    }
    infos
}

/// The searches of each region, independent of the others: a closed proof, else an eye for
/// all its strings, else an eye for as many of them as one strategy keeps.
pub(super) fn search_regions(infos: &mut [RegionInfo], nodes: &mut u64) {
    for info in infos.iter_mut() {
        let Some(local) = &info.local else { continue };
        let k = info.blocks.len();
        let all = low_bits(k);
        let (closed, n) = solve(local, Model::Closed, 2, false, all, LOCAL_NODES);
        *nodes += n as u64;
        if closed {
            info.closed = true;
            info.eye_of = all;
            info.searched = n > 0;
            continue;
        }
        let (eye, n) = solve(local, Model::Virtual, 1, false, all, LOCAL_NODES);
        *nodes += n as u64;
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
            *nodes += n as u64;
            if eye {
                info.eye_of = guard;
                info.searched |= n > 0;
            }
        }
    }
}

/// The X blocks (`block_of` ids, sorted) next to `points`, those `keep` accepts.
pub(super) fn bordering_blocks(
    board: &Board,
    points: impl Iterator<Item = Point>,
    own: Cell,
    block_of: &[usize],
    keep: impl Fn(usize) -> bool,
) -> Vec<usize> {
    let mut blocks: Vec<usize> = Vec::new();
    for p in points {
        for q in board.adj(p) {
            let b = block_of[q.idx()];
            if board.cell(q) == own && keep(b) && !blocks.contains(&b) {
                blocks.push(b);
            }
        }
    }
    blocks.sort_unstable();
    blocks
}

/// The local game of one region (`members`: its points, islands of X's stones included).
pub(super) fn local_region(
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
    let (mut open_x, mut open_y) = (0u64, 0u64);
    for (i, &p) in members.iter().enumerate() {
        match board.stone(p) {
            Some(c) if c == x => x0 |= 1 << i,
            Some(_) => y0 |= 1 << i,
            None => {}
        }
        for q in board.adj(p) {
            if let Some(j) = index(q) {
                nbr[i] |= 1 << j;
                continue;
            }
            match board.cell(q) {
                Cell::Wall => {}
                Cell::Empty => {
                    open_x |= 1 << i;
                    open_y |= 1 << i;
                }
                c if c == Cell::of(x) => match blocks.binary_search(&block_of[q.idx()]) {
                    Ok(k) => bl[k] |= 1 << i,
                    Err(_) => {
                        // An X string of no listed block: it may have liberties the game
                        // does not see, and its capture would free the Y stones next to it.
                        open_x |= 1 << i;
                        open_y |= 1 << i;
                    }
                },
                _ => open_y |= 1 << i,
            }
        }
    }
    Region {
        n,
        nbr,
        blocks: bl,
        x0,
        y0,
        open_x,
        open_y,
        safe: 0,
    }
}
