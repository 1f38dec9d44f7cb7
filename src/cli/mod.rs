//! The subcommands of the `jpd` binary, one module each, and what they share: the global flags,
//! the status of a command that did its job, the one error type, and the small helpers (rule-set
//! lists, the board-size check, Ctrl-C, standard output).
//!
//! Each subcommand is a function `run(args, &Global) -> Result<Status, CliError>`. A command
//! prints its own reports (summaries, progress, one line per bad file); `main` alone prints the
//! error that stopped a command and turns both into the exit code.

pub mod args;
pub mod check;
pub mod exhaust;
pub mod findings;
pub mod gtp;
pub mod merge;
pub mod oracle;
pub mod progress;
pub mod replay;
pub mod rules;
pub mod run;
pub mod score;
pub mod shell;

use std::fmt;
use std::io::Write;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use jipingdian::checks::CheckOptions;
use jipingdian::counting::Balancing;
use jipingdian::harness::generate;
use jipingdian::outdir::{self, OutDirLock};
use jipingdian::report::score::{DeadChoice, KomiChoice, ScoreOptions};
use jipingdian::rules::RuleId;

/// The flags every subcommand takes.
pub struct Global {
    /// `--quiet`: no progress and no notes on stderr (errors and warnings still).
    pub quiet: bool,
    /// Seconds between progress lines when stderr is not a terminal.
    pub progress_every: f64,
    /// Whether the text on standard output is coloured (`--color`, `NO_COLOR`, a terminal).
    pub color: bool,
}

/// How a command that did its job ended. Each maps to an exit code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Exit code 0: done, nothing failed.
    Success,
    /// Exit code 1: done, but a check failed (an invariant, a merge with shards missing,
    /// `jpd oracle --strict` with an error or `our_bug` row).
    Failed,
    /// Exit code 3: `jpd check` went on past records it could not read.
    Unreadable,
    /// Exit code 130: interrupted (Ctrl-C); run again, or `jpd run --resume`, to finish.
    Interrupted,
}

impl Status {
    /// The process exit code of this status.
    pub fn exit_code(self) -> u8 {
        match self {
            Status::Success => 0,
            Status::Failed => 1,
            Status::Unreadable => 3,
            Status::Interrupted => 130,
        }
    }
}

/// Why a command could not do its job. `main` prints it after the command's name
/// (`jpd run: ...`), the variants that carry a message only, and exits with [`exit_code`].
///
/// [`exit_code`]: CliError::exit_code
#[derive(Debug)]
pub enum CliError {
    /// Exit code 2: bad arguments or a bad combination of them.
    Usage(String),
    /// Exit code 2: an input refused or unreadable (a file, a record, a campaign folder, a
    /// shard), or the library's job stopped by an error, I/O included.
    Refused(String),
    /// Exit code 2: the output cannot be written.
    Output(String),
    /// Exit code 2: GNU Go not found, or it did not start or play.
    GnuGo(String),
    /// Exit code 2 with nothing more printed: the command already said why on stderr (one line
    /// per bad file).
    AlreadySaid,
    /// Exit code 1: `jpd oracle` could compare nothing.
    NothingCompared(String),
}

impl CliError {
    /// An input refused or the library's job stopped, with the error's own message.
    pub fn refused(e: impl fmt::Display) -> CliError {
        CliError::Refused(e.to_string())
    }

    /// The process exit code of this error.
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::NothingCompared(_) => 1,
            CliError::Usage(_)
            | CliError::Refused(_)
            | CliError::Output(_)
            | CliError::GnuGo(_)
            | CliError::AlreadySaid => 2,
        }
    }

    /// The message to print after the command's name; `None` when there is nothing to print.
    pub fn message(&self) -> Option<&str> {
        match self {
            CliError::Usage(m)
            | CliError::Refused(m)
            | CliError::Output(m)
            | CliError::GnuGo(m)
            | CliError::NothingCompared(m) => Some(m),
            CliError::AlreadySaid => None,
        }
    }
}

/// The board sizes `jpd replay` and GNU Go self-play take, as a campaign does
/// ([`generate::check_board_size`]), as a usage error.
pub fn check_board_size(size: u8) -> Result<u8, CliError> {
    generate::check_board_size(size).map_err(|e| CliError::Usage(e.to_string()))
}

/// Takes the lock of the output folder `dir` (created when needed) for the rest of the command,
/// so that no other jpd process writes there meanwhile; refused while another holds it.
pub fn lock_out(dir: &Path) -> Result<OutDirLock, CliError> {
    OutDirLock::acquire(dir).map_err(CliError::refused)
}

/// Takes the lock of a folder the command reads and writes in place (`--resume`, `jpd
/// findings`), when it exists: a missing one is left to the command's own message.
pub fn lock_existing(dir: &Path) -> Result<Option<OutDirLock>, CliError> {
    if dir.is_dir() {
        lock_out(dir).map(Some)
    } else {
        Ok(None)
    }
}

/// The one rule of every command that writes a folder: empty, or `--force` (which clears the
/// files jpd writes there). Call it with the folder's lock held.
pub fn prepare_out(dir: &Path, force: bool) -> Result<(), CliError> {
    outdir::prepare(dir, force).map_err(CliError::refused)
}

