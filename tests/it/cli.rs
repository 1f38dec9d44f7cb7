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
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["file"].as_str().unwrap(), good.display().to_string());
}

/// The corpus file of the README: its counts, from the hand count in its comment.
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
    for t in v["theorems"].as_array().unwrap() {
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
