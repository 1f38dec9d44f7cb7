//! Real-world quirks: what records found in the wild write, and how each is read.

use super::*;

/// `KM` in points, in stones (Chinese: 3.75 stones = 7.5 points) and in Fox's hundredths
/// (375 = 3.75 stones, 650 = 6.5 points). The note says how each was read.
#[test]
fn quirks_komi_units() {
    let km = |v: &str| {
        let r = read(&format!("(;GM[1]RU[Chinese]KM[{v}])")).unwrap();
        (r.komi_half_points, r.notes.join(" | "))
    };
    // Points: no note.
    assert_eq!(km("7.5"), (Some(15), String::new()));
    assert_eq!(km("6.5"), (Some(13), String::new()));
    // Stones: 3.75 stones = 7.5 points, 2.75 stones = 5.5 points.
    let (h, note) = km("3.75");
    assert_eq!(h, Some(15));
    assert!(note.contains("3.75 stones = 7.5 points"), "{note}");
    assert_eq!(km("2.75").0, Some(11));
    // Fox: hundredths of stones or of points.
    let (h, note) = km("375");
    assert_eq!(h, Some(15));
    assert!(
        note.contains("hundredths") && note.contains("7.5 points"),
        "{note}"
    );
    let (h, note) = km("650");
    assert_eq!(h, Some(13));
    assert!(note.contains("6.5 points"), "{note}");
    assert_eq!(km("0").0, Some(0));
    // Neither: reported, not used.
    let (h, note) = km("6.4");
    assert_eq!(h, None);
    assert!(note.contains("ignored"), "{note}");
    assert_eq!(km("123").0, None);
}

/// `RU` is exposed as written (SGF escapes resolved): the reader neither trims, folds nor
/// interprets it.
#[test]
fn quirks_rules_spellings_are_kept_raw() {
    for ru in [
        "Chinese",
        "Japanese",
        "Korean",
        "AGA",
        "GOE",
        "Ing",
        "NZ",
        "New Zealand",
        "Tromp-Taylor",
        "tromp taylor",
        "chinese",
        "CN",
        "jp",
        "koPOSITIONALscoreAREAtaxALLsui1",
        " Japanese ",
        "中国规则",
        "",
    ] {
        let rec = read(&format!("(;GM[1]SZ[9]RU[{ru}];B[ee])")).unwrap();
        assert_eq!(rec.rules.as_deref(), Some(ru), "RU[{ru}]");
    }
    // The one change: SGF escapes are resolved.
    let rec = read("(;GM[1]RU[Japanese \\[1989\\]])").unwrap();
    assert_eq!(rec.rules.as_deref(), Some("Japanese [1989]"));
    // Several values (not FF[4], but seen): kept as written between the outer brackets.
    let rec = read("(;GM[1]RU[Japanese][Chinese])").unwrap();
    assert_eq!(rec.rules.as_deref(), Some("Japanese][Chinese"));
    assert_eq!(read("(;GM[1])").unwrap().rules, None);
}

/// Several game trees in one file: the first is read, and a note says how many there were.
#[test]
fn quirks_several_games_read_the_first() {
    let rec =
        read("(;GM[1]SZ[9];B[ee];W[];B[])\n(;GM[1]SZ[13];B[aa])\n(;GM[1]SZ[19];B[pd])").unwrap();
    assert_eq!(rec.size, 9);
    assert_eq!(rec.moves[0].at, Some(c("ee")));
    assert!(rec
        .notes
        .iter()
        .any(|n| n == "3 game trees in the file: the first is read"));
    // A first tree that is not Go is an error, whatever follows.
    assert_eq!(err(read("(;GM[2];B[aa])(;GM[1];B[aa])")), SgfError::NotGo);
}

/// Variations: the main line (the first child at each branch) is read, with a note.
#[test]
fn quirks_variations_read_the_main_line() {
    let rec =
        read("(;GM[1]SZ[9](;B[ee](;W[dd];B[cc](;W[];B[])(;W[aa]))(;W[ff]))(;B[aa]))").unwrap();
    let moves: Vec<_> = rec.moves.iter().map(|m| m.at).collect();
    assert_eq!(
        moves,
        vec![Some(c("ee")), Some(c("dd")), Some(c("cc")), None, None]
    );
    assert!(rec
        .notes
        .iter()
        .any(|n| n == "variations present: the main line is scored"));
}

