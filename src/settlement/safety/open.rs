//! The searches over open sets: strings of one group held together through points of the open
//! board (group proofs), regions whose strings meet outside them (linked regions), strings
//! joined to living ones (tails) and pairs of strings joined by search (connections). The
//! module doc of [`super`] gives the model and why a win holds on the board.

use super::local::{find, low_bits, Goal, Model, Outcome, Region, Search};
use super::{
    bordering_blocks, local_region, solve, Side, CONNECT_NODES, GROUP_NODES, JOIN_NODES, MAX_JOIN,
    MAX_OPEN,
};
use crate::engine::{Board, Cell, Point};

/// An open group proof: X's strings `blocks` are alive by one closed search of `members`.
pub(super) struct GroupProof {
    pub(super) members: Vec<Point>,
    pub(super) blocks: Vec<usize>,
    pub(super) local: Region,
}

/// Candidate groups for open searches: X's strings joined through common liberties (a
/// heuristic; the search decides), each sorted; a string sharing no liberty with another is a
/// candidate of its own (its eye regions and its liberties searched together).
pub(super) fn candidate_groups(
    board: &Board,
    own: Cell,
    block_of: &[usize],
    nb: usize,
) -> Vec<Vec<usize>> {
    let mut parent: Vec<usize> = (0..nb).collect();
    for p in board.points() {
        if board.cell(p) != Cell::Empty {
            continue;
        }
        let mut first: Option<usize> = None;
        for q in board.adj(p) {
            if board.cell(q) == own {
                let b = find(&mut parent, block_of[q.idx()]);
                match first {
                    None => first = Some(b),
                    Some(a) if a != b => {
                        parent[a.max(b)] = a.min(b);
                        first = Some(a.min(b));
                    }
                    _ => {}
                }
            }
        }
    }
    let mut groups: Vec<Vec<usize>> = vec![Vec::new(); nb];
    for b in 0..nb {
        let r = find(&mut parent, b);
        groups[r].push(b);
    }
    groups.into_iter().filter(|g| !g.is_empty()).collect()
}

/// The open search of one candidate group: the points of the small regions bounded by its
/// strings alone, its strings' liberties elsewhere and the empty points next to those (not
/// claimed by another proof), searched in the closed model with the outside as open
/// (`local.rs`). The strings with an empty point in the set are guarded; they are proven alive
/// when X, with Y moving first, keeps every one of them in a group with two vital sub-regions.
pub(super) fn group_search(
    side: &Side,
    cand: &[usize],
    claimed: &[bool],
    nodes: &mut u64,
) -> Option<GroupProof> {
    let Side {
        board,
        x,
        own,
        block_of,
        infos,
        ..
    } = *side;
    let in_cand = |b: usize| cand.binary_search(&b).is_ok();
    let mut inner: Vec<Point> = Vec::new();
    for info in infos {
        if info.local.is_some()
            && !info.blocks.is_empty()
            && info.blocks.iter().all(|&b| in_cand(b))
            && !info.members.iter().any(|p| claimed[p.idx()])
        {
            inner.extend_from_slice(&info.members);
        }
    }
    let (members, _) = open_set(side, in_cand, inner, claimed)?;
    if members.is_empty() {
        return None;
    }
    // The candidate's strings with an empty point of the set next to them.
    let mut blocks: Vec<usize> = Vec::new();
    for &p in &members {
        if board.cell(p) != Cell::Empty {
            continue;
        }
        for q in board.adj(p) {
            if board.cell(q) == own {
                let b = block_of[q.idx()];
                if in_cand(b) && !blocks.contains(&b) {
                    blocks.push(b);
                }
            }
        }
    }
    blocks.sort_unstable();
    if blocks.is_empty() || blocks.len() > 64 {
        return None;
    }
    let local = local_region(board, &members, &blocks, block_of, x);
    let all = low_bits(blocks.len());
    let (won, n) = solve(&local, Model::Closed, 2, false, all, GROUP_NODES);
    *nodes += n as u64;
    won.then_some(GroupProof {
        members,
        blocks,
        local,
    })
}

