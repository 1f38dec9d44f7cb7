//! The `jpd` binary, run in a temporary directory: bad input gets a clear message naming the
//! file and the node or move, exit code 2, and no output on stdout.

use std::path::PathBuf;
use std::process::{Command, Output};

fn jpd() -> Command {
    Command::new(env!("CARGO_BIN_EXE_jpd"))
}

fn tmp(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("jpd-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap();
    p
}

fn score(name: &str, bytes: &[u8]) -> Output {
    let p = tmp(name, bytes);
    jpd().arg("score").arg(&p).output().unwrap()
}

/// Asserts exit code 2, nothing on stdout, and a message naming the file and `needle`.
fn assert_bad(out: &Output, file: &str, needle: &str) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "stderr: {err}");
    assert!(
        out.stdout.is_empty(),
        "stdout should be empty: {}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(err.contains(file), "message does not name the file: {err}");
    assert!(
        err.to_lowercase().contains(&needle.to_lowercase()),
        "message lacks {needle:?}: {err}"
    );
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn not_sgf() {
    assert_bad(
        &score("not-sgf.sgf", b"hello, this is not a game record"),
        "not-sgf.sgf",
        "sgf",
    );
}

#[test]
fn empty_file() {
    assert_bad(&score("empty.sgf", b""), "empty.sgf", "empty");
}

#[test]
fn truncated_file() {
    assert_bad(
        &score("trunc.sgf", b"(;GM[1]FF[4]SZ[9];B[aa];W[bb"),
        "trunc.sgf",
        "node",
    );
}

#[test]
fn board_size_out_of_range() {
    assert_bad(
        &score("size.sgf", b"(;GM[1]FF[4]SZ[30];B[];W[])"),
        "size.sgf",
        "size",
    );
    assert_bad(
        &score("size1.sgf", b"(;GM[1]FF[4]SZ[1];B[];W[])"),
        "size1.sgf",
        "size",
    );
}

#[test]
fn move_off_the_board() {
    assert_bad(
        &score("off.sgf", b"(;GM[1]FF[4]SZ[9];B[ee];W[zz];B[];W[])"),
        "off.sgf",
        "node 2",
    );
}

#[test]
fn move_on_an_occupied_point() {
    assert_bad(
        &score("occ.sgf", b"(;GM[1]FF[4]SZ[9];B[ee];W[ee];B[];W[])"),
        "occ.sgf",
        "move 2",
    );
}

#[test]
fn suicide() {
    // White at A9 (aa) after Black B9 (ba) and A8 (ab) has no liberty.
    assert_bad(
        &score(
            "sui.sgf",
            b"(;GM[1]FF[4]SZ[9];B[ba];W[ee];B[ab];W[aa];B[];W[])",
        ),
        "sui.sgf",
        "move 4",
    );
}

#[test]
fn superko_violation() {
    // The ko of the engine's tests on 4x4, then White retakes at once.
    let rec =
        b"(;GM[1]FF[4]SZ[4];B[ba];W[ca];B[ab];W[bb];B[bc];W[db];B[dd];W[cc];B[cb];W[bb];B[];W[])";
    assert_bad(&score("ko.sgf", rec), "ko.sgf", "move 10");
}

#[test]
fn two_moves_in_one_node() {
    assert_bad(
        &score("two.sgf", b"(;GM[1]FF[4]SZ[9];B[ee]W[dd];B[];W[])"),
        "two.sgf",
        "node 1",
    );
}

#[test]
fn bytes_invalid_in_the_declared_charset() {
    let mut rec = b"(;GM[1]FF[4]CA[UTF-8]SZ[9]C[".to_vec();
    rec.extend_from_slice(&[0xff, 0xfe, 0xfd]);
    rec.extend_from_slice(b"];B[];W[])");
    assert_bad(&score("enc.sgf", &rec), "enc.sgf", "utf-8");
}

#[test]
fn record_that_does_not_end() {
    assert_bad(
        &score("open.sgf", b"(;GM[1]FF[4]SZ[9];B[ee];W[dd])"),
        "open.sgf",
        "pause",
    );
}

#[test]
fn one_bad_file_spoils_the_batch_unless_keep_going() {
    let good = tmp("good.sgf", b"(;GM[1]FF[4]SZ[5];B[cc];W[];B[])");
    let bad = tmp("bad.sgf", b"(;GM[1]FF[4]SZ[5];B[cc];W[cc];B[];W[])");
    let out = jpd()
        .args(["score", "--format", "json"])
        .arg(&good)
        .arg(&bad)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let out = jpd()
        .args(["score", "--format", "json", "--keep-going"])
        .arg(&good)
        .arg(&bad)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    // An array of both: the good file's report, the bad one's error object (W[cc] lands on
    // Black's stone: an occupied point).
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let v = v.as_array().unwrap();
    assert_eq!(v.len(), 2);
    assert_eq!(v[0]["file"].as_str().unwrap(), good.display().to_string());
    assert_eq!(v[1]["file"].as_str().unwrap(), bad.display().to_string());
    assert!(
        v[1]["error"].as_str().unwrap().contains("occupied"),
        "{}",
        v[1]
    );
    assert_eq!(v[1].as_object().unwrap().len(), 2, "only file and error");
    // JSON Lines: one object a line, the same two.
    let out = jpd()
        .args(["score", "--format", "jsonl", "--keep-going"])
        .arg(&good)
        .arg(&bad)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(&lines[0], &v[0]);
    assert_eq!(&lines[1], &v[1]);
}

/// JSON is an array even for one file; a resignation has no count, so every rule set's
/// `black`, `white` and `margin` are null (they were 0), and the CSV cells are empty.
#[test]
fn json_is_an_array_and_missing_counts_are_null() {
    let p = tmp("resigned.sgf", b"(;GM[1]FF[4]SZ[5]RE[B+R];B[cc];W[dd])");
    let out = jpd()
        .args(["score", "--format", "json", "--rules", "chinese,japanese"])
        .arg(&p)
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let v = v.as_array().expect("an array for one file too");
    assert_eq!(v.len(), 1);
    for r in v[0]["results"].as_array().unwrap() {
        assert_eq!(r["result"], "B+R");
        assert_eq!(r["winner"], "black");
        for k in ["black", "white", "margin"] {
            assert!(r[k].is_null(), "{k}: {r}");
        }
    }
    let out = jpd()
        .args(["score", "--format", "csv", "--rules", "chinese"])
        .arg(&p)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let row: Vec<&str> = text.lines().nth(1).unwrap().split(',').collect();
    // file, size, rules, komi, then the three counts: empty.
    assert_eq!(&row[1..7], &["5", "chinese", "7.5", "", "", ""], "{text}");
    // The text report's verdict names the winner, no dead stones (nothing was counted), and
    // RE's agreement; its table of results (`--verbose`) says `-` for the counts.
    let out = jpd()
        .args(["score", "--rules", "chinese"])
        .arg(&p)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        text.lines().nth(1),
        Some("chinese  B+R  komi 7.5 (rules)  RE B+R agrees"),
        "{text}"
    );
    assert!(!text.contains("results:"), "{text}");
    let out = jpd()
        .args(["score", "--verbose", "--rules", "chinese"])
        .arg(&p)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let line = text
        .lines()
        .find(|l| l.trim_start().starts_with("chinese ") && l.contains("black"))
        .unwrap();
    assert!(
        line.contains("black      -  white      -  margin      -  B+R"),
        "{line}"
    );
}

