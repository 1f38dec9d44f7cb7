//! `jpd merge`: the folders of the shards of one campaign joined into one report, or those of
//! one exhaustive run (`jpd exhaust --shard I/N`) into the folder of the unsharded run.

use std::path::PathBuf;

use clap::Args;
use jipingdian::harness::{campaign, exhaust, record};

use super::{command_line, lock_existing, lock_out, prepare_out, CliError, Global, Status};

/// The command's name, before each of its messages.
pub const NAME: &str = "jpd merge";

/// The exit codes, shown after `--help` (docs/CLI.md's table says the same).
pub const EXIT_CODES: &str = "Exit codes: 0 merged and complete; 1 merged but incomplete (shards of a campaign missing); 2 a shard refused (damaged, unfinished, of another campaign or run, given twice; with shards of jpd exhaust also one missing), the output folder is a shard, in use, or not empty without --force, or an I/O error.";

/// The arguments of `jpd merge`.
#[derive(Args)]
pub struct MergeArgs {
    /// Output folder (refused when not empty, unless --force).
    #[arg(short, long)]
    out: PathBuf,
    /// Replace what the output folder holds: the files jpd writes there are removed first.
    #[arg(long)]
    force: bool,
    /// The shards' folders: of jpd run --shard I/N, or of jpd exhaust --shard I/N (told apart
    /// by their manifests).
    #[arg(required = true)]
    shards: Vec<PathBuf>,
}

/// Runs `jpd merge`: complete, or [`Status::Failed`] when shards of the campaign are missing.
pub fn run(a: MergeArgs, _: &Global) -> Result<Status, CliError> {
    // Refuse an output that is a shard before anything there is cleared.
    campaign::check_merge_folders(&a.out, &a.shards).map_err(CliError::refused)?;
    let _lock = lock_out(&a.out)?;
    // The shards too, so that none is resumed or rewritten while it is read (each folder once:
    // a shard given twice is refused with its own message below).
    let mut seen = std::collections::BTreeSet::new();
    let mut _shard_locks = Vec::new();
    for d in &a.shards {
        if seen.insert(std::fs::canonicalize(d).unwrap_or_else(|_| d.clone())) {
            _shard_locks.push(lock_existing(d)?);
        }
    }
    prepare_out(&a.out, a.force)?;
    if a.shards.iter().any(|d| exhaust::is_exhaust_folder(d)) {
        let r = exhaust::merge(&a.out, &a.shards, command_line()).map_err(CliError::refused)?;
        let legal = r.totals.get("legal");
        eprintln!(
            "{NAME}: {} shards of an exhaustive run joined: {} legal positions, {} symmetry \
             classes, {} invariant failures, written to {}",
            a.shards.len(),
            legal.positions,
            legal.classes,
            r.violations,
            a.out.display()
        );
        return Ok(Status::Success);
    }
    let r = campaign::merge(&a.out, &a.shards, command_line(), record::git_commit())
        .map_err(CliError::refused)?;
    eprintln!(
        "{NAME}: {} games, {} violations, {}, written to {}",
        r.games_done,
        r.violations,
        if r.complete {
            "complete"
        } else {
            "INCOMPLETE: some shards of the campaign are missing"
        },
        a.out.display()
    );
    Ok(if r.complete {
        Status::Success
    } else {
        Status::Failed
    })
}
