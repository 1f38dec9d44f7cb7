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
use crate::sgf::{parse_sgf, replay_with, ReplayOptions, Replayed, SgfError, SgfRecord};

/// Options of `jpd score`.
#[derive(Clone, Debug)]
pub struct ScoreOptions {
    /// The rule sets to score under.
    pub rules: Vec<RuleId>,
    /// The balancing reading.
    pub balancing: Balancing,
    /// Use the record's `KM` as every rule set's komi instead of the rule set's own.
    pub komi_from_sgf: bool,
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
            komi_from_sgf: false,
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
}

/// Reads one SGF record and scores it: parsed, replayed once per set of play rules among the
/// rule sets asked for, its dead stones chosen, counted and checked under every rule set, with
/// the notes on how it was read. What `jpd score` and `jpd check` report, before any formatting
/// (`report::score` builds the report from it).
pub fn score_record(bytes: &[u8], opts: &ScoreOptions) -> Result<ScoredRecord, ScoreError> {
    let rec = parse_sgf(bytes)?;
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
    let finished = Finished {
        game: rep.game,
        dead,
    };
    let mut analysis = analyse(&finished, opts.balancing, &opts.rules, opts.checks);
    analysis.results = results_asked_for(
        &finished,
        &analysis,
        rep.record.komi_half_points,
        opts,
        &unscored,
    );
    let mut notes = rep.record.notes.clone();
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
    notes.extend(setup_notes(&finished, &rep.record, opts));
    Ok(ScoredRecord {
        record: rep.record,
        finished,
        analysis,
        unscored,
        notes,
        dead: dead_json,
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

/// The results of the rule sets asked for, in their order: counted with the record's komi
/// (`km`, half-points) under `--komi-from-sgf`, or unscored as `unscored` says.
fn results_asked_for(
    finished: &Finished,
    analysis: &Analysis,
    km: Option<i32>,
    opts: &ScoreOptions,
    unscored: &[Option<String>],
) -> Vec<RuleResult> {
    let rescored: Vec<RuleResult>;
    let results = match (opts.komi_from_sgf, km, &analysis.count) {
        (true, Some(km), Ok(c)) => {
            let (_, all) = score_all(finished, c, opts.balancing, Some(Half(km as i64)));
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
            Some(u) => Some(RuleResult::unscored(id, u)),
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

/// Notes on the komi used (`--komi-from-sgf`), the setup stones and the handicap compensation
/// of each rule set.
fn setup_notes(finished: &Finished, rec: &SgfRecord, opts: &ScoreOptions) -> Vec<String> {
    let mut notes = Vec::new();
    if opts.komi_from_sgf {
        notes.push(match (rec.komi_half_points, &rec.komi_raw) {
            (Some(km), _) => format!(
                "--komi-from-sgf: every rule set uses the record's komi, {} points",
                Half(km as i64)
            ),
            (None, Some(raw)) => format!(
                "--komi-from-sgf: KM[{raw}] is not a usable komi, so each rule set uses its own"
            ),
            (None, None) => {
                "--komi-from-sgf: the record has no KM, so each rule set uses its own komi".into()
            }
        });
    }
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
}