/// A real GB2312-encoded file (tests/data/walls-6x6-gb2312.sgf, written in GB2312, not
/// UTF-8): Chinese names and comment, `RU[Chinese]`, komi in stones.
#[test]
fn quirks_gb2312_file() {
    let bytes = include_bytes!("../data/walls-6x6-gb2312.sgf");
    assert!(
        String::from_utf8(bytes.to_vec()).is_err(),
        "the file must not be UTF-8"
    );
    let rec = parse_sgf(bytes).unwrap();
    assert_eq!(rec.size, 6);
    assert_eq!(rec.rules.as_deref(), Some("Chinese"));
    assert_eq!(rec.komi_half_points, Some(15));
    assert!(
        rec.comment
            .as_deref()
            .unwrap()
            .starts_with("中国规则：贴三又四分之三子"),
        "{:?}",
        rec.comment
    );
    let done = replay(&rec, PlayRules::JPD).unwrap();
    assert_eq!(done.game.phase(), Phase::Paused);
    assert_eq!(done.game.first_passer(), Some(Color::White));
}

/// Handicap games: `HA[2]AB[..]` then `;W[..]` without `PL`. In SGF, White moves first after
/// handicap stones; `PL` overrides. The setup stones stay moves of Black made before the first
/// move, and a note says the game is a handicap game.
#[test]
fn quirks_handicap_game() {
    // 9x9, two black stones at C7 (cc) and G3 (gg); White plays E5 (ee), then Black and White
    // pass: the game pauses, Black passed first. Real moves: Black 2 (the setup), White 1.
    let text = "(;GM[1]SZ[9]HA[2]KM[0.5]AB[cc][gg];W[ee];B[];W[])";
    let rec = read(text).unwrap();
    assert_eq!(rec.handicap, Some(2));
    assert_eq!(rec.player_to_move, Some(Color::White));
    assert!(
        rec.notes.iter().any(
            |n| n.starts_with("handicap game: 2 black setup stones (HA[2]); White moves first")
        ),
        "{:?}",
        rec.notes
    );
    let done = replay(&rec, PlayRules::JPD).unwrap();
    assert_eq!(done.game.phase(), Phase::Paused);
    assert_eq!(done.game.first_passer(), Some(Color::Black));
    assert_eq!(done.game.setup_stones().black, 2);
    assert_eq!(done.game.real_moves().black, 2);
    assert_eq!(done.game.real_moves().white, 1);
    // Scored: the handicap note and the setup note are in the output.
    let r = score_bytes("ha.sgf", text.as_bytes(), &ScoreOptions::default()).unwrap();
    assert!(r.notes.iter().any(|n| n.starts_with("handicap game")));
    assert!(r.notes.iter().any(|n| n.starts_with("2 setup stones")));
    assert!(r.text.contains("note: handicap game"));
    // PL overrides the convention.
    let rec = read("(;GM[1]SZ[9]HA[2]AB[cc][gg]PL[B];B[ee];W[];B[])").unwrap();
    assert_eq!(rec.player_to_move, Some(Color::Black));
    assert!(play("(;GM[1]SZ[9]HA[2]AB[cc][gg]PL[B];B[ee];W[];B[])").is_ok());
    // No HA: black setup stones only and a first move by White read the same way.
    let rec = read("(;GM[1]SZ[9]AB[cc][gg];W[ee];B[];W[])").unwrap();
    assert_eq!(rec.player_to_move, Some(Color::White));
    assert!(
        rec.notes.iter().any(|n| n.contains("no HA")),
        "{:?}",
        rec.notes
    );
    // Setup of both colours is no handicap: Black moves first, as before.
    let rec = read("(;GM[1]SZ[9]AB[cc]AW[gg];B[ee];W[];B[])").unwrap();
    assert_eq!(rec.player_to_move, None);
    assert!(!rec.notes.iter().any(|n| n.contains("handicap")));
}

