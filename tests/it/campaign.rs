//! The campaign: serial equals parallel, shards merge to the unsharded bytes, a resumed run
//! equals an uninterrupted one, replay regenerates a game's row, violation records read back.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use jipingdian::engine::PlayRules;
use jipingdian::harness::campaign::{
    self, Campaign, Hooks, Manifest, ResumeConfig, RunConfig, Shard, CSV_FILES, VIOLATIONS_DIR,
};
use jipingdian::harness::generate::{GameSpec, Policy};
use jipingdian::harness::outcome::RunOptions;
use jipingdian::report::campaign::{replay_games_csv, replay_report, replay_sgf};
use jipingdian::report::score::ScoreOptions;
use jipingdian::sgf::{parse_sgf, replay};

const GAMES: u64 = 300;

fn tmp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("jpd-it-campaign-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&d);
    d
}

fn small(shard: Option<Shard>) -> Campaign {
    Campaign {
        master_seed: 42,
        games: GAMES,
        sizes: vec![5, 7, 9],
        policy: Policy::Mixed,
        shard,
    }
}

fn config(shard: Option<Shard>, threads: usize, chunk: u64) -> RunConfig {
    let mut cfg = RunConfig::new(small(shard));
    cfg.threads = threads;
    cfg.chunk_size = chunk;
    cfg
}

/// The files whose bytes must not depend on how the campaign was run: the four CSVs and the
/// violation records.
fn report_bytes(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    for name in CSV_FILES.iter().chain(["summary.csv"].iter()) {
        out.push((name.to_string(), fs::read(dir.join(name)).unwrap()));
    }
    let mut sgfs: Vec<_> = fs::read_dir(dir.join(VIOLATIONS_DIR))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    sgfs.sort();
    for p in sgfs {
        out.push((
            p.file_name().unwrap().to_string_lossy().into_owned(),
            fs::read(&p).unwrap(),
        ));
    }
    out
}

fn assert_same(a: &Path, b: &Path) {
    let (x, y) = (report_bytes(a), report_bytes(b));
    let names = |v: &[(String, Vec<u8>)]| v.iter().map(|f| f.0.clone()).collect::<Vec<_>>();
    assert_eq!(names(&x), names(&y), "{} vs {}", a.display(), b.display());
    for ((n, p), (_, q)) in x.iter().zip(&y) {
        assert!(
            p == q,
            "{n} differs between {} and {}",
            a.display(),
            b.display()
        );
    }
}

/// One reference run, shared by the tests (threads 1, one chunk per 64 games).
fn reference() -> PathBuf {
    static DIR: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    DIR.get_or_init(|| {
        let d = tmp("reference");
        let r = campaign::run(&config(None, 1, 64), &d, &Hooks::default()).unwrap();
        assert!(r.complete);
        assert_eq!(r.games_done, GAMES);
        d
    })
    .clone()
}

#[test]
fn serial_equals_parallel() {
    let serial = reference();
    let par = tmp("parallel");
    let r = campaign::run(&config(None, 2, 100), &par, &Hooks::default()).unwrap();
    assert!(r.complete);
    assert_same(&serial, &par);
    let games = fs::read_to_string(serial.join("games.csv")).unwrap();
    assert_eq!(games.lines().count() as u64, GAMES + 1);
    let m = Manifest::read(&serial).unwrap();
    assert!(m.complete);
    assert_eq!(m.games_done, GAMES);
    assert_eq!(m.rng_algorithm, jipingdian::harness::rng::ALGORITHM);
    fs::remove_dir_all(&par).unwrap();
}

