//! The referee: the status of every string settled by proof, never by guess (RULES.md
//! section 5.1 in the project's reading; docs/REFEREE.md describes it for users).
//!
//! A string is
//! - **alive** when Benson's algorithm finds it pass-alive, or when a local search proves that
//!   nobody can profit from attacking it (see *seki* below, without the other colour);
//! - **dead** when it lies in the opponent's pass-alive territory (every empty point of its
//!   region is a liberty of the opponent's pass-alive strings: KataGo's "pass-dead"), or when
//!   it stands in an area enclosed by the opponent's pass-alive strings alone that is too small
//!   for two eyes (no two points of the area that are not adjacent to an enclosing stone lie
//!   apart);
//! - **in seki** when it belongs to a local area, bounded by pass-alive strings and the edge,
//!   holding strings of both colours (or liberties shared with the other colour), where a
//!   search proves that neither side, moving first, can end the local fight having captured
//!   more stones than it lost, whatever the other side answers (both may pass; captures
//!   counted). A hanezeki, whose capture costs the capturer, is a seki by this test.
//!
//! Anything else leaves the position **unsettled**, with the reason; the search has a node
//! budget per area and says when it ran out. A ko fought inside a searched area is not
//! resolved (it depends on threats elsewhere): the area is unsettled. The one exception is an
//! unfilled single ko between pass-alive strings (Part 1 item 7: 单劫不粘有目), which the rules
//! themselves settle: the stone that last took the ko stands, and the ko point is its owner's.

use std::collections::HashMap;
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};

use super::benson::PassAlive;
use crate::engine::{Board, Cell, Color, Point, Regions, SuicideRule};

mod canonical;
mod search;
mod seki;
use canonical::*;
pub(crate) use search::FxHasher;
use search::*;
use seki::*;

/// Node budget of one search (one attacker, one local area).
pub const SEARCH_NODES: u32 = 5_000;
/// Areas with more empty points than this are not searched (unsettled, `open_area`).
pub const MAX_SEARCH_EMPTIES: usize = 12;

/// The proven status of a stone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// Pass-alive, or proven safe by search.
    Alive,
    /// Proven dead: captured whatever its owner does.
    Dead,
    /// Proven seki: neither side can profitably attack it.
    Seki,
    /// Not proven either way.
    Unknown,
}

/// How a stone's status was proven.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Method {
    /// Benson's test: a pass-alive string, or a stone in the opponent's pass-alive territory.
    Benson,
    /// Stones enclosed by the opponent's pass-alive strings in an area too small for two eyes.
    TooSmall,
    /// An unfilled single ko between pass-alive strings (Part 1 item 7).
    UnfilledKo,
    /// The capture-counting search of an area bounded by pass-alive strings (alive or seki).
    AreaSearch,
    /// The safety solver's regions, eyes that are vital as they stand.
    SafetyStatic,
    /// The safety solver's local searches (alive, or captured whatever the owner does).
    SafetySearch,
}

impl Method {
    /// A short snake_case name, stable for reports.
    pub fn as_str(self) -> &'static str {
        match self {
            Method::Benson => "benson",
            Method::TooSmall => "too_small_for_two_eyes",
            Method::UnfilledKo => "unfilled_ko",
            Method::AreaSearch => "area_search",
            Method::SafetyStatic => "safety_static",
            Method::SafetySearch => "safety_search",
        }
    }
}

/// Why a position is not settled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Unsettled {
    /// An area with room for a new living group (an empty point touching no stone, or more
    /// empty points than the search takes).
    OpenArea,
    /// A group enclosed by pass-alive opponents with room that might make two eyes.
    EnclosedGroup,
    /// One side can capture stones at a profit: a capturing race or a group still to be taken.
    Capturable,
    /// A ko inside the area decides it.
    Ko,
    /// The search ran out of its node budget or depth.
    Budget,
}