/// Setup (AB/AW/AE) after the root: applied in order to the starting position while no move
/// has been made (beside the first move: before it); after a move it edits the position, and
/// the game is counted from the edited position (`jipingdian::sgf::SetupEdit`).
#[test]
fn quirks_setup_after_the_root() {
    // Node 1 places black C7 (cc), D6 (dd) and white E5 (ee); node 2 empties D6 and adds white
    // F4 (ff). Starting position: Black cc; White ee, ff (3 stones). Then Black G3, two passes.
    let rec = read("(;GM[1]SZ[9];AB[cc][dd]AW[ee];AE[dd]AW[ff];B[gg];W[];B[])").unwrap();
    assert_eq!(
        rec.setup,
        vec![
            (c("cc"), Color::Black),
            (c("ee"), Color::White),
            (c("ff"), Color::White)
        ]
    );
    assert!(
        rec.notes
            .iter()
            .any(|n| n.starts_with("node 2: setup before the first move")),
        "{:?}",
        rec.notes
    );
    let done = replay(&rec, PlayRules::JPD).unwrap();
    assert_eq!(done.game.setup_stones().white, 2);
    assert_eq!(done.game.phase(), Phase::Paused);
    // AB over an earlier AW replaces the stone.
    let rec = read("(;GM[1]SZ[9]AW[ee];AB[ee];B[aa];W[];B[])").unwrap();
    assert_eq!(rec.setup, vec![(c("ee"), Color::Black)]);
    // PL before the first move, outside the root, sets the first player.
    let rec = read("(;GM[1]SZ[9]AW[cc]AB[dd];PL[W];W[ee];B[];W[])").unwrap();
    assert_eq!(rec.player_to_move, Some(Color::White));
    // Beside the first move in one node: part of the starting position, before that move.
    let rec = read("(;GM[1]SZ[9];AB[aa]B[ee];W[];B[])").unwrap();
    assert_eq!(rec.setup, vec![(c("aa"), Color::Black)]);
    assert!(rec.edits.is_empty());
    // After a move: an edit of the position. Black E5 (ee), White D6 (dd), then node 3 adds
    // black A9 (aa) and White plays C7 (cc). The game is counted from the edited position:
    // setup Black aa, ee and White dd (3 stones), White to move, then W[cc], B[], W[].
    let rec = read("(;GM[1]SZ[9];B[ee];W[dd];AB[aa];W[cc];B[];W[])").unwrap();
    assert_eq!(rec.edits.len(), 1);
    assert_eq!(rec.edits[0].before_move, 2);
    let done = replay(&rec, PlayRules::JPD).unwrap();
    assert_eq!(done.game.setup_stones().black, 2);
    assert_eq!(done.game.setup_stones().white, 1);
    assert_eq!(done.game.phase(), Phase::Paused);
    assert_eq!(done.record.moves.len(), 3, "moves 1-2 are not counted");
    assert_eq!(
        done.record.setup,
        vec![
            (c("aa"), Color::Black),
            (c("ee"), Color::Black),
            (c("dd"), Color::White)
        ]
    );
    assert!(
        done.record
            .notes
            .iter()
            .any(|n| n.starts_with("node 3: setup after move 2") && n.contains("white to move")),
        "{:?}",
        done.record.notes
    );
    // AE in the middle of play, with stones played after it, is an edit too: Black's E5 is
    // taken off and the game goes on from White D6 alone, Black to move.
    let done = play("(;GM[1]SZ[9];B[ee];W[dd];AE[ee];B[ff];W[];B[])").unwrap();
    let b = done.game.board();
    assert_eq!(b.stone(b.checked_point(c("ee")).unwrap()), None);
    assert_eq!(
        b.stone(b.checked_point(c("ff")).unwrap()),
        Some(Color::Black)
    );
    assert_eq!(done.game.setup_stones().white, 1);
    assert_eq!(done.game.setup_stones().black, 0);
    assert!(done.dead.is_empty());
    // Stones placed after the last move: read; the edited position has no move after it, so
    // the record is still in play and the replay says so.
    let rec = read("(;GM[1]SZ[9];B[ee];AB[aa])").unwrap();
    assert_eq!(rec.edits.len(), 1);
    let e = err(replay(&rec, PlayRules::JPD));
    assert!(matches!(e, SgfError::NotEnded { .. }), "{e:?}");
}

