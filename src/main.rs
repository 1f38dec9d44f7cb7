//! `jpd`: the command line of jipingdian. It parses arguments, calls the library and maps errors
//! to exit codes (0 success, 1 a check failed where asked, 2 bad input or usage, 3 `jpd check`:
//! some records could not be read, 130 `jpd run` interrupted); each subcommand's are in its
//! `--help` and the README.

use std::io::Write;

/// mimalloc: the verification of a game allocates many short-lived boards and vectors, and the
/// system allocator took a quarter of a 9x9 campaign's time.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

use jipingdian::checks::CheckOptions;
use jipingdian::counting::Balancing;
use jipingdian::files::write_atomic;
use jipingdian::report::score::{
    score_bytes_with_diagram, write_csv, write_json_entries, write_text, DeadChoice, FileReport,
    ScoreEntry, ScoreOptions,
};
use jipingdian::rules::RuleId;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use jipingdian::harness::campaign::{
    self, Campaign, Hooks, ResumeConfig, RunConfig, RunReport, Shard,
};
use jipingdian::harness::generate::{GameSpec, Policy};
use jipingdian::harness::outcome::{GameOutcome, RunOptions};
use jipingdian::harness::progress::Progress;
use jipingdian::oracle::selfplay::{self_play, size_of, Levels, SelfPlaySpec};
use jipingdian::oracle::{self, DeadSource, GnuGoConfig, GnuGoPair, OracleInput, OracleRules};
use jipingdian::report::campaign::{replay_games_csv, replay_report, replay_sgf};
use jipingdian::report::check::{self, CheckConfig};

#[derive(Parser)]
#[command(
    name = "jpd",
    version,
    about = "Ji-Ping-Dian Go rules engine and verification harness"
)]
struct Cli {
    /// No progress and no notes on stderr (errors and warnings still).
    #[arg(long, global = true)]
    quiet: bool,
    /// Seconds between progress lines when stderr is not a terminal.
    #[arg(long, global = true, default_value_t = 5.0, hide = true)]
    progress_every: f64,
    #[command(subcommand)]
    command: Command,
}

/// Progress on stderr: a bar on a terminal, else a plain line every few seconds (batch jobs,
/// CI logs), nothing with `--quiet`.
struct Reporter {
    name: &'static str,
    bar: Option<ProgressBar>,
    quiet: bool,
    p: Progress,
}

impl Reporter {
    fn new(name: &'static str, g: &Global, p: impl Fn(Duration) -> Progress) -> Reporter {
        use std::io::IsTerminal;
        let tty = std::io::stderr().is_terminal() && !g.quiet;
        let every = if tty {
            Duration::from_millis(500)
        } else {
            Duration::from_secs_f64(g.progress_every.max(0.0))
        };
        let p = p(every);
        let bar = tty.then(|| {
            let bar = ProgressBar::with_draw_target(Some(p.total()), ProgressDrawTarget::stderr());
            let style = format!("{{bar:30}} {{pos}}/{{len}} {}  {{msg}}", p.noun());
            bar.set_style(
                ProgressStyle::with_template(&style)
                    .unwrap_or_else(|_| ProgressStyle::default_bar()),
            );
            bar.set_position(p.done());
            bar.set_message(p.message());
            bar
        });
        Reporter {
            name,
            bar,
            quiet: g.quiet,
            p,
        }
    }

    fn step(&self, flagged: u64) {
        let line = self.p.step(flagged);
        match (&self.bar, line) {
            (Some(bar), line) => {
                bar.inc(1);
                if line.is_some() {
                    bar.set_message(self.p.message());
                }
            }
            (None, Some(line)) if !self.quiet => eprintln!("{}: {line}", self.name),
            _ => {}
        }
    }

    fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// The flags every subcommand takes.
struct Global {
    quiet: bool,
    progress_every: f64,
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Text,
    /// A JSON array, one element per file (a file that failed: {"file", "error"}).
    Json,
    /// JSON Lines: one compact object per file.
    Jsonl,
    Csv,
}

// The exit codes of each subcommand, shown after its --help (the README's table says the same).
const EXIT_SCORE: &str = "Exit codes: 0 every file scored (a closed output pipe too); 2 a file could not be read or scored (also with --keep-going), bad usage, or the output cannot be written.";
const EXIT_CHECK: &str = "Exit codes: 0 every record read and no invariant failed; 1 an invariant failed (a bug of the harness); 3 some records could not be read; 2 bad usage (no SGF file, a non-empty --out without --force, an output that cannot be written).";
const EXIT_RUN: &str = "Exit codes: 0 the campaign is complete and no invariant failed; 1 an invariant failed (see violations.csv); 130 interrupted (finish with --resume); 2 bad arguments, a non-empty --out without --force, a bad --resume folder, or an I/O error.";
const EXIT_MERGE: &str = "Exit codes: 0 merged and complete; 1 merged but incomplete (shards missing); 2 a shard refused (damaged, unfinished, of another campaign), the output folder is a shard, or an I/O error.";
const EXIT_FINDINGS: &str = "Exit codes: 0 FINDINGS.md written; 2 not a campaign folder, a file cut short, or an I/O error.";
const EXIT_ORACLE: &str = "Exit codes: 0 games compared (or self-play games written); 1 nothing compared, or with --strict an error or our_bug row; 2 GNU Go not found or not starting, bad usage, or an I/O error.";
const EXIT_RULES: &str = "Exit codes: 0 listed; 2 the output cannot be written.";
const EXIT_REPLAY: &str =
    "Exit codes: 0 printed or written; 2 a bad board size or the SGF cannot be written.";

#[derive(Clone, Copy, ValueEnum)]
enum ListFormat {
    Text,
    Json,
}

#[derive(Subcommand)]
enum Command {
    /// Score finished SGF records under every rule set and check the theorems.
    #[command(after_help = EXIT_SCORE)]
    Score {
        /// Rule sets: comma-separated ids, or `all`.
        #[arg(long, default_value = "all")]
        rules: String,
        /// Balancing reading of the Ji-Ping-Dian rules: art14 (default) or art11.
        #[arg(long, default_value = "art14")]
        balancing: Balancing,
        /// Output format.
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
        /// Use the record's KM as every rule set's komi.
        #[arg(long)]
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
        /// Print the reports of the good files even when some files are bad (exit code 2 still).
        #[arg(long)]
        keep_going: bool,
        /// Also draw the settled position as an SVG picture into this file (one SGF file only).
        #[arg(long)]
        svg: Option<PathBuf>,
        /// SGF files; `-` reads one record from standard input.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Score many SGF records in parallel into a folder: records.csv, scores.csv, errors.csv,
    /// FINDINGS.md.
    ///
    /// Folders are walked recursively for *.sgf; the output is in path order, the same whatever
    /// --threads. A record that cannot be read goes to errors.csv and the others go on.
    #[command(after_help = EXIT_CHECK)]
    Check {
        /// Output folder (refused when not empty, unless --force).
        #[arg(long)]
        out: PathBuf,
        /// Write into a non-empty output folder (its four output files are replaced).
        #[arg(long)]
        force: bool,
        /// Worker threads (0: one per CPU). The output does not depend on it.
        #[arg(long, default_value_t = 0)]
        threads: usize,
        /// Rule sets: comma-separated ids, or `all`.
        #[arg(long, default_value = "all")]
        rules: String,
        /// Balancing reading of the Ji-Ping-Dian rules: art14 (default) or art11.
        #[arg(long, default_value = "art14")]
        balancing: Balancing,
        /// Use each record's KM as every rule set's komi.
        #[arg(long)]
        komi_from_sgf: bool,
        /// Count a record that stops in play (no final passes, no result in RE) as paused after
        /// its last move.
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
        /// SGF files and folders; `-` reads one record from standard input.
        #[arg(required = true)]
        inputs: Vec<PathBuf>,
    },
    /// Run a campaign: many random games verified in parallel, written as CSV to a folder.
    #[command(after_help = EXIT_RUN)]
    Run {
        /// Games in the campaign.
        #[arg(long, default_value_t = 10_000)]
        games: u64,
        /// Board sizes (5 to 19), taken in turn: game i has size sizes[i % len].
        #[arg(long, value_delimiter = ',', default_value = "9,13,19")]
        sizes: Vec<u8>,
        /// Generation policy: uniform, seki, endgame, dispute or mixed.
        #[arg(long, default_value = "mixed")]
        policy: Policy,
        /// Master seed.
        #[arg(long, default_value_t = 2008)]
        seed: u64,
        /// Worker threads (0: one per CPU). The output does not depend on it.
        #[arg(long, default_value_t = 0)]
        threads: usize,
        /// Output folder.
        #[arg(long, default_value = "reports")]
        out: PathBuf,
        /// Run only the I-th of N slices (1-based: games with index % N == I - 1); join the
        /// slices with `jpd merge`.
        #[arg(long)]
        shard: Option<Shard>,
        /// Finish the interrupted campaign in this folder (its manifest gives the parameters).
        #[arg(long, conflicts_with_all = ["games", "sizes", "policy", "seed", "out", "shard", "force"])]
        resume: Option<PathBuf>,
        /// Replace what the output folder holds (without it, a folder that is not empty is
        /// refused: it may hold a report, or a campaign `--resume` could finish).
        #[arg(long)]
        force: bool,
        /// Write no per-game rows to games.csv and scores.csv (two thirds of the bytes): keep
        /// the summaries, violations, divergences and findings, all `jpd findings` needs.
        #[arg(long, conflicts_with = "resume")]
        summaries_only: bool,
    },
    /// Join the folders of the shards of one campaign into one report.
    #[command(after_help = EXIT_MERGE)]
    Merge {
        /// Output folder.
        #[arg(long)]
        out: PathBuf,
        /// The shards' folders.
        #[arg(required = true)]
        shards: Vec<PathBuf>,
    },
    /// Every legal position of a board up to 4x4, each with its simplest games, through the
    /// campaign's pipeline (referee, counts under every rule set, invariants, findings).
    Exhaust {
        /// Board size, 1 to 4.
        #[arg(long)]
        size: u8,
        /// Every legal position (the default).
        #[arg(long, conflicts_with = "classes")]
        all: bool,
        /// One position per class of the 8 symmetries of the board (colours not swapped).
        #[arg(long)]
        classes: bool,
        /// Output folder (resumes from its checkpoint.json when there is one).
        #[arg(long)]
        out: PathBuf,
        /// Worker threads (0: one per CPU). The output does not depend on it.
        #[arg(long, default_value_t = 0)]
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
    },
    /// Write FINDINGS.md for a campaign folder, from its CSV files.
    #[command(after_help = EXIT_FINDINGS)]
    Findings {
        /// The campaign folder (as written by `jpd run` or `jpd merge`).
        dir: PathBuf,
    },
    /// Score games with GNU Go and with us (Chinese and Japanese rules) and write oracle.csv;
    /// or, with --self-play, write GNU Go self-play games as SGF.
    #[command(after_help = EXIT_ORACLE)]
    Oracle {
        /// SGF files to compare.
        files: Vec<PathBuf>,
        /// GNU Go self-play games to make (compared, or written with --self-play).
        #[arg(long, default_value_t = 0)]
        games: u64,
        /// Master seed of the self-play games.
        #[arg(long, default_value_t = 2008)]
        seed: u64,
        /// Board sizes of the self-play games (5 to 19), taken in turn.
        #[arg(long, value_delimiter = ',', default_value = "5,7,9")]
        sizes: Vec<u8>,
        /// GNU Go levels of the self-play games: a level or a range such as 0-10.
        #[arg(long, default_value = "0-10")]
        levels: Levels,
        /// At most this many random first moves per self-play game, for variety.
        #[arg(long, default_value_t = 3)]
        random_moves: u32,
        /// First index of the self-play games (to extend a set without changing it).
        #[arg(long, default_value_t = 0)]
        first: u64,
        /// Only write the self-play games as SGF files into --out; compare nothing.
        #[arg(long)]
        self_play: bool,
        /// Whose dead stones we count with: gnugo, record (the SGF's TB/TW) or proven (our referee's).
        #[arg(long, default_value = "gnugo")]
        dead: DeadSource,
        /// The GNU Go program (default: $JPD_GNUGO, /usr/games/gnugo, gnugo on the PATH).
        #[arg(long)]
        gnugo: Option<PathBuf>,
        /// Seconds GNU Go may take for one command.
        #[arg(long, default_value_t = 120)]
        timeout: u64,
        /// Exit with 1 when a row is an error or of category our_bug.
        #[arg(long)]
        strict: bool,
        /// Output folder.
        #[arg(long)]
        out: PathBuf,
    },
    /// List every rule set: id, komi, counting method, ko and suicide rules, source.
    #[command(after_help = EXIT_RULES)]
    Rules {
        /// Output format: text or json.
        #[arg(long, value_enum, default_value = "text")]
        format: ListFormat,
    },
    /// Regenerate one game of a campaign and print its report, or write it as SGF. The defaults
    /// are `jpd run`'s, so `jpd replay --game I` is game I of `jpd run`'s default campaign.
    #[command(after_help = EXIT_REPLAY)]
    Replay {
        /// Master seed.
        #[arg(long, default_value_t = 2008)]
        seed: u64,
        /// Game index.
        #[arg(long)]
        game: u64,
        /// Campaign policy.
        #[arg(long, default_value = "mixed")]
        policy: Policy,
        /// Board size of this game (instead of taking it from --sizes).
        #[arg(long, conflicts_with = "sizes")]
        size: Option<u8>,
        /// The campaign's sizes, as given to `jpd run` (the same default): the game's size is
        /// sizes[game % len].
        #[arg(long, value_delimiter = ',', default_value = "9,13,19")]
        sizes: Vec<u8>,
        /// Print the game's games.csv row (with header) instead of the text report.
        #[arg(long)]
        csv: bool,
        /// Write the game as SGF to this file instead.
        #[arg(long)]
        sgf: Option<PathBuf>,
    },
}

/// The exit code of a command whose output went to stdout: a reader that went away
/// (`... | head -1`) had what it wanted.
fn written_exit(name: &str, written: std::io::Result<()>) -> ExitCode {
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{name}: cannot write the output: {e}");
            ExitCode::from(2)
        }
    }
}

