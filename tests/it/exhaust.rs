//! `jpd exhaust`: the enumeration of every legal position of the small boards through the
//! campaign's pipeline.

use std::path::{Path, PathBuf};
use std::process::Command;

use jipingdian::harness::exhaust::{self, ExhaustConfig, ExhaustHooks, Mode};

fn jpd() -> Command {
    Command::new(env!("CARGO_BIN_EXE_jpd"))
}

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("jpd-exhaust-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

/// exhaustive.csv as (kind, name) -> (positions, classes, games).
fn measures(dir: &Path) -> std::collections::BTreeMap<(String, String), (u64, u64, u64)> {
    let mut r = csv::Reader::from_path(dir.join("exhaustive.csv")).unwrap();
    r.records()
        .map(|x| {
            let x = x.unwrap();
            let n = |i: usize| x[i].parse::<u64>().unwrap();
            ((x[2].to_string(), x[3].to_string()), (n(4), n(5), n(6)))
        })
        .collect()
}

fn read(dir: &Path, f: &str) -> String {
    std::fs::read_to_string(dir.join(f)).unwrap()
}

/// The whole 3x3 board: 12,675 legal positions (Tromp and Farnebäck), every invariant checked
/// on every settled game and never failing, exit code 0; the same bytes with one thread or
/// two.
#[test]
fn exhaust_size_3_finds_12675_positions_and_every_invariant_holds() {
    let one = scratch("t1");
    let out = jpd()
        .args(["exhaust", "--size", "3", "--threads", "1", "--out"])
        .arg(&one)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{stdout} {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.contains("12675 legal positions, 1824 symmetry classes"),
        "{stdout}"
    );
    let m = measures(&one);
    assert_eq!(m[&("legal".into(), "positions".into())].0, 12_675);
    // Every position is settled or unsettled for one reason.
    let unsettled: u64 = m
        .iter()
        .filter(|(k, _)| k.0 == "unsettled")
        .map(|(_, v)| v.0)
        .sum();
    let settled = m[&("settled".into(), "settled".into())];
    assert_eq!(settled.0 + unsettled, 12_675);
    assert!(settled.2 > 0);
    for ((kind, name), v) in &m {
        if kind == "invariant" {
            assert_eq!(v.2, 0, "{name} failed");
        }
    }
    // summary.csv: every theorem checked on settled games, none failed; violations.csv empty.
    let mut r = csv::Reader::from_path(one.join("summary.csv")).unwrap();
    let h = r.headers().unwrap().clone();
    let rows: Vec<csv::StringRecord> = r.records().map(|x| x.unwrap()).collect();
    assert_eq!(rows.len(), 1);
    for (i, col) in h.iter().enumerate() {
        if col.ends_with("_failed") {
            assert_eq!(&rows[0][i], "0", "{col}");
        }
    }
    let t6 = h.iter().position(|c| c == "t6_checked").unwrap();
    assert_eq!(rows[0][t6].parse::<u64>().unwrap(), settled.2);
    assert_eq!(read(&one, "violations.csv").lines().count(), 1);
    let games = h.iter().position(|c| c == "games").unwrap();
    let games: usize = rows[0][games].parse().unwrap();
    assert_eq!(read(&one, "games.csv").lines().count(), games + 1);
    let two = scratch("t2");
    let out = jpd()
        .args(["exhaust", "--size", "3", "--threads", "2", "--out"])
        .arg(&two)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    for f in [
        "exhaustive.csv",
        "summary.csv",
        "games.csv",
        "divergence_summary.csv",
    ] {
        assert_eq!(read(&one, f), read(&two, f), "{f}");
    }
}

/// One position per symmetry class stands for every position: the class sizes add up to
/// 12,675, and the referee's verdicts (it searches the canonical image of a position, so they
/// do not depend on the symmetry) give the same position counts as the run over every
/// position.
#[test]
fn classes_stand_for_every_position() {
    let all = scratch("all");
    let cls = scratch("cls");
    for (dir, mode) in [(&all, Mode::All), (&cls, Mode::Classes)] {
        let mut cfg = ExhaustConfig::new(3, mode);
        cfg.games_csv = false;
        let r = exhaust::run(&cfg, dir, &ExhaustHooks::default()).unwrap();
        assert!(r.complete);
    }
    let (a, c) = (measures(&all), measures(&cls));
    assert_eq!(c[&("legal".into(), "positions".into())], (12_675, 1824, 0));
    for k in a.keys().filter(|k| k.0 == "settled" || k.0 == "unsettled") {
        assert_eq!(a[k].0, c[k].0, "{k:?}");
        assert_eq!(a[k].1, c[k].1, "{k:?}");
    }
}

/// An interrupted run resumes from its checkpoint and ends with the bytes of a run that was
/// never interrupted.
#[test]
fn an_interrupted_exhaust_resumes_to_the_same_bytes() {
    let whole = scratch("whole");
    let cut = scratch("cut");
    let mut cfg = ExhaustConfig::new(2, Mode::All);
    cfg.batch = 2;
    exhaust::run(&cfg, &whole, &ExhaustHooks::default()).unwrap();
    let mut first = cfg.clone();
    first.stop_after_batches = Some(2);
    let r = exhaust::run(&first, &cut, &ExhaustHooks::default()).unwrap();
    assert!(!r.complete);
    assert!(cut.join("checkpoint.json").exists());
    let r = exhaust::run(&cfg, &cut, &ExhaustHooks::default()).unwrap();
    assert!(r.complete);
    assert!(!cut.join("checkpoint.json").exists());
    for f in [
        "exhaustive.csv",
        "summary.csv",
        "games.csv",
        "violations.csv",
    ] {
        assert_eq!(read(&whole, f), read(&cut, f), "{f}");
    }
    // A checkpoint of another size is refused.
    let mut other = ExhaustConfig::new(2, Mode::Classes);
    other.stop_after_batches = Some(1);
    let d = scratch("other");
    exhaust::run(&other, &d, &ExhaustHooks::default()).unwrap();
    let e = exhaust::run(
        &ExhaustConfig::new(2, Mode::All),
        &d,
        &ExhaustHooks::default(),
    );
    assert!(e
        .unwrap_err()
        .to_string()
        .contains("checkpoint of --size 2 --classes"));
}

/// The checkpoint holds the checksum of each CSV file up to its checkpointed length, and a
/// resumed run refuses a file changed in place (same length, other bytes) or cut, naming it:
/// through the library, and through `jpd exhaust`, whose output folder stays as it was.
#[test]
fn a_resumed_exhaust_refuses_a_csv_file_changed_since_its_checkpoint() {
    let d = scratch("changed");
    let mut cfg = ExhaustConfig::new(2, Mode::All);
    cfg.batch = 2;
    cfg.stop_after_batches = Some(2);
    assert!(
        !exhaust::run(&cfg, &d, &ExhaustHooks::default())
            .unwrap()
            .complete
    );
    let cp: serde_json::Value = serde_json::from_str(&read(&d, "checkpoint.json")).unwrap();
    let sums = &cp["fnv1a_64"];
    assert_eq!(sums["games.csv"].as_str().map(str::len), Some(16), "{cp}");
    assert_eq!(
        sums["violations.csv"].as_str().map(str::len),
        Some(16),
        "{cp}"
    );
    let games = read(&d, "games.csv");
    assert_eq!(games.len() as u64, cp["games_csv_bytes"].as_u64().unwrap());
    // One digit of the last row changed, the length kept.
    let at = games.trim_end().rfind(",0,").unwrap() + 1;
    let mut changed = games.clone().into_bytes();
    changed[at] = b'1';
    std::fs::write(d.join("games.csv"), &changed).unwrap();
    cfg.stop_after_batches = None;
    let e = exhaust::run(&cfg, &d, &ExhaustHooks::default())
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("games.csv: its first ")
            && e.contains("do not have the checksum of the checkpoint")
            && e.ends_with(
                "the file was changed; run the same command with --force to start afresh"
            ),
        "{e}"
    );
    let before = std::fs::read(d.join("checkpoint.json")).unwrap();
    let o = jpd()
        .args(["exhaust", "--size", "2", "--threads", "1", "--out"])
        .arg(&d)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("do not have the checksum of the checkpoint"),
        "{err}"
    );
    assert_eq!(std::fs::read(d.join("games.csv")).unwrap(), changed);
    assert_eq!(std::fs::read(d.join("checkpoint.json")).unwrap(), before);
    // A file cut short is refused too; the original bytes resume to the end.
    std::fs::write(d.join("games.csv"), &games[..games.len() - 10]).unwrap();
    let e = exhaust::run(&cfg, &d, &ExhaustHooks::default())
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("fewer than the") && e.contains("the file was cut"),
        "{e}"
    );
    std::fs::write(d.join("games.csv"), &games).unwrap();
    assert!(
        exhaust::run(&cfg, &d, &ExhaustHooks::default())
            .unwrap()
            .complete
    );
    std::fs::remove_dir_all(&d).unwrap();
}