impl Unsettled {
    /// All reasons, in report order.
    pub const ALL: [Unsettled; 5] = [
        Unsettled::OpenArea,
        Unsettled::EnclosedGroup,
        Unsettled::Capturable,
        Unsettled::Ko,
        Unsettled::Budget,
    ];

    /// A short snake_case name, stable for reports.
    pub fn as_str(self) -> &'static str {
        match self {
            Unsettled::OpenArea => "open_area",
            Unsettled::EnclosedGroup => "enclosed_group",
            Unsettled::Capturable => "capturable",
            Unsettled::Ko => "ko",
            Unsettled::Budget => "search_budget",
        }
    }
}

impl fmt::Display for Unsettled {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The referee's judgement of a position.
#[derive(Clone, Debug)]
pub struct Judgement {
    status: Vec<Status>,
    /// How each proven stone's status was proven.
    how: Vec<Option<Method>>,
    dead: Vec<Point>,
    unsettled: Option<Unsettled>,
    /// The points of the areas left unsettled, in point order.
    open: Vec<Point>,
    unfilled_ko: bool,
    nodes: u32,
    /// For each area found capturable, an attacker and the first move of its proven win.
    winning: Vec<(Color, Point)>,
    /// Whether the position was settled only once the safety solver had proven the stones of
    /// its open areas ([`judge_deep`]).
    by_solver: bool,
}

impl Judgement {
    /// The status of the stone at `p` (`Unknown` for an empty point).
    #[inline]
    pub fn status(&self, p: Point) -> Status {
        self.status[p.idx()]
    }

    /// How the status of the stone at `p` was proven (`None`: not proven, or an empty point).
    #[inline]
    pub fn method(&self, p: Point) -> Option<Method> {
        self.how[p.idx()]
    }

    /// Whether the stone at `p` belongs to a proven seki.
    #[inline]
    pub fn in_seki(&self, p: Point) -> bool {
        self.status[p.idx()] == Status::Seki
    }

    /// The proven dead stones, in point order.
    pub fn dead(&self) -> &[Point] {
        &self.dead
    }

    /// `None` when every stone's status is proven; otherwise the first reason found.
    pub fn unsettled(&self) -> Option<Unsettled> {
        self.unsettled
    }

    /// Whether every stone's status is proven.
    pub fn is_settled(&self) -> bool {
        self.unsettled.is_none()
    }

    /// The points of the areas left unsettled (stones and empty points), in point order: where
    /// play must go on before the position can be counted.
    pub fn open_points(&self) -> &[Point] {
        &self.open
    }

    /// Whether the position is settled only by the safety solver's proofs of the stones of the
    /// areas the referee's own rules leave open ([`judge_deep`]).
    pub fn settled_by_solver(&self) -> bool {
        self.by_solver
    }

    /// Whether an unfilled single ko was settled by Part 1 item 7.
    pub fn unfilled_ko(&self) -> bool {
        self.unfilled_ko
    }

    /// Search nodes spent.
    pub fn nodes(&self) -> u32 {
        self.nodes
    }

