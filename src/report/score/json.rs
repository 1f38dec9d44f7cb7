//! The report of `jpd score` and its parts, as JSON shows them (the keys are stable), and the
//! JSON writers: an array, or JSON Lines with an entry per file that could not be scored.

use std::io::Write;

use serde::Serialize;

use super::grid::RuleGrid;
use crate::checks::{FindingResult, TheoremResult, Verdict};
use crate::counting::{Balancing, Half, Stability};
use crate::engine::{Color, PerSide};
use crate::rules::RuleResult;
use crate::score_record::KomiSource;
use crate::sgf::RecordedResult;

/// The dead stones counted and where they came from, as the report shows them (the library's
/// [`crate::score_record::DeadStonesOrigin`]).
pub type DeadJson = crate::score_record::DeadStonesOrigin;

/// Counts of one side, as JSON shows them.
#[derive(Clone, Copy, Debug, Serialize, PartialEq)]
pub struct SidePoints {
    /// Black's.
    pub black: Half,
    /// White's.
    pub white: Half,
}

impl From<PerSide<Half>> for SidePoints {
    fn from(p: PerSide<Half>) -> Self {
        SidePoints {
            black: p.black,
            white: p.white,
        }
    }
}

/// The fill-up figures as JSON shows them.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct FillUpJson {
    /// Black's fill-up count.
    pub black: Half,
    /// White's.
    pub white: Half,
    /// Whether the filled position was stable.
    pub stable: bool,
    /// The stability verdict: stable, unstable, or unknown (the search budget ran out).
    pub stability: Stability,
}

/// One theorem as JSON shows it: `holds` is `null` when it does not apply.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct TheoremJson {
    /// `T1` to `T17`, or `F1` to `F11`.
    pub id: String,
    /// true, false, or null (not applicable).
    pub holds: Option<bool>,
    /// The one-line detail.
    pub detail: String,
}

impl From<&FindingResult> for TheoremJson {
    fn from(f: &FindingResult) -> Self {
        TheoremJson {
            id: f.id.to_string(),
            holds: f.holds(),
            detail: f.detail.clone(),
        }
    }
}

impl From<&TheoremResult> for TheoremJson {
    fn from(t: &TheoremResult) -> Self {
        TheoremJson {
            id: t.id.to_string(),
            holds: match t.verdict {
                Verdict::Holds => Some(true),
                Verdict::Fails => Some(false),
                Verdict::NotApplicable => None,
            },
            detail: t.detail.clone(),
        }
    }
}

/// The referee's judgement of a record's paused position, as JSON shows it.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct RefereeJson {
    /// Whether every string's status is proven.
    pub settled: bool,
    /// Why not (`open_area`, `enclosed_group`, `capturable`, `ko`, `search_budget`).
    pub unsettled_reason: Option<String>,
    /// Settled only once the safety solver proved the stones of the areas the referee's own
    /// rules leave open (docs/RULES.md 5.1 item 8).
    pub settled_by_solver: bool,
    /// Strings whose status is not proven.
    pub unproven_strings: u32,
    /// In the areas left `capturable`: an attacker and the first move of its proven win
    /// (`white E5`: White, playing E5 first, ends the local fight having captured more of the
    /// area's stones than it lost, whatever Black answers).
    pub winning_moves: Vec<String>,
    /// The dead stones it proves, in the usual human form (`C7`).
    pub proven_dead: Vec<String>,
    /// Every string of the position: its stones, colour, status and how it was proven.
    pub strings: Vec<StringJson>,
    /// Search nodes the referee spent (area search and safety solver).
    pub nodes: u32,
}

/// One string as the referee judged it.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct StringJson {
    /// Its stones, in the usual human form, in point order.
    pub stones: Vec<String>,
    /// `black` or `white`.
    pub colour: String,
    /// `alive`, `dead`, `seki` or `unknown`.
    pub status: String,
    /// How: `benson`, `too_small_for_two_eyes`, `unfilled_ko`, `area_search`,
    /// `safety_static`, `safety_search`; null when unproven.
    pub proof: Option<String>,
}

/// A negative move as JSON shows it.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct NegativeJson {
    /// `A` or `B`.
    pub kind: String,
    /// The point, in the usual human form (`C7`).
    pub point: String,
}