/// Above this estimate `jpd run` warns before it starts (2 GB).
const BIG_CAMPAIGN_BYTES: u64 = 2_000_000_000;

fn command_line() -> Vec<String> {
    std::env::args().collect()
}

fn run_exhaust(
    size: u8,
    classes: bool,
    out: PathBuf,
    threads: usize,
    games_csv: Option<bool>,
    nodes: Option<u32>,
    count_only: bool,
) -> ExitCode {
    use jipingdian::harness::exhaust::{self, ExhaustConfig, ExhaustHooks, Mode};
    let mode = if classes { Mode::Classes } else { Mode::All };
    let mut cfg = ExhaustConfig::new(size, mode);
    cfg.threads = threads;
    cfg.games_csv = games_csv.unwrap_or(cfg.games_csv);
    cfg.nodes = nodes.unwrap_or(cfg.nodes);
    cfg.count_only = count_only;
    cfg.command_line = command_line();
    let stop = Arc::new(AtomicBool::new(false));
    {
        let stop = stop.clone();
        let _ = ctrlc::set_handler(move || {
            if stop.swap(true, Ordering::SeqCst) {
                std::process::exit(130);
            }
        });
    }
    let bar = ProgressBar::with_draw_target(
        Some(jipingdian::harness::position::chunk_count(size.min(4))),
        ProgressDrawTarget::stderr(),
    );
    bar.set_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} chunks  {per_sec}  ETA {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let on_batch = |done: u64, _: u64| bar.set_position(done);
    let hooks = ExhaustHooks {
        stop: Some(&stop),
        on_batch: Some(&on_batch),
    };
    match exhaust::run(&cfg, &out, &hooks) {
        Ok(r) => {
            bar.finish_and_clear();
            let legal = r.totals.get("legal");
            let settled = r.totals.get("settled");
            println!(
                "{size}x{size} ({}): {} legal positions, {} symmetry classes; {} settled \
                 positions ({} games); {} invariant failures{}",
                mode.name(),
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
            if !r.complete {
                ExitCode::from(130)
            } else if r.violations > 0 {
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            }
        }
        Err(e) => {
            bar.abandon();
            eprintln!("jpd exhaust: {e}");
            ExitCode::from(2)
        }
    }
}

fn run_campaign(
    g: &Global,
    campaign_def: Campaign,
    threads: usize,
    out: PathBuf,
    resume: Option<PathBuf>,
    summaries_only: bool,
) -> ExitCode {
    // A panic inside a game is caught and written as a violation with its seed: keep the
    // worker threads quiet about it, so that it does not break the progress bar.
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let worker = std::thread::current()
            .name()
            .is_some_and(|n| n.starts_with(campaign::WORKER_PREFIX));
        if !worker {
            default_hook(info)
        }
    }));
    let stop = Arc::new(AtomicBool::new(false));
    {
        let stop = stop.clone();
        let _ = ctrlc::set_handler(move || {
            if stop.swap(true, Ordering::SeqCst) {
                // A second Ctrl-C: leave at once (the last checkpoint stays consistent).
                std::process::exit(130);
            }
        });
    }
    let (todo, done, flagged) = match &resume {
        Some(dir) => match campaign::Manifest::read(dir) {
            Ok(m) => (m.games_in_scope, m.games_done, m.violations),
            Err(e) => {
                eprintln!("jpd run: {e}");
                return ExitCode::from(2);
            }
        },
        None => (campaign_def.games_in_scope(), 0, 0),
    };
    let rep = Reporter::new("jpd run", g, |every| {
        Progress::new("games", todo, done, "violations", flagged, every)
    });
    let on_game = |o: &GameOutcome| rep.step(o.violations.len() as u64);
    let hooks = Hooks {
        stop: Some(&stop),
        on_game: Some(&on_game),
    };
    let (dir, result): (PathBuf, Result<RunReport, _>) = match resume {
        Some(dir) => {
            let rc = ResumeConfig {
                threads,
                command_line: command_line(),
                shrinker: Some(jipingdian::harness::shrink::shrinker),
                ..ResumeConfig::default()
            };
            let r = campaign::resume(&dir, &rc, &hooks);
            (dir, r)
        }
        None => {
            let mut cfg = RunConfig::new(campaign_def);
            cfg.threads = threads;
            cfg.command_line = command_line();
            cfg.git_commit = campaign::git_commit();
            cfg.run_options = RunOptions::default();
            cfg.shrinker = Some(jipingdian::harness::shrink::shrinker);
            cfg.summaries_only = summaries_only;
            let r = campaign::run(&cfg, &out, &hooks);
            (out, r)
        }
    };
    rep.finish();
    match result {
        Ok(r) if r.complete && r.violations > 0 => {
            // An invariant failed on a settled game (or a game panicked): a bug of the harness.
            eprintln!(
                "jpd run: {} games, {} invariant violations (bugs of the harness, see violations.csv), written to {}",
                r.games_done,
                r.violations,
                dir.display()
            );
            ExitCode::from(1)
        }
        Ok(r) if r.complete => {
            if !g.quiet {
                eprintln!(
                    "jpd run: {} games, 0 invariant violations, written to {}",
                    r.games_done,
                    dir.display()
                );
            }
            ExitCode::SUCCESS
        }
        Ok(r) => {
            eprintln!(
                "jpd run: stopped after {} of {} games ({} violations); finish with: jpd run --resume {}",
                r.games_done,
                r.games_in_scope,
                r.violations,
                dir.display()
            );
            ExitCode::from(130)
        }
        Err(e) => {
            eprintln!("jpd run: {e}");
            ExitCode::from(2)
        }
    }
}