/// How `jpd score` and `jpd check` read and count a record: the options they share.
#[derive(clap::Args)]
pub struct ScoringArgs {
    /// Rule sets: comma-separated ids, or `all`.
    #[arg(short, long, default_value = "all")]
    rules: String,
    /// Balancing reading of the Ji-Ping-Dian rules: art14 (default) or art11.
    #[arg(long, default_value = "art14")]
    balancing: Balancing,
    /// Komi: record (the record's KM for every rule set, each rule set's own when it has none),
    /// rules (each rule set's own) or a number of points, whole or half (6.5, 7, 0, -3.5).
    /// Each rule set adds its handicap compensation.
    #[arg(long, default_value = "record", allow_hyphen_values = true)]
    komi: KomiChoice,
    /// The same as --komi record, the default (kept for old scripts).
    #[arg(long, hide = true, conflicts_with = "komi")]
    komi_from_sgf: bool,
    /// Count a record that stops in play (no final passes, no result in RE) as paused after
    /// its last move: the side to move passes, then the other.
    #[arg(long)]
    assume_pause: bool,
    /// Read two moves of one colour in a row as an unrecorded virtual move of the other side
    /// between them, with a note (without it such a record is refused).
    #[arg(long)]
    implied_passes: bool,
    /// Dead stones of a paused record: record (its TB/TW marks), proven (the referee's proof
    /// only), estimate (the proof, then random playouts for the rest) or gnugo (GNU Go's
    /// final_status_list dead). Default: the record's marks when it has any, else estimate.
    #[arg(long)]
    dead: Option<DeadChoice>,
}

impl ScoringArgs {
    /// The library's options for these arguments.
    pub fn options(&self) -> Result<ScoreOptions, CliError> {
        Ok(ScoreOptions {
            rules: parse_rules(&self.rules)?,
            balancing: self.balancing,
            komi: self.komi,
            checks: CheckOptions::default(),
            assume_pause: self.assume_pause,
            implied_passes: self.implied_passes,
            dead: self.dead.clone().unwrap_or_default(),
        })
    }
}

/// `--rules`: comma-separated rule-set ids, or `all`.
pub fn parse_rules(s: &str) -> Result<Vec<RuleId>, CliError> {
    RuleId::parse_list(s).map_err(CliError::Usage)
}

/// The command line, as a manifest records it.
pub fn command_line() -> Vec<String> {
    std::env::args().collect()
}

/// A flag set on the first Ctrl-C, so that the job stops at its next checkpoint; a second
/// Ctrl-C leaves at once with exit code 130 (the last checkpoint stays consistent).
pub fn stop_on_ctrl_c() -> Arc<AtomicBool> {
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    let _ = ctrlc::set_handler(move || {
        if flag.swap(true, Ordering::SeqCst) {
            std::process::exit(130);
        }
    });
    stop
}

/// Silences the panic messages of the worker threads whose names start with `prefix`: the
/// library catches such a panic and records it (a violation, a row of errors.csv), and its
/// message would break the progress bar. Other threads' panics print as usual.
pub fn quiet_worker_panics(prefix: &'static str) {
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let worker = std::thread::current()
            .name()
            .is_some_and(|n| n.starts_with(prefix));
        if !worker {
            default_hook(info)
        }
    }));
}

/// Whether the reader of standard output took everything.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Written {
    /// All written and flushed.
    Whole,
    /// The reader went away (`jpd score ... | head -1`): it had what it wanted, not an error.
    ReaderGone,
}

/// Writes a command's output to standard output with `write`, then flushes it. A closed pipe is
/// [`Written::ReaderGone`]; any other failure is [`CliError::Output`].
pub fn write_stdout(
    write: impl FnOnce(&mut std::io::StdoutLock<'static>) -> std::io::Result<()>,
) -> Result<Written, CliError> {
    let mut out = std::io::stdout().lock();
    let written = write(&mut out);
    let flushed = out.flush();
    match written.and(flushed) {
        Ok(()) => Ok(Written::Whole),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(Written::ReaderGone),
        Err(e) => Err(CliError::Output(format!("cannot write the output: {e}"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The exit codes docs/CLI.md's table and each `--help` give.
    #[test]
    fn exit_codes_are_the_documented_ones() {
        assert_eq!(Status::Success.exit_code(), 0);
        assert_eq!(Status::Failed.exit_code(), 1);
        assert_eq!(Status::Unreadable.exit_code(), 3);
        assert_eq!(Status::Interrupted.exit_code(), 130);
        assert_eq!(CliError::Usage("x".into()).exit_code(), 2);
        assert_eq!(CliError::AlreadySaid.exit_code(), 2);
        assert_eq!(CliError::AlreadySaid.message(), None);
        assert_eq!(CliError::NothingCompared("x".into()).exit_code(), 1);
    }

    /// 5 and 19 are the smallest and largest sizes a campaign plays; 4 and 20 are just outside.
    #[test]
    fn board_sizes_go_from_5_to_19() {
        assert_eq!(check_board_size(5).unwrap(), 5);
        assert_eq!(check_board_size(19).unwrap(), 19);
        for bad in [0, 4, 20] {
            let e = check_board_size(bad).unwrap_err();
            assert_eq!(
                e.message(),
                Some(format!("board size {bad} is out of range: sizes go from 5 to 19").as_str())
            );
        }
    }

    #[test]
    fn rules_all_or_a_list() {
        assert_eq!(parse_rules("ALL").unwrap(), RuleId::ALL.to_vec());
        assert_eq!(parse_rules("chinese,japanese").unwrap().len(), 2);
        assert!(matches!(parse_rules("nope"), Err(CliError::Usage(_))));
    }
}
