//! `jpd replay`: one game of a campaign regenerated from its seed and index, printed as its report
//! or its games.csv row, or written as SGF.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use jipingdian::files::write_atomic;
use jipingdian::harness::generate::{GameSpec, Policy};
use jipingdian::harness::outcome::RunOptions;
use jipingdian::report::campaign::{replay_games_csv, replay_report, replay_sgf};
use jipingdian::report::score::{write_text_styled, KomiChoice, ScoreOptions};

use super::{check_board_size, write_stdout, CliError, Global, Status};

/// The command's name, before each of its messages.
pub const NAME: &str = "jpd replay";

/// The exit codes, shown after `--help` (docs/CLI.md's table says the same).
pub const EXIT_CODES: &str =
    "Exit codes: 0 printed or written (a closed output pipe too); 2 a bad board size, or the output or the SGF cannot be written.";

/// The arguments of `jpd replay`.
#[derive(Args)]
pub struct ReplayArgs {
    /// Master seed.
    #[arg(long, default_value_t = 2008)]
    seed: u64,
    /// Game index.
    #[arg(long)]
    game: u64,
    /// Campaign policy.
    #[arg(long, default_value = "mixed", help = super::run::policy_help())]
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
}

impl ReplayArgs {
    /// The game's board size: `--size`, else the campaign's `sizes[game % len]`, as `jpd run`
    /// takes them in turn (0, refused, when there is none).
    fn board_size(&self) -> u8 {
        match (self.size, self.sizes.is_empty()) {
            (Some(n), _) => n,
            (None, false) => self.sizes[(self.game % self.sizes.len() as u64) as usize],
            (None, true) => 0,
        }
    }
}

/// Runs `jpd replay`.
pub fn run(a: ReplayArgs, g: &Global) -> Result<Status, CliError> {
    let spec = GameSpec {
        master_seed: a.seed,
        index: a.game,
        size: check_board_size(a.board_size())?,
        policy: a.policy,
    };
    if let Some(path) = a.sgf {
        let text = replay_sgf(&spec).to_sgf();
        write_atomic(&path, text.as_bytes()).map_err(|e| CliError::Output(e.to_string()))?;
        return Ok(Status::Success);
    }
    if a.csv {
        let row = replay_games_csv(&spec, &RunOptions::default());
        write_stdout(|out| out.write_all(row.as_bytes()))?;
        return Ok(Status::Success);
    }
    // Each rule set's own komi, as the campaign counted the game.
    let opts = ScoreOptions {
        komi: KomiChoice::Rules,
        ..ScoreOptions::default()
    };
    let report = replay_report(&spec, &opts)
        .map_err(|e| CliError::Refused(format!("the regenerated game does not read back: {e}")))?;
    write_stdout(|out| write_text_styled(out, &[report], true, g.color))?;
    Ok(Status::Success)
}