    /// Proven winning first moves in the areas left `capturable`: `(attacker, point)` where the
    /// search proved that the attacker, playing `point` first, ends the local fight having
    /// captured more of the area's stones than it lost, whatever the other side answers. At
    /// most one per attacker and area, in area order. [`judge`] stops at the first attacker
    /// found winning an area; [`judge_for_settling`] tries both.
    pub fn winning_moves(&self) -> &[(Color, Point)] {
        &self.winning
    }
}

/// Judges a position (after a pause, before any removal).
pub fn judge(board: &Board) -> Judgement {
    judge_with(board, &PassAlive::analyse(board))
}

/// [`judge`] with Benson's analysis of `board` already made.
pub fn judge_with(board: &Board, pa: &PassAlive) -> Judgement {
    let mut j = judge_inner(board, pa, Mode::Search, SEARCH_NODES);
    prove_unknown(board, &mut j, false);
    j
}

/// [`judge`] for one position read with care (a record's final position): the safety solver
/// also reads the eye spaces its fixed-order search leaves open by df-pn
/// ([`super::safety::Safety::analyse_deep`]), and a position [`judge`] leaves unsettled is
/// settled when the solver proves every stone of its open areas and the empty points there
/// leave no room for a new group ([`settled_by_solver`]). Every status [`judge`] proves is the
/// same; more strings may be proven. The generator and the campaign's checks, which judge many
/// positions, use [`judge`].
pub fn judge_deep(board: &Board) -> Judgement {
    let mut j = judge_inner(
        board,
        &PassAlive::analyse(board),
        Mode::Search,
        SEARCH_NODES,
    );
    prove_unknown(board, &mut j, true);
    if j.unsettled.is_some() && settled_by_solver(board, &j) {
        j.unsettled = None;
        j.open.clear();
        j.by_solver = true;
    }
    j
}

/// Whether the open areas of `j` are settled once the safety solver has proven their stones
/// (RULES.md 5.1 item 8): every stone there is proven alive or dead, and every connected set
/// of the points there that hold no living stone (empty points and dead stones) is, with the
/// living stones around it as walls, what item 2 settles: bordered by living stones of one
/// colour X only, holding no dead X stone and too small for two eyes of the opponent; or
/// bordered by both colours, holding no dead stone and no point that touches no stone.
///
/// Why this is sound: every proof of the solver ends, against any defence, with each proven
/// string in a group owning two vital sub-regions, whose points an opponent group can neither
/// occupy nor take as liberties; so, as for pass-alive walls, an opposing group in a set too
/// small for two eyes has its liberties filled and is captured, and cannot live in seki.
fn settled_by_solver(board: &Board, j: &Judgement) -> bool {
    let n = board.padded_len();
    let mut in_open = vec![false; n];
    for &p in &j.open {
        in_open[p.idx()] = true;
        if board.stone(p).is_some() && j.status[p.idx()] == Status::Unknown {
            return false;
        }
    }
    let living = |q: Point| match board.stone(q) {
        Some(c) if matches!(j.status[q.idx()], Status::Alive | Status::Seki) => Some(c),
        _ => None,
    };
    let free = |p: Point| in_open[p.idx()] && living(p).is_none();
    for set in Regions::new(board, free).iter() {
        let mut wall = [false; 2];
        let mut dead = [false; 2];
        let mut bare = false;
        for &p in set {
            match board.stone(p) {
                Some(c) => dead[c.idx()] = true,
                None => bare |= board.adj(p).iter().all(|&q| board.stone(q).is_none()),
            }
            for q in board.adj(p) {
                if let Some(c) = living(q) {
                    wall[c.idx()] = true;
                }
            }
        }
        let ok = match wall {
            [true, true] => !bare && !dead[0] && !dead[1],
            [false, false] => false,
            _ => {
                let x = if wall[0] { Color::Black } else { Color::White };
                !dead[x.idx()] && too_small_for_two_eyes(board, set, x)
            }
        };
        if !ok {
            return false;
        }
    }
    true
}

/// [`judge_with`] without the safety solver ([`crate::settlement::safety`]): the verdict on
/// whether the position is settled, and every status of a settled position, are the same; the
/// strings of an unsettled position that only the solver proves stay unknown. What the
/// generator asks at each pause, where only the verdict matters.
pub fn judge_settledness_with(board: &Board, pa: &PassAlive) -> Judgement {
    judge_inner(board, pa, Mode::Search, SEARCH_NODES)
}

/// Runs the safety solver when some stone's status is still unknown, and takes its proofs for
/// those stones: alive, or dead (captured whatever their owner does). The position stays
/// unsettled for the reason already found: the solver proves strings, not the empty areas
/// around them.
fn prove_unknown(board: &Board, j: &mut Judgement, deep: bool) {
    if !board
        .points()
        .any(|p| board.stone(p).is_some() && j.status[p.idx()] == Status::Unknown)
    {
        return;
    }
    let s = solved(board, deep);
    j.nodes = j
        .nodes
        .saturating_add(s.nodes().min(u32::MAX as u64) as u32);
    let mut added = false;
    for p in board.points() {
        if board.stone(p).is_none() || j.status[p.idx()] != Status::Unknown {
            continue;
        }
        if let Some(proof) = s.alive(p) {
            j.status[p.idx()] = Status::Alive;
            j.how[p.idx()] = Some(match proof {
                super::safety::Proof::Static => Method::SafetyStatic,
                super::safety::Proof::Search => Method::SafetySearch,
            });
        } else if s.dead(p) {
            j.status[p.idx()] = Status::Dead;
            j.how[p.idx()] = Some(Method::SafetySearch);
            j.dead.push(p);
            added = true;
        }
    }
    if added {
        j.dead.sort_unstable();
    }
}

/// The safety solver's result for `board`, from a small per-thread memo of the last boards
/// solved (keyed on every point's content, so only an identical position is reused): scoring a
/// record judges the same final position for the estimate, each rule set's count and each
/// finding.
fn solved(board: &Board, deep: bool) -> super::safety::Safety {
    use std::cell::RefCell;
    const KEEP: usize = 32;
    thread_local! {
        static MEMO: RefCell<Vec<(Vec<u8>, super::safety::Safety)>> =
            const { RefCell::new(Vec::new()) };
    }
    let mut key: Vec<u8> = Vec::with_capacity(board.padded_len() + 1);
    key.push(board.size());
    key.push(deep as u8);
    key.extend(board.points().map(|p| board.cell(p) as u8));
    if let Some(s) = MEMO.with(|m| {
        m.borrow()
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, s)| s.clone())
    }) {
        return s;
    }
    // On the board's canonical image, as the area search: the solver's proofs claim points in
    // board order, so what it proves within its budgets could otherwise depend on orientation.
    let (cboard, to_c, _) = canonical::canonical(board);
    let s = if deep {
        super::safety::Safety::analyse_deep(&cboard)
    } else {
        super::safety::Safety::analyse(&cboard)
    };
    let s = s.pulled_back(board, &to_c);
    MEMO.with(|m| {
        let mut m = m.borrow_mut();
        if m.len() == KEEP {
            m.remove(0);
        }
        m.push((key, s.clone()));
    });
    s
}

