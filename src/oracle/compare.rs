//! One game compared under both rule sets: the record read and replayed, GNU Go's judgement,
//! our count with the chosen dead stones, and one `oracle.csv` row per rule set.

use super::{
    categorise, differing_points, gnugo_margin_from_lists, Category, DeadSource, Differing,
    GnuGoPair, GnuJudgement, OracleRules,
};
use crate::checks::{analyse, CheckOptions, Details, Symmetries, Verdict};
use crate::counting::Finished;
use crate::counting::{Balancing, Half};
use crate::engine::Coord;
use crate::rules::{RuleId, Rules, Unscored};
use crate::sgf::{parse_sgf, replay, Replayed, SgfError};

/// One row of `oracle.csv`: one game under one rule set.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct OracleRow {
    /// The SGF file (or the self-play game's name).
    pub file: String,
    /// The self-play master seed and game index (`seed/index`), empty for files.
    pub game_seed: String,
    /// Board size.
    pub size: u8,
    /// `chinese` or `japanese`.
    pub rules: String,
    /// Komi both sides used.
    pub komi: Half,
    /// Whose dead stones we counted with.
    pub dead_source: String,
    /// GNU Go's `final_score`.
    pub gnugo_result: String,
    /// Our result.
    pub our_result: String,
    /// The record's own result (`RE` as written; empty without one): where the two counts
    /// differ, it says which of them the players (or the server) counted.
    pub record_result: String,
    /// GNU Go's margin, Black minus White after komi.
    pub gnugo_margin_b_minus_w: String,
    /// Ours.
    pub our_margin_b_minus_w: String,
    /// Whether the margins are equal.
    pub agree: bool,
    /// `None` (written empty) when they agree; else the category.
    pub category: Option<Category>,
    /// Dead stones GNU Go called.
    pub dead_gnugo: usize,
    /// Dead stones our count removed.
    pub dead_ours: usize,
    /// Points owned differently.
    pub differing_points: usize,
    /// Points the game left open in our count of the paused position: ordinary dame and seki
    /// liberties (shared), one-sided dame and unfilled ko points: the points where counting
    /// conventions part. 0 on a board finished to the last dame without a seki; empty on an
    /// `error` row.
    pub open_points: Option<u32>,
    /// Our theorems that failed on the game (space-separated).
    pub theorems_failed: String,
    /// The differing points (or the error).
    pub detail: String,
}

impl OracleRow {
    /// The category as written in `oracle.csv`: empty when the two counts agree.
    pub fn category_name(&self) -> &'static str {
        self.category.map_or("", Category::as_str)
    }
}

/// One game to compare: a name, its seed if generated, and the SGF text.
#[derive(Clone, Debug)]
pub struct OracleInput {
    /// File name or self-play name.
    pub name: String,
    /// `seed/index` for self-play games.
    pub game_seed: String,
    /// The SGF bytes.
    pub sgf: Vec<u8>,
}
/// Options of a comparison.
#[derive(Clone, Copy, Debug)]
pub struct CompareOptions {
    /// Whose dead stones we count with.
    pub dead: DeadSource,
    /// How much theorem checking to do.
    pub checks: CheckOptions,
}

impl Default for CompareOptions {
    fn default() -> Self {
        CompareOptions {
            dead: DeadSource::Gnugo,
            checks: CheckOptions {
                symmetries: Symmetries::OnePerGame,
                t11_choices: 4,
                details: Details::All,
                f11_one_in: crate::checks::CAMPAIGN_F11_ONE_IN,
            },
        }
    }
}

fn coords_human(v: &[Coord], size: u8) -> String {
    v.iter()
        .map(|c| c.to_human(size))
        .collect::<Vec<_>>()
        .join(" ")
}

fn error_row(
    input: &OracleInput,
    size: u8,
    rules: OracleRules,
    opts: &CompareOptions,
    detail: String,
) -> OracleRow {
    OracleRow {
        file: input.name.clone(),
        game_seed: input.game_seed.clone(),
        size,
        rules: rules.name().into(),
        komi: rules.komi(),
        dead_source: opts.dead.name().into(),
        gnugo_result: String::new(),
        our_result: String::new(),
        record_result: String::new(),
        gnugo_margin_b_minus_w: String::new(),
        our_margin_b_minus_w: String::new(),
        agree: false,
        category: Some(Category::Error),
        dead_gnugo: 0,
        dead_ours: 0,
        differing_points: 0,
        open_points: None,
        theorems_failed: String::new(),
        detail,
    }
}

/// Compares one game under both rule sets (those this build has). Never fails: a problem is a
/// row of category `error`.
pub fn compare(
    gnugo: &mut GnuGoPair,
    input: &OracleInput,
    opts: &CompareOptions,
) -> Vec<OracleRow> {
    let rules: Vec<OracleRules> = OracleRules::BOTH
        .into_iter()
        .filter(|r| r.rule_id().is_some())
        .collect();
    let rep = match parse_sgf(&input.sgf)
        .and_then(|rec| replay(&rec, Rules::preset(RuleId::JpdTangsong).play))
    {
        Ok(r) => r,
        Err(e) => {
            let e: SgfError = e;
            return rules
                .iter()
                .map(|&r| error_row(input, 0, r, opts, format!("the record does not read: {e}")))
                .collect();
        }
    };
    let size = rep.record.size;
    rules
        .into_iter()
        .map(|r| {
            compare_under(gnugo, input, opts, &rep, r)
                .unwrap_or_else(|detail| error_row(input, size, r, opts, detail))
        })
        .collect()
}

