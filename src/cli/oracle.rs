//! `jpd oracle`: games scored by GNU Go and by us (Chinese and Japanese rules) into oracle.csv,
//! from SGF files and seeded GNU Go self-play games; or, with `--self-play`, the self-play games
//! written as SGF.

use std::path::{Path, PathBuf};

use clap::Args;
use jipingdian::files::write_atomic;
use jipingdian::oracle::selfplay::{self_play, size_of, Levels, SelfPlaySpec};
use jipingdian::oracle::{
    self, Category, DeadSource, GnuGoConfig, GnuGoPair, OracleInput, OracleRow, OracleRules,
};

use super::{check_board_size, lock_out, prepare_out, CliError, Global, Status};

/// The command's name, before each of its messages.
pub const NAME: &str = "jpd oracle";

/// The exit codes, shown after `--help` (docs/CLI.md's table says the same).
pub const EXIT_CODES: &str = "Exit codes: 0 games compared (or self-play games written); 1 nothing compared, or with --strict an error or our_bug row; 2 GNU Go not found or not starting, bad usage, an output folder in use or (comparing) not empty without --force, or an I/O error.";

/// The arguments of `jpd oracle`.
#[derive(Args)]
pub struct OracleArgs {
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
    /// Output folder. Comparing, it is refused when not empty, unless --force; --self-play adds
    /// its games to it (--first extends a set).
    #[arg(short, long)]
    out: PathBuf,
    /// Replace what the output folder holds: the files jpd writes there are removed first.
    #[arg(long)]
    force: bool,
}

/// Runs `jpd oracle`.
pub fn run(a: OracleArgs, g: &Global) -> Result<Status, CliError> {
    check_args(&a)?;
    let config = gnugo_config(&a)?;
    // Held until the command ends: no other jpd process writes the folder meanwhile.
    let _lock = lock_out(&a.out)?;
    if !a.self_play || a.force {
        prepare_out(&a.out, a.force)?;
    }
    let mut inputs = read_files(&a.files)?;
    if a.games > 0 {
        let games = self_play_games(&a, &config, g.quiet)?;
        if a.self_play {
            return Ok(Status::Success);
        }
        inputs.extend(games);
    }
    if OracleRules::Japanese.rule_id().is_none() && !g.quiet {
        eprintln!("{NAME}: note: this build has no 'japanese' rule set yet; Chinese only");
    }
    let rows = compare(&a, config, &inputs, g.quiet)?;
    verdict(&rows, a.strict)
}

/// Refuses bad sizes and a command with nothing to do.
fn check_args(a: &OracleArgs) -> Result<(), CliError> {
    if a.sizes.is_empty() || a.sizes.iter().any(|&s| check_board_size(s).is_err()) {
        return Err(CliError::Usage("board sizes go from 5 to 19".to_string()));
    }
    if a.files.is_empty() && a.games == 0 {
        return Err(CliError::Usage(
            "nothing to do: give SGF files or --games N".to_string(),
        ));
    }
    Ok(())
}

/// The GNU Go program (`--gnugo`, else found where it usually is) and its per-command timeout.
fn gnugo_config(a: &OracleArgs) -> Result<GnuGoConfig, CliError> {
    let Some(program) = a.gnugo.clone().or_else(oracle::find_gnugo) else {
        return Err(CliError::GnuGo(format!(
            "GNU Go not found ({}); install it (apt-get install gnugo) or pass --gnugo PATH",
            oracle::GNUGO_SEARCH
        )));
    };
    // Said before the output folder is touched (a folder that needs --force is not cleared
    // for a GNU Go that cannot start).
    if program.components().count() > 1 && !program.exists() {
        return Err(CliError::GnuGo(format!(
            "GNU Go not found at {}: pass the path of an installed GNU Go with --gnugo",
            program.display()
        )));
    }
    let mut config = GnuGoConfig::new(program);
    config.timeout = std::time::Duration::from_secs(a.timeout.max(1));
    Ok(config)
}

/// The error of a file or folder that cannot be read or written.
fn file_error(p: &Path, e: std::io::Error) -> String {
    format!("{}: {e}", p.display())
}