/// Whether one rule set's result agrees with the record's `RE`.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct ReAgreement {
    /// The rule set's id.
    pub rules: String,
    /// Same winner (a draw agrees with a draw); null when `RE` names no result or the rule
    /// set has none (`illegal:superko`, `no_result`).
    pub re_agrees: Option<bool>,
    /// The rule set's margin minus `RE`'s, both from Black's side; null unless both are counts.
    pub re_margin_diff: Option<Half>,
}

impl ReAgreement {
    /// Compares `r` with the recorded result `re`; `counted`: the game was counted (not
    /// resigned), so that `r`'s margin is a count.
    pub fn of(r: &RuleResult, re: Option<&RecordedResult>, counted: bool) -> ReAgreement {
        // An unscored result (`illegal:superko`, `no_result`) has no winner and is not `0`.
        let has_result = r.winner.is_some() || r.result == "0";
        let counted = counted && has_result;
        let re_agrees = match re {
            Some(re) if has_result => Some(re.winner == r.winner),
            _ => None,
        };
        let re_margin_diff = match re.and_then(RecordedResult::signed_margin) {
            Some(m) if counted => Some(r.margin - m),
            _ => None,
        };
        ReAgreement {
            rules: r.rules.to_string(),
            re_agrees,
            re_margin_diff,
        }
    }
}

/// How one rule set's result stands against the record's `RE`, as the verdict says it.
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum ReVerdict {
    /// The same result: the same count, or the same winner where neither is a count (a
    /// resignation both ways).
    Agrees,
    /// Another winner, or the same winner by another margin.
    Disagrees,
    /// The record has no `RE`.
    NoRe,
    /// `RE` is not a count (a resignation, time, forfeit, `B+`, `Void`, `?`) while the rule set
    /// counted the game.
    NotACount,
    /// The rule set has no count to compare (`no_result`, `illegal:superko`, `not_ended`).
    NoCount,
}

impl ReVerdict {
    /// The verdict of `res` against `RE` (`raw` as written, `re` as read), from the comparison
    /// `agr` already made; `counted`: the game was counted (not resigned).
    pub fn of(
        res: &RuleResult,
        raw: Option<&str>,
        re: Option<&RecordedResult>,
        agr: &ReAgreement,
        counted: bool,
    ) -> ReVerdict {
        let has_result = res.winner.is_some() || res.result == "0";
        let re_counts = re.is_some_and(|re| re.signed_margin().is_some());
        match (raw, re) {
            (None, _) => ReVerdict::NoRe,
            _ if !has_result => ReVerdict::NoCount,
            (Some(_), None) => ReVerdict::NotACount,
            (Some(_), Some(_)) if counted && is_count(res) && !re_counts => ReVerdict::NotACount,
            (Some(_), Some(_)) => match (agr.re_agrees, agr.re_margin_diff) {
                (Some(true), None | Some(Half::ZERO)) => ReVerdict::Agrees,
                (Some(_), _) => ReVerdict::Disagrees,
                (None, _) => ReVerdict::NoCount,
            },
        }
    }

    /// The words of the text verdict after `RE ...`: `agrees`, `disagrees`, ...
    pub fn as_str(self) -> &'static str {
        match self {
            ReVerdict::Agrees => "agrees",
            ReVerdict::Disagrees => "disagrees",
            ReVerdict::NoRe => "no RE",
            ReVerdict::NotACount => "not a count",
            ReVerdict::NoCount => "no count to compare",
        }
    }
}

/// The dead stones a count removed, as the verdict gives them.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct DeadCountJson {
    /// Dead stones removed, both colours.
    pub counted: i64,
    /// Of them, proven dead by the referee.
    pub proven: i64,
    /// Of them, not proven: estimated, marked in the record, or GNU Go's (`source` says which).
    pub unproven: i64,
    /// Where they came from: `record`, `proven`, `estimate`, `gnugo` or `none`.
    pub source: String,
}

/// One rule set's verdict on a record: the facts of one line of the text report's opening.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct VerdictJson {
    /// The rule set's id.
    pub rules: String,
    /// Its result (`W+2.5`, `0`, `B+R`, `no_result`...).
    pub result: String,
    /// The komi counted with, before any handicap compensation or first-pass komi.
    pub komi: Half,
    /// Where `komi` came from: `record` (`KM`), `rules` (the rule set's own) or `flag` (`--komi`).
    pub komi_source: KomiSource,
    /// The komi in force: `komi` with the rule set's compensation (handicap, first pass).
    pub komi_in_force: Half,
    /// The dead stones counted; null when the game has no count.
    pub dead_stones: Option<DeadCountJson>,
    /// The record's `RE`, as written; null when absent.
    pub re: Option<String>,
    /// How the result stands against `RE`.
    pub re_verdict: ReVerdict,
}

