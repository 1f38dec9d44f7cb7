//! Output folders: the lock a command holds on its folder (real concurrent `jpd` processes),
//! and the one rule every writer follows (an empty folder, or `--force`, which clears the files
//! jpd writes there).

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Child, Output, Stdio};
use std::time::{Duration, Instant};

use super::jpd;

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("jpd-it-outdir-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&d);
    d
}

fn run(args: &[&str]) -> Output {
    jpd().args(args).output().unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Runs `jpd args`, killed after `secs` seconds (on the code before the lock, the second
/// process would have run a whole campaign): its output, or `None` when it had to be killed.
fn run_for(args: &[&str], secs: u64) -> Option<Output> {
    let mut c = jpd()
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let until = Instant::now() + Duration::from_secs(secs);
    while Instant::now() < until {
        if c.try_wait().unwrap().is_some() {
            return Some(c.wait_with_output().unwrap());
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let _ = c.kill();
    let _ = c.wait();
    None
}

/// Waits until `child` holds the lock of `d` (its pid in `d/.jpd.lock`).
fn wait_for_lock(child: &mut Child, d: &Path) {
    let until = Instant::now() + Duration::from_secs(60);
    let pid = child.id().to_string();
    while Instant::now() < until {
        let text = fs::read_to_string(d.join(".jpd.lock")).unwrap_or_default();
        if text.trim() == pid {
            return;
        }
        assert!(child.try_wait().unwrap().is_none(), "the campaign ended");
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = child.kill();
    panic!("{} never held the lock of {}", pid, d.display());
}

/// Asserts the command was refused because the folder is in use by `pid`.
fn assert_busy(o: Option<Output>, pid: u32) {
    let o = o.expect("refused at once, not run alongside");
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("is in use by another jpd process"), "{err}");
    assert!(err.contains(&format!("pid {pid}")), "{err}");
}

#[test]
fn a_running_campaign_locks_its_folder_until_it_dies() {
    let d = dir("locked");
    let ds = d.to_str().unwrap();
    let mut first = jpd()
        .args(["run", "--games", "20000", "--sizes", "9", "--threads", "1"])
        .args(["--quiet", "--out", ds])
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    wait_for_lock(&mut first, &d);
    let pid = first.id();
    assert_busy(run_for(&["run", "--resume", ds, "--threads", "1"], 20), pid);
    // --force does not take a folder from a running process.
    let force = [
        "run", "--games", "2", "--sizes", "5", "--out", ds, "--force",
    ];
    assert_busy(run_for(&force, 20), pid);
    assert_busy(run_for(&["findings", ds], 20), pid);
    let shard = dir("locked-shard");
    let merge = ["merge", "--out", ds, "--force", shard.to_str().unwrap()];
    assert_busy(run_for(&merge, 20), pid);
    // Nor is it read as a shard while it is written.
    let reader = dir("locked-reader");
    let merge = ["merge", "--out", reader.to_str().unwrap(), ds];
    assert_busy(run_for(&merge, 20), pid);
    let _ = fs::remove_dir_all(&reader);
    let exhaust = ["exhaust", "--size", "1", "--out", ds, "--force"];
    assert_busy(run_for(&exhaust, 20), pid);
    // Killed outright: its lock file stays, stale, and the next command takes it over.
    first.kill().unwrap();
    first.wait().unwrap();
    assert!(d.join(".jpd.lock").exists());
    // jpd findings on the killed run: a clear message, not "summary.csv: No such file".
    let o = run(&["findings", ds]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("no summary.csv: the campaign stopped after")
            && stderr(&o).contains(&format!("jpd run --resume {ds}")),
        "{}",
        stderr(&o)
    );
    let o = run(&force);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        !d.join(".jpd.lock").exists(),
        "a command that ends removes its lock"
    );
    fs::remove_dir_all(&d).unwrap();
}

/// Two campaigns started together into one empty folder: exactly one runs, the other is refused
/// (while the first runs, or after it, since the folder then holds its report). With `--force`
/// on both, the folder's lock alone keeps the second out: before it, both ran into the folder
/// at once.
#[test]
fn of_two_campaigns_started_together_into_one_folder_exactly_one_runs() {
    for force in [false, true] {
        let d = dir(if force { "two-forced" } else { "two" });
        let ds = d.to_str().unwrap();
        let spawn = || {
            let mut c = jpd();
            c.args(["run", "--games", "400", "--sizes", "9", "--threads", "1"])
                .args(["--quiet", "--out", ds]);
            if force {
                c.arg("--force");
            }
            c.stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        };
        let (a, b) = (spawn(), spawn());
        let outs = [a.wait_with_output().unwrap(), b.wait_with_output().unwrap()];
        let ok = outs.iter().filter(|o| o.status.success()).count();
        assert_eq!(ok, 1, "{} / {}", stderr(&outs[0]), stderr(&outs[1]));
        let refused = outs.iter().find(|o| !o.status.success()).unwrap();
        let err = stderr(refused);
        assert_eq!(refused.status.code(), Some(2), "{err}");
        assert!(
            err.contains("is in use by another jpd process") || (!force && err.contains(NOT_EMPTY)),
            "{err}"
        );
        let m = fs::read_to_string(d.join("manifest.json")).unwrap();
        assert!(m.contains("\"games_done\": 400"), "{m}");
        assert!(m.contains("\"complete\": true"), "{m}");
        fs::remove_dir_all(&d).unwrap();
    }
}

/// The files of a folder, recursively, with their bytes.
fn files(d: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut v = Vec::new();
    for e in fs::read_dir(d).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            v.extend(files(&p));
        } else {
            v.push((p.clone(), fs::read(&p).unwrap()));
        }
    }
    v.sort();
    v
}

/// A finished campaign with its FINDINGS.md (and the examples and chart it draws).
fn campaign_with_findings(d: &Path, seed: &str) {
    let ds = d.to_str().unwrap();
    let o = run(&[
        "run",
        "--games",
        "12",
        "--sizes",
        "5",
        "--seed",
        seed,
        "--threads",
        "1",
        "--out",
        ds,
        "--quiet",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = run(&["findings", ds, "--quiet"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(d.join("FINDINGS.md").exists());
}

const NOT_EMPTY: &str =
    "is not empty: choose another folder, or pass --force to replace the files jpd wrote there";

#[test]
fn exhaust_refuses_a_folder_that_holds_another_report_unless_forced() {
    let d = dir("exhaust");
    let ds = d.to_str().unwrap();
    campaign_with_findings(&d, "7");
    let before = files(&d);
    let o = run(&["exhaust", "--size", "2", "--out", ds, "--threads", "1"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains(NOT_EMPTY), "{}", stderr(&o));
    assert_eq!(before, files(&d), "refused: the campaign is left as it was");
    let o = run(&[
        "exhaust",
        "--size",
        "2",
        "--out",
        ds,
        "--threads",
        "1",
        "--force",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(d.join("exhaustive.csv").exists());
    for stale in [
        "FINDINGS.md",
        "scores.csv",
        "divergences.csv",
        "findings.csv",
    ] {
        assert!(!d.join(stale).exists(), "{stale} of the campaign stayed");
    }
    // A finished exhaustive run is not replaced either, without --force.
    let before = files(&d);
    let o = run(&["exhaust", "--size", "1", "--out", ds, "--threads", "1"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains(NOT_EMPTY), "{}", stderr(&o));
    assert_eq!(before, files(&d));
    fs::remove_dir_all(&d).unwrap();
}

#[test]
fn merge_refuses_a_folder_that_holds_another_campaign_and_force_clears_it() {
    let other = dir("merge-other");
    campaign_with_findings(&other, "9");
    assert!(other.join("examples").is_dir() || other.join("divergences.svg").exists());
    let shards: Vec<PathBuf> = (1..=2)
        .map(|i| {
            let s = dir(&format!("merge-shard{i}"));
            let shard = format!("{i}/2");
            let o = run(&[
                "run",
                "--games",
                "12",
                "--sizes",
                "5",
                "--threads",
                "1",
                "--shard",
                &shard,
                "--out",
                s.to_str().unwrap(),
                "--quiet",
            ]);
            assert!(o.status.success(), "{}", stderr(&o));
            s
        })
        .collect();
    let os = other.to_str().unwrap();
    let merge = |force: bool| {
        let mut c = jpd();
        c.args(["merge", "--out", os]).args(&shards);
        if force {
            c.arg("--force");
        }
        c.output().unwrap()
    };
    let before = files(&other);
    let o = merge(false);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains(NOT_EMPTY), "{}", stderr(&o));
    assert_eq!(before, files(&other));
    let o = merge(true);
    assert!(o.status.success(), "{}", stderr(&o));
    for stale in ["FINDINGS.md", "examples", "divergences.svg"] {
        assert!(
            !other.join(stale).exists(),
            "{stale} of the other campaign stayed"
        );
    }
    let m = fs::read_to_string(other.join("manifest.json")).unwrap();
    assert!(m.contains("\"merged_from\": ["), "{m}");
    // jpd check and jpd run say the same, in the same words.
    let o = run(&["check", "--out", os, "corpus/bent-four-corner-7x7.sgf"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains(NOT_EMPTY), "{}", stderr(&o));
    let o = run(&["run", "--games", "2", "--out", os]);
    assert!(stderr(&o).contains(NOT_EMPTY), "{}", stderr(&o));
    for d in shards.iter().chain([&other]) {
        fs::remove_dir_all(d).unwrap();
    }
}

/// A command that fails before writing anything leaves no folder behind: `jpd check` of inputs
/// holding no SGF file, and `jpd oracle` of an input it cannot read (refused before GNU Go is
/// started: `/bin/true` stands for it), each into a folder that did not exist, two levels deep.
#[test]
fn check_and_oracle_leave_no_folder_after_an_early_failure() {
    let d = dir("early");
    let inputs = d.join("inputs");
    fs::create_dir_all(&inputs).unwrap();
    let out = d.join("made").join("check");
    let o = jpd()
        .arg("check")
        .arg("--out")
        .arg(&out)
        .arg(&inputs)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("no SGF file found in the inputs"),
        "{}",
        stderr(&o)
    );
    assert!(!d.join("made").exists(), "jpd check left {}", out.display());
    let out = d.join("made").join("oracle");
    let o = jpd()
        .args(["oracle", "--gnugo", "/bin/true", "--out"])
        .arg(&out)
        .arg(inputs.join("missing.sgf"))
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("missing.sgf: No such file"),
        "{}",
        stderr(&o)
    );
    assert!(
        !d.join("made").exists(),
        "jpd oracle left {}",
        out.display()
    );
    // A folder that was there before is left as it was (empty).
    let out = d.join("there");
    fs::create_dir_all(&out).unwrap();
    let o = jpd()
        .arg("check")
        .arg("--out")
        .arg(&out)
        .arg(&inputs)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(out.is_dir() && fs::read_dir(&out).unwrap().next().is_none());
    fs::remove_dir_all(&d).unwrap();
}