#[test]
fn shards_merge_to_the_unsharded_bytes() {
    let whole = reference();
    let mut dirs = Vec::new();
    // Out of order on purpose: the merge sorts by game, not by the order of the folders.
    for i in [2, 3, 1] {
        let d = tmp(&format!("shard{i}"));
        let s = Shard { index: i, count: 3 };
        let r = campaign::run(&config(Some(s), 2, 32), &d, &Hooks::default()).unwrap();
        assert!(r.complete);
        assert_eq!(r.games_done, GAMES / 3);
        dirs.push(d);
    }
    let partial = tmp("merged-partial");
    let r = campaign::merge(&partial, &dirs[..2], vec![], "unknown".into()).unwrap();
    assert!(!r.complete, "two shards of three do not cover the campaign");
    let merged = tmp("merged");
    let r = campaign::merge(
        &merged,
        &dirs,
        vec!["jpd".into(), "merge".into()],
        "x".into(),
    )
    .unwrap();
    assert!(r.complete);
    assert_eq!(r.games_done, GAMES);
    assert_same(&whole, &merged);
    let m = Manifest::read(&merged).unwrap();
    assert!(m.complete);
    assert_eq!(m.merged_from.len(), 3);
    assert_eq!(m.shard, None);
    for d in dirs.iter().chain([&partial, &merged]) {
        fs::remove_dir_all(d).unwrap();
    }
}

#[test]
fn resume_after_an_interruption_equals_an_uninterrupted_run() {
    let whole = reference();
    let d = tmp("resumed");
    let mut cfg = config(None, 2, 50);
    cfg.stop_after_chunks = Some(2);
    let r = campaign::run(&cfg, &d, &Hooks::default()).unwrap();
    assert!(!r.complete);
    assert_eq!(r.games_done, 100);
    let m = Manifest::read(&d).unwrap();
    assert!(!m.complete);
    assert_eq!(m.games_done, 100);
    // A process killed outright after the checkpoint leaves extra rows: resume drops them.
    let mut extra = fs::read(d.join("games.csv")).unwrap();
    extra.extend_from_slice(b"999,1,2,partial row\n");
    fs::write(d.join("games.csv"), extra).unwrap();
    // A stop flag already set: no chunk runs, the checkpoint stays.
    let stop = AtomicBool::new(true);
    let hooks = Hooks {
        stop: Some(&stop),
        on_game: None,
    };
    let r = campaign::resume(&d, &ResumeConfig::default(), &hooks).unwrap();
    assert_eq!((r.games_done, r.complete), (100, false));
    // Then twice more, with other chunk sizes and thread counts.
    let rc = ResumeConfig {
        threads: 1,
        chunk_size: 30,
        stop_after_chunks: Some(3),
        ..ResumeConfig::default()
    };
    let r = campaign::resume(&d, &rc, &Hooks::default()).unwrap();
    assert_eq!((r.games_done, r.complete), (190, false));
    let rc = ResumeConfig {
        threads: 2,
        chunk_size: 1000,
        ..ResumeConfig::default()
    };
    let r = campaign::resume(&d, &rc, &Hooks::default()).unwrap();
    assert!(r.complete);
    assert_same(&whole, &d);
    let m = Manifest::read(&d).unwrap();
    assert_eq!((m.complete, m.resumed, m.games_done), (true, 3, GAMES));
    fs::remove_dir_all(&d).unwrap();
}

