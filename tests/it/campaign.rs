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
/// unsharded run (the README's recipe for many hosts, with one host).
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

/// Two complete shards of a 40-game campaign (5x5 and 7x7), in fresh folders.
fn two_shards(name: &str) -> [PathBuf; 2] {
    [1, 2].map(|i| {
        let d = tmp(&format!("{name}-shard{i}"));
        let mut cfg = RunConfig::new(Campaign {
            master_seed: 7,
            games: 40,
            sizes: vec![5, 7],
            policy: Policy::Mixed,
            shard: Some(Shard { index: i, count: 2 }),
        });
        cfg.chunk_size = 8;
        assert!(campaign::run(&cfg, &d, &Hooks::default()).unwrap().complete);
        d
    })
}

fn merge_err(out: &Path, shards: &[PathBuf]) -> String {
    match campaign::merge(out, shards, vec![], "unknown".into()) {
        Ok(r) => panic!("the merge of damaged shards was accepted: {r:?}"),
        Err(e) => e.to_string(),
    }
}

/// A shard cut, changed or unfinished is refused with the file and the line, and the merge
/// writes nothing (before, a shard cut at a row boundary merged as "complete" with rows
/// missing).
#[test]
fn merge_refuses_a_damaged_or_unfinished_shard() {
    let shards = two_shards("damaged");
    let out = tmp("damaged-out");
    // Sanity: the two shards merge.
    let r = campaign::merge(&out, &shards, vec![], "unknown".into()).unwrap();
    assert!(r.complete);
    assert_eq!(r.games_done, 40);
    let whole = fs::read(out.join("games.csv")).unwrap();
    let games = shards[0].join("games.csv");
    let good = fs::read(&games).unwrap();
    let text = String::from_utf8(good.clone()).unwrap();
    // 1. games.csv cut at a row boundary: the header and 5 of its 20 rows kept.
    let cut: String = text.lines().take(6).map(|l| format!("{l}\n")).collect();
    fs::write(&games, &cut).unwrap();
    let e = merge_err(&out, &shards);
    assert!(e.contains("games.csv") && e.contains("cut"), "{e}");
    // The earlier merge is untouched: nothing written before the shard is refused.
    assert_eq!(fs::read(out.join("games.csv")).unwrap(), whole);
    // 2. The same length, a game index changed: shard 1/2 plays games 0, 2, 4, ... so line 3
    //    (the second row) is game 2; make it game 4.
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[2].starts_with("2,"), "{}", lines[2]);
    let changed = text.replacen(
        &format!("\n{}", lines[2]),
        &format!("\n4{}", &lines[2][1..]),
        1,
    );
    assert_eq!(changed.len(), good.len());
    fs::write(&games, &changed).unwrap();
    let e = merge_err(&out, &shards);
    assert!(e.contains("games.csv: line 3: game 4"), "{e}");
    fs::write(&games, &good).unwrap();
    // 3. scores.csv cut in the middle of a row.
    let scores = shards[1].join("scores.csv");
    let s = fs::read(&scores).unwrap();
    fs::write(&scores, &s[..s.len() - 7]).unwrap();
    let e = merge_err(&out, &shards);
    assert!(e.contains("scores.csv") && e.contains("cut"), "{e}");
    fs::write(&scores, &s).unwrap();
    // 4. An unfinished shard (stopped after one chunk of 8 games of its 20) is refused.
    let d = tmp("damaged-unfinished");
    let mut cfg = RunConfig::new(Campaign {
        master_seed: 7,
        games: 40,
        sizes: vec![5, 7],
        policy: Policy::Mixed,
        shard: Some(Shard { index: 2, count: 2 }),
    });
    cfg.chunk_size = 8;
    cfg.stop_after_chunks = Some(1);
    let r = campaign::run(&cfg, &d, &Hooks::default()).unwrap();
    assert_eq!((r.games_done, r.complete), (8, false));
    let e = merge_err(&out, &[shards[0].clone(), d.clone()]);
    assert!(e.contains("8 of its 20") && e.contains("--resume"), "{e}");
    // 5. A manifest that says complete with games missing is inconsistent.
    let mpath = shards[1].join("manifest.json");
    let m = fs::read_to_string(&mpath).unwrap();
    fs::write(
        &mpath,
        m.replace("\"games_done\": 20", "\"games_done\": 19"),
    )
    .unwrap();
    let e = merge_err(&out, &shards);
    assert!(
        e.contains("manifest.json") && e.contains("inconsistent"),
        "{e}"
    );
    fs::write(&mpath, m).unwrap();
    // Repaired, they merge to the same bytes.
    campaign::merge(&out, &shards, vec![], "unknown".into()).unwrap();
    assert_eq!(fs::read(out.join("games.csv")).unwrap(), whole);
    for d in shards.iter().chain([&out, &d]) {
        fs::remove_dir_all(d).unwrap();
    }
}

