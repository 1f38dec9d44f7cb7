//! The docs cannot drift from the binary: every `jpd` command line in a shell block of
//! README.md and docs/*.md parses (a dry run: the line with `--help` after it, so the parser
//! checks every subcommand, flag and value and runs nothing), every flag of every subcommand is
//! named in docs/CLI.md, and every CSV column and JSON key jpd writes is listed there.
//!
//! A synopsis line is expanded before it is parsed: brackets are dropped, `a|b|c` is tried one
//! alternative at a time, a placeholder (`N`, `DIR`, `FILE.sgf...`, an upper-case word) takes
//! a sample value for the flag before it, and a shell expansion (`$N`, `$((...))`) is `1`.
//! An alternative is one token (`[--all | --classes]`); alternatives of several tokens are
//! written as two lines.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::cli::conventions::subcommands;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// README.md and every docs/*.md, in name order.
fn doc_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(Path::new(ROOT).join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    files.sort();
    files.insert(0, Path::new(ROOT).join("README.md"));
    files
}

/// The lines of the shell blocks (```sh, ```bash, ```shell, ```console) of a Markdown text,
/// continuation lines (`\` at the end) joined, each with its line number.
fn shell_lines(text: &str) -> Vec<(usize, String)> {
    let mut lines = Vec::new();
    let mut in_shell: Option<bool> = None;
    let mut pending: Option<(usize, String)> = None;
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        if let Some(lang) = trimmed.strip_prefix("```") {
            in_shell = match in_shell {
                Some(_) => None,
                None => Some(matches!(lang.trim(), "sh" | "bash" | "shell" | "console")),
            };
            continue;
        }
        if in_shell != Some(true) {
            continue;
        }
        let (n, mut joined) = pending.take().unwrap_or((i + 1, String::new()));
        joined.push_str(line.trim());
        match joined.strip_suffix('\\') {
            Some(head) => pending = Some((n, format!("{} ", head.trim_end()))),
            None => lines.push((n, joined)),
        }
    }
    lines
}

/// The arguments after `jpd` of a shell line that runs it, up to a pipe, a redirection, `&&`,
/// `;` or a comment; `None` when the line does not start with `jpd` (or `$ jpd`).
fn jpd_args(line: &str) -> Option<String> {
    let line = line.strip_prefix("$ ").unwrap_or(line);
    let rest = line
        .strip_prefix("jpd ")
        .or((line == "jpd").then_some(""))?;
    let mut cut = rest.len();
    for stop in [" #", " | ", " > ", " >> ", " 2>", " && ", "; "] {
        if let Some(at) = rest.find(stop) {
            cut = cut.min(at);
        }
    }
    Some(rest[..cut].trim().to_string())
}

/// `$((...))`, `${X}` and `$X` replaced by `1`.
fn expand_shell(s: &str) -> String {
    let mut out = String::new();
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '$' {
            out.push(c);
            continue;
        }
        match chars.peek() {
            Some('(') => {
                let mut depth = 0;
                for d in chars.by_ref() {
                    match d {
                        '(' => depth += 1,
                        ')' => depth -= 1,
                        _ => {}
                    }
                    if depth == 0 {
                        break;
                    }
                }
            }
            Some('{') => {
                for d in chars.by_ref() {
                    if d == '}' {
                        break;
                    }
                }
            }
            _ => {
                while chars
                    .peek()
                    .is_some_and(|d| d.is_ascii_alphanumeric() || *d == '_')
                {
                    chars.next();
                }
            }
        }
        out.push('1');
    }
    out
}

/// Whether a token of a synopsis stands for a value: an upper-case word (`N`, `DIR`, `I/N`,
/// `FILE.sgf...`, `ID,...`, `A,B,...`).
fn is_placeholder(tok: &str) -> bool {
    let mut chars = tok.chars();
    let first_upper = chars.next().is_some_and(|c| c.is_ascii_uppercase());
    let word: String = tok
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect();
    first_upper && word.chars().all(|c| !c.is_ascii_lowercase())
}

