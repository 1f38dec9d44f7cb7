//! `jpd score`: finished SGF records scored under every rule set, printed as text, JSON, JSON
//! Lines or CSV, with an optional SVG picture of the settled position.

use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};
use jipingdian::files::write_atomic;
use jipingdian::report::check;
use jipingdian::report::score::{
    score_collection, write_csv, write_json_entries, write_text_explained, FileReport, ScoreEntry,
    ScoreOptions,
};
use jipingdian::sgf::escape_controls;

use super::{write_stdout, CliError, Global, ScoringArgs, Status, Written};

/// The command's name, before each of its messages.
pub const NAME: &str = "jpd score";

/// The exit codes, shown after `--help` (docs/CLI.md's table says the same).
pub const EXIT_CODES: &str = "Exit codes: 0 every file scored (a closed output pipe too); 2 a file could not be read or scored (also with --keep-going), bad usage, or the output cannot be written.";

/// The output formats of `jpd score`.
#[derive(Clone, Copy, ValueEnum)]
pub enum Format {
    Text,
    /// A JSON array, one element per file (a file that failed: {"file", "error"}).
    Json,
    /// JSON Lines: one compact object per file.
    Jsonl,
    Csv,
}

/// The arguments of `jpd score`.
#[derive(Args)]
pub struct ScoreArgs {
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
    /// Text: after the verdict and the board, the counts, the invariants, the findings and the
    /// table of results.
    #[arg(short, long)]
    verbose: bool,
    /// Text: after each report, the referee's proof string by string (status, colour, how it
    /// was proven), why the position is not settled, and the first move of each proven
    /// capture.
    #[arg(long)]
    explain: bool,
    #[command(flatten)]
    scoring: ScoringArgs,
    /// Print the reports of the good files even when some files are bad (exit code 2 still).
    #[arg(long)]
    keep_going: bool,
    /// Also draw the settled position as an SVG picture into this file (one SGF file only; the
    /// file must not be an SGF record).
    #[arg(long)]
    svg: Option<PathBuf>,
    /// SGF files (each game of a collection is scored) or folders (their *.sgf files,
    /// recursively); `-` reads from standard input.
    #[arg(required = true)]
    files: Vec<PathBuf>,
}

/// What scoring the files gave: the reports of the good ones, an entry for every file (for JSON),
/// and whether a file failed.
#[derive(Default)]
struct Scored {
    reports: Vec<FileReport>,
    entries: Vec<ScoreEntry>,
    bad: bool,
}

impl Scored {
    /// A file that could not be read or scored: said on stderr at once, kept as an error entry.
    fn failed(&mut self, file: String, error: String) {
        self.failed_game(file, None, error)
    }

    /// [`Scored::failed`] for one game of a collection.
    fn failed_game(&mut self, file: String, game: Option<u32>, error: String) {
        eprintln!(
            "{NAME}: {}: {}",
            escape_controls(&file),
            escape_controls(&error)
        );
        self.entries.push(ScoreEntry::Failed { file, game, error });
        self.bad = true;
    }
}

/// Runs `jpd score`.
pub fn run(a: ScoreArgs, g: &Global) -> Result<Status, CliError> {
    if let Some(svg) = &a.svg {
        check_svg_path(svg, &a.files)?;
    }
    let opts = a.scoring.options()?;
    let scored = score_files(&a.files, &opts, a.svg.as_deref())?;
    if scored.bad && !a.keep_going {
        return Err(CliError::AlreadySaid);
    }
    if matches!(a.format, Format::Csv) && !g.quiet {
        // CSV has no column for them; text and JSON carry them in the output.
        for r in &scored.reports {
            for n in &r.notes {
                eprintln!(
                    "{NAME}: {}: note: {}",
                    escape_controls(&r.file),
                    escape_controls(n)
                );
            }
        }
    }
    if print(a.format, (a.verbose, a.explain), g.color, &scored)? == Written::ReaderGone {
        // The reader had what it wanted, even when a file was bad (with --keep-going).
        return Ok(Status::Success);
    }
    if scored.bad {
        Err(CliError::AlreadySaid)
    } else {
        Ok(Status::Success)
    }
}