#[test]
fn replay_regenerates_the_games_row() {
    let whole = reference();
    let games = fs::read_to_string(whole.join("games.csv")).unwrap();
    let lines: Vec<&str> = games.lines().collect();
    let c = small(None);
    for index in [0u64, 1, 2, 17, 250, 299] {
        let spec = c.spec(index);
        let csv = replay_games_csv(&spec, &RunOptions::default());
        let mut it = csv.lines();
        assert_eq!(it.next(), Some(lines[0]), "header");
        assert_eq!(it.next(), Some(lines[index as usize + 1]), "game {index}");
        // The text report reads the same game back from its SGF record.
        let r = replay_report(&spec, &ScoreOptions::default()).unwrap();
        assert_eq!(r.size, spec.size);
        let row: Vec<&str> = lines[index as usize + 1].split(',').collect();
        let k_col = lines[0].split(',').position(|h| h == "k").unwrap();
        assert_eq!(
            r.k.map(|k| k.to_string()).unwrap_or_default(),
            row[k_col],
            "k of game {index}"
        );
        assert!(r.text.contains('T'), "a text report");
    }
    let spec = GameSpec {
        master_seed: 42,
        index: 5,
        size: 9,
        policy: Policy::Endgame,
    };
    assert_eq!(replay_sgf(&spec).to_sgf(), replay_sgf(&spec).to_sgf());
    // The SGF record carries the dead stones: they read back as the generator settled them.
    for index in 0..40 {
        let spec = GameSpec {
            index,
            policy: Policy::Mixed,
            ..spec
        };
        let g = jipingdian::harness::generate::generate(&spec);
        let rec = parse_sgf(replay_sgf(&spec).to_sgf().as_bytes()).unwrap();
        let back = replay(&rec, PlayRules::JPD).unwrap();
        let mut dead = g.finished.dead.clone();
        dead.sort();
        assert_eq!(back.dead, dead, "game {index}");
        assert_eq!(
            back.game.records(),
            g.finished.game.records(),
            "game {index}"
        );
    }
}

#[test]
fn violation_records_read_back() {
    let whole = reference();
    let dir = whole.join(VIOLATIONS_DIR);
    let violations = fs::read_to_string(whole.join("violations.csv")).unwrap();
    let rows = violations.lines().count() - 1;
    let files: Vec<_> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert!(files.len() <= rows);
    if rows > 0 {
        assert!(!files.is_empty(), "violations give SGF records");
    }
    for p in files {
        let bytes = fs::read(&p).unwrap();
        let rec = parse_sgf(&bytes).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
        assert_eq!(rec.rules.as_deref(), Some("Ji-Ping-Dian"));
        assert_eq!(rec.komi_half_points, Some(13));
        replay(&rec, PlayRules::JPD).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
        let text = String::from_utf8(bytes).unwrap();
        assert!(text.contains("master seed 42"), "{}", p.display());
    }
}