/// The SGF files to compare, read whole.
fn read_files(files: &[PathBuf]) -> Result<Vec<OracleInput>, CliError> {
    files
        .iter()
        .map(|path| {
            let sgf = std::fs::read(path).map_err(|e| CliError::Refused(file_error(path, e)))?;
            Ok(OracleInput {
                name: path.display().to_string(),
                game_seed: String::new(),
                sgf,
            })
        })
        .collect()
}

/// Plays the `--games` self-play games with one GNU Go. With `--self-play` they are written as
/// SGF files into `--out` and none is returned; else they are returned to be compared.
fn self_play_games(
    a: &OracleArgs,
    config: &GnuGoConfig,
    quiet: bool,
) -> Result<Vec<OracleInput>, CliError> {
    let mut player = config
        .spawn(OracleRules::Chinese)
        .map_err(|e| CliError::GnuGo(e.to_string()))?;
    if a.self_play {
        std::fs::create_dir_all(&a.out).map_err(|e| CliError::Output(file_error(&a.out, e)))?;
    }
    let mut inputs = Vec::new();
    for index in a.first..a.first + a.games {
        let spec = SelfPlaySpec {
            master_seed: a.seed,
            index,
            size: size_of(&a.sizes, index),
            levels: a.levels,
            max_random_moves: a.random_moves,
        };
        let g = self_play(&mut player, &spec).map_err(|e| CliError::GnuGo(e.to_string()))?;
        if !quiet {
            eprintln!("{NAME}: self-play {} ({} moves)", g.name, g.moves);
        }
        if a.self_play {
            write_atomic(&a.out.join(&g.name), g.sgf.as_bytes())
                .map_err(|e| CliError::Output(e.to_string()))?;
        } else {
            inputs.push(OracleInput {
                name: g.name,
                game_seed: format!("{}/{index}", a.seed),
                sgf: g.sgf.into_bytes(),
            });
        }
    }
    player.quit();
    Ok(inputs)
}

/// Compares every input with a pair of GNU Go (Chinese and Japanese), saying each disagreement
/// as it comes, writes oracle.csv into `--out` and, unless quiet, the summary.
fn compare(
    a: &OracleArgs,
    config: GnuGoConfig,
    inputs: &[OracleInput],
    quiet: bool,
) -> Result<Vec<OracleRow>, CliError> {
    let mut pair = GnuGoPair::start(config).map_err(|e| CliError::GnuGo(e.to_string()))?;
    let opts = oracle::CompareOptions {
        dead: a.dead,
        ..Default::default()
    };
    let total = inputs.len();
    let mut done = 0;
    let mut progress = |i: &OracleInput, rows: &[OracleRow]| {
        done += 1;
        for r in rows.iter().filter(|r| !r.agree) {
            eprintln!(
                "{NAME}: [{done}/{total}] {} {}: gnugo {} ours {} ({})",
                i.name,
                r.rules,
                r.gnugo_result,
                r.our_result,
                r.category_name()
            );
        }
    };
    let result = oracle::run(&mut pair, inputs, &opts, &a.out, &mut progress);
    pair.quit();
    let (rows, summary) = result.map_err(CliError::refused)?;
    if !quiet {
        for l in summary.lines() {
            eprintln!("{NAME}: {l}");
        }
        eprintln!("{NAME}: written to {}", a.out.join("oracle.csv").display());
    }
    Ok(rows)
}

/// Nothing compared is an error (exit code 1); with `--strict` an error or `our_bug` row fails.
fn verdict(rows: &[OracleRow], strict: bool) -> Result<Status, CliError> {
    if rows.iter().all(|r| r.category == Some(Category::Error)) {
        return Err(CliError::NothingCompared(format!(
            "nothing was compared: {} (see oracle.csv)",
            if rows.is_empty() {
                "no game to compare".to_string()
            } else {
                format!("GNU Go gave no judgement on any of the {} rows", rows.len())
            }
        )));
    }
    let bad = rows
        .iter()
        .any(|r| matches!(r.category, Some(Category::Error | Category::OurBug)));
    Ok(if strict && bad {
        Status::Failed
    } else {
        Status::Success
    })
}
