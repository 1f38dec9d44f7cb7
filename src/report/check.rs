//! `jpd check`: many SGF records scored in parallel, written as CSV files and a summary into a
//! folder.
//!
//! The inputs are files and folders; folders are walked recursively for `*.sgf` (symbolic links
//! to folders are not followed). The records are scored in path order and written in that order,
//! so the output is the same whatever the number of threads. A record that cannot be read (or
//! that makes the scorer panic) is written to `errors.csv` and the others go on.

use crate::files::{write_atomic, AtomicFile};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Read;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

use rayon::prelude::*;
use serde::Serialize;

use crate::report::score::{score_collection, write_csv, FileReport, ScoreError, ScoreOptions};
use crate::sgf::{SgfError, MAX_BYTES};

/// The prefix of the names of `jpd check`'s worker threads (the command line keeps their
/// panics quiet: they are reported in `errors.csv`).
pub const WORKER_PREFIX: &str = "jpd-check-";

/// The files `jpd check` writes into its folder.
pub const OUTPUT_FILES: [&str; 4] = ["records.csv", "scores.csv", "errors.csv", "FINDINGS.md"];

/// Options of `jpd check`.
#[derive(Clone, Debug, Default)]
pub struct CheckConfig {
    /// How each record is scored.
    pub score: ScoreOptions,
    /// Worker threads (0: one per CPU). The output does not depend on it.
    pub threads: usize,
    /// Write into a folder that is not empty (the files jpd writes are removed first, others
    /// kept: [`crate::outdir::prepare`]).
    pub force: bool,
}

/// Why `jpd check` as a whole failed (a bad record is not one: it goes to `errors.csv`).
#[derive(Debug, thiserror::Error)]
pub enum CheckError {
    /// No SGF file among the inputs.
    #[error("no SGF file found in the inputs")]
    NoFiles,
    /// The output folder holds files already.
    #[error(transparent)]
    OutDir(#[from] crate::outdir::OutDirError),
    /// The output folder could not be made or written.
    #[error("{path}: {source}")]
    Io {
        /// The path.
        path: PathBuf,
        /// What went wrong.
        source: std::io::Error,
    },
    /// A CSV file could not be written.
    #[error("{path}: {source}")]
    Csv {
        /// The path.
        path: PathBuf,
        /// What went wrong.
        source: csv::Error,
    },
    /// The worker threads could not be started.
    #[error("cannot start the worker threads: {0}")]
    Threads(#[from] rayon::ThreadPoolBuildError),
}

/// Why one record could not be read.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    /// The file (or folder) could not be read.
    #[error("cannot read: {0}")]
    Io(#[from] std::io::Error),
    /// The SGF record was refused.
    #[error("{0}")]
    Sgf(#[from] SgfError),
    /// `--dead gnugo`: GNU Go failed on the record.
    #[error("{0}")]
    DeadStones(String),
    /// The scorer panicked: a bug of the harness.
    #[error("internal error (a bug of the harness): {0}")]
    Panic(String),
}

impl FileError {
    /// A short stable name of the kind of error: `io`, `panic`, or the SGF error's (`not_sgf`,
    /// `truncated`, `illegal_move`, ...).
    pub fn kind(&self) -> &'static str {
        match self {
            FileError::Io(_) => "io",
            FileError::Panic(_) => "panic",
            FileError::Sgf(e) => sgf_error_kind(e),
            FileError::DeadStones(_) => "gnugo",
        }
    }
}

/// A short stable name of an SGF error's variant.
pub fn sgf_error_kind(e: &SgfError) -> &'static str {
    match e {
        SgfError::NotSgf { .. } => "not_sgf",
        SgfError::Syntax { .. } => "syntax",
        SgfError::Empty => "empty",
        SgfError::Truncated { .. } => "truncated",
        SgfError::TooLarge { .. } => "too_many_nodes",
        SgfError::TooManyBytes { .. } => "too_many_bytes",
        SgfError::NotGo => "not_go",
        SgfError::BadSize { .. } => "bad_size",
        SgfError::OffBoard { .. } => "off_board",
        SgfError::TwoMovesInOneNode { .. } => "two_moves_in_one_node",
        SgfError::BadValue { .. } => "bad_value",
        SgfError::InvalidEncoding { .. } => "invalid_encoding",
        SgfError::UnknownCharset { .. } => "unknown_charset",
        SgfError::IllegalMove { .. } => "illegal_move",
        SgfError::NotEnded { .. } => "not_ended",
        SgfError::WrongTurn { .. } => "wrong_turn",
        SgfError::AfterEnd { .. } => "after_end",
        SgfError::Setup(_) => "setup",
    }
}

/// Called as each file is done (in any order) with what became of its games.
pub type OnFile<'a> = dyn Fn(&[FileOutcome]) + Sync + 'a;

/// One input record and what became of it.
#[derive(Debug)]
pub struct FileOutcome {
    /// The path as given (or as found under a folder given).
    pub file: String,
    /// In a file holding several games: this game's place among them, from 1.
    pub game: Option<u32>,
    /// The report, or why there is none.
    pub result: Result<FileReport, FileError>,
}

/// What `jpd check` did, for its exit code and its last message.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CheckSummary {
    /// Records found.
    pub files: usize,
    /// Records read and scored.
    pub read: usize,
    /// Records that could not be read.
    pub refused: usize,
    /// Records on which at least one invariant failed (a bug of the harness).
    pub invariants_failed: usize,
}

