//! Bad input: each kind gets a clear error naming the node or the move.

use super::*;

#[test]
fn not_sgf_at_all() {
    assert!(matches!(
        err(read("hello, this is a text file")),
        SgfError::NotSgf { .. }
    ));
    assert!(matches!(
        err(read("(;B[aa](B[bb]))")),
        SgfError::NotSgf { node: 0, .. }
    ));
    assert!(matches!(
        err(read("(;GM[1]SZ[9]B[aa]")),
        SgfError::Truncated { node: 0, .. }
    ));
    // Text around the first game tree is skipped, with a note for what comes before it.
    assert!(read("(;GM[1];B[aa])) junk").is_ok());
    let rec = read("Game of 2008:\n(;GM[1];B[aa])").unwrap();
    assert!(rec.notes[0].contains("skipped"), "{:?}", rec.notes);
}

#[test]
fn empty_file() {
    assert_eq!(err(read("")), SgfError::Empty);
    assert_eq!(err(read("  \n\t ")), SgfError::Empty);
    assert_eq!(err(read("()")), SgfError::Empty);
}

#[test]
fn truncated_file() {
    let e = err(read("(;GM[1]SZ[9];B[aa]"));
    assert!(matches!(e, SgfError::Truncated { node: 1, .. }), "{e:?}");
    let e = err(read("(;GM[1]SZ[9];B[aa];W[b"));
    assert!(matches!(e, SgfError::Truncated { node: 2, .. }), "{e:?}");
    assert!(e.to_string().contains("node 2"));
}

#[test]
fn board_size_out_of_range() {
    for sz in ["0", "1", "26", "52", "abc", "300", "19:13", ""] {
        let e = err(read(&format!("(;GM[1]SZ[{sz}];B[aa])")));
        assert!(
            matches!(e, SgfError::BadSize { node: 0, .. }),
            "SZ[{sz}]: {e:?}"
        );
    }
    assert_eq!(read("(;GM[1]SZ[2])").unwrap().size, 2);
    assert_eq!(read("(;GM[1]SZ[25])").unwrap().size, 25);
    assert_eq!(read("(;GM[1])").unwrap().size, 19);
}

#[test]
fn move_off_the_board() {
    let e = err(read("(;GM[1]SZ[9];B[ee];W[jj])"));
    assert!(
        matches!(&e, SgfError::OffBoard { node: 2, prop, size: 9, .. } if prop == "W"),
        "{e:?}"
    );
    let e = err(read("(;GM[1]SZ[9]AB[aa][zz])"));
    assert!(matches!(e, SgfError::OffBoard { node: 0, .. }), "{e:?}");
    let e = err(read("(;GM[1]SZ[9];B[ee]TW[ak:al])"));
    assert!(matches!(e, SgfError::OffBoard { node: 1, .. }), "{e:?}");
    let e = err(read("(;GM[1]SZ[9];B[e1])"));
    assert!(matches!(e, SgfError::BadValue { node: 1, .. }), "{e:?}");
}

/// sgf-parse returns a point list as a hash set, whose order changes from run to run; with
/// several points off the board the error must still name one and the same: the first by row
/// (here `ju`, on row u, before `px` on row x and `zz` on row z), however the set iterates.
#[test]
fn several_points_off_the_board_name_the_first_by_row() {
    for _ in 0..64 {
        let e = err(read("(;GM[1]SZ[9]AW[px][ju][aa][zz][bb])"));
        match &e {
            SgfError::OffBoard {
                node: 0,
                prop,
                at,
                size: 9,
            } => {
                assert_eq!((prop.as_str(), at.as_str()), ("AW", "ju"), "{e:?}");
            }
            _ => panic!("{e:?}"),
        }
    }
}

#[test]
fn move_on_an_occupied_point() {
    let e = err(play("(;GM[1]SZ[9];B[ee];W[ee])"));
    match e {
        SgfError::IllegalMove {
            move_number,
            node,
            color,
            ref at_human,
            ref at_sgf,
            reason,
        } => {
            assert_eq!((move_number, node, color), (2, 2, Color::White));
            assert_eq!((at_human.as_str(), at_sgf.as_str()), ("E5", "ee"));
            assert_eq!(reason, Illegal::Occupied);
        }
        other => panic!("{other:?}"),
    }
    assert!(e.to_string().contains("move 2"));
}