/// The search of a region whose boundary strings are linked outside it: the region, the
/// other small regions bounded by its strings alone, and the empty points outside next to two
/// of its strings (the links: a diagonal's other cutting point, a one-point jump), not claimed,
/// searched in the closed model with the outside as open. The region's strings are proven
/// alive when X, with Y moving first, keeps every one of them in a group with two vital
/// sub-regions.
pub(super) fn territory_search(
    side: &Side,
    r: usize,
    claimed: &[bool],
    nodes: &mut u64,
) -> Option<GroupProof> {
    let Side {
        board,
        x,
        own,
        block_of,
        regions,
        infos,
        ..
    } = *side;
    let info = &infos[r];
    if info.members.iter().any(|p| claimed[p.idx()]) {
        return None;
    }
    let of_r = |b: usize| info.blocks.binary_search(&b).is_ok();
    let mut members = info.members.clone();
    for (r2, other) in infos.iter().enumerate() {
        if r2 != r
            && other.local.is_some()
            && !other.blocks.is_empty()
            && other.blocks.iter().all(|&b| of_r(b))
            && !other.members.iter().any(|p| claimed[p.idx()])
        {
            members.extend_from_slice(&other.members);
        }
    }
    let mut links = 0;
    for p in board.points() {
        if board.cell(p) != Cell::Empty
            || claimed[p.idx()]
            || members.contains(&p)
            || !regions.region_of(p).is_some_and(|q| infos[q].unused())
        {
            continue;
        }
        let mut seen: Vec<usize> = Vec::new();
        for q in board.adj(p) {
            if board.cell(q) == own && of_r(block_of[q.idx()]) && !seen.contains(&block_of[q.idx()])
            {
                seen.push(block_of[q.idx()]);
            }
        }
        if seen.len() >= 2 {
            members.push(p);
            links += 1;
        }
    }
    if links == 0 {
        return None;
    }
    if members.len() > MAX_OPEN {
        return None;
    }
    members.sort_unstable();
    let empties = members
        .iter()
        .copied()
        .filter(|&p| board.cell(p) == Cell::Empty);
    let blocks = bordering_blocks(board, empties, own, block_of, |_| true);
    if blocks.len() > 64 {
        return None;
    }
    let local = local_region(board, &members, &blocks, block_of, x);
    let (won, n) = solve(
        &local,
        Model::Closed,
        2,
        false,
        low_bits(blocks.len()),
        GROUP_NODES,
    );
    *nodes += n as u64;
    won.then_some(GroupProof {
        members,
        blocks,
        local,
    })
}

/// The open set of the strings `in_set` accepts: the points `inner`, the strings' liberties on
/// the open board (empty points not claimed, in regions no proof uses) and, when the set stays
/// within [`MAX_OPEN`] points, the open points next to those; sorted. `None` when it is larger
/// than that; otherwise the set and its number of liberties on the open board.
pub(super) fn open_set(
    side: &Side,
    in_set: impl Fn(usize) -> bool,
    inner: Vec<Point>,
    claimed: &[bool],
) -> Option<(Vec<Point>, usize)> {
    let Side {
        board,
        own,
        block_of,
        regions,
        infos,
        ..
    } = *side;
    let open_area = |q: Point| {
        board.cell(q) == Cell::Empty
            && !claimed[q.idx()]
            && regions.region_of(q).is_some_and(|r| infos[r].unused())
    };
    let mut libs: Vec<Point> = Vec::new();
    for p in board.points() {
        if board.cell(p) == own && in_set(block_of[p.idx()]) {
            for q in board.adj(p) {
                if open_area(q) && !libs.contains(&q) {
                    libs.push(q);
                }
            }
        }
    }
    let mut ring: Vec<Point> = Vec::new();
    for &q in &libs {
        for r in board.adj(q) {
            if open_area(r) && !libs.contains(&r) && !ring.contains(&r) {
                ring.push(r);
            }
        }
    }
    let mut members = inner;
    members.extend_from_slice(&libs);
    members.sort_unstable();
    members.dedup();
    if members.len() + ring.len() <= MAX_OPEN {
        members.extend_from_slice(&ring);
        members.sort_unstable();
        members.dedup();
    }
    (members.len() <= MAX_OPEN).then_some((members, libs.len()))
}

/// The connection search of one string `b` not yet proven: its liberties on the open board
/// (and the small regions it alone bounds) and the empty points next to them, not claimed by
/// another proof, searched in the closed model with the outside as open. The proven strings
/// next to the set are boundary blocks that are never captured (`safe`: their proofs use none
/// of the set's points); `b` is proven alive when X, with Y moving first, keeps it and ends
/// with it joined to a proven string, or in a group with two vital sub-regions.
pub(super) fn connection_search(
    side: &Side,
    b: usize,
    claimed: &[bool],
    alive: &[bool],
    nodes: &mut u64,
) -> Option<GroupProof> {
    let Side {
        board,
        x,
        own,
        block_of,
        infos,
        ..
    } = *side;
    let mut inner: Vec<Point> = Vec::new();
    for info in infos {
        if info.local.is_some()
            && info.blocks == [b]
            && !info.members.iter().any(|p| claimed[p.idx()])
        {
            inner.extend_from_slice(&info.members);
        }
    }
    let (members, libs) = open_set(side, |c| c == b, inner, claimed)?;
    if libs == 0 {
        return None;
    }
    // `b` and the proven strings with an empty point of the set next to them.
    let mut blocks: Vec<usize> = vec![b];
    for &p in &members {
        if board.cell(p) != Cell::Empty {
            continue;
        }
        for q in board.adj(p) {
            if board.cell(q) == own {
                let c = block_of[q.idx()];
                if alive[c] && !blocks.contains(&c) {
                    blocks.push(c);
                }
            }
        }
    }
    if blocks.len() < 2 || blocks.len() > 64 {
        return None;
    }
    blocks.sort_unstable();
    let mut local = local_region(board, &members, &blocks, block_of, x);
    let mut guarded = 0u64;
    for (i, &c) in blocks.iter().enumerate() {
        if c == b {
            guarded |= 1 << i;
        } else {
            local.safe |= 1 << i;
        }
    }
    let (won, n) = solve(&local, Model::Closed, 2, false, guarded, CONNECT_NODES);
    *nodes += n as u64;
    won.then_some(GroupProof {
        members,
        blocks,
        local,
    })
}

