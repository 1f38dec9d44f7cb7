//! The search over the choice of eye points per group: the choices as digits, best first, and
//! the stability test of one choice.

use super::*;

/// The choices of one group, best first in each digit: one digit per seki-eye region, one for
/// the rest of its territory.
pub(super) fn digits_of(
    board: &Board,
    regions: &[Region],
    pts: &[Point],
    group_regions: &[(u32, u32)],
    region_of: &[u32],
) -> Vec<Digit> {
    let mut digits = Vec::new();
    let mut pool: Vec<(u8, Point)> = Vec::new(); // (neighbours in the region, point)
    for &(_, r) in group_regions {
        let reg = &regions[r as usize];
        let members = &pts[reg.start..reg.end];
        let inner = |p: Point| {
            board
                .adj(p)
                .iter()
                .filter(|q| region_of[q.idx()] == r)
                .count() as u8
        };
        if reg.seki_eye {
            digits.push(seki_eye_digit(board, reg, members, inner));
        } else {
            pool.extend(members.iter().map(|&p| (inner(p), p)));
        }
    }
    if pool.is_empty() {
        return digits;
    }
    if pool.len() <= 2 {
        let a = pool[0].1;
        let b = pool.get(1).map_or(a, |x| x.1);
        digits.push(Digit {
            opts: vec![[a, b]],
            width: pool.len(),
            complete: true,
        });
        return digits;
    }
    // Two points apart: the points with the fewest neighbours in their region first (a
    // one-point region is an eye already), pairs from different regions before pairs from the
    // same one, and within each pass by the sum of the two ranks.
    pool.sort_unstable();
    let m = pool.len();
    let mut opts: Vec<[Point; 2]> = Vec::new();
    let cap = CHOICE_BUDGET as usize;
    let mut complete = true;
    'passes: for same_region in [false, true] {
        for s in 1..(2 * m - 2) {
            let lo = s.saturating_sub(m - 1);
            let mut i = lo;
            while i < s - i {
                let j = s - i;
                let (a, b) = (pool[i].1, pool[j].1);
                if (region_of[a.idx()] == region_of[b.idx()]) == same_region
                    && !board.adj(a).contains(&b)
                {
                    if opts.len() == cap {
                        complete = false;
                        break 'passes;
                    }
                    opts.push([a, b]);
                }
                i += 1;
            }
        }
    }
    if opts.is_empty() {
        // Every pair touches: one eye at most whatever is kept.
        opts.push([pool[0].1, pool[1].1]);
    }
    digits.push(Digit {
        opts,
        width: 2,
        complete,
    });
    digits
}

/// The digit of a seki-eye region: keep the point that touches the most strings (a liberty for
/// each), then the one with the fewest neighbours in its region (`inner`).
fn seki_eye_digit(
    board: &Board,
    reg: &Region,
    members: &[Point],
    inner: impl Fn(Point) -> u8,
) -> Digit {
    let mut order: Vec<(i8, u8, Point)> = members
        .iter()
        .map(|&p| {
            let mut hs = [Point(0); 4];
            let mut nh = 0;
            for q in board.adj(p) {
                if board.stone(q) == Some(reg.color) {
                    let h = board.string_head(q);
                    if !hs[..nh].contains(&h) {
                        hs[nh] = h;
                        nh += 1;
                    }
                }
            }
            (-(nh as i8), inner(p), p)
        })
        .collect();
    order.sort_unstable();
    Digit {
        opts: order.iter().map(|&(_, _, p)| [p, p]).collect(),
        width: 1,
        complete: true,
    }
}

/// Reusable marks for the search (stamped, never cleared).
pub(super) struct Scratch {
    visit: Vec<u32>,
    lib: Vec<u32>,
    keep: Vec<u32>,
    tick: u32,
    stack: Vec<Point>,
}

impl Scratch {
    fn new(n: usize) -> Self {
        Scratch {
            visit: vec![0; n],
            lib: vec![0; n],
            keep: vec![0; n],
            tick: 0,
            stack: Vec::new(),
        }
    }

    fn next(&mut self) -> u32 {
        self.tick += 1;
        self.tick
    }