/// [`judge_with`] with a node budget of `nodes` per search instead of [`SEARCH_NODES`]: on
/// boards small enough that every position is judged (`jpd exhaust`), a larger budget decides
/// areas the campaign's budget leaves as `search_budget`. The search is the same; only where it
/// gives up moves.
pub fn judge_with_budget(board: &Board, pa: &PassAlive, nodes: u32) -> Judgement {
    judge_inner(board, pa, Mode::Search, nodes)
}

/// [`judge`] searching every capturable area for both attackers, so that
/// [`Judgement::winning_moves`] names each side's winning first moves, not only the first
/// attacker's: what a generator needs to play a capturing race out as strong players would.
/// The verdict (status, dead stones, reason) is the same as [`judge`]'s.
pub fn judge_for_settling(board: &Board) -> Judgement {
    judge_inner(
        board,
        &PassAlive::analyse(board),
        Mode::BothAttackers,
        SEARCH_NODES,
    )
}

/// How far [`judge_inner`] goes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// Benson and the static rules only.
    Static,
    /// Searches each area, stopping at the first attacker that wins it.
    Search,
    /// Searches each area for both attackers.
    BothAttackers,
}

/// [`judge`] without any search: what Benson's analysis and the static rules settle alone. An
/// area that would need a search is left unsettled (`search_budget`). Cheap enough to call
/// during play, to find the first moment a game could be settled.
pub fn judge_static(board: &Board) -> Judgement {
    judge_inner(
        board,
        &PassAlive::analyse(board),
        Mode::Static,
        SEARCH_NODES,
    )
}

