//! The shapes of a game's sekis, so that a campaign can say how many distinct sekis stand
//! behind its seki findings: each seki as its local pattern (the strings beside its shared
//! liberties, one-sided dame and seki eyes, with those points), up to the 8 symmetries of the
//! board and the exchange of colours, as a 64-bit key.
//!
//! A seki is found from the settlement's classes (docs/RULES.md 5.2): a point classed as a
//! seki eye, a shared liberty or a one-sided dame, together with every string next to one, and
//! the points so joined that touch one another form one seki. Its pattern is its bounding box,
//! each cell empty (a point of the seki), Black, White or outside the seki, with which sides of
//! the box lie on the board's edge: a corner seki and the same stones in the centre are two
//! shapes. The key is FNV-1a of the smallest of the 16 encodings (fixed across platforms and
//! Rust versions, unlike `std`'s hasher).

use crate::checks::symmetry::transform;
use crate::engine::{Board, Color, Point};
use crate::settlement::{PointClass, Settlement, SharedKind, TerritoryKind};

/// The keys of the sekis of the settled position `st` of `board` (the paused board), sorted,
/// one per distinct shape on the board; empty when there is no seki.
pub fn seki_shapes(board: &Board, st: &Settlement) -> Vec<u64> {
    let len = board.padded_len();
    let mut member = vec![false; len];
    let mut any = false;
    for p in board.points() {
        let seki_point = matches!(
            st.class(p),
            PointClass::Territory(_, TerritoryKind::SekiEye)
                | PointClass::Shared(SharedKind::SharedLiberty)
                | PointClass::OneSidedDame(_)
        );
        if !seki_point {
            continue;
        }
        any = true;
        member[p.idx()] = true;
        for q in board.adj(p) {
            if board.stone(q).is_some() && !member[q.idx()] {
                for s in board.string_stones(q) {
                    member[s.idx()] = true;
                }
            }
        }
    }
    if !any {
        return Vec::new();
    }
    let mut seen = vec![false; len];
    let mut keys = Vec::new();
    for p in board.points() {
        if !member[p.idx()] || seen[p.idx()] {
            continue;
        }
        seen[p.idx()] = true;
        let mut comp = vec![p];
        let mut k = 0;
        while k < comp.len() {
            for q in board.adj(comp[k]) {
                if member[q.idx()] && !seen[q.idx()] {
                    seen[q.idx()] = true;
                    comp.push(q);
                }
            }
            k += 1;
        }
        keys.push(key(board, &comp));
    }
    keys.sort_unstable();
    keys.dedup();
    keys
}

/// The key of one seki (its points `comp`): FNV-1a of the smallest encoding over the 8
/// symmetries and both colourings.
fn key(board: &Board, comp: &[Point]) -> u64 {
    let n = board.size();
    let mut best: Option<Vec<u8>> = None;
    for sym in 0..8 {
        for swap in [false, true] {
            let cells: Vec<(u8, u8, u8)> = comp
                .iter()
                .map(|&p| {
                    let t = transform(board.coord(p), n, sym);
                    let v = match (board.stone(p), swap) {
                        (None, _) => b'.',
                        (Some(Color::Black), false) | (Some(Color::White), true) => b'X',
                        _ => b'O',
                    };
                    (t.x, t.y, v)
                })
                .collect();
            let enc = encode(n, &cells);
            if best.as_ref().is_none_or(|b| enc < *b) {
                best = Some(enc);
            }
        }
    }
    fnv1a(&best.unwrap_or_default())
}

/// The bounding box's width and height, which of its sides (left, right, top, bottom) lie on
/// the edge of an `n` x `n` board, then its cells row by row (`-` outside the seki).
fn encode(n: u8, cells: &[(u8, u8, u8)]) -> Vec<u8> {
    let x0 = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let x1 = cells.iter().map(|c| c.0).max().unwrap_or(0);
    let y0 = cells.iter().map(|c| c.1).min().unwrap_or(0);
    let y1 = cells.iter().map(|c| c.1).max().unwrap_or(0);
    let (w, h) = (usize::from(x1 - x0) + 1, usize::from(y1 - y0) + 1);
    let mut grid = vec![b'-'; w * h];
    for &(x, y, v) in cells {
        grid[usize::from(y - y0) * w + usize::from(x - x0)] = v;
    }
    let mut out = vec![
        w as u8,
        h as u8,
        u8::from(x0 == 0),
        u8::from(x1 == n - 1),
        u8::from(y0 == 0),
        u8::from(y1 == n - 1),
    ];
    out.extend_from_slice(&grid);
    out
}

/// FNV-1a, 64 bits.
fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settlement::Mode;

    fn shapes(rows: &str) -> Vec<u64> {
        let b = Board::from_ascii(rows).expect("a board");
        let st = Settlement::settle(&b, &[], &[], Mode::Pause).expect("settles");
        seki_shapes(&b, &st)
    }

    /// The 5x5 seki of tests/it/claims.rs (one eye each, one shared liberty at C3): one seki,
    /// and the same shape transposed with the colours exchanged; two living groups with dame
    /// between them have none.
    #[test]
    fn a_seki_is_one_shape_up_to_symmetry_and_colour() {
        let a = shapes(".XXXO\nXXXOO\nXX.OO\nXOOOO\nXXOO.");
        assert_eq!(a.len(), 1, "one seki");
        // Transposed (x and y exchanged) and colours exchanged.
        let b = shapes(".OOOO\nOOOXO\nOO.XX\nOXXXX\nXXXX.");
        assert_eq!(a, b);
        // No seki: two living groups of 5x5 with their own territory.
        assert!(shapes(".X.O.\nXX.OO\n.X.O.\nXX.OO\n.X.O.").is_empty());
    }
}
