//! One SGF record read and scored: the library's path from the bytes of a record to its count,
//! results and checks under the rule sets asked for ([`score_record`]), with the options of
//! `jpd score` and `jpd check` ([`ScoreOptions`], [`DeadChoice`]). `report::score` formats what
//! it gives (text, JSON, CSV, the diagram); nothing here formats a report.

use serde::Serialize;

use crate::checks::{analyse, Analysis, CheckOptions, TheoremId, Verdict};
use crate::counting::Finished;
use crate::counting::{Balancing, Half};
use crate::engine::{Coord, End, Illegal, Phase, PlayRules, Point};
use crate::harness::estimate;
use crate::rules::{distinct_play_rules, play_rules, score_all};
use crate::rules::{RuleId, RuleResult};
use crate::sgf::{
    parse_sgf, parse_sgf_games, replay_with, ReplayOptions, Replayed, SgfError, SgfRecord,
};

/// Options of `jpd score`.
#[derive(Clone, Debug)]
pub struct ScoreOptions {
    /// The rule sets to score under.
    pub rules: Vec<RuleId>,
    /// The balancing reading.
    pub balancing: Balancing,
    /// The komi every rule set counts with (`--komi`): the record's `KM` by default.
    pub komi: KomiChoice,
    /// How much checking to do.
    pub checks: CheckOptions,
    /// Count a record that stops in play (no final passes, no result in `RE`) as paused after
    /// its last move (`--assume-pause`).
    pub assume_pause: bool,
    /// Read two moves of one colour in a row as an unrecorded virtual move of the other side
    /// between them (`--implied-passes`).
    pub implied_passes: bool,
    /// Where the dead stones of a paused position come from (`--dead`).
    pub dead: DeadChoice,
}

/// Where the dead stones of a paused position come from (`--dead`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum DeadChoice {
    /// The record's `TB`/`TW` marks when it has any, else [`DeadChoice::Estimate`].
    #[default]
    Default,
    /// The record's `TB`/`TW` marks (none marked: every stone alive).
    Record,
    /// The referee's proof only; what it cannot prove stays on the board.
    Proven,
    /// The referee's proof, then Monte-Carlo ownership for the rest
    /// ([`crate::harness::estimate`]).
    Estimate,
    /// GNU Go's `final_status_list dead`, GNU Go at this path.
    Gnugo(std::path::PathBuf),
}

impl std::str::FromStr for DeadChoice {
    type Err = String;
    /// `record`, `proven`, `estimate` or `gnugo` (GNU Go looked for with
    /// [`crate::oracle::find_gnugo`]; an error when it is not installed).
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "record" => Ok(DeadChoice::Record),
            "proven" => Ok(DeadChoice::Proven),
            "estimate" => Ok(DeadChoice::Estimate),
            "gnugo" => crate::oracle::find_gnugo().map(DeadChoice::Gnugo).ok_or_else(|| {
                format!(
                    "--dead gnugo: GNU Go was not found ({}); install it (apt-get install gnugo) or choose record, proven or estimate",
                    crate::oracle::GNUGO_SEARCH
                )
            }),
            _ => Err(format!(
                "unknown dead-stone source '{s}': expected record, proven, estimate or gnugo"
            )),
        }
    }
}

/// The komi every rule set counts with (`--komi`). Each rule set adds its own handicap
/// compensation and first-pass komi to it ([`crate::rules::Rules::handicap`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum KomiChoice {
    /// The record's `KM` for every rule set; a record without a usable `KM` falls back to each
    /// rule set's own komi, with a note (`--komi record`, the default).
    #[default]
    Record,
    /// Each rule set's own komi (`--komi rules`).
    Rules,
    /// This komi for every rule set (`--komi 6.5`).
    Fixed(Half),
}

/// Where the komi of a result came from, as the report names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum KomiSource {
    /// The record's `KM`.
    Record,
    /// The rule set's own komi (asked for, or the record has no usable `KM`).
    Rules,
    /// `--komi X`.
    Flag,
}

