//! `jpd score`: one finished SGF record in, every count, theorem and result out, as text, JSON
//! or CSV.

use std::fmt::Write as _;
use std::io::Write;

use serde::Serialize;

use crate::checks::{
    analyse, play_rules, score_all, Analysis, CheckOptions, FindingResult, Finished, TheoremResult,
    Verdict,
};
use crate::counting::{Balancing, Half, Stability};
use crate::engine::{Board, Color, Coord, End, Illegal, PerSide, Phase, PlayRules, Point};
use crate::harness::estimate;
use crate::report::svg::Diagram;
use crate::rules::{RuleId, RuleResult};
use crate::settlement::{PointClass, SharedKind};
use crate::sgf::{
    parse_sgf, replay_with, RecordedResult, ReplayOptions, Replayed, ResultHow, SgfError, SgfRecord,
};

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

/// The dead stones counted and where they came from, as the report shows them.
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct DeadJson {
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
    /// `T1` to `T17`, or `F1` to `F6`.
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
    /// The dead stones it proves, in the usual human form (`C7`).
    pub proven_dead: Vec<String>,
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
            rules: r.rules.clone(),
            re_agrees,
            re_margin_diff,
        }
    }
}

/// The points one rule set counts, as [`FileReport::counted_points`] lists them.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct RuleGrid {
    /// The rule set's id.
    pub rules: String,
    /// One string per board row from the top: `X` Black's, `O` White's, `.` neither's.
    pub points: Vec<String>,
}

/// The rows of `board` from the top (row N) down, one character per point.
fn grid(board: &Board, mut f: impl FnMut(Point) -> char) -> Vec<String> {
    (0..board.size())
        .map(|y| {
            (0..board.size())
                .map(|x| f(board.point(crate::engine::Coord::new(x, y))))
                .collect()
        })
        .collect()
}

/// The board points rule set `id`'s method counts for each side (see
/// [`FileReport::counted_points`]); `as_is` is the final position, dead stones on it.
fn counted_grid(id: RuleId, st: &crate::settlement::Settlement, as_is: &Board) -> Vec<String> {
    use crate::rules::{japanese_unscored, region_colours, Method};
    let mark = |c: Option<Color>| match c {
        Some(Color::Black) => 'X',
        Some(Color::White) => 'O',
        None => '.',
    };
    let board = st.board();
    match id.rules().method {
        Method::TrompTaylor => {
            let regions = region_colours(as_is);
            grid(as_is, |p| mark(as_is.stone(p).or(regions[p.idx()])))
        }
        Method::AgaArea | Method::RegionArea => {
            let regions = region_colours(board);
            grid(board, |p| match st.class(p) {
                PointClass::Stone(c) => mark(Some(c)),
                _ => mark(regions[p.idx()]),
            })
        }
        Method::AgaTerritory => {
            let regions = region_colours(board);
            grid(board, |p| mark(regions[p.idx()]))
        }
        Method::JapaneseTerritory(reading) => {
            let regions = region_colours(board);
            let unscored = japanese_unscored(st, reading);
            grid(board, |p| {
                mark(regions[p.idx()].filter(|_| unscored[p.idx()].is_none()))
            })
        }
        Method::EqualStonesTerritory | Method::Roads => grid(board, |p| match st.class(p) {
            PointClass::Territory(c, _) | PointClass::OneSidedDame(c) => mark(Some(c)),
            _ => '.',
        }),
        Method::PlainArea | Method::BalancedArea | Method::IngBowls => {
            grid(board, |p| mark(st.class(p).owner()))
        }
    }
}

/// Everything `jpd score` says about one file. The keys of its JSON form are stable.
#[derive(Clone, Debug, Serialize)]
pub struct FileReport {
    /// The file name as given.
    pub file: String,
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
    /// The findings F1-F6: where the text's reading makes a difference (`holds: false`).
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
    /// `forfeit`, `unspecified`); null when absent or naming no result.
    pub sgf_result_parsed: Option<RecordedResult>,
    /// For each rule set, in the order of `results`, whether its result agrees with `RE`.
    pub re_agreement: Vec<ReAgreement>,
    /// The record's `RU`.
    pub sgf_rules: Option<String>,
    /// Notes on how the record was read.
    pub notes: Vec<String>,
    /// The text rendering (not part of the JSON).
    #[serde(skip)]
    pub text: String,
}

