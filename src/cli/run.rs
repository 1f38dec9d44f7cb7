//! `jpd run`: a campaign of random games verified in parallel and written as CSV to a folder,
//! new (refusing a folder that is not empty) or resumed from its manifest.

use std::path::{Path, PathBuf};

use clap::Args;
use jipingdian::harness::campaign::{
    self, Campaign, CampaignError, Hooks, ResumeConfig, RunConfig, RunReport, Shard,
};
use jipingdian::harness::generate::Policy;
use jipingdian::harness::outcome::{GameOutcome, RunOptions};
use jipingdian::harness::progress::Progress;
use jipingdian::harness::record;
use jipingdian::outdir;

use super::progress::Reporter;
use super::{
    command_line, lock_existing, lock_out, prepare_out, quiet_worker_panics, stop_on_ctrl_c,
    CliError, Global, Status,
};

/// The command's name, before each of its messages.
pub const NAME: &str = "jpd run";

/// The exit codes, shown after `--help` (docs/CLI.md's table says the same).
pub const EXIT_CODES: &str = "Exit codes: 0 the campaign is complete and no invariant failed; 1 an invariant failed (see violations.csv); 130 interrupted (finish with --resume); 2 bad arguments, a non-empty --out without --force, an output in use or larger than the free space, a bad --resume folder, or an I/O error.";

/// Above this estimate `jpd run` warns before it starts (2 GB).
const BIG_CAMPAIGN_BYTES: u64 = 2_000_000_000;

/// The arguments of `jpd run`.
#[derive(Args)]
pub struct RunArgs {
    /// Games in the campaign.
    #[arg(long, default_value_t = 10_000)]
    games: u64,
    /// Board sizes (5 to 19), taken in turn: game i has size sizes[i % len].
    #[arg(long, value_delimiter = ',', default_value = "9,13,19")]
    sizes: Vec<u8>,
    /// Generation policy (the list comes from the library, so it names every policy).
    #[arg(long, default_value = "mixed", help = policy_help())]
    policy: Policy,
    /// Master seed.
    #[arg(long, default_value_t = 2008)]
    seed: u64,
    /// Worker threads (0: one per CPU). The output does not depend on it.
    #[arg(short = 'j', long, default_value_t = 0)]
    threads: usize,
    /// Output folder.
    #[arg(short, long, default_value = "reports")]
    out: PathBuf,
    /// Run only the I-th of N slices (1-based: games with index % N == I - 1); join the
    /// slices with `jpd merge`.
    #[arg(long)]
    shard: Option<Shard>,
    /// Finish the interrupted campaign in this folder (its manifest gives the parameters).
    #[arg(long, conflicts_with_all = ["games", "sizes", "policy", "seed", "out", "shard", "force"])]
    resume: Option<PathBuf>,
    /// Replace what the output folder holds: the files jpd writes there are removed first
    /// (without it, a folder that is not empty is refused: it may hold a report, or a campaign
    /// `--resume` could finish).
    #[arg(long)]
    force: bool,
    /// Write no per-game rows to games.csv and scores.csv (two thirds of the bytes): keep
    /// the summaries, violations, divergences and findings, all `jpd findings` needs.
    #[arg(long, conflicts_with = "resume")]
    summaries_only: bool,
}

/// Runs `jpd run`: a new campaign, or the rest of the one `--resume` names.
pub fn run(a: RunArgs, g: &Global) -> Result<Status, CliError> {
    let c = Campaign {
        master_seed: a.seed,
        games: a.games,
        sizes: a.sizes,
        policy: a.policy,
        shard: a.shard,
    };
    if a.resume.is_none() {
        refuse_if_no_room(&c, &a.out, a.summaries_only)?;
    }
    // Held until the command ends: no other jpd process writes the folder meanwhile.
    let _lock = match &a.resume {
        Some(dir) => lock_existing(dir)?,
        None => {
            let lock = lock_out(&a.out)?;
            prepare_out(&a.out, a.force)?;
            warn_if_big(&c, &a.out, a.summaries_only);
            Some(lock)
        }
    };
    // A panic inside a game is caught and written as a violation with its seed.
    quiet_worker_panics(campaign::WORKER_PREFIX);
    let stop = stop_on_ctrl_c();
    let (todo, done, flagged) = match &a.resume {
        Some(dir) => {
            let m = campaign::Manifest::read(dir).map_err(CliError::refused)?;
            (m.games_in_scope, m.games_done, m.violations)
        }
        None => (c.games_in_scope(), 0, 0),
    };
    let rep = Reporter::new(NAME, g, |every| {
        Progress::new("games", todo, done, "violations", flagged, every)
    });
    let on_game = |o: &GameOutcome| rep.step(o.violations.len() as u64);
    let hooks = Hooks {
        stop: Some(&stop),
        on_game: Some(&on_game),
    };
    let (dir, result) = match a.resume {
        Some(dir) => {
            let r = resume(&dir, a.threads, &hooks);
            (dir, r)
        }
        None => {
            let r = start(c, a.threads, &a.out, a.summaries_only, &hooks);
            (a.out, r)
        }
    };
    rep.finish();
    Ok(verdict(g, &result.map_err(CliError::refused)?, &dir))
}

