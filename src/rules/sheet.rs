//! The score sheet: every quantity that some rule set counts, read once from a counted game.
//!
//! A rule set's margin is computed by its own method from these quantities (territory plus
//! prisoners, fill-back and roads, bowls, pass stones, ...). Each rule set also states a
//! *ledger*: the named terms that turn the paused area difference `A0 = B0 - W0` into its board
//! margin (docs/RULESETS.md section 3.1, `A - J = (n_B - n_W) + sigma`, split into its
//! causes). The two are computed independently; a difference between them is an unexplained
//! divergence.

use super::{OneSidedDame, Rules};
use crate::counting::{Balancing, Count, Half};
use crate::engine::{Board, Cell, Color, Game, Move, PerSide, Point, Regions};
use crate::settlement::{Mode, PointClass, Settlement, SharedKind, TerritoryKind};

/// What every rule set's count is made of. Points are whole numbers unless typed [`Half`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sheet {
    /// Board size N.
    pub size: u8,
    /// Area of the paused position after dead-stone removal, B0 and W0 (shared points half each).
    pub area0: PerSide<Half>,
    /// White made the first virtual move of the game (Art. 12).
    pub wfp: bool,
    /// `moves(B) - moves(W)` at the end of the record: 1 when Black made the last move.
    pub parity: i64,
    /// Virtual moves of each side (passes, in the other rule sets' terms).
    pub passes: PerSide<i64>,
    /// Real moves (stones put on the board), setup stones included.
    pub real: PerSide<i64>,
    /// Real moves made after the first virtual move of the game (Ikeda's Territory I).
    pub real_after_first_pass: PerSide<i64>,
    /// How many stones Black is ahead of alternate play from the empty board before the first
    /// move: black less white setup stones, less one when White moves first. A handicap game of
    /// H stones: H - 1 (the handicap stones are one turn of Black's); an even game: 0.
    pub setup_lead: i64,
    /// Live stones on the board after dead-stone removal.
    pub stones: PerSide<i64>,
    /// Owned empty points (territory of every kind and one-sided dame), before balancing.
    pub owned: PerSide<i64>,
    /// Shared points q, before balancing.
    pub shared: i64,
    /// Empty points in regions bordered by one colour only (enclosed territory, seki eyes, ko
    /// points): what "surrounded" means to AGA, Tromp-Taylor, New Zealand and Japan.
    pub region: PerSide<i64>,
    /// Owned empty points in regions bordered by both colours: one-sided dame (after a pause)
    /// or own liberties (after four virtual moves). Area counting gives them to their owner,
    /// the region-based rule sets to nobody.
    pub one_sided: PerSide<i64>,
    /// Of [`Sheet::one_sided`], the points that are one-sided dame proper.
    pub one_sided_dame: PerSide<i64>,
    /// Points of one-colour regions that are not Japanese territory because a string bordering
    /// them is in a proven seki: it touches a shared liberty or a one-sided dame, classes the
    /// settlement gives only to liberties of a seki (J89 Art. 8 read after the dame are filled:
    /// "stones which are alive but possess dame are said to be in seki"). Ko points excluded.
    pub seki_points: PerSide<i64>,
    /// Further points the literal reading of Art. 8 takes away ([`DameReading::Literal`]):
    /// one-colour regions bordered by a string that touches an unfilled ordinary dame (any
    /// empty point of a region bordered by both colours) but is in no proven seki. Ko points
    /// excluded.
    pub dame_literal_points: PerSide<i64>,
    /// Unfilled single-ko points (one-point regions) not counted in `seki_points`.
    pub ko_points: PerSide<i64>,
    /// Forced teire: points of territory a side must fill once the opponent fills the dame
    /// beside one of its strings ([`super::teire`]); no territory when the dame are counted
    /// as filled ([`DameReading::Filled`]).
    pub teire: PerSide<i64>,
    /// Stones of each side captured during play.
    pub captured: PerSide<i64>,
    /// Dead stones of each side.
    pub dead: PerSide<i64>,
    /// Tromp-Taylor score of the board as it stands (dead stones counted as alive): stones plus
    /// empty points reaching only that colour.
    pub tt_as_is: PerSide<i64>,
    /// Handicap stones: the black setup stones of a starting position that holds two or more
    /// of them and no white ones; 0 in any other game.
    pub handicap: i64,
    /// The player whose virtual move opened the final pause (the one-sided-dame claimant of
    /// Art. 10), when the game paused.
    pub pause_opener: Option<Color>,
}