/// Dead stones taken off with AE at the end of a record (the convention of many programs and
/// servers) are the record's dead stones, as TB/TW marks would make them.
///
/// 5x5: Black holds column C (C1-C5), White column D, and White's stone A5 (aa) sits in Black's
/// area. After two passes a node takes A5 off with AE: A5 is dead and stays on the board, which
/// is exactly what `TB[aa]` (Black's mark on a white stone) says in the same record.
#[test]
fn quirks_dead_stones_taken_off_with_ae() {
    let moves = "B[ca];W[da];B[cb];W[db];B[cc];W[dc];B[cd];W[dd];B[ce];W[de];B[];W[aa];B[];W[]";
    let by_ae = play(&format!("(;GM[1]SZ[5];{moves};AE[aa])")).unwrap();
    let by_mark = play(&format!("(;GM[1]SZ[5];{moves};TB[aa])")).unwrap();
    assert_eq!(by_ae.dead, vec![c("aa")]);
    assert_eq!(by_ae.dead, by_mark.dead);
    assert_eq!(by_ae.game.phase(), Phase::Paused);
    let b = by_ae.game.board();
    assert_eq!(
        b.stone(b.checked_point(c("aa")).unwrap()),
        Some(Color::White)
    );
    assert!(
        by_ae
            .record
            .notes
            .iter()
            .any(|n| n.contains("read as the record's dead stones")),
        "{:?}",
        by_ae.record.notes
    );
    // Beside the final virtual move in one node (as GNU Go's own records write it), and with
    // an empty point in the list: the same dead stones, the empty point ignored with a note.
    let moves_but_last = &moves[..moves.len() - ";W[]".len()];
    let beside = play(&format!("(;GM[1]SZ[5];{moves_but_last};W[]AE[aa][bb])")).unwrap();
    assert_eq!(beside.dead, vec![c("aa")]);
    assert!(beside
        .record
        .notes
        .iter()
        .any(|n| n.contains("1 empty point")));
    // Taken off while a stone is still played after it: not dead stones but an edit, and the
    // game is counted from the edited position (A5 gone).
    let later = play(&format!(
        "(;GM[1]SZ[5];{moves_but_last};AE[aa];W[ee];B[];W[])"
    ))
    .unwrap();
    assert!(later.dead.is_empty());
    let b = later.game.board();
    assert_eq!(b.stone(b.checked_point(c("aa")).unwrap()), None);
}

/// Charsets: text without CA that is not UTF-8 is Latin-1 (the SGF default); CA labels are
/// matched case- and punctuation-insensitively.
#[test]
fn quirks_charset_default_and_aliases() {
    // "Müller" in Latin-1: ü is the single byte 0xFC, not UTF-8.
    let rec = parse_sgf(b"(;GM[1]PW[x]C[M\xfcller])").unwrap();
    assert_eq!(rec.comment.as_deref(), Some("Müller"));
    assert!(
        rec.notes.iter().any(|n| n.contains("read as Latin-1")),
        "{:?}",
        rec.notes
    );
    // Valid UTF-8 without CA stays UTF-8, with no note.
    let rec = read("(;GM[1]C[Müller])").unwrap();
    assert_eq!(rec.comment.as_deref(), Some("Müller"));
    assert!(rec.notes.is_empty());
    for (label, enc, s) in [
        ("ISO8859_1", encoding_rs::WINDOWS_1252, "Müller"),
        ("ISO-8859-1", encoding_rs::WINDOWS_1252, "Müller"),
        ("iso8859-1", encoding_rs::WINDOWS_1252, "Müller"),
        ("latin1", encoding_rs::WINDOWS_1252, "Müller"),
        ("Latin-1", encoding_rs::WINDOWS_1252, "Müller"),
        ("windows-1252", encoding_rs::WINDOWS_1252, "Müller €"),
        ("cp1252", encoding_rs::WINDOWS_1252, "Müller €"),
        ("utf8", encoding_rs::UTF_8, "黑 Müller"),
        ("UTF8", encoding_rs::UTF_8, "黑 Müller"),
        ("GB18030", encoding_rs::GB18030, "黑中盘胜"),
        ("gbk", encoding_rs::GBK, "黑中盘胜"),
        ("GB_2312", encoding_rs::GBK, "黑中盘胜"),
        ("big5", encoding_rs::BIG5, "黑勝"),
        ("Shift-JIS", encoding_rs::SHIFT_JIS, "黒の中押し勝ち"),
        ("SJIS", encoding_rs::SHIFT_JIS, "黒の中押し勝ち"),
        ("EUC-KR", encoding_rs::EUC_KR, "흑 불계승"),
        ("euc_kr", encoding_rs::EUC_KR, "흑 불계승"),
    ] {
        let text = format!("(;GM[1]CA[{label}]C[{s}])");
        let (bytes, _, bad) = enc.encode(&text);
        assert!(!bad, "{label}");
        let rec = parse_sgf(&bytes).unwrap_or_else(|e| panic!("{label}: {e}"));
        assert_eq!(rec.comment.as_deref(), Some(s), "{label}");
    }
    assert!(matches!(
        err(parse_sgf(b"(;GM[1]CA[klingon])")),
        SgfError::UnknownCharset { .. }
    ));
}