impl CheckSummary {
    /// The exit code: 1 when an invariant failed, else 3 when a record could not be read, else 0.
    pub fn exit_code(&self) -> u8 {
        if self.invariants_failed > 0 {
            1
        } else if self.refused > 0 {
            3
        } else {
            0
        }
    }
}

/// Reads a file, stopping one byte past [`MAX_BYTES`] so that a huge (or endless, like
/// `/dev/zero`) file costs bounded memory; `parse_sgf` then refuses it. The path `-` is the
/// standard input ([`STDIN`]).
pub fn read_bounded(path: &Path) -> std::io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    if path == Path::new(STDIN) {
        std::io::stdin()
            .lock()
            .take(MAX_BYTES as u64 + 1)
            .read_to_end(&mut bytes)?;
        return Ok(bytes);
    }
    std::fs::File::open(path)?
        .take(MAX_BYTES as u64 + 1)
        .read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// The input path that means the standard input: one record read from it.
pub const STDIN: &str = "-";

fn is_sgf(p: &Path) -> bool {
    p.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("sgf"))
}

/// Walks `dir` for `*.sgf`; a folder that cannot be listed is an input with its error.
fn walk(dir: &Path, found: &mut Vec<(PathBuf, Option<std::io::Error>)>) {
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) => return found.push((dir.to_path_buf(), Some(e))),
    };
    for entry in entries {
        let entry = match entry {
            Ok(e) => e,
            Err(e) => {
                found.push((dir.to_path_buf(), Some(e)));
                continue;
            }
        };
        let path = entry.path();
        match entry.file_type() {
            Ok(t) if t.is_dir() => walk(&path, found),
            Ok(t) if is_sgf(&path) && t.is_file() => found.push((path, None)),
            // A link to a file counts; a link to a folder is not followed (no cycles); a
            // broken or looping link is an input with its error, not skipped in silence.
            Ok(t) if is_sgf(&path) && t.is_symlink() => match std::fs::metadata(&path) {
                Ok(m) if m.is_dir() => {}
                Ok(_) => found.push((path, None)),
                Err(e) => found.push((path, Some(e))),
            },
            Ok(_) => {}
            Err(e) => found.push((path, Some(e))),
        }
    }
}

/// The records named by `inputs`: files as given (whatever their extension), folders walked
/// recursively for `*.sgf`; sorted by path, without repeats. An input that does not exist is
/// kept with its error.
pub fn collect_inputs(inputs: &[PathBuf]) -> Vec<(PathBuf, Option<std::io::Error>)> {
    let mut found = expand_inputs(inputs);
    found.sort_by(|a, b| a.0.cmp(&b.0));
    found.dedup_by(|a, b| a.0 == b.0);
    found
}

/// The records named by `inputs` in the order given (what `jpd score` prints): a file as
/// given (whatever its extension), a folder replaced by its `*.sgf` files, walked recursively
/// and sorted by path. An input that does not exist is kept with its error.
pub fn expand_inputs(inputs: &[PathBuf]) -> Vec<(PathBuf, Option<std::io::Error>)> {
    let mut found = Vec::new();
    for p in inputs {
        if p == Path::new(STDIN) {
            found.push((p.clone(), None));
            continue;
        }
        match std::fs::metadata(p) {
            Ok(m) if m.is_dir() => {
                let mut inside = Vec::new();
                walk(p, &mut inside);
                inside.sort_by(|a, b| a.0.cmp(&b.0));
                found.extend(inside);
            }
            Ok(_) => found.push((p.clone(), None)),
            Err(e) => found.push((p.clone(), Some(e))),
        }
    }
    found
}