/// `--svg` draws one game into a file that is not an input: refused with more than one SGF file,
/// and when the SVG path is an input or an SGF record (`jpd score --svg *.sgf` makes the first
/// record the SVG path, which would be overwritten).
fn check_svg_path(svg: &Path, files: &[PathBuf]) -> Result<(), CliError> {
    let same = |f: &PathBuf| {
        f == svg
            || std::fs::canonicalize(f)
                .ok()
                .is_some_and(|c| std::fs::canonicalize(svg).ok() == Some(c))
    };
    let is_sgf = svg
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("sgf"));
    if is_sgf || files.iter().any(same) {
        return Err(CliError::Usage(format!(
            "--svg {}: that is an SGF record, and the picture would overwrite it; give the SVG \
             file to write after --svg (such as --svg game.svg), then exactly one SGF file",
            svg.display()
        )));
    }
    if files.len() != 1 {
        return Err(CliError::Usage(
            "--svg draws one game: give exactly one SGF file".to_string(),
        ));
    }
    Ok(())
}

/// Reads and scores every game of every file in turn (a folder stands for its `*.sgf` files,
/// a collection for each of its games), saying on stderr which ones fail; draws the SVG
/// picture into `svg` when asked (one game only, checked here and by the caller).
fn score_files(
    files: &[PathBuf],
    opts: &ScoreOptions,
    svg: Option<&Path>,
) -> Result<Scored, CliError> {
    let mut scored = Scored::default();
    let inputs = check::expand_inputs(files);
    if inputs.is_empty() {
        return Err(CliError::Usage(
            "no SGF file found in the inputs (a folder is read for its *.sgf files)".into(),
        ));
    }
    if svg.is_some() && inputs.len() != 1 {
        return Err(CliError::Usage(
            "--svg draws one game: give exactly one SGF file".to_string(),
        ));
    }
    for (path, err) in inputs {
        let name = path.display().to_string();
        if let Some(e) = err {
            scored.failed(name, format!("cannot read the file: {e}"));
            continue;
        }
        let bytes = match check::read_bounded(&path) {
            Ok(b) => b,
            Err(e) => {
                scored.failed(name, format!("cannot read the file: {e}"));
                continue;
            }
        };
        let games = match score_collection(&name, &bytes, opts) {
            Ok(g) => g,
            Err(e) => {
                scored.failed(name, e.to_string());
                continue;
            }
        };
        if svg.is_some() && games.len() > 1 {
            return Err(CliError::Usage(format!(
                "--svg draws one game: {name} holds {} games",
                games.len()
            )));
        }
        let n = games.len();
        for (game, i) in games.into_iter().zip(1..) {
            let (r, diagram) = match game {
                Ok(g) => g,
                Err(e) if n > 1 => {
                    scored.failed_game(name.clone(), Some(i), format!("game {i} of {n}: {e}"));
                    continue;
                }
                Err(e) => {
                    scored.failed(name.clone(), e.to_string());
                    continue;
                }
            };
            if let Some(out) = svg {
                let Some(d) = diagram else {
                    return Err(CliError::Refused(format!(
                        "{name}: no diagram: the game has no count ({})",
                        r.end
                    )));
                };
                write_atomic(out, d.to_svg().as_bytes())
                    .map_err(|e| CliError::Output(e.to_string()))?;
            }
            scored.entries.push(ScoreEntry::Report(Box::new(r.clone())));
            scored.reports.push(r)
        }
    }
    Ok(scored)
}

/// Prints the reports (or, for JSON, every entry) to standard output in `format`; only text is
/// ever coloured (`color`).
fn print(
    format: Format,
    (verbose, explain): (bool, bool),
    color: bool,
    scored: &Scored,
) -> Result<Written, CliError> {
    write_stdout(|out| match format {
        Format::Text => write_text_explained(out, &scored.reports, verbose, color, explain),
        Format::Json => write_json_entries(out, &scored.entries, false),
        Format::Jsonl => write_json_entries(out, &scored.entries, true),
        Format::Csv => write_csv(out, &scored.reports).map_err(|e| match e.into_kind() {
            csv::ErrorKind::Io(io) => io,
            k => std::io::Error::other(format!("{k:?}")),
        }),
    })
}
