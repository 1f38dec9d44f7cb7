use super::*;

fn b(s: &str) -> Board {
    Board::from_ascii(s).unwrap()
}

/// `points()` walks the board row by row from the top-left, N² points, each the padded
/// index of its coordinate, every one on the board: for every size.
#[test]
fn points_are_every_coordinate_in_row_order() {
    for n in MIN_SIZE..=MAX_SIZE {
        let board = Board::new(n).unwrap();
        let want: Vec<Point> = (0..n)
            .flat_map(|y| (0..n).map(move |x| Coord::new(x, y)))
            .map(|c| board.point(c))
            .collect();
        let got: Vec<Point> = board.points().collect();
        assert_eq!(got, want, "size {n}");
        assert!(got.iter().all(|&p| board.cell(p) == Cell::Empty));
        assert!(got.iter().all(|&p| p.idx() < board.padded_len()));
    }
}

#[test]
fn display_round_trips() {
    let board = b("
            . X O .
            X O . .
            . X O .
            . . . .");
    let printed = board.to_string();
    assert_eq!(Board::from_ascii(&printed).unwrap(), board);
    assert!(printed.contains("  4 . X O ."), "{printed}");
}

#[test]
fn capture_in_corner_frees_liberties() {
    // White's corner stone at A4 (top-left) has one liberty left, B4 being Black's... it is
    // surrounded by Black at B4 and A3 after Black plays A3.
    let mut board = b("
            O X . .
            . . . .
            . . . .
            . . . .");
    let a3 = board.point(Coord::new(0, 1));
    let info = board
        .play(a3, Color::Black, SuicideRule::Forbidden)
        .unwrap();
    assert_eq!(info.captured, 1);
    assert_eq!(board.stone(board.point(Coord::new(0, 0))), None);
    // Black B4 now has liberties A4, C4, B3; Black A3 has A4, B3, A2: one string each.
    assert_eq!(board.liberties(board.point(Coord::new(1, 0))), 3);
    assert_eq!(board.liberties(a3), 3);
    board.check_consistency().unwrap();
}

#[test]
fn suicide_rules() {
    let board = b("
            . X . .
            X . . .
            . . . .
            . . . .");
    let a4 = board.point(Coord::new(0, 0));
    assert_eq!(
        board.legality(a4, Color::White, SuicideRule::Forbidden),
        Err(Illegal::SingleStoneSuicide)
    );
    assert_eq!(
        board.legality(a4, Color::White, SuicideRule::MultiStone),
        Err(Illegal::SingleStoneSuicide)
    );
    assert_eq!(
        board.legality(a4, Color::White, SuicideRule::Allowed),
        Ok(())
    );
    // White B4-B3 has the single liberty A4: White filling it is multi-stone suicide.
    let board2 = b("
            . O X .
            X O X .
            . X . .
            . . . .");
    let a4 = board2.point(Coord::new(0, 0));
    assert_eq!(
        board2.legality(a4, Color::White, SuicideRule::Forbidden),
        Err(Illegal::MultiStoneSuicide)
    );
    let mut board3 = board2.clone();
    let info = board3
        .play(a4, Color::White, SuicideRule::MultiStone)
        .unwrap();
    assert_eq!(info.suicided, 3);
    assert_eq!(board3.stone_count(Color::White), 0);
    board3.check_consistency().unwrap();
}

#[test]
fn hash_and_snapshot_after_match_playing() {
    let board = b("
            . X O .
            X O . O
            . X O .
            . . . .");
    // Black at C3 (x=2,y=1) captures the white stone at B3.
    for (x, y, c) in [
        (2u8, 1u8, Color::Black),
        (3, 0, Color::White),
        (0, 3, Color::Black),
    ] {
        let p = board.point(Coord::new(x, y));
        let h = board.hash_after(p, c);
        let mut snap = [0; SNAP_WORDS];
        board.snapshot_after(p, c, &mut snap);
        let mut after = board.clone();
        after.play(p, c, SuicideRule::Forbidden).unwrap();
        assert_eq!(after.hash(), h);
        assert_eq!(*after.snapshot(), snap);
        after.check_consistency().unwrap();
    }
}

#[test]
fn legality_and_hash_agree_with_the_separate_calls() {
    let boards = [
        "
            . X O .
            X O . O
            . X O .
            . . . .",
        "
            . O X .
            X O X .
            . X . .
            . . . .",
        "
            . X . X
            X X X X
            O O O .
            . O . O",
    ];
    for text in boards {
        let board = b(text);
        for p in board.points() {
            for c in Color::BOTH {
                for rule in [
                    SuicideRule::Forbidden,
                    SuicideRule::MultiStone,
                    SuicideRule::Allowed,
                ] {
                    let fused = board.legality_and_hash(p, c, rule);
                    let split = board.legality(p, c, rule).map(|()| board.hash_after(p, c));
                    assert_eq!(fused, split, "{c} at {} {rule:?}", board.coord(p));
                }
            }
        }
    }
}

#[test]
fn ko_point_is_reported() {
    // Classic ko: Black takes the white stone at B3... White stone at B2 (x=1,y=2) in atari.
    let mut board = b("
            . . . . .
            . X O . .
            X O . O .
            . X O . .
            . . . . .");
    let c3 = board.point(Coord::new(2, 2));
    let info = board
        .play(c3, Color::Black, SuicideRule::Forbidden)
        .unwrap();
    assert_eq!(info.captured, 1);
    assert_eq!(info.ko_point, Some(board.point(Coord::new(1, 2))));
}

#[test]
fn sizes_out_of_range_are_refused() {
    assert!(Board::new(1).is_none());
    assert!(Board::new(26).is_none());
    assert!(Board::new(2).is_some());
    assert!(Board::new(25).is_some());
}
