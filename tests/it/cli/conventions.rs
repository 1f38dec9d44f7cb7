//! The conventions of a command-line tool: `--version` with the commit, shell completions and
//! man pages that name every subcommand, the short flags, and `--color` with `NO_COLOR`.

use super::*;

/// The subcommands `jpd --help` lists (without clap's `help`), read from the binary itself.
pub fn subcommands() -> Vec<String> {
    let out = jpd().arg("--help").output().unwrap();
    assert!(out.status.success());
    let help = String::from_utf8(out.stdout).unwrap();
    let list = help
        .split("Commands:\n")
        .nth(1)
        .expect("a Commands section")
        .split("\n\n")
        .next()
        .unwrap();
    // A subcommand's line starts with two spaces; its description may wrap onto lines indented
    // further.
    let subs: Vec<String> = list
        .lines()
        .filter(|l| l.starts_with("  ") && !l[2..].starts_with(' '))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|s| *s != "help")
        .map(String::from)
        .collect();
    // The ones this test was written against are there (a parse that found nothing fails).
    for s in [
        "score", "check", "run", "merge", "exhaust", "findings", "oracle", "rules",
    ] {
        assert!(subs.iter().any(|x| x == s), "{s} in {subs:?}");
    }
    subs
}

fn stdout_of(args: &[&str]) -> String {
    let out = jpd().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "jpd {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// `jpd --version` names the version and the commit the binary was built from: the checkout's
/// HEAD when it is built in its own git tree (as the tests are), else `unknown`.
#[test]
fn version_names_the_commit() {
    let v = stdout_of(&["--version"]);
    let line = v.trim_end();
    let prefix = format!("jpd {} (commit ", env!("CARGO_PKG_VERSION"));
    let commit = line
        .strip_prefix(&prefix)
        .and_then(|r| r.strip_suffix(')'))
        .unwrap_or_else(|| panic!("{line:?}"));
    let head = std::process::Command::new("git")
        .args(["rev-parse", "HEAD"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string());
    match head {
        // Built from this checkout: the commit is a full hash. (HEAD may have moved since the
        // build only when the tests run without rebuilding.)
        Some(_) => assert!(
            commit.len() == 40 && commit.bytes().all(|b| b.is_ascii_hexdigit()),
            "{commit}"
        ),
        None => assert_eq!(commit, "unknown"),
    }
}

/// The bash, zsh and fish completions name every subcommand and the flags of `jpd run`.
#[test]
fn completions_name_every_subcommand() {
    let subs = subcommands();
    for shell in ["bash", "zsh", "fish"] {
        let script = stdout_of(&["completions", shell]);
        for s in &subs {
            assert!(script.contains(s.as_str()), "{shell}: {s}");
        }
        for flag in ["summaries-only", "threads", "color"] {
            assert!(script.contains(flag), "{shell}: --{flag}");
        }
    }
    let bad = jpd().args(["completions", "tcsh"]).output().unwrap();
    assert_eq!(bad.status.code(), Some(2));
}

/// `jpd man` prints jpd(1), which names every subcommand; `jpd man -o DIR` writes it and a page
/// per subcommand, each naming that subcommand's own flags.
#[test]
fn man_pages_name_every_subcommand() {
    let subs = subcommands();
    let page = stdout_of(&["man"]);
    assert!(page.contains(".TH jpd 1"), "{page}");
    let listed = page
        .split(".SH SUBCOMMANDS")
        .nth(1)
        .expect("a SUBCOMMANDS section");
    for s in &subs {
        assert!(listed.contains(&format!("jpd\\-{s}(1)")), "{s}");
    }
    let dir = std::env::temp_dir().join(format!("jpd-man-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    stdout_of(&["man", "-q", "-o", dir.to_str().unwrap()]);
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    let mut want: Vec<String> = subs.iter().map(|s| format!("jpd-{s}.1")).collect();
    want.push("jpd.1".to_string());
    want.sort();
    assert_eq!(names, want);
    let run = std::fs::read_to_string(dir.join("jpd-run.1")).unwrap();
    assert!(run.contains("summaries\\-only"), "{run}");
    assert!(std::fs::read_to_string(dir.join("jpd.1")).unwrap() == page);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `-o`, `-r`, `-j` and `-q` mean `--out`, `--rules`, `--threads` and `--quiet`: the short
/// forms give the same bytes as the long ones.
#[test]
fn short_flags_are_the_long_ones() {
    let walls = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/corpus/walls-6x6-wfp-black-last.sgf"
    );
    let short = jpd()
        .args(["score", "-q", "-r", "chinese,japanese", walls])
        .output()
        .unwrap();
    let long = jpd()
        .args(["score", "--quiet", "--rules", "chinese,japanese", walls])
        .output()
        .unwrap();
    assert!(short.status.success());
    assert_eq!(short.stdout, long.stdout);
    // The heading, a verdict line per rule set, the map's key and its 6 rows, the referee, the
    // dead stones and what the record says.
    assert_eq!(String::from_utf8_lossy(&short.stdout).lines().count(), 13);
    let base = std::env::temp_dir().join(format!("jpd-short-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&base);
    let (a, b) = (base.join("a"), base.join("b"));
    for (dir, args) in [
        (&a, ["-q", "-j", "2", "-o"]),
        (&b, ["--quiet", "--threads", "2", "--out"]),
    ] {
        let out = jpd()
            .args(["run", "--games", "6", "--sizes", "9"])
            .args(args)
            .arg(dir)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            out.stderr.is_empty(),
            "-q: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let games = |d: &PathBuf| std::fs::read(d.join("games.csv")).unwrap();
    assert_eq!(games(&a), games(&b));
    std::fs::remove_dir_all(&base).unwrap();
}

const ESC: u8 = 0x1b;

fn score_text(color: Option<&str>, no_color: Option<&str>, extra: &[&str]) -> Vec<u8> {
    let walls = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/corpus/walls-6x6-wfp-black-last.sgf"
    );
    let mut c = jpd();
    c.args(["score", "-r", "chinese,japanese"]);
    if let Some(color) = color {
        c.args(["--color", color]);
    }
    c.args(extra).arg(walls).env_remove("NO_COLOR");
    if let Some(v) = no_color {
        c.env("NO_COLOR", v);
    }
    let out = c.output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// `--color always` colours the verdict and the invariants; stripped of its escapes the text is
/// the plain text byte for byte. `auto` on a pipe, `never` and `NO_COLOR` give the plain text.
#[test]
fn color_paints_the_text_only_when_asked() {
    let plain = score_text(Some("never"), None, &["-v"]);
    assert!(!plain.contains(&ESC));
    let painted = score_text(Some("always"), Some("1"), &["-v"]);
    let text = String::from_utf8(painted.clone()).unwrap();
    assert!(text.contains("chinese   \x1b[1mW+6.5\x1b[0m"), "{text}");
    assert!(text.contains("  T1   \x1b[32mholds\x1b[0m  "), "{text}");
    let stripped = text
        .split('\x1b')
        .enumerate()
        .map(|(i, part)| {
            if i == 0 {
                part
            } else {
                &part[part.find('m').unwrap() + 1..]
            }
        })
        .collect::<String>();
    assert_eq!(stripped.as_bytes(), plain.as_slice());
    // auto: standard output is a pipe here, so no colour; NO_COLOR changes nothing then.
    assert_eq!(score_text(None, None, &["-v"]), plain);
    assert_eq!(score_text(Some("auto"), Some("1"), &["-v"]), plain);
    // JSON and CSV are never coloured, even when asked.
    for format in ["json", "csv"] {
        let out = score_text(Some("always"), None, &["--format", format]);
        assert!(!out.contains(&ESC), "{format}");
    }
    let bad = jpd()
        .args(["--color", "sometimes", "rules"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
}

/// The files a command writes never hold a colour code, whatever `--color` says.
#[test]
fn color_never_reaches_the_files() {
    let dir = std::env::temp_dir().join(format!("jpd-color-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let corpus = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus");
    let out = jpd()
        .args(["--color", "always", "check", "-q", "-o"])
        .arg(&dir)
        .args([
            "walls-6x6-wfp-black-last.sgf",
            "seki-both-eyes-6x6.sgf",
            "unfilled-ko-6x6.sgf",
        ])
        .current_dir(corpus)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut files = 0;
    for e in std::fs::read_dir(&dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_file() {
            files += 1;
            assert!(
                !std::fs::read(&p).unwrap().contains(&ESC),
                "{}",
                p.display()
            );
        }
    }
    assert!(files >= 4, "records, scores, errors, FINDINGS.md");
    std::fs::remove_dir_all(&dir).unwrap();
}
