//! `jpd`: the command line of jipingdian. It parses arguments, calls the library and maps errors
//! to exit codes (0 success, 1 a check failed where asked, 2 bad input or usage).

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

use jipingdian::checks::CheckOptions;
use jipingdian::counting::Balancing;
use jipingdian::report::score::{
    score_bytes_with_diagram, write_csv, write_json, write_text, FileReport, ScoreOptions,
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
use jipingdian::report::campaign::{replay_games_csv, replay_report, replay_sgf};

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
        #[arg(long, conflicts_with_all = ["games", "sizes", "policy", "seed", "out", "shard"])]
        resume: Option<PathBuf>,
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
        Ok(r) if r.complete => {
            eprintln!(
                "jpd run: {} games, {} violations, written to {}",
                r.games_done,
                r.violations,
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

fn parse_rules(s: &str) -> Result<Vec<RuleId>, String> {
    if s.eq_ignore_ascii_case("all") {
        return Ok(RuleId::ALL.to_vec());
    }
    s.split(',').map(|p| p.parse::<RuleId>()).collect()
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Run {
            games,
            sizes,
            policy,
            seed,
            threads,
            out,
            shard,
            resume,
        } => {
            let c = Campaign {
                master_seed: seed,
                games,
                sizes,
                policy,
                shard,
            };
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
            };
            let mut reports: Vec<FileReport> = Vec::new();
            let mut bad = false;
            for path in &files {
                let name = path.display().to_string();
                let bytes = match read_bounded(path) {
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
                Format::Csv => write_csv(&mut out, &reports).map_err(std::io::Error::other),
            };
            let _ = out.flush();
            if let Err(e) = written {
                eprintln!("jpd score: cannot write the output: {e}");
                return ExitCode::from(2);
            }
            if bad {
                ExitCode::from(2)
            } else {
                ExitCode::SUCCESS
            }
        }
    }
}

/// Reads a file, stopping one byte past [`jipingdian::sgf::MAX_BYTES`] so that a huge (or
/// endless, like `/dev/zero`) file costs bounded memory; `parse_sgf` then refuses it.
fn read_bounded(path: &std::path::Path) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    let mut bytes = Vec::new();
    std::fs::File::open(path)?
        .take(jipingdian::sgf::MAX_BYTES as u64 + 1)
        .read_to_end(&mut bytes)?;
    Ok(bytes)
}