/// The row of one game under one rule set; `Err` carries the detail of an `error` row.
fn compare_under(
    gnugo: &mut GnuGoPair,
    input: &OracleInput,
    opts: &CompareOptions,
    rep: &Replayed,
    r: OracleRules,
) -> Result<OracleRow, String> {
    let size = rep.record.size;
    let id = r.rule_id().expect("filtered above");
    let j = gnugo.judge(&rep.game, r).map_err(|e| e.to_string())?;
    let finished = Finished {
        game: rep.game.clone(),
        dead: dead_to_count(opts.dead, rep, &j),
    };
    let a = analyse(&finished, Balancing::Art14, &[id], opts.checks);
    let count = match &a.count {
        Ok(c) => c,
        Err(e) => return Err(format!("our count failed: {e}")),
    };
    // GNU Go was given the preset's komi, so the preset's result compares directly.
    let Some(ours) = a.results.first().cloned() else {
        return Err("our analysis gave no result".into());
    };
    let failed: Vec<&str> = a
        .theorems
        .iter()
        .filter(|t| t.verdict == Verdict::Fails)
        .map(|t| t.id.as_str())
        .collect();
    // The dead stones our count removed: none after four virtual moves (Art. 18), whatever
    // list it was given.
    let board = rep.game.board();
    let mut dead: Vec<Coord> = count
        .settlement_paused
        .dead_points()
        .iter()
        .map(|&p| board.coord(p))
        .collect();
    dead.sort();
    let differing = differing_points(r, &rep.game, &count.settlement_paused, &dead, &j);
    let agree = ours.margin == j.margin;
    let (category, detail) = if agree {
        (None, String::new())
    } else {
        (
            Some(categorise(dead == j.dead, &j, &differing)),
            disagreement_detail(&j, &dead, &differing, size),
        )
    };
    Ok(OracleRow {
        file: input.name.clone(),
        game_seed: input.game_seed.clone(),
        size,
        rules: r.name().into(),
        komi: r.komi(),
        dead_source: opts.dead.name().into(),
        gnugo_result: j.result.clone(),
        our_result: ours.result.clone(),
        record_result: rep.record.result.clone().unwrap_or_default(),
        gnugo_margin_b_minus_w: j.margin.to_string(),
        our_margin_b_minus_w: ours.margin.to_string(),
        agree,
        category,
        dead_gnugo: j.dead.len(),
        dead_ours: dead.len(),
        differing_points: differing.len(),
        open_points: Some(open_points(&count.tally_paused)),
        theorems_failed: failed.join(" "),
        detail,
    })
}

/// The points a paused position leaves open (see [`OracleRow::open_points`]).
fn open_points(t: &crate::settlement::Tally) -> u32 {
    t.shared
        + t.one_sided_dame.black
        + t.one_sided_dame.white
        + t.ko_points.black
        + t.ko_points.white
}

/// The dead stones we count with, sorted and without repeats: GNU Go's, the record's, or the
/// referee's proven ones.
fn dead_to_count(source: DeadSource, rep: &Replayed, j: &GnuJudgement) -> Vec<Coord> {
    let mut dead = match source {
        DeadSource::Gnugo => j.dead.clone(),
        DeadSource::Record => rep.dead.clone(),
        DeadSource::Proven => {
            let b = rep.game.board();
            crate::settlement::referee::judge(b)
                .dead()
                .iter()
                .map(|&p| b.coord(p))
                .collect()
        }
    };
    dead.sort();
    dead.dedup();
    dead
}

/// The `detail` of a disagreement: the first 12 differing points (ours and GNU Go's view of
/// each), preceded by both dead-stone lists when they differ and by GNU Go's self-contradiction
/// when its `final_score` is not what its lists give.
fn disagreement_detail(
    j: &GnuJudgement,
    dead: &[Coord],
    differing: &[Differing],
    size: u8,
) -> String {
    let pts: Vec<String> = differing
        .iter()
        .take(12)
        .map(|d| {
            let japanese = match d.japanese_unscored {
                Some(Unscored::Seki) => " (no territory: seki)",
                Some(Unscored::Ko) => " (no territory: ko)",
                Some(Unscored::Teire) => " (no territory: teire)",
                None => "",
            };
            format!(
                "{} ours {}{japanese} gnugo {:?}",
                d.at.to_human(size),
                d.ours.reason(),
                d.gnugo
            )
        })
        .collect();
    let mut detail = pts.join("; ");
    if differing.len() > 12 {
        detail.push_str(&format!("; and {} more", differing.len() - 12));
    }
    if dead != j.dead {
        detail = format!(
            "dead gnugo [{}] ours [{}]; {detail}",
            coords_human(&j.dead, size),
            coords_human(dead, size)
        );
    }
    let from_lists = gnugo_margin_from_lists(j);
    if from_lists != j.margin {
        detail = format!(
            "gnugo final_score {} but its lists give {from_lists}; {detail}",
            j.margin
        );
    }
    detail
}
