//! `jpd check` on collections, closed pipes, and the JSON that draws a count.

use super::*;

/// The SGF files under `dir`, recursively.
fn sgf_files(dir: &std::path::Path) -> Vec<PathBuf> {
    let mut v = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            v.extend(sgf_files(&p));
        } else if p.extension().is_some_and(|x| x == "sgf") {
            v.push(p);
        }
    }
    v
}

#[test]
fn check_corpus_reads_every_record_whatever_the_threads() {
    // The hand-built records and GNU Go's self-play games; the real records of corpus/real/
    // have a test of their own (tests/it/records.rs).
    let corpus = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let inputs: Vec<PathBuf> = {
        let mut v: Vec<PathBuf> = std::fs::read_dir(&corpus)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.is_dir() || p.extension().is_some_and(|x| x == "sgf"))
            .filter(|p| !p.ends_with("real"))
            .collect();
        v.sort();
        v
    };
    let n: usize = inputs
        .iter()
        .map(|p| if p.is_dir() { sgf_files(p).len() } else { 1 })
        .sum();
    assert!(n > 10, "{n} SGF files under corpus/");
    let base = std::env::temp_dir().join(format!("jpd-cli-check-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&base);
    let run = |threads: &str| {
        let out = base.join(format!("t{threads}"));
        let o = jpd()
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .args(["check", "--threads", threads, "--out"])
            .arg(&out)
            .args(&inputs)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(0), "stderr: {err}");
        assert!(!err.contains("panicked"), "{err}");
        out
    };
    let one = run("1");
    let two = run("2");
    let read = |dir: &std::path::Path, f: &str| std::fs::read_to_string(dir.join(f)).unwrap();
    let records = read(&one, "records.csv");
    let mut r = csv::Reader::from_reader(records.as_bytes());
    let rows: Vec<csv::StringRecord> = r.records().map(Result::unwrap).collect();
    assert_eq!(rows.len(), n, "one row per SGF file");
    let error_col = r
        .headers()
        .unwrap()
        .iter()
        .position(|h| h == "error")
        .unwrap();
    assert!(rows.iter().all(|row| row[error_col].is_empty()));
    assert_eq!(read(&one, "errors.csv").lines().count(), 1, "a header only");
    assert!(read(&one, "scores.csv").lines().count() > n);
    let md = read(&one, "FINDINGS.md");
    assert!(
        md.contains(&format!("{n} records: {n} read, 0 refused")),
        "{md}"
    );
    for f in ["records.csv", "scores.csv", "errors.csv", "FINDINGS.md"] {
        assert_eq!(read(&one, f), read(&two, f), "{f} depends on the threads");
    }
    // A non-empty folder is refused without --force.
    let o = jpd()
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["check", "corpus/walls-6x6-wfp-black-last.sgf", "--out"])
        .arg(&one)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&base);
}

