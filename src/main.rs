//! `jpd`: the command line of jipingdian. It parses arguments, calls the library and maps errors
//! to exit codes (0 success, 1 a check failed where asked, 2 bad input or usage).

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

use jipingdian::checks::CheckOptions;
use jipingdian::counting::Balancing;
use jipingdian::report::score::{
    score_bytes, write_csv, write_json, write_text, FileReport, ScoreOptions,
};
use jipingdian::rules::RuleId;

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
        /// SGF files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
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
        Command::Score {
            rules,
            balancing,
            format,
            komi_from_sgf,
            keep_going,
            files,
        } => {
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
                let bytes = match std::fs::read(path) {
                    Ok(b) => b,
                    Err(e) => {
                        eprintln!("jpd score: {name}: cannot read the file: {e}");
                        bad = true;
                        continue;
                    }
                };
                match score_bytes(&name, &bytes, &opts) {
                    Ok(r) => reports.push(r),
                    Err(e) => {
                        eprintln!("jpd score: {name}: {e}");
                        bad = true;
                    }
                }
            }
            if bad && !keep_going {
                return ExitCode::from(2);
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