/// `-` reads the record from standard input, for `score` and `check`.
#[test]
fn a_dash_reads_standard_input() {
    use std::io::Write;
    use std::process::Stdio;
    let rec = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/corpus/walls-6x6-wfp-black-last.sgf"
    ))
    .unwrap();
    let run = |args: &[&str]| {
        let mut child = jpd()
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(&rec).unwrap();
        child.wait_with_output().unwrap()
    };
    let out = run(&["score", "--format", "json", "-"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    // The walls game of docs/SCORING.md: W+7.5 under jpd-tangsong (see readme_example_scores...).
    assert_eq!(v[0]["file"], "-");
    let t = v[0]["results"].as_array().unwrap();
    assert_eq!(t[0]["result"], "W+7.5");
    let dir = std::env::temp_dir().join(format!("jpd-cli-{}-stdin-check", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = run(&["check", "--quiet", "--out", dir.to_str().unwrap(), "-"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&out.stderr), "", "--quiet");
    let records = std::fs::read_to_string(dir.join("records.csv")).unwrap();
    assert_eq!(records.lines().count(), 2, "{records}");
    assert!(
        records.lines().nth(1).unwrap().starts_with("-,6,"),
        "{records}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `jpd rules` lists the 22 rule sets as text (a header and a line each) or as a JSON array.
#[test]
fn rules_lists_every_rule_set() {
    let out = jpd().args(["rules"]).output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().count(), 1 + RuleCount::N);
    assert!(text.starts_with("id "));
    let out = jpd().args(["rules", "--format", "json"]).output().unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let v = v.as_array().unwrap();
    assert_eq!(v.len(), RuleCount::N);
    // Chinese 2002: komi 3 3/4 stones = 7.5 points, area, positional superko.
    let c = v.iter().find(|r| r["id"] == "chinese").unwrap();
    assert_eq!(c["komi"], 7.5);
    assert_eq!(c["method"], "plain_area");
    assert_eq!(c["ko"], "positional_superko");
    assert!(c["source"].as_str().unwrap().contains("2002"));
}

/// The corpus file of docs/SCORING.md's worked example: its counts, from the hand count in its comment.
#[test]
fn readme_example_scores_as_its_comment_says() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/corpus/walls-6x6-wfp-black-last.sgf"
    );
    let out = jpd()
        .args(["score", "--format", "json", path])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let v = &v[0];
    assert_eq!(v["size"], 6);
    assert_eq!(v["first_passer"], "white");
    assert_eq!(v["last_mover"], "black");
    assert_eq!(v["k"], 13);
    assert_eq!(v["area"]["black"], 17.5);
    assert_eq!(v["area"]["white"], 18.5);
    assert_eq!(v["territory"]["black"], 4.0);
    assert_eq!(v["territory"]["white"], 5.0);
    assert_eq!(v["fill_up"]["stable"], true);
    let results = v["results"].as_array().unwrap();
    let tangsong = results
        .iter()
        .find(|r| r["rules"] == "jpd-tangsong")
        .unwrap();
    assert_eq!(tangsong["result"], "W+7.5");
    assert_eq!(tangsong["margin"], -7.5);
    assert_eq!(tangsong["komi"], 6.5);
    assert!(v["findings"].as_array().is_some());
    // The referee's judgement is reported. Each wall lives by one straight eye space (five
    // and six points), which no invader can kill. Nothing is pass-alive and the area search
    // runs out of its budget on the whole board, but the safety solver proves both walls
    // alive, and every point of each eye space touches its wall, so an invader has no room
    // for two eyes: settled by the solver (RULES.md 5.1 item 8), no stone dead.
    assert_eq!(v["referee"]["settled"], true, "{v}");
    assert_eq!(v["referee"]["settled_by_solver"], true, "{v}");
    assert_eq!(
        v["referee"]["unsettled_reason"],
        serde_json::Value::Null,
        "{v}"
    );
    assert_eq!(v["referee"]["unproven_strings"], 0, "{v}");
    assert_eq!(v["referee"]["proven_dead"].as_array().unwrap().len(), 0);
    for t in v["invariants"].as_array().unwrap() {
        assert_ne!(t["holds"], false, "{t}");
    }
    let csv = jpd()
        .args(["score", "--format", "csv", path])
        .output()
        .unwrap();
    let text = String::from_utf8(csv.stdout).unwrap();
    assert!(text.starts_with("file,size,rules,komi,"), "{text}");
    assert_eq!(text.lines().count(), 1 + RuleCount::N);
}

struct RuleCount;
impl RuleCount {
    const N: usize = jipingdian::rules::RuleId::ALL.len();
}

/// Runs `jpd score ARGS FILE` on `bytes`, expecting success; returns stdout and stderr.
fn score_ok(name: &str, bytes: &[u8], args: &[&str]) -> (String, String) {
    let p = tmp(name, bytes);
    let out = jpd().arg("score").args(args).arg(&p).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(out.status.code(), Some(0), "stderr: {err}");
    (String::from_utf8(out.stdout).unwrap(), err)
}

const GB2312_WALLS: &[u8] = include_bytes!("../data/walls-6x6-gb2312.sgf");

/// Komi in stones, read from a GB2312 file: KM[3.75] = 7.5 points, used by every rule set
/// by default (and with `--komi-from-sgf`, kept as its alias); `--komi rules` gives each rule
/// set its own. Hand count (docs/SCORING.md's walls game): Chinese area 18 - 18 - 7.5 = W+7.5;
/// jpd-tangsong b - w = 4 - 5, - 7.5 = W+8.5, and with its own 6.5, W+7.5.
#[test]
fn komi_in_stones_from_a_gb2312_file() {
    let komi = |v: &serde_json::Value, id: &str| {
        let r = v["results"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["rules"] == id)
            .unwrap()
            .clone();
        (
            r["komi"].as_f64().unwrap(),
            r["result"].as_str().unwrap().to_string(),
        )
    };
    let json_of = |args: &[&str]| -> serde_json::Value {
        let mut all = vec!["--format", "json"];
        all.extend_from_slice(args);
        let (json, _) = score_ok("gb2312.sgf", GB2312_WALLS, &all);
        serde_json::from_str::<serde_json::Value>(&json).unwrap()[0].clone()
    };
    let v = json_of(&["--komi", "rules"]);
    assert_eq!(v["sgf_komi"], 7.5);
    assert_eq!(v["sgf_rules"], "Chinese");
    assert_eq!(komi(&v, "jpd-tangsong"), (6.5, "W+7.5".into()));
    assert_eq!(v["verdict"][0]["komi_source"], "rules");
    for args in [&[][..], &["--komi-from-sgf"], &["--komi", "record"]] {
        let v = json_of(args);
        assert_eq!(komi(&v, "jpd-tangsong"), (7.5, "W+8.5".into()), "{args:?}");
        assert_eq!(komi(&v, "chinese"), (7.5, "W+7.5".into()), "{args:?}");
        assert_eq!(v["verdict"][0]["komi_source"], "record", "{args:?}");
        let notes = v["notes"].to_string();
        assert!(notes.contains("3.75 stones = 7.5 points"), "{notes}");
    }
    let (text, _) = score_ok("gb2312.sgf", GB2312_WALLS, &[]);
    assert!(
        text.contains("the record says: RU[Chinese] KM[3.75] RE[W+7.5]"),
        "{text}"
    );
    assert!(
        text.contains("\njpd-tangsong       W+8.5  komi 7.5 (record)  dead stones: none  RE W+7.5 disagrees (margin by 1)\n"),
        "{text}"
    );
    assert!(
        text.contains(
            "\nchinese            W+7.5  komi 7.5 (record)  dead stones: none  RE W+7.5 agrees\n"
        ),
        "{text}"
    );
}

/// A 7x7 record with `KM[5.5] RE[W+2.5]`: Black D7-D3 and C2 C1, White E7-E3 and D2 D1, no
/// capture, passes at the end. Hand count (J89 Art. 10): Black's territory A1-A7, B1-B7,
/// C3-C7 = 19, White's F1-F7, G1-G7, E1, E2 = 16, no prisoner, no dame: 19 - 16 - 5.5 = W+2.5
/// with the record's komi, W+3.5 with japanese's own 6.5.
const KM55: &[u8] = b"(;GM[1]FF[4]SZ[7]KM[5.5]RE[W+2.5];B[da];W[ea];B[db];W[eb];B[dc];W[ec];\
    B[dd];W[ed];B[de];W[ee];B[cf];W[df];B[cg];W[dg];B[];W[])";

/// With no flag the record's komi is used, and the text opens with the verdict: one line per
/// rule set, then the board; the counts, invariants and findings only with `--verbose`.
#[test]
fn the_verdict_comes_first_with_the_records_komi() {
    let (text, _) = score_ok("km55.sgf", KM55, &["--rules", "japanese"]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[1], "japanese  W+2.5  komi 5.5 (record)  dead stones: none  RE W+2.5 agrees",
        "{text}"
    );
    assert!(lines[2].starts_with("classification ("), "{text}");
    for part in [
        "invariants (",
        "findings (",
        "results:",
        "territory (equal stones)",
    ] {
        assert!(!text.contains(part), "{part}: {text}");
    }
    let (verbose, _) = score_ok("km55.sgf", KM55, &["--rules", "japanese", "-v"]);
    assert!(verbose.starts_with(&lines[..2].join("\n")), "{verbose}");
    for part in [
        "invariants (",
        "findings (",
        "results:",
        "territory (equal stones)",
    ] {
        assert!(verbose.contains(part), "{part}: {verbose}");
    }
    let (text, _) = score_ok(
        "km55.sgf",
        KM55,
        &["--rules", "japanese", "--komi", "rules"],
    );
    assert_eq!(
        text.lines().nth(1),
        Some("japanese  W+3.5  komi 6.5 (rules)  dead stones: none  RE W+2.5 disagrees (margin by 1)"),
        "{text}"
    );
    let (text, _) = score_ok("km55.sgf", KM55, &["--rules", "japanese", "--komi", "-3.5"]);
    assert_eq!(
        text.lines().nth(1),
        Some("japanese  B+6.5  komi -3.5 (flag)  dead stones: none  RE W+2.5 disagrees (winner)"),
        "{text}"
    );
    // Without KM: each rule set's own, and the note says why.
    let no_km = String::from_utf8(KM55.to_vec())
        .unwrap()
        .replace("KM[5.5]", "");
    let (text, _) = score_ok("nokm.sgf", no_km.as_bytes(), &["--rules", "japanese"]);
    assert!(
        text.contains("\njapanese  W+3.5  komi 6.5 (rules)  "),
        "{text}"
    );
    assert!(
        text.contains("note: komi: the record has no KM, so each rule set uses its own komi"),
        "{text}"
    );
}

/// The verdict in JSON, beside the keys that were there.
#[test]
fn the_verdict_in_json() {
    let (json, _) = score_ok(
        "km55.sgf",
        KM55,
        &["--rules", "japanese", "--format", "json"],
    );
    let v: serde_json::Value = serde_json::from_str::<serde_json::Value>(&json).unwrap()[0].clone();
    assert_eq!(
        v["verdict"],
        serde_json::json!([{
            "rules": "japanese",
            "result": "W+2.5",
            "komi": 5.5,
            "komi_source": "record",
            "komi_in_force": 5.5,
            "dead_stones": {"counted": 0, "proven": 0, "unproven": 0, "source": "estimate"},
            "re": "W+2.5",
            "re_verdict": "agrees"
        }])
    );
    assert_eq!(v["results"][0]["komi"], 5.5);
    assert_eq!(v["results"][0]["result"], "W+2.5");
    assert_eq!(v["re_agreement"][0]["re_agrees"], true);
    assert_eq!(v["sgf_komi"], 5.5);
}

/// `--komi` takes whole and half points only: 6.4 is refused with a clear message.
#[test]
fn komi_that_is_not_a_half_point_is_refused() {
    let p = tmp("km55.sgf", KM55);
    for (komi, msg) in [
        ("6.4", "komi 6.4 is not a whole or half point"),
        ("seven", "'seven' is not a komi"),
    ] {
        let out = jpd()
            .args(["score", "--komi", komi])
            .arg(&p)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(out.stdout.is_empty());
        assert!(err.contains(msg), "{err}");
    }
}

/// Fox's KM[375] is the same komi as KM[3.75].
#[test]
fn fox_komi_in_hundredths() {
    let at = GB2312_WALLS
        .windows(8)
        .position(|w| w == b"KM[3.75]")
        .unwrap();
    let mut fox = GB2312_WALLS[..at].to_vec();
    fox.extend_from_slice(b"KM[375]");
    fox.extend_from_slice(&GB2312_WALLS[at + 8..]);
    let (json, _) = score_ok("fox.sgf", &fox, &["--format", "json"]);
    let v: serde_json::Value = serde_json::from_str::<serde_json::Value>(&json).unwrap()[0].clone();
    assert_eq!(v["sgf_komi"], 7.5);
    for r in v["results"].as_array().unwrap() {
        if r["rules"] == "jpd-tangsong" || r["rules"] == "chinese" {
            assert_eq!(r["komi"], 7.5, "{r}");
        }
    }
    // Every rule set scores it exactly as the KM[3.75] original.
    let (json, _) = score_ok("gb2312.sgf", GB2312_WALLS, &["--format", "json"]);
    let orig: serde_json::Value =
        serde_json::from_str::<serde_json::Value>(&json).unwrap()[0].clone();
    assert_eq!(v["results"], orig["results"]);
}

/// The spelling of `RU` never changes the count: it is reported raw.
#[test]
fn rules_spelling_is_reported_not_used() {
    let game = |ru: &str| format!("(;GM[1]SZ[5]RU[{ru}];B[cc];W[];B[])");
    let mut results = Vec::new();
    for ru in [
        "Chinese",
        "Japanese",
        "AGA",
        "NZ",
        "Tromp-Taylor",
        "GOE",
        "Korean",
    ] {
        let (json, _) = score_ok("ru.sgf", game(ru).as_bytes(), &["--format", "json"]);
        let v: serde_json::Value =
            serde_json::from_str::<serde_json::Value>(&json).unwrap()[0].clone();
        assert_eq!(v["sgf_rules"], ru);
        results.push(v["results"].clone());
    }
    assert!(results.windows(2).all(|w| w[0] == w[1]));
}

/// A collection (several game trees in one file): every game is scored, in file order, each
/// naming its place in the file; a bad game is an error of its own that does not hide the
/// others. Game 1: one black stone on 5x5, paused; game 2: White resigns (`RE[B+R]`) after
/// two moves; game 3: White plays on Black's stone at E5, illegal at move 2.
#[test]
fn every_game_of_a_collection_is_scored() {
    let three =
        b"(;GM[1]SZ[5];B[cc];W[];B[])\n(;GM[1]SZ[9]RE[B+R];B[ee];W[cc])\n(;GM[1]SZ[9];B[ee];W[ee])";
    let p = tmp("three-games.sgf", three);
    let run = |args: &[&str]| {
        let out = jpd()
            .args(["score", "--keep-going", "--rules", "japanese"])
            .args(args)
            .arg(&p)
            .output()
            .unwrap();
        // A bad game makes the exit code 2, as a bad file does.
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8_lossy(&out.stderr).to_string();
        assert!(
            err.contains("three-games.sgf: game 3 of 3: move 2"),
            "{err}"
        );
        assert!(err.contains("occupied"), "{err}");
        String::from_utf8(out.stdout).unwrap()
    };
    let text = run(&[]);
    assert!(
        text.contains("three-games.sgf, game 1 of 3 (5x5, ended by pause)"),
        "{text}"
    );
    assert!(
        text.contains("three-games.sgf, game 2 of 3 (9x9, ended by resignation)"),
        "{text}"
    );
    assert!(text.contains("japanese  B+R"), "{text}");
    let v: serde_json::Value = serde_json::from_str(&run(&["--format", "json"])).unwrap();
    let v = v.as_array().unwrap();
    assert_eq!(v.len(), 3);
    assert_eq!(
        (v[0]["game"].clone(), v[0]["size"].clone()),
        (1.into(), 5.into())
    );
    assert_eq!(
        (v[1]["game"].clone(), v[1]["end"].clone()),
        (2.into(), "resignation".into())
    );
    assert!(v.iter().take(2).all(|e| e["games_in_file"] == 3));
    assert_eq!(v[2]["game"], 3);
    assert!(
        v[2]["error"].as_str().unwrap().contains("occupied"),
        "{}",
        v[2]
    );
    let csv = run(&["--format", "csv"]);
    let rows: Vec<&str> = csv.lines().collect();
    assert!(rows[0].ends_with(",game"), "{csv}");
    assert!(rows[1].ends_with(",1") && rows[2].ends_with(",2"), "{csv}");
    assert_eq!(rows.len(), 3);
    // jpd check: one record per game, the refused one in errors.csv with its index.
    let out_dir = p.with_file_name("three-games-check");
    let _ = std::fs::remove_dir_all(&out_dir);
    let out = jpd()
        .args(["check", "--quiet", "--out"])
        .arg(&out_dir)
        .arg(&p)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(3),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let records = std::fs::read_to_string(out_dir.join("records.csv")).unwrap();
    let games: Vec<&str> = records
        .lines()
        .skip(1)
        .map(|l| l.rsplit(',').next().unwrap())
        .collect();
    assert_eq!(games, ["1", "2", "3"], "{records}");
    let errors = std::fs::read_to_string(out_dir.join("errors.csv")).unwrap();
    assert_eq!(errors.lines().count(), 2, "{errors}");
    assert!(errors.lines().nth(1).unwrap().ends_with(",3"), "{errors}");
}

/// A folder stands for its `*.sgf` files, sorted, walked recursively (`jpd score DIR`).
#[test]
fn a_folder_is_scored_file_by_file() {
    let dir = std::env::temp_dir().join(format!("jpd-cli-dir-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    std::fs::write(dir.join("b.sgf"), b"(;GM[1]SZ[7];B[dd];W[];B[])").unwrap();
    std::fs::write(dir.join("sub/a.sgf"), b"(;GM[1]SZ[5];B[cc];W[];B[])").unwrap();
    std::fs::write(dir.join("notes.txt"), b"not a record").unwrap();
    let out = jpd()
        .args(["score", "--rules", "chinese", "--format", "json"])
        .arg(&dir)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let sizes: Vec<u64> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["size"].as_u64().unwrap())
        .collect();
    // b.sgf sorts before sub/a.sgf.
    assert_eq!(sizes, [7, 5]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Variations: the main line is scored and the output says so.
#[test]
fn variations_score_the_main_line_and_say_so() {
    let (json, _) = score_ok(
        "var.sgf",
        b"(;GM[1]SZ[5](;B[cc];W[];B[])(;B[aa];W[bb]))",
        &["--format", "json"],
    );
    let v: serde_json::Value = serde_json::from_str::<serde_json::Value>(&json).unwrap()[0].clone();
    assert_eq!(v["end"], "pause");
    assert_eq!(v["real_moves"]["black"], 1);
    assert!(v["notes"]
        .as_array()
        .unwrap()
        .iter()
        .any(|n| n == "variations present: the main line is scored"));
}

/// A file over the size limit is refused without reading it all into memory.
#[test]
fn file_over_the_size_limit() {
    let mut bytes = b"(;GM[1]C[".to_vec();
    bytes.resize(jipingdian::sgf::MAX_BYTES + 100, b'x');
    assert_bad(&score("huge.sgf", &bytes), "huge.sgf", "over the limit");
}

/// A record that ends on its last stone: refused with the hint, counted with `--assume-pause`
/// (Black, to move, passes first); with a count in RE it is counted without the option, and
/// every results line says whether the rule set agrees with RE. 5x5 walls: Black on column c,
/// White on column d; Chinese area 15 - 10 - 7.5 = W+2.5, as RE says.
#[test]
fn record_without_final_passes() {
    let walls = "B[ca];W[da];B[cb];W[db];B[cc];W[dc];B[cd];W[dd];B[ce];W[de]";
    let open = format!("(;GM[1]SZ[5];{walls})");
    assert_bad(
        &score("open5.sgf", open.as_bytes()),
        "open5.sgf",
        "--assume-pause",
    );
    let (text, _) = score_ok(
        "open5.sgf",
        open.as_bytes(),
        &["--assume-pause", "--rules", "chinese"],
    );
    assert!(
        text.contains("note: no final passes: counted as paused after move 10 (--assume-pause; virtual moves added: black, white)"),
        "{text}"
    );
    assert!(text.contains("W+2.5"), "{text}");
    assert!(!text.contains("RE agrees"), "no RE, no comparison: {text}");
    assert!(text.lines().nth(1).unwrap().ends_with("  no RE"), "{text}");
    let re = format!("(;GM[1]SZ[5]RE[W+2.5];{walls})");
    let (text, _) = score_ok("re5.sgf", re.as_bytes(), &["--rules", "chinese"]);
    assert_eq!(
        text.lines().nth(1),
        Some("chinese  W+2.5  komi 7.5 (rules)  dead stones: none  RE W+2.5 agrees"),
        "{text}"
    );
    let (text, _) = score_ok("re5.sgf", re.as_bytes(), &["--rules", "chinese", "-v"]);
    assert!(text.contains("W+2.5  RE agrees, margin 0"), "{text}");
    let (json, _) = score_ok("re5.sgf", re.as_bytes(), &["--format", "json"]);
    let v: serde_json::Value = serde_json::from_str::<serde_json::Value>(&json).unwrap()[0].clone();
    assert_eq!(v["end"], "pause");
    assert_eq!(v["sgf_result_parsed"]["winner"], "white");
    // Every margin of the report is from Black's side: RE's W+2.5 as the count's.
    assert_eq!(v["sgf_result_parsed"]["margin"], -2.5);
    let chinese = v["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["rules"] == "chinese")
        .unwrap();
    assert_eq!(chinese["margin"], v["sgf_result_parsed"]["margin"]);
    assert_eq!(v["sgf_result_parsed"]["how"], "score");
    let agreement = v["re_agreement"].as_array().unwrap();
    assert_eq!(agreement.len(), v["results"].as_array().unwrap().len());
    let chinese = agreement.iter().find(|a| a["rules"] == "chinese").unwrap();
    assert_eq!(chinese["re_agrees"], true);
    assert_eq!(chinese["re_margin_diff"], 0.0);
}

/// A handicap game as servers write it (HA, AB, then White): read, scored, and said to be one.
#[test]
fn handicap_game_is_read_and_said_to_be_one() {
    let (text, _) = score_ok(
        "ha.sgf",
        b"(;GM[1]SZ[9]HA[2]KM[0.5]AB[cc][gg];W[ee];B[];W[])",
        &[],
    );
    assert!(
        text.contains("note: handicap game: 2 black setup stones (HA[2]); White moves first"),
        "{text}"
    );
}

/// The text of a record (RU, RE, SZ) and a file name reach the terminal with their control
/// characters escaped (`\x1b`), in the report on stdout and in the error on stderr: an escape
/// sequence in a record cannot clear or recolour the screen.
#[test]
fn control_characters_of_a_record_are_escaped() {
    let out = score(
        "ctl.sgf",
        b"(;GM[1]FF[4]SZ[5]RU[Chinese\x1b[2J]RE[B+R\x07]KM[7.5];B[cc];W[];B[])",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("the record says: RU[Chinese\\x1b[2J] KM[7.5] RE[B+R\\x07]"),
        "{text}"
    );
    let raw = |b: &[u8]| b.iter().any(|&c| (c < 0x20 && c != b'\n') || c == 0x7f);
    assert!(!raw(&out.stdout), "{text}");
    let out = score("ctl\x1b[31m.sgf", b"(;GM[1]SZ[\x1b[31m9])");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(!raw(err.trim_end().as_bytes()), "{err}");
    assert!(
        err.contains("ctl\\x1b[31m.sgf: node 0: board size SZ[\\x1b[31m9]"),
        "{err}"
    );
}

/// `--help` of `jpd run` and `jpd replay` lists every policy a seed generates, `position`
/// included (it was left out of the list), and each one it lists is taken.
#[test]
fn run_help_lists_every_policy() {
    for cmd in ["run", "replay"] {
        let out = jpd().args([cmd, "--help"]).output().unwrap();
        let help = String::from_utf8_lossy(&out.stdout);
        let line = help
            .lines()
            .find(|l| l.contains("--policy"))
            .unwrap_or_else(|| panic!("{help}"));
        assert!(
            line.contains("Generation policy: uniform, seki, endgame, dispute, position or mixed"),
            "{line}"
        );
    }
    for p in ["uniform", "seki", "endgame", "dispute", "position", "mixed"] {
        assert!(
            p.parse::<jipingdian::harness::generate::Policy>().is_ok(),
            "{p}"
        );
    }
}

mod collections;
pub(crate) mod conventions;
mod outdir;

/// `--explain`: the referee's proof string by string. The README's walls: Black's wall (13
/// stones) and White's (12) are each proven by the safety solver (nothing is pass-alive),
/// and the position is settled by the solver (docs/RULES.md 5.1 item 8).
#[test]
fn explain_lists_every_string_and_its_proof() {
    let out = jpd()
        .args([
            "score",
            "--explain",
            "-r",
            "chinese",
            "corpus/walls-6x6-wfp-black-last.sgf",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    let explain: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.starts_with("explain:"))
        .collect();
    assert!(explain.len() >= 4, "{text}");
    assert!(
        explain[1].starts_with("  alive   black safety_search")
            && explain[1].ends_with("(13 stones)"),
        "{text}"
    );
    assert!(
        explain[2].starts_with("  alive   white safety_search")
            && explain[2].ends_with("(12 stones)"),
        "{text}"
    );
    assert!(
        explain[3].contains("settled: every stone of the open areas proven by the safety solver"),
        "{text}"
    );
    // Without the flag, nothing of it.
    let plain = jpd()
        .args([
            "score",
            "-r",
            "chinese",
            "corpus/walls-6x6-wfp-black-last.sgf",
        ])
        .output()
        .unwrap();
    assert!(!String::from_utf8_lossy(&plain.stdout).contains("explain:"));
}