/// A sample value for a placeholder after `flag` (`""` for a positional argument of `sub`).
fn sample(sub: &str, flag: &str) -> &'static str {
    match flag {
        "--games" | "--nodes" | "--game" | "--timeout" | "--random-moves" | "--first" => "5",
        "--seed" => "7",
        "-j" | "--threads" => "2",
        "-o" | "--out" | "--resume" => "out",
        "--shard" => "1/2",
        "--size" => "3",
        "--sizes" => "9,13",
        "--levels" => "0-10",
        "--komi" => "6.5",
        "-r" | "--rules" => "chinese",
        "--svg" => "x.svg",
        "--sgf" => "x.sgf",
        "--policy" => "mixed",
        "--gnugo" => "gnugo",
        "--dead" => "record",
        _ => match sub {
            "merge" | "findings" => "out",
            "completions" => "bash",
            _ => "x.sgf",
        },
    }
}

/// The command lines a documented line stands for: brackets dropped, `a | b` inside brackets
/// read as `a|b`, each alternative of `a|b|c` in turn (the other tokens at their first), each
/// placeholder given a sample value, `...` dropped.
fn expand(args: &str) -> Vec<Vec<String>> {
    let mut s = expand_shell(args);
    // `[--all | --classes]`: alternatives inside brackets.
    while let Some(at) = s.find(" | ") {
        let open = s[..at].rfind('[');
        let close = s[at..].find(']');
        match (open, close) {
            (Some(o), Some(_)) if !s[o..at].contains(']') => {
                s.replace_range(at..at + 3, "|");
            }
            _ => break,
        }
    }
    let toks: Vec<String> = s
        .split_whitespace()
        .map(|t| t.replace(['[', ']'], ""))
        .filter(|t| !t.is_empty() && t != "...")
        .collect();
    let sub = toks.first().cloned().unwrap_or_default();
    let fill = |i: usize, t: &str| -> String {
        if is_placeholder(t) {
            let prev = if i == 0 { "" } else { toks[i - 1].as_str() };
            let flag = if prev.starts_with('-') { prev } else { "" };
            sample(&sub, flag).to_string()
        } else {
            t.to_string()
        }
    };
    let alternatives: Vec<Vec<String>> = toks
        .iter()
        .enumerate()
        .map(|(i, t)| {
            if t.contains('|') {
                t.split('|').map(|a| fill(i, a)).collect()
            } else {
                vec![fill(i, t)]
            }
        })
        .collect();
    let mut variants = vec![alternatives
        .iter()
        .map(|a| a[0].clone())
        .collect::<Vec<_>>()];
    for (i, alts) in alternatives.iter().enumerate() {
        for a in alts.iter().skip(1) {
            let mut v = variants[0].clone();
            v[i] = a.clone();
            variants.push(v);
        }
    }
    // `--all|--classes` gives a token of several flags: split any that holds spaces.
    variants
        .into_iter()
        .map(|v| {
            v.iter()
                .flat_map(|t| t.split_whitespace().map(String::from).collect::<Vec<_>>())
                .filter(|t| !t.is_empty())
                .collect()
        })
        .collect()
}

/// Parses `args` with the binary's parser and runs nothing: `jpd ARGS --help`. The error, if it
/// does not parse.
fn dry_parse(args: &[String]) -> Result<(), String> {
    let out = Command::new(env!("CARGO_BIN_EXE_jpd"))
        .args(args)
        .arg("--help")
        .output()
        .map_err(|e| e.to_string())?;
    if out.status.success() && !out.stdout.is_empty() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    }
}