fn judge_inner(board: &Board, pa: &PassAlive, mode: Mode, budget: u32) -> Judgement {
    let n = board.padded_len();
    let mut j = Judgement {
        status: vec![Status::Unknown; n],
        how: vec![None; n],
        dead: Vec::new(),
        unsettled: None,
        open: Vec::new(),
        unfilled_ko: false,
        nodes: 0,
        winning: Vec::new(),
        by_solver: false,
    };
    // Points still open: stones neither pass-alive nor in the opponent's pass-alive
    // territory, and empty points outside every pass-alive territory.
    let mut open = vec![false; n];
    let mut any_open = false;
    for p in board.points() {
        match board.stone(p) {
            Some(c) => {
                if pa.alive_stone(p) == Some(c) {
                    j.status[p.idx()] = Status::Alive;
                    j.how[p.idx()] = Some(Method::Benson);
                } else if pa.territory(p) == Some(c.opp()) {
                    j.status[p.idx()] = Status::Dead;
                    j.how[p.idx()] = Some(Method::Benson);
                    j.dead.push(p);
                } else {
                    open[p.idx()] = true;
                    any_open = true;
                }
            }
            None => {
                if pa.territory(p).is_none() {
                    open[p.idx()] = true;
                    any_open = true;
                }
            }
        }
    }
    if !any_open {
        return j;
    }
    for area in Regions::new(board, |p| open[p.idx()]).iter() {
        judge_area(board, pa, area, mode, budget, &mut j);
    }
    j.dead.sort_unstable();
    j.open.sort_unstable();
    j
}

fn note(j: &mut Judgement, why: Unsettled, area: &[Point]) {
    if j.unsettled.is_none() {
        j.unsettled = Some(why);
    }
    j.open.extend_from_slice(area);
}

/// Judges one open area: a connected set of open points, bounded by pass-alive strings, their
/// pass-alive territory and the edge.
fn judge_area(
    board: &Board,
    pa: &PassAlive,
    area: &[Point],
    mode: Mode,
    budget: u32,
    j: &mut Judgement,
) {
    let mut stones = [0u32; 2];
    let mut empties = 0usize;
    // The colours of the pass-alive stones around the area.
    let mut wall = [false; 2];
    let mut bare = false; // an empty point touching no stone
    for &p in area {
        match board.stone(p) {
            Some(c) => stones[c.idx()] += 1,
            None => {
                empties += 1;
                if board.adj(p).iter().all(|&q| board.stone(q).is_none()) {
                    bare = true;
                }
            }
        }
        for q in board.adj(p) {
            if let Some(c) = board.stone(q) {
                if pa.alive_stone(q) == Some(c) {
                    wall[c.idx()] = true;
                }
            }
        }
    }
    let set = |j: &mut Judgement, s: Status, m: Method| {
        for &p in area {
            if board.stone(p).is_some() {
                j.status[p.idx()] = s;
                j.how[p.idx()] = Some(m);
            }
        }
    };
    let total_stones = stones[0] + stones[1];
    if total_stones == 0 {
        judge_empty_area(board, area, wall, bare, j);
        return;
    }
    // An unfilled single ko between pass-alive strings (Part 1 item 7).
    if let Some(owner) = unfilled_ko(board, pa, area) {
        let _ = owner;
        set(j, Status::Alive, Method::UnfilledKo);
        j.unfilled_ko = true;
        return;
    }
    // Stones of one colour only, enclosed by the other colour's pass-alive strings alone.
    for y in Color::BOTH {
        let x = y.opp();
        if stones[x.idx()] == 0 && !wall[y.idx()] && wall[x.idx()] {
            if too_small_for_two_eyes(board, area, x) {
                set(j, Status::Dead, Method::TooSmall);
                for &p in area {
                    if board.stone(p).is_some() {
                        j.dead.push(p);
                    }
                }
            } else {
                note(j, Unsettled::EnclosedGroup, area);
            }
            return;
        }
    }
    if empties > MAX_SEARCH_EMPTIES || bare {
        note(j, Unsettled::OpenArea, area);
        return;
    }
    // Search: can either side, moving first, come out ahead in captures?
    if mode == Mode::Static {
        note(j, Unsettled::Budget, area);
        return;
    }
    if area.len() > 128 {
        note(j, Unsettled::OpenArea, area);
        return;
    }
    let depth = search_depth(empties as u32, total_stones);
    let outcome = search_area(board, area, mode, budget, depth, j);
    // Out of budget: when each side's stones survive the other's attack (neither can capture
    // any of them, whoever moves first), no attacker can come out ahead. Only where the seki
    // test that follows reads the owner's own moves (at most 8 empty points): two groups that
    // merely cannot capture each other may each be alive.
    if outcome == Tri::Unknown
        && empties <= 8
        && Color::BOTH.into_iter().all(|c| {
            super::safety::survives(board, area, c, super::safety::SURVIVE_NODES) == Some(true)
        })
    {
        seki_or_alive(board, pa, area, j);
        return;
    }
    // No winner by net captures: a seki, unless captures are exchanged for nothing.
    let outcome = match outcome {
        Tri::Loss
            if captures_are_miai(board, area, mode, budget)
                || capture_for_nothing(board, area, budget, depth, j) =>
        {
            Tri::Win
        }
        r => r,
    };
    match outcome {
        Tri::Loss => seki_or_alive(board, pa, area, j),
        Tri::Win => note(j, Unsettled::Capturable, area),
        Tri::Ko => note(j, Unsettled::Ko, area),
        Tri::Unknown => note(j, Unsettled::Budget, area),
    }
}

