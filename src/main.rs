//! `jpd`: the command line of jipingdian. It parses arguments, calls the library and maps errors
//! to exit codes (0 success, 1 a check failed where asked, 2 bad input or usage, 3 `jpd check`:
//! some records could not be read).

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
use jipingdian::report::score::{
    score_bytes_with_diagram, write_csv, write_json, write_text, DeadChoice, FileReport,
    ScoreOptions,
};
use jipingdian::rules::RuleId;

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use jipingdian::harness::campaign::{
    self, Campaign, Hooks, ResumeConfig, RunConfig, RunReport, Shard,
};
use jipingdian::harness::generate::{GameSpec, Policy};
use jipingdian::harness::outcome::{GameOutcome, RunOptions};
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
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Text,
    Json,
    Csv,
}

#[derive(Subcommand)]
enum Command {
    /// Score finished SGF records under every rule set and check the theorems.
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
        /// SGF files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Score many SGF records in parallel into a folder: records.csv, scores.csv, errors.csv,
    /// FINDINGS.md.
    ///
    /// Folders are walked recursively for *.sgf; the output is in path order, the same whatever
    /// --threads. A record that cannot be read goes to errors.csv and the others go on.
    /// Exit code: 0 every record read and no invariant failed; 1 an invariant failed (a bug of
    /// the harness); 3 some records could not be read (and no invariant failed); 2 bad usage
    /// (no SGF file found, a non-empty --out without --force, an output that cannot be written).
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
        /// Dead stones of a paused record: record (its TB/TW marks), proven (the referee's proof
        /// only), estimate (the proof, then random playouts for the rest) or gnugo (GNU Go's
        /// final_status_list dead). Default: the record's marks when it has any, else estimate.
        #[arg(long)]
        dead: Option<DeadChoice>,
        /// SGF files and folders.
        #[arg(required = true)]
        inputs: Vec<PathBuf>,
    },
    /// Run a campaign: many random games verified in parallel, written as CSV to a folder.
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
    },
    /// Join the folders of the shards of one campaign into one report.
    Merge {
        /// Output folder.
        #[arg(long)]
        out: PathBuf,
        /// The shards' folders.
        #[arg(required = true)]
        shards: Vec<PathBuf>,
    },
    /// Write FINDINGS.md for a campaign folder, from its CSV files.
    Findings {
        /// The campaign folder (as written by `jpd run` or `jpd merge`).
        dir: PathBuf,
    },
    /// Score games with GNU Go and with us (Chinese and Japanese rules) and write oracle.csv;
    /// or, with --self-play, write GNU Go self-play games as SGF.
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
    /// Regenerate one game of a campaign and print its report, or write it as SGF.
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
        /// Board size (ignored with --sizes).
        #[arg(long, default_value_t = 9)]
        size: u8,
        /// The campaign's sizes: the game's size is sizes[game % len].
        #[arg(long, value_delimiter = ',')]
        sizes: Option<Vec<u8>>,
        /// Print the game's games.csv row (with header) instead of the text report.
        #[arg(long)]
        csv: bool,
        /// Write the game as SGF to this file instead.
        #[arg(long)]
        sgf: Option<PathBuf>,
    },
}

fn command_line() -> Vec<String> {
    std::env::args().collect()
}

fn run_campaign(
    campaign_def: Campaign,
    threads: usize,
    out: PathBuf,
    resume: Option<PathBuf>,
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
    let (todo, done) = match &resume {
        Some(dir) => match campaign::Manifest::read(dir) {
            Ok(m) => (m.games_in_scope, m.games_done),
            Err(e) => {
                eprintln!("jpd run: {e}");
                return ExitCode::from(2);
            }
        },
        None => (campaign_def.games_in_scope(), 0),
    };
    let bar = ProgressBar::with_draw_target(Some(todo), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} games  {per_sec}  {msg}  ETA {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar.set_position(done);
    bar.set_message("0 violations");
    let violations = AtomicU64::new(0);
    let on_game = |o: &GameOutcome| {
        bar.inc(1);
        if !o.violations.is_empty() {
            let v = violations.fetch_add(o.violations.len() as u64, Ordering::Relaxed)
                + o.violations.len() as u64;
            bar.set_message(format!("{v} violations"));
        }
    };
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
            let r = campaign::run(&cfg, &out, &hooks);
            (out, r)
        }
    };
    bar.finish_and_clear();
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
            eprintln!(
                "jpd run: {} games, 0 invariant violations, written to {}",
                r.games_done,
                dir.display()
            );
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