/// A property doubled in one node: text and point lists are joined; a doubled move is the
/// "two moves in one node" error, naming the node.
#[test]
fn quirks_duplicated_properties() {
    // Root: two comments, AB twice, AW twice; the last node marks TW twice. White's A8 (ab)
    // and B9 (ba) are territory marks on empty points; the setup is aa, bb (Black), hh, ii
    // (White).
    let rec =
        read("(;GM[1]SZ[9]C[first]C[second]AB[aa]AB[bb]AW[ii]AW[hh];B[ee];W[];B[]TW[ab]TW[ba])")
            .unwrap();
    assert_eq!(rec.comment.as_deref(), Some("first\nsecond"));
    assert_eq!(rec.setup.len(), 4);
    assert_eq!(rec.territory.white, vec![c("ab"), c("ba")]);
    // sgf-parse refused a doubled GM in the root ("not an SGF file"): the first is read.
    let rec = read("(;GM[1]FF[4]GM[1]SZ[9]C[a\\]GM[2\\]];B[aa])").unwrap();
    assert_eq!(rec.comment.as_deref(), Some("a]GM[2]"));
    assert!(
        rec.notes.iter().any(|n| n.starts_with("GM doubled")),
        "{:?}",
        rec.notes
    );
    assert_eq!(err(read("(;GM[2]GM[1];B[aa])")), SgfError::NotGo);
    // Other doubled single values: the first KM and RE are read.
    let rec = read("(;GM[1]SZ[9]KM[6.5]KM[7.5]RE[B+1]RE[W+2];B[aa])").unwrap();
    assert_eq!(
        (rec.komi_half_points, rec.result.as_deref()),
        (Some(13), Some("B+1"))
    );
    let e = err(read("(;GM[1]SZ[9];B[aa]B[bb])"));
    assert!(
        matches!(&e, SgfError::TwoMovesInOneNode { node: 1, first, second } if first == "B[aa]" && second == "B[bb]"),
        "{e:?}"
    );
    let e = err(read("(;GM[1]SZ[9];B[aa];W[aa][bb])"));
    assert!(
        matches!(e, SgfError::TwoMovesInOneNode { node: 2, .. }),
        "{e:?}"
    );
}

/// Side variations never count against the node limit and are not built: a three-move main
/// line with 20,000 nodes of side variations (long, many, or nested deeper than the stack
/// would allow) reads in full.
#[test]
fn quirks_side_variations_do_not_count() {
    let main = |side: &str| format!("(;GM[1]SZ[9];B[ee](;W[];B[]){side})");
    let long = format!("(;W[aa]{})", ";B[bb];W[aa]".repeat(MAX_NODES / 2));
    let many = "(;W[aa])".repeat(MAX_NODES);
    let nested = format!("{}{}", "(;W[aa]".repeat(MAX_NODES), ")".repeat(MAX_NODES));
    for side in [long, many, nested] {
        let text = main(&side);
        let h = std::thread::Builder::new()
            .stack_size(256 * 1024)
            .spawn(move || parse_sgf(text.as_bytes()))
            .unwrap();
        let rec = h.join().unwrap().unwrap();
        let moves: Vec<_> = rec.moves.iter().map(|m| (m.color, m.at)).collect();
        assert_eq!(
            moves,
            vec![
                (Color::Black, Some(c("ee"))),
                (Color::White, None),
                (Color::Black, None)
            ]
        );
        assert!(rec
            .notes
            .iter()
            .any(|n| n == "variations present: the main line is scored"));
    }
    // The main line itself is still bounded.
    let mut s = String::from("(;GM[1]");
    s.push_str(&";C[x]".repeat(MAX_NODES));
    s.push_str("(;C[main])(;C[side]))");
    assert!(matches!(err(read(&s)), SgfError::TooLarge { .. }));
}