/// Scores every game of one file (one outcome for a file of one game, one per game for a
/// collection, in file order); never panics.
pub fn check_file(path: &Path, opts: &ScoreOptions) -> Vec<FileOutcome> {
    let file = path.display().to_string();
    let one = |result| {
        vec![FileOutcome {
            file: file.clone(),
            game: None,
            result,
        }]
    };
    let bytes = match read_bounded(path) {
        Ok(b) => b,
        Err(e) => return one(Err(FileError::Io(e))),
    };
    let of_score = |e| match e {
        ScoreError::Sgf(e) => FileError::Sgf(e),
        e @ ScoreError::Gnugo(_) => FileError::DeadStones(e.to_string()),
    };
    match catch_unwind(AssertUnwindSafe(|| score_collection(&file, &bytes, opts))) {
        Err(p) => one(Err(FileError::Panic(
            p.downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| p.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "panic".into()),
        ))),
        Ok(Err(e)) => one(Err(of_score(e))),
        Ok(Ok(games)) => {
            let several = games.len() > 1;
            games
                .into_iter()
                .zip(1..)
                .map(|(g, i)| FileOutcome {
                    file: file.clone(),
                    game: several.then_some(i),
                    result: g.map(|(r, _)| r).map_err(of_score),
                })
                .collect()
        }
    }
}

/// Scores the records named by `inputs` in parallel, in path order; `on_file` is called as each
/// is done (in any order).
pub fn check_files(
    inputs: &[PathBuf],
    cfg: &CheckConfig,
    on_file: Option<&OnFile<'_>>,
) -> Result<Vec<FileOutcome>, CheckError> {
    let found = collect_inputs(inputs);
    if found.is_empty() {
        return Err(CheckError::NoFiles);
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(cfg.threads)
        .thread_name(|i| format!("{WORKER_PREFIX}{i}"))
        .build()?;
    Ok(pool.install(|| {
        found
            .into_par_iter()
            .map(|(path, err)| {
                let o = match err {
                    Some(e) => vec![FileOutcome {
                        file: path.display().to_string(),
                        game: None,
                        result: Err(FileError::Io(e)),
                    }],
                    None => check_file(&path, &cfg.score),
                };
                if let Some(f) = on_file {
                    f(&o);
                }
                o
            })
            .collect::<Vec<Vec<FileOutcome>>>()
            .into_iter()
            .flatten()
            .collect()
    }))
}

/// The number of inputs `check_files` will score (for a progress bar).
pub fn count_inputs(inputs: &[PathBuf]) -> usize {
    collect_inputs(inputs).len()
}

/// A row of records.csv: one per record.
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct RecordRow {
    /// The path.
    pub file: String,
    /// Board size.
    pub size: Option<u8>,
    /// How the game ended (`pause`, `four_passes`, `resignation`, ...).
    pub end: Option<String>,
    /// black or white.
    pub first_passer: Option<&'static str>,
    /// black or white.
    pub last_mover: Option<&'static str>,
    /// The referee's judgement of the paused position (empty after any other end).
    pub settled: Option<bool>,
    /// Why it is not settled.
    pub unsettled_reason: Option<String>,
    /// Dead black stones counted.
    pub dead_black: Option<i64>,
    /// Dead white stones counted.
    pub dead_white: Option<i64>,
    /// Where the dead stones came from: record, proven, estimate, gnugo, or none (not paused).
    pub dead_source: Option<String>,
    /// The dead stones counted that the referee did not prove, space-separated.
    pub dead_estimated: String,
    /// The record's `RE`.
    pub sgf_result: Option<String>,
    /// Invariants that failed, space-separated.
    pub invariants_failed: String,
    /// Findings that matter, space-separated.
    pub findings_matter: String,
    /// Why the record could not be read (empty when read).
    pub error: String,
    /// In a file holding several games: this game's place among them, from 1 (empty for a
    /// file of one game).
    pub game: Option<u32>,
}

/// A row of errors.csv.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct ErrorRow {
    /// The path.
    pub file: String,
    /// The kind of error ([`FileError::kind`]).
    pub kind: &'static str,
    /// The message.
    pub error: String,
    /// In a file holding several games: the game's place among them, from 1.
    pub game: Option<u32>,
}

fn failed_ids(list: &[crate::report::score::TheoremJson]) -> String {
    list.iter()
        .filter(|t| t.holds == Some(false))
        .map(|t| t.id.as_str())
        .collect::<Vec<_>>()
        .join(" ")
}

