//! The fill-up check (填满检验, Art. 21; 000:#4, #11, #59; RULES.md section 6.4).
//!
//! From the settled position each side fills its road points with its own stones, keeping its
//! basic eye points empty. The rule's count of a side is then its stones on the board plus its
//! basic eye points plus half the shared points; the check passes when that equals the area
//! count for both sides and the filled position is stable.
//!
//! Basic eye points, by the rule: every one-sided dame of the side (a one-sided liberty in a
//! seki), one point of each of its seki-eye regions, and two for each independent living
//! group, a group being the strings joined through the side's non-seki territory regions.
//!
//! The physical fill is greedy and deterministic: repeatedly take the fillable point with the
//! most empty neighbours of the same side (ties in row-major order) and place a stone there if
//! the placement is legal, captures nothing and leaves the string with at least two
//! liberties. Filling the most connected point first splits eye space into separate eyes
//! (a straight five becomes two single eyes), which is what a player filling up does.

use serde::Serialize;

use super::score::Half;
use crate::engine::board::MAX_ARR;
use crate::engine::{Board, Color, PerSide, Point, SuicideRule};
use crate::settlement::{PassAlive, PointClass, Settlement, SharedKind, TerritoryKind};

/// The outcome of the fill-up check.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FillUp {
    /// The rule's count: stones after the fill + basic eye points + q/2.
    pub count: PerSide<Half>,
    /// Basic eye points by the rule.
    pub basic_eyes: PerSide<u32>,
    /// Stones placed by the fill.
    pub placed: PerSide<u32>,
    /// Owned empty points left empty after the fill.
    pub left_empty: PerSide<u32>,
    /// Whether the filled position is stable (see [`FillUp::problem`]).
    pub stable: bool,
    /// The first stability problem found, if any.
    pub problem: Option<String>,
    /// The filled board.
    #[serde(skip)]
    pub board: Board,
}

