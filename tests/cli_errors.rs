//! The one error path of `jpd`: a command that cannot do its job prints exactly one line,
//! `jpd SUBCOMMAND: message`, on stderr, nothing on stdout, and exits with the code its error
//! maps to (2 here). Each message below is the text the binary printed before its subcommands
//! moved to `src/cli/`; they must not change.

use std::path::PathBuf;
use std::process::{Command, Output};

fn jpd(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_jpd"))
        .args(args)
        .output()
        .unwrap()
}

/// A fresh, empty temporary folder for one test.
fn tmp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("jpd-cli-errors-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Exit code 2, nothing on stdout, and stderr exactly `expected` (one line).
fn assert_error(out: &Output, expected: &str) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "stderr: {err}");
    assert!(
        out.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert_eq!(err, format!("{expected}\n"));
}

/// 4 is one below the smallest board a campaign plays (5); `--sizes 9,30` gives game 1 the
/// second size, 30, one of the campaign's sizes taken in turn.
#[test]
fn replay_refuses_a_board_size_outside_5_to_19() {
    assert_error(
        &jpd(&["replay", "--game", "3", "--size", "4"]),
        "jpd replay: board size 4 is out of range: sizes go from 5 to 19",
    );
    assert_error(
        &jpd(&["replay", "--game", "1", "--sizes", "9,30"]),
        "jpd replay: board size 30 is out of range: sizes go from 5 to 19",
    );
}

/// Both are refused before GNU Go is looked for, so they hold whether it is installed or not.
#[test]
fn oracle_refuses_bad_sizes_and_nothing_to_do() {
    let dir = tmp_dir("oracle");
    let out = dir.to_str().unwrap();
    assert_error(
        &jpd(&["oracle", "--out", out, "--sizes", "4", "--games", "1"]),
        "jpd oracle: board sizes go from 5 to 19",
    );
    assert_error(
        &jpd(&["oracle", "--out", out]),
        "jpd oracle: nothing to do: give SGF files or --games N",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn score_usage_errors() {
    assert_error(
        &jpd(&["score", "--svg", "x.svg", "a.sgf", "b.sgf"]),
        "jpd score: --svg draws one game: give exactly one SGF file",
    );
    let out = jpd(&["score", "--rules", "nope", "a.sgf"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with("jpd score: unknown rule set 'nope'"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
}

/// `jpd score --svg *.sgf` over two records made the first one the SVG path, and the picture
/// replaced it; an SVG path that is an input is refused too. Nothing is written.
#[test]
fn score_svg_never_overwrites_an_input() {
    let dir = tmp_dir("svg");
    let game = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/corpus/gnugo/gnugo-s05-l00-000.sgf"
    );
    let bytes = std::fs::read(game).unwrap();
    let (a, b) = (dir.join("a.sgf"), dir.join("b"));
    std::fs::write(&a, &bytes).unwrap();
    std::fs::write(&b, &bytes).unwrap();
    let (a, b) = (a.to_str().unwrap(), b.to_str().unwrap());
    assert_error(
        &jpd(&["score", "--svg", a, b]),
        &format!(
            "jpd score: --svg {a}: that is an SGF record, and the picture would overwrite it; \
             give the SVG file to write after --svg (such as --svg game.svg), then exactly one \
             SGF file"
        ),
    );
    let out = jpd(&["score", "--svg", b, b]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("would overwrite it"));
    assert_eq!(std::fs::read(a).unwrap(), bytes);
    assert_eq!(std::fs::read(b).unwrap(), bytes);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A file that cannot be read is said once, as it is met; the exit code 2 that follows adds no
/// second line.
#[test]
fn score_says_a_missing_file_once() {
    let dir = tmp_dir("score");
    let missing = dir.join("missing.sgf");
    let out = jpd(&["score", missing.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with(&format!(
            "jpd score: {}: cannot read the file: ",
            missing.display()
        )),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The campaign's own check of its sizes (in the library) goes through the same path.
#[test]
fn run_refuses_a_board_size_outside_5_to_19() {
    let dir = tmp_dir("run");
    let out = dir.join("out");
    assert_error(
        &jpd(&[
            "run",
            "--games",
            "5",
            "--sizes",
            "4",
            "--out",
            out.to_str().unwrap(),
        ]),
        "jpd run: board size 4 is out of range: sizes go from 5 to 19",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn merge_and_findings_name_the_folder_that_is_no_campaign() {
    let dir = tmp_dir("merge");
    let nowhere = dir.join("nowhere");
    let out = dir.join("out");
    let expected = format!(
        "{}: cannot read it (No such file or directory (os error 2)); is this a campaign folder?",
        nowhere.join("manifest.json").display()
    );
    assert_error(
        &jpd(&[
            "merge",
            "--out",
            out.to_str().unwrap(),
            nowhere.to_str().unwrap(),
        ]),
        &format!("jpd merge: {expected}"),
    );
    assert_error(
        &jpd(&["findings", nowhere.to_str().unwrap()]),
        &format!("jpd findings: {expected}"),
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
