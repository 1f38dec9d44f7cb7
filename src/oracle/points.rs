//! Our point map against GNU Go's: who owns each point on each side, the points that differ
//! (with whether each side puts them in a seki or leaves them neutral), and the category of a
//! disagreement.

use super::{gnugo_margin_from_lists, GnuJudgement, GnuStatus, OracleRules};
use crate::engine::{Cell, Color, Coord, Game, Regions};
use crate::rules::{japanese_unscored, seki_string_heads, DameReading, Unscored};
use crate::settlement::{PointClass, SharedKind};

/// Who owns a point, rule-set independent: what both sides' point maps are compared by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Owner {
    Stone(Color),
    Area(Color),
    Neutral,
}

fn our_owner(
    rules: OracleRules,
    cl: PointClass,
    stone: Option<Color>,
    dead: bool,
    unscored: Option<Unscored>,
) -> Owner {
    match (stone, dead) {
        (Some(c), false) => Owner::Stone(c),
        _ => match (rules, cl) {
            (_, PointClass::Stone(c)) => Owner::Stone(c),
            // Japanese counting gives nothing for a one-sided dame, a point beside a seki or an
            // unfilled ko point.
            (OracleRules::Japanese, PointClass::OneSidedDame(_)) => Owner::Neutral,
            (OracleRules::Japanese, PointClass::Territory(..)) if unscored.is_some() => {
                Owner::Neutral
            }
            (_, PointClass::Territory(c, _) | PointClass::OneSidedDame(c)) => Owner::Area(c),
            (_, PointClass::Shared(_) | PointClass::OffBoard) => Owner::Neutral,
        },
    }
}

fn gnu_owner(s: GnuStatus) -> Owner {
    match s {
        GnuStatus::Alive(c) | GnuStatus::Seki(c) => Owner::Stone(c),
        GnuStatus::Dead(c) => Owner::Area(c.opp()),
        GnuStatus::Territory(c) => Owner::Area(c),
        GnuStatus::Dame | GnuStatus::Unlisted => Owner::Neutral,
    }
}

/// One point whose owner differs: where, our class, GNU Go's status, and whether each side
/// puts it in a seki.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Differing {
    /// The point.
    pub at: Coord,
    /// Our class (after our dead stones are removed).
    pub ours: PointClass,
    /// Under Japanese rules, why our count gives this point of a one-colour region nothing
    /// (beside a string in seki, an unfilled ko); `None` under Chinese rules.
    pub japanese_unscored: Option<Unscored>,
    /// GNU Go's status.
    pub gnugo: GnuStatus,
    /// The point lies in a seki on our side: a shared liberty or a one-sided dame, a stone of a
    /// string touching one, or a point of a one-colour region beside such a string.
    pub our_seki: bool,
    /// Our count, as the rule set values the point, gives it to nobody, and not because a
    /// Japanese seki takes a territory away: a dame or shared liberty, and under Japanese rules
    /// also a one-sided dame (an unfilled border point earns nothing there).
    pub our_neutral: bool,
    /// The point lies in a seki on GNU Go's side: one of its seki stones, a point touching one,
    /// or an empty point of a region (on our settled board) touching one.
    pub gnugo_seki: bool,
}

impl Differing {
    /// In a seki on both sides: a difference in what a seki earns.
    pub fn seki_both(&self) -> bool {
        self.our_seki && self.gnugo_seki
    }

    /// Neutral on one side: a point our count gives nobody ([`Differing::our_neutral`]: an
    /// ordinary dame, a shared liberty, a one-sided dame under Japanese rules) or GNU Go's dame.
    /// A territory point our Japanese count takes away is not one.
    pub fn dame(&self) -> bool {
        self.our_neutral || matches!(self.gnugo, GnuStatus::Dame | GnuStatus::Unlisted)
    }
}