#[test]
fn suicide() {
    let e = err(play("(;GM[1]SZ[9];B[ee];W[ba];B[ff];W[ab];B[aa])"));
    assert!(
        matches!(
            e,
            SgfError::IllegalMove {
                move_number: 5,
                node: 5,
                reason: Illegal::SingleStoneSuicide,
                ..
            }
        ),
        "{e:?}"
    );
}

/// The ko of `engine::game`'s tests on 4x4: Black takes at cb, White retakes at bb at once.
#[test]
fn superko_violation() {
    let ko = "(;GM[1]SZ[4];B[ba];W[ca];B[ab];W[bb];B[bc];W[db];B[dd];W[cc];B[cb]";
    let e = err(play(&format!("{ko};W[bb])")));
    assert!(
        matches!(
            e,
            SgfError::IllegalMove {
                move_number: 10,
                node: 10,
                color: Color::White,
                reason: Illegal::Superko,
                ..
            }
        ),
        "{e:?}"
    );
    assert!(e.to_string().contains("superko"));
    // The same retake after a ko threat elsewhere is still a repetition? No: the threat changed
    // the board, so it is legal.
    let ok = play(&format!("{ko};W[ad];B[ac];W[bb];B[];W[])")).unwrap();
    assert_eq!(ok.game.phase(), Phase::Paused);
}

#[test]
fn two_moves_in_one_node() {
    let e = err(read("(;GM[1]SZ[9];B[aa]W[bb])"));
    assert!(
        matches!(&e, SgfError::TwoMovesInOneNode { node: 1, first, second } if first == "B[aa]" && second == "W[bb]"),
        "{e:?}"
    );
    let e = err(read("(;GM[1]SZ[9];B[aa];W[bb]W[])"));
    assert!(matches!(e, SgfError::TwoMovesInOneNode { node: 2, .. }));
}

/// Dropped or doubled brackets and stray text between properties: sgf-parse would read them
/// into the next identifier; the reader refuses them, naming the node.
#[test]
fn stray_text_outside_values() {
    let syntax = |text: &str| match err(read(text)) {
        SgfError::Syntax { node, detail } => (node, detail),
        e => panic!("{text}: {e:?}"),
    };
    let (node, detail) = syntax("(;GM[1]SZ[9];B[aa] ] ;W[bb])");
    assert_eq!(node, 1);
    assert!(detail.contains("']' outside"), "{detail}");
    assert_eq!(
        syntax("(;GM[1]SZ[9];B[aa];W)"),
        (2, "property identifier W has no value".into())
    );
    assert_eq!(
        syntax("(;GM[1] junk ;B[aa])"),
        (0, "property identifier junk has no value".into())
    );
    assert_eq!(syntax("(;GM[1]SZ[9];B[aa];Wbb];B[])").0, 2);
    assert_eq!(syntax("(;GM[1]SZ[9];B[aa];[bb])").0, 2);
    assert_eq!(syntax("(;GM[1]SZ[9];B[aa];1[x])").0, 2);
    assert_eq!(syntax("(;GM[1]SZ[9];B W[aa])").0, 1);
    // Whitespace between an identifier and its values, and between values, is allowed; so is
    // an escaped ']' and a lower-case (FF[3]) identifier.
    let rec = read("(;GM[1]SZ[9]AB [aa]\n [bb] CoPyright[x];B [cc]C[a\\]b];W[];B[])").unwrap();
    assert_eq!(rec.setup.len(), 2);
    assert_eq!(rec.moves.len(), 3);
}

#[test]
fn bytes_invalid_in_the_declared_charset() {
    let e = err(parse_sgf(b"(;GM[1]CA[UTF-8]SZ[9];B[ee]C[\xff\xff])"));
    assert!(
        matches!(&e, SgfError::InvalidEncoding { node: 1, offset: 29, charset, .. } if charset == "UTF-8"),
        "{e:?}"
    );
    // No CA: UTF-8 when the bytes are UTF-8, else Latin-1 (see `quirks_charset_default_and_aliases`).
    assert_eq!(
        parse_sgf(b"(;GM[1]C[\xc3])").unwrap().comment.as_deref(),
        Some("\u{c3}")
    );
    // 0xFF is never a GBK lead byte.
    let e = err(parse_sgf(b"(;GM[1]CA[GBK];C[\xff\xff])"));
    assert!(
        matches!(e, SgfError::InvalidEncoding { node: 1, .. }),
        "{e:?}"
    );
    let e = err(parse_sgf(b"(;GM[1]CA[klingon])"));
    assert_eq!(
        e,
        SgfError::UnknownCharset {
            charset: "klingon".into()
        }
    );
}

