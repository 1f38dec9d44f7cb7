//! `jpd check`: many SGF records scored in parallel into a folder (records.csv, scores.csv,
//! errors.csv, FINDINGS.md), going on past the records that cannot be read.

use std::path::PathBuf;

use clap::Args;
use jipingdian::harness::progress::Progress;
use jipingdian::report::check::{self, CheckConfig, CheckSummary};

use super::progress::Reporter;
use super::{lock_out, quiet_worker_panics, CliError, Global, ScoringArgs, Status};

/// The command's name, before each of its messages.
pub const NAME: &str = "jpd check";

/// The exit codes, shown after `--help` (docs/CLI.md's table says the same).
pub const EXIT_CODES: &str = "Exit codes: 0 every record read and no invariant failed; 1 an invariant failed (a bug of the harness); 3 some records could not be read; 2 bad usage (no SGF file, a non-empty --out without --force, an output that cannot be written).";

/// The arguments of `jpd check`.
#[derive(Args)]
pub struct CheckArgs {
    /// Output folder (refused when not empty, unless --force).
    #[arg(short, long)]
    out: PathBuf,
    /// Replace what the output folder holds: the files jpd writes there are removed first.
    #[arg(long)]
    force: bool,
    /// Worker threads (0: one per CPU). The output does not depend on it.
    #[arg(short = 'j', long, default_value_t = 0)]
    threads: usize,
    #[command(flatten)]
    scoring: ScoringArgs,
    /// SGF files and folders; `-` reads one record from standard input.
    #[arg(required = true)]
    inputs: Vec<PathBuf>,
}

/// Runs `jpd check`.
pub fn run(a: CheckArgs, g: &Global) -> Result<Status, CliError> {
    let cfg = CheckConfig {
        score: a.scoring.options()?,
        threads: a.threads,
        force: a.force,
    };
    // The library refuses a folder that is not empty without --force, under this lock.
    let _lock = lock_out(&a.out)?;
    // A panic while scoring a record is caught and written to errors.csv.
    quiet_worker_panics(check::WORKER_PREFIX);
    let total = check::count_inputs(&a.inputs) as u64;
    let rep = Reporter::new(NAME, g, |every| {
        Progress::new("records", total, 0, "refused", 0, every)
    });
    let on_file = |os: &[check::FileOutcome]| {
        rep.step(os.iter().filter(|o| o.result.is_err()).count() as u64)
    };
    let result = check::check(&a.inputs, &a.out, &cfg, Some(&on_file));
    rep.finish();
    let s = result.map_err(CliError::refused)?;
    let status = status_of(&s);
    if !g.quiet || status != Status::Success {
        eprintln!(
            "{NAME}: {} records, {} read, {} refused (see errors.csv), {} with a failed invariant; written to {}",
            s.files,
            s.read,
            s.refused,
            s.invariants_failed,
            a.out.display()
        );
    }
    Ok(status)
}

/// The status of a finished check, as the library's summary gives its exit code.
fn status_of(s: &CheckSummary) -> Status {
    match s.exit_code() {
        0 => Status::Success,
        3 => Status::Unreadable,
        _ => Status::Failed,
    }
}