/// Everything `jpd score` says about one file. The keys of its JSON form are stable.
#[derive(Clone, Debug, Serialize)]
pub struct FileReport {
    /// The file name as given.
    pub file: String,
    /// In a file holding several games (a collection): this game's place among them, from 1
    /// (null for a file of one game).
    pub game: Option<u32>,
    /// In a collection: how many games the file holds (null for a file of one game).
    pub games_in_file: Option<u32>,
    /// One verdict per rule set, in the order of `results`: its result, komi and where it came
    /// from, the dead stones counted, and how it stands against `RE`.
    pub verdict: Vec<VerdictJson>,
    /// Board size.
    pub size: u8,
    /// How the game ended: `pause`, `four_passes`, `resignation`, `time`, `forfeit` (the last
    /// two as `RE` says: `B+T`, `W+F`), `no_result`.
    pub end: String,
    /// The first passer.
    pub first_passer: Option<Color>,
    /// The last mover.
    pub last_mover: Option<Color>,
    /// Real moves per side, setup stones included.
    pub real_moves: Option<PerSide<i64>>,
    /// Virtual moves per side, balancing ones included.
    pub virtual_moves: Option<PerSide<i64>>,
    /// Prisoners per side (each side's stones captured).
    pub prisoners: Option<PerSide<i64>>,
    /// Dead stones per side.
    pub dead_stones: Option<PerSide<i64>>,
    /// Where the dead stones came from, and which were not proven.
    pub dead: DeadJson,
    /// What the referee proves of the paused position (null after any other end): whether the
    /// status of every string is proven, why not, and the dead stones it proves, so a user can
    /// compare them with the ones counted (the record's marks).
    pub referee: Option<RefereeJson>,
    /// The balancing reading.
    pub balancing: Balancing,
    /// Negative moves made by balancing.
    pub negative_moves: Vec<NegativeJson>,
    /// Departure from the Art. 14 table, if any.
    pub balancing_fallback: Option<String>,
    /// k, each side's moves after balancing.
    pub k: Option<i64>,
    /// q, shared points after balancing.
    pub shared_points: Option<u32>,
    /// Area of the paused position (B0, W0).
    pub area_paused: Option<SidePoints>,
    /// Area after balancing (B, W).
    pub area: Option<SidePoints>,
    /// The return number of Art. 20(2), `(N² + 6.5) / 2`: under jpd-tangsong Black wins iff its
    /// balanced area B exceeds it (183.75 on 19x19), counting one side only.
    pub return_number: f64,
    /// Territory of the equal-stones position (b, w).
    pub territory: Option<SidePoints>,
    /// Overflow: stones both sides hold off the board, s.
    pub overflow_s: Option<i64>,
    /// The fill-up check.
    pub fill_up: Option<FillUpJson>,
    /// The invariants T1-T17: a failure is a bug of the harness.
    pub invariants: Vec<TheoremJson>,
    /// The findings F1-F11: where the text's reading makes a difference (`holds: false`).
    pub findings: Vec<TheoremJson>,
    /// One result per rule set. In JSON, `black`, `white` and `margin` are null when the rule
    /// set has no count (a resignation, a loss on time, no result, an illegal move, a record that
    /// does not end), never 0.
    #[serde(serialize_with = "results_json")]
    pub results: Vec<RuleResult>,
    /// The dead stones counted (removed at the pause), as points (`C3`), in board order; null
    /// when the game has no count.
    pub dead_points: Option<Vec<String>>,
    /// The class of every point of the paused position, one string per board row from the top
    /// (row N) down, one character per point as the text report's map writes it: `X O` stones,
    /// `x o` dead stones, `b w` territory, `^ v` one-sided dame of Black and White, `=` shared
    /// liberty, `*` dame left, `-` other shared point. Null when the game has no count.
    pub classification: Option<Vec<String>>,
    /// For each rule set (in the order of `results`) the board points its method counts for
    /// Black (`X`) and for White (`O`), `.` for neither (a point shared half and half is `.`),
    /// one string per row as `classification`: stones and territory for the area methods,
    /// owned empty points only for the territory methods (less seki and ko points under
    /// Japanese counting), the board as it stands under Tromp-Taylor. What a method counts off
    /// the board (prisoners, fill-back, balancing, komi) is not drawn. Empty when the game has
    /// no count.
    pub counted_points: Vec<RuleGrid>,
    /// The record's own komi, result and rules, reported, not used.
    pub sgf_komi: Option<Half>,
    /// The record's `RE`.
    pub sgf_result: Option<String>,
    /// The record's `RE` read: `{winner, margin, how}` (`how`: `score`, `resignation`, `time`,
    /// `forfeit`, `unspecified`); null when absent or naming no result. In JSON `margin` is
    /// from Black's side, as every margin of the report (`results[].margin`,
    /// `re_margin_diff`): `W+2.5` is -2.5; null when `RE` gives no count.
    #[serde(serialize_with = "re_json")]
    pub sgf_result_parsed: Option<RecordedResult>,
    /// For each rule set, in the order of `results`, whether its result agrees with `RE`.
    pub re_agreement: Vec<ReAgreement>,
    /// The record's `RU`.
    pub sgf_rules: Option<String>,
    /// Notes on how the record was read.
    pub notes: Vec<String>,
    /// The text rendering, every part (`jpd score --verbose`; not part of the JSON).
    #[serde(skip)]
    pub text: String,
    /// The text rendering without the counts, invariants, findings and results table (`jpd
    /// score` without `--verbose`; not part of the JSON).
    #[serde(skip)]
    pub text_brief: String,
}

