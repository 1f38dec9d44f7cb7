//! Alive or seki: the status of the strings of an area where the search proved that nobody can
//! attack with profit.

use super::*;

/// The status of the strings of an area where the search proved that nobody can attack with
/// profit: every string stands. A group (strings of one colour joined through the empty regions
/// bordered by that colour alone) with two or more such regions, its eyes, or sharing one with
/// a pass-alive string, is alive on its own; a group with at most one eye stands only through
/// the liberties it shares with the other colour: it is in seki. Under this test a hanezeki's
/// string in atari (no eye) is in seki, and a living group beside a point only it can fill is
/// alive, that point being ordinary dame.
pub(super) fn seki_or_alive(board: &Board, pa: &PassAlive, area: &[Point], j: &mut Judgement) {
    let n = board.padded_len();
    // Empty regions bordering the area's strings: members, the colours around, and whether a
    // pass-alive stone borders them.
    let mut region_of = vec![usize::MAX; n];
    let mut regions: Vec<(Option<Color>, bool)> = Vec::new();
    for &p in area {
        if board.stone(p).is_none() {
            continue;
        }
        for q in board.adj(p) {
            if board.cell(q) != Cell::Empty || region_of[q.idx()] != usize::MAX {
                continue;
            }
            let id = regions.len();
            let (mut sees, mut both, mut alive) = (None::<Color>, false, false);
            for r in board.region_from(q, |t| board.cell(t) == Cell::Empty) {
                region_of[r.idx()] = id;
                for t in board.adj(r) {
                    if let Some(c) = board.stone(t) {
                        match sees {
                            None => sees = Some(c),
                            Some(x) if x != c => both = true,
                            _ => {}
                        }
                        alive |= pa.alive_stone(t) == Some(c);
                    }
                }
            }
            regions.push((if both { None } else { sees }, alive));
        }
    }
    // Groups: strings joined through their one-colour regions (union-find over string heads).
    let mut parent: Vec<usize> = (0..n).collect();
    fn find(parent: &mut [usize], x: usize) -> usize {
        let mut r = x;
        while parent[r] != r {
            r = parent[r];
        }
        let mut y = x;
        while parent[y] != r {
            let next = parent[y];
            parent[y] = r;
            y = next;
        }
        r
    }
    let mut first_head: Vec<usize> = vec![usize::MAX; regions.len()];
    for &p in area {
        let Some(c) = board.stone(p) else { continue };
        let h = board.string_head(p).idx();
        for q in board.adj(p) {
            let id = region_of[q.idx()];
            if id == usize::MAX || regions[id].0 != Some(c) {
                continue;
            }
            if first_head[id] == usize::MAX {
                first_head[id] = h;
            } else {
                let (a, b) = (find(&mut parent, first_head[id]), find(&mut parent, h));
                parent[a] = b;
            }
        }
    }
    // Eyes per group, and whether it shares an eye with a pass-alive string.
    let mut eyes: Vec<u32> = vec![0; n];
    let mut with_alive: Vec<bool> = vec![false; n];
    for (id, &(colour, alive)) in regions.iter().enumerate() {
        if colour.is_none() || first_head[id] == usize::MAX {
            continue;
        }
        let g = find(&mut parent, first_head[id]);
        eyes[g] += 1;
        with_alive[g] |= alive;
    }
    // The stones of each group that has no two eyes of its own.
    let mut weak: Vec<(usize, Vec<Point>)> = Vec::new();
    for &p in area {
        if board.stone(p).is_none() {
            continue;
        }
        let g = find(&mut parent, board.string_head(p).idx());
        if eyes[g] >= 2 || with_alive[g] {
            j.status[p.idx()] = Status::Alive;
            j.how[p.idx()] = Some(Method::AreaSearch);
        } else {
            match weak.iter_mut().find(|(r, _)| *r == g) {
                Some((_, stones)) => stones.push(p),
                None => weak.push((g, vec![p])),
            }
        }
    }
    for (_, stones) in weak {
        let s = if connects_to_life(board, area, &stones) {
            Status::Alive
        } else {
            Status::Seki
        };
        for p in stones {
            j.status[p.idx()] = s;
            j.how[p.idx()] = Some(Method::AreaSearch);
        }
    }
}

/// Whether a group that no side can profitably attack (`stones`, of one colour, in `area`) is
/// alive rather than in seki: whatever the opponent plays in the area first (or if it passes),
/// its owner has an answer there after which every stone of the group is pass-alive (Benson),
/// or, one level deeper, after which the same holds again. Two one-eyed groups that their
/// owner can join at a point the opponent cannot take (it would be self-atari, taken back with
/// a net loss) are one living group, not a seki; a real seki has no such answer, since its
/// strings live only through the liberties they share with the other colour.
fn connects_to_life(board: &Board, area: &[Point], stones: &[Point]) -> bool {
    let Some(owner) = board.stone(stones[0]) else {
        return false;
    };
    let empties = area
        .iter()
        .filter(|&&p| board.cell(p) == Cell::Empty)
        .count();
    if empties > 8 {
        return false;
    }
    let depth = if empties <= 6 { 1 } else { 0 };
    owner_lives(board, area, stones, owner, depth)
}

/// For [`connects_to_life`]: whether, the opponent to move in `area` (or passing), the owner
/// always has an answer making `stones` pass-alive, with `depth` more rounds allowed.
fn owner_lives(board: &Board, area: &[Point], stones: &[Point], owner: Color, depth: u32) -> bool {
    // The owner's answers on `b`, `ko` the point it may not retake at once.
    let answer = |b: &Board, ko: Option<Point>| -> bool {
        if stones.iter().any(|&p| b.stone(p) != Some(owner)) {
            return false;
        }
        area.iter().any(|&m| {
            if b.cell(m) != Cell::Empty || Some(m) == ko {
                return false;
            }
            let mut after = b.clone();
            if after.play(m, owner, SuicideRule::Forbidden).is_err() {
                return false;
            }
            let pa = PassAlive::analyse(&after);
            stones.iter().all(|&p| pa.alive_stone(p) == Some(owner))
                || (depth > 0 && owner_lives(&after, area, stones, owner, depth - 1))
        })
    };
    answer(board, None)
        && area.iter().all(|&y| {
            if board.cell(y) != Cell::Empty {
                return true;
            }
            let mut after = board.clone();
            match after.play(y, owner.opp(), SuicideRule::Forbidden) {
                Err(_) => true,
                Ok(info) => answer(&after, info.ko_point),
            }
        })
}
