//! Rule sets: a small value of enums with named presets (KataGo's `Rules`), and scoring a
//! counted game under each.
//!
//! Every preset cites its source: `docs/RULES.md` section 7 for the Ji-Ping-Dian family and the
//! seed sentences (`000:#N`), and for the other systems the tags in brackets, whose key is in
//! the same section. A rule set scores a game by its own method from the [`Sheet`]; it also
//! states its [`Ledger`]: the named causes that turn the paused area difference `A0` into its
//! board margin. Comparing two rule sets' ledgers explains their divergence term by term.

pub mod sheet;

mod all;
mod id;
mod ledger;
mod result;
mod score;
mod table;
mod teire;

use serde::Serialize;

pub use all::{distinct_play_rules, divergences, play_rules, score_all};
pub use ledger::{Cause, Ledger};
pub use result::{diverge, Divergence, RuleResult};
pub use score::IngBowls;
pub use sheet::{
    japanese_unscored, region_colours, seki_string_heads, tromp_taylor, DameReading, Scoring,
    Sheet, Unscored,
};
pub use table::RuleId;

use crate::counting::Balancing;
use crate::counting::Half;
use crate::engine::PlayRules;

/// How a rule set turns a counted game into each side's points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Method {
    /// Territory b, w of the equal-stones position (RULES.md 6.2), balanced.
    EqualStonesTerritory,
    /// Area B, W after balancing (RULES.md 6.1).
    BalancedArea,
    /// Area B0, W0 of the position as it stands, without balancing.
    PlainArea,
    /// Fill back prisoners and dead stones (no pass stones), count owned empty points only
    /// (roads; the art edition's equal-stones position).
    Roads,
    /// Japanese territory: one-colour regions not in seki (under the reading given) and not
    /// ko, plus the opponent's prisoners and dead stones.
    JapaneseTerritory(DameReading),
    /// Ing's bowls: stones used against `N²/2` a side, read as unfilled spaces and leftovers.
    IngBowls,
    /// AGA territory: one-colour regions minus the prisoners, dead stones and pass stones the
    /// opponent holds.
    AgaTerritory,
    /// AGA area: live stones plus one-colour regions.
    AgaArea,
    /// Tromp-Taylor: the board as it stands.
    TrompTaylor,
    /// Live stones plus one-colour regions after removal (New Zealand).
    RegionArea,
}

/// Whose one-sided dame a balanced count gives to their holder (Art. 10, ambiguity C1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OneSidedDame {
    /// Every one-sided dame is its holder's.
    Holder,
    /// The strict reading of Art. 10: the side that did not open the final pause has its
    /// one-sided dame shared, as a dame left (`jpd-tangsong-c1`).
    PauseOpenerOnly,
}

/// Who wins when the margin is zero.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tie {
    /// A draw (jigo).
    Draw,
    /// Black (Ing's komi of 8 "with Black winning ties").
    Black,
}

/// A rule set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Its id.
    pub id: RuleId,
    /// Suicide and repetition.
    pub play: PlayRules,
    /// The counting method.
    pub method: Method,
    /// Komi in half-points.
    pub komi: Half,
    /// Further komi when White made the first virtual move (Ikeda Area III, WMSG, jpd-a).
    pub first_pass_komi: Half,
    /// The balancing reading the rule set fixes, whatever reading the game was counted with
    /// (`jpd-tangsong-b1`: Art. 11); `None` follows the game's (campaign's) reading. Read by
    /// the methods that balance.
    pub balancing: Option<Balancing>,
    /// Whose one-sided dame count (Art. 10; the methods that balance read it).
    pub one_sided_dame: OneSidedDame,
    /// The tie rule.
    pub tie: Tie,
    /// What White receives in a handicap game (docs/RULESETS.md, section 1).
    pub handicap: HandicapCompensation,
}

/// The points White receives in a handicap game of `H` handicap stones, beside komi. A
/// handicap game is one whose starting position holds black setup stones only, two or more
/// of them (`HA` with `AB`, or `AB` alone): `H` is their number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum HandicapCompensation {
    /// Nothing: territory counting (the handicap stones earn nothing by themselves), or rules
    /// whose balancing or bowls already account for them.
    None,
    /// `H` points: Chinese rules, Black gives back `H/2` stones [BGAC, CN375].
    PerStone,
    /// `H - 1` points: AGA area counting, which makes area agree with territory [AGA, AGAC].
    PerStoneAfterFirst,
}

impl HandicapCompensation {
    /// White's extra points in a game of `h` handicap stones (0 for fewer than 2).
    pub fn points(self, h: i64) -> i64 {
        match self {
            _ if h < 2 => 0,
            HandicapCompensation::None => 0,
            HandicapCompensation::PerStone => h,
            HandicapCompensation::PerStoneAfterFirst => h - 1,
        }
    }

    /// The convention in words, for reports.
    pub fn describe(self) -> &'static str {
        match self {
            HandicapCompensation::None => "none",
            HandicapCompensation::PerStone => "one point per handicap stone",
            HandicapCompensation::PerStoneAfterFirst => {
                "one point per handicap stone after the first"
            }
        }
    }
}
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip() {
        for id in RuleId::ALL {
            assert_eq!(id.as_str().parse::<RuleId>().unwrap(), id);
            assert_eq!(id.to_string(), id.as_str());
            assert_eq!(Rules::preset(id).id, id);
        }
        assert_eq!("Chinese".parse::<RuleId>().unwrap(), RuleId::Chinese);
        assert!("nonsense".parse::<RuleId>().is_err());
    }

    /// Every rule set's behaviour comes from its fields, not its id: the Tang-Song readings
    /// B1 (docs/RULES.md, Art. 11 balancing) and C1 (strict Art. 10) differ from
    /// `jpd-tangsong` in one field each, and no other preset fixes a balancing reading or reads
    /// one-sided dame strictly.
    #[test]
    fn readings_are_fields() {
        let t = Rules::preset(RuleId::JpdTangsong);
        let b1 = Rules::preset(RuleId::JpdTangsongB1);
        let c1 = Rules::preset(RuleId::JpdTangsongC1);
        assert_eq!(
            b1,
            Rules {
                id: b1.id,
                balancing: Some(Balancing::Art11),
                ..t
            }
        );
        assert_eq!(
            c1,
            Rules {
                id: c1.id,
                one_sided_dame: OneSidedDame::PauseOpenerOnly,
                ..t
            }
        );
        for id in RuleId::ALL {
            let r = Rules::preset(id);
            assert_eq!(r.balancing.is_some(), id == RuleId::JpdTangsongB1, "{id}");
            assert_eq!(
                r.one_sided_dame == OneSidedDame::PauseOpenerOnly,
                id == RuleId::JpdTangsongC1,
                "{id}"
            );
        }
    }
}
