//! Connected regions of a board: the one flood fill the settlement, the counting, the rule sets
//! and the harness share. A region is a maximal set of on-board points, connected through
//! orthogonal neighbours, on which a predicate holds (the empty points, the points not of one
//! colour, the points a search marked open...).

use super::{Board, Cell, Point};

/// Every region of a board for one predicate, as one flat member list with a range per region
/// (few allocations: the settlement builds these several times per game in a campaign).
///
/// Regions come in the order of their first point in [`Board::points`]; a region's members come
/// in breadth-first order from that point, neighbours in [`Board::adj`] order.
#[derive(Clone, Debug)]
pub struct Regions {
    /// The region of each padded point; `u16::MAX` outside every region.
    region: Vec<u16>,
    members: Vec<Point>,
    ranges: Vec<(u32, u32)>,
}

/// No region.
const NONE: u16 = u16::MAX;

impl Regions {
    /// The regions of the points of `board` where `inside` holds (it is asked only about
    /// on-board points).
    pub fn new(board: &Board, mut inside: impl FnMut(Point) -> bool) -> Regions {
        let mut r = Regions {
            region: vec![NONE; board.padded_len()],
            members: Vec::with_capacity(board.area() as usize),
            ranges: Vec::new(),
        };
        for p in board.points() {
            if r.region[p.idx()] != NONE || !inside(p) {
                continue;
            }
            let id = r.ranges.len() as u16;
            let start = r.members.len();
            r.region[p.idx()] = id;
            r.members.push(p);
            let mut k = start;
            while k < r.members.len() {
                for q in board.adj(r.members[k]) {
                    if r.region[q.idx()] == NONE && board.cell(q) != Cell::Wall && inside(q) {
                        r.region[q.idx()] = id;
                        r.members.push(q);
                    }
                }
                k += 1;
            }
            r.ranges.push((start as u32, r.members.len() as u32));
        }
        r
    }

    /// The number of regions.
    pub fn len(&self) -> usize {
        self.ranges.len()
    }

    /// Whether there is no region.
    pub fn is_empty(&self) -> bool {
        self.ranges.is_empty()
    }

    /// The points of region `i` (`i < len()`).
    pub fn members(&self, i: usize) -> &[Point] {
        let (a, b) = self.ranges[i];
        &self.members[a as usize..b as usize]
    }

    /// The region `p` lies in, if any.
    #[inline]
    pub fn region_of(&self, p: Point) -> Option<usize> {
        let r = self.region[p.idx()];
        (r != NONE).then_some(r as usize)
    }

    /// Every region's points, in order.
    pub fn iter(&self) -> impl Iterator<Item = &[Point]> + '_ {
        (0..self.len()).map(|i| self.members(i))
    }
}

impl Board {
    /// The region of `start` for `inside`: the points connected to it through neighbours where
    /// `inside` holds, `start` first, then breadth-first (neighbours in [`Board::adj`] order).
    /// `start` is included whatever `inside` says of it.
    pub fn region_from(&self, start: Point, mut inside: impl FnMut(Point) -> bool) -> Vec<Point> {
        let mut seen = vec![false; self.padded_len()];
        seen[start.idx()] = true;
        let mut members = vec![start];
        let mut k = 0;
        while k < members.len() {
            for q in self.adj(members[k]) {
                if !seen[q.idx()] && self.cell(q) != Cell::Wall && inside(q) {
                    seen[q.idx()] = true;
                    members.push(q);
                }
            }
            k += 1;
        }
        members
    }
}

#[cfg(test)]
mod tests;
