//! The [`FileReport`] of a scored record gathered from the game, its count and analysis: how it
//! ended, the counts, the referee's judgement, the point maps and the results against `RE`.

use super::grid::{class_char, counted_grid, grid, RuleGrid};
use super::json::{
    is_count, DeadCountJson, FileReport, FillUpJson, NegativeJson, ReAgreement, ReVerdict,
    RefereeJson, StringJson, TheoremJson, VerdictJson,
};
use super::text::render_text;
use super::{DeadJson, ScoreOptions};
use crate::checks::Analysis;
use crate::counting::Finished;
use crate::counting::{Count, Half};
use crate::engine::{Board, Color, End, Game, Phase};
use crate::rules::{RuleId, RuleResult};
use crate::score_record::KomiUsed;
use crate::sgf::{ResultHow, SgfRecord};

/// The report of one scored record: `f` is the game counted, `a` its analysis, `unscored` the
/// result of each rule set asked for whose own replay is not the counted game.
#[allow(clippy::too_many_arguments)]
pub(super) fn build(
    file: &str,
    f: &Finished,
    rec: &SgfRecord,
    a: Analysis,
    opts: &ScoreOptions,
    unscored: &[Option<String>],
    notes: Vec<String>,
    dead: DeadJson,
    komi: &KomiUsed,
    game: Option<(u32, u32)>,
) -> FileReport {
    let g = &f.game;
    let end = end_name(g, rec);
    let results = match g.phase() {
        Phase::Ended(End::Resignation(loser)) => resigned_results(loser, rec, opts, unscored, komi),
        _ => a.results.clone(),
    };
    let c = a.count.as_ref().ok();
    let referee = (g.phase() == Phase::Paused).then(|| referee_json(g.board()));
    let mut r = FileReport {
        file: file.to_string(),
        game: game.map(|g| g.0),
        games_in_file: game.map(|g| g.1),
        verdict: Vec::new(),
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
        classification: c.map(|c| classification(c, g.board())),
        counted_points: match c {
            Some(c) if !matches!(g.phase(), Phase::Ended(End::Resignation(_))) => {
                counted_points(c, &opts.rules, g.board())
            }
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
        text_brief: String::new(),
    };
    let counted = c.is_some() && !matches!(g.phase(), Phase::Ended(End::Resignation(_)));
    r.re_agreement = r
        .results
        .iter()
        .map(|res| ReAgreement::of(res, rec.result_parsed.as_ref(), counted))
        .collect();
    let dead_stones = counted.then(|| dead_count(c, &r.dead));
    r.verdict = r
        .results
        .iter()
        .zip(&r.re_agreement)
        .map(|(res, agr)| VerdictJson {
            rules: res.rules.to_string(),
            result: res.result.clone(),
            komi: res.base_komi,
            komi_source: komi.source,
            komi_in_force: res.komi,
            dead_stones: is_count(res).then(|| dead_stones.clone()).flatten(),
            re: rec.result.clone(),
            re_verdict: ReVerdict::of(
                res,
                rec.result.as_deref(),
                rec.result_parsed.as_ref(),
                agr,
                counted,
            ),
        })
        .collect();
    r.text = render_text(&r, f, &a, rec, true);
    r.text_brief = render_text(&r, f, &a, rec, false);
    r
}

/// The dead stones the count `c` removed: how many, how many the referee proved (those the
/// origin `dead` does not list as beyond the proof), and where they came from.
fn dead_count(c: Option<&Count>, dead: &DeadJson) -> DeadCountJson {
    let counted = c.map_or(0, |c| c.dead.black + c.dead.white);
    let unproven = (dead.estimated.len() as i64).min(counted);
    DeadCountJson {
        counted,
        proven: counted - unproven,
        unproven,
        source: dead.source.clone(),
    }
}

/// How the game ended, as the report names it: `pause`, `four_passes`, `resignation` (or `time`,
/// `forfeit` as `RE` says), `no_result`, `playing`.
fn end_name(g: &Game, rec: &SgfRecord) -> String {
    match g.phase() {
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
    .to_string()
}

/// The results of a game lost by resignation (or on time, or by forfeit: the same path under
/// its own name): no count, the winner only; a rule set whose replay refused the record keeps
/// its unscored result.
fn resigned_results(
    loser: Color,
    rec: &SgfRecord,
    opts: &ScoreOptions,
    unscored: &[Option<String>],
    komi: &KomiUsed,
) -> Vec<RuleResult> {
    opts.rules
        .iter()
        .zip(unscored)
        .map(|(&id, u)| {
            if let Some(u) = u {
                return RuleResult::unscored(id, u);
            }
            let mut r = RuleResult::resigned(id, loser);
            if let Some(k) = komi.komi {
                (r.komi, r.base_komi) = (k, k);
            }
            // A loss on time or by forfeit takes the resignation's path, under its own name.
            match rec.result_parsed.map(|re| re.how) {
                Some(ResultHow::Time) => r.result = format!("{}+T", loser.opp().letter()),
                Some(ResultHow::Forfeit) => r.result = format!("{}+F", loser.opp().letter()),
                _ => {}
            }
            r
        })
        .collect()
}

/// What the referee proves of the paused position `b`.
fn referee_json(b: &Board) -> RefereeJson {
    let j = crate::settlement::referee::judge_deep(b);
    RefereeJson {
        settled: j.is_settled(),
        unsettled_reason: j.unsettled().map(|u| u.as_str().to_string()),
        settled_by_solver: j.settled_by_solver(),
        winning_moves: j
            .winning_moves()
            .iter()
            .map(|&(c, p)| format!("{} {}", c.name(), b.coord(p).to_human(b.size())))
            .collect(),
        unproven_strings: b
            .points()
            .filter(|&p| {
                b.stone(p).is_some()
                    && b.string_head(p) == p
                    && j.status(p) == crate::settlement::referee::Status::Unknown
            })
            .count() as u32,
        proven_dead: j
            .dead()
            .iter()
            .map(|&p| b.coord(p).to_human(b.size()))
            .collect(),
        strings: strings_json(b, &j),
        nodes: j.nodes(),
    }
}

/// Every string of `b` with the referee's status and proof, heads in point order.
fn strings_json(b: &Board, j: &crate::settlement::referee::Judgement) -> Vec<StringJson> {
    use crate::settlement::referee::Status;
    let mut out = Vec::new();
    for p in b.points() {
        let Some(c) = b.stone(p) else { continue };
        if b.string_head(p) != p {
            continue;
        }
        let mut stones: Vec<crate::engine::Point> = b.string_stones(p).collect();
        stones.sort_unstable();
        out.push(StringJson {
            stones: stones
                .iter()
                .map(|&q| b.coord(q).to_human(b.size()))
                .collect(),
            colour: match c {
                Color::Black => "black",
                Color::White => "white",
            }
            .to_string(),
            status: match j.status(p) {
                Status::Alive => "alive",
                Status::Dead => "dead",
                Status::Seki => "seki",
                Status::Unknown => "unknown",
            }
            .to_string(),
            proof: j.method(p).map(|m| m.as_str().to_string()),
        });
    }
    out
}

/// The class of every point of the paused position, one string per row (see
/// [`FileReport::classification`]).
fn classification(c: &Count, b: &Board) -> Vec<String> {
    let st = &c.settlement_paused;
    let dead = st.dead_points();
    grid(b, |p| {
        let d = if dead.contains(&p) { b.stone(p) } else { None };
        class_char(st.class(p), d)
    })
}

/// The points each rule set of `rules` counts (see [`FileReport::counted_points`]); `as_is` is
/// the final position.
fn counted_points(c: &Count, rules: &[RuleId], as_is: &Board) -> Vec<RuleGrid> {
    rules
        .iter()
        .map(|&id| RuleGrid {
            rules: id.as_str().to_string(),
            points: counted_grid(id, &c.settlement_paused, as_is),
        })
        .collect()
}
