//! `jpd score`: one finished SGF record in, every count, theorem and result out, as text, JSON
//! or CSV. The record is read and scored by the library ([`crate::score_record`]); this module
//! only formats: `build` gathers the [`FileReport`] (its types in `json`, the point maps in
//! `grid`), `text` renders it for people and `table` writes its CSV rows.

mod build;
mod grid;
mod json;
mod table;
mod text;

pub use grid::RuleGrid;
pub use json::{
    is_count, write_json, write_json_entries, DeadCountJson, DeadJson, FileReport, FillUpJson,
    NegativeJson, ReAgreement, ReVerdict, RefereeJson, ScoreEntry, SidePoints, TheoremJson,
    VerdictJson,
};
pub use table::{write_csv, CSV_HEADER};
pub use text::{explain_text, write_text, write_text_explained, write_text_styled};

use crate::report::svg::Diagram;
use crate::score_record::{score_games, score_record, ScoredRecord};
pub use crate::score_record::{
    DeadChoice, KomiChoice, KomiError, KomiSource, KomiUsed, ScoreError, ScoreOptions,
};
use build::build;

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
    Ok(report_of(file, score_record(bytes, opts)?, opts, None))
}

/// Every game of an SGF file read and scored ([`crate::score_record::score_games`]): one
/// result per game, in file order, each report with its diagram. In a collection (more than
/// one game) each report names its place in the file (`game`, `games_in_file`).
#[allow(clippy::type_complexity)]
pub fn score_collection(
    file: &str,
    bytes: &[u8],
    opts: &ScoreOptions,
) -> Result<Vec<Result<(FileReport, Option<Diagram>), ScoreError>>, ScoreError> {
    let games = score_games(bytes, opts)?;
    let n = games.len() as u32;
    Ok(games
        .into_iter()
        .zip(1..)
        .map(|(g, i)| Ok(report_of(file, g?, opts, (n > 1).then_some((i, n)))))
        .collect())
}

/// The report of a scored record and the diagram of its count.
fn report_of(
    file: &str,
    s: ScoredRecord,
    opts: &ScoreOptions,
    game: Option<(u32, u32)>,
) -> (FileReport, Option<Diagram>) {
    let ScoredRecord {
        record,
        finished,
        analysis,
        unscored,
        notes,
        dead,
        komi,
    } = s;
    let diagram = analysis
        .count
        .as_ref()
        .ok()
        .map(|c| Diagram::from_count(finished.game.board(), c));
    let players = record.players.clone();
    let report = build(
        file, &finished, &record, analysis, opts, &unscored, notes, dead, &komi, game,
    );
    let diagram = diagram.map(|d| results_diagram(d, file, &players, &report));
    (report, diagram)
}

/// The diagram of the counted position, titled `file` and the players (`PB`, `PW`), with
/// the report's verdict under it: one line per rule set, its result, the komi and where it came
/// from, the dead stones counted, and `RE` against it (the lines `jpd score` opens with).
fn results_diagram(
    d: Diagram,
    file: &str,
    (black, white): &(Option<String>, Option<String>),
    report: &FileReport,
) -> Diagram {
    let mut lines = Vec::new();
    if black.is_some() || white.is_some() {
        let name = |p: &Option<String>| p.as_deref().unwrap_or("?").trim().to_string();
        lines.push(format!("Black: {}, White: {}", name(black), name(white)));
    }
    lines.extend(text::verdict_lines(report, false));
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    d.with_title(file).with_caption(&lines)
}
