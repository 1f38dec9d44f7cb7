//! The fill-up check (填满检验, Art. 21; 000:#4, #11, #59; RULES.md section 6.4).
//!
//! From the settled position each side keeps its basic eye points empty and fills every other
//! point it owns (its road points) with its own stones. The check has two parts:
//!
//! - the **count** (theorem T5, an invariant): each side's stones after the fill, plus its
//!   basic eye points left empty, plus half the shared points, equals its area. Every owned
//!   empty point gets exactly one role (kept or filled), so the two counts add up to N² by
//!   construction; the count is read back from the filled board, so a fill that captured, or a
//!   kept point that received a stone, shows as a mismatch. A road point on which the fill
//!   cannot put a stone (suicide, or a stone that would capture) still counts as filled, since
//!   the rule fills every road point; it is reported in [`FillUp::unplaced`] and makes the fill
//!   unstable.
//! - the **stability** (finding F1): after the fill every independent living group is
//!   pass-alive (two separate eyes), and no string anywhere, seki strings included, can be
//!   captured at once. Which points stay empty is a choice; the choices are searched per group
//!   (groups never share eye space, so they do not interact) and the fill is called unstable
//!   only when no choice is stable, or unknown when the search budget ran out first.
//!
//! Basic eye points (000:#59), read from the settlement's point classes:
//!
//! - a *group* is a set of strings of one colour joined through that colour's territory
//!   regions; it is *in seki* when one of its strings touches a shared liberty or a one-sided
//!   dame, or one of its regions is a seki eye;
//! - one point of every seki-eye region of a seki group;
//! - two points of the other territory of a group (all of it if it has fewer than two), kept
//!   apart so that they make two eyes;
//! - every one-sided liberty of a seki: a one-sided dame with no opponent stone beside it whose
//!   empty neighbours are all shared liberties (a point enclosed by the side's stones and
//!   shared liberties). Any other one-sided dame lies between the two sides' stones: it is a
//!   road point, and its owner fills it (Part 1 item 9).

use serde::Serialize;

use crate::engine::Half;
use crate::engine::{Board, Cell, Color, PerSide, Point, SuicideRule};
use crate::settlement::{PassAlive, PointClass, Settlement, SharedKind, TerritoryKind};

mod search;
use search::*;

/// How many choices of kept points the search tries per group before it gives up (the fill is
/// then [`Stability::Unknown`] if no stable choice was found).
pub const CHOICE_BUDGET: u32 = 300;

/// The verdict on the stability of the fill (finding F1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Stability {
    /// Some choice of kept points leaves every group alive and no string capturable at once.
    Stable,
    /// No choice does (every choice was tried), or something no choice affects fails.
    Unstable,
    /// No stable choice was found before the search budget ran out.
    Unknown,
}

impl Stability {
    /// A short name for reports.
    pub fn name(self) -> &'static str {
        match self {
            Stability::Stable => "stable",
            Stability::Unstable => "unstable",
            Stability::Unknown => "unknown",
        }
    }
}

/// The outcome of the fill-up check.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FillUp {
    /// The rule's count: stones after the fill (unplaced road points included) + basic eye
    /// points left empty + q/2.
    pub count: PerSide<Half>,
    /// Basic eye points, kept empty.
    pub basic_eyes: PerSide<u32>,
    /// Stones the fill placed on the board.
    pub placed: PerSide<u32>,
    /// Road points the fill could not place a stone on (suicide, or a stone there would
    /// capture); counted as filled.
    pub unplaced: PerSide<u32>,
    /// Owned empty points left empty after the fill (basic eye points + unplaced).
    pub left_empty: PerSide<u32>,
    /// The stability verdict.
    pub stability: Stability,
    /// `stability == Stable`.
    pub stable: bool,
    /// Choices of kept points tried by the search, all groups together.
    pub choices_tried: u32,
    /// The first stability problem found, if any.
    pub problem: Option<String>,
    /// The filled board.
    #[serde(skip)]
    pub board: Board,
}

const NONE: u32 = u32::MAX;

/// What the fill does with a point.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    /// Not an owned empty point.
    Other,
    /// A basic eye point of that side, kept empty.
    Keep(Color),
    /// A road point of that side, filled.
    Fill(Color),
}

/// A territory region of one colour: its points are `pts[start..end]`.
struct Region {
    color: Color,
    seki_eye: bool,
    start: usize,
    end: usize,
}

