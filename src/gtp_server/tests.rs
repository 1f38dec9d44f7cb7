use super::*;
use crate::rules::RuleId;
use crate::score_record::DeadChoice;

/// Runs a transcript through a fresh session and returns what it answered.
fn run(rules: RuleId, script: &str) -> String {
    let mut s = Session::new(rules, DeadChoice::Proven);
    let mut out = Vec::new();
    serve(script.as_bytes(), &mut out, &mut s).unwrap();
    String::from_utf8(out).unwrap()
}

/// The answers of a transcript, one per command, as `(ok, id, text)`.
fn answers(out: &str) -> Vec<(bool, Option<u64>, String)> {
    out.split("\n\n")
        .filter(|r| !r.is_empty())
        .map(|r| {
            let ok = r.starts_with('=');
            let rest = &r[1..];
            let (id, text) = rest.split_once(' ').unwrap_or((rest, ""));
            (ok, id.parse().ok(), text.to_string())
        })
        .collect()
}

#[test]
fn lines_are_read_as_gtp_says() {
    let cmd = |id, name: &str, args: &[&str]| {
        Some(Ok(CommandLine {
            id,
            name: name.into(),
            args: args.iter().map(|a| a.to_string()).collect(),
        }))
    };
    assert_eq!(parse_line("  \t \r\n"), None);
    assert_eq!(parse_line("# a comment\n"), None);
    assert_eq!(
        parse_line("play b D4 # move\n"),
        cmd(None, "play", &["b", "D4"])
    );
    assert_eq!(
        parse_line("12\tplay\tw\tpass\r\n"),
        cmd(Some(12), "play", &["w", "pass"])
    );
    // Control characters other than tab and newline are dropped.
    assert_eq!(parse_line("na\x07me\x00\n"), cmd(None, "name", &[]));
    assert_eq!(parse_line("5\n"), Some(Err(LineError::NoCommand)));
    assert_eq!(
        parse_line("184467440737095516160 name"),
        Some(Err(LineError::BadId("184467440737095516160".into())))
    );
}

#[test]
fn responses_never_end_early() {
    let mut out = Vec::new();
    write_response(&mut out, Some(3), &Ok("a\n\nb".into())).unwrap();
    write_response(&mut out, None, &Err("x\n\ny".into())).unwrap();
    write_response(&mut out, Some(0), &Ok(String::new())).unwrap();
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "=3 a\nb\n\n? x; y\n\n=0 \n\n"
    );
}

/// Two walls on 5x5, Black on column C and White on column D, then two passes. Hand count
/// (area): Black A-C = 15 points, White D-E = 10; 15 - 10 - 7.5 = -2.5: W+2.5 under Chinese
/// counting with komi 7.5. No stone is dead, none in seki.
#[test]
fn a_game_played_through_gtp_is_counted() {
    let moves: String = ["5", "4", "3", "2", "1"]
        .iter()
        .map(|r| format!("play b C{r}\nplay w D{r}\n"))
        .collect();
    let script = format!(
        "1 boardsize 5\n2 komi 7.5\n{moves}play b pass\nplay w pass\n3 final_score\n\
         4 final_status_list dead\n5 final_status_list alive\n6 final_status_list seki\n"
    );
    let a = answers(&run(RuleId::Chinese, &script));
    let last: Vec<_> = a.iter().rev().take(4).rev().cloned().collect();
    assert_eq!(last[0], (true, Some(3), "W+2.5".into()));
    assert_eq!(last[1], (true, Some(4), String::new()));
    assert_eq!(
        last[2],
        (true, Some(5), "C5 C4 C3 C2 C1\nD5 D4 D3 D2 D1".into())
    );
    assert_eq!(last[3], (true, Some(6), String::new()));
    assert!(a.iter().all(|(ok, ..)| *ok), "{a:?}");
}