impl RecordRow {
    /// The row of one outcome.
    pub fn of(o: &FileOutcome) -> RecordRow {
        match &o.result {
            Err(e) => RecordRow {
                file: o.file.clone(),
                error: e.to_string(),
                game: o.game,
                ..RecordRow::default()
            },
            Ok(r) => RecordRow {
                file: o.file.clone(),
                size: Some(r.size),
                end: Some(r.end.clone()),
                first_passer: r.first_passer.map(|c| c.name()),
                last_mover: r.last_mover.map(|c| c.name()),
                settled: r.referee.as_ref().map(|j| j.settled),
                unsettled_reason: r.referee.as_ref().and_then(|j| j.unsettled_reason.clone()),
                dead_black: r.dead_stones.map(|d| d.black),
                dead_white: r.dead_stones.map(|d| d.white),
                dead_source: Some(r.dead.source.clone()),
                dead_estimated: r.dead.estimated.join(" "),
                sgf_result: r.sgf_result.clone(),
                invariants_failed: failed_ids(&r.invariants),
                findings_matter: failed_ids(&r.findings),
                error: String::new(),
                game: o.game,
            },
        }
    }
}

/// Counts per id, in the order first met.
#[derive(Default)]
struct Tally {
    ids: Vec<String>,
    counts: Vec<(usize, usize)>,
}

impl Tally {
    fn add(&mut self, id: &str, applies: bool, hit: bool) {
        let i = match self.ids.iter().position(|x| x == id) {
            Some(i) => i,
            None => {
                self.ids.push(id.to_string());
                self.counts.push((0, 0));
                self.ids.len() - 1
            }
        };
        self.counts[i].0 += usize::from(applies);
        self.counts[i].1 += usize::from(hit);
    }
}

fn percent(n: usize, d: usize) -> String {
    if d == 0 {
        "-".into()
    } else {
        format!("{:.1}%", 100.0 * n as f64 / d as f64)
    }
}

/// The summary of the outcomes.
pub fn summarise(outcomes: &[FileOutcome]) -> CheckSummary {
    let mut s = CheckSummary {
        files: outcomes.len(),
        ..CheckSummary::default()
    };
    for o in outcomes {
        match &o.result {
            Ok(r) => {
                s.read += 1;
                if r.invariants.iter().any(|t| t.holds == Some(false)) {
                    s.invariants_failed += 1;
                }
            }
            Err(_) => s.refused += 1,
        }
    }
    s
}

/// FINDINGS.md: files read and refused, invariants and findings per id, and per rule set how
/// often its winner agrees with the record's `RE`.
pub fn findings_md(outcomes: &[FileOutcome]) -> String {
    let s = summarise(outcomes);
    let mut md = String::new();
    let _ = writeln!(md, "# jpd check\n");
    let _ = writeln!(
        md,
        "{} records: {} read, {} refused; {} with a failed invariant (a bug of the harness).\n",
        s.files, s.read, s.refused, s.invariants_failed
    );
    let mut kinds: BTreeMap<&str, usize> = BTreeMap::new();
    for o in outcomes {
        if let Err(e) = &o.result {
            *kinds.entry(e.kind()).or_default() += 1;
        }
    }
    if !kinds.is_empty() {
        let _ = writeln!(md, "## Refused records (see errors.csv)\n");
        let _ = writeln!(md, "| error | records |\n|---|---:|");
        for (k, n) in &kinds {
            let _ = writeln!(md, "| {k} | {n} |");
        }
        let _ = writeln!(md);
    }
    let reports: Vec<&FileReport> = outcomes
        .iter()
        .filter_map(|o| o.result.as_ref().ok())
        .collect();
    let (mut inv, mut fin) = (Tally::default(), Tally::default());
    for r in &reports {
        for t in &r.invariants {
            inv.add(&t.id, t.holds.is_some(), t.holds == Some(false));
        }
        for f in &r.findings {
            fin.add(&f.id, f.holds.is_some(), f.holds == Some(false));
        }
    }
    let _ = writeln!(md, "## Invariants (a failure is a bug of the harness)\n");
    let _ = writeln!(md, "| id | checked | failed |\n|---|---:|---:|");
    for (id, (n, f)) in inv.ids.iter().zip(&inv.counts) {
        let _ = writeln!(md, "| {id} | {n} | {f} |");
    }
    let _ = writeln!(md, "\n## Findings (where the text's reading matters)\n");
    let _ = writeln!(md, "| id | applies | matters |\n|---|---:|---:|");
    for (id, (n, f)) in fin.ids.iter().zip(&fin.counts) {
        let _ = writeln!(md, "| {id} | {n} | {f} |");
    }
    let mut agree = Tally::default();
    for r in &reports {
        if r.sgf_result_parsed.and_then(|p| p.winner).is_none() {
            continue;
        }
        for a in &r.re_agreement {
            agree.add(&a.rules, a.re_agrees.is_some(), a.re_agrees == Some(true));
        }
    }
    let with_winner = reports
        .iter()
        .filter(|r| r.sgf_result_parsed.and_then(|p| p.winner).is_some())
        .count();
    let _ = writeln!(
        md,
        "\n## Agreement with the record's RE ({with_winner} records whose RE names a winner)\n"
    );
    let _ = writeln!(
        md,
        "Compared: the records where the rule set has a result. Agrees: same winner.\n"
    );
    let _ = writeln!(
        md,
        "| rules | compared | agrees | share |\n|---|---:|---:|---:|"
    );
    for (id, (n, a)) in agree.ids.iter().zip(&agree.counts) {
        let _ = writeln!(md, "| {id} | {n} | {a} | {} |", percent(*a, *n));
    }
    md
}