impl KomiSource {
    /// `record`, `rules` or `flag`.
    pub fn as_str(self) -> &'static str {
        match self {
            KomiSource::Record => "record",
            KomiSource::Rules => "rules",
            KomiSource::Flag => "flag",
        }
    }
}

/// The largest komi `--komi` takes, in points either way: beyond any board's area.
pub const MAX_KOMI_POINTS: i64 = 1000;

/// A `--komi` value that is not `record`, `rules` or a komi in half-points.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum KomiError {
    /// Not a number.
    #[error("'{0}' is not a komi: give record, rules or a komi in points (6.5, 7, 0, -3.5)")]
    NotANumber(String),
    /// A number that is not a whole or half point.
    #[error("komi {0} is not a whole or half point: komi counts in half points (6.5, 7, 0, -3.5)")]
    NotHalf(String),
    /// A number beyond [`MAX_KOMI_POINTS`].
    #[error("komi {0} is out of range: it must lie between -{MAX_KOMI_POINTS} and {MAX_KOMI_POINTS} points")]
    OutOfRange(String),
}

impl std::str::FromStr for KomiChoice {
    type Err = KomiError;
    /// `record`, `rules`, or points exact in halves (`6.5`, `7`, `0`, `-3.5`).
    fn from_str(s: &str) -> Result<Self, KomiError> {
        match s {
            "record" => return Ok(KomiChoice::Record),
            "rules" => return Ok(KomiChoice::Rules),
            _ => {}
        }
        let x: f64 = s
            .trim()
            .parse()
            .ok()
            .filter(|x: &f64| x.is_finite())
            .ok_or_else(|| KomiError::NotANumber(s.to_string()))?;
        if x.abs() > MAX_KOMI_POINTS as f64 {
            return Err(KomiError::OutOfRange(s.to_string()));
        }
        let halves = x * 2.0;
        if halves.fract() != 0.0 {
            return Err(KomiError::NotHalf(s.to_string()));
        }
        Ok(KomiChoice::Fixed(Half(halves as i64)))
    }
}

/// The komi a record was scored with: the base komi that replaced every rule set's own (`None`:
/// each rule set kept its own), where it came from, and why the record's `KM` was not used
/// when it was asked for and could not be.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KomiUsed {
    /// The komi given to every rule set; `None` when each kept its own.
    pub komi: Option<Half>,
    /// Where it came from.
    pub source: KomiSource,
    /// `--komi record` without a usable `KM`: why each rule set kept its own.
    pub fallback: Option<String>,
}

impl KomiUsed {
    /// What `choice` gives on the record `rec`.
    pub fn of(choice: KomiChoice, rec: &SgfRecord) -> KomiUsed {
        match (choice, rec.komi_half_points, &rec.komi_raw) {
            (KomiChoice::Record, Some(km), _) => KomiUsed {
                komi: Some(Half(km as i64)),
                source: KomiSource::Record,
                fallback: None,
            },
            (KomiChoice::Record, None, raw) => KomiUsed {
                komi: None,
                source: KomiSource::Rules,
                fallback: Some(match raw {
                    Some(raw) => format!(
                        "KM[{raw}] is not a usable komi, so each rule set uses its own komi"
                    ),
                    None => "the record has no KM, so each rule set uses its own komi".into(),
                }),
            },
            (KomiChoice::Rules, ..) => KomiUsed {
                komi: None,
                source: KomiSource::Rules,
                fallback: None,
            },
            (KomiChoice::Fixed(k), ..) => KomiUsed {
                komi: Some(k),
                source: KomiSource::Flag,
                fallback: None,
            },
        }
    }
}

/// Why a record could not be scored.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ScoreError {
    /// The record was refused.
    #[error(transparent)]
    Sgf(#[from] SgfError),
    /// `--dead gnugo`: GNU Go failed on this record.
    #[error("--dead gnugo: GNU Go could not judge the dead stones: {0}")]
    Gnugo(String),
}