/// 5x5 is refused with the reason, exit code 2, nothing on stdout.
#[test]
fn exhaust_refuses_5x5() {
    let out = jpd()
        .args(["exhaust", "--size", "5", "--out"])
        .arg(scratch("five"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--size 5") && err.contains("414,295,148,741"),
        "{err}"
    );
}

/// With stderr not a terminal (a log, CI), `jpd exhaust` prints its progress as lines, as `jpd
/// run` does (before, its bar drew nothing there and a long run said nothing until the end).
#[test]
fn exhaust_prints_progress_lines_when_stderr_is_not_a_terminal() {
    let d = std::env::temp_dir().join(format!("jpd-it-exhaust-progress-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_jpd"))
        .args([
            "exhaust",
            "--size",
            "2",
            "--threads",
            "1",
            "--progress-every",
            "0",
        ])
        .arg("--out")
        .arg(&d)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    let lines: Vec<&str> = err.lines().filter(|l| l.contains(" chunks (")).collect();
    // 81 chunks in two batches (64 and 17), a line for each chunk at --progress-every 0.
    assert_eq!(lines.len(), 81, "{err}");
    assert!(
        lines[80].starts_with("jpd exhaust: 81/81 chunks (100.0%), ")
            && lines[80].contains(", 0 invariant failures, "),
        "{err}"
    );
    std::fs::remove_dir_all(&d).unwrap();
}

/// Runs `jpd` with `args`; returns its exit code and stderr.
fn jpd_code(args: &[&str], dirs: &[&Path]) -> (Option<i32>, String) {
    let o = jpd().args(args).args(dirs).output().unwrap();
    (
        o.status.code(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

/// Every file under `dir`, as paths relative to it, in name order.
fn files_under(dir: &Path) -> Vec<PathBuf> {
    fn walk(root: &Path, d: &Path, out: &mut Vec<PathBuf>) {
        for e in std::fs::read_dir(d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(root, &p, out);
            } else {
                out.push(p.strip_prefix(root).unwrap().to_path_buf());
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out);
    out.sort();
    out
}

/// A manifest without the three keys that record the run itself rather than its results.
fn manifest_but_the_run(dir: &Path) -> serde_json::Map<String, serde_json::Value> {
    let mut m: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(&read(dir, "manifest.json")).unwrap();
    for k in ["command_line", "started", "seconds"] {
        assert!(m.remove(k).is_some(), "{k}");
    }
    m
}

/// The whole 3x3 board in three shards (`--shard 1/3`, `2/3`, `3/3`, each with its own thread
/// count), merged by `jpd merge` from the folders given in another order, is the unsharded run
/// byte for byte, file by file (the examples' SGF included); its manifest.json differs only
/// where it records the command itself: `command_line` (the merge's), `started` (the earliest
/// shard's) and `seconds` (the shards' added).
#[test]
fn three_shards_of_exhaust_merge_to_the_bytes_of_the_unsharded_run() {
    let whole = scratch("shard-whole");
    let (code, err) = jpd_code(
        &["exhaust", "-q", "--size", "3", "--all", "--out"],
        &[&whole],
    );
    assert_eq!(code, Some(0), "{err}");
    let shards: Vec<PathBuf> = (1..=3).map(|i| scratch(&format!("shard-{i}"))).collect();
    let mut legal = 0;
    for (i, d) in (1..=3).zip(&shards) {
        let shard = format!("{i}/3");
        let threads = i.to_string();
        let args = [
            "exhaust", "-q", "--size", "3", "--all", "--shard", &shard, "-j", &threads,
        ];
        let o = jpd()
            .args([&args[..], &["--out"]].concat())
            .arg(d)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&o.stdout);
        assert_eq!(o.status.code(), Some(0), "{stdout}");
        assert!(
            stdout.starts_with(&format!("3x3 (all, shard {i}/3): ")),
            "{stdout}"
        );
        let m = measures(d);
        legal += m[&("legal".into(), "positions".into())].0;
        let manifest: serde_json::Value = serde_json::from_str(&read(d, "manifest.json")).unwrap();
        assert_eq!(manifest["shard"]["index"], i);
        assert_eq!(manifest["shard"]["count"], 3);
        assert_eq!(manifest["checkpoint"]["nodes"], 1_000_000);
        assert_eq!(manifest["chunks"], 243, "729 chunks, 243 each");
        assert!(!d.join("checkpoint.json").exists());
    }
    // Each shard counted its share only.
    assert_eq!(legal, 12_675);
    let merged = scratch("shard-merged");
    let (code, err) = jpd_code(
        &["merge", "-o", merged.to_str().unwrap()],
        &[&shards[2], &shards[0], &shards[1]],
    );
    assert_eq!(code, Some(0), "{err}");
    assert!(err.contains("12675 legal positions"), "{err}");
    let files = files_under(&whole);
    assert_eq!(files, files_under(&merged));
    assert!(files.len() >= 10, "{files:?}");
    assert!(files.iter().any(|f| f.starts_with("examples")), "{files:?}");
    for f in &files {
        if f.as_os_str() == "manifest.json" {
            continue;
        }
        let (a, b) = (
            std::fs::read(whole.join(f)).unwrap(),
            std::fs::read(merged.join(f)).unwrap(),
        );
        assert!(a == b, "{} differs", f.display());
    }
    assert_eq!(manifest_but_the_run(&whole), manifest_but_the_run(&merged));
    let m: serde_json::Value = serde_json::from_str(&read(&merged, "manifest.json")).unwrap();
    assert_eq!(m["command_line"][1], "merge");
    for d in shards.iter().chain([&whole, &merged]) {
        std::fs::remove_dir_all(d).unwrap();
    }
}

/// Runs `jpd exhaust --size 2 FLAGS --out DIR` to the end.
fn exhaust_into(dir: &Path, flags: &[&str]) {
    let (code, err) = jpd_code(
        &[&["exhaust", "-q", "--size", "2"], flags, &["--out"]].concat(),
        &[dir],
    );
    assert_eq!(code, Some(0), "{flags:?}: {err}");
}

/// `jpd merge` of shards of an exhaustive run refuses, with exit code 2, naming the folder or
/// the shard, and writing nothing: a missing shard, a shard given twice, a shard of another
/// run (mode, node budget) or of another split, an unfinished shard, a run that is no shard, and
/// a shard whose CSV file was changed.
#[test]
fn exhaust_merge_refuses_shards_that_are_not_one_whole_run() {
    // s[0], s[1], s[2]: shards 1/3, 2/3, 3/3.
    let s: Vec<PathBuf> = (1..=3).map(|i| scratch(&format!("refuse-{i}"))).collect();
    for (i, d) in (1..=3).zip(&s) {
        exhaust_into(d, &["--shard", &format!("{i}/3")]);
    }
    let classes = scratch("refuse-classes");
    exhaust_into(&classes, &["--classes", "--shard", "2/3"]);
    let nodes = scratch("refuse-nodes");
    exhaust_into(&nodes, &["--nodes", "500", "--shard", "2/3"]);
    let split = scratch("refuse-split");
    exhaust_into(&split, &["--shard", "2/2"]);
    let whole = scratch("refuse-whole");
    exhaust_into(&whole, &[]);
    let cut = scratch("refuse-cut");
    let mut cfg = ExhaustConfig::new(2, Mode::All);
    cfg.shard = Some("2/3".parse().unwrap());
    cfg.batch = 2;
    cfg.stop_after_batches = Some(1);
    assert!(
        !exhaust::run(&cfg, &cut, &ExhaustHooks::default())
            .unwrap()
            .complete
    );
    let out = scratch("refuse-out");
    let cases: [(&[&PathBuf], String); 9] = [
        (
            &[&s[0], &s[2]],
            "shard 2/3 of the run is missing (2 folders given, of 3 shards): give the folder of \
             every shard, 1/3 to 3/3"
                .into(),
        ),
        (
            &[&s[0], &s[1], &s[1], &s[2]],
            format!("{}: shard 2/3 is given twice", s[1].display()),
        ),
        (
            &[&s[0], &classes, &s[2]],
            format!("{}: a shard of another run than", classes.display()),
        ),
        (&[&s[0], &nodes, &s[2]], "--nodes 500".into()),
        (
            &[&s[0], &split, &s[2]],
            format!("{}: shard 2/2 of a run split in 2", split.display()),
        ),
        (
            &[&s[0], &cut, &s[2]],
            "shard 2/3 stopped after 2 of its 27 chunks".into(),
        ),
        (
            &[&s[0], &s[1], &s[2], &whole],
            format!("{}: not a shard", whole.join("manifest.json").display()),
        ),
        (&[&s[0], &s[1]], "shard 3/3 of the run is missing".into()),
        (
            &[&s[1]],
            "shards 1/3, 3/3 of the run are missing (1 folder given, of 3 shards)".into(),
        ),
    ];
    for (dirs, want) in cases {
        let dirs: Vec<&Path> = dirs.iter().map(|d| d.as_path()).collect();
        let (code, err) = jpd_code(&["merge", "-o", out.to_str().unwrap()], &dirs);
        assert_eq!(code, Some(2), "{dirs:?}: {err}");
        assert!(err.contains(&want), "{dirs:?}: {want}: {err}");
        assert!(
            !out.exists() || files_under(&out).is_empty(),
            "{dirs:?}: {:?}",
            files_under(&out)
        );
    }
    // A row changed in place (the length kept) is found by the checksum, and nothing is written.
    let games = read(&s[1], "games.csv");
    let at = games.trim_end().rfind(",0,").unwrap() + 1;
    let mut changed = games.clone().into_bytes();
    changed[at] = b'1';
    std::fs::write(s[1].join("games.csv"), &changed).unwrap();
    let (code, err) = jpd_code(
        &["merge", "-o", out.to_str().unwrap()],
        &[&s[0], &s[1], &s[2]],
    );
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains(&format!(
            "{}: its bytes do not have the checksum",
            s[1].join("games.csv").display()
        )),
        "{err}"
    );
    assert!(
        !out.exists() || files_under(&out).is_empty(),
        "{:?}",
        files_under(&out)
    );
    std::fs::write(s[1].join("games.csv"), &games).unwrap();
    let (code, err) = jpd_code(
        &["merge", "-o", out.to_str().unwrap()],
        &[&s[0], &s[1], &s[2]],
    );
    assert_eq!(code, Some(0), "{err}");
    for d in s
        .iter()
        .chain([&classes, &nodes, &split, &whole, &cut, &out])
    {
        std::fs::remove_dir_all(d).unwrap();
    }
}

/// `--shard` is 1-based, as `jpd run --shard`: `0/3`, `4/3` and a value that is no `I/N` are
/// refused with exit code 2 and the rule, `3/3` is taken; a shard resumes only from its own
/// checkpoint: one of another shard, of another split or of the unsharded run is refused (exit
/// code 2, the folder left as it was).
#[test]
fn exhaust_shards_are_1_based_and_resume_only_their_own_checkpoint() {
    let d = scratch("shard-bad");
    for bad in ["0/3", "4/3", "x", "1/0"] {
        let (code, err) = jpd_code(&["exhaust", "--size", "2", "--shard", bad, "--out"], &[&d]);
        assert_eq!(code, Some(2), "{bad}: {err}");
        assert!(
            err.contains(&format!("bad shard '{bad}': expected I/N with 1 <= I <= N")),
            "{bad}: {err}"
        );
        assert!(!d.exists(), "{bad}");
    }
    // The last shard is taken: of the 81 chunks of 2x2, 3/3 runs the 27 chunks 2, 5, ..., 80.
    let last = scratch("shard-last");
    let (code, err) = jpd_code(
        &["exhaust", "-q", "--size", "2", "--shard", "3/3", "--out"],
        &[&last],
    );
    assert_eq!(code, Some(0), "{err}");
    let m: serde_json::Value = serde_json::from_str(&read(&last, "manifest.json")).unwrap();
    assert_eq!(m["shard"], serde_json::json!({"index": 3, "count": 3}));
    assert_eq!(m["chunks"], 27);
    std::fs::remove_dir_all(&last).unwrap();
    let mut cfg = ExhaustConfig::new(2, Mode::All);
    cfg.shard = Some("1/3".parse().unwrap());
    cfg.batch = 2;
    cfg.stop_after_batches = Some(1);
    assert!(
        !exhaust::run(&cfg, &d, &ExhaustHooks::default())
            .unwrap()
            .complete
    );
    assert_eq!(exhaust::chunks_done(&cfg, &d), 2);
    let before = std::fs::read(d.join("checkpoint.json")).unwrap();
    for (other, what) in [(Some("2/3"), "2/3"), (Some("1/2"), "1/2"), (None, "")] {
        let mut o = cfg.clone();
        o.shard = other.map(|s| s.parse().unwrap());
        let e = exhaust::run(&o, &d, &ExhaustHooks::default())
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("a checkpoint of --size 2 --all --nodes 1000000 --shard 1/3, not of"),
            "{e}"
        );
        assert!(
            e.contains(&format!(
                "not of --size 2 --all --nodes 1000000{}{what};",
                if what.is_empty() { "" } else { " --shard " }
            )),
            "{e}"
        );
        let mut args = vec!["exhaust", "--size", "2"];
        if let Some(s) = other {
            args.extend(["--shard", s]);
        }
        args.push("--out");
        let (code, err) = jpd_code(&args, &[&d]);
        assert_eq!(code, Some(2), "{err}");
        assert!(
            err.contains("a checkpoint of --size 2 --all --nodes 1000000 --shard 1/3"),
            "{err}"
        );
        assert_eq!(std::fs::read(d.join("checkpoint.json")).unwrap(), before);
    }
    // Its own shard resumes to the end.
    let (code, err) = jpd_code(
        &["exhaust", "-q", "--size", "2", "--shard", "1/3", "--out"],
        &[&d],
    );
    assert_eq!(code, Some(0), "{err}");
    let m: serde_json::Value = serde_json::from_str(&read(&d, "manifest.json")).unwrap();
    assert_eq!(
        (m["chunks_done"].as_u64(), m["complete"].as_bool()),
        (Some(27), Some(true))
    );
    std::fs::remove_dir_all(&d).unwrap();
}

/// A shard may have no chunk (1x1 has 3 chunks; shards 4/5 and 5/5 have none): it writes the
/// headers, its manifest counts them, and the five shards merge to the unsharded run's bytes.
#[test]
fn exhaust_shards_without_chunks_merge_too() {
    let whole = scratch("none-whole");
    let (code, err) = jpd_code(&["exhaust", "-q", "--size", "1", "--out"], &[&whole]);
    assert_eq!(code, Some(0), "{err}");
    let shards: Vec<PathBuf> = (1..=5).map(|i| scratch(&format!("none-{i}"))).collect();
    for (i, d) in (1..=5).zip(&shards) {
        let shard = format!("{i}/5");
        let (code, err) = jpd_code(
            &["exhaust", "-q", "--size", "1", "--shard", &shard, "--out"],
            &[d],
        );
        assert_eq!(code, Some(0), "{err}");
    }
    let m: serde_json::Value = serde_json::from_str(&read(&shards[4], "manifest.json")).unwrap();
    assert_eq!(m["chunks"], 0);
    assert_eq!(
        m["checkpoint"]["games_csv_bytes"].as_u64(),
        Some(
            std::fs::metadata(shards[4].join("games.csv"))
                .unwrap()
                .len()
        )
    );
    let merged = scratch("none-merged");
    let dirs: Vec<&Path> = shards.iter().rev().map(|d| d.as_path()).collect();
    let (code, err) = jpd_code(&["merge", "-q", "-o", merged.to_str().unwrap()], &dirs);
    assert_eq!(code, Some(0), "{err}");
    let files = files_under(&whole);
    assert_eq!(files, files_under(&merged));
    for f in files.iter().filter(|f| f.as_os_str() != "manifest.json") {
        let (a, b) = (
            std::fs::read(whole.join(f)).unwrap(),
            std::fs::read(merged.join(f)).unwrap(),
        );
        assert!(a == b, "{} differs", f.display());
    }
    assert_eq!(manifest_but_the_run(&whole), manifest_but_the_run(&merged));
    for d in shards.iter().chain([&whole, &merged]) {
        std::fs::remove_dir_all(d).unwrap();
    }
}
