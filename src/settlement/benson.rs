//! Benson's pass-alive analysis: which strings can never be captured, even if their owner passes
//! every turn, and which empty regions are therefore safely their owner's.
//!
//! For a colour X, a *region* is a maximal 4-connected set of points that are not X stones. A
//! region is *vital* to an X string when every empty point of the region is a liberty of that
//! string. Starting from all X strings and all regions, Benson's algorithm repeatedly drops the
//! strings with fewer than two vital regions among the regions whose bordering strings all
//! remain, and the regions that border a dropped string. What survives is pass-alive.
//!
//! A region is X's *pass-alive territory* when every X string bordering it is pass-alive and
//! every empty point in it is a liberty of such a string: the opponent has no eye space there,
//! and any opponent stones inside are dead. This is stricter than "X will surely win the area";
//! it is used as an independent check (theorem T10), never to overrule a count silently.

use crate::engine::{Board, Cell, Color, Point, Regions};

/// The result of the analysis for both colours.
#[derive(Clone, Debug)]
pub struct PassAlive {
    /// Per padded point: the colour of a pass-alive stone standing there.
    alive: Vec<Option<Color>>,
    /// Per padded point: the colour whose pass-alive territory (empty point or dead opponent
    /// stone) it is.
    territory: Vec<Option<Color>>,
}

impl PassAlive {
    /// Runs Benson's algorithm for both colours.
    pub fn analyse(board: &Board) -> PassAlive {
        let mut out = PassAlive {
            alive: vec![None; board.padded_len()],
            territory: vec![None; board.padded_len()],
        };
        for c in Color::BOTH {
            analyse_colour(board, c, &mut out);
        }
        out
    }

    /// The colour of the pass-alive stone at `p`, if the stone there is pass-alive.
    #[inline]
    pub fn alive_stone(&self, p: Point) -> Option<Color> {
        self.alive[p.idx()]
    }

    /// The colour whose pass-alive territory contains `p` (an empty point or an opponent stone).
    #[inline]
    pub fn territory(&self, p: Point) -> Option<Color> {
        self.territory[p.idx()]
    }
}

fn analyse_colour(board: &Board, x: Color, out: &mut PassAlive) {
    let own = Cell::of(x);
    // Regions: maximal connected sets of non-X points.
    let regions = Regions::new(board, |p| board.cell(p) != own);
    let (chain_of, n_chains) = chain_index(board, own);
    if n_chains == 0 {
        return;
    }
    let borders = Borders::of(board, own, &regions, &chain_of);
    let chain_alive = benson_fixpoint(n_chains, &borders);

    for p in board.points() {
        if board.cell(p) == own && chain_alive[chain_of[p.idx()] as usize] {
            out.alive[p.idx()] = Some(x);
        }
    }
    for (r, members) in regions.iter().enumerate() {
        let borders = borders.bordering(r);
        if borders.is_empty() || !borders.iter().all(|&ch| chain_alive[ch as usize]) {
            continue;
        }
        let small = members.iter().all(|&p| {
            board.cell(p) != Cell::Empty
                || board
                    .adj(p)
                    .iter()
                    .any(|&q| board.cell(q) == own && chain_alive[chain_of[q.idx()] as usize])
        });
        if small {
            for &p in members {
                out.territory[p.idx()] = Some(x);
            }
        }
    }
}

/// The strings of `own`, indexed densely: the index of each stone's string (`u16::MAX` off the
/// strings), and their number.
fn chain_index(board: &Board, own: Cell) -> (Vec<u16>, usize) {
    let mut chain_of = vec![u16::MAX; board.padded_len()];
    let mut n_chains = 0usize;
    for p in board.points() {
        if board.cell(p) == own {
            let h = board.string_head(p);
            if chain_of[h.idx()] == u16::MAX {
                chain_of[h.idx()] = n_chains as u16;
                n_chains += 1;
            }
            chain_of[p.idx()] = chain_of[h.idx()];
        }
    }
    (chain_of, n_chains)
}

/// For each region: its bordering chains, and the chains it is vital to (every empty point of
/// the region is adjacent to the chain), as flat lists with ranges.
struct Borders {
    border_list: Vec<u16>,
    border_rng: Vec<(usize, usize)>,
    vital_list: Vec<u16>,
    vital_rng: Vec<(usize, usize)>,
}

impl Borders {
    fn of(board: &Board, own: Cell, regions: &Regions, chain_of: &[u16]) -> Borders {
        let nr = regions.len();
        let mut b = Borders {
            border_list: Vec::new(),
            border_rng: Vec::with_capacity(nr),
            vital_list: Vec::new(),
            vital_rng: Vec::with_capacity(nr),
        };
        for members in regions.iter() {
            let bs = b.border_list.len();
            for &p in members {
                for q in board.adj(p) {
                    if board.cell(q) == own {
                        let ch = chain_of[q.idx()];
                        if !b.border_list[bs..].contains(&ch) {
                            b.border_list.push(ch);
                        }
                    }
                }
            }
            let be = b.border_list.len();
            b.border_rng.push((bs, be));
            let vs = b.vital_list.len();
            match touched_by_every_empty_point(board, own, members, chain_of) {
                // With no empty point, every bordering chain.
                None => b.vital_list.extend_from_slice(&b.border_list[bs..be]),
                Some((cands, nc)) => {
                    for &ch in &b.border_list[bs..be] {
                        if cands[..nc].contains(&ch) {
                            b.vital_list.push(ch);
                        }
                    }
                }
            }
            b.vital_rng.push((vs, b.vital_list.len()));
        }
        b
    }