/// Judges an open area of empty points only. Bordered by one colour (`wall`: the colours of
/// the pass-alive strings around it): that colour's area, settled when no opposing group could
/// live there; bordered by both: dame, settled when no stone could make an eye there (`bare`:
/// a point of it touches no stone).
fn judge_empty_area(board: &Board, area: &[Point], wall: [bool; 2], bare: bool, j: &mut Judgement) {
    let walls = wall[0] as u8 + wall[1] as u8;
    if walls == 2 {
        if bare {
            note(j, Unsettled::OpenArea, area);
        }
    } else if walls == 1 {
        let x = if wall[0] { Color::Black } else { Color::White };
        if !too_small_for_two_eyes(board, area, x) {
            note(j, Unsettled::OpenArea, area);
        }
    } else {
        // No stone borders it: an empty board, or a board whose stones are all elsewhere
        // enclosed; nothing lives here yet.
        if board.stone_count(Color::Black) + board.stone_count(Color::White) > 0 {
            note(j, Unsettled::OpenArea, area);
        }
    }
}

/// The capture-counting search of an area, each side attacking in turn (both always under
/// [`Mode::BothAttackers`], else the second only when the first did not win): the worst
/// outcome for the stones there. The winning first moves found are noted in `j`.
fn search_area(
    board: &Board,
    area: &[Point],
    mode: Mode,
    budget: u32,
    depth: u32,
    j: &mut Judgement,
) -> Tri {
    // The search runs on the board's canonical image, so that its verdict (which a node budget
    // can cut short, depending on the order moves are tried in) is the same for every rotation
    // and reflection of the position.
    let (cboard, carea, from_c) = canonical_area(board, area);
    let mut outcome = Tri::Loss;
    for attacker in Color::BOTH {
        let mut s = Search::new(&cboard, &carea, attacker);
        s.budget = budget;
        let r = s.attack(&cboard, attacker, 0, 0, depth);
        j.nodes += s.nodes;
        let r = if r == Tri::Unknown && s.ko_seen && s.nodes < s.budget {
            Tri::Ko
        } else {
            r
        };
        if r == Tri::Win {
            if let Some(p) = s.first_win {
                j.winning.push((attacker, from_c[p.idx()]));
            }
        }
        outcome = outcome.worst(r);
        if outcome == Tri::Win && mode != Mode::BothAttackers {
            break;
        }
    }
    outcome
}