/// A ko on 5x5: Black B5 A4 C4 B3, White C5 D4 C3; White B4 takes C4, and Black's retake at
/// C4 at once is refused (the simple ko rule under japanese, positional superko under
/// jpd-tangsong); an occupied point is refused; `undo` takes White's capture back and White
/// may make it again.
#[test]
fn play_follows_the_rules() {
    let script = "boardsize 5\nplay b B5\nplay w C5\nplay b A4\nplay w D4\nplay b C4\n\
                  play w C3\nplay b B3\n1 play w B4\n2 play b C4\n3 play b C3\n4 undo\n\
                  5 play w B4\n6 showboard\n";
    for (rules, why) in [
        (
            RuleId::Japanese,
            "illegal move: the move retakes the ko at once",
        ),
        (
            RuleId::JpdTangsong,
            "illegal move: the move recreates an earlier whole-board position",
        ),
    ] {
        let a = answers(&run(rules, script));
        assert_eq!(a[8], (true, Some(1), String::new()));
        assert!(!a[9].0 && a[9].2.starts_with(why), "{rules}: {:?}", a[9]);
        assert!(!a[10].0 && a[10].2.contains("occupied"), "{:?}", a[10]);
        assert_eq!(a[11], (true, Some(4), String::new()));
        assert_eq!(a[12], (true, Some(5), String::new()));
        let board = &a[13].2;
        assert!(board.contains("\n  4 X O . O . 4\n"), "{board}");
        assert!(
            board.contains("black (X) has lost 1 stones, white (O) 0"),
            "{board}"
        );
    }
}

#[test]
fn bad_commands_get_gtp_errors() {
    let script = "1 foo\n2 boardsize 1\n3 boardsize 26\n4 boardsize nine\n5 play b\n\
                  6 play purple A1\n7 play b A20\n8 play b I5\n9 undo\n10 komi 6.4\n\
                  11 final_status_list zombie\n12 loadsgf /nonexistent/x.sgf\n13 loadsgf .\n\
                  14 jpd-rules nope\n15 jpd-dead nope\n16 known_command foo\n17 loadsgf\n";
    let a = answers(&run(RuleId::Chinese, script));
    let expect = [
        "unknown command",
        "unacceptable size: 1",
        "unacceptable size: 26",
        "unacceptable size: nine",
        "syntax error: missing a vertex",
        "syntax error: 'purple' is not a colour",
        "syntax error: 'A20' is off the 19x19 board",
        "syntax error: 'I5' is not a vertex",
        "cannot undo",
        "syntax error: komi 6.4 is not a whole or half point",
        "invalid status: 'zombie'",
        "cannot load file: /nonexistent/x.sgf",
        "cannot load file: .: not a regular file",
        "unknown rule set 'nope'",
        "unknown dead-stone source 'nope'",
    ];
    for (i, e) in expect.iter().enumerate() {
        let (ok, id, text) = &a[i];
        assert!(!ok && *id == Some(i as u64 + 1), "{:?}", a[i]);
        assert!(text.starts_with(e), "{i}: {text}");
    }
    assert_eq!(a[15], (true, Some(16), "false".into()));
    assert!(a[16].2.starts_with("syntax error: missing a file name"));
}

/// `genmove` passes, and the pass is made: two of them pause the game, and the empty board is
/// counted (Tromp-Taylor, komi 7.5: W+7.5). A move out of turn gets a pass of the other side
/// before it.
#[test]
fn genmove_passes_and_out_of_turn_moves_get_a_pass() {
    let a = answers(&run(
        RuleId::TrompTaylor,
        "boardsize 5\nkomi 7.5\ngenmove b\ngenmove w\nfinal_score\n",
    ));
    assert_eq!(a[2].2, "pass");
    assert_eq!(a[4], (true, None, "W+7.5".into()));
    // Black plays twice: White's pass is read between; Black's two stones own the board (25
    // points to none, komi 0.5: B+24.5).
    let a = answers(&run(
        RuleId::TrompTaylor,
        "boardsize 5\nkomi 0.5\nplay b C3\nplay b D4\nplay w pass\nplay b pass\nfinal_score\nundo\nundo\nundo\nundo\n",
    ));
    assert_eq!(a[6], (true, None, "B+24.5".into()));
    // Four undos for four plays; the third takes the implied pass with D4.
    assert!(a[7..11].iter().all(|x| x.0), "{a:?}");
}

#[test]
fn the_settings_can_be_read_back() {
    let a = answers(&run(
        RuleId::Chinese,
        "jpd-rules\njpd-rules japanese\njpd-rules\njpd-dead\njpd-dead estimate\njpd-dead\n",
    ));
    let texts: Vec<&str> = a.iter().map(|x| x.2.as_str()).collect();
    assert_eq!(texts, ["chinese", "", "japanese", "proven", "", "estimate"]);
}