fn run_check(g: &Global, inputs: Vec<PathBuf>, out: PathBuf, cfg: CheckConfig) -> ExitCode {
    // A panic while scoring a record is caught and written to errors.csv: keep the worker
    // threads quiet about it, so that it does not break the progress bar.
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let worker = std::thread::current()
            .name()
            .is_some_and(|n| n.starts_with(check::WORKER_PREFIX));
        if !worker {
            default_hook(info)
        }
    }));
    let total = check::count_inputs(&inputs) as u64;
    let rep = Reporter::new("jpd check", g, |every| {
        Progress::new("records", total, 0, "refused", 0, every)
    });
    let on_file = |o: &check::FileOutcome| rep.step(o.result.is_err() as u64);
    let result = check::check(&inputs, &out, &cfg, Some(&on_file));
    rep.finish();
    match result {
        Ok(s) => {
            if !g.quiet || s.exit_code() != 0 {
                eprintln!(
                "jpd check: {} records, {} read, {} refused (see errors.csv), {} with a failed invariant; written to {}",
                s.files,
                s.read,
                s.refused,
                s.invariants_failed,
                out.display()
            );
            }
            ExitCode::from(s.exit_code())
        }
        Err(e) => {
            eprintln!("jpd check: {e}");
            ExitCode::from(2)
        }
    }
}