/// The help of `--policy`: every policy a seed generates.
pub fn policy_help() -> String {
    format!("Generation policy: {}", Policy::run_names())
}

/// Warns on stderr when the campaign will write more than [`BIG_CAMPAIGN_BYTES`], saying how to
/// keep only the summaries.
fn warn_if_big(c: &Campaign, out: &Path, summaries_only: bool) {
    let bytes = c.estimated_bytes(summaries_only);
    if bytes > BIG_CAMPAIGN_BYTES {
        eprintln!(
            "{NAME}: warning: this campaign will write about {} to {}{}",
            outdir::size_text(bytes),
            out.display(),
            if summaries_only {
                ""
            } else {
                "; to keep only the summaries (no rows in games.csv and scores.csv, \
                 two thirds of it), pass --summaries-only"
            }
        );
    }
}

/// Refuses a campaign whose estimated output does not fit in the space free where it would be
/// written (`--games 1000000000000` would otherwise start and fill the disk).
fn refuse_if_no_room(c: &Campaign, out: &Path, summaries_only: bool) -> Result<(), CliError> {
    let bytes = c.estimated_bytes(summaries_only);
    match outdir::free_bytes(out) {
        Some(free) if bytes > free => Err(CliError::Usage(format!(
            "--games {}: this campaign would write about {} to {}, more than the {} free there; \
             ask for fewer games{}",
            c.games,
            outdir::size_text(bytes),
            out.display(),
            outdir::size_text(free),
            if summaries_only {
                ""
            } else {
                ", or keep only the summaries with --summaries-only (about a third of it)"
            }
        ))),
        _ => Ok(()),
    }
}

/// Runs a new campaign into `out`.
fn start(
    c: Campaign,
    threads: usize,
    out: &Path,
    summaries_only: bool,
    hooks: &Hooks,
) -> Result<RunReport, CampaignError> {
    let mut cfg = RunConfig::new(c);
    cfg.threads = threads;
    cfg.command_line = command_line();
    cfg.git_commit = record::git_commit();
    cfg.run_options = RunOptions::default();
    cfg.shrinker = Some(jipingdian::harness::shrink::shrinker);
    cfg.summaries_only = summaries_only;
    campaign::run(&cfg, out, hooks)
}

/// Finishes the interrupted campaign in `dir`.
fn resume(dir: &Path, threads: usize, hooks: &Hooks) -> Result<RunReport, CampaignError> {
    let rc = ResumeConfig {
        threads,
        command_line: command_line(),
        shrinker: Some(jipingdian::harness::shrink::shrinker),
        ..ResumeConfig::default()
    };
    campaign::resume(dir, &rc, hooks)
}

/// Says how the campaign ended and gives its status: invariants failed (a bug of the harness),
/// complete, or interrupted (with the command that finishes it).
fn verdict(g: &Global, r: &RunReport, dir: &Path) -> Status {
    if r.complete && r.violations > 0 {
        // An invariant failed on a settled game (or a game panicked): a bug of the harness.
        eprintln!(
            "{NAME}: {} games, {} invariant violations (bugs of the harness, see violations.csv), written to {}",
            r.games_done,
            r.violations,
            dir.display()
        );
        Status::Failed
    } else if r.complete {
        if !g.quiet {
            eprintln!(
                "{NAME}: {} games, 0 invariant violations, written to {}",
                r.games_done,
                dir.display()
            );
        }
        Status::Success
    } else {
        eprintln!(
            "{NAME}: stopped after {} of {} games ({} violations); finish with: jpd run --resume {}",
            r.games_done,
            r.games_in_scope,
            r.violations,
            dir.display()
        );
        Status::Interrupted
    }
}
