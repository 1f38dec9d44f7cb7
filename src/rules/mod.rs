//! Rule sets: a small value of enums with named presets (KataGo's `Rules`), and scoring a
//! counted game under each.

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

use crate::counting::{Balancing, Count, Half};
use crate::engine::{Color, KoRule, PlayRules, SuicideRule};

/// The identifiers of the rule sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RuleId {
    /// Ji-Ping-Dian Tang-Song 2008, territory method ("equal stones, compare territory",
    /// Art. 17, 19): balanced b - w against komi 6.5.
    JpdTangsong,
    /// Ji-Ping-Dian Tang-Song 2008, area method (Art. 20): balanced B - W against komi 6.5.
    JpdTangsongArea,
    /// Chinese rules: area of the position as it stands, no balancing, komi 3 3/4 stones =
    /// 7.5 points (RULESETS.md; seed 000:#26, #32, #36).
    Chinese,
}

impl RuleId {
    /// Every rule set, in report order.
    pub const ALL: [RuleId; 3] = [
        RuleId::JpdTangsong,
        RuleId::JpdTangsongArea,
        RuleId::Chinese,
    ];

    /// The id as written on the command line and in reports.
    pub fn as_str(self) -> &'static str {
        match self {
            RuleId::JpdTangsong => "jpd-tangsong",
            RuleId::JpdTangsongArea => "jpd-tangsong-area",
            RuleId::Chinese => "chinese",
        }
    }

    /// The preset.
    pub fn rules(self) -> Rules {
        Rules::preset(self)
    }
}

impl fmt::Display for RuleId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for RuleId {
    type Err = String;
    /// Accepts the ids and, case-insensitively, the rule names found in SGF `RU[]`.
    fn from_str(s: &str) -> Result<Self, String> {
        let k = s.trim().to_ascii_lowercase();
        let id = match k.as_str() {
            "jpd-tangsong" | "jpd" | "tangsong" | "ji-ping-dian" => RuleId::JpdTangsong,
            "jpd-tangsong-area" => RuleId::JpdTangsongArea,
            "chinese" | "cn" | "chn" | "china" => RuleId::Chinese,
            _ => {
                return Err(format!(
                    "unknown rule set '{s}': expected one of {}",
                    RuleId::ALL.map(|r| r.as_str()).join(", ")
                ))
            }
        };
        Ok(id)
    }
}

/// How a rule set turns a count into each side's points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Method {
    /// Territory b, w of the equal-stones position (section 6.2).
    EqualStonesTerritory,
    /// Area B, W after balancing (section 6.1).
    BalancedArea,
    /// Area B0, W0 of the position as it stands, without balancing.
    PlainArea,
}

/// Who wins when the margin is zero.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tie {
    /// A draw (jigo).
    Draw,
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
    /// The balancing reading (for methods that balance).
    pub balancing: Balancing,
    /// The tie rule.
    pub tie: Tie,
}

impl Rules {
    /// The preset of an id.
    pub fn preset(id: RuleId) -> Rules {
        match id {
            // Art. 7 (no suicide), Art. 9 (positional superko), Art. 19(2) komi 6.5.
            RuleId::JpdTangsong => Rules {
                id,
                play: PlayRules::JPD,
                method: Method::EqualStonesTerritory,
                komi: Half(13),
                balancing: Balancing::Art14,
                tie: Tie::Draw,
            },
            // Art. 20(2): the same komi on the balanced area.
            RuleId::JpdTangsongArea => Rules {
                id,
                method: Method::BalancedArea,
                ..Rules::preset(RuleId::JpdTangsong)
            },
            // Chinese rules 2002 (RULESETS.md): area counting, black gives 3 3/4 stones = 7.5
            // points; suicide forbidden; the written rule bans repetition (positional superko).
            RuleId::Chinese => Rules {
                id,
                play: PlayRules {
                    suicide: SuicideRule::Forbidden,
                    ko: KoRule::PositionalSuperko,
                },
                method: Method::PlainArea,
                komi: Half(15),
                balancing: Balancing::Art14,
                tie: Tie::Draw,
            },
        }
    }

    /// Scores a counted game. The count must have been made with this rule set's balancing
    /// reading for the balanced methods.
    pub fn score(&self, c: &Count) -> RuleResult {
        let (black, white, comp) = match self.method {
            Method::EqualStonesTerritory => (c.territory.black, c.territory.white, c.compensation),
            Method::BalancedArea => (c.area.black, c.area.white, c.compensation),
            Method::PlainArea => (c.area_paused.black, c.area_paused.white, Half::ZERO),
        };
        let margin = black - white - self.komi - comp;
        RuleResult::new(self.id, self.komi + comp, black, white, margin, self.tie)
    }
}

/// The result of one game under one rule set.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RuleResult {
    /// The rule set's id.
    pub rules: String,
    /// Komi, compensation included.
    pub komi: Half,
    /// Black's points under the rule set's own method.
    pub black: Half,
    /// White's points.
    pub white: Half,
    /// Black's points minus White's minus komi and every compensation.
    pub margin: Half,
    /// The winner; `None` for a draw.
    pub winner: Option<Color>,
    /// The SGF-style result: `B+2.5`, `W+0.5`, `0` for a draw.
    pub result: String,
}

impl RuleResult {
    fn new(id: RuleId, komi: Half, black: Half, white: Half, margin: Half, tie: Tie) -> Self {
        let winner = match margin.0.cmp(&0) {
            std::cmp::Ordering::Greater => Some(Color::Black),
            std::cmp::Ordering::Less => Some(Color::White),
            std::cmp::Ordering::Equal => match tie {
                Tie::Draw => None,
            },
        };
        let result = match winner {
            Some(Color::Black) => format!("B+{}", margin),
            Some(Color::White) => format!("W+{}", -margin),
            None => "0".to_string(),
        };
        RuleResult {
            rules: id.as_str().to_string(),
            komi,
            black,
            white,
            margin,
            winner,
            result,
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
}
