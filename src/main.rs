//! `jpd`: the command line of jipingdian. It parses arguments, calls the library and maps errors
//! to exit codes (0 success, 1 a check failed where asked, 2 bad input or usage, 3 `jpd check`:
//! some records could not be read, 130 `jpd run` interrupted); each subcommand's are in its
//! `--help` and the README. The subcommands live in `cli/`, one module each.

mod cli;

/// mimalloc: the verification of a game allocates many short-lived boards and vectors, and the
/// system allocator took a quarter of a 9x9 campaign's time.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use jipingdian::sgf::escape_controls;

use cli::{check, exhaust, findings, gtp, merge, oracle, replay, rules, run, score};
use cli::{CliError, Global, Status};

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

#[derive(Subcommand)]
enum Command {
    /// Score finished SGF records under every rule set and check the theorems.
    #[command(after_help = score::EXIT_CODES)]
    Score(score::ScoreArgs),
    /// Score many SGF records in parallel into a folder: records.csv, scores.csv, errors.csv,
    /// FINDINGS.md.
    ///
    /// Folders are walked recursively for *.sgf; the output is in path order, the same whatever
    /// --threads. A record that cannot be read goes to errors.csv and the others go on.
    #[command(after_help = check::EXIT_CODES)]
    Check(check::CheckArgs),
    /// Run a campaign: many random games verified in parallel, written as CSV to a folder.
    #[command(after_help = run::EXIT_CODES)]
    Run(run::RunArgs),
    /// Join the folders of the shards of one campaign into one report.
    #[command(after_help = merge::EXIT_CODES)]
    Merge(merge::MergeArgs),
    /// Every legal position of a board up to 4x4, each with its simplest games, through the
    /// campaign's pipeline (referee, counts under every rule set, invariants, findings).
    #[command(after_help = exhaust::EXIT_CODES)]
    Exhaust(exhaust::ExhaustArgs),
    /// Write FINDINGS.md for a campaign folder, from its CSV files.
    #[command(after_help = findings::EXIT_CODES)]
    Findings(findings::FindingsArgs),
    /// Score games with GNU Go and with us (Chinese and Japanese rules) and write oracle.csv;
    /// or, with --self-play, write GNU Go self-play games as SGF.
    #[command(after_help = oracle::EXIT_CODES)]
    Oracle(oracle::OracleArgs),
    /// List every rule set: id, komi, counting method, ko and suicide rules, source.
    #[command(after_help = rules::EXIT_CODES)]
    Rules(rules::RulesArgs),
    /// Regenerate one game of a campaign and print its report, or write it as SGF. The defaults
    /// are `jpd run`'s, so `jpd replay --game I` is game I of `jpd run`'s default campaign.
    #[command(after_help = replay::EXIT_CODES)]
    Replay(replay::ReplayArgs),
    /// A GTP engine on standard input and output that referees: final_score and
    /// final_status_list as `jpd score` counts the position (for GoGui's twogtp, Sabaki).
    #[command(after_help = gtp::EXIT_CODES)]
    Gtp(gtp::GtpArgs),
}

/// Runs the subcommand; gives its name (`jpd run`), before its error message, and its result.
fn dispatch(command: Command, g: &Global) -> (&'static str, Result<Status, CliError>) {
    match command {
        Command::Score(a) => (score::NAME, score::run(a, g)),
        Command::Check(a) => (check::NAME, check::run(a, g)),
        Command::Run(a) => (run::NAME, run::run(a, g)),
        Command::Merge(a) => (merge::NAME, merge::run(a, g)),
        Command::Exhaust(a) => (exhaust::NAME, exhaust::run(a, g)),
        Command::Findings(a) => (findings::NAME, findings::run(a, g)),
        Command::Oracle(a) => (oracle::NAME, oracle::run(a, g)),
        Command::Rules(a) => (rules::NAME, rules::run(a, g)),
        Command::Replay(a) => (replay::NAME, replay::run(a, g)),
        Command::Gtp(a) => (gtp::NAME, gtp::run(a, g)),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let g = Global {
        quiet: cli.quiet,
        progress_every: cli.progress_every,
    };
    let (name, result) = dispatch(cli.command, &g);
    // The one place that prints the error that stopped a command.
    let code = match result {
        Ok(status) => status.exit_code(),
        Err(e) => {
            if let Some(message) = e.message() {
                // A message may echo a record's or a path's text: no control character of it
                // reaches the terminal raw.
                eprintln!("{name}: {}", escape_controls(message));
            }
            e.exit_code()
        }
    };
    ExitCode::from(code)
}