impl Default for ScoreOptions {
    fn default() -> Self {
        ScoreOptions {
            rules: RuleId::ALL.to_vec(),
            balancing: Balancing::Art14,
            komi: KomiChoice::Record,
            checks: CheckOptions::default(),
            assume_pause: false,
            implied_passes: false,
            dead: DeadChoice::Default,
        }
    }
}

/// The dead stones counted and where they came from, as the report shows them.
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct DeadStonesOrigin {
    /// `record`, `proven`, `estimate`, `gnugo`, or `none` (the game was not paused: nothing is
    /// removed after four virtual moves, a resignation or no result).
    pub source: String,
    /// The stones counted dead that the referee did not prove (estimated by playouts, or
    /// GNU Go's or the record's beyond the proof), in the usual human form.
    pub estimated: Vec<String>,
    /// Stones whose status the referee did not prove that stay on the board as alive.
    pub unproven_alive: Vec<String>,
    /// Playouts of the estimate (0 when none was made).
    pub playouts: u32,
}

/// One record read and scored ([`score_record`]).
#[derive(Clone, Debug)]
pub struct ScoredRecord {
    /// The record as read.
    pub record: SgfRecord,
    /// The game counted (the first replay that can be counted) and its dead stones.
    pub finished: Finished,
    /// Its count, checks and results (one per rule set asked for, in their order).
    pub analysis: Analysis,
    /// Per rule set asked for, why it has no count (`illegal:superko`, `no_result`, ...), or
    /// `None` when it is counted.
    pub unscored: Vec<Option<String>>,
    /// Notes on how the record was read, replayed and counted.
    pub notes: Vec<String>,
    /// Where the dead stones came from.
    pub dead: DeadStonesOrigin,
    /// The komi the results were counted with, and where it came from.
    pub komi: KomiUsed,
}

/// Reads one SGF record and scores it: parsed, replayed once per set of play rules among the
/// rule sets asked for, its dead stones chosen, counted and checked under every rule set, with
/// the notes on how it was read. What `jpd score` and `jpd check` report, before any formatting
/// (`report::score` builds the report from it).
pub fn score_record(bytes: &[u8], opts: &ScoreOptions) -> Result<ScoredRecord, ScoreError> {
    score_parsed(parse_sgf(bytes)?, opts)
}

/// Every game of an SGF file (a collection holds several, `(;...)(;...)`) read and scored as
/// [`score_record`] scores one, in file order ([`crate::sgf::parse_sgf_games`]): one result
/// per game, so that a bad game does not hide the others. The outer error is for a file that
/// holds no game that can be read at all.
pub fn score_games(
    bytes: &[u8],
    opts: &ScoreOptions,
) -> Result<Vec<Result<ScoredRecord, ScoreError>>, ScoreError> {
    Ok(parse_sgf_games(bytes)?
        .into_iter()
        .map(|g| {
            g.map_err(ScoreError::from)
                .and_then(|rec| score_parsed(rec, opts))
        })
        .collect())
}

