//! Settlement: removing the dead stones and classifying every point exactly once
//! (RULES.md section 5), each classification with its reason.

use serde::Serialize;

use super::benson::PassAlive;
use super::referee::{self, Judgement, Status};
use crate::engine::{Board, Cell, Color, Coord, PerSide, Point, Regions, SuicideRule};

/// Why an empty point is one side's territory.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TerritoryKind {
    /// An empty region bordered by that side's stones only, not touching a seki.
    Enclosed,
    /// An eye point of a group in seki, true or false (Part 1 item 8, Art. 19(1)).
    SekiEye,
    /// The point of an unfilled single ko (单劫不粘有目, Part 1 item 7).
    KoPoint,
    /// The point vacated by a type-B negative move, Black's by decree (Art. 14).
    NegativeB,
    /// Under the four-virtual-move end: a liberty of that side's stones only (子气皆地).
    Liberty,
}

/// Why a point is shared, half a point to each side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SharedKind {
    /// Neither side can occupy it without its string being capturable at once (公气).
    SharedLiberty,
    /// Both sides can occupy it safely: an ordinary dame the text required to be filled
    /// (Art. 10); the game is flagged "dame left".
    DameLeft,
    /// An empty region that no stone borders (a game with no stone on the board).
    Unbordered,
    /// The point vacated by a type-A negative move, shared by decree (Art. 14).
    NegativeA,
    /// Under the four-virtual-move end: a liberty of stones of both colours.
    CommonLiberty,
}

/// The class of one point after settlement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PointClass {
    /// A live stone of that colour.
    Stone(Color),
    /// An empty point of that side's territory.
    Territory(Color, TerritoryKind),
    /// An empty point beside a seki that only that side can occupy (Art. 10, 19(1)).
    OneSidedDame(Color),
    /// A shared point.
    Shared(SharedKind),
    /// Not a point of the board (walls of the padded array).
    OffBoard,
}

impl PointClass {
    /// The side that owns the point outright, if any.
    pub fn owner(self) -> Option<Color> {
        match self {
            PointClass::Stone(c) | PointClass::Territory(c, _) | PointClass::OneSidedDame(c) => {
                Some(c)
            }
            _ => None,
        }
    }

    /// Whether the point is empty and owned by `c` (territory or one-sided dame).
    pub fn is_owned_empty(self, c: Color) -> bool {
        matches!(self, PointClass::Territory(x, _) | PointClass::OneSidedDame(x) if x == c)
    }

    /// A short snake_case reason, stable for reports.
    pub fn reason(self) -> &'static str {
        match self {
            PointClass::Stone(_) => "stone",
            PointClass::Territory(_, TerritoryKind::Enclosed) => "territory",
            PointClass::Territory(_, TerritoryKind::SekiEye) => "seki_eye",
            PointClass::Territory(_, TerritoryKind::KoPoint) => "unfilled_ko",
            PointClass::Territory(_, TerritoryKind::NegativeB) => "negative_b",
            PointClass::Territory(_, TerritoryKind::Liberty) => "own_liberty",
            PointClass::OneSidedDame(_) => "one_sided_dame",
            PointClass::Shared(SharedKind::SharedLiberty) => "shared_liberty",
            PointClass::Shared(SharedKind::DameLeft) => "dame_left",
            PointClass::Shared(SharedKind::Unbordered) => "unbordered",
            PointClass::Shared(SharedKind::NegativeA) => "negative_a",
            PointClass::Shared(SharedKind::CommonLiberty) => "common_liberty",
            PointClass::OffBoard => "off_board",
        }
    }
}

/// How empty points bordered by both colours are judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// After a pause and dead-stone removal (section 5): one-move safety reading.
    Pause,
    /// After four virtual moves (Art. 18): no dead stones; a liberty belongs to its adjacent
    /// stones, a liberty of both colours is shared.
    FourPasses,
}

/// Errors settling a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SettleError {
    /// A point given as dead holds no stone.
    #[error("dead stone at {0} is not a stone on the board")]
    DeadNotStone(Coord),
}