impl Sheet {
    /// Reads the sheet of a counted game.
    pub fn new(game: &Game, c: &Count) -> Sheet {
        let st = &c.settlement_paused;
        let board = st.board();
        let t = &c.tally_paused;
        let mut region = PerSide::new(0i64, 0);
        let mut one_sided = PerSide::new(0i64, 0);
        let mut seki_points = PerSide::new(0i64, 0);
        let mut ko_points = PerSide::new(0i64, 0);
        let mut teire = PerSide::new(0i64, 0);

        let all = regions(board);
        let strip = |reading| unscored_in(st, &all, reading);
        let (filled, literal) = (strip(DameReading::Filled), strip(DameReading::Literal));
        let mut dame_literal_points = PerSide::new(0i64, 0);
        for (members, colour) in all {
            match colour {
                Some(x) => {
                    region[x] += members.len() as i64;
                    for m in members {
                        match (filled[m.idx()], literal[m.idx()]) {
                            (Some(Unscored::Ko), _) => ko_points[x] += 1,
                            (Some(Unscored::Seki), _) => seki_points[x] += 1,
                            (Some(Unscored::Teire), Some(Unscored::Seki)) => {
                                teire[x] += 1;
                                dame_literal_points[x] += 1
                            }
                            (Some(Unscored::Teire), _) => teire[x] += 1,
                            (None, Some(Unscored::Seki)) => dame_literal_points[x] += 1,
                            _ => {}
                        }
                    }
                }
                None => {
                    for m in members {
                        if let Some(x) = st.class(m).owner() {
                            one_sided[x] += 1;
                        }
                    }
                }
            }
        }
        let pause_opener = match (c.mode, game.last_mover()) {
            (Mode::Pause, Some(x)) => Some(x.opp()),
            _ => None,
        };
        Sheet {
            size: c.size,
            area0: c.area_paused,
            wfp: c.first_passer == Some(Color::White),
            parity: c.moves_paused.black - c.moves_paused.white,
            passes: PerSide::new(
                game.virtual_moves().black as i64,
                game.virtual_moves().white as i64,
            ),
            real: c.real,
            real_after_first_pass: real_after_first_pass(game),
            setup_lead: setup_lead(game),
            handicap: handicap_stones(game),
            stones: PerSide::new(t.stones.black as i64, t.stones.white as i64),
            owned: PerSide::new(t.owned_empty.black as i64, t.owned_empty.white as i64),
            shared: t.shared as i64,
            region,
            one_sided,
            one_sided_dame: PerSide::new(
                t.one_sided_dame.black as i64,
                t.one_sided_dame.white as i64,
            ),
            seki_points,
            dame_literal_points,
            ko_points,
            teire,
            captured: c.captured,
            dead: c.dead,
            tt_as_is: tromp_taylor(game.board()),
            pause_opener,
        }
    }

    /// `A0 = B0 - W0`.
    pub fn a0(&self) -> Half {
        self.area0.black - self.area0.white
    }

    /// Early virtual moves: `passes(B) - passes(W)`. The final pause (one each) and a
    /// four-virtual-move end (two each) cancel out, so only passes made earlier count.
    pub fn early_passes(&self) -> i64 {
        self.passes.black - self.passes.white
    }

    /// Japanese territory: one-colour regions, less points in seki and unfilled ko points;
    /// after the dame are filled also less the forced teire, under the literal reading less
    /// the regions beside any string touching a dame instead.
    pub fn japanese_territory(&self, x: Color, reading: DameReading) -> i64 {
        let t = self.region[x] - self.seki_points[x] - self.ko_points[x];
        match reading {
            DameReading::Filled => t - self.teire[x],
            DameReading::Literal => t - self.dame_literal_points[x],
        }
    }

    /// Prisoners a side lost: stones captured during play plus its dead stones.
    pub fn lost(&self, x: Color) -> i64 {
        self.captured[x] + self.dead[x]
    }

    /// Pass stones handed over under the AGA rules (R7, R11): every virtual move, plus one more
    /// white pass when Black made the last move, so that White passes last (the handicap stones
    /// of a handicap game count as one move of Black's).
    pub fn aga_pass_stones(&self) -> PerSide<i64> {
        // The handicap stones are placed in one turn of Black's (AGA R11 counts turns), so a
        // handicap game of H stones is H - 1 moves less ahead for Black than `parity` says.
        let turns = self.parity - (self.handicap - 1).max(0);
        PerSide::new(self.passes.black, self.passes.white + (turns > 0) as i64)
    }
}