/// [`score_record`] of a record already read (or built: `jpd gtp` scores the position it holds
/// as the record of its moves): everything after parsing, the same path.
pub fn score_parsed(rec: SgfRecord, opts: &ScoreOptions) -> Result<ScoredRecord, ScoreError> {
    // One replay per distinct set of play rules among the rule sets asked for: the record may
    // be legal under one ko rule and not under another.
    let plays = distinct_play_rules(&opts.rules);
    let replay_opts = ReplayOptions {
        assume_pause: opts.assume_pause,
        implied_passes: opts.implied_passes,
    };
    let mut replays: Vec<Result<Replayed, SgfError>> = plays
        .iter()
        .map(|&p| replay_with(&rec, p, replay_opts))
        .collect();
    // The game the report describes: the first replay that can be counted, else the first that
    // ended with no result; when every replay refuses the record, the first refusal.
    let main = replays
        .iter()
        .position(|r| r.as_ref().is_ok_and(|r| !is_cycle(r)))
        .or_else(|| replays.iter().position(Result::is_ok));
    let Some(main) = main else {
        return Err(replays
            .swap_remove(0)
            .expect_err("no replay succeeded")
            .into());
    };
    let unscored = unscored_results(&opts.rules, &plays, &replays, main);
    let rep = replays
        .swap_remove(main)
        .expect("the main replay succeeded");
    let (dead, dead_json) = choose_dead(&rep, &opts.dead)?;
    let mark_warnings = if dead_json.source == "record" && rep.game.phase() == Phase::Paused {
        marks_against_proof(rep.game.board(), &dead)
    } else {
        Vec::new()
    };
    let finished = Finished {
        game: rep.game,
        dead,
    };
    let mut analysis = analyse(&finished, opts.balancing, &opts.rules, opts.checks);
    let komi = KomiUsed::of(opts.komi, &rep.record);
    analysis.results = results_asked_for(&finished, &analysis, komi.komi, opts, &unscored);
    let mut notes = rep.record.notes.clone();
    notes.extend(mark_warnings);
    excuse_input_dead_stones(&mut analysis, &dead_json.source, &mut notes);
    if unscored.iter().any(Option::is_some) {
        let ko: Vec<String> = plays
            .iter()
            .zip(&replays_summary(&plays, &unscored, &opts.rules))
            .map(|(p, what)| format!("{:?} with suicide {:?}: {}", p.ko, p.suicide, what))
            .collect();
        notes.push(format!(
            "the record was replayed under each ko rule asked for: {}",
            ko.join("; ")
        ));
    }
    notes.extend(komi.fallback.iter().map(|f| format!("komi: {f}")));
    notes.extend(setup_notes(&finished, &rep.record, opts));
    Ok(ScoredRecord {
        record: rep.record,
        finished,
        analysis,
        unscored,
        notes,
        dead: dead_json,
        komi,
    })
}

/// Whether a replay ended in a cycle with no result.
fn is_cycle(r: &Replayed) -> bool {
    r.game.phase() == Phase::Ended(End::NoResultCycle)
}

/// What each rule set of `rules` gets when its own replay is not the counted game (replay
/// `main`): its replay's refusal, or `no_result` after a cycle; `None` when it is counted.
fn unscored_results(
    rules: &[RuleId],
    plays: &[PlayRules],
    replays: &[Result<Replayed, SgfError>],
    main: usize,
) -> Vec<Option<String>> {
    rules
        .iter()
        .map(|&id| {
            let k = plays
                .iter()
                .position(|&p| p == play_rules(id))
                .expect("listed");
            match &replays[k] {
                Err(e) => Some(refusal(e)),
                Ok(r) if is_cycle(r) => Some("no_result".to_string()),
                Ok(r) => {
                    let m = replays[main].as_ref().expect("the main replay succeeded");
                    // Replays that accept every move and do not end in a cycle play the same
                    // game, whatever their ko rule.
                    debug_assert_eq!(r.game.records().len(), m.game.records().len());
                    None
                }
            }
        })
        .collect()
}

/// The results of the rule sets asked for, in their order: counted with `komi` in place of
/// every rule set's own when given, or unscored as `unscored` says (an unscored result shows
/// the komi it would have had).
fn results_asked_for(
    finished: &Finished,
    analysis: &Analysis,
    komi: Option<Half>,
    opts: &ScoreOptions,
    unscored: &[Option<String>],
) -> Vec<RuleResult> {
    let rescored: Vec<RuleResult>;
    let results = match (komi, &analysis.count) {
        (Some(km), Ok(c)) => {
            let (_, all) = score_all(finished, c, opts.balancing, Some(km));
            rescored = opts
                .rules
                .iter()
                .map(|&id| all[RuleId::ALL.iter().position(|&x| x == id).expect("listed")].clone())
                .collect();
            &rescored
        }
        _ => &analysis.results,
    };
    opts.rules
        .iter()
        .zip(unscored)
        .filter_map(|(&id, u)| match u {
            Some(u) => {
                let mut r = RuleResult::unscored(id, u);
                if let Some(k) = komi {
                    (r.komi, r.base_komi) = (k, k);
                }
                Some(r)
            }
            None => results.iter().find(|r| r.rules == id.as_str()).cloned(),
        })
        .collect()
}

