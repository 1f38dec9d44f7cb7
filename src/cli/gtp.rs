//! `jpd gtp`: a GTP engine on standard input and output that referees (the library's
//! [`jipingdian::gtp_server`]): `final_score` and `final_status_list` as `jpd score` counts the
//! position, under one rule set, with the dead stones from one source.

use clap::Args;
use jipingdian::gtp_server::{parse_dead, serve, Session};
use jipingdian::rules::RuleId;
use jipingdian::score_record::DeadChoice;

use super::{CliError, Global, Status};

/// The command's name, before each of its messages.
pub const NAME: &str = "jpd gtp";

/// The exit codes, shown after `--help` (the README's table says the same).
pub const EXIT_CODES: &str = "Exit codes: 0 after quit or the end of the input (a command that failed is answered with '?' and the session goes on); 2 bad usage, or standard input or output failed.";

/// The arguments of `jpd gtp`.
#[derive(Args)]
pub struct GtpArgs {
    /// The rule set final_score counts under and play follows (ko, suicide), as `jpd rules`
    /// lists them; the command jpd-rules changes it.
    #[arg(short, long, default_value = "jpd-tangsong")]
    rules: RuleId,
    /// Where the dead stones come from: default (the loaded record's TB/TW marks when it has
    /// any, else estimate), record, proven, estimate or gnugo, as `jpd score --dead`; the
    /// command jpd-dead changes it.
    #[arg(long, default_value = "default", value_parser = parse_dead)]
    dead: DeadChoice,
}

/// Runs `jpd gtp` until `quit` or the end of standard input.
pub fn run(a: GtpArgs, _: &Global) -> Result<Status, CliError> {
    let mut session = Session::new(a.rules, a.dead);
    let input = std::io::stdin().lock();
    let output = std::io::stdout().lock();
    match serve(input, output, &mut session) {
        Ok(()) => Ok(Status::Success),
        // The controller closed the pipe: the session is over, not a failure.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(Status::Success),
        Err(e) => Err(CliError::Output(format!(
            "standard input or output failed: {e}"
        ))),
    }
}