/// Reads, replays, counts and checks one SGF record.
pub fn score_bytes(
    file: &str,
    bytes: &[u8],
    opts: &ScoreOptions,
) -> Result<FileReport, ScoreError> {
    score_bytes_with_diagram(file, bytes, opts).map(|(r, _)| r)
}

/// [`score_bytes`], and the diagram of the settled position (`jpd score --svg`): titled with
/// the file name, the results one per line under it. `None` when the game has no count (a
/// resignation, no result).
pub fn score_bytes_with_diagram(
    file: &str,
    bytes: &[u8],
    opts: &ScoreOptions,
) -> Result<(FileReport, Option<Diagram>), ScoreError> {
    let rec = parse_sgf(bytes)?;
    // One replay per distinct set of play rules among the rule sets asked for (in the order
    // first asked for): the record may be legal under one ko rule and not under another.
    let mut plays: Vec<PlayRules> = Vec::new();
    for &id in &opts.rules {
        let p = play_rules(id);
        if !plays.contains(&p) {
            plays.push(p);
        }
    }
    if plays.is_empty() {
        plays.push(play_rules(RuleId::JpdTangsong));
    }
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
    let is_cycle = |r: &Replayed| r.game.phase() == Phase::Ended(End::NoResultCycle);
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
    // What each rule set asked for gets when its own replay is not the counted game.
    let unscored: Vec<Option<String>> = opts
        .rules
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
        .collect();
    let rep = replays
        .swap_remove(main)
        .expect("the main replay succeeded");
    let (dead, dead_json) = choose_dead(&rep, &opts.dead)?;
    let finished = Finished {
        game: rep.game,
        dead,
    };
    let mut analysis = analyse(&finished, opts.balancing, &opts.rules, opts.checks);
    if opts.komi_from_sgf {
        if let (Some(km), Ok(c)) = (rep.record.komi_half_points, &analysis.count) {
            let (_, all) = score_all(&finished, c, opts.balancing, Some(Half(km as i64)));
            analysis.results = opts
                .rules
                .iter()
                .map(|&id| all[RuleId::ALL.iter().position(|&x| x == id).expect("listed")].clone())
                .collect();
        }
    }
    analysis.results = opts
        .rules
        .iter()
        .zip(&unscored)
        .filter_map(|(&id, u)| match u {
            Some(u) => Some(RuleResult::unscored(id, u)),
            None => analysis
                .results
                .iter()
                .find(|r| r.rules == id.as_str())
                .cloned(),
        })
        .collect();
    let mut notes = rep.record.notes.clone();
    // Dead stones given from outside (the record's marks, GNU Go's list) that contradict
    // Benson's analysis are a fault of the input, not of the harness: T10, an invariant, does
    // not judge them, and a note says what is wrong.
    if matches!(dead_json.source.as_str(), "record" | "gnugo") {
        if let Some(t) = analysis
            .theorems
            .iter_mut()
            .find(|t| t.id == "T10" && t.verdict == Verdict::Fails)
        {
            t.verdict = Verdict::NotApplicable;
            t.detail = format!(
                "the dead stones are the {}'s, not the harness's, and contradict Benson's analysis: {}",
                dead_json.source, t.detail
            );
            notes.push(format!("dead stones: {}", t.detail));
        }
    }
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
    if opts.komi_from_sgf {
        notes.push(match (rep.record.komi_half_points, &rep.record.komi_raw) {
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
    if !rep.record.setup.is_empty() {
        notes.push(format!(
            "{} setup stones (AB/AW) are counted as moves of their colour made before the first recorded move",
            rep.record.setup.len()
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
    let diagram = analysis.count.as_ref().ok().map(|c| {
        let lines: Vec<String> = analysis
            .results
            .iter()
            .map(|r| {
                format!(
                    "{}: {} (black {}, white {}, komi {})",
                    r.rules, r.result, r.black, r.white, r.komi
                )
            })
            .collect();
        let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
        Diagram::from_count(finished.game.board(), c)
            .with_title(file)
            .with_caption(&lines)
    });
    let report = build(
        file,
        &finished,
        &rep.record,
        analysis,
        opts,
        &unscored,
        notes,
        dead_json,
    );
    Ok((report, diagram))
}

/// The dead stones of the replayed record from the source asked for. Only a paused game has
/// any: after four virtual moves every stone is alive, and a resigned game is not counted.
fn choose_dead(rep: &Replayed, choice: &DeadChoice) -> Result<(Vec<Coord>, DeadJson), ScoreError> {
    let g = &rep.game;
    let b = g.board();
    if g.phase() != Phase::Paused {
        return Ok((
            rep.dead.clone(),
            DeadJson {
                source: if rep.dead.is_empty() {
                    "none"
                } else {
                    "record"
                }
                .into(),
                ..DeadJson::default()
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
        let j = DeadJson {
            source: source.into(),
            estimated: human(&e.estimated_dead),
            unproven_alive: human(&e.unproven_alive),
            playouts: e.playouts,
        };
        (dead, j)
    };
    Ok(match choice {
        DeadChoice::Record => {
            let (estimated, unproven_alive) = beyond_proof(&rep.dead);
            (
                rep.dead.clone(),
                DeadJson {
                    source: "record".into(),
                    estimated,
                    unproven_alive,
                    playouts: 0,
                },
            )
        }
        DeadChoice::Default if marked => {
            let (estimated, unproven_alive) = beyond_proof(&rep.dead);
            (
                rep.dead.clone(),
                DeadJson {
                    source: "record".into(),
                    estimated,
                    unproven_alive,
                    playouts: 0,
                },
            )
        }
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
                DeadJson {
                    source: "gnugo".into(),
                    estimated,
                    unproven_alive,
                    playouts: 0,
                },
            )
        }
    })
}

/// The line saying where the dead stones came from; `None` when the game was not paused.
fn dead_line(r: &FileReport) -> Option<String> {
    let d = &r.dead;
    let list = |v: &[String]| {
        if v.is_empty() {
            "none".to_string()
        } else {
            v.join(" ")
        }
    };
    let line = match d.source.as_str() {
        "none" => return None,
        "record" => format!(
            "dead stones: from the record's marks (TB/TW, or AE at the end); of them not proven by the referee: {}",
            list(&d.estimated)
        ),
        "proven" => format!(
            "dead stones: the referee's proof only; unproven stones left on the board as alive: {}",
            list(&d.unproven_alive)
        ),
        "estimate" => format!(
            "dead stones: the referee's proof, then {} random playouts for the strings it cannot prove; estimated dead: {}; estimated alive: {}",
            d.playouts,
            list(&d.estimated),
            list(&d.unproven_alive)
        ),
        _ => format!(
            "dead stones: GNU Go's final_status_list dead; of them not proven by the referee: {}",
            list(&d.estimated)
        ),
    };
    Some(line)
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

#[allow(clippy::too_many_arguments)]
fn build(
    file: &str,
    f: &Finished,
    rec: &SgfRecord,
    a: Analysis,
    opts: &ScoreOptions,
    unscored: &[Option<String>],
    notes: Vec<String>,
    dead: DeadJson,
) -> FileReport {
    let g = &f.game;
    let end = match g.phase() {
        Phase::Paused => "pause",
        Phase::Ended(End::FourPasses) => "four_passes",
        Phase::Ended(End::Resignation(_)) => match rec.result_parsed.map(|re| re.how) {
            Some(ResultHow::Time) => "time",
            Some(ResultHow::Forfeit) => "forfeit",
            _ => "resignation",
        },
        Phase::Ended(End::NoResultCycle) => "no_result",
        Phase::Playing => "playing",
    }
    .to_string();
    let mut results = a.results.clone();
    if let Phase::Ended(End::Resignation(loser)) = g.phase() {
        results = opts
            .rules
            .iter()
            .zip(unscored)
            .map(|(&id, u)| {
                if let Some(u) = u {
                    return RuleResult::unscored(id, u);
                }
                let mut r = RuleResult::resigned(id, loser);
                if let (true, Some(km)) = (opts.komi_from_sgf, rec.komi_half_points) {
                    r.komi = Half(km as i64);
                }
                // A loss on time or by forfeit takes the resignation's path, under its own name.
                match rec.result_parsed.map(|re| re.how) {
                    Some(ResultHow::Time) => r.result = format!("{}+T", loser.opp().letter()),
                    Some(ResultHow::Forfeit) => r.result = format!("{}+F", loser.opp().letter()),
                    _ => {}
                }
                r
            })
            .collect();
    }
    let c = a.count.as_ref().ok();
    let referee = (g.phase() == Phase::Paused).then(|| {
        let b = g.board();
        let j = crate::settlement::referee::judge(b);
        RefereeJson {
            settled: j.is_settled(),
            unsettled_reason: j.unsettled().map(|u| u.as_str().to_string()),
            proven_dead: j
                .dead()
                .iter()
                .map(|&p| b.coord(p).to_human(b.size()))
                .collect(),
        }
    });
    let mut r = FileReport {
        file: file.to_string(),
        size: g.board().size(),
        end,
        first_passer: g.first_passer(),
        last_mover: g.last_mover(),
        real_moves: c.map(|c| c.real),
        virtual_moves: c.map(|c| c.virtual_moves),
        prisoners: c.map(|c| c.captured),
        dead_stones: c.map(|c| c.dead),
        dead,
        referee,
        balancing: opts.balancing,
        negative_moves: c
            .map(|c| {
                c.negatives
                    .iter()
                    .map(|(p, k)| NegativeJson {
                        kind: format!("{:?}", k),
                        point: p.to_human(c.size),
                    })
                    .collect()
            })
            .unwrap_or_default(),
        balancing_fallback: c.and_then(|c| c.plan.fallback.map(|f| f.name().to_string())),
        k: c.map(|c| c.k()),
        shared_points: c.map(|c| c.shared),
        area_paused: c.map(|c| c.area_paused.into()),
        area: c.map(|c| c.area.into()),
        return_number: (g.board().area() as f64 + 6.5) / 2.0,
        territory: c.map(|c| c.territory.into()),
        overflow_s: c.map(|c| c.s),
        fill_up: a.fill_up.as_ref().map(|f| FillUpJson {
            black: f.count.black,
            white: f.count.white,
            stable: f.stable,
            stability: f.stability,
        }),
        invariants: a.theorems.iter().map(TheoremJson::from).collect(),
        findings: a.findings.iter().map(TheoremJson::from).collect(),
        dead_points: c.map(|c| {
            let st = &c.settlement_paused;
            st.dead_points()
                .iter()
                .map(|&p| g.board().coord(p).to_human(g.board().size()))
                .collect()
        }),
        classification: c.map(|c| {
            let st = &c.settlement_paused;
            let b = g.board();
            let dead = st.dead_points();
            grid(b, |p| {
                let d = if dead.contains(&p) { b.stone(p) } else { None };
                class_char(st.class(p), d)
            })
        }),
        counted_points: match c {
            Some(c) if !matches!(g.phase(), Phase::Ended(End::Resignation(_))) => opts
                .rules
                .iter()
                .map(|&id| RuleGrid {
                    rules: id.as_str().to_string(),
                    points: counted_grid(id, &c.settlement_paused, g.board()),
                })
                .collect(),
            _ => Vec::new(),
        },
        results,
        sgf_komi: rec.komi_half_points.map(|k| Half(k as i64)),
        sgf_result: rec.result.clone(),
        sgf_result_parsed: rec.result_parsed,
        re_agreement: Vec::new(),
        sgf_rules: rec.rules.clone(),
        notes,
        text: String::new(),
    };
    let counted = c.is_some() && !matches!(g.phase(), Phase::Ended(End::Resignation(_)));
    r.re_agreement = r
        .results
        .iter()
        .map(|res| ReAgreement::of(res, rec.result_parsed.as_ref(), counted))
        .collect();
    r.text = render_text(&r, f, &a, rec);
    r
}

/// The character of a point in the classification map.
fn class_char(cl: PointClass, dead: Option<Color>) -> char {
    if let Some(c) = dead {
        return match c {
            Color::Black => 'x',
            Color::White => 'o',
        };
    }
    match cl {
        PointClass::Stone(Color::Black) => 'X',
        PointClass::Stone(Color::White) => 'O',
        PointClass::Territory(Color::Black, _) => 'b',
        PointClass::Territory(Color::White, _) => 'w',
        PointClass::OneSidedDame(Color::Black) => '^',
        PointClass::OneSidedDame(Color::White) => 'v',
        PointClass::Shared(SharedKind::SharedLiberty) => '=',
        PointClass::Shared(SharedKind::DameLeft) => '*',
        PointClass::Shared(_) => '-',
        PointClass::OffBoard => ' ',
    }
}

fn render_text(r: &FileReport, f: &Finished, a: &Analysis, rec: &SgfRecord) -> String {
    let mut s = String::new();
    let g = &f.game;
    let b: &Board = g.board();
    let _ = writeln!(
        s,
        "== {} ({}x{}, ended by {})",
        r.file, r.size, r.size, r.end
    );
    let _ = writeln!(s, "final position:");
    let _ = write!(s, "{}", b);
    let name = |c: Option<Color>| c.map(|c| c.name()).unwrap_or("none");
    let _ = writeln!(
        s,
        "first passer: {}   last mover: {}",
        name(r.first_passer),
        name(r.last_mover)
    );
    if let Some(j) = &r.referee {
        let dead = if j.proven_dead.is_empty() {
            "none".to_string()
        } else {
            j.proven_dead.join(" ")
        };
        match &j.unsettled_reason {
            None => {
                let _ = writeln!(s, "referee: settled; proven dead stones: {dead}");
            }
            Some(why) => {
                let _ = writeln!(
                    s,
                    "referee: NOT settled ({why}): the status of some strings is not proven; proven dead stones: {dead}"
                );
            }
        }
    }
    if let Some(line) = dead_line(r) {
        let _ = writeln!(s, "{line}");
    }
    let own: Vec<String> = [
        ("RU", r.sgf_rules.as_deref()),
        ("KM", rec.komi_raw.as_deref()),
        ("RE", r.sgf_result.as_deref()),
    ]
    .iter()
    .filter_map(|(id, v)| v.map(|v| format!("{id}[{v}]")))
    .collect();
    if !own.is_empty() {
        let _ = writeln!(s, "the record says: {}", own.join(" "));
    }
    for n in &r.notes {
        let _ = writeln!(s, "note: {}", n);
    }
    if let Ok(c) = &a.count {
        let st = &c.settlement_paused;
        let dead: Vec<Point> = st.dead_points().to_vec();
        let _ = writeln!(
            s,
            "classification (X O stones, x o dead, b w territory, ^ v one-sided dame of Black/White, = shared liberty, * dame left, - other shared):"
        );
        for y in 0..b.size() {
            let _ = write!(s, "{:>3}", b.size() - y);
            for x in 0..b.size() {
                let p = b.point(crate::engine::Coord::new(x, y));
                let d = if dead.contains(&p) { b.stone(p) } else { None };
                let _ = write!(s, " {}", class_char(st.class(p), d));
            }
            let _ = writeln!(s);
        }
        // Points with a reason worth naming.
        let mut reasons: std::collections::BTreeMap<&str, Vec<String>> = Default::default();
        for p in b.points() {
            let cl = st.class(p);
            let why = cl.reason();
            if !matches!(why, "stone" | "territory") {
                reasons
                    .entry(why)
                    .or_default()
                    .push(b.coord(p).to_human(b.size()));
            }
        }
        for (why, pts) in reasons {
            let _ = writeln!(s, "  {}: {}", why, pts.join(" "));
        }
        let t = &c.tally_paused;
        let _ = writeln!(
            s,
            "stones B={} W={}  owned empty B={} W={}  shared q0={}  dead B={} W={}  prisoners B={} W={}",
            t.stones.black, t.stones.white, t.owned_empty.black, t.owned_empty.white, t.shared,
            c.dead.black, c.dead.white, c.captured.black, c.captured.white
        );
        let _ = writeln!(
            s,
            "moves at the pause B={} W={}; balancing {}: {}{}",
            c.moves_paused.black,
            c.moves_paused.white,
            c.balancing,
            if r.negative_moves.is_empty() && c.plan.extra_virtual == PerSide::default() {
                "nothing".to_string()
            } else {
                let mut parts: Vec<String> = r
                    .negative_moves
                    .iter()
                    .map(|n| format!("negative move type {} at {}", n.kind, n.point))
                    .collect();
                if c.plan.extra_virtual.black > 0 {
                    parts.push(format!(
                        "{} black virtual move(s)",
                        c.plan.extra_virtual.black
                    ));
                }
                if c.plan.extra_virtual.white > 0 {
                    parts.push(format!(
                        "{} white virtual move(s)",
                        c.plan.extra_virtual.white
                    ));
                }
                parts.join(", ")
            },
            r.balancing_fallback
                .as_ref()
                .map(|f| format!(" (fallback: {f})"))
                .unwrap_or_default()
        );
        let _ = writeln!(
            s,
            "area: paused B0={} W0={}; balanced B={} W={}  (k={}, q={}); return number {}: Black's B{} {} it",
            c.area_paused.black,
            c.area_paused.white,
            c.area.black,
            c.area.white,
            c.k(),
            c.shared,
            r.return_number,
            if c.compensation == Half::ZERO { "" } else { " less half the compensation" },
            // B - W - comp > 6.5 iff B - comp/2 > (N² + 6.5)/2, since B + W = N².
            if c.area.black.as_f64() - c.compensation.as_f64() / 2.0 > r.return_number {
                "exceeds"
            } else {
                "does not exceed"
            }
        );
        let _ = writeln!(
            s,
            "territory (equal stones): T B={} W={}, fill-back B={} W={}, overflow s={} -> b={} w={}",
            c.owned.black, c.owned.white, c.fill_back.black, c.fill_back.white, c.s, c.territory.black, c.territory.white
        );
        if let Some(fu) = &a.fill_up {
            let _ = writeln!(
                s,
                "fill-up: B={} W={} (basic eye points B={} W={}), {}",
                fu.count.black,
                fu.count.white,
                fu.basic_eyes.black,
                fu.basic_eyes.white,
                match fu.stability {
                    Stability::Stable => "stable",
                    Stability::Unstable => "NOT stable",
                    Stability::Unknown => "stability unknown",
                }
            );
        }
    } else if let Err(e) = &a.count {
        let _ = writeln!(s, "no count: {}", e);
    }
    let _ = writeln!(s, "invariants (a failure is a bug of the harness):");
    for t in &a.theorems {
        let v = match t.verdict {
            Verdict::Holds => "holds",
            Verdict::Fails => "FAILS",
            Verdict::NotApplicable => "n/a",
        };
        let _ = writeln!(s, "  {:<4} {:<6} {}", t.id, v, t.detail);
    }
    let _ = writeln!(s, "findings (where the text leaves room):");
    for f in &a.findings {
        let v = match f.holds() {
            None => "n/a",
            Some(true) => "no difference",
            Some(false) if f.winner_changes => "MATTERS (winner)",
            Some(false) if f.margin_changes => "MATTERS (margin)",
            Some(false) => "MATTERS",
        };
        let _ = writeln!(s, "  {:<4} {:<16} {}", f.id, v, f.detail);
    }
    let _ = writeln!(s, "results:");
    for (res, agr) in r.results.iter().zip(&r.re_agreement) {
        // Against RE, where it names a result: `RE agrees`, `RE differs (winner)`, and the
        // margin difference where both are counts.
        let against = match agr.re_agrees {
            None => String::new(),
            Some(ok) => format!(
                "  RE {}{}",
                if ok { "agrees" } else { "DIFFERS (winner)" },
                agr.re_margin_diff
                    .map(|d| format!(", margin {}{}", if d.0 > 0 { "+" } else { "" }, d))
                    .unwrap_or_default()
            ),
        };
        // A count that does not exist (a resignation, no result) is `-`, never 0.
        let n = |h: Half| {
            if is_count(res) {
                h.to_string()
            } else {
                "-".to_string()
            }
        };
        let _ = writeln!(
            s,
            "  {:<18} komi {:>5}  black {:>6}  white {:>6}  margin {:>6}  {}{}",
            res.rules,
            res.komi,
            n(res.black),
            n(res.white),
            n(res.margin),
            res.result,
            against
        );
    }
    s
}

/// The CSV header of `jpd score --format csv`: one row per file and rule set.
pub const CSV_HEADER: [&str; 21] = [
    "file",
    "size",
    "rules",
    "komi",
    "black_points",
    "white_points",
    "margin_b_minus_w",
    "winner",
    "result",
    "end",
    "first_passer",
    "last_mover",
    "k",
    "shared_points",
    "area_black",
    "area_white",
    "overflow_s",
    "invariants_failed",
    "findings_matter",
    "dead_source",
    "dead_estimated",
];

/// Writes reports as CSV.
pub fn write_csv<W: Write>(out: W, reports: &[FileReport]) -> csv::Result<()> {
    let mut w = csv::Writer::from_writer(out);
    w.write_record(CSV_HEADER)?;
    let opt = |v: Option<String>| v.unwrap_or_default();
    for r in reports {
        let ids = |list: &[TheoremJson]| -> String {
            list.iter()
                .filter(|t| t.holds == Some(false))
                .map(|t| t.id.as_str())
                .collect::<Vec<_>>()
                .join(" ")
        };
        let (failed, matter) = (ids(&r.invariants), ids(&r.findings));
        for res in &r.results {
            w.write_record([
                r.file.clone(),
                r.size.to_string(),
                res.rules.clone(),
                res.komi.to_string(),
                opt(is_count(res).then(|| res.black.to_string())),
                opt(is_count(res).then(|| res.white.to_string())),
                opt(is_count(res).then(|| res.margin.to_string())),
                match res.winner {
                    Some(c) => c.name().to_string(),
                    None if res.result == "0" => "draw".into(),
                    // An unscored result (`illegal:superko`, `no_result`, `not_ended`).
                    None => String::new(),
                },
                res.result.clone(),
                r.end.clone(),
                opt(r.first_passer.map(|c| c.name().to_string())),
                opt(r.last_mover.map(|c| c.name().to_string())),
                opt(r.k.map(|k| k.to_string())),
                opt(r.shared_points.map(|q| q.to_string())),
                opt(r.area.map(|a| a.black.to_string())),
                opt(r.area.map(|a| a.white.to_string())),
                opt(r.overflow_s.map(|s| s.to_string())),
                failed.clone(),
                matter.clone(),
                r.dead.source.clone(),
                r.dead.estimated.join(" "),
            ])?;
        }
    }
    w.flush()?;
    Ok(())
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
            rules: &r.rules,
            komi: r.komi,
            black: counted.then_some(r.black),
            white: counted.then_some(r.white),
            margin: counted.then_some(r.margin),
            winner: r.winner,
            result: &r.result,
        }
    }))
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

/// Writes reports as text.
pub fn write_text<W: Write>(mut out: W, reports: &[FileReport]) -> std::io::Result<()> {
    for (i, r) in reports.iter().enumerate() {
        if i > 0 {
            writeln!(out)?;
        }
        out.write_all(r.text.as_bytes())?;
    }
    Ok(())
}
