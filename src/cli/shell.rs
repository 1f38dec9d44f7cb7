//! `jpd completions SHELL` and `jpd man`: the shell completions and the man pages, generated
//! from the clap definitions (`cli/args.rs`), so they name every subcommand and flag there is.

use std::io::Write;
use std::path::PathBuf;

use clap::{Args, CommandFactory};
use clap_complete::Shell;
use jipingdian::files::write_atomic;

use super::args::Cli;
use super::{write_stdout, CliError, Global, Status};

/// The exit codes of `jpd completions`, shown after `--help`.
pub const COMPLETIONS_EXIT_CODES: &str =
    "Exit codes: 0 printed (a closed output pipe too); 2 bad usage, or the output cannot be written.";

/// The exit codes of `jpd man`, shown after `--help`.
pub const MAN_EXIT_CODES: &str =
    "Exit codes: 0 printed or written (a closed output pipe too); 2 bad usage, or the output cannot be written.";

/// The arguments of `jpd completions`.
#[derive(Args)]
pub struct CompletionsArgs {
    /// The shell: bash, zsh, fish, elvish or powershell.
    shell: Shell,
}

/// The arguments of `jpd man`.
#[derive(Args)]
pub struct ManArgs {
    /// Write jpd.1 and a page per subcommand (jpd-score.1, ...) into this folder (created when
    /// missing; pages of the same names are replaced, nothing else is touched) instead of
    /// printing jpd.1.
    #[arg(short, long)]
    out: Option<PathBuf>,
}

/// Runs `jpd completions`: the script for the shell on standard output.
pub fn completions(a: CompletionsArgs, _: &Global) -> Result<Status, CliError> {
    let mut cmd = Cli::command();
    let mut script = Vec::new();
    clap_complete::generate(a.shell, &mut cmd, "jpd", &mut script);
    write_stdout(|out| out.write_all(&script))?;
    Ok(Status::Success)
}

/// Runs `jpd man`: jpd.1 on standard output, or every page into `--out`.
pub fn man(a: ManArgs, g: &Global) -> Result<Status, CliError> {
    let pages = man_pages().map_err(|e| CliError::Output(format!("cannot render: {e}")))?;
    let Some(dir) = a.out else {
        let (_, top) = &pages[0];
        write_stdout(|out| out.write_all(top))?;
        return Ok(Status::Success);
    };
    std::fs::create_dir_all(&dir).map_err(|e| {
        CliError::Output(format!("cannot create the folder {}: {e}", dir.display()))
    })?;
    for (name, page) in &pages {
        write_atomic(&dir.join(name), page).map_err(|e| CliError::Output(e.to_string()))?;
    }
    if !g.quiet {
        eprintln!(
            "jpd man: wrote {} pages into {}",
            pages.len(),
            dir.display()
        );
    }
    Ok(Status::Success)
}

/// Every man page, its file name and its roff text: jpd.1 first, then one per subcommand that
/// is not hidden (jpd-score.1, ...), in the order of `jpd --help`.
fn man_pages() -> std::io::Result<Vec<(String, Vec<u8>)>> {
    let mut cmd = Cli::command().disable_help_subcommand(true);
    cmd.build();
    let mut pages = Vec::new();
    let subs = cmd.get_subcommands().filter(|s| !s.is_hide_set()).cloned();
    for c in std::iter::once(cmd.clone()).chain(subs) {
        let man = clap_mangen::Man::new(c);
        let mut page = Vec::new();
        man.render(&mut page)?;
        pages.push((man.get_filename(), page));
    }
    Ok(pages)
}