/// Runs the fill-up check on a settled position.
pub fn fill_up(st: &Settlement) -> FillUp {
    let mut board = st.board().clone();
    let shared = st.tally().shared;
    let mut basic = PerSide::default();
    let mut placed = PerSide::default();
    let mut left = PerSide::default();
    let mut problem: Option<String> = None;

    // Regions of owned empty points per side, and which of them are seki eyes.
    let mut region_of = vec![u32::MAX; board.padded_len()];
    let mut regions: Vec<(Color, TerritoryKind, Vec<Point>)> = Vec::new();
    for p in board.points() {
        if let PointClass::Territory(c, kind) = st.class(p) {
            if region_of[p.idx()] != u32::MAX {
                continue;
            }
            let id = regions.len() as u32;
            let mut members = vec![p];
            region_of[p.idx()] = id;
            let mut k = 0;
            while k < members.len() {
                for q in board.adj(members[k]) {
                    if region_of[q.idx()] == u32::MAX
                        && matches!(st.class(q), PointClass::Territory(c2, _) if c2 == c)
                    {
                        region_of[q.idx()] = id;
                        members.push(q);
                    }
                }
                k += 1;
            }
            regions.push((c, kind, members));
        }
    }

    // Stones next to a shared liberty or a seki eye are in seki; each side's territory points.
    let mut seki_adjacent = Bits::new();
    let mut own_territory = [Bits::new(), Bits::new()];
    for p in board.points() {
        match st.class(p) {
            PointClass::Shared(SharedKind::SharedLiberty)
            | PointClass::Territory(_, TerritoryKind::SekiEye) => {
                for q in board.adj(p) {
                    seki_adjacent.insert(q);
                }
            }
            _ => {}
        }
        if let PointClass::Territory(x, _) = st.class(p) {
            own_territory[x.idx()].insert(p);
        }
    }
    for c in Color::BOTH {
        // Basic eye points by the rule.
        let one_sided = board
            .points()
            .filter(|&p| st.class(p) == PointClass::OneSidedDame(c))
            .count() as u32;
        let seki_regions = regions
            .iter()
            .filter(|(rc, kind, _)| *rc == c && *kind == TerritoryKind::SekiEye)
            .count() as u32;
        basic[c] = one_sided + seki_regions + independent_groups(&board, &regions, c);

        // The physical fill.
        let mut candidates: Vec<Point> = Vec::new();
        for (rc, _, members) in &regions {
            if *rc == c {
                candidates.extend(members.iter().copied());
            }
        }
        candidates.sort_unstable();
        let mut open: Vec<bool> = vec![false; board.padded_len()];
        for &p in &candidates {
            open[p.idx()] = true;
        }
        // Empty points per seki-eye region still open, to keep one of each.
        let mut seki_left: Vec<u32> = regions
            .iter()
            .map(|(_, kind, m)| {
                if *kind == TerritoryKind::SekiEye {
                    m.len() as u32
                } else {
                    0
                }
            })
            .collect();
        // Open neighbours of each candidate, kept as stones are placed (only candidates of
        // this side are ever open).
        let mut n_open: Vec<u8> = vec![0; board.padded_len()];
        for &p in &candidates {
            n_open[p.idx()] = board.adj(p).iter().filter(|q| open[q.idx()]).count() as u8;
        }
        let mut pending = candidates.clone();
        while !pending.is_empty() {
            // The open candidate with the most open neighbours of its own region, row-major ties.
            let mut i = 0;
            for (j, &p) in pending.iter().enumerate().skip(1) {
                if n_open[p.idx()] > n_open[pending[i].idx()] {
                    i = j;
                }
            }
            let p = pending.remove(i);
            let r = region_of[p.idx()] as usize;
            if regions[r].1 == TerritoryKind::SekiEye && seki_left[r] <= 1 {
                continue;
            }
            if board.legality(p, c, SuicideRule::Forbidden).is_err() || board.would_capture(p, c) {
                continue;
            }
            // The string the stone would join, and its liberties afterwards (no capture).
            let (stones, libs) = merged_string(&board, p, c);
            // A string in seki lives on its shared liberties; any other string must keep two
            // liberties in its own area (its eyes), not count a dame as one.
            let in_seki = stones.intersects(&seki_adjacent);
            let eyes = libs.and(&own_territory[c.idx()]);
            let n_eyes = eyes.count();
            // Two eye liberties must stay separate (not one two-point eye), or three remain.
            let separate = n_eyes >= 3
                || (n_eyes == 2 && {
                    let mut it = eyes.iter();
                    let (a, b) = (it.next().expect("two"), it.next().expect("two"));
                    !board.adj(a).contains(&b)
                });
            if (in_seki && libs.count() < 2) || (!in_seki && !separate) {
                continue;
            }
            board.play_unchecked(p, c);
            open[p.idx()] = false;
            for q in board.adj(p) {
                n_open[q.idx()] = n_open[q.idx()].saturating_sub(1);
            }
            placed[c] += 1;
            if regions[r].1 == TerritoryKind::SekiEye {
                seki_left[r] -= 1;
            }
        }
        left[c] = candidates.iter().filter(|p| open[p.idx()]).count() as u32 + one_sided;
    }

    // Stability: no string capturable in one move, every non-seki group pass-alive.
    let pa = PassAlive::analyse(&board);
    let mut visited = Bits::new();
    for p in board.points() {
        let Some(c) = board.stone(p) else { continue };
        // Each string once, at its first point in row-major order (which names it in the
        // report whatever stone the board keeps as its head).
        let h = board.string_head(p);
        if visited.contains(h) {
            continue;
        }
        visited.insert(h);
        if board.liberties(p) < 2 {
            let libs = board.string_liberties(p);
            let capturable = libs
                .iter()
                .any(|&l| board.legality(l, c.opp(), SuicideRule::Forbidden).is_ok());
            if capturable || libs.is_empty() {
                problem.get_or_insert_with(|| {
                    format!(
                        "after the fill the {} string at {} can be captured at once",
                        c,
                        board.coord(p).to_human(board.size())
                    )
                });
            }
        }
        let in_seki = touches_seki(&board, st, p);
        if !in_seki && pa.alive_stone(p).is_none() {
            problem.get_or_insert_with(|| {
                format!(
                    "after the fill the {} string at {} is not pass-alive (fewer than two eyes)",
                    c,
                    board.coord(p).to_human(board.size())
                )
            });
        }
    }

    let count = PerSide::new(
        Half(2 * (board.stone_count(Color::Black) + basic.black) as i64 + shared as i64),
        Half(2 * (board.stone_count(Color::White) + basic.white) as i64 + shared as i64),
    );
    FillUp {
        count,
        basic_eyes: basic,
        placed,
        left_empty: left,
        stable: problem.is_none(),
        problem,
        board,
    }
}

/// A set of padded points.
#[derive(Clone, Copy)]
struct Bits([u64; MAX_ARR.div_ceil(64)]);