/// `RE` read: winner, margin (points; quarters in stones), how.
#[test]
fn quirks_recorded_result_parsed() {
    let p = |t: &str| RecordedResult::parse(t, &mut Vec::new());
    let won = |c, m: Option<i64>, how| {
        Some(RecordedResult {
            winner: Some(c),
            margin: m.map(Half),
            how,
        })
    };
    assert_eq!(p("B+3.5"), won(Color::Black, Some(7), ResultHow::Score));
    assert_eq!(p("W+12"), won(Color::White, Some(24), ResultHow::Score));
    // 0.75 stones = 1.5 points.
    assert_eq!(p("B+0.75"), won(Color::Black, Some(3), ResultHow::Score));
    for d in ["0", "Draw", "jigo"] {
        assert_eq!(
            p(d),
            Some(RecordedResult {
                winner: None,
                margin: Some(Half(0)),
                how: ResultHow::Score
            }),
            "{d}"
        );
    }
    assert_eq!(p("B+R"), won(Color::Black, None, ResultHow::Resignation));
    assert_eq!(
        p("W+Resign"),
        won(Color::White, None, ResultHow::Resignation)
    );
    assert_eq!(p("B+T"), won(Color::Black, None, ResultHow::Time));
    assert_eq!(p("W+Time"), won(Color::White, None, ResultHow::Time));
    assert_eq!(p("B+F"), won(Color::Black, None, ResultHow::Forfeit));
    assert_eq!(p("W+"), won(Color::White, None, ResultHow::Unspecified));
    assert_eq!(p("Void"), None);
    assert_eq!(p("?"), None);
    assert_eq!(p("black won"), None);
    assert_eq!(
        won(Color::White, Some(24), ResultHow::Score)
            .unwrap()
            .signed_margin(),
        Some(Half(-24))
    );
}

/// Records that end on the last stone: a count in RE (or `--assume-pause`) makes them paused
/// after the last move (the side to move passes, then the other); resignation, time and
/// forfeit in RE end them with no count; without RE they stay refused, with the hint.
#[test]
fn quirks_no_final_passes() {
    // Black E5, White D6: Black is to move, so Black passes, then White; Black is the first
    // passer and the game is paused after the two added virtual moves.
    for re in ["B+3.5", "W+12", "0", "Draw", "Jigo"] {
        let done = play(&format!("(;GM[1]SZ[9]RE[{re}];B[ee];W[dd])")).unwrap();
        assert_eq!(done.game.phase(), Phase::Paused, "{re}");
        assert_eq!(done.game.first_passer(), Some(Color::Black), "{re}");
        assert_eq!(done.game.consecutive_virtual(), 2, "{re}");
        assert!(
            done.record
                .notes
                .iter()
                .any(|n| n.starts_with("no final passes: counted as paused after move 2")),
            "{re}: {:?}",
            done.record.notes
        );
    }
    // The last move was already a virtual move: one more pauses the game (Black's).
    let done = play("(;GM[1]SZ[9]RE[0];B[ee];W[])").unwrap();
    assert_eq!(done.game.phase(), Phase::Paused);
    assert_eq!(done.game.first_passer(), Some(Color::White));
    assert!(done
        .record
        .notes
        .iter()
        .any(|n| n.contains("virtual moves added: black)")));
    // Resignation, time, forfeit: the loser resigns, no count.
    for (re, loser) in [
        ("B+R", Color::White),
        ("W+Resign", Color::Black),
        ("B+T", Color::White),
        ("W+Time", Color::Black),
        ("B+F", Color::White),
    ] {
        let done = play(&format!("(;GM[1]SZ[9]RE[{re}];B[ee];W[dd])")).unwrap();
        assert_eq!(
            done.game.phase(),
            Phase::Ended(End::Resignation(loser)),
            "{re}"
        );
    }
    // Scored: time is reported as such, with its winner and no score.
    let r = score_bytes(
        "t.sgf",
        b"(;GM[1]SZ[9]RE[W+T];B[ee];W[dd])",
        &ScoreOptions::default(),
    )
    .unwrap();
    assert_eq!(r.end, "time");
    assert!(r
        .results
        .iter()
        .all(|x| x.result == "W+T" && x.winner == Some(Color::White)));
    assert!(r
        .re_agreement
        .iter()
        .all(|a| a.re_agrees == Some(true) && a.re_margin_diff.is_none()));
    // No RE: still in play, refused with the hint; --assume-pause counts it.
    let text = "(;GM[1]SZ[9];B[ee];W[dd])";
    let e = err(play(text));
    assert_eq!(e, SgfError::NotEnded { moves: 2, node: 2 });
    assert!(e.to_string().contains("--assume-pause"), "{e}");
    let done = replay_with(
        &read(text).unwrap(),
        PlayRules::JPD,
        ReplayOptions {
            assume_pause: true,
            implied_passes: false,
        },
    )
    .unwrap();
    assert_eq!(done.game.phase(), Phase::Paused);
    assert!(done
        .record
        .notes
        .iter()
        .any(|n| n.contains("--assume-pause")));
    assert!(score_bytes("p.sgf", text.as_bytes(), &ScoreOptions::default()).is_err());
    let opts = ScoreOptions {
        assume_pause: true,
        ..ScoreOptions::default()
    };
    assert_eq!(
        score_bytes("p.sgf", text.as_bytes(), &opts).unwrap().end,
        "pause"
    );
}