/// Totals of a classification.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Tally {
    /// Live stones on the board.
    pub stones: PerSide<u32>,
    /// Owned empty points (territory of every kind plus one-sided dame).
    pub owned_empty: PerSide<u32>,
    /// Of which one-sided dame.
    pub one_sided_dame: PerSide<u32>,
    /// Of which seki eye points.
    pub seki_eyes: PerSide<u32>,
    /// Of which unfilled ko points.
    pub ko_points: PerSide<u32>,
    /// Shared points of every kind (q).
    pub shared: u32,
    /// Of which shared liberties.
    pub shared_liberties: u32,
    /// Of which ordinary dame left unfilled.
    pub dame_left: u32,
}

/// A settled position: the board after dead-stone removal and a class for every point.
#[derive(Clone, Debug)]
pub struct Settlement {
    board: Board,
    class: Vec<PointClass>,
    dead: PerSide<u32>,
    dead_points: Vec<Point>,
    pinned: Vec<Point>,
    /// The stones beside a point of a region bordered by both colours that the referee proved
    /// to be in seki (on the paused position), sorted.
    proven_seki: Vec<Point>,
    /// The totals of `class`, counted once when the classes are set.
    tally: Tally,
}

impl Settlement {
    /// Removes `dead` from `paused` and classifies every point. `pinned` points were emptied
    /// by negative moves; their class is decreed, they border their neighbours as the black
    /// stones they were (ownership is decided before the removal, RULES.md section 4 B2), and
    /// no region flows through them.
    pub fn settle(
        paused: &Board,
        dead: &[Point],
        pinned: &[(Point, PointClass)],
        mode: Mode,
    ) -> Result<Settlement, SettleError> {
        Settlement::settle_with_status(paused, dead, pinned, mode, paused)
    }

    /// [`Settlement::settle`] of `board`, a position derived from the paused position
    /// `status_of` (its dead stones removed, some stones taken off by negative moves): the
    /// strings' status is judged on `status_of`.
    pub fn settle_with_status(
        paused: &Board,
        dead: &[Point],
        pinned: &[(Point, PointClass)],
        mode: Mode,
        status_of: &Board,
    ) -> Result<Settlement, SettleError> {
        let mut board = paused.clone();
        let mut dead_count = PerSide::default();
        let mut changes = Vec::with_capacity(dead.len());
        for &p in dead {
            match paused.stone(p) {
                Some(c) => {
                    if !changes.iter().any(|&(q, _)| q == p) {
                        dead_count[c] += 1;
                        changes.push((p, None));
                    }
                }
                None => return Err(SettleError::DeadNotStone(paused.coord(p))),
            }
        }
        if !changes.is_empty() {
            board.set_stones(&changes);
        }
        let mut dead_points: Vec<Point> = changes.iter().map(|&(p, _)| p).collect();
        dead_points.sort_unstable();
        let (class, proven_seki) = classify(&board, pinned, mode, status_of);
        let tally = tally_of(&board, &class);
        Ok(Settlement {
            board,
            class,
            dead: dead_count,
            dead_points,
            pinned: pinned.iter().map(|&(p, _)| p).collect(),
            proven_seki,
            tally,
        })
    }

    /// The same settlement after negative moves taken by decree: the stones at the pinned
    /// points leave the board and those points take their decreed class; every other point
    /// keeps its class, since ownership is decided before the removal (RULES.md section 4, B2).
    pub fn with_decrees(&self, pinned: &[(Point, PointClass)]) -> Settlement {
        let mut out = self.clone();
        let changes: Vec<(Point, Option<Color>)> = pinned.iter().map(|&(p, _)| (p, None)).collect();
        out.board.set_stones(&changes);
        // The tally changes only at the pinned points (a stone's class changes only there).
        for &(p, cl) in pinned {
            tally_point(&mut out.tally, out.class[p.idx()], false);
            out.class[p.idx()] = cl;
            tally_point(&mut out.tally, cl, true);
            out.pinned.push(p);
        }
        debug_assert_eq!(out.tally, tally_of(&out.board, &out.class));
        out
    }

    /// Records the dead stones removed before this settlement was made (when a settlement is
    /// built from an already settled board, such as after negative moves).
    pub fn set_dead(&mut self, dead: PerSide<u32>, points: Vec<Point>) {
        self.dead = dead;
        self.dead_points = points;
    }

    /// The board after dead-stone removal.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The class of a point.
    #[inline]
    pub fn class(&self, p: Point) -> PointClass {
        self.class[p.idx()]
    }

    /// Dead stones removed, per colour.
    pub fn dead(&self) -> PerSide<u32> {
        self.dead
    }