/// Which strings a Japanese count (J89 Art. 8) takes to be in seki: "stones which are alive
/// but possess dame are said to be in seki", and eye points beside them are no territory.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DameReading {
    /// Art. 8 applied after the dame are filled, as the commentary to Art. 9 and practice
    /// require: only the dame nobody can fill remain, so a string is in seki only when it is a
    /// string of a proven seki, i.e. touches a shared liberty or a one-sided dame (the settlement
    /// gives those classes only to liberties of strings in a seki). An unfilled ordinary dame
    /// ([`SharedKind::DameLeft`]) is nobody's and takes nothing from the groups beside it.
    Filled,
    /// The text taken literally on the board as it stands: a string touching any empty point of
    /// a region bordered by both colours (an unfilled ordinary dame included) is in seki, and
    /// every one-colour region it borders counts for nobody.
    Literal,
}

/// Why an empty point of a one-colour region is no Japanese territory.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Unscored {
    /// An unfilled single-ko point (it must be filled: no territory).
    Ko,
    /// A region bordered by a string in seki (under the reading asked for).
    Seki,
    /// A point its owner must fill once the dame are filled ([`super::teire`]; only under
    /// [`DameReading::Filled`]).
    Teire,
}

/// Per point of the settled board (indexed by [`Point::idx`]), why an empty point of a
/// one-colour region is no Japanese territory under `reading`; `None` for territory and for
/// every point that is not in a one-colour region (stones, dame, shared liberties, one-sided
/// dame: all nobody's under Japanese counting anyway). A one-point region that is an unfilled
/// ko point is [`Unscored::Ko`] whatever borders it.
pub fn japanese_unscored(st: &Settlement, reading: DameReading) -> Vec<Option<Unscored>> {
    unscored_in(st, &regions(st.board()), reading)
}

fn unscored_in(st: &Settlement, all: &[Region], reading: DameReading) -> Vec<Option<Unscored>> {
    let board = st.board();
    let mut out = vec![None; board.padded_len()];
    let seki_heads = heads_in(st, all, reading);
    for (members, colour) in all {
        if colour.is_none() {
            continue;
        }
        let why = if members.len() == 1
            && matches!(
                st.class(members[0]),
                PointClass::Territory(_, TerritoryKind::KoPoint)
            ) {
            Some(Unscored::Ko)
        } else if members.iter().any(|&m| {
            board.adj(m).iter().any(|&q| {
                board.stone(q).is_some() && seki_heads.binary_search(&board.string_head(q)).is_ok()
            })
        }) {
            Some(Unscored::Seki)
        } else {
            None
        };
        for m in members {
            out[m.idx()] = why;
        }
    }
    if reading == DameReading::Filled {
        let mut colours = vec![None; board.padded_len()];
        for (members, colour) in all {
            for m in members {
                colours[m.idx()] = *colour;
            }
        }
        let territory = |p: Point, x: Color| colours[p.idx()] == Some(x) && out[p.idx()].is_none();
        let in_seki = |p: Point| seki_heads.binary_search(&board.string_head(p)).is_ok();
        for (t, _) in super::teire::forced_teire(st, territory, in_seki) {
            out[t.idx()] = Some(Unscored::Teire);
        }
    }
    out
}

/// An empty region and its bordering colour (`None` when both or none).
type Region = (Vec<Point>, Option<Color>);

/// The heads ([`Board::string_head`]) of the strings a Japanese count under `reading` takes
/// to be in seki, sorted: under [`DameReading::Filled`] the strings touching a shared liberty or
/// a one-sided dame, under [`DameReading::Literal`] those touching any empty point of a region
/// bordered by both colours.
pub fn seki_string_heads(st: &Settlement, reading: DameReading) -> Vec<Point> {
    heads_in(st, &regions(st.board()), reading)
}

