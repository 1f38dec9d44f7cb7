//! `jpd`: the command line of jipingdian. It parses arguments, calls the library and maps errors
//! to exit codes (0 success, 1 a check failed where asked, 2 bad input or usage, 3 `jpd check`:
//! some records could not be read, 130 `jpd run` interrupted); each subcommand's are in its
//! `--help` and docs/CLI.md. The subcommands live in `cli/`, one module each.

mod cli;

/// mimalloc: the verification of a game allocates many short-lived boards and vectors, and the
/// system allocator took a quarter of a 9x9 campaign's time.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::process::ExitCode;

use clap::Parser;
use jipingdian::sgf::escape_controls;

use cli::args::{Cli, Command};
use cli::{check, exhaust, findings, gtp, merge, oracle, replay, rules, run, score, shell};
use cli::{CliError, Global, Status};

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
        Command::Completions(a) => ("jpd completions", shell::completions(a, g)),
        Command::Man(a) => ("jpd man", shell::man(a, g)),
        Command::Gtp(a) => (gtp::NAME, gtp::run(a, g)),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let g = cli.global();
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