/// Every `jpd` command line of the shell blocks of README.md and docs/*.md parses.
#[test]
fn every_documented_command_line_parses() {
    let mut checked = 0;
    let mut readme = 0;
    let mut bad = Vec::new();
    for file in doc_files() {
        let text = std::fs::read_to_string(&file).unwrap();
        let name = file.strip_prefix(ROOT).unwrap().display().to_string();
        for (n, line) in shell_lines(&text) {
            let Some(args) = jpd_args(&line) else {
                continue;
            };
            for variant in expand(&args) {
                checked += 1;
                if name == "README.md" {
                    readme += 1;
                }
                if let Err(e) = dry_parse(&variant) {
                    bad.push(format!(
                        "{name}:{n}: jpd {}\n  {}",
                        variant.join(" "),
                        e.trim()
                    ));
                }
            }
        }
    }
    assert!(
        bad.is_empty(),
        "command lines that do not parse:\n{}",
        bad.join("\n")
    );
    // The README shows at least its quick start; the docs every subcommand's synopsis.
    assert!(readme >= 5, "{readme} command lines in README.md");
    assert!(checked >= 40, "{checked} command lines in all");
}

/// The checker itself: a line with a flag, a value or a subcommand that does not exist fails.
#[test]
fn the_docs_check_catches_a_drifted_line() {
    let parses = |line: &str| {
        expand(&jpd_args(line).unwrap())
            .iter()
            .all(|v| dry_parse(v).is_ok())
    };
    assert!(parses(
        "jpd run --games N [--policy mixed|seki] -o DIR # a comment"
    ));
    assert!(parses("jpd exhaust --size N [--all | --classes] --out DIR"));
    assert!(parses(
        "jpd run --shard $((SLURM_ARRAY_TASK_ID + 1))/$N --out runs/shard$X"
    ));
    assert!(!parses("jpd run --bogus"));
    assert!(!parses("jpd run --games N [--policy mixed|nonesuch]"));
    assert!(!parses("jpd run --games many"));
    assert!(!parses("jpd nonesuch"));
    let block = "```sh\njpd score -r chinese \\\n    x.sgf | head -1\nls\n```\n```\njpd run: 5 games\n```\n";
    let lines = shell_lines(block);
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert_eq!(jpd_args(&lines[0].1).unwrap(), "score -r chinese x.sgf");
}

/// The long flags of a subcommand's `--help` (the global ones left out).
fn long_flags(sub: &str) -> Vec<String> {
    let out = Command::new(env!("CARGO_BIN_EXE_jpd"))
        .args([sub, "--help"])
        .output()
        .unwrap();
    let help = String::from_utf8(out.stdout).unwrap();
    // An option's line is indented by 2 (`-o, --out`) or 6 (`--games`); a wrapped description
    // is indented further.
    let mut flags: Vec<String> = help
        .lines()
        .filter(|l| l.len() - l.trim_start().len() <= 6)
        .map(str::trim_start)
        .filter(|l| l.starts_with('-'))
        .filter_map(|l| {
            l.split([' ', ',', '='])
                .find(|t| t.starts_with("--"))
                .map(String::from)
        })
        .filter(|f| !matches!(f.as_str(), "--help" | "--quiet" | "--color"))
        .collect();
    flags.dedup();
    flags
}

/// The section of docs/CLI.md whose heading is `## `jpd SUB``.
fn cli_section(doc: &str, sub: &str) -> String {
    let head = format!("## `jpd {sub}`");
    let start = doc
        .find(&format!("{head}\n"))
        .unwrap_or_else(|| panic!("docs/CLI.md has no section {head}"));
    let rest = &doc[start + head.len()..];
    let end = rest.find("\n## ").unwrap_or(rest.len());
    rest[..end].to_string()
}

/// docs/CLI.md has a section for every subcommand, naming each of its flags.
#[test]
fn cli_doc_names_every_flag_of_every_subcommand() {
    let doc = std::fs::read_to_string(Path::new(ROOT).join("docs/CLI.md")).unwrap();
    let mut named = 0;
    for sub in subcommands() {
        let section = cli_section(&doc, &sub);
        for flag in long_flags(&sub) {
            assert!(
                section.contains(&format!("`{flag}")),
                "docs/CLI.md, jpd {sub}: {flag} is not described"
            );
            named += 1;
        }
    }
    assert!(named >= 50, "{named} flags");
    for global in ["`-q`, `--quiet`", "`--color", "`-V`, `--version`"] {
        assert!(doc.contains(global), "{global}");
    }
}