fn heads_in(st: &Settlement, all: &[Region], reading: DameReading) -> Vec<Point> {
    let board = st.board();
    let mut heads: Vec<Point> = Vec::new();
    for (members, colour) in all {
        if colour.is_some() {
            continue;
        }
        for &m in members {
            // A shared liberty makes a seki of the strings beside it; a one-sided dame only of
            // those the referee proved in seki (beside strings it could not settle, in a real
            // record's open position, a one-sided dame is a dame one side cannot fill yet).
            let (makes_seki, proven_only) = match reading {
                DameReading::Filled => match st.class(m) {
                    PointClass::Shared(SharedKind::SharedLiberty) => (true, false),
                    PointClass::OneSidedDame(_) => (true, true),
                    _ => (false, false),
                },
                DameReading::Literal => (true, false),
            };
            if makes_seki {
                for q in board.adj(m) {
                    if board.stone(q).is_some() && (!proven_only || st.proven_seki(q)) {
                        heads.push(board.string_head(q));
                    }
                }
            }
        }
    }
    heads.sort_unstable();
    heads.dedup();
    heads
}

/// The empty regions of `board`, each with its bordering colour (`None` when both or none).
fn regions(board: &Board) -> Vec<Region> {
    Regions::new(board, |p| board.cell(p) == Cell::Empty)
        .iter()
        .map(|members| {
            let (mut b, mut w) = (false, false);
            for &m in members {
                for q in board.adj(m) {
                    match board.cell(q) {
                        Cell::Black => b = true,
                        Cell::White => w = true,
                        _ => {}
                    }
                }
            }
            let colour = match (b, w) {
                (true, false) => Some(Color::Black),
                (false, true) => Some(Color::White),
                _ => None,
            };
            (members.to_vec(), colour)
        })
        .collect()
}

/// Per point of `board` (indexed by [`Point::idx`]), the colour of the one-colour empty region
/// it is in; `None` for stones and for empty points of a region bordered by both colours or by
/// none.
pub fn region_colours(board: &Board) -> Vec<Option<Color>> {
    let mut out = vec![None; board.padded_len()];
    for (members, colour) in regions(board) {
        for m in members {
            out[m.idx()] = colour;
        }
    }
    out
}

/// Tromp-Taylor score of a board as it stands: each side's stones plus the empty points that
/// reach only its colour (rule 9 of the ten rules; no dead-stone removal).
pub fn tromp_taylor(board: &Board) -> PerSide<i64> {
    let mut s = PerSide::new(0i64, 0);
    for p in board.points() {
        if let Some(c) = board.stone(p) {
            s[c] += 1;
        }
    }
    for (members, colour) in regions(board) {
        if let Some(c) = colour {
            s[c] += members.len() as i64;
        }
    }
    s
}

/// The handicap stones of `game` (see [`Sheet::handicap`]).
pub fn handicap_stones(game: &Game) -> i64 {
    let s = game.setup_stones();
    if s.white == 0 && s.black >= 2 {
        s.black as i64
    } else {
        0
    }
}

/// See [`Sheet::setup_lead`].
fn setup_lead(game: &Game) -> i64 {
    let s = game.setup_stones();
    let white_first = game.records().first().map(|r| r.color) == Some(Color::White);
    s.black as i64 - s.white as i64 - white_first as i64
}

/// Real moves made after the first virtual move of the game.
fn real_after_first_pass(game: &Game) -> PerSide<i64> {
    let mut out = PerSide::new(0i64, 0);
    let mut passed = false;
    for r in game.records() {
        match r.mv {
            Move::Virtual => passed = true,
            Move::Play(_) if passed => out[r.color] += 1,
            _ => {}
        }
    }
    out
}

/// The counts a rule set may need beside the sheet.
#[derive(Clone, Copy, Debug)]
pub struct Scoring<'a> {
    /// The sheet of the game.
    pub sheet: &'a Sheet,
    /// The count under the campaign's balancing reading.
    pub count: &'a Count,
    /// The count under the Art. 11 reading (for a rule set that fixes it, `jpd-tangsong-b1`);
    /// `count` if absent (the game was counted under Art. 11).
    pub art11: Option<&'a Count>,
    /// The count under the strict Art. 10 reading (for [`OneSidedDame::PauseOpenerOnly`],
    /// `jpd-tangsong-c1`); `count` if absent (no one-sided dame changes hands).
    pub c1: Option<&'a Count>,
}