/// Dead stones given from outside (`source`: the record's marks, GNU Go's list) that
/// contradict Benson's analysis are a fault of the input, not of the harness: T10, an
/// invariant, does not judge them, and a note says what is wrong.
fn excuse_input_dead_stones(analysis: &mut Analysis, source: &str, notes: &mut Vec<String>) {
    if !matches!(source, "record" | "gnugo") {
        return;
    }
    if let Some(t) = analysis
        .theorems
        .iter_mut()
        .find(|t| t.id == TheoremId::T10 && t.verdict == Verdict::Fails)
    {
        t.verdict = Verdict::NotApplicable;
        t.detail = format!(
            "the dead stones are the {}'s, not the harness's, and contradict Benson's analysis: {}",
            source, t.detail
        );
        notes.push(format!("dead stones: {}", t.detail));
    }
}

/// Notes on the setup stones and the handicap compensation of each rule set.
fn setup_notes(finished: &Finished, rec: &SgfRecord, opts: &ScoreOptions) -> Vec<String> {
    let mut notes = Vec::new();
    if !rec.setup.is_empty() {
        notes.push(format!(
            "{} setup stones (AB/AW) are counted as moves of their colour made before the first recorded move",
            rec.setup.len()
        ));
    }
    let h = crate::rules::sheet::handicap_stones(&finished.game);
    if h >= 2 {
        let per: Vec<String> = opts
            .rules
            .iter()
            .map(|&id| {
                let comp = crate::rules::Rules::preset(id).handicap;
                match comp.points(h) {
                    0 => format!("{id} none"),
                    n => format!("{id} +{n} to White ({})", comp.describe()),
                }
            })
            .collect();
        notes.push(format!(
            "handicap game of {h} stones: each rule set's handicap compensation, included in its komi: {}",
            per.join(", ")
        ));
    }
    notes
}

