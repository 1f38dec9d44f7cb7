//! The survival search that backs the referee's seki search: whether a colour's stones in an
//! open area survive whatever the opponent does.

use super::local::{Goal, Model, Outcome, Search};
use super::{bordering_blocks, local_region};
use crate::engine::{Board, Cell, Color, Point};

/// Node budget of one survival search ([`survives`]).
pub const SURVIVE_NODES: u32 = 2_000;

/// Whether `x`'s stones in `area` (an open area of the referee's: a connected set of points
/// bounded by pass-alive strings and the edge, at most 64 points) survive whatever the
/// opponent does, the opponent moving first: X answers in the area or passes, never takes a
/// ko, and keeps every one of its strings there until the game ends by two passes or they
/// stand in groups with two vital sub-regions. The pass-alive X strings around the area are
/// never captured; an opponent stone joined to one of the opponent's pass-alive strings never
/// is either. `Some(true)` proves that the opponent can
/// capture none of them (one half of a seki); `None` when the node budget runs out.
pub fn survives(board: &Board, area: &[Point], x: Color, budget: u32) -> Option<bool> {
    let own = Cell::of(x);
    // The local game is played on the area's points that are not X stones; X's strings in
    // the area and the pass-alive ones around it are its boundary blocks.
    let members: Vec<Point> = {
        let mut m: Vec<Point> = area
            .iter()
            .copied()
            .filter(|&p| board.cell(p) != own)
            .collect();
        m.sort_unstable();
        m
    };
    if members.len() > 64 || members.is_empty() {
        return None;
    }
    let mut block_of = vec![usize::MAX; board.padded_len()];
    for p in board.points() {
        if board.cell(p) == own {
            block_of[p.idx()] = board.string_head(p).idx();
        }
    }
    let blocks = bordering_blocks(board, members.iter().copied(), own, &block_of, |_| true);
    if blocks.len() > 64 {
        return None;
    }
    let mut local = local_region(board, &members, &blocks, &block_of, x);
    let inside: Vec<usize> = area
        .iter()
        .filter(|&&p| board.cell(p) == own)
        .map(|&p| block_of[p.idx()])
        .collect();
    let mut guarded = 0u64;
    for (i, b) in blocks.iter().enumerate() {
        if inside.contains(b) {
            guarded |= 1 << i;
        } else {
            local.safe |= 1 << i;
        }
    }
    if guarded == 0 {
        return Some(true);
    }
    let goal = Goal {
        eyes: 2,
        capture: false,
        join: false,
        survive: true,
    };
    let mut s = Search::new(&local, Model::Closed, goal, guarded, budget);
    match s.run() {
        Outcome::Win => Some(true),
        Outcome::Loss => Some(false),
        Outcome::Unknown => None,
    }
}