impl<'a> Scoring<'a> {
    /// The count a balanced method of `rules` scores from: under the strict Art. 10 reading
    /// when the rule set reads one-sided dame so, else under its fixed balancing reading, else
    /// the game's count.
    pub(super) fn count_for(&self, rules: &Rules) -> &'a Count {
        match rules.one_sided_dame {
            OneSidedDame::PauseOpenerOnly => self.c1.unwrap_or(self.count),
            OneSidedDame::Holder => self.count_under(rules.balancing),
        }
    }

    /// The count under a balancing reading: `None` (the game's reading) or the reading `count`
    /// was made under is `count`; Art. 11 otherwise is `art11`.
    pub(super) fn count_under(&self, reading: Option<Balancing>) -> &'a Count {
        match reading {
            Some(Balancing::Art11) => self.art11.unwrap_or(self.count),
            Some(Balancing::Art14) | None => self.count,
        }
    }

    /// Under the strict reading of Art. 10, the side whose one-sided dame do not count: the
    /// one that did not open the final pause, when it holds any.
    pub fn c1_loser(&self, sh: &Sheet) -> Option<Color> {
        let x = sh.pause_opener?.opp();
        (sh.one_sided_dame[x] > 0).then_some(x)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Coord;

    /// Walls on 6x6 (rows from the top) with a two-point gap C6-D6 between them:
    ///
    /// ```text
    ///   A B C D E F
    /// 6 . X . . O .
    /// 5 . X X O O .
    /// 4 . X X O O .
    /// 3 . X X O O .
    /// 2 . X X O O .
    /// 1 . X X O O .
    /// ```
    ///
    /// Both walls live with plenty of room: there is no seki. The one-move reading calls C6
    /// Black's one-sided dame (a white stone there has the one liberty D6, where Black
    /// captures it) and D6 White's; the proven reading leaves both ordinary dame. The Japanese
    /// count is written against the proven classes, so with C6 and D6 decreed ordinary dame
    /// every living group keeps its territory, whatever today's classifier says.
    const GAP: &str = "
        . X . . O .
        . X X O O .
        . X X O O .
        . X X O O .
        . X X O O .
        . X X O O .";

    fn at(b: &Board, s: &str) -> Point {
        b.point(Coord::from_sgf(s).unwrap())
    }

    /// The points of column `col` (an SGF letter) marked `Unscored::Seki`.
    fn seki_in_column(u: &[Option<Unscored>], b: &Board, col: char) -> usize {
        ('a'..='f')
            .filter(|&r| u[at(b, &format!("{col}{r}")).idx()] == Some(Unscored::Seki))
            .count()
    }

    #[test]
    fn an_ordinary_dame_takes_no_territory_a_seki_liberty_does() {
        let b = Board::from_ascii(GAP).unwrap();
        let one_move = Settlement::settle(&b, &[], &[], Mode::Pause).unwrap();
        let (c6, d6) = (at(&b, "ca"), at(&b, "da"));
        // The safety solver proves both walls alive (each makes two eyes in its six-point
        // strip on the edge whoever moves first), so the gap points, beside proven-alive
        // strings alone, are ordinary dame, not one-sided dame (the one-move reading called
        // them one-sided before the walls were proven).
        let dame = PointClass::Shared(SharedKind::DameLeft);
        assert_eq!(one_move.class(c6), dame);
        assert_eq!(one_move.class(d6), dame);
        // No string beside them is in seki, and a one-sided dame makes a Japanese seki only
        // beside a proven one: nothing is taken away. (Taken as seki liberties, as before that
        // rule, they took both territories, 6 points each.)
        assert!(!one_move.proven_seki(at(&b, "ba")) && !one_move.proven_seki(at(&b, "ea")));
        let u = japanese_unscored(&one_move, DameReading::Filled);
        assert_eq!(
            (seki_in_column(&u, &b, 'a'), seki_in_column(&u, &b, 'f')),
            (0, 0)
        );
        // The proven reading (the classes the Japanese count is written against): both gap
        // points are ordinary dame, and nothing is taken from anyone.
        let proven = one_move.with_decrees(&[(c6, dame), (d6, dame)]);
        let u = japanese_unscored(&proven, DameReading::Filled);
        assert!(b.points().all(|p| u[p.idx()].is_none()));
        // The literal reading takes both territories away again: each wall touches a dame.
        let u = japanese_unscored(&proven, DameReading::Literal);
        assert_eq!(
            (seki_in_column(&u, &b, 'a'), seki_in_column(&u, &b, 'f')),
            (6, 6)
        );
        assert_eq!(u.iter().filter(|x| x.is_some()).count(), 12);
    }
}