#[test]
fn check_goes_on_past_a_bad_record_with_exit_code_3() {
    let dir = std::env::temp_dir().join(format!("jpd-cli-check-bad-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("in/sub")).unwrap();
    std::fs::write(dir.join("in/bad.sgf"), b"(;GM[1]FF[4]SZ[9];B[aa];W[bb").unwrap();
    std::fs::copy(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("corpus/walls-6x6-wfp-black-last.sgf"),
        dir.join("in/sub/good.sgf"),
    )
    .unwrap();
    std::fs::write(dir.join("in/notes.txt"), b"not a record").unwrap();
    let out = dir.join("out");
    let o = jpd()
        .args(["check", "--rules", "jpd-tangsong,chinese", "--out"])
        .arg(&out)
        .arg(dir.join("in"))
        .output()
        .unwrap();
    assert_eq!(
        o.status.code(),
        Some(3),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let records = std::fs::read_to_string(out.join("records.csv")).unwrap();
    assert_eq!(records.lines().count(), 3, "{records}");
    let errors = std::fs::read_to_string(out.join("errors.csv")).unwrap();
    assert!(errors.contains("bad.sgf,truncated,"), "{errors}");
    let scores = std::fs::read_to_string(out.join("scores.csv")).unwrap();
    assert_eq!(scores.lines().count(), 3, "{scores}");
    let md = std::fs::read_to_string(out.join("FINDINGS.md")).unwrap();
    assert!(md.contains("| truncated | 1 |"), "{md}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A link named `*.sgf` that is broken or loops is a record that cannot be read (errors.csv,
/// exit code 3), not skipped in silence; a good record beside them is scored.
#[cfg(unix)]
#[test]
fn check_reports_broken_and_looping_links() {
    use std::os::unix::fs::symlink;
    let dir = std::env::temp_dir().join(format!("jpd-cli-check-links-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("in")).unwrap();
    std::fs::copy(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("corpus/walls-6x6-wfp-black-last.sgf"),
        dir.join("in/good.sgf"),
    )
    .unwrap();
    symlink(dir.join("in/gone.sgf"), dir.join("in/broken.sgf")).unwrap();
    symlink(dir.join("in/loop.sgf"), dir.join("in/loop.sgf")).unwrap();
    let out = dir.join("out");
    let o = jpd()
        .args(["check", "--rules", "chinese", "--out"])
        .arg(&out)
        .arg(dir.join("in"))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(3), "{err}");
    assert!(err.contains("3 records, 1 read, 2 refused"), "{err}");
    let errors = std::fs::read_to_string(out.join("errors.csv")).unwrap();
    assert!(errors.contains("broken.sgf,"), "{errors}");
    assert!(errors.contains("loop.sgf,"), "{errors}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `jpd score ... | head -1`: when the reader closes the pipe, `jpd score` stops and exits 0, as
/// well-behaved tools do (before: exit code 2 and "Broken pipe" on stderr).
#[test]
fn a_closed_pipe_is_not_an_error() {
    use std::process::Stdio;
    let corpus = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let files: Vec<_> = std::fs::read_dir(&corpus)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "sgf"))
        .collect();
    for format in ["text", "csv"] {
        let mut child = jpd()
            .args(["score", "--format", format])
            .args(&files)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Close the reading end at once: every write then fails with a broken pipe.
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        assert_eq!(
            out.status.code(),
            Some(0),
            "{format}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(!String::from_utf8_lossy(&out.stderr).contains("Broken pipe"));
    }
    // `jpd replay` too (before: exit code 2, silently).
    let mut child = jpd()
        .args(["replay", "--game", "3", "--size", "9"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// JSON draws the count: the dead stones, the class of every point, and per rule set the
/// points it counts for each side, one string per row from the top. The game: Black's wall on
/// column C, White's on D, a dead white stone at A3 (TB). Hand count: Chinese area, Black has
/// columns A-C (15 points, the dead stone's point included), White D-E (10); Japanese
/// territory, Black the 10 empty points of A-B (A3 once the dead stone is off; the stone itself
/// is a prisoner, off the board: 11 in all), White column E (5); Tromp-Taylor takes the board
/// as it stands: the white stone at A3 is White's, and the region A-B touches both colours, so
/// Black has its 5 stones only and White 5 + 5 + 1 = 11.
#[test]
fn json_draws_the_counted_points_of_every_rule_set() {
    let p = tmp(
        "walls-5x5-dead.sgf",
        b"(;GM[1]FF[4]SZ[5];B[ca];W[da];B[cb];W[db];B[cc];W[dc];B[cd];W[dd];B[ce];W[de];B[];W[ac];B[];W[]TB[ac])",
    );
    let out = jpd()
        .args([
            "score",
            "--format",
            "json",
            "--rules",
            "chinese,japanese,tromp-taylor",
        ])
        .arg(&p)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let v = &v[0];
    let rows = |x: &serde_json::Value| -> Vec<String> {
        x.as_array()
            .unwrap()
            .iter()
            .map(|r| r.as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(v["dead_points"], serde_json::json!(["A3"]));
    // Row 5 first; A3 is the third row, first column.
    assert_eq!(
        rows(&v["classification"]),
        ["bbXOw", "bbXOw", "obXOw", "bbXOw", "bbXOw"]
    );
    let grids = v["counted_points"].as_array().unwrap();
    let expect: [(&str, [&str; 5], f64, f64); 3] = [
        ("chinese", ["XXXOO"; 5], 15.0, 10.0),
        ("japanese", ["XX..O"; 5], 11.0, 5.0),
        (
            "tromp-taylor",
            ["..XOO", "..XOO", "O.XOO", "..XOO", "..XOO"],
            5.0,
            11.0,
        ),
    ];
    for ((g, r), (id, grid, black, white)) in grids
        .iter()
        .zip(v["results"].as_array().unwrap())
        .zip(expect)
    {
        assert_eq!(g["rules"], id);
        assert_eq!(rows(&g["points"]), grid, "{id}");
        assert_eq!(
            (r["black"].as_f64(), r["white"].as_f64()),
            (Some(black), Some(white)),
            "{id}"
        );
    }
}

/// Every subcommand states its exit codes after its `--help`, and the table of docs/CLI.md has
/// a row for each.
#[test]
fn exit_codes_are_documented_for_every_subcommand() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/CLI.md")).unwrap();
    let table = doc
        .split("## Exit codes")
        .nth(1)
        .expect("an Exit codes section");
    for sub in super::conventions::subcommands() {
        let out = jpd().args([sub.as_str(), "--help"]).output().unwrap();
        assert!(out.status.success());
        let help = String::from_utf8(out.stdout).unwrap();
        assert!(help.contains("Exit codes: 0 "), "{sub}: {help}");
        assert!(
            table.contains(&format!("| `{sub}` |")),
            "docs/CLI.md row for {sub}"
        );
    }
}
