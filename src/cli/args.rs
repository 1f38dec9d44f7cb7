//! The command line of `jpd` as clap defines it: the global flags and one subcommand each. The
//! completions and the man page (`jpd completions`, `jpd man`) are generated from it.

use clap::{Parser, Subcommand, ValueEnum};
use jipingdian::report::style::ColorChoice;

use super::{
    check, exhaust, findings, gtp, merge, oracle, replay, rules, run, score, shell, Global,
};

/// `jpd --version`: the version and the commit jpd was built from (`unknown` outside git).
pub const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (commit ",
    env!("JPD_GIT_COMMIT"),
    ")"
);

/// The command line of `jpd`.
#[derive(Parser)]
#[command(
    name = "jpd",
    version = VERSION,
    about = "Ji-Ping-Dian Go rules engine and verification harness"
)]
pub struct Cli {
    /// No progress and no notes on stderr (errors and warnings still).
    #[arg(short, long, global = true, display_order = 900)]
    pub quiet: bool,
    /// Colour the text output: auto (on a terminal, unless NO_COLOR is set), always or never.
    /// Files (CSV, JSON, reports) are never coloured.
    #[arg(
        long,
        global = true,
        value_enum,
        default_value = "auto",
        display_order = 901
    )]
    pub color: Color,
    /// Seconds between progress lines when stderr is not a terminal.
    #[arg(long, global = true, default_value_t = 5.0, hide = true)]
    pub progress_every: f64,
    #[command(subcommand)]
    pub command: Command,
}

/// `--color`.
#[derive(Clone, Copy, ValueEnum)]
pub enum Color {
    Auto,
    Always,
    Never,
}

impl Cli {
    /// The flags every subcommand takes, the colour decided from `--color`, `NO_COLOR`, `TERM`
    /// and whether standard output is a terminal.
    pub fn global(&self) -> Global {
        use std::io::IsTerminal;
        let choice = match self.color {
            Color::Auto => ColorChoice::Auto,
            Color::Always => ColorChoice::Always,
            Color::Never => ColorChoice::Never,
        };
        let color = choice.resolve(
            std::env::var_os("NO_COLOR").as_deref(),
            std::env::var_os("TERM").as_deref(),
            std::io::stdout().is_terminal(),
        );
        Global {
            quiet: self.quiet,
            progress_every: self.progress_every,
            color,
        }
    }
}

/// The subcommands.
#[derive(Subcommand)]
pub enum Command {
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
    /// Join the folders of the shards of one campaign (jpd run --shard) or of one exhaustive run
    /// (jpd exhaust --shard) into one report.
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
    /// Print the shell completions of jpd for bash, zsh, fish, elvish or PowerShell.
    #[command(after_help = shell::COMPLETIONS_EXIT_CODES)]
    Completions(shell::CompletionsArgs),
    /// Print the man page of jpd (roff), or write it with a page per subcommand into a folder.
    #[command(after_help = shell::MAN_EXIT_CODES)]
    Man(shell::ManArgs),
}