impl From<crate::files::FileError> for CheckError {
    fn from(e: crate::files::FileError) -> Self {
        match e {
            crate::files::FileError::Io { path, source } => CheckError::Io { path, source },
            crate::files::FileError::Csv { path, source } => CheckError::Csv { path, source },
        }
    }
}

fn io_err(path: &Path) -> impl FnOnce(std::io::Error) -> CheckError + '_ {
    move |source| CheckError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// Makes the output folder, refusing one that is not empty unless `force`
/// ([`crate::outdir::prepare`]: the rule of every command that writes a folder).
pub fn prepare_out(out: &Path, force: bool) -> Result<(), CheckError> {
    crate::outdir::prepare(out, force)?;
    std::fs::create_dir_all(out).map_err(io_err(out))
}

fn write_rows<T: Serialize>(
    path: &Path,
    rows: impl IntoIterator<Item = T>,
) -> Result<(), CheckError> {
    let csv_err = |source| CheckError::Csv {
        path: path.to_path_buf(),
        source,
    };
    let mut w = csv::Writer::from_writer(AtomicFile::create(path)?);
    for r in rows {
        w.serialize(r).map_err(csv_err)?;
    }
    let f = w.into_inner().map_err(|e| io_err(path)(e.into_error()))?;
    Ok(f.commit()?)
}

/// Writes records.csv, scores.csv, errors.csv and FINDINGS.md into `out` (made beforehand by
/// [`prepare_out`]).
pub fn write_outputs(out: &Path, outcomes: &[FileOutcome]) -> Result<CheckSummary, CheckError> {
    write_rows(&out.join("records.csv"), outcomes.iter().map(RecordRow::of))?;
    let errors: Vec<ErrorRow> = outcomes
        .iter()
        .filter_map(|o| {
            o.result.as_ref().err().map(|e| ErrorRow {
                file: o.file.clone(),
                kind: e.kind(),
                error: e.to_string(),
                game: o.game,
            })
        })
        .collect();
    let path = out.join("errors.csv");
    if errors.is_empty() {
        // The header alone (serialize writes it with the first row only).
        write_atomic(&path, b"file,kind,error,game\n")?;
    } else {
        write_rows(&path, errors)?;
    }
    let reports: Vec<FileReport> = outcomes
        .iter()
        .filter_map(|o| o.result.as_ref().ok().cloned())
        .collect();
    let path = out.join("scores.csv");
    let mut w = AtomicFile::create(&path)?;
    write_csv(&mut w, &reports).map_err(|source| CheckError::Csv {
        path: path.clone(),
        source,
    })?;
    w.commit()?;
    let path = out.join("FINDINGS.md");
    write_atomic(&path, findings_md(outcomes).as_bytes())?;
    Ok(summarise(outcomes))
}

/// `jpd check` without the progress bar: scores `inputs` and writes the folder `out`.
pub fn check(
    inputs: &[PathBuf],
    out: &Path,
    cfg: &CheckConfig,
    on_file: Option<&OnFile<'_>>,
) -> Result<CheckSummary, CheckError> {
    if count_inputs(inputs) == 0 {
        return Err(CheckError::NoFiles);
    }
    prepare_out(out, cfg.force)?;
    let outcomes = check_files(inputs, cfg, on_file)?;
    write_outputs(out, &outcomes)
}