/// `jpd findings` reads a campaign's streamed files only up to the manifest's checkpoint: the
/// rows a killed run wrote after it are not counted, and a file cut short is refused.
#[test]
fn findings_read_up_to_the_checkpoint() {
    let [d, other] = two_shards("findings");
    let before = jipingdian::report::findings::findings(&d).unwrap();
    // divergences.csv is one of the files FINDINGS.md is made from.
    let div = d.join("divergences.csv");
    let good = fs::read(&div).unwrap();
    assert!(
        good.iter().filter(|&&b| b == b'\n').count() > 1,
        "rows to cut"
    );
    let mut extra = good.clone();
    // A row with too few cells: read, it would be an error.
    extra.extend_from_slice(b"999,partial row\n");
    fs::write(&div, &extra).unwrap();
    assert_eq!(jipingdian::report::findings::findings(&d).unwrap(), before);
    fs::write(&div, &good[..good.len() - 1]).unwrap();
    let e = jipingdian::report::findings::findings(&d)
        .unwrap_err()
        .to_string();
    assert!(e.contains("divergences.csv") && e.contains("cut"), "{e}");
    fs::remove_dir_all(&d).unwrap();
    fs::remove_dir_all(&other).unwrap();
}

/// `jpd replay` takes `jpd run`'s defaults: `--game 13` alone is game 13 of the default
/// campaign (seed 2008, sizes 9,13,19, policy mixed), a 13x13 game since 13 % 3 = 1 (it was a
/// 9x9 game before). And the replay line of a report, copied, gives the game's row back.
#[test]
fn a_replay_line_from_a_report_reproduces_the_game() {
    let out = jpd(&["replay", "--game", "13", "--csv"]);
    assert!(out.status.success());
    let spec = Campaign {
        master_seed: 2008,
        games: 14,
        sizes: vec![9, 13, 19],
        policy: Policy::Mixed,
        shard: None,
    }
    .spec(13);
    assert_eq!(spec.size, 13);
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        replay_games_csv(&spec, &RunOptions::default())
    );
    // A campaign of another policy: FINDINGS.md's replay line names it.
    let d = tmp("replay-line");
    let out = jpd(&[
        "run",
        "--games",
        "12",
        "--sizes",
        "5,7",
        "--policy",
        "seki",
        "--seed",
        "5",
        "--out",
        d.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    jipingdian::report::findings::write_findings(&d).unwrap();
    let md = fs::read_to_string(d.join("FINDINGS.md")).unwrap();
    let line = md.split("reproducible with `").nth(1).unwrap();
    let line = &line[..line.find('`').unwrap()];
    assert_eq!(
        line,
        "jpd replay --seed 5 --game I --sizes 5,7 --policy seki"
    );
    let games = fs::read_to_string(d.join("games.csv")).unwrap();
    for game in ["7", "10"] {
        let mut args: Vec<&str> = line.split(' ').skip(1).collect();
        args.iter_mut()
            .filter(|a| **a == "I")
            .for_each(|a| *a = game);
        args.push("--csv");
        let out = jpd(&args);
        assert!(out.status.success());
        let text = String::from_utf8(out.stdout).unwrap();
        let row = games.lines().find(|l| l.starts_with(&format!("{game},")));
        assert_eq!(text.lines().nth(1), row, "game {game}");
    }
    // The comment of a violation or example record: its replay line gives every option.
    let spec = GameSpec {
        master_seed: 5,
        index: 7,
        size: 7,
        policy: Policy::Seki,
    };
    let comment = campaign::spec_comment(&spec, Policy::Seki);
    let line = comment.split("Regenerate with: ").nth(1).unwrap();
    let mut args: Vec<&str> = line.split(' ').skip(1).collect();
    args.push("--csv");
    let out = jpd(&args);
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        text.lines().nth(1),
        games.lines().find(|l| l.starts_with("7,"))
    );
    fs::remove_dir_all(&d).unwrap();
}

