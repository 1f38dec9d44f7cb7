//! `jpd gtp`, the GTP referee, run as a process: hostile files and malformed command lines get
//! a GTP error (`?id message`) and the session goes on, never a panic; ids are echoed; and the
//! answers on real records are the ones `jpd score --format json` gives for the same rule set,
//! dead-stone source and komi (the CLI's JSON is the independent source).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn jpd() -> Command {
    Command::new(env!("CARGO_BIN_EXE_jpd"))
}

fn tmp_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("jpd-gtp-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn real(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("corpus/real/gnugo-3.8")
        .join(name)
}

/// Runs `jpd gtp ARGS` on `script` (bytes, sent whole, then standard input closed); returns
/// its standard output. Asserts exit code 0 and that nothing panicked.
fn session(args: &[&str], script: &[u8]) -> String {
    let mut child = jpd()
        .arg("gtp")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let script = script.to_vec();
    let writer = std::thread::spawn(move || {
        // The engine may stop reading after `quit`: a closed pipe is not a failure here.
        let _ = stdin.write_all(&script);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(out.status.code(), Some(0), "stderr: {err}");
    String::from_utf8(out.stdout).expect("GTP answers are UTF-8")
}

/// The responses of a transcript: `(ok, id, text)`, one per answered command.
fn answers(out: &str) -> Vec<(bool, Option<u64>, String)> {
    assert!(out.is_empty() || out.ends_with("\n\n"), "{out:?}");
    out.split("\n\n")
        .filter(|r| !r.is_empty())
        .map(|r| {
            let ok = match &r[..1] {
                "=" => true,
                "?" => false,
                _ => panic!("not a GTP response: {r:?}"),
            };
            let (id, text) = r[1..].split_once(' ').expect("a space after the id");
            (ok, id.parse().ok(), text.to_string())
        })
        .collect()
}

/// Each hostile file gets `?id cannot load file: NAME: why`, and the session answers the next
/// command as usual; the position before the failed load is kept.
#[test]
fn hostile_files_are_refused_and_the_session_goes_on() {
    let dir = tmp_dir();
    let write = |name: &str, bytes: &[u8]| {
        let p = dir.join(name);
        std::fs::write(&p, bytes).unwrap();
        p.display().to_string()
    };
    let mut nesting = b"(;GM[1]SZ[9]".to_vec();
    for _ in 0..100_000 {
        nesting.extend_from_slice(b"(;B[aa]");
    }
    let mut too_big = b"(;GM[1]C[".to_vec();
    too_big.resize(17 * 1024 * 1024, b'x');
    let files = [
        (write("empty.sgf", b""), "empty"),
        (write("garbage.sgf", &[0xff, 0x00, 0x1b, b'(', 0x80]), ""),
        (write("truncated.sgf", b"(;GM[1]SZ[9];B[ee];W[dd"), "node"),
        (write("size30.sgf", b"(;GM[1]SZ[30];B[aa])"), "30"),
        (write("illegal.sgf", b"(;GM[1]SZ[9];B[ee];W[ee])"), "move 2"),
        (
            write("wrong-turn.sgf", b"(;GM[1]SZ[9];B[ee];B[dd])"),
            "move 2",
        ),
        (
            write("off-board.sgf", b"(;GM[1]SZ[9];B[zz])"),
            "off the 9x9 board",
        ),
        (write("nesting.sgf", &nesting), ""),
        (write("too-big.sgf", &too_big), ""),
        (dir.display().to_string(), "not a regular file"),
        ("/nonexistent/x.sgf".to_string(), "No such file"),
        ("/dev/zero".to_string(), "not a regular file"),
    ];
    let mut script = String::from("boardsize 9\nplay b E5\n");
    for (i, (f, _)) in files.iter().enumerate() {
        script.push_str(&format!(
            "{} loadsgf {f}\n{} name\n",
            10 + 2 * i,
            11 + 2 * i
        ));
    }
    script.push_str("99 showboard\n");
    let a = answers(&session(&[], script.as_bytes()));
    for (i, (f, needle)) in files.iter().enumerate() {
        let (ok, id, text) = &a[2 + 2 * i];
        assert!(!ok, "{f}: {text}");
        assert_eq!(*id, Some(10 + 2 * i as u64));
        assert!(
            text.starts_with(&format!("cannot load file: {f}: ")),
            "{text}"
        );
        assert!(text.contains(needle), "{f}: {text}");
        assert!(!text.contains('\n'), "{text}");
        assert_eq!(a[3 + 2 * i], (true, Some(11 + 2 * i as u64), "jpd".into()));
    }
    let board = &a.last().unwrap().2;
    assert!(board.contains("  5 . . . . X . . . . 5"), "{board}");
}

/// Malformed command lines: blank lines and comments get no answer; an id alone, junk bytes, a
/// line of 100,000 characters, a command name of control characters each get `?`; ids are
/// echoed on success and on failure; the end of the input without `quit` ends the session.
#[test]
fn malformed_command_lines_get_gtp_errors() {
    let mut script = b"\n   \n# just a comment\n\t\r\n7\n".to_vec();
    script.extend_from_slice(b"\xff\xfe junk\n");
    script.extend_from_slice(&[b'x'; 100_000]);
    script.extend_from_slice(b"\n8 protocol_version # comment\n");
    script.extend_from_slice(b"\x01\x02\n9\tname\r\n010 version\n11 play\n12 play b\n");
    script.extend_from_slice(b"13 boardsize 99999999999999999999\n14 komi inf\n15 komi 1e400\n");
    script.extend_from_slice(b"16 final_status_list\n17 undo\n18 genmove purple\n");
    let a = answers(&session(&[], &script));
    let expect: &[(bool, Option<u64>, &str)] = &[
        (false, Some(7), "syntax error: no command after the id"),
        (false, None, "unknown command"),
        (
            false,
            None,
            "syntax error: the command line is longer than 65536 bytes",
        ),
        (true, Some(8), "2"),
        (true, Some(9), "jpd"),
        (true, Some(10), env!("CARGO_PKG_VERSION")),
        (false, Some(11), "syntax error: missing a colour"),
        (false, Some(12), "syntax error: missing a vertex"),
        (false, Some(13), "unacceptable size: 99999999999999999999"),
        (false, Some(14), "syntax error: 'inf' is not a komi"),
        (false, Some(15), "syntax error: '1e400' is not a komi"),
        (false, Some(16), "syntax error: missing a status"),
        (false, Some(17), "cannot undo"),
        (false, Some(18), "syntax error: 'purple' is not a colour"),
    ];
    assert_eq!(a.len(), expect.len(), "{a:?}");
    for (got, want) in a.iter().zip(expect) {
        assert_eq!((got.0, got.1), (want.0, want.1), "{got:?}");
        assert!(got.2.starts_with(want.2), "{got:?} vs {want:?}");
    }
}

/// `quit` is answered, and nothing after it.
#[test]
fn quit_ends_the_session() {
    let a = answers(&session(&[], b"1 name\n2 quit\n3 name\n"));
    assert_eq!(
        a,
        [
            (true, Some(1), "jpd".into()),
            (true, Some(2), String::new())
        ]
    );
}

/// `jpd score --format json` of one file: its first report's first verdict and dead points.
fn cli_score(file: &Path, rules: &str, dead: &str, komi: &str) -> (String, Vec<String>) {
    let out = jpd()
        .args([
            "score", "--format", "json", "--rules", rules, "--dead", dead,
        ])
        .args(["--komi", komi])
        .arg(file)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let result = v[0]["verdict"][0]["result"].as_str().unwrap().to_string();
    let dead = v[0]["dead_points"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap().to_string())
        .collect();
    (result, dead)
}

fn sorted_words(s: &str) -> Vec<String> {
    let mut v: Vec<String> = s.split_whitespace().map(str::to_string).collect();
    v.sort();
    v
}

/// Two 9x9 records of the corpus (9x9-2.sgf: a capturing race the estimate and the proof
/// read differently; 9x9-4.sgf: variations, only the main line counts) under two rule sets and three dead-stone sources: `final_score` and
/// `final_status_list dead` are `jpd score`'s result and dead points; then `komi 0.5` changes
/// the score as `jpd score --komi 0.5` does.
#[test]
fn answers_are_jpd_scores() {
    for name in ["9x9-2.sgf", "9x9-4.sgf"] {
        let f = real(name);
        for rules in ["chinese", "japanese"] {
            for dead in ["proven", "estimate", "record"] {
                let script = format!(
                    "jpd-rules {rules}\njpd-dead {dead}\nloadsgf {}\n1 final_score\n\
                     2 final_status_list dead\nkomi 0.5\n3 final_score\n",
                    f.display()
                );
                let a = answers(&session(&[], script.as_bytes()));
                let what = format!("{name} {rules} {dead}");
                let (result, dead_points) = cli_score(&f, rules, dead, "record");
                assert_eq!(a[3].2, result, "{what}");
                let mut dead_points = dead_points;
                dead_points.sort();
                assert_eq!(sorted_words(&a[4].2), dead_points, "{what}");
                let (half, _) = cli_score(&f, rules, dead, "0.5");
                assert_eq!(a[6].2, half, "{what}, komi 0.5");
            }
        }
    }
}

/// `--rules` and `--dead` set the session's defaults; `loadsgf FILE MOVE` sets up the position
/// before move MOVE (9x9-4.sgf: move 1 is Black's, so before it the board is empty and Black is
/// to move; before move 2 one black stone stands and White is to move); a number past the end
/// loads the whole record.
#[test]
fn defaults_and_loading_part_of_a_record() {
    let f = real("9x9-4.sgf");
    let script = format!(
        "jpd-rules\njpd-dead\nloadsgf {f} 1\nshowboard\nloadsgf {f} 2\nshowboard\n\
         loadsgf {f} 100000\nfinal_score\nloadsgf {f} 0\n",
        f = f.display()
    );
    let a = answers(&session(
        &["--rules", "chinese", "--dead", "estimate"],
        script.as_bytes(),
    ));
    assert_eq!(a[0].2, "chinese");
    assert_eq!(a[1].2, "estimate");
    assert_eq!(a[2].2, "black");
    let stones = |board: &str| board.matches(" X").count() + board.matches(" O").count();
    assert_eq!(stones(&a[3].2), 0, "{}", a[3].2);
    assert_eq!(a[4].2, "white");
    assert_eq!(stones(&a[5].2), 1, "{}", a[5].2);
    let (whole, _) = cli_score(&f, "chinese", "estimate", "record");
    assert_eq!(a[7].2, whole);
    assert!(!a[8].0 && a[8].2.starts_with("syntax error: '0' is not a move number"));
}