#[test]
fn gb2312_record_decodes() {
    let text = "(;GM[1]FF[4]CA[GB2312]SZ[9]PB[黑方]C[黑中盘胜，白认输];B[ee];W[dd]RE[B+R])";
    let (bytes, _, unmappable) = encoding_rs::GBK.encode(text);
    assert!(!unmappable);
    assert!(std::str::from_utf8(&bytes).is_err(), "not UTF-8 any more");
    let rec = parse_sgf(&bytes).unwrap();
    assert_eq!(rec.comment.as_deref(), Some("黑中盘胜，白认输"));
    assert_eq!(rec.resigned, Some(Color::White));
    let done = replay(&rec, PlayRules::JPD).unwrap();
    assert_eq!(
        done.game.phase(),
        Phase::Ended(End::Resignation(Color::White))
    );
    // Other declared charsets.
    for (label, enc, s) in [
        ("Big5", encoding_rs::BIG5, "黑勝"),
        ("Shift_JIS", encoding_rs::SHIFT_JIS, "黒の中押し勝ち"),
        ("EUC-KR", encoding_rs::EUC_KR, "흑 불계승"),
        ("ISO-8859-1", encoding_rs::WINDOWS_1252, "Müller ]"),
    ] {
        let text = format!("(;GM[1]CA[{label}]C[{}])", s.replace(']', "\\]"));
        let (bytes, _, bad) = enc.encode(&text);
        assert!(!bad);
        let rec = parse_sgf(&bytes).unwrap();
        assert_eq!(rec.comment.as_deref(), Some(s), "{label}");
    }
}

/// Two moves of one colour in a row: refused by default, read with `implied_passes` as a
/// virtual move of the other side between them, with a note. B E5, (W virtual), B D6, W virtual,
/// B virtual: the game pauses with Black 2 stones and 1 virtual move, White 0 and 2.
#[test]
fn two_moves_in_a_row_read_with_implied_passes() {
    let rec = parse_sgf(b"(;GM[1]SZ[9];B[ee];B[dd];W[];B[])").unwrap();
    let opts = ReplayOptions {
        assume_pause: false,
        implied_passes: true,
    };
    let done = replay_with(&rec, PlayRules::JPD, opts).unwrap();
    assert_eq!(done.game.phase(), Phase::Paused);
    assert_eq!(done.game.virtual_moves().white, 2);
    assert_eq!(done.game.virtual_moves().black, 1);
    assert_eq!(done.game.board().stone_count(Color::Black), 2);
    assert!(
        done.record
            .notes
            .iter()
            .any(|n| n.contains("move 2 (node 2): black moved twice in a row")),
        "{:?}",
        done.record.notes
    );
    // After a virtual move no pass is implied (it would pause the game): still refused.
    let rec = parse_sgf(b"(;GM[1]SZ[9];B[ee];W[];W[dd])").unwrap();
    assert!(matches!(
        replay_with(&rec, PlayRules::JPD, opts),
        Err(SgfError::WrongTurn { move_number: 3, .. })
    ));
}

#[test]
fn wrong_turn_not_ended_after_end_and_not_go() {
    let e = err(play("(;GM[1]SZ[9];B[ee];B[dd])"));
    assert!(
        matches!(
            e,
            SgfError::WrongTurn {
                move_number: 2,
                node: 2,
                color: Color::Black,
                expected: Color::White
            }
        ),
        "{e:?}"
    );
    let e = err(play("(;GM[1]SZ[9];B[ee];W[dd])"));
    assert_eq!(e, SgfError::NotEnded { moves: 2, node: 2 });
    let e = err(play("(;GM[1]SZ[9];B[];W[];B[];W[];B[ee])"));
    assert!(
        matches!(
            e,
            SgfError::AfterEnd {
                move_number: 5,
                node: 5,
                ..
            }
        ),
        "{e:?}"
    );
    assert_eq!(err(read("(;GM[2];B[aa])")), SgfError::NotGo);
    let e = err(play("(;GM[1]SZ[3]AB[ab][ba]AW[aa])"));
    assert!(matches!(e, SgfError::Setup(_)), "{e:?}");
}

#[test]
fn too_many_nodes() {
    let mut s = String::from("(;GM[1]");
    for _ in 0..MAX_NODES {
        s.push_str(";C[x]");
    }
    s.push(')');
    assert!(matches!(err(read(&s)), SgfError::TooLarge { .. }));
}
