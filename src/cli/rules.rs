//! `jpd rules`: every rule set listed (id, komi, counting method, ko and suicide rules, source),
//! as text or JSON.

use clap::{Args, ValueEnum};
use jipingdian::report::rulesets;

use super::{write_stdout, CliError, Global, Status};

/// The command's name, before each of its messages.
pub const NAME: &str = "jpd rules";

/// The exit codes, shown after `--help` (docs/CLI.md's table says the same).
pub const EXIT_CODES: &str = "Exit codes: 0 listed; 2 the output cannot be written.";

/// The output formats of `jpd rules`.
#[derive(Clone, Copy, ValueEnum)]
pub enum ListFormat {
    Text,
    Json,
}

/// The arguments of `jpd rules`.
#[derive(Args)]
pub struct RulesArgs {
    /// Output format: text or json.
    #[arg(long, value_enum, default_value = "text")]
    format: ListFormat,
}

/// Runs `jpd rules`; a closed output pipe is a success.
pub fn run(a: RulesArgs, _: &Global) -> Result<Status, CliError> {
    let sets = rulesets::rule_sets();
    write_stdout(|out| match a.format {
        ListFormat::Text => rulesets::write_text(out, &sets),
        ListFormat::Json => rulesets::write_json(out, &sets),
    })?;
    Ok(Status::Success)
}