    /// The points of unfilled single kos (Part 1 item 7), each with the side whose point it
    /// is, in row-major order.
    pub fn ko_points(&self) -> Vec<(Color, Point)> {
        self.board
            .points()
            .filter_map(|p| match self.class(p) {
                PointClass::Territory(owner, TerritoryKind::KoPoint) => Some((owner, p)),
                _ => None,
            })
            .collect()
    }

    /// The dead stones' points, sorted.
    pub fn dead_points(&self) -> &[Point] {
        &self.dead_points
    }

    /// Whether the stone at `p`, beside a region bordered by both colours, was proven by the
    /// referee to be in seki. A one-sided dame beside strings the referee could not settle (a
    /// real record's open position) is read by the one-move test, but makes no proven seki.
    pub fn proven_seki(&self, p: Point) -> bool {
        self.proven_seki.binary_search(&p).is_ok()
    }

    /// Points whose class was decreed by a negative move.
    pub fn pinned(&self) -> &[Point] {
        &self.pinned
    }

    /// Counts the classes (counted when the settlement was made).
    #[inline]
    pub fn tally(&self) -> Tally {
        self.tally
    }

    /// Checks against Benson's analysis of the paused position (theorem T10): no pass-alive
    /// stone is dead, and every point of X's pass-alive territory is X's (an X stone, X's
    /// empty point, or a dead opponent stone). Returns the first conflict.
    pub fn check_pass_alive(&self, paused: &Board, pa: &PassAlive) -> Result<(), String> {
        for &p in &self.dead_points {
            if let Some(c) = pa.alive_stone(p) {
                return Err(format!(
                    "the {} stone at {} is pass-alive but was judged dead",
                    c,
                    paused.coord(p).to_human(paused.size())
                ));
            }
        }
        for p in paused.points() {
            if let Some(x) = pa.territory(p) {
                let ok = match self.class(p) {
                    PointClass::Stone(c) => c == x,
                    cl => cl.owner() == Some(x),
                };
                if !ok {
                    return Err(format!(
                        "{} lies in {}'s pass-alive territory but is classified {}",
                        paused.coord(p).to_human(paused.size()),
                        x,
                        self.class(p).reason()
                    ));
                }
            }
        }
        Ok(())
    }
}

/// Whether a stone of `c` at the empty point `p` stands safely: the move is legal and the
/// string holding it has at least two liberties afterwards, or one liberty at which the
/// opponent may not play. This is the one-move reading of RULES.md section 5: it looks at the
/// board alone (no superko history), and says nothing about longer fights.
pub fn safe_to_occupy(board: &Board, scratch: &mut Board, p: Point, c: Color) -> bool {
    if board.legality(p, c, SuicideRule::Forbidden).is_err() {
        return false;
    }
    scratch.clone_from(board);
    scratch.play_unchecked(p, c);
    match scratch.liberties(p) {
        0 => false,
        1 => {
            let l = scratch.string_liberties(p)[0];
            scratch
                .legality(l, c.opp(), SuicideRule::Forbidden)
                .is_err()
        }
        _ => true,
    }
}

/// Counts the classes of a classification of `board`.
fn tally_of(board: &Board, class: &[PointClass]) -> Tally {
    let mut t = Tally::default();
    for p in board.points() {
        tally_point(&mut t, class[p.idx()], true);
    }
    t
}

/// Adds one point of class `cl` to the tally `t`, or takes it away (`add` false).
fn tally_point(t: &mut Tally, cl: PointClass, add: bool) {
    let step = |x: &mut u32| {
        if add {
            *x += 1
        } else {
            *x -= 1
        }
    };
    match cl {
        PointClass::Stone(c) => step(&mut t.stones[c]),
        PointClass::Territory(c, k) => {
            step(&mut t.owned_empty[c]);
            match k {
                TerritoryKind::SekiEye => step(&mut t.seki_eyes[c]),
                TerritoryKind::KoPoint => step(&mut t.ko_points[c]),
                _ => {}
            }
        }
        PointClass::OneSidedDame(c) => {
            step(&mut t.owned_empty[c]);
            step(&mut t.one_sided_dame[c]);
        }
        PointClass::Shared(k) => {
            step(&mut t.shared);
            match k {
                SharedKind::SharedLiberty => step(&mut t.shared_liberties),
                SharedKind::DameLeft => step(&mut t.dame_left),
                _ => {}
            }
        }
        PointClass::OffBoard => {}
    }
}