/// The points whose owner differs between our settlement and GNU Go's lists, compared as the
/// rule set values them (see the module documentation).
pub fn differing_points(
    rules: OracleRules,
    game: &Game,
    ours: &crate::settlement::Settlement,
    dead: &[Coord],
    j: &GnuJudgement,
) -> Vec<Differing> {
    let b = game.board();
    let sb = ours.board();
    let n = b.size() as usize;
    let at = |c: Coord| j.status[c.y as usize * n + c.x as usize];
    let gnu_seki_stone = |p| matches!(at(sb.coord(p)), GnuStatus::Seki(_));
    let unscored = japanese_unscored(ours, DameReading::Filled);
    let heads = seki_string_heads(ours, DameReading::Filled);
    let in_seki_string =
        |p| sb.stone(p).is_some() && heads.binary_search(&sb.string_head(p)).is_ok();
    // Empty points of our settled board whose region touches a GNU Go seki stone.
    let mut near_gnu_seki = vec![false; sb.padded_len()];
    for members in Regions::new(sb, |p| sb.cell(p) == Cell::Empty).iter() {
        let touches = members.iter().any(|&m| {
            sb.adj(m)
                .iter()
                .any(|&q| sb.stone(q).is_some() && gnu_seki_stone(q))
        });
        for &m in members {
            near_gnu_seki[m.idx()] = touches;
        }
    }
    let mut out = Vec::new();
    for p in b.points() {
        let c = b.coord(p);
        let cl = ours.class(p);
        let ju = match rules {
            OracleRules::Japanese => unscored[p.idx()],
            OracleRules::Chinese => None,
        };
        let o = our_owner(rules, cl, b.stone(p), dead.contains(&c), ju);
        let g = gnu_owner(at(c));
        if o != g {
            let our_seki = matches!(
                cl,
                PointClass::OneSidedDame(_) | PointClass::Shared(SharedKind::SharedLiberty)
            ) || in_seki_string(p)
                || unscored[p.idx()] == Some(Unscored::Seki);
            let gnugo_seki = gnu_seki_stone(p)
                || near_gnu_seki[p.idx()]
                || sb
                    .adj(p)
                    .iter()
                    .any(|&q| sb.stone(q).is_some() && gnu_seki_stone(q));
            let our_neutral = matches!(cl, PointClass::Shared(_))
                || (o == Owner::Neutral && ju.is_none() && b.stone(p).is_none());
            out.push(Differing {
                at: c,
                ours: cl,
                japanese_unscored: ju,
                gnugo: at(c),
                our_seki,
                gnugo_seki,
                our_neutral,
            });
        }
    }
    out
}

/// The category of a row that does not agree, in the order the rule tries them (see the module
/// documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Category {
    /// GNU Go or our count failed.
    Error,
    /// The dead stones our count removed differ from GNU Go's.
    DeadStones,
    /// GNU Go's `final_score` contradicts its own status lists.
    GnugoKnown,
    /// Every differing point lies in a seki on both sides or is a dame point.
    Seki,
    /// Every differing point is neutral on one side.
    Dame,
    /// Anything else.
    OurBug,
}

impl Category {
    /// The name, as in `oracle.csv`.
    pub fn as_str(self) -> &'static str {
        match self {
            Category::Error => "error",
            Category::DeadStones => "dead_stones",
            Category::GnugoKnown => "gnugo_known",
            Category::Seki => "seki",
            Category::Dame => "dame",
            Category::OurBug => "our_bug",
        }
    }
}

impl serde::Serialize for Category {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl std::fmt::Display for Category {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The category of a disagreement (see the module documentation for the rule).
pub fn categorise(same_dead: bool, j: &GnuJudgement, differing: &[Differing]) -> Category {
    if !same_dead {
        return Category::DeadStones;
    }
    if gnugo_margin_from_lists(j) != j.margin {
        return Category::GnugoKnown;
    }
    if differing.iter().any(Differing::seki_both)
        && differing.iter().all(|d| d.seki_both() || d.dame())
    {
        return Category::Seki;
    }
    if !differing.is_empty() && differing.iter().all(Differing::dame) {
        return Category::Dame;
    }
    Category::OurBug
}
