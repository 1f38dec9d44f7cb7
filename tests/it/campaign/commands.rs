//! The commands around a campaign: merge refusals, findings read up to the checkpoint, replay lines, progress lines, summaries only, the size warning.

use super::*;

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
    assert!(e.contains("games.csv") && e.contains("checksum"), "{e}");
    //    A manifest written before the checksums: the rows themselves are checked.
    let mpath = shards[0].join("manifest.json");
    let m = fs::read_to_string(&mpath).unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&m).unwrap();
    v["checkpoint"]
        .as_object_mut()
        .unwrap()
        .remove("fnv1a_64")
        .unwrap();
    fs::write(&mpath, serde_json::to_string_pretty(&v).unwrap()).unwrap();
    let e = merge_err(&out, &shards);
    assert!(e.contains("games.csv: line 3: game 4"), "{e}");
    fs::write(&mpath, m).unwrap();
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
    // `jpd findings --quiet` says nothing either (before: "jpd findings: wrote ...").
    let out = jpd(&["findings", "--quiet", q.to_str().unwrap()]);
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stderr).unwrap(), "");
    assert!(q.join("FINDINGS.md").exists());
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

/// The manifest names the commit jpd was built from, wherever it runs: from a folder outside
/// any git repository it used to say `unknown` (it asked git about the current folder).
#[test]
fn the_manifest_names_the_commit_jpd_was_built_from() {
    let built = std::process::Command::new("git")
        .args(["rev-parse", "HEAD"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_else(|| "unknown".into());
    let elsewhere = tmp("commit-elsewhere");
    fs::create_dir_all(&elsewhere).unwrap();
    // A folder outside any repository (git looks no higher than its parent).
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_jpd"))
        .args([
            "run",
            "--games",
            "2",
            "--sizes",
            "5",
            "--threads",
            "1",
            "--quiet",
        ])
        .args(["--out", "out"])
        .current_dir(&elsewhere)
        .env("GIT_CEILING_DIRECTORIES", elsewhere.parent().unwrap())
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let m = Manifest::read(&elsewhere.join("out")).unwrap();
    assert_eq!(m.git_commit, built);
    fs::remove_dir_all(&elsewhere).unwrap();
}

/// Changes the last character of the last row of a CSV file in place: the same length, the
/// same number of rows and columns, another value.
fn change_in_place(path: &Path) {
    let mut b = fs::read(path).unwrap();
    let i = b.len() - 2;
    b[i] = if b[i].is_ascii_digit() {
        b'0' + (b[i] - b'0' + 1) % 10
    } else {
        b'x'
    };
    fs::write(path, &b).unwrap();
}

/// Every checkpoint records a checksum of each CSV file; a file changed in place, with its
/// length kept, is refused by merge, --resume and findings (before, the length was all they
/// checked).
#[test]
fn bytes_changed_in_place_are_refused_by_merge_resume_and_findings() {
    let shards = two_shards("checksum");
    let out = tmp("checksum-out");
    change_in_place(&shards[0].join("scores.csv"));
    let e = merge_err(&out, &shards);
    assert!(e.contains("scores.csv") && e.contains("checksum"), "{e}");
    assert!(!out.join("scores.csv").exists(), "nothing merged");
    let e = jipingdian::report::findings::write_findings(&shards[0])
        .unwrap_err()
        .to_string();
    assert!(e.contains("scores.csv") && e.contains("checksum"), "{e}");
    // An interrupted campaign with a row of games.csv changed is not resumed.
    let d = tmp("checksum-resume");
    let mut cfg = RunConfig::new(Campaign {
        master_seed: 7,
        games: 24,
        sizes: vec![5],
        policy: Policy::Mixed,
        shard: None,
    });
    cfg.chunk_size = 8;
    cfg.stop_after_chunks = Some(1);
    assert!(!campaign::run(&cfg, &d, &Hooks::default()).unwrap().complete);
    let games = d.join("games.csv");
    let good = fs::read(&games).unwrap();
    change_in_place(&games);
    let rc = ResumeConfig::default();
    let e = campaign::resume(&d, &rc, &Hooks::default())
        .unwrap_err()
        .to_string();
    assert!(e.contains("games.csv") && e.contains("checksum"), "{e}");
    // Put back, it resumes and finishes.
    fs::write(&games, &good).unwrap();
    assert!(
        campaign::resume(&d, &rc, &Hooks::default())
            .unwrap()
            .complete
    );
    for dir in shards.iter().chain([&d]) {
        fs::remove_dir_all(dir).unwrap();
    }
}

/// `--games 1000000000000` is refused at once with a clear message (it used to warn of
/// "2980000.0 GB" and start filling the disk); nothing is created.
#[test]
fn a_campaign_larger_than_the_free_space_is_refused() {
    let d = tmp("no-room");
    let mut c = std::process::Command::new(env!("CARGO_BIN_EXE_jpd"))
        .args(["run", "--games", "1000000000000", "--threads", "1", "--out"])
        .arg(&d)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let until = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while c.try_wait().unwrap().is_none() && std::time::Instant::now() < until {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let _ = c.kill();
    let out = c.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.starts_with("jpd run: --games 1000000000000: this campaign would write about ")
            && err.contains(" PB to ")
            && err.contains("free there; ask for fewer games, or keep only the summaries"),
        "{err}"
    );
    assert!(!d.exists());
}