/// Pairs of X's strings proven connected: two strings sharing a liberty on the open board
/// that X can always join (Y moving first) by a search of their common liberties and the
/// empty points next to those, the outside taken at its worst. Each search's points are
/// claimed (no other proof uses them), and the points of the double connections that need no
/// search are left out, so every pair keeps its own strategy. Returns the pairs.
pub(super) fn joined_by_search(
    side: &Side,
    claimed: &mut [bool],
    nodes: &mut u64,
) -> Vec<(usize, usize)> {
    let Side {
        board,
        x,
        block_of,
        regions,
        infos,
        ..
    } = *side;
    let (group, miai) = joined_by_miai(side, claimed, &[]);
    let mut parent = group;
    let mut forbidden = claimed.to_vec();
    for &p in &miai {
        forbidden[p.idx()] = true;
    }
    let open_area = |q: Point, forbidden: &[bool]| {
        board.cell(q) == Cell::Empty
            && !forbidden[q.idx()]
            && regions.region_of(q).is_some_and(|r| infos[r].unused())
    };
    let shared = shared_points(side, |p| open_area(p, &forbidden));
    let mut links = Vec::new();
    let mut k = 0;
    while k < shared.len() {
        let (a, b) = shared[k].0;
        let mut common: Vec<Point> = Vec::new();
        while k < shared.len() && shared[k].0 == (a, b) {
            common.push(shared[k].1);
            k += 1;
        }
        if find(&mut parent, a) == find(&mut parent, b) || common.iter().any(|p| forbidden[p.idx()])
        {
            continue;
        }
        // The common liberties and the open points within two steps of them (one step when
        // two would be too many): a stone X captures with keeps liberties in the set.
        let mut members = common.clone();
        let mut wider = members.clone();
        for step in 0..2 {
            let from = wider.clone();
            for &p in &from {
                for q in board.adj(p) {
                    if open_area(q, &forbidden) && !wider.contains(&q) {
                        wider.push(q);
                    }
                }
            }
            if wider.len() > MAX_JOIN {
                break;
            }
            members = wider.clone();
            let _ = step;
        }
        members.sort_unstable();
        let local = local_region(board, &members, &[a, b], block_of, x);
        let goal = Goal {
            eyes: 0,
            capture: false,
            join: true,
            survive: false,
        };
        let mut s = Search::new(&local, Model::Virtual, goal, 0b11, JOIN_NODES);
        let won = s.run() == Outcome::Win;
        *nodes += s.nodes as u64;
        if won {
            for &p in &members {
                forbidden[p.idx()] = true;
                claimed[p.idx()] = true;
            }
            let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
            parent[ra.max(rb)] = ra.min(rb);
            links.push((a, b));
        }
    }
    links
}

/// For each empty point that `usable` accepts, each pair of X strings next to it (the lower
/// index first): the pairs and their points, sorted by pair, then point.
pub(super) fn shared_points(
    side: &Side,
    usable: impl Fn(Point) -> bool,
) -> Vec<((usize, usize), Point)> {
    let mut shared: Vec<((usize, usize), Point)> = Vec::new();
    for p in side.board.points().filter(|&p| usable(p)) {
        let mut around: Vec<usize> = Vec::new();
        for q in side.board.adj(p) {
            if side.board.cell(q) == side.own && !around.contains(&side.block_of[q.idx()]) {
                around.push(side.block_of[q.idx()]);
            }
        }
        around.sort_unstable();
        for i in 0..around.len() {
            for j in i + 1..around.len() {
                shared.push(((around[i], around[j]), p));
            }
        }
    }
    shared.sort_unstable();
    shared
}

/// The groups of X's strings joined by double connections: two strings sharing two empty
/// points outside every searched region are one group, since X answers Y's move on either
/// point by playing the other, which joins them (each point serves one pair only). Returns
/// for each string the index of its group's first string, and the points the pairs use.
pub(super) fn joined_by_miai(
    side: &Side,
    claimed: &[bool],
    links: &[(usize, usize)],
) -> (Vec<usize>, Vec<Point>) {
    let Side {
        board,
        nb,
        regions,
        infos,
        ..
    } = *side;
    let mut parent: Vec<usize> = (0..nb).collect();
    for &(a, b) in links {
        let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
        parent[ra.max(rb)] = ra.min(rb);
    }
    let shared = shared_points(side, |p| {
        board.cell(p) == Cell::Empty
            && !claimed[p.idx()]
            && regions.region_of(p).is_some_and(|r| infos[r].unused())
    });
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
    ((0..nb).map(|b| find(&mut parent, b)).collect(), used)
}