/// The header of a CSV file.
fn header(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let line = text.lines().next().unwrap_or_default();
    line.split(',').map(String::from).collect()
}

fn run_ok(args: &[&str], dir: &Path) {
    let out = Command::new(env!("CARGO_BIN_EXE_jpd"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "jpd {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Every column of every CSV file a campaign, `jpd exhaust`, `jpd check` and `jpd score` write,
/// and every key of `jpd score --format json`, is named in docs/CLI.md.
#[test]
fn cli_doc_lists_every_csv_column_and_json_key() {
    let doc = std::fs::read_to_string(Path::new(ROOT).join("docs/CLI.md")).unwrap();
    let tmp = std::env::temp_dir().join(format!("jpd-docs-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    std::fs::create_dir_all(&tmp).unwrap();
    let walls = format!("{ROOT}/corpus/walls-6x6-wfp-black-last.sgf");
    run_ok(
        &["run", "-q", "--games", "8", "--sizes", "9", "-o", "camp"],
        &tmp,
    );
    run_ok(&["exhaust", "-q", "--size", "1", "-o", "ex"], &tmp);
    run_ok(&["check", "-q", "-o", "chk", &walls], &tmp);
    let mut files: Vec<PathBuf> = ["camp", "ex", "chk"]
        .iter()
        .flat_map(|d| std::fs::read_dir(tmp.join(d)).unwrap())
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "csv"))
        .collect();
    files.sort();
    assert!(files.len() >= 12, "{files:?}");
    let score_csv = Command::new(env!("CARGO_BIN_EXE_jpd"))
        .args(["score", "-q", "--format", "csv", &walls])
        .output()
        .unwrap();
    let score_header = String::from_utf8(score_csv.stdout).unwrap();
    let mut missing = Vec::new();
    let mut columns: Vec<(String, String)> = files
        .iter()
        .flat_map(|f| {
            let name = f.file_name().unwrap().to_string_lossy().into_owned();
            header(f).into_iter().map(move |c| (name.clone(), c))
        })
        .collect();
    let first = score_header.lines().next().unwrap_or_default();
    columns.extend(
        first
            .split(',')
            .map(|c| ("score --format csv".into(), c.into())),
    );
    for (file, col) in &columns {
        // The invariants' columns are documented once, as `tN_checked` and `tN_failed`.
        let digits = col
            .strip_prefix('t')
            .map(|r| r.len() - r.trim_start_matches(|c: char| c.is_ascii_digit()).len());
        let col = match digits {
            Some(n) if n > 0 && col[1 + n..].starts_with('_') => format!("tN{}", &col[1 + n..]),
            _ => col.clone(),
        };
        if !doc.contains(&format!("`{col}`")) {
            missing.push(format!("{file}: {col}"));
        }
    }
    let json = Command::new(env!("CARGO_BIN_EXE_jpd"))
        .args(["score", "-q", "--format", "json", "-v", &walls])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let mut keys = Vec::new();
    json_keys(&v, &mut keys);
    assert!(keys.len() >= 60, "{} keys", keys.len());
    for k in keys {
        if !doc.contains(&format!("`{k}`")) && !doc.contains(&format!("`{k}[]`")) {
            missing.push(format!("JSON key {k}"));
        }
    }
    missing.sort();
    missing.dedup();
    assert!(
        missing.is_empty(),
        "not in docs/CLI.md:\n{}",
        missing.join("\n")
    );
    std::fs::remove_dir_all(&tmp).unwrap();
}

/// Every object key in a JSON value, at any depth.
fn json_keys(v: &serde_json::Value, keys: &mut Vec<String>) {
    match v {
        serde_json::Value::Object(m) => {
            for (k, x) in m {
                keys.push(k.clone());
                json_keys(x, keys);
            }
        }
        serde_json::Value::Array(a) => a.iter().for_each(|x| json_keys(x, keys)),
        _ => {}
    }
}