thread_local! {
    /// Whether [`captures_are_miai`] is judging a position already: its own judgement of the
    /// position after the exchange does not look for miai again.
    static IN_MIAI_CHECK: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Whether two captures in `area`, one for each side, are miai: each colour has a string in
/// atari there, and after Black takes White's and White takes Black's the referee settles
/// every point of the area. The net-capture search cannot see this (whoever captures first
/// meets the other capture in reply, so neither attacker comes out ahead), yet neither string
/// is in seki: each is taken for nothing. In a hanezeki the capture costs the capturer, and
/// the position after the exchange is not settled (the capturer's group is still to be
/// killed), so the seki stands. Checked only where the search found no winner.
fn captures_are_miai(board: &Board, area: &[Point], mode: Mode, budget: u32) -> bool {
    if IN_MIAI_CHECK.with(std::cell::Cell::get) {
        return false;
    }
    // The first string in atari of each colour (area order): a stone of it and its liberty.
    let mut atari = [None::<(Point, Point)>; 2];
    for &p in area {
        if let Some(c) = board.stone(p) {
            if atari[c.idx()].is_none() && board.liberties(p) == 1 {
                atari[c.idx()] = board.string_liberties(p).first().map(|&l| (p, l));
            }
        }
    }
    let (Some((white, take_white)), Some((black, take_black))) =
        (atari[Color::White.idx()], atari[Color::Black.idx()])
    else {
        return false;
    };
    // Black takes White's string, then White takes Black's, each a capture.
    let mut after = board.clone();
    if after
        .play(take_white, Color::Black, SuicideRule::Forbidden)
        .is_err()
        || after.stone(white).is_some()
        || after.cell(take_black) != Cell::Empty
        || after
            .play(take_black, Color::White, SuicideRule::Forbidden)
            .is_err()
        || after.stone(black).is_some()
    {
        return false;
    }
    IN_MIAI_CHECK.with(|c| c.set(true));
    let j = judge_inner(&after, &PassAlive::analyse(&after), mode, budget);
    IN_MIAI_CHECK.with(|c| c.set(false));
    area.iter().all(|p| j.open.binary_search(p).is_err())
}

/// Whether a string in atari in `area` can be taken for nothing: after its capture, its owner,
/// attacking, cannot win back more than the stones it lost. Then the capture is free or an
/// even exchange (as when one capture answers another), and the string taken was not alive,
/// although the net-capture search, which calls an exchange a draw, finds no winner. In a
/// hanezeki the owner wins back more (the capturer's group dies), and the seki stands.
/// Checked only where the net-capture search found no winner, and only what a search proves
/// within its budget counts: where the owner's search meets a ko or runs out of budget (a
/// hanezeki's refutation can be long), the net-capture verdict stands as before.
fn capture_for_nothing(
    board: &Board,
    area: &[Point],
    budget: u32,
    depth: u32,
    j: &mut Judgement,
) -> bool {
    let mut heads: Vec<Point> = area
        .iter()
        .filter(|&&p| board.stone(p).is_some() && board.liberties(p) == 1)
        .map(|&p| board.string_head(p))
        .collect();
    heads.sort_unstable();
    heads.dedup();
    for h in heads {
        let Some(owner) = board.stone(h) else {
            continue;
        };
        let taken = board.string_len(h) as i32;
        let at = board.string_liberties(h)[0];
        let mut after = board.clone();
        if after.play(at, owner.opp(), SuicideRule::Forbidden).is_err() || after.stone(h).is_some()
        {
            continue;
        }
        // The owner attacks the position after the capture: it must net more than it lost.
        let (cboard, carea, _) = canonical_area(&after, area);
        let mut s = Search::new(&cboard, &carea, owner);
        s.budget = budget;
        s.threshold = taken;
        let r = s.attack(&cboard, owner, 0, 0, depth);
        j.nodes += s.nodes;
        if r == Tri::Loss {
            return true;
        }
    }
    false
}

/// The depth of a local search of an area with `empties` empty points and `stones` stones:
/// room for every point to be played and retaken, capped.
fn search_depth(empties: u32, stones: u32) -> u32 {
    (2 * empties + 2 * stones + 8).min(48)
}

/// Whether `attacker`, moving first and playing only on the points of `area` (the defender
/// answering there or passing, either side free to pass), can force the local fight to end
/// having captured more of the defender's stones standing in `area` than it lost of its own:
/// `Some(true)` or `Some(false)` when the search proves it within `budget` nodes, `None` when
/// the budget runs out or a ko decides. Stones outside `area` neither move nor count, so a
/// proof holds for the fight confined to `area`. At most 128 points.
pub fn local_attack(board: &Board, area: &[Point], attacker: Color, budget: u32) -> Option<bool> {
    if area.len() > 128 {
        return None;
    }
    let mut pts = area.to_vec();
    pts.sort_unstable();
    pts.dedup();
    let empties = pts
        .iter()
        .filter(|&&p| board.cell(p) == Cell::Empty)
        .count() as u32;
    let depth = search_depth(empties, pts.len() as u32 - empties);
    let mut s = Search::new(board, &pts, attacker);
    s.budget = budget;
    match s.attack(board, attacker, 0, 0, depth) {
        Tri::Win => Some(true),
        Tri::Loss => Some(false),
        Tri::Ko | Tri::Unknown => None,
    }
}

/// Whether an opposing group could never make two eyes in `area`, which is bordered by `x`'s
/// pass-alive strings (and the edge) alone. An eye of the opponent can only be a point touching
/// no `x` stone; two eyes need two such points that are neither the same nor adjacent.
fn too_small_for_two_eyes(board: &Board, area: &[Point], x: Color) -> bool {
    let mut inner: [Point; 3] = [Point(0); 3];
    let mut n = 0;
    for &p in area {
        if board.adj(p).iter().any(|&q| board.stone(q) == Some(x)) {
            continue;
        }
        if n == 2 {
            return false;
        }
        inner[n] = p;
        n += 1;
    }
    n < 2 || board.adj(inner[0]).contains(&inner[1])
}

/// An area of exactly one stone in atari and its one liberty, where the liberty is a one-point
/// region bordered by the stone's colour only and the stone's other neighbours are pass-alive
/// opponent stones or the edge: the shape just after a ko capture. Returns the stone's colour.
fn unfilled_ko(board: &Board, pa: &PassAlive, area: &[Point]) -> Option<Color> {
    if area.len() != 2 {
        return None;
    }
    let (s, k) = match (board.stone(area[0]), board.stone(area[1])) {
        (Some(_), None) => (area[0], area[1]),
        (None, Some(_)) => (area[1], area[0]),
        _ => return None,
    };
    let x = board.stone(s)?;
    if board.string_len(s) != 1 || board.liberties(s) != 1 {
        return None;
    }
    let k_ok = board.adj(k).iter().all(|&q| match board.cell(q) {
        Cell::Wall => true,
        Cell::Empty => false,
        _ => board.stone(q) == Some(x) && (q == s || pa.alive_stone(q) == Some(x)),
    });
    let s_ok = board.adj(s).iter().all(|&q| match board.cell(q) {
        Cell::Wall => true,
        Cell::Empty => q == k,
        _ => board.stone(q) == Some(x.opp()) && pa.alive_stone(q) == Some(x.opp()),
    });
    (k_ok && s_ok).then_some(x)
}

#[cfg(test)]
mod tests;