/// Whether a rule set's result is a count (`B+2.5`, `W+0.5`, `0`, Ing's `B+0`), not a
/// resignation, a loss on time or forfeit, or an unscored result (`no_result`, `illegal:ko`,
/// `not_ended`).
pub fn is_count(r: &RuleResult) -> bool {
    r.result == "0"
        || ((r.result.starts_with("B+") || r.result.starts_with("W+"))
            && r.result[2..].parse::<f64>().is_ok())
}

/// A rule set's result as JSON gives it: the counts null when there are none.
#[derive(Serialize)]
struct ResultJson<'a> {
    rules: &'a str,
    komi: Half,
    black: Option<Half>,
    white: Option<Half>,
    margin: Option<Half>,
    winner: Option<Color>,
    result: &'a str,
}

fn results_json<S: serde::Serializer>(results: &[RuleResult], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(results.iter().map(|r| {
        let counted = is_count(r);
        ResultJson {
            rules: r.rules.as_str(),
            komi: r.komi,
            black: counted.then_some(r.black),
            white: counted.then_some(r.white),
            margin: counted.then_some(r.margin),
            winner: r.winner,
            result: &r.result,
        }
    }))
}

/// The record's `RE` as JSON gives it: the margin from Black's side.
#[derive(Serialize)]
struct RecordedResultJson {
    winner: Option<Color>,
    margin: Option<Half>,
    how: crate::sgf::ResultHow,
}

fn re_json<S: serde::Serializer>(re: &Option<RecordedResult>, s: S) -> Result<S::Ok, S::Error> {
    re.map(|r| RecordedResultJson {
        winner: r.winner,
        margin: r.signed_margin(),
        how: r.how,
    })
    .serialize(s)
}

/// One input of `jpd score` as JSON gives it: its report, or `{"file": ..., "error": ...}`.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum ScoreEntry {
    /// The file was read and scored.
    Report(Box<FileReport>),
    /// The file could not be read or scored.
    Failed {
        /// The file name as given.
        file: String,
        /// In a collection: the failed game's place in the file, from 1 (absent otherwise).
        #[serde(skip_serializing_if = "Option::is_none")]
        game: Option<u32>,
        /// Why, as the error message says it.
        error: String,
    },
}

/// Writes reports as a JSON array (also for one file).
pub fn write_json<W: Write>(out: W, reports: &[FileReport]) -> std::io::Result<()> {
    let entries: Vec<ScoreEntry> = reports
        .iter()
        .map(|r| ScoreEntry::Report(Box::new(r.clone())))
        .collect();
    write_json_entries(out, &entries, false)
}

/// Writes entries as a JSON array, or with `lines` as JSON Lines (one compact object a line).
pub fn write_json_entries<W: Write>(
    mut out: W,
    entries: &[ScoreEntry],
    lines: bool,
) -> std::io::Result<()> {
    if lines {
        for e in entries {
            let text = serde_json::to_string(e).map_err(std::io::Error::other)?;
            writeln!(out, "{text}")?;
        }
        return Ok(());
    }
    let text = serde_json::to_string_pretty(entries).map_err(std::io::Error::other)?;
    writeln!(out, "{}", text)
}
