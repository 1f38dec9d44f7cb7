//! `jpd findings`: FINDINGS.md written for a campaign folder, from its CSV files.

use std::path::PathBuf;

use clap::Args;
use jipingdian::report::findings::write_findings;

use super::{lock_existing, CliError, Global, Status};

/// The command's name, before each of its messages.
pub const NAME: &str = "jpd findings";

/// The exit codes, shown after `--help` (docs/CLI.md's table says the same).
pub const EXIT_CODES: &str =
    "Exit codes: 0 FINDINGS.md written; 2 not a campaign folder, a killed run with no summaries yet, a file cut short or changed, the folder in use, or an I/O error.";

/// The arguments of `jpd findings`.
#[derive(Args)]
pub struct FindingsArgs {
    /// The campaign folder (as written by `jpd run` or `jpd merge`).
    dir: PathBuf,
}

/// Runs `jpd findings`.
pub fn run(a: FindingsArgs, g: &Global) -> Result<Status, CliError> {
    let _lock = lock_existing(&a.dir)?;
    let path = write_findings(&a.dir).map_err(CliError::refused)?;
    if !g.quiet {
        eprintln!("{NAME}: wrote {}", path.display());
    }
    Ok(Status::Success)
}
