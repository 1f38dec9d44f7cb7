//! GNU Go as an outside oracle: the same game scored by GNU Go 3.8 and by us, under Chinese and
//! Japanese rules, with every disagreement given a category by a mechanical rule.
//!
//! For each game GNU Go (two processes, one started with `--chinese-rules`, one with
//! `--japanese-rules`) replays the moves (virtual moves are GTP passes, setup stones are `play`
//! commands), and reports its dead stones, its seki stones, its territory, its dame and its
//! `final_score`. We count the same game under our rule set of the same name with GNU Go's dead
//! stones (or, with [`DeadSource::Record`] or [`DeadSource::Proven`], with our own) and GNU Go's
//! komi set to our preset's, so the two margins are directly comparable.
//!
//! # The categories
//!
//! A row that does not agree gets the first category of this list that applies
//! ([`categorise`]):
//!
//! 1. `error`: GNU Go or our count failed (the detail says how);
//! 2. `dead_stones`: the dead stones our count removed differ from GNU Go's (other dead stones
//!    were given, or the game ended by four virtual moves, after which every stone is alive);
//! 3. `gnugo_known`: GNU Go's `final_score` differs from what its own status lists give under
//!    its own arithmetic ([`gnugo_margin_from_lists`]): GNU Go contradicts itself, a known
//!    behaviour of its scoring (it re-reads some groups when scoring);
//! 4. `seki`: points are owned differently ([`differing_points`]), at least one of them lies
//!    in a seki on both sides, and every other one is such a point or a dame point (5). A point
//!    lies in a seki on our side when it is a shared liberty or a one-sided dame (classes the
//!    settlement gives only to liberties of a seki), a stone of a string touching one, or a point
//!    of a region beside such a string (a seki eye); on GNU Go's side when it is one of its seki
//!    stones, touches one, or lies in an empty region touching one. That the position merely has
//!    a seki somewhere explains nothing;
//! 5. `dame`: every differing point is a neutral point on one side: our shared point (a dame,
//!    a shared liberty) or GNU Go's dame;
//! 6. `our_bug`: anything else: the points agree and the scores do not, or a point is owned
//!    differently for no seki or dame reason.
//!
//! Under Japanese rules the points are compared as the Japanese count values them: territory
//! our `japanese` count takes away (beside a string in seki, an unfilled ko point) and a
//! one-sided dame are nobody's on our side. So a territory lost to a "seki" that GNU Go does not
//! see is a differing point outside any GNU Go seki: `our_bug`, never `seki` or `dame`.
//!
//! The library never prints; [`run`] writes `oracle.csv` and copies the SGF of every
//! disagreement beside it.

pub mod selfplay;

mod compare;
mod gnugo;
mod output;
mod points;

pub use compare::{compare, CompareOptions, OracleInput, OracleRow};
pub use gnugo::{
    find_gnugo, gnugo_margin_from_lists, judge, judge_after, parse_final_score, GnuGoConfig,
    GnuGoPair, GnuJudgement, GnuStatus, GNUGO_SEARCH,
};
pub use output::{run, sgf_of, write_csv, OracleSummary, CSV_HEADER, DISAGREEMENTS_DIR};
pub use points::{categorise, differing_points, Category, Differing};

use crate::counting::Half;
use crate::files::FileError;
use crate::gtp::GtpError;
use crate::rules::{RuleId, Rules};

/// What can go wrong in an oracle run as a whole (a single game's failure is a row instead).
#[derive(Debug, thiserror::Error)]
pub enum OracleError {
    /// GNU Go could not be started or failed outside a game.
    #[error(transparent)]
    Gtp(#[from] GtpError),
    /// A file could not be read or written, or its CSV is malformed.
    #[error(transparent)]
    File(#[from] FileError),
    /// A self-play game could not be made.
    #[error("self-play game {index} (seed {seed}): {detail}")]
    SelfPlay {
        /// The game index.
        index: u64,
        /// The master seed.
        seed: u64,
        /// What happened.
        detail: String,
    },
}

/// The two rule sets GNU Go scores under.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum OracleRules {
    /// `--chinese-rules`: area scoring.
    Chinese,
    /// `--japanese-rules`: territory and prisoners.
    Japanese,
}

impl OracleRules {
    /// Both, in report order.
    pub const BOTH: [OracleRules; 2] = [OracleRules::Chinese, OracleRules::Japanese];

    /// Our rule-set id of the same name; `None` while this build has no such rule set.
    pub fn rule_id(self) -> Option<RuleId> {
        self.name().parse::<RuleId>().ok()
    }

    /// The id, as in our rule sets.
    pub fn name(self) -> &'static str {
        match self {
            OracleRules::Chinese => "chinese",
            OracleRules::Japanese => "japanese",
        }
    }

    /// GNU Go's command-line flag.
    pub fn flag(self) -> &'static str {
        match self {
            OracleRules::Chinese => "--chinese-rules",
            OracleRules::Japanese => "--japanese-rules",
        }
    }

    /// The komi both sides use: our preset's (6.5 Japanese when we have no preset yet).
    pub fn komi(self) -> Half {
        match self.rule_id() {
            Some(id) => Rules::preset(id).komi,
            None => Half(13),
        }
    }
}

/// Whose dead stones we count with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DeadSource {
    /// GNU Go's `final_status_list dead` (of the process of the same rule set).
    Gnugo,
    /// The record's `TB`/`TW` marks.
    Record,
    /// Our referee's proven dead stones (`settlement::referee`).
    Proven,
}

impl std::str::FromStr for DeadSource {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "gnugo" => Ok(DeadSource::Gnugo),
            "record" => Ok(DeadSource::Record),
            "proven" => Ok(DeadSource::Proven),
            _ => Err(format!(
                "unknown dead-stone source '{s}': expected gnugo, record or proven"
            )),
        }
    }
}

impl DeadSource {
    /// The name, as in `oracle.csv`.
    pub fn name(self) -> &'static str {
        match self {
            DeadSource::Gnugo => "gnugo",
            DeadSource::Record => "record",
            DeadSource::Proven => "proven",
        }
    }
}

#[cfg(test)]
mod tests;