fn parse_rules(s: &str) -> Result<Vec<RuleId>, String> {
    if s.eq_ignore_ascii_case("all") {
        return Ok(RuleId::ALL.to_vec());
    }
    s.split(',').map(|p| p.parse::<RuleId>()).collect()
}

/// The arguments of `jpd oracle`.
struct OracleArgs {
    files: Vec<PathBuf>,
    games: u64,
    seed: u64,
    sizes: Vec<u8>,
    levels: Levels,
    random_moves: u32,
    first: u64,
    self_play: bool,
    dead: DeadSource,
    gnugo: Option<PathBuf>,
    timeout: u64,
    strict: bool,
    out: PathBuf,
    quiet: bool,
}

fn run_oracle(a: OracleArgs) -> ExitCode {
    if a.sizes.is_empty() || a.sizes.iter().any(|s| !(5..=19).contains(s)) {
        eprintln!("jpd oracle: board sizes go from 5 to 19");
        return ExitCode::from(2);
    }
    if a.files.is_empty() && a.games == 0 {
        eprintln!("jpd oracle: nothing to do: give SGF files or --games N");
        return ExitCode::from(2);
    }
    let Some(program) = a.gnugo.clone().or_else(oracle::find_gnugo) else {
        eprintln!(
            "jpd oracle: GNU Go not found ({}); install it (apt-get install gnugo) or pass --gnugo PATH",
            oracle::GNUGO_SEARCH
        );
        return ExitCode::from(2);
    };
    let mut config = GnuGoConfig::new(program);
    config.timeout = std::time::Duration::from_secs(a.timeout.max(1));
    let io_err = |p: &std::path::Path, e: std::io::Error| {
        eprintln!("jpd oracle: {}: {e}", p.display());
        ExitCode::from(2)
    };
    let mut inputs = Vec::new();
    for path in &a.files {
        match std::fs::read(path) {
            Ok(sgf) => inputs.push(OracleInput {
                name: path.display().to_string(),
                game_seed: String::new(),
                sgf,
            }),
            Err(e) => return io_err(path, e),
        }
    }
    if a.games > 0 {
        let mut player = match config.spawn(OracleRules::Chinese) {
            Ok(e) => e,
            Err(e) => {
                eprintln!("jpd oracle: {e}");
                return ExitCode::from(2);
            }
        };
        if a.self_play {
            if let Err(e) = std::fs::create_dir_all(&a.out) {
                return io_err(&a.out, e);
            }
        }
        for index in a.first..a.first + a.games {
            let spec = SelfPlaySpec {
                master_seed: a.seed,
                index,
                size: size_of(&a.sizes, index),
                levels: a.levels,
                max_random_moves: a.random_moves,
            };
            let g = match self_play(&mut player, &spec) {
                Ok(g) => g,
                Err(e) => {
                    eprintln!("jpd oracle: {e}");
                    return ExitCode::from(2);
                }
            };
            if !a.quiet {
                eprintln!("jpd oracle: self-play {} ({} moves)", g.name, g.moves);
            }
            if a.self_play {
                let path = a.out.join(&g.name);
                if let Err(e) = write_atomic(&path, g.sgf.as_bytes()) {
                    eprintln!("jpd oracle: {e}");
                    return ExitCode::from(2);
                }
            } else {
                inputs.push(OracleInput {
                    name: g.name,
                    game_seed: format!("{}/{index}", a.seed),
                    sgf: g.sgf.into_bytes(),
                });
            }
        }
        player.quit();
        if a.self_play {
            return ExitCode::SUCCESS;
        }
    }
    if OracleRules::Japanese.rule_id().is_none() && !a.quiet {
        eprintln!("jpd oracle: note: this build has no 'japanese' rule set yet; Chinese only");
    }
    let mut pair = match GnuGoPair::start(config) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("jpd oracle: {e}");
            return ExitCode::from(2);
        }
    };
    let opts = oracle::CompareOptions {
        dead: a.dead,
        ..Default::default()
    };
    let total = inputs.len();
    let mut done = 0;
    let mut progress = |i: &OracleInput, rows: &[oracle::OracleRow]| {
        done += 1;
        for r in rows.iter().filter(|r| !r.agree) {
            eprintln!(
                "jpd oracle: [{done}/{total}] {} {}: gnugo {} ours {} ({})",
                i.name, r.rules, r.gnugo_result, r.our_result, r.category
            );
        }
    };
    let result = oracle::run(&mut pair, &inputs, &opts, &a.out, &mut progress);
    pair.quit();
    match result {
        Ok((rows, summary)) => {
            if !a.quiet {
                for l in summary.lines() {
                    eprintln!("jpd oracle: {l}");
                }
                eprintln!(
                    "jpd oracle: written to {}",
                    a.out.join("oracle.csv").display()
                );
            }
            let bad = rows
                .iter()
                .any(|r| r.category == "error" || r.category == "our_bug");
            if rows.iter().all(|r| r.category == "error") {
                eprintln!(
                    "jpd oracle: nothing was compared: {} (see oracle.csv)",
                    if rows.is_empty() {
                        "no game to compare".to_string()
                    } else {
                        format!("GNU Go gave no judgement on any of the {} rows", rows.len())
                    }
                );
                ExitCode::from(1)
            } else if a.strict && bad {
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            }
        }
        Err(e) => {
            eprintln!("jpd oracle: {e}");
            ExitCode::from(2)
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let g = Global {
        quiet: cli.quiet,
        progress_every: cli.progress_every,
    };
    match cli.command {
        Command::Oracle {
            files,
            games,
            seed,
            sizes,
            levels,
            random_moves,
            first,
            self_play,
            dead,
            gnugo,
            timeout,
            strict,
            out,
        } => run_oracle(OracleArgs {
            files,
            games,
            seed,
            sizes,
            levels,
            random_moves,
            first,
            self_play,
            dead,
            gnugo,
            timeout,
            strict,
            out,
            quiet: g.quiet,
        }),
        Command::Check {
            out,
            force,
            threads,
            rules,
            balancing,
            komi_from_sgf,
            assume_pause,
            implied_passes,
            dead,
            inputs,
        } => {
            let rules = match parse_rules(&rules) {
                Ok(r) => r,
                Err(e) => {
                    eprintln!("jpd check: {e}");
                    return ExitCode::from(2);
                }
            };
            let cfg = CheckConfig {
                score: ScoreOptions {
                    rules,
                    balancing,
                    komi_from_sgf,
                    checks: CheckOptions::default(),
                    assume_pause,
                    implied_passes,
                    dead: dead.unwrap_or_default(),
                },
                threads,
                force,
            };
            run_check(&g, inputs, out, cfg)
        }
        Command::Run {
            games,
            sizes,
            policy,
            seed,
            threads,
            out,
            shard,
            resume,
            force,
            summaries_only,
        } => {
            let c = Campaign {
                master_seed: seed,
                games,
                sizes,
                policy,
                shard,
            };
            if resume.is_none() {
                if let Err(e) = campaign::check_output_folder(&out, force) {
                    eprintln!("jpd run: {e}");
                    return ExitCode::from(2);
                }
                let bytes = c.estimated_bytes(summaries_only);
                if bytes > BIG_CAMPAIGN_BYTES {
                    eprintln!(
                        "jpd run: warning: this campaign will write about {:.1} GB to {}{}",
                        bytes as f64 / 1e9,
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
            run_campaign(&g, c, threads, out, resume, summaries_only)
        }
        Command::Merge { out, shards } => {
            match campaign::merge(&out, &shards, command_line(), campaign::git_commit()) {
                Ok(r) => {
                    eprintln!(
                        "jpd merge: {} games, {} violations, {}, written to {}",
                        r.games_done,
                        r.violations,
                        if r.complete {
                            "complete"
                        } else {
                            "INCOMPLETE: some shards of the campaign are missing"
                        },
                        out.display()
                    );
                    ExitCode::from(if r.complete { 0 } else { 1 })
                }
                Err(e) => {
                    eprintln!("jpd merge: {e}");
                    ExitCode::from(2)
                }
            }
        }
        Command::Rules { format } => {
            use jipingdian::report::rulesets;
            let sets = rulesets::rule_sets();
            let stdout = std::io::stdout();
            let mut out = stdout.lock();
            let written = match format {
                ListFormat::Text => rulesets::write_text(&mut out, &sets),
                ListFormat::Json => rulesets::write_json(&mut out, &sets),
            };
            written_exit("jpd rules", written.and_then(|_| out.flush()))
        }
        Command::Exhaust {
            size,
            all: _,
            classes,
            out,
            threads,
            games_csv,
            nodes,
            count_only,
        } => {
            let games_csv = if count_only { Some(false) } else { games_csv };
            run_exhaust(size, classes, out, threads, games_csv, nodes, count_only)
        }
        Command::Findings { dir } => match jipingdian::report::findings::write_findings(&dir) {
            Ok(path) => {
                eprintln!("jpd findings: wrote {}", path.display());
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("jpd findings: {e}");
                ExitCode::from(2)
            }
        },
        Command::Replay {
            seed,
            game,
            policy,
            size,
            sizes,
            csv,
            sgf,
        } => {
            let size = match (size, sizes.is_empty()) {
                (Some(n), _) => n,
                (None, false) => sizes[(game % sizes.len() as u64) as usize],
                (None, true) => 0,
            };
            if !(5..=19).contains(&size) {
                eprintln!("jpd replay: board size {size} is out of range: sizes go from 5 to 19");
                return ExitCode::from(2);
            }
            let spec = GameSpec {
                master_seed: seed,
                index: game,
                size,
                policy,
            };
            if let Some(path) = sgf {
                let text = replay_sgf(&spec).to_sgf();
                if let Err(e) = write_atomic(&path, text.as_bytes()) {
                    eprintln!("jpd replay: {e}");
                    return ExitCode::from(2);
                }
                return ExitCode::SUCCESS;
            }
            let text = if csv {
                replay_games_csv(&spec, &RunOptions::default())
            } else {
                match replay_report(&spec, &ScoreOptions::default()) {
                    Ok(r) => r.text,
                    Err(e) => {
                        eprintln!("jpd replay: the regenerated game does not read back: {e}");
                        return ExitCode::from(2);
                    }
                }
            };
            let stdout = std::io::stdout();
            let mut out = stdout.lock();
            if out
                .write_all(text.as_bytes())
                .and_then(|_| out.flush())
                .is_err()
            {
                return ExitCode::from(2);
            }
            ExitCode::SUCCESS
        }
        Command::Score {
            rules,
            balancing,
            format,
            komi_from_sgf,
            assume_pause,
            implied_passes,
            dead,
            keep_going,
            svg,
            files,
        } => {
            if svg.is_some() && files.len() != 1 {
                eprintln!("jpd score: --svg draws one game: give exactly one SGF file");
                return ExitCode::from(2);
            }
            let rules = match parse_rules(&rules) {
                Ok(r) => r,
                Err(e) => {
                    eprintln!("jpd score: {e}");
                    return ExitCode::from(2);
                }
            };
            let opts = ScoreOptions {
                rules,
                balancing,
                komi_from_sgf,
                checks: CheckOptions::default(),
                assume_pause,
                implied_passes,
                dead: dead.unwrap_or_default(),
            };
            let mut reports: Vec<FileReport> = Vec::new();
            let mut entries: Vec<ScoreEntry> = Vec::new();
            let mut bad = false;
            for path in &files {
                let name = path.display().to_string();
                let bytes = match check::read_bounded(path) {
                    Ok(b) => b,
                    Err(e) => {
                        eprintln!("jpd score: {name}: cannot read the file: {e}");
                        entries.push(ScoreEntry::Failed {
                            file: name,
                            error: format!("cannot read the file: {e}"),
                        });
                        bad = true;
                        continue;
                    }
                };
                match score_bytes_with_diagram(&name, &bytes, &opts) {
                    Ok((r, diagram)) => {
                        if let Some(out) = &svg {
                            let Some(d) = diagram else {
                                eprintln!(
                                    "jpd score: {name}: no diagram: the game has no count ({})",
                                    r.end
                                );
                                return ExitCode::from(2);
                            };
                            if let Err(e) = write_atomic(out, d.to_svg().as_bytes()) {
                                eprintln!("jpd score: {e}");
                                return ExitCode::from(2);
                            }
                        }
                        entries.push(ScoreEntry::Report(Box::new(r.clone())));
                        reports.push(r)
                    }
                    Err(e) => {
                        eprintln!("jpd score: {name}: {e}");
                        entries.push(ScoreEntry::Failed {
                            file: name,
                            error: e.to_string(),
                        });
                        bad = true;
                    }
                }
            }
            if bad && !keep_going {
                return ExitCode::from(2);
            }
            if matches!(format, Format::Csv) && !g.quiet {
                // CSV has no column for them; text and JSON carry them in the output.
                for r in &reports {
                    for n in &r.notes {
                        eprintln!("jpd score: {}: note: {n}", r.file);
                    }
                }
            }
            let stdout = std::io::stdout();
            let mut out = stdout.lock();
            let written = match format {
                Format::Text => write_text(&mut out, &reports),
                Format::Json => write_json_entries(&mut out, &entries, false),
                Format::Jsonl => write_json_entries(&mut out, &entries, true),
                Format::Csv => write_csv(&mut out, &reports).map_err(|e| match e.into_kind() {
                    csv::ErrorKind::Io(io) => io,
                    k => std::io::Error::other(format!("{k:?}")),
                }),
            };
            let flushed = out.flush();
            match written.and(flushed) {
                // The reader went away (`jpd score ... | head -1`): what it wanted was written.
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => return ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("jpd score: cannot write the output: {e}");
                    return ExitCode::from(2);
                }
                Ok(()) => {}
            }
            if bad {
                ExitCode::from(2)
            } else {
                ExitCode::SUCCESS
            }
        }
    }
}