/// Classifies every point of `board` (dead stones removed, negative-move points emptied and
/// `pinned`). The status of the strings beside a point bordered by both colours is the referee's
/// judgement of `status_of`, the paused position before any removal: removing dead stones or
/// taking a stone off by bookkeeping changes who can play where, not who lives.
fn classify(
    board: &Board,
    pinned: &[(Point, PointClass)],
    mode: Mode,
    status_of: &Board,
) -> (Vec<PointClass>, Vec<Point>) {
    let mut class = vec![PointClass::OffBoard; board.padded_len()];
    let mut is_pinned = vec![false; board.padded_len()];
    for &(p, c) in pinned {
        class[p.idx()] = c;
        is_pinned[p.idx()] = true;
    }
    // The colour a point shows to its neighbours: a stone's, or Black for a pinned point.
    let border_colour = |q: Point| -> Option<Color> {
        if is_pinned[q.idx()] {
            Some(Color::Black)
        } else {
            board.stone(q)
        }
    };
    let mut mixed = MixedPoints {
        board,
        status_of,
        scratch: None,
        judgement: None,
        seki_strings: Vec::new(),
        proven_seki: Vec::new(),
    };
    let mut pending_single: Vec<(&[Point], Color)> = Vec::new();

    for p in board.points() {
        if let Some(c) = board.stone(p) {
            class[p.idx()] = PointClass::Stone(c);
        }
    }
    let regions = Regions::new(board, |p| {
        board.cell(p) == Cell::Empty && !is_pinned[p.idx()]
    });
    for members in regions.iter() {
        let (mut sees_black, mut sees_white) = (false, false);
        for &m in members {
            for q in board.adj(m) {
                match border_colour(q) {
                    Some(Color::Black) => sees_black = true,
                    Some(Color::White) => sees_white = true,
                    None => {}
                }
            }
        }
        match (sees_black, sees_white) {
            (true, false) => pending_single.push((members, Color::Black)),
            (false, true) => pending_single.push((members, Color::White)),
            (false, false) => {
                for &m in members {
                    class[m.idx()] = PointClass::Shared(SharedKind::Unbordered);
                }
            }
            (true, true) => {
                for &m in members {
                    class[m.idx()] = match mode {
                        Mode::Pause => mixed.pause_class(m),
                        Mode::FourPasses => four_pass_class(board, m, border_colour),
                    };
                }
            }
        }
    }
    let MixedPoints {
        mut seki_strings,
        mut proven_seki,
        ..
    } = mixed;
    seki_strings.sort_unstable();
    seki_strings.dedup();
    proven_seki.sort_unstable();
    proven_seki.dedup();

    // Regions of one colour: seki eye, ko point or plain territory.
    for (members, c) in pending_single {
        let kind = single_colour_kind(board, members, c, &seki_strings);
        for &m in members {
            class[m.idx()] = PointClass::Territory(c, kind);
        }
    }
    (class, proven_seki)
}

/// The points of regions bordered by both colours after a pause, classified one by one, with
/// what their classification finds: the strings in seki (those with a shared liberty) and the
/// strings beside them the referee proved in seki.
struct MixedPoints<'a> {
    board: &'a Board,
    status_of: &'a Board,
    /// A copy of the board to try moves on, made at the first point that needs it.
    scratch: Option<Board>,
    /// The referee's judgement of `status_of`, made only when a point borders both colours.
    judgement: Option<Judgement>,
    seki_strings: Vec<Point>,
    proven_seki: Vec<Point>,
}