/// Each rule set's result against RE: same winner, and the margin difference.
#[test]
fn quirks_result_against_re() {
    // 5x5: Black's wall on column c, White's on column d, Black first; no final passes, so
    // Black passes, then White. Chinese area: Black 15 (columns a-c), White 10 (d-e); komi
    // 7.5: margin 15 - 10 - 7.5 = -2.5, W+2.5.
    let walls = "B[ca];W[da];B[cb];W[db];B[cc];W[dc];B[cd];W[dd];B[ce];W[de]";
    let opts = ScoreOptions {
        rules: vec![RuleId::Chinese],
        ..ScoreOptions::default()
    };
    let score = |re: &str| {
        let text = format!("(;GM[1]SZ[5]RE[{re}];{walls})");
        score_bytes("w.sgf", text.as_bytes(), &opts).unwrap()
    };
    let r = score("W+2.5");
    assert_eq!(r.results[0].result, "W+2.5");
    assert_eq!(r.re_agreement[0].re_agrees, Some(true));
    assert_eq!(r.re_agreement[0].re_margin_diff, Some(Half(0)));
    assert!(r.text.contains("W+2.5  RE agrees, margin 0"), "{}", r.text);
    assert_eq!(
        r.sgf_result_parsed,
        Some(RecordedResult {
            winner: Some(Color::White),
            margin: Some(Half(5)),
            how: ResultHow::Score
        })
    );
    // RE says Black by 1: wrong winner; -2.5 - 1 = -3.5.
    let r = score("B+1");
    assert_eq!(r.re_agreement[0].re_agrees, Some(false));
    assert_eq!(r.re_agreement[0].re_margin_diff, Some(Half(-7)));
    assert!(
        r.text.contains("RE DIFFERS (winner), margin -3.5"),
        "{}",
        r.text
    );
    // JSON keys.
    let mut out = Vec::new();
    jipingdian::report::score::write_json(&mut out, &[r]).unwrap();
    let json = String::from_utf8(out).unwrap();
    assert!(json.contains("\"re_agrees\": false"), "{json}");
    assert!(json.contains("\"re_margin_diff\": -3.5"), "{json}");
    assert!(json.contains("\"sgf_result_parsed\""), "{json}");
    // RE with no winner (Void): null.
    let text = format!("(;GM[1]SZ[5]RE[Void];{walls};B[];W[])");
    let r = score_bytes("v.sgf", text.as_bytes(), &opts).unwrap();
    assert_eq!(r.re_agreement[0].re_agrees, None);
    assert_eq!(r.re_agreement[0].re_margin_diff, None);
}

// ---- writer ------------------------------------------------------------------------------

fn sample_writer() -> SgfWriter {
    let mut w = SgfWriter::new(5);
    w.komi_half_points = Some(13);
    w.rules = Some("jpd-tangsong".into());
    w.result = Some("B+0.5".into());
    w.comment = Some("jpd-tangsong: B+0.5 [area] \\ 中文".into());
    w.extra_root = vec![("GN".into(), "round ] trip".into())];
    w.setup = vec![(c("ee"), Color::White)];
    let moves = [
        "ca", "da", "cb", "db", "cc", "dc", "cd", "dd", "ce", "de", "", "aa", "", "",
    ];
    for (i, m) in moves.iter().enumerate() {
        let col = if i % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        w.moves
            .push((col, if m.is_empty() { None } else { Some(c(m)) }));
    }
    w.territory.black = vec![c("bb"), c("aa"), c("ab"), c("ba")];
    w.territory.white = vec![c("ea"), c("eb"), c("ec"), c("ed")];
    w
}