    /// The chains bordering region `r`.
    fn bordering(&self, r: usize) -> &[u16] {
        let (a, b) = self.border_rng[r];
        &self.border_list[a..b]
    }

    /// The chains region `r` is vital to.
    fn vital(&self, r: usize) -> &[u16] {
        let (a, b) = self.vital_rng[r];
        &self.vital_list[a..b]
    }
}

/// The chains every empty point of a region touches (at most 4, the first `n` of the array),
/// narrowed point by point; `None` when the region has no empty point.
fn touched_by_every_empty_point(
    board: &Board,
    own: Cell,
    members: &[Point],
    chain_of: &[u16],
) -> Option<([u16; 4], usize)> {
    let mut cands = [0u16; 4];
    let mut nc = usize::MAX; // no empty point seen yet
    for &p in members {
        if board.cell(p) != Cell::Empty {
            continue;
        }
        let mut here = [0u16; 4];
        let mut nh = 0;
        for q in board.adj(p) {
            if board.cell(q) == own {
                here[nh] = chain_of[q.idx()];
                nh += 1;
            }
        }
        if nc == usize::MAX {
            cands = here;
            nc = nh;
        } else {
            let mut k = 0;
            for i in 0..nc {
                if here[..nh].contains(&cands[i]) {
                    cands[k] = cands[i];
                    k += 1;
                }
            }
            nc = k;
        }
        if nc == 0 {
            break;
        }
    }
    (nc != usize::MAX).then_some((cands, nc))
}

/// Benson's iteration: a chain dies when fewer than two healthy regions are vital to it, and a
/// region turns unhealthy when a chain bordering it has died, until nothing changes. Returns
/// whether each chain is pass-alive.
fn benson_fixpoint(n_chains: usize, borders: &Borders) -> Vec<bool> {
    let mut chain_alive = vec![true; n_chains];
    let mut region_ok = vec![true; borders.border_rng.len()];
    let mut vital_count = vec![0u32; n_chains];
    loop {
        let mut changed = false;
        // Count healthy vital regions per chain.
        vital_count.fill(0);
        for (r, _) in region_ok.iter().enumerate().filter(|(_, ok)| **ok) {
            for &ch in borders.vital(r) {
                vital_count[ch as usize] += 1;
            }
        }
        for (ch, alive) in chain_alive.iter_mut().enumerate() {
            if *alive && vital_count[ch] < 2 {
                *alive = false;
                changed = true;
            }
        }
        for (r, ok) in region_ok.iter_mut().enumerate() {
            if *ok
                && borders
                    .bordering(r)
                    .iter()
                    .any(|&ch| !chain_alive[ch as usize])
            {
                *ok = false;
                changed = true;
            }
        }
        if !changed {
            return chain_alive;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Coord;

    fn at(b: &Board, x: u8, y: u8) -> Point {
        b.point(Coord::new(x, y))
    }

    #[test]
    fn two_eyes_are_pass_alive_one_eye_is_not() {
        // One black string (column B plus A4, A2, A1) with two separate eyes, A5 and A3: it
        // is pass-alive and both eyes are its territory. The white column D has no eye.
        let b = Board::from_ascii(
            "
            . X . O .
            X X . O .
            . X . O .
            X X . O .
            X X . O .",
        )
        .unwrap();
        let pa = PassAlive::analyse(&b);
        assert_eq!(pa.alive_stone(at(&b, 1, 0)), Some(Color::Black));
        assert_eq!(pa.alive_stone(at(&b, 0, 4)), Some(Color::Black));
        assert_eq!(pa.territory(at(&b, 0, 0)), Some(Color::Black));
        assert_eq!(pa.territory(at(&b, 0, 2)), Some(Color::Black));
        assert_eq!(pa.alive_stone(at(&b, 3, 0)), None);
        // The region C-D-E holds empty points on column E that are not Black liberties: it is
        // not small, so not Black's pass-alive territory.
        assert_eq!(pa.territory(at(&b, 2, 2)), None);
    }

    #[test]
    fn single_eye_group_is_not_pass_alive() {
        let b = Board::from_ascii(
            "
            . X . . .
            X X . . .
            . . . . .
            . . . . .
            . . . . .",
        )
        .unwrap();
        let pa = PassAlive::analyse(&b);
        assert_eq!(pa.alive_stone(at(&b, 1, 0)), None);
        assert_eq!(pa.territory(at(&b, 0, 0)), None);
    }
}