impl Bits {
    fn new() -> Self {
        Bits([0; MAX_ARR.div_ceil(64)])
    }
    #[inline]
    fn insert(&mut self, p: Point) {
        self.0[p.idx() >> 6] |= 1 << (p.idx() & 63);
    }
    #[inline]
    fn contains(&self, p: Point) -> bool {
        self.0[p.idx() >> 6] & (1 << (p.idx() & 63)) != 0
    }
    #[inline]
    fn remove(&mut self, p: Point) {
        self.0[p.idx() >> 6] &= !(1 << (p.idx() & 63));
    }
    fn intersects(&self, o: &Bits) -> bool {
        self.0.iter().zip(o.0.iter()).any(|(a, b)| a & b != 0)
    }
    fn and(&self, o: &Bits) -> Bits {
        let mut r = *self;
        for (a, b) in r.0.iter_mut().zip(o.0.iter()) {
            *a &= b;
        }
        r
    }
    fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    fn iter(&self) -> impl Iterator<Item = Point> + '_ {
        self.0.iter().enumerate().flat_map(|(i, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                if w == 0 {
                    return None;
                }
                let b = w.trailing_zeros() as usize;
                w &= w - 1;
                Some(Point((i * 64 + b) as u16))
            })
        })
    }
}

/// The stones of the string a stone of `c` at the empty point `p` would form (with the strings
/// it joins), and that string's liberties afterwards, assuming the move captures nothing.
fn merged_string(board: &Board, p: Point, c: Color) -> (Bits, Bits) {
    let mut stones = Bits::new();
    stones.insert(p);
    let mut heads = [Point(0); 4];
    let mut nh = 0;
    for q in board.adj(p) {
        if board.stone(q) == Some(c) {
            let h = board.string_head(q);
            if !heads[..nh].contains(&h) {
                heads[nh] = h;
                nh += 1;
                for s in board.string_stones(h) {
                    stones.insert(s);
                }
            }
        }
    }
    let mut libs = Bits::new();
    for s in stones.iter() {
        for q in board.adj(s) {
            if board.cell(q) == crate::engine::Cell::Empty {
                libs.insert(q);
            }
        }
    }
    libs.remove(p);
    (stones, libs)
}

/// Whether the string through `p` touches a shared liberty or a seki eye of the settled
/// classification: it is part of a seki. (A dame left or a one-sided dame does not make one.)
fn touches_seki(board: &Board, st: &Settlement, p: Point) -> bool {
    board.string_stones(p).any(|s| {
        board.adj(s).iter().any(|&q| {
            matches!(
                st.class(q),
                PointClass::Shared(SharedKind::SharedLiberty)
                    | PointClass::Territory(_, TerritoryKind::SekiEye)
            )
        })
    })
}

/// Basic eye points of `c`'s independent groups: classes of strings joined through `c`'s
/// non-seki territory regions, counting only classes that own such a region. Each keeps two
/// eye points, or every point it owns when it owns fewer than two (a group whose only
/// territory is one point cannot keep two eyes; that it lives at all is the settlement's
/// judgement, not the fill-up's).
fn independent_groups(
    board: &Board,
    regions: &[(Color, TerritoryKind, Vec<Point>)],
    c: Color,
) -> u32 {
    // Union-find over string heads.
    let mut parent: Vec<u16> = (0..board.padded_len() as u16).collect();
    fn find(parent: &mut [u16], mut x: u16) -> u16 {
        while parent[x as usize] != x {
            parent[x as usize] = parent[parent[x as usize] as usize];
            x = parent[x as usize];
        }
        x
    }
    let mut owners: Vec<(u16, u32)> = Vec::new();
    for (rc, kind, members) in regions {
        if *rc != c || *kind == TerritoryKind::SekiEye {
            continue;
        }
        let mut first: Option<u16> = None;
        for &m in members {
            for q in board.adj(m) {
                if board.stone(q) == Some(c) {
                    let h = board.string_head(q).0;
                    match first {
                        None => first = Some(h),
                        Some(f) => {
                            let (a, b) = (find(&mut parent, f), find(&mut parent, h));
                            parent[a as usize] = b;
                        }
                    }
                }
            }
        }
        if let Some(f) = first {
            owners.push((f, members.len() as u32));
        }
    }
    // Points owned per group; a group keeps two eye points, or all it owns if fewer.
    let mut per_root: Vec<(u16, u32)> = owners
        .iter()
        .map(|&(o, n)| (find(&mut parent, o), n))
        .collect();
    per_root.sort_unstable();
    let mut total = 0;
    let mut i = 0;
    while i < per_root.len() {
        let root = per_root[i].0;
        let mut owned = 0;
        while i < per_root.len() && per_root[i].0 == root {
            owned += per_root[i].1;
            i += 1;
        }
        total += owned.min(2);
    }
    total
}