#[test]
fn writer_round_trip() {
    let w = sample_writer();
    let text = w.to_sgf();
    assert_eq!(text, sample_writer().to_sgf(), "deterministic");
    let rec = parse_sgf(text.as_bytes()).unwrap();
    assert_eq!(rec.size, 5);
    assert_eq!(rec.komi_half_points, Some(13));
    assert_eq!(rec.rules, w.rules);
    assert_eq!(rec.result, w.result);
    assert_eq!(rec.comment, w.comment);
    assert_eq!(rec.setup, w.setup);
    let moves: Vec<_> = rec.moves.iter().map(|m| (m.color, m.at)).collect();
    assert_eq!(moves, w.moves);
    let mut tb = w.territory.black.clone();
    tb.sort();
    assert_eq!(rec.territory.black, tb);
    assert_eq!(rec.territory.white, w.territory.white);
    assert!(rec.notes.is_empty(), "{:?}", rec.notes);
    let done = replay(&rec, PlayRules::JPD).unwrap();
    assert_eq!(done.game.phase(), Phase::Paused);
    assert_eq!(done.dead, vec![c("aa")]);
    // Writing the game back gives the same moves and setup.
    let mut again = SgfWriter::from_game(&done.game);
    assert_eq!(again.moves, w.moves);
    assert_eq!(again.setup, w.setup);
    again.komi_half_points = w.komi_half_points;
    again.rules = w.rules.clone();
    again.result = w.result.clone();
    again.comment = w.comment.clone();
    again.extra_root = w.extra_root.clone();
    again.territory = w.territory.clone();
    assert_eq!(again.to_sgf(), text);
}

#[test]
fn writer_without_moves_puts_territory_in_the_root_and_white_first_gets_pl() {
    let mut w = SgfWriter::new(9);
    w.territory.white = vec![c("aa")];
    assert!(w.to_sgf().contains("SZ[9]TW[aa])"));
    let mut w = SgfWriter::new(9);
    w.setup = vec![(c("cc"), Color::Black)];
    w.moves = vec![(Color::White, Some(c("gg")))];
    let rec = parse_sgf(w.to_sgf().as_bytes()).unwrap();
    assert_eq!(rec.player_to_move, Some(Color::White));
    let mut out = Vec::new();
    w.write_to(&mut out).unwrap();
    assert_eq!(out, w.to_sgf().into_bytes());
}

// ---- properties --------------------------------------------------------------------------

#[test]
fn quickcheck_sgf_point_round_trip() {
    fn prop(x: u8, y: u8) -> bool {
        let p = Coord::new(x % 52, y % 52);
        Coord::from_sgf(&p.to_sgf()) == Some(p)
    }
    quickcheck::quickcheck(prop as fn(u8, u8) -> bool);
}

mod fuzz {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

        /// Arbitrary bytes never panic.
        #[test]
        fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
            if let Ok(rec) = parse_sgf(&bytes) {
                let _ = replay(&rec, PlayRules::JPD);
            }
        }

        /// Mutations of a valid record (a byte replaced, a cut) never panic, and every error
        /// names a node or a move.
        #[test]
        fn mutated_records_never_panic(pos in 0usize..400, byte in any::<u8>(), cut in 0usize..400) {
            let mut bytes = sample_writer().to_sgf().into_bytes();
            let n = bytes.len();
            bytes[pos % n] = byte;
            bytes.truncate(cut.max(1) % (n + 1));
            match parse_sgf(&bytes).and_then(|r| replay(&r, PlayRules::JPD)) {
                Ok(_) => {}
                Err(e) => assert_located(&e),
            }
        }
    }
}

/// `PL[1]` and `PL[2]`: the numeric player of FF[1]-FF[3] (GNU Go's regression files use it),
/// read as Black and White with a note; any other number is still a bad value.
#[test]
fn quirks_numeric_player() {
    let rec = read("(;GM[1]FF[3]SZ[9]AB[cc]AW[gg]PL[2];W[ee];B[];W[])").unwrap();
    assert_eq!(rec.player_to_move, Some(Color::White));
    assert!(
        rec.notes.iter().any(|n| n.contains("PL[2] read as PL[W]")),
        "{:?}",
        rec.notes
    );
    assert!(play("(;GM[1]FF[3]SZ[9]AB[cc]AW[gg]PL[2];W[ee];B[];W[])").is_ok());
    let rec = read("(;GM[1]SZ[9]PL[1];B[ee];W[];B[])").unwrap();
    assert_eq!(rec.player_to_move, Some(Color::Black));
    assert!(matches!(
        read("(;GM[1]SZ[9]PL[3];B[ee])"),
        Err(SgfError::BadValue { .. })
    ));
}