/// With stderr not a terminal (a pipe here), `jpd run` prints plain progress lines (every
/// `--progress-every` seconds; 0: after every game) with the rate and the time left; after
/// `--resume` the count goes on from the checkpoint; `--quiet` prints nothing.
#[test]
fn progress_lines_when_stderr_is_not_a_terminal() {
    let d = tmp("progress");
    let mut cfg = RunConfig::new(Campaign {
        master_seed: 3,
        games: 12,
        sizes: vec![5],
        policy: Policy::Uniform,
        shard: None,
    });
    cfg.chunk_size = 4;
    cfg.stop_after_chunks = Some(2);
    assert_eq!(
        campaign::run(&cfg, &d, &Hooks::default())
            .unwrap()
            .games_done,
        8
    );
    let out = jpd(&[
        "run",
        "--resume",
        d.to_str().unwrap(),
        "--progress-every",
        "0",
        "--threads",
        "1",
    ]);
    assert!(out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    let lines: Vec<&str> = err.lines().filter(|l| l.contains(" games (")).collect();
    // The four games left, each a line (one thread), counted from the 8 done before: 9/12 (75.0%)
    // to 12/12 (100.0%).
    assert_eq!(lines.len(), 4, "{err}");
    for (line, (n, pct)) in
        lines
            .iter()
            .zip([(9, "75.0"), (10, "83.3"), (11, "91.7"), (12, "100.0")])
    {
        assert!(
            line.starts_with(&format!("jpd run: {n}/12 games ({pct}%), ")),
            "{err}"
        );
    }
    assert!(
        lines
            .iter()
            .all(|l| l.contains(" games/s, 0 violations, ETA ")),
        "{err}"
    );
    let q = tmp("progress-quiet");
    let out = jpd(&[
        "run",
        "--games",
        "3",
        "--sizes",
        "5",
        "--quiet",
        "--progress-every",
        "0",
        "--out",
        q.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stderr).unwrap(), "");
    fs::remove_dir_all(&d).unwrap();
    fs::remove_dir_all(&q).unwrap();
}

/// `summaries_only`: games.csv and scores.csv keep their header and no rows; every other file
/// has the bytes of a full run, interrupted and resumed or in shards merged, and FINDINGS.md
/// is the same.
#[test]
fn summaries_only_keeps_every_file_but_the_game_rows() {
    let c = |shard| Campaign {
        master_seed: 11,
        games: 30,
        sizes: vec![5, 7],
        policy: Policy::Mixed,
        shard,
    };
    let full = tmp("so-full");
    let mut cfg = RunConfig::new(c(None));
    cfg.chunk_size = 8;
    campaign::run(&cfg, &full, &Hooks::default()).unwrap();
    let lean = tmp("so-lean");
    cfg.summaries_only = true;
    cfg.stop_after_chunks = Some(2);
    assert!(
        !campaign::run(&cfg, &lean, &Hooks::default())
            .unwrap()
            .complete
    );
    let r = campaign::resume(&lean, &ResumeConfig::default(), &Hooks::default()).unwrap();
    assert!(r.complete);
    assert!(Manifest::read(&lean).unwrap().summaries_only);
    let first_line = |p: &Path| {
        let t = fs::read_to_string(p).unwrap();
        t.lines().next().unwrap().to_string() + "\n"
    };
    for name in CSV_FILES.iter().chain(&campaign::SUMMARY_FILES) {
        let (a, b) = (
            fs::read(full.join(name)).unwrap(),
            fs::read(lean.join(name)).unwrap(),
        );
        if campaign::SUMMARIES_ONLY_FILES.contains(name) {
            assert_eq!(
                String::from_utf8(b).unwrap(),
                first_line(&full.join(name)),
                "{name}"
            );
        } else {
            assert!(a == b, "{name} differs");
        }
    }
    let md = |d: &Path| jipingdian::report::findings::findings(d).unwrap();
    assert_eq!(md(&full), md(&lean));
    // Shards run with it merge (games.csv has no rows to check against the games done).
    let shards: Vec<PathBuf> = [1, 2]
        .iter()
        .map(|&i| {
            let d = tmp(&format!("so-shard{i}"));
            let mut cfg = RunConfig::new(c(Some(Shard { index: i, count: 2 })));
            cfg.summaries_only = true;
            campaign::run(&cfg, &d, &Hooks::default()).unwrap();
            d
        })
        .collect();
    let merged = tmp("so-merged");
    assert!(
        campaign::merge(&merged, &shards, vec![], "x".into())
            .unwrap()
            .complete
    );
    assert_eq!(
        fs::read(merged.join("summary.csv")).unwrap(),
        fs::read(full.join("summary.csv")).unwrap()
    );
    for d in shards.iter().chain([&full, &lean, &merged]) {
        fs::remove_dir_all(d).unwrap();
    }
}

/// A campaign estimated over 2 GB is warned about before it starts, with the way to keep only
/// the summaries. 700,000 games of 19x19 at 2,800 + 20 x 19 = 3,180 bytes a game: 2.2 GB. (The
/// board size 4 then stops the run before any game.)
#[test]
fn a_big_campaign_is_warned_about() {
    let c = Campaign {
        master_seed: 1,
        games: 700_000,
        sizes: vec![19],
        policy: Policy::Mixed,
        shard: None,
    };
    assert_eq!(c.estimated_bytes(false), 700_000 * 3_180);
    // Without games.csv and scores.csv: 35% of it, 1,113 bytes a game.
    assert_eq!(c.estimated_bytes(true), 700_000 * 1_113);
    let d = tmp("big");
    let out = jpd(&[
        "run",
        "--games",
        "700000",
        "--sizes",
        "19,4",
        "--out",
        d.to_str().unwrap(),
    ]);
    let err = String::from_utf8(out.stderr).unwrap();
    // (3,180 + 2,880) / 2 = 3,030 bytes a game: 2.1 GB.
    assert!(
        err.contains("warning: this campaign will write about 2.1 GB"),
        "{err}"
    );
    assert!(err.contains("--summaries-only"), "{err}");
    assert_eq!(out.status.code(), Some(2));
    let out = jpd(&[
        "run",
        "--games",
        "10000",
        "--sizes",
        "19,4",
        "--out",
        d.to_str().unwrap(),
    ]);
    assert!(!String::from_utf8(out.stderr).unwrap().contains("warning"));
    let _ = fs::remove_dir_all(&d);
}