fn jpd(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_jpd"))
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn cli_run_merge_replay() {
    let whole = tmp("cli-whole");
    let w = whole.to_str().unwrap();
    let out = jpd(&[
        "run",
        "--games",
        "40",
        "--sizes",
        "5,7",
        "--seed",
        "9",
        "--threads",
        "2",
        "--out",
        w,
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.stdout.is_empty(),
        "the campaign prints nothing on stdout"
    );
    let m = Manifest::read(&whole).unwrap();
    assert!(m.complete);
    assert_eq!(m.command_line[1..5], ["run", "--games", "40", "--sizes"]);
    // Resuming a complete campaign changes none of its files.
    let before = report_bytes(&whole);
    let out = jpd(&["run", "--resume", w, "--threads", "1"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(before, report_bytes(&whole));
    // --resume takes the campaign from the manifest: campaign flags are refused with it.
    assert_eq!(
        jpd(&["run", "--resume", w, "--games", "3"]).status.code(),
        Some(2)
    );
    // A new campaign into the folder is refused (it holds a report), and the folder is left
    // as it was; --force replaces it.
    let again = jpd(&["run", "--games", "3", "--sizes", "5", "--out", w]);
    assert_eq!(again.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&again.stderr).contains("is not empty"));
    assert_eq!(before, report_bytes(&whole));
    let mut shards = Vec::new();
    for i in 1..=2 {
        let d = tmp(&format!("cli-shard{i}"));
        let shard = format!("{i}/2");
        let out = jpd(&[
            "run",
            "--games",
            "40",
            "--sizes",
            "5,7",
            "--seed",
            "9",
            "--shard",
            &shard,
            "--out",
            d.to_str().unwrap(),
        ]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        shards.push(d);
    }
    let merged = tmp("cli-merged");
    let out = jpd(&[
        "merge",
        "--out",
        merged.to_str().unwrap(),
        shards[0].to_str().unwrap(),
        shards[1].to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_same(&whole, &merged);
    // One shard of two merges, but is said to be incomplete, with exit code 1.
    let half = tmp("cli-half");
    let out = jpd(&[
        "merge",
        "--out",
        half.to_str().unwrap(),
        shards[1].to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("INCOMPLETE"));
    assert!(!Manifest::read(&half).unwrap().complete);
    fs::remove_dir_all(&half).unwrap();
    // Merging into one of the shards is refused before anything is written: the shard keeps
    // every byte (this cut a shard's games.csv from 1,001 lines to 164 before).
    let shard0 = report_bytes(&shards[0]);
    let out = jpd(&[
        "merge",
        "--out",
        shards[0].to_str().unwrap(),
        shards[0].to_str().unwrap(),
        shards[1].to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("is one of the shards"));
    assert_eq!(shard0, report_bytes(&shards[0]));
    // A shard of another campaign is refused.
    let other = tmp("cli-other");
    let out = jpd(&[
        "run",
        "--games",
        "40",
        "--sizes",
        "5,7",
        "--seed",
        "10",
        "--shard",
        "2/2",
        "--out",
        other.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let bad = tmp("cli-bad-merge");
    let out = jpd(&[
        "merge",
        "--out",
        bad.to_str().unwrap(),
        shards[0].to_str().unwrap(),
        other.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    // Replay: the games.csv row, the text report, the SGF.
    let games = fs::read_to_string(whole.join("games.csv")).unwrap();
    let out = jpd(&[
        "replay", "--seed", "9", "--game", "13", "--sizes", "5,7", "--csv",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().nth(1), games.lines().nth(14));
    let out = jpd(&["replay", "--seed", "9", "--game", "13", "--size", "7"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8(out.stdout).unwrap().contains("7x7"));
    let sgf = tmp("cli-replay.sgf");
    let out = jpd(&[
        "replay",
        "--seed",
        "9",
        "--game",
        "13",
        "--size",
        "7",
        "--sgf",
        sgf.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let rec = parse_sgf(&fs::read(&sgf).unwrap()).unwrap();
    assert_eq!(rec.size, 7);
    for d in shards.iter().chain([&whole, &merged, &other]) {
        fs::remove_dir_all(d).unwrap();
    }
    let _ = fs::remove_dir_all(&bad);
    fs::remove_file(&sgf).unwrap();
}

/// Four shards run as a GNU parallel job on this machine, then merged, give the bytes of the
/// unsharded run (docs/CAMPAIGNS.md's recipe for many hosts, with one host).
#[test]
fn gnu_parallel_shards_merge_to_the_unsharded_bytes() {
    let Some(parallel) = crate::util::require_tool(
        "GNU parallel",
        crate::util::gnu_parallel(),
        "parallel on the PATH",
    ) else {
        return;
    };
    let base = tmp("gnu-parallel");
    fs::create_dir_all(&base).unwrap();
    let whole = base.join("whole");
    let args = ["--games", "40", "--sizes", "5,7", "--seed", "11"];
    let out = jpd(&[&["run"][..], &args, &["--out", whole.to_str().unwrap()]].concat());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = std::process::Command::new(&parallel)
        .args(["--will-cite", "--halt", "now,fail=1", "-j", "2"])
        .arg(env!("CARGO_BIN_EXE_jpd"))
        .arg("run")
        .args(args)
        .args(["--threads", "1", "--shard", "{}/4", "--out"])
        .arg(base.join("shard{}"))
        .args([":::", "1", "2", "3", "4"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let merged = base.join("merged");
    let mut merge: Vec<String> = vec!["merge".into(), "--out".into(), merged.display().to_string()];
    for i in 1..=4 {
        merge.push(base.join(format!("shard{i}")).display().to_string());
    }
    let refs: Vec<&str> = merge.iter().map(|s| s.as_str()).collect();
    let out = jpd(&refs);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_same(&whole, &merged);
    assert!(Manifest::read(&merged).unwrap().complete);
    fs::remove_dir_all(&base).unwrap();
}

mod commands;