fn run_check(inputs: Vec<PathBuf>, out: PathBuf, cfg: CheckConfig) -> ExitCode {
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
    let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} records  {per_sec}  {msg}  ETA {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar.set_message("0 refused");
    let refused = AtomicU64::new(0);
    let on_file = |o: &check::FileOutcome| {
        bar.inc(1);
        if o.result.is_err() {
            let n = refused.fetch_add(1, Ordering::Relaxed) + 1;
            bar.set_message(format!("{n} refused"));
        }
    };
    let result = check::check(&inputs, &out, &cfg, Some(&on_file));
    bar.finish_and_clear();
    match result {
        Ok(s) => {
            eprintln!(
                "jpd check: {} records, {} read, {} refused (see errors.csv), {} with a failed invariant; written to {}",
                s.files,
                s.read,
                s.refused,
                s.invariants_failed,
                out.display()
            );
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
            eprintln!("jpd oracle: self-play {} ({} moves)", g.name, g.moves);
            if a.self_play {
                let path = a.out.join(&g.name);
                if let Err(e) = std::fs::write(&path, &g.sgf) {
                    return io_err(&path, e);
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
    if OracleRules::Japanese.rule_id().is_none() {
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
            for l in summary.lines() {
                eprintln!("jpd oracle: {l}");
            }
            eprintln!(
                "jpd oracle: written to {}",
                a.out.join("oracle.csv").display()
            );
            let bad = rows
                .iter()
                .any(|r| r.category == "error" || r.category == "our_bug");
            if a.strict && bad {
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
        }),
        Command::Check {
            out,
            force,
            threads,
            rules,
            balancing,
            komi_from_sgf,
            assume_pause,
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
                    dead: dead.unwrap_or_default(),
                },
                threads,
                force,
            };
            run_check(inputs, out, cfg)
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
            }
            run_campaign(c, threads, out, resume)
        }
        Command::Merge { out, shards } => {
            match campaign::merge(&out, &shards, command_line(), campaign::git_commit()) {
                Ok(r) => {
                    eprintln!(
                        "jpd merge: {} games, {} violations, {}, written to {}",
                        r.games_done,
                        r.violations,
                        if r.complete { "complete" } else { "incomplete" },
                        out.display()
                    );
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("jpd merge: {e}");
                    ExitCode::from(2)
                }
            }
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
            let size = match &sizes {
                Some(v) if !v.is_empty() => v[(game % v.len() as u64) as usize],
                _ => size,
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
                if let Err(e) = std::fs::write(&path, text) {
                    eprintln!("jpd replay: {}: {e}", path.display());
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
                dead: dead.unwrap_or_default(),
            };
            let mut reports: Vec<FileReport> = Vec::new();
            let mut bad = false;
            for path in &files {
                let name = path.display().to_string();
                let bytes = match check::read_bounded(path) {
                    Ok(b) => b,
                    Err(e) => {
                        eprintln!("jpd score: {name}: cannot read the file: {e}");
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
                            if let Err(e) = std::fs::write(out, d.to_svg()) {
                                eprintln!("jpd score: {}: {e}", out.display());
                                return ExitCode::from(2);
                            }
                        }
                        reports.push(r)
                    }
                    Err(e) => {
                        eprintln!("jpd score: {name}: {e}");
                        bad = true;
                    }
                }
            }
            if bad && !keep_going {
                return ExitCode::from(2);
            }
            if matches!(format, Format::Csv) {
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
                Format::Json => write_json(&mut out, &reports),
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
