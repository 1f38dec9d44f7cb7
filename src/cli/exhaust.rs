//! `jpd exhaust`: every legal position of a board up to 4x4, each with its simplest games,
//! through the campaign's pipeline; resumable from the output folder's checkpoint.

use std::path::PathBuf;

use clap::Args;
use jipingdian::harness::exhaust::{
    self, ExhaustConfig, ExhaustHooks, ExhaustReport, ExhaustShard, Mode,
};
use jipingdian::harness::progress::Progress;
use std::sync::atomic::{AtomicU64, Ordering};

use super::progress::Reporter;

use super::{command_line, lock_out, stop_on_ctrl_c, CliError, Global, Status};

/// The command's name, before each of its messages.
pub const NAME: &str = "jpd exhaust";

/// The exit codes, shown after `--help` (docs/CLI.md's table says the same).
pub const EXIT_CODES: &str = "Exit codes: 0 every position done (every chunk of the shard, with --shard) and no invariant failed; 1 an invariant failed (see violations.csv); 130 interrupted (run the same command again to resume from the checkpoint); 2 a size outside 1 to 4, a bad --shard, a checkpoint of another run (or of another shard), an output folder in use or not empty without --force, or an I/O error.";

/// The arguments of `jpd exhaust`.
#[derive(Args)]
pub struct ExhaustArgs {
    /// Board size, 1 to 4.
    #[arg(long)]
    size: u8,
    /// Every legal position (the default).
    #[arg(long, conflicts_with = "classes")]
    all: bool,
    /// One position per class of the 8 symmetries of the board (colours not swapped).
    #[arg(long)]
    classes: bool,
    /// Output folder (resumes from its checkpoint.json when there is one; any other folder that
    /// is not empty is refused, unless --force).
    #[arg(short, long)]
    out: PathBuf,
    /// Start afresh in a folder that is not empty: the files jpd writes there are removed first.
    #[arg(long)]
    force: bool,
    /// Worker threads (0: one per CPU). The output does not depend on it.
    #[arg(short = 'j', long, default_value_t = 0)]
    threads: usize,
    /// Write games.csv (one row per game); the default up to 3x3.
    #[arg(long)]
    games_csv: Option<bool>,
    /// The referee's node budget per search (default: 1,000,000 up to 3x3, the
    /// campaign's 5,000 on 4x4).
    #[arg(long)]
    nodes: Option<u32>,
    /// Only count the legal positions and symmetry classes (no game is played).
    #[arg(long)]
    count_only: bool,
    /// Run only shard I of N (1-based, 1 <= I <= N): the chunks c with c % N == I - 1 (--shard
    /// 1/3, 2/3, 3/3; a Slurm job array --array=1-3 gives $SLURM_ARRAY_TASK_ID/3). Each shard
    /// writes its own folder and resumes from its own checkpoint; jpd merge joins them into the
    /// bytes of the unsharded run.
    #[arg(long, value_name = "I/N")]
    shard: Option<ExhaustShard>,
}

impl ExhaustArgs {
    /// The library's configuration: the arguments given over its defaults for the size.
    fn config(&self) -> ExhaustConfig {
        let mode = if self.classes {
            Mode::Classes
        } else {
            Mode::All
        };
        let mut cfg = ExhaustConfig::new(self.size, mode);
        cfg.threads = self.threads;
        let games_csv = if self.count_only {
            Some(false)
        } else {
            self.games_csv
        };
        cfg.games_csv = games_csv.unwrap_or(cfg.games_csv);
        cfg.nodes = self.nodes.unwrap_or(cfg.nodes);
        cfg.count_only = self.count_only;
        cfg.command_line = command_line();
        cfg.force = self.force;
        cfg.shard = self.shard;
        cfg
    }
}

/// Runs `jpd exhaust`: prints the totals on stdout; interrupted (130) or invariants failed (1).
pub fn run(a: ExhaustArgs, g: &Global) -> Result<Status, CliError> {
    let cfg = a.config();
    // Held until the command ends; the library refuses a folder that is not empty.
    let _lock = lock_out(&a.out)?;
    let stop = stop_on_ctrl_c();
    // A bar on a terminal, else a line every few seconds, counted from the checkpoint.
    let total = cfg.chunks_in_scope();
    let start = exhaust::chunks_done(&cfg, &a.out);
    let done = AtomicU64::new(start);
    let failed = AtomicU64::new(0);
    let rep = Reporter::new(NAME, g, |every| {
        Progress::new("chunks", total, start, "invariant failures", 0, every)
    });
    let on_batch = |now: u64, _: u64, violations: u64| {
        let before = done.swap(now, Ordering::Relaxed);
        let new = violations.saturating_sub(failed.swap(violations, Ordering::Relaxed));
        for i in before..now {
            rep.step(if i + 1 == now { new } else { 0 });
        }
    };
    let hooks = ExhaustHooks {
        stop: Some(&stop),
        on_batch: Some(&on_batch),
    };
    let result = exhaust::run(&cfg, &a.out, &hooks);
    rep.finish();
    let r = result.map_err(CliError::refused)?;
    print_totals(&cfg, &r);
    Ok(if !r.complete {
        Status::Interrupted
    } else if r.violations > 0 {
        Status::Failed
    } else {
        Status::Success
    })
}

/// The one line of totals on stdout (of the shard's chunks, with --shard).
fn print_totals(cfg: &ExhaustConfig, r: &ExhaustReport) {
    let size = cfg.size;
    let run = match cfg.shard {
        Some(s) => format!("{}, shard {s}", cfg.mode.name()),
        None => cfg.mode.name().to_string(),
    };
    let legal = r.totals.get("legal");
    let settled = r.totals.get("settled");
    println!(
        "{size}x{size} ({run}): {} legal positions, {} symmetry classes; {} settled \
         positions ({} games); {} invariant failures{}",
        legal.positions,
        legal.classes,
        settled.positions,
        settled.games,
        r.violations,
        if r.complete {
            ""
        } else {
            " (interrupted: run again to resume)"
        }
    );
}