/// Where the record's dead-stone marks (`marked`) and the referee's proof part: a marked stone
/// the referee proves alive or in seki, and a stone proven dead that the marks leave on the
/// board. Each is a warning naming the stones; the count still obeys the marks.
fn marks_against_proof(b: &crate::engine::Board, marked: &[Coord]) -> Vec<String> {
    use crate::settlement::referee::{judge_deep, Status};
    let j = judge_deep(b);
    let (mut proven_living, mut unmarked_dead) = (Vec::new(), Vec::new());
    for p in b.points().filter(|&p| b.stone(p).is_some()) {
        let is_marked = marked.contains(&b.coord(p));
        match j.status(p) {
            Status::Alive | Status::Seki if is_marked => proven_living.push(p),
            Status::Dead if !is_marked => unmarked_dead.push(p),
            _ => {}
        }
    }
    let human = |v: &[Point]| -> String {
        v.iter()
            .map(|&p| b.coord(p).to_human(b.size()))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut out = Vec::new();
    if !proven_living.is_empty() {
        out.push(format!(
            "warning: the record marks dead {} stone(s) the referee proves alive or in seki: {}; counted dead as marked",
            proven_living.len(),
            human(&proven_living)
        ));
    }
    if !unmarked_dead.is_empty() {
        out.push(format!(
            "warning: the record leaves unmarked {} stone(s) the referee proves dead: {}; counted alive as marked",
            unmarked_dead.len(),
            human(&unmarked_dead)
        ));
    }
    out
}

/// The dead stones of the replayed record from the source asked for. Only a paused game has
/// any: after four virtual moves every stone is alive, and a resigned game is not counted.
fn choose_dead(
    rep: &Replayed,
    choice: &DeadChoice,
) -> Result<(Vec<Coord>, DeadStonesOrigin), ScoreError> {
    let g = &rep.game;
    let b = g.board();
    if g.phase() != Phase::Paused {
        return Ok((
            rep.dead.clone(),
            DeadStonesOrigin {
                source: if rep.dead.is_empty() {
                    "none"
                } else {
                    "record"
                }
                .into(),
                ..DeadStonesOrigin::default()
            },
        ));
    }
    let marked = !rep.record.territory.black.is_empty() || !rep.record.territory.white.is_empty();
    let human =
        |v: &[Point]| -> Vec<String> { v.iter().map(|&p| b.coord(p).to_human(b.size())).collect() };
    let beyond_proof = |dead: &[Coord]| -> (Vec<String>, Vec<String>) {
        let p = estimate::proven(b);
        let proven: Vec<Coord> = p.dead.iter().map(|&q| b.coord(q)).collect();
        let mut est: Vec<Point> = dead
            .iter()
            .filter(|c| !proven.contains(c))
            .filter_map(|&c| b.checked_point(c))
            .collect();
        est.sort();
        let alive: Vec<Point> = p
            .unproven_alive
            .iter()
            .copied()
            .filter(|&q| !dead.contains(&b.coord(q)))
            .collect();
        (human(&est), human(&alive))
    };
    let from_estimate = |e: estimate::DeadStones, source: &str| {
        let dead: Vec<Coord> = e.dead.iter().map(|&p| b.coord(p)).collect();
        let j = DeadStonesOrigin {
            source: source.into(),
            estimated: human(&e.estimated_dead),
            unproven_alive: human(&e.unproven_alive),
            playouts: e.playouts,
        };
        (dead, j)
    };
    // The record's own marks, with what the proof does not back.
    let from_marks = || {
        let (estimated, unproven_alive) = beyond_proof(&rep.dead);
        (
            rep.dead.clone(),
            DeadStonesOrigin {
                source: "record".into(),
                estimated,
                unproven_alive,
                playouts: 0,
            },
        )
    };
    Ok(match choice {
        DeadChoice::Record => from_marks(),
        DeadChoice::Default if marked => from_marks(),
        DeadChoice::Proven => from_estimate(estimate::proven(b), "proven"),
        DeadChoice::Default | DeadChoice::Estimate => from_estimate(
            estimate::estimate(b, g.to_move(), estimate::PLAYOUTS),
            "estimate",
        ),
        DeadChoice::Gnugo(path) => {
            let cfg = crate::oracle::GnuGoConfig::new(path.clone());
            let mut e = cfg
                .spawn(crate::oracle::OracleRules::Chinese)
                .map_err(|e| ScoreError::Gnugo(e.to_string()))?;
            let j = crate::oracle::judge(&mut e, g, crate::oracle::OracleRules::Chinese);
            e.quit();
            let mut dead = j.map_err(|e| ScoreError::Gnugo(e.to_string()))?.dead;
            dead.sort();
            let (estimated, unproven_alive) = beyond_proof(&dead);
            (
                dead,
                DeadStonesOrigin {
                    source: "gnugo".into(),
                    estimated,
                    unproven_alive,
                    playouts: 0,
                },
            )
        }
    })
}

/// How a refused replay is reported in a rule set's result column: `illegal:superko`,
/// `illegal:ko`, `illegal:suicide`, `not_ended` (the record stops while the game is still
/// being played), `after_end` (moves follow the end), or `refused` for anything else.
fn refusal(e: &SgfError) -> String {
    match e {
        SgfError::IllegalMove { reason, .. } => format!(
            "illegal:{}",
            match reason {
                Illegal::Superko => "superko",
                Illegal::Ko => "ko",
                Illegal::SingleStoneSuicide | Illegal::MultiStoneSuicide => "suicide",
                Illegal::Occupied => "occupied",
                Illegal::OffBoard => "off_board",
                Illegal::WrongPhase => "wrong_phase",
            }
        ),
        SgfError::NotEnded { .. } => "not_ended".into(),
        SgfError::AfterEnd { .. } => "after_end".into(),
        _ => "refused".into(),
    }
}

/// For each replay, what its rule sets got: `counted` or the first unscored result.
fn replays_summary(
    plays: &[PlayRules],
    unscored: &[Option<String>],
    rules: &[RuleId],
) -> Vec<String> {
    plays
        .iter()
        .map(|&p| {
            rules
                .iter()
                .zip(unscored)
                .find(|(&id, _)| play_rules(id) == p)
                .and_then(|(_, u)| u.clone())
                .unwrap_or_else(|| "counted".into())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Marks that part from the proof: the README's 6x6 walls (Black's wall B-C lives on the
    /// straight eye space of column A, White's D-E on column F), with a White stone played at
    /// A4 inside Black's eye space and the final node marking Black's B5 dead (`TW[bb]`).
    /// B5 belongs to Black's living wall and White A4 is captured whatever it does (Black
    /// keeps A5-A6 and A2-A3 as two eyes), so both marks are warned about, naming the stones,
    /// and the count still obeys the record: B5 is counted dead, A4 alive.
    #[test]
    fn marks_that_contradict_the_proof_are_warned_about() {
        let walls = "B[ba];W[da];B[bb];W[db];B[bc];W[dc];B[bd];W[dd];B[be];W[de];B[bf];W[df];\
                     B[ca];W[ea];B[cb];W[eb];B[cc];W[ec];B[cd];W[ed];B[ce];W[ee];B[cf];W[ef]";
        let sgf = format!("(;GM[1]SZ[6]KM[6.5];{walls};B[af];W[ac];B[];W[]TW[bb])");
        let opts = ScoreOptions {
            rules: vec![RuleId::Chinese],
            ..ScoreOptions::default()
        };
        let s = score_record(sgf.as_bytes(), &opts).unwrap();
        assert_eq!(s.dead.source, "record");
        let warnings: Vec<&String> = s
            .notes
            .iter()
            .filter(|n| n.starts_with("warning:"))
            .collect();
        assert_eq!(warnings.len(), 2, "{:?}", s.notes);
        assert!(
            warnings[0].contains("proves alive or in seki: B5;"),
            "{}",
            warnings[0]
        );
        assert!(warnings[1].contains("proves dead: A4;"), "{}", warnings[1]);
        // Counted as marked: Black has 13 stones less B5, 12; White 12 stones, A4 (counted
        // alive) and the F column, 6 empty points, 19. A6 A5 and B5 (emptied) touch both
        // Black and White's A4, A3 A2 too: dame. 12 - 19 - 6.5 (KM) = W+13.5 under Chinese
        // area counting.
        assert_eq!(s.finished.dead.len(), 1);
        assert_eq!(s.analysis.results[0].result, "W+13.5");
    }

    /// A 5x5 record scored by the library alone: two walls side by side, Black's area columns
    /// A-C (15 points), White's D-E (10): 15 - 10 - 7.5 = -2.5, W+2.5 under Chinese counting;
    /// the record's RE read, one result per rule set asked for, no dead stones.
    #[test]
    fn a_record_is_scored_without_the_report() {
        let walls = "B[ca];W[da];B[cb];W[db];B[cc];W[dc];B[cd];W[dd];B[ce];W[de]";
        let sgf = format!("(;GM[1]SZ[5]RE[W+2.5];{walls};B[];W[])");
        let opts = ScoreOptions {
            rules: vec![RuleId::Chinese, RuleId::JpdTangsong],
            ..ScoreOptions::default()
        };
        let s = score_record(sgf.as_bytes(), &opts).unwrap();
        assert_eq!(s.analysis.results.len(), 2);
        assert_eq!(s.analysis.results[0].rules, "chinese");
        assert_eq!(s.analysis.results[0].result, "W+2.5");
        assert_eq!(s.unscored, [None, None]);
        // Paused, unmarked: the dead stones are estimated (there are none).
        assert_eq!(s.dead.source, "estimate");
        assert!(s.finished.dead.is_empty());
        assert_eq!(
            s.record.result_parsed.unwrap().signed_margin(),
            Some(Half(-5))
        );
    }
    /// A 7x7 record with `KM[5.5] RE[W+2.5]`, both walls bent two rows to the left at the
    /// bottom: Black D7-D3 and C2 C1, White E7-E3 and D2 D1, no capture, passes at the end.
    /// Hand count (J89 Art. 10: territory and prisoners): Black's territory A1-A7, B1-B7 and
    /// C3-C7 = 19, White's F1-F7, G1-G7, E1 and E2 = 16, no prisoner, no dame; 19 - 16 = 3.
    const KM55: &str = "(;GM[1]FF[4]SZ[7]KM[5.5]RE[W+2.5];B[da];W[ea];B[db];W[eb];B[dc];W[ec];\
        B[dd];W[ed];B[de];W[ee];B[cf];W[df];B[cg];W[dg];B[];W[])";

    fn japanese_with(sgf: &str, komi: KomiChoice) -> ScoredRecord {
        let opts = ScoreOptions {
            rules: vec![RuleId::Japanese],
            komi,
            ..ScoreOptions::default()
        };
        score_record(sgf.as_bytes(), &opts).unwrap()
    }

    /// The record's komi by default: 3 - 5.5 = W+2.5, as its RE says; each rule set's own
    /// (`--komi rules`, japanese 6.5): W+3.5; a komi given (`--komi 7`): W+4.
    #[test]
    fn the_records_komi_by_default() {
        let s = japanese_with(KM55, KomiChoice::default());
        let r = &s.analysis.results[0];
        assert_eq!((r.result.as_str(), r.komi), ("W+2.5", Half(11)));
        assert_eq!(s.komi.source, KomiSource::Record);
        assert!(s.finished.dead.is_empty());
        let s = japanese_with(KM55, KomiChoice::Rules);
        let r = &s.analysis.results[0];
        assert_eq!((r.result.as_str(), r.komi), ("W+3.5", Half(13)));
        assert_eq!(
            (s.komi.source, s.komi.fallback.as_ref()),
            (KomiSource::Rules, None)
        );
        let s = japanese_with(KM55, KomiChoice::Fixed(Half(14)));
        let r = &s.analysis.results[0];
        assert_eq!((r.result.as_str(), r.komi), ("W+4", Half(14)));
        assert_eq!(s.komi.source, KomiSource::Flag);
    }

    /// A record without `KM` falls back to each rule set's own komi (japanese 6.5: W+3.5), and
    /// a note says so; so does one whose `KM` is no komi.
    #[test]
    fn a_record_without_km_keeps_each_rule_sets_komi() {
        for (km, why) in [
            ("", "has no KM"),
            ("KM[6.4]", "KM[6.4] is not a usable komi"),
        ] {
            let sgf = KM55.replace("KM[5.5]", km);
            let s = japanese_with(&sgf, KomiChoice::Record);
            assert_eq!(s.analysis.results[0].result, "W+3.5");
            assert_eq!(s.komi.source, KomiSource::Rules);
            assert!(s.komi.fallback.as_ref().unwrap().contains(why));
            assert!(
                s.notes
                    .iter()
                    .any(|n| n.starts_with("komi: ") && n.contains(why)),
                "{:?}",
                s.notes
            );
        }
    }

    /// `--komi`: record, rules, or points exact in halves; anything else is a typed error.
    #[test]
    fn komi_choices_parse_in_half_points() {
        let p = |s: &str| s.parse::<KomiChoice>();
        assert_eq!(p("record"), Ok(KomiChoice::Record));
        assert_eq!(p("rules"), Ok(KomiChoice::Rules));
        assert_eq!(p("6.5"), Ok(KomiChoice::Fixed(Half(13))));
        assert_eq!(p("7"), Ok(KomiChoice::Fixed(Half(14))));
        assert_eq!(p("0"), Ok(KomiChoice::Fixed(Half(0))));
        assert_eq!(p("-3.5"), Ok(KomiChoice::Fixed(Half(-7))));
        assert_eq!(p("6.4"), Err(KomiError::NotHalf("6.4".into())));
        assert_eq!(p("6.25"), Err(KomiError::NotHalf("6.25".into())));
        assert_eq!(p("six"), Err(KomiError::NotANumber("six".into())));
        assert_eq!(p("NaN"), Err(KomiError::NotANumber("NaN".into())));
        assert_eq!(p("1e9"), Err(KomiError::OutOfRange("1e9".into())));
    }
}