/// One independent choice of a group: a seki-eye region (keep one of its points) or the rest of
/// the group's territory (keep two points apart, or all of it when it has two or fewer).
struct Digit {
    /// The options, best first; each keeps `width` points.
    opts: Vec<[Point; 2]>,
    width: usize,
    /// Whether `opts` lists every option (not cut by the budget).
    complete: bool,
}

/// How a group's search ended.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Outcome {
    Found,
    Exhausted,
    BudgetOut,
}

/// Runs the fill-up check on a settled position.
///
/// ```
/// use jipingdian::counting::{fill_up, Half, Stability};
/// use jipingdian::engine::Board;
/// use jipingdian::settlement::{Mode, Settlement};
///
/// let b = Board::from_ascii(". X O . .\n. X O . .\nX X O O O\n. X O . .\n. X O . .").unwrap();
/// let st = Settlement::settle(&b, &[], &[], Mode::Pause).unwrap();
/// let fu = fill_up(&st);
/// assert_eq!(fu.count.black + fu.count.white, Half::points(25));
/// assert_eq!(fu.stability, Stability::Stable);
/// ```
pub fn fill_up(st: &Settlement) -> FillUp {
    let b0 = st.board();
    let n = b0.padded_len();
    let shared = st.tally().shared;

    let lay = layout(st);

    // Roles: one-sided dame now; territory is filled unless the search keeps it.
    let mut role = vec![Role::Other; n];
    for p in b0.points() {
        match st.class(p) {
            PointClass::Territory(c, _) => role[p.idx()] = Role::Fill(c),
            PointClass::OneSidedDame(c) => {
                role[p.idx()] = if one_sided_liberty(st, b0, p, c) {
                    Role::Keep(c)
                } else {
                    Role::Fill(c)
                }
            }
            _ => {}
        }
    }

    // The one-sided dame go first: they are no one's choice, and the search sees their effect.
    let mut work = b0.clone();
    let mut placed = PerSide::default();
    let mut unplaced = PerSide::default();
    let mut unplaced_at: Vec<(Point, Color, &'static str)> = Vec::new();
    for p in b0.points() {
        if let (Role::Fill(c), PointClass::OneSidedDame(_)) = (role[p.idx()], st.class(p)) {
            place(
                &mut work,
                p,
                c,
                &mut placed,
                &mut unplaced,
                &mut unplaced_at,
            );
        }
    }

    // The search, group by group.
    let (outcomes, tried) = search_groups(b0, &work, &lay, &mut role);

    // The territory fill.
    for p in b0.points() {
        if let (Role::Fill(c), PointClass::Territory(..)) = (role[p.idx()], st.class(p)) {
            place(
                &mut work,
                p,
                c,
                &mut placed,
                &mut unplaced,
                &mut unplaced_at,
            );
        }
    }

    let (stability, problem) = verdict(b0, &work, &lay, &outcomes, &unplaced_at);

    // The count, read back from the filled board.
    let mut basic = PerSide::default();
    let mut kept_empty = PerSide::<u32>::default();
    for p in work.points() {
        if let Role::Keep(c) = role[p.idx()] {
            basic[c] += 1;
            if work.cell(p) == Cell::Empty {
                kept_empty[c] += 1;
            }
        }
    }
    let count_of = |c: Color| {
        Half(2 * (work.stone_count(c) + unplaced[c] + kept_empty[c]) as i64 + shared as i64)
    };
    FillUp {
        count: PerSide::new(count_of(Color::Black), count_of(Color::White)),
        basic_eyes: basic,
        placed,
        unplaced,
        left_empty: PerSide::new(
            kept_empty.black + unplaced.black,
            kept_empty.white + unplaced.white,
        ),
        stability,
        stable: stability == Stability::Stable,
        choices_tried: tried,
        problem,
        board: work,
    }
}

/// The territory regions of a settlement (one flat point list) and the groups they form:
/// regions joined through the strings that border them.
struct Layout {
    region_of: Vec<u32>,
    pts: Vec<Point>,
    regions: Vec<Region>,
    /// (group root, region), sorted: a group's regions are a run.
    by_group: Vec<(u32, u32)>,
    group_of_region: Vec<u32>,
    /// Each group's run of `by_group`.
    groups: Vec<(usize, usize)>,
    group_seki: Vec<bool>,
    /// Bordering string heads per group, sorted by group.
    heads: Vec<(u32, Point)>,
}

fn layout(st: &Settlement) -> Layout {
    let b0 = st.board();
    let (region_of, pts, regions) = territory_regions(st);
    let seki_head = seki_heads(st);
    let (by_group, bordering) = join_regions(b0, &pts, &regions);
    // group_of_region[r] = index of the group in `groups`; a group's regions are a run of
    // `by_group`.
    let mut group_of_region = vec![0u32; regions.len()];
    let mut groups: Vec<(usize, usize)> = Vec::new();
    let mut i = 0;
    while i < by_group.len() {
        let root = by_group[i].0;
        let s = i;
        while i < by_group.len() && by_group[i].0 == root {
            group_of_region[by_group[i].1 as usize] = groups.len() as u32;
            i += 1;
        }
        groups.push((s, i));
    }
    let mut group_seki = vec![false; groups.len()];
    for (g, &(s, e)) in groups.iter().enumerate() {
        group_seki[g] = by_group[s..e]
            .iter()
            .any(|&(_, r)| regions[r as usize].seki_eye);
    }
    // Bordering heads per group, sorted by group.
    let mut heads: Vec<(u32, Point)> = bordering
        .iter()
        .map(|&(r, h)| (group_of_region[r as usize], h))
        .collect();
    heads.sort_unstable();
    for &(g, h) in &heads {
        group_seki[g as usize] |= seki_head[h.idx()];
    }
    Layout {
        region_of,
        pts,
        regions,
        by_group,
        group_of_region,
        groups,
        group_seki,
        heads,
    }
}

/// The territory regions of a settlement: the region of each point (`NONE` outside them), one
/// flat point list, and each region's colour, range and whether it holds a seki eye. A region
/// is a connected set of territory points of one colour, its members breadth-first from its
/// first point. (Its own flood fill rather than `engine::Regions`: the `u32` region ids index
/// the fill-up search's tables.)
fn territory_regions(st: &Settlement) -> (Vec<u32>, Vec<Point>, Vec<Region>) {
    let b0 = st.board();
    let mut region_of = vec![NONE; b0.padded_len()];
    let mut pts: Vec<Point> = Vec::with_capacity(b0.area() as usize);
    let mut regions: Vec<Region> = Vec::new();
    for p in b0.points() {
        let PointClass::Territory(c, _) = st.class(p) else {
            continue;
        };
        if region_of[p.idx()] != NONE {
            continue;
        }
        let id = regions.len() as u32;
        let start = pts.len();
        region_of[p.idx()] = id;
        pts.push(p);
        let mut k = start;
        let mut seki_eye = false;
        while k < pts.len() {
            let m = pts[k];
            seki_eye |= st.class(m) == PointClass::Territory(c, TerritoryKind::SekiEye);
            for q in b0.adj(m) {
                if region_of[q.idx()] == NONE
                    && matches!(st.class(q), PointClass::Territory(c2, _) if c2 == c)
                {
                    region_of[q.idx()] = id;
                    pts.push(q);
                }
            }
            k += 1;
        }
        regions.push(Region {
            color: c,
            seki_eye,
            start,
            end: pts.len(),
        });
    }
    (region_of, pts, regions)
}

/// The strings in seki, by head: those touching a shared liberty or a one-sided dame.
fn seki_heads(st: &Settlement) -> Vec<bool> {
    let b0 = st.board();
    let mut seki_head = vec![false; b0.padded_len()];
    for p in b0.points() {
        if matches!(
            st.class(p),
            PointClass::Shared(SharedKind::SharedLiberty) | PointClass::OneSidedDame(_)
        ) {
            for q in b0.adj(p) {
                if b0.stone(q).is_some() {
                    seki_head[b0.string_head(q).idx()] = true;
                }
            }
        }
    }
    seki_head
}

/// (region, string head) pairs: the strings bordering each region.
type Bordering = Vec<(u32, Point)>;

/// Groups: regions joined through the strings of their colour that border them (union-find
/// over regions). Returns (group root, region) sorted, so that a group's regions are a run,
/// and each (region, string head) the first time a string is met.
fn join_regions(b0: &Board, pts: &[Point], regions: &[Region]) -> (Vec<(u32, u32)>, Bordering) {
    let mut parent: Vec<u32> = (0..regions.len() as u32).collect();
    fn find(parent: &mut [u32], mut x: u32) -> u32 {
        while parent[x as usize] != x {
            parent[x as usize] = parent[parent[x as usize] as usize];
            x = parent[x as usize];
        }
        x
    }
    let mut head_region = vec![NONE; b0.padded_len()];
    let mut bordering: Vec<(u32, Point)> = Vec::new(); // (region, string head)
    for (r, reg) in regions.iter().enumerate() {
        for &m in &pts[reg.start..reg.end] {
            for q in b0.adj(m) {
                if b0.stone(q) != Some(reg.color) {
                    continue;
                }
                let h = b0.string_head(q);
                let other = head_region[h.idx()];
                if other == NONE {
                    head_region[h.idx()] = r as u32;
                    bordering.push((r as u32, h));
                } else if other != r as u32 {
                    let (a, b) = (find(&mut parent, other), find(&mut parent, r as u32));
                    parent[a as usize] = b;
                }
            }
        }
    }
    let mut by_group: Vec<(u32, u32)> = (0..regions.len() as u32)
        .map(|r| (find(&mut parent, r), r))
        .collect();
    by_group.sort_unstable();
    (by_group, bordering)
}

/// The stability of the filled board `work` and the problem to report: strings capturable at
/// once, groups not pass-alive, fill stones that could not be placed. A problem is definite
/// unless a group whose search ran out of budget is involved.
fn verdict(
    b0: &Board,
    work: &Board,
    lay: &Layout,
    outcomes: &[Outcome],
    unplaced_at: &[(Point, Color, &'static str)],
) -> (Stability, Option<String>) {
    // Points whose problems a different choice might mend (their group's search ran out).
    let unsure = unsure_points(b0, lay, outcomes);
    let name = |p: Point| work.coord(p).to_human(work.size());
    // Stability on the filled board: (definite, text) per problem.
    let mut problems = capturable_strings(work, &unsure);
    if lay
        .groups
        .iter()
        .enumerate()
        .any(|(g, _)| !lay.group_seki[g])
    {
        problems.extend(groups_not_pass_alive(work, lay, outcomes));
    }
    for &(p, c, why) in unplaced_at {
        problems.push((
            !unsure[p.idx()],
            format!("the fill cannot put {c}'s stone at {} ({why})", name(p)),
        ));
    }
    let stability = if problems.is_empty() {
        Stability::Stable
    } else if problems.iter().any(|&(d, _)| d) {
        Stability::Unstable
    } else {
        Stability::Unknown
    };
    let problem = problems
        .iter()
        .find(|(d, _)| *d)
        .or(problems.first())
        .map(|(d, t)| {
            if *d {
                t.clone()
            } else {
                format!("{t} (no stable choice found within {CHOICE_BUDGET} choices)")
            }
        });
    (stability, problem)
}

/// The strings of the filled board the opponent can capture at once, one problem each, definite
/// unless a stone of it is `unsure`.
fn capturable_strings(work: &Board, unsure: &[bool]) -> Vec<(bool, String)> {
    let name = |p: Point| work.coord(p).to_human(work.size());
    let mut problems = Vec::new();
    let mut seen = vec![false; work.padded_len()];
    for p in work.points() {
        let Some(c) = work.stone(p) else { continue };
        let h = work.string_head(p);
        if seen[h.idx()] {
            continue;
        }
        seen[h.idx()] = true;
        if work.liberties(p) >= 2 {
            continue;
        }
        let libs = work.string_liberties(p);
        let capturable = libs.is_empty()
            || libs
                .iter()
                .any(|&l| work.legality(l, c.opp(), SuicideRule::Forbidden).is_ok());
        if capturable {
            let definite = !work.string_stones(p).any(|x| unsure[x.idx()]);
            problems.push((
                definite,
                format!(
                    "after the fill the {c} string at {} can be captured at once",
                    name(p)
                ),
            ));
        }
    }
    problems
}

/// The strings of groups not in seki that are not pass-alive on the filled board: bordering
/// strings, then strings made of fill stones alone; definite unless the group's search ran out
/// of budget.
fn groups_not_pass_alive(work: &Board, lay: &Layout, outcomes: &[Outcome]) -> Vec<(bool, String)> {
    let Layout {
        regions,
        by_group,
        groups,
        group_seki,
        heads,
        pts,
        ..
    } = lay;
    let name = |p: Point| work.coord(p).to_human(work.size());
    let mut problems = Vec::new();
    let pa = PassAlive::analyse(work);
    for &(g, h) in heads {
        let g = g as usize;
        if group_seki[g] || pa.alive_stone(h).is_some() {
            continue;
        }
        problems.push((
            outcomes[g] != Outcome::BudgetOut,
            format!(
                "after the fill the {} string at {} is not pass-alive (fewer than two eyes)",
                regions[by_group[groups[g].0].1 as usize].color,
                name(first_stone(work, h))
            ),
        ));
    }
    // Strings made of fill stones alone.
    for (g, &(s, e)) in groups.iter().enumerate() {
        if group_seki[g] {
            continue;
        }
        for &(_, r) in &by_group[s..e] {
            let reg = &regions[r as usize];
            for &m in &pts[reg.start..reg.end] {
                if work.stone(m).is_some()
                    && pa.alive_stone(m).is_none()
                    && !heads
                        .iter()
                        .any(|&(_, h)| work.string_head(h) == work.string_head(m))
                {
                    problems.push((
                        outcomes[g] != Outcome::BudgetOut,
                        format!(
                            "after the fill the {} string at {} is not pass-alive (fewer than two eyes)",
                            reg.color,
                            name(first_stone(work, m))
                        ),
                    ));
                }
            }
        }
    }
    problems
}

/// Places `c`'s fill stone at `p` if the move is legal and captures nothing; otherwise records
/// the point as unplaced.
fn place(
    work: &mut Board,
    p: Point,
    c: Color,
    placed: &mut PerSide<u32>,
    unplaced: &mut PerSide<u32>,
    unplaced_at: &mut Vec<(Point, Color, &'static str)>,
) {
    if work.legality(p, c, SuicideRule::Forbidden).is_err() {
        unplaced[c] += 1;
        unplaced_at.push((p, c, "it would be suicide"));
    } else if work.would_capture(p, c) {
        unplaced[c] += 1;
        unplaced_at.push((p, c, "it would capture"));
    } else {
        work.play_unchecked(p, c);
        placed[c] += 1;
    }
}

/// The first stone in row-major order of the string through `p`: it names the string in
/// reports whatever stone the board keeps as its head.
fn first_stone(board: &Board, p: Point) -> Point {
    board.string_stones(p).min().unwrap_or(p)
}

/// A one-sided dame of `c` enclosed by `c`'s stones and shared liberties: a basic eye point.
fn one_sided_liberty(st: &Settlement, board: &Board, p: Point, c: Color) -> bool {
    let mut shared = false;
    for q in board.adj(p) {
        match st.class(q) {
            PointClass::Stone(x) if x == c => {}
            PointClass::OffBoard => {}
            PointClass::Shared(SharedKind::SharedLiberty) => shared = true,
            _ => return false,
        }
    }
    shared
}

/// Which group an area point belongs to.
struct GroupArea<'a> {
    region_of: &'a [u32],
    group_of_region: &'a [u32],
    group: u32,
}

impl GroupArea<'_> {
    #[inline]
    fn contains(&self, p: Point) -> bool {
        let r = self.region_of[p.idx()];
        r != NONE && self.group_of_region[r as usize] == self.group
    }
}

/// The points of the groups whose search ran out of budget, and the stones of their bordering
/// strings: a different choice might mend their problems.
fn unsure_points(b0: &Board, lay: &Layout, outcomes: &[Outcome]) -> Vec<bool> {
    let Layout {
        regions,
        by_group,
        groups,
        heads,
        pts,
        ..
    } = lay;
    let mut unsure = vec![false; b0.padded_len()];
    for (g, &(s, e)) in groups.iter().enumerate() {
        if outcomes[g] != Outcome::BudgetOut {
            continue;
        }
        for &(_, r) in &by_group[s..e] {
            let reg = &regions[r as usize];
            for &m in &pts[reg.start..reg.end] {
                unsure[m.idx()] = true;
            }
        }
        for &(hg, h) in heads {
            if hg as usize == g {
                for x in b0.string_stones(h) {
                    unsure[x.idx()] = true;
                }
            }
        }
    }
    unsure
}

#[cfg(test)]
mod tests;