    /// Whether filling the group's area except `kept` leaves every string the fill makes with
    /// two eyes (an independent group: two kept points apart, each a one-point region, so
    /// Benson's two vital regions) or two liberties (a group in seki). A string with one
    /// liberty is always capturable at once on the board alone, since taking its last liberty
    /// captures it, so two liberties is exactly "not capturable at once".
    #[allow(clippy::too_many_arguments)]
    fn stable_choice(
        &mut self,
        work: &Board,
        color: Color,
        seki: bool,
        area: &GroupArea<'_>,
        pts: &[Point],
        regions: &[Region],
        group_regions: &[(u32, u32)],
        kept: &[Point],
    ) -> bool {
        let kt = self.next();
        for &k in kept {
            self.keep[k.idx()] = kt;
        }
        // Two kept points side by side are one eye.
        if !seki && kept.len() == 2 && work.adj(kept[0]).contains(&kept[1]) {
            return false;
        }
        let vt = self.next();
        let is_node = |s: &Scratch, q: Point| {
            work.stone(q) == Some(color) || (area.contains(q) && s.keep[q.idx()] != kt)
        };
        for &(_, r) in group_regions {
            let reg = &regions[r as usize];
            for &m in &pts[reg.start..reg.end] {
                // Start at every filled point, and at the stones beside every kept one.
                let starts = if self.keep[m.idx()] == kt {
                    work.adj(m)
                } else {
                    [m, m, m, m]
                };
                for st in starts {
                    if !is_node(self, st) || self.visit[st.idx()] == vt {
                        continue;
                    }
                    let lt = self.next();
                    let mut n_libs = 0;
                    self.visit[st.idx()] = vt;
                    self.stack.push(st);
                    while let Some(x) = self.stack.pop() {
                        for q in work.adj(x) {
                            if is_node(self, q) {
                                if self.visit[q.idx()] != vt {
                                    self.visit[q.idx()] = vt;
                                    self.stack.push(q);
                                }
                            } else if work.cell(q) == Cell::Empty
                                && self.lib[q.idx()] != lt
                                && (seki || self.keep[q.idx()] == kt)
                            {
                                self.lib[q.idx()] = lt;
                                n_libs += 1;
                            }
                        }
                    }
                    if n_libs < 2 {
                        return false;
                    }
                }
            }
        }
        true
    }
}

/// Searches each group's choice of eye points for one that leaves the filled board stable,
/// within [`CHOICE_BUDGET`] choices, and marks the points kept; returns each group's outcome
/// and the number of choices tried.
pub(super) fn search_groups(
    b0: &Board,
    work: &Board,
    lay: &Layout,
    role: &mut [Role],
) -> (Vec<Outcome>, u32) {
    let n = b0.padded_len();
    let Layout {
        region_of,
        pts,
        regions,
        by_group,
        group_of_region,
        groups,
        group_seki,
        ..
    } = lay;
    let mut scratch = Scratch::new(n);
    let mut outcomes = vec![Outcome::Found; groups.len()];
    let mut tried = 0u32;
    let mut kept: Vec<Point> = Vec::with_capacity(8);
    for (g, &(s, e)) in groups.iter().enumerate() {
        let color = regions[by_group[s].1 as usize].color;
        let seki = group_seki[g];
        let digits = digits_of(b0, regions, pts, &by_group[s..e], region_of);
        let area = GroupArea {
            region_of,
            group_of_region,
            group: g as u32,
        };
        let mut idx = vec![0usize; digits.len()];
        let mut n_tried = 0;
        let outcome = loop {
            kept.clear();
            for (d, &k) in digits.iter().zip(&idx) {
                kept.extend_from_slice(&d.opts[k][..d.width]);
            }
            n_tried += 1;
            if scratch.stable_choice(
                work,
                color,
                seki,
                &area,
                pts,
                regions,
                &by_group[s..e],
                &kept,
            ) {
                break Outcome::Found;
            }
            if n_tried >= CHOICE_BUDGET {
                break Outcome::BudgetOut;
            }
            // The next choice, last digit fastest.
            let mut d = digits.len();
            let wrapped = loop {
                if d == 0 {
                    break true;
                }
                d -= 1;
                idx[d] += 1;
                if idx[d] < digits[d].opts.len() {
                    break false;
                }
                idx[d] = 0;
            };
            if wrapped {
                break if digits.iter().all(|d| d.complete) {
                    Outcome::Exhausted
                } else {
                    Outcome::BudgetOut
                };
            }
        };
        tried += n_tried;
        if outcome != Outcome::Found {
            // No stable choice: fill with the first (the most promising) one, for the record.
            kept.clear();
            for d in &digits {
                kept.extend_from_slice(&d.opts[0][..d.width]);
            }
        }
        for &p in &kept {
            role[p.idx()] = Role::Keep(color);
        }
        outcomes[g] = outcome;
    }
    (outcomes, tried)
}