impl MixedPoints<'_> {
    /// The class of `m` after a pause. A one-sided dame or a shared liberty exists only in a
    /// seki: a point beside proven-alive strings alone is ordinary dame. Beside a string the
    /// referee proved in seki, or could not settle, the text's one-move reading decides.
    fn pause_class(&mut self, m: Point) -> PointClass {
        let board = self.board;
        let status_of = self.status_of;
        let j = self
            .judgement
            .get_or_insert_with(|| referee::judge(status_of));
        let seki_like = board
            .adj(m)
            .iter()
            .any(|&q| board.stone(q).is_some() && j.status(q) != Status::Alive);
        for q in board.adj(m) {
            if board.stone(q).is_some() && j.status(q) == Status::Seki {
                self.proven_seki.push(q);
            }
        }
        let cl = if seki_like {
            let sc = self.scratch.get_or_insert_with(|| board.clone());
            let b = safe_to_occupy(board, sc, m, Color::Black);
            let w = safe_to_occupy(board, sc, m, Color::White);
            match (b, w) {
                (true, true) => PointClass::Shared(SharedKind::DameLeft),
                (true, false) => PointClass::OneSidedDame(Color::Black),
                (false, true) => PointClass::OneSidedDame(Color::White),
                (false, false) => PointClass::Shared(SharedKind::SharedLiberty),
            }
        } else {
            PointClass::Shared(SharedKind::DameLeft)
        };
        // A string is in seki when it has a shared liberty: a liberty neither side can fill.
        // (A one-sided dame beside a string does not make a seki: its holder can fill it, and
        // its opponent's string then lives or dies.)
        if cl == PointClass::Shared(SharedKind::SharedLiberty) {
            for q in board.adj(m) {
                if board.stone(q).is_some() {
                    self.seki_strings.push(board.string_head(q));
                }
            }
        }
        cl
    }
}

/// The class of `m`, in a region bordered by both colours, after four virtual moves: a
/// liberty of one colour only is its territory, of both a common liberty.
fn four_pass_class(
    board: &Board,
    m: Point,
    border_colour: impl Fn(Point) -> Option<Color>,
) -> PointClass {
    let (mut nb, mut nw) = (false, false);
    for q in board.adj(m) {
        match border_colour(q) {
            Some(Color::Black) => nb = true,
            Some(Color::White) => nw = true,
            None => {}
        }
    }
    match (nb, nw) {
        (true, false) => PointClass::Territory(Color::Black, TerritoryKind::Liberty),
        (false, true) => PointClass::Territory(Color::White, TerritoryKind::Liberty),
        (true, true) => PointClass::Shared(SharedKind::CommonLiberty),
        // Not a liberty of anything, inside a mixed region: no one's.
        (false, false) => PointClass::Shared(SharedKind::Unbordered),
    }
}

/// The kind of a region bordered by `c` alone: a ko point, a seki eye (beside a string in
/// `seki_strings`, sorted) or plain enclosed territory.
fn single_colour_kind(
    board: &Board,
    members: &[Point],
    c: Color,
    seki_strings: &[Point],
) -> TerritoryKind {
    let touches_seki = members.iter().any(|&m| {
        board.adj(m).iter().any(|&q| {
            board.stone(q) == Some(c) && seki_strings.binary_search(&board.string_head(q)).is_ok()
        })
    });
    if members.len() == 1 && is_ko_point(board, members[0], c) {
        TerritoryKind::KoPoint
    } else if touches_seki {
        TerritoryKind::SekiEye
    } else {
        TerritoryKind::Enclosed
    }
}

/// An unfilled single ko: the one-point region `p` enclosed by `owner`, where an opponent stone
/// would capture exactly one stone and then stand alone in atari.
fn is_ko_point(board: &Board, p: Point, owner: Color) -> bool {
    let mut captured = 0;
    for q in board.adj(p) {
        if board.stone(q) == Some(owner) && board.liberties(q) == 1 {
            captured += board.string_len(q);
        }
    }
    captured == 1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settle(s: &str) -> Settlement {
        let b = Board::from_ascii(s).unwrap();
        Settlement::settle(&b, &[], &[], Mode::Pause).unwrap()
    }

    #[test]
    fn every_point_is_classified_once_and_areas_add_up() {
        let st = settle(
            "
            . X O .
            X X O O
            . X O .
            X X O .",
        );
        let t = st.tally();
        let total =
            t.stones.black + t.stones.white + t.owned_empty.black + t.owned_empty.white + t.shared;
        assert_eq!(total, 16);
        // Hand count: Black stones B4 A3 B3 B2 A1 B1 = 6, Black's empty points A4 and A2 = 2;
        // White stones C4 C3 D3 C2 C1 = 5, White's empty points D4 and the region D2-D1 = 3.
        assert_eq!(t.stones.black, 6);
        assert_eq!(t.stones.white, 5);
        assert_eq!(t.owned_empty.black, 2);
        assert_eq!(t.owned_empty.white, 1 + 2);
    }
}
