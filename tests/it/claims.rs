//! The claims of the seeds that a game can refute (findings F7-F11, docs/RULES.md section 8),
//! each on a small position counted by hand.

use jipingdian::report::score::{score_bytes, FileReport, ScoreOptions};

fn corpus(name: &str) -> Vec<u8> {
    std::fs::read(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("corpus")
            .join(name),
    )
    .expect("read the corpus file")
}

fn report(name: &str, sgf: &[u8]) -> FileReport {
    score_bytes(name, sgf, &ScoreOptions::default()).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// `(holds, detail)` of finding `id`: `holds` is `None` where it does not apply.
fn finding(r: &FileReport, id: &str) -> (Option<bool>, String) {
    let f = r
        .findings
        .iter()
        .find(|f| f.id == id)
        .unwrap_or_else(|| panic!("{id} is reported"));
    (f.holds, f.detail.clone())
}

fn result<'a>(r: &'a FileReport, rules: &str) -> &'a str {
    &r.results
        .iter()
        .find(|x| x.rules.as_str() == rules)
        .expect("a result per rule set")
        .result
}

/// A 5x5 seki where each side has one eye and the two strings share one liberty, reached by
/// alternate moves (Black first, White last, then Black and White pass):
///
/// ```text
///     A B C D E
///   5 . X X X O      Black (11 stones): B5 C5 D5 A4 B4 C4 A3 B3 A2 A1 B1, eye A5
///   4 X X X O O      White (11 stones): E5 D4 E4 D3 E3 B2 C2 D2 E2 C1 D1, eye E1
///   3 X X . O O      C3: the only shared liberty. Whoever fills it leaves its own string
///   2 X O O O O      just its eye, where the other captures: a seki, q = 1.
///   1 X X O O .
/// ```
///
/// Japanese counting (J89 Art. 8: no points in seki, no prisoners): 0 - 0, board margin 0,
/// W+6.5. Area: B0 = 11 + 1 + 1/2, W0 = 11 + 1 + 1/2, margin 0: W+6.5 under jpd-tangsong too
/// (Black passed first, equal moves: nothing to balance). The moves alternated and White filled
/// the last point, yet the Japanese difference (0) is even: Wang Yuan's rule ("an odd
/// difference means White filled the last dame", 000) fails, because the one shared liberty
/// makes the area difference even (N² - q = 24) and the two eyes cancel.
#[test]
fn wang_yuan_parity_fails_on_a_seki_with_one_shared_liberty() {
    let sgf = b"(;GM[1]FF[4]SZ[5]KM[6.5]RU[jpd-tangsong];B[ba];W[ea];B[ca];W[eb];B[da];W[db];B[ab];W[dc];B[bb];W[ec];B[cb];W[bd];B[ac];W[cd];B[bc];W[dd];B[ad];W[ed];B[ae];W[ce];B[be];W[de];B[];W[])";
    let r = report("seki-one-shared-5x5.sgf", sgf);
    assert_eq!(result(&r, "japanese"), "W+6.5");
    assert_eq!(result(&r, "jpd-tangsong"), "W+6.5");
    let (holds, detail) = finding(&r, "F8");
    assert_eq!(holds, Some(false), "{detail}");
    assert!(
        detail.contains("japanese board margin 0")
            && detail.contains("real moves black 11 white 11 (last white), a normal ending")
            && detail.contains("shared liberties 1"),
        "{detail}"
    );
    // F9 is about normal endings without seki: it does not apply here.
    assert_eq!(finding(&r, "F9").0, None);
}

/// `white-last-area-7-honinbo-7x7.sgf` (its root comment has the hand count): Black's wall on
/// column D, White's on E, seven moves each, White last (E1), then Black and White pass.
/// Japanese 21 - 14 = 7, odd, and White filled the last point: Wang Yuan's rule holds (F8).
/// A normal ending without seki: jpd-tangsong's board margin is B0 - W0 = 28 - 21 = 7 (nothing
/// to balance), the same as the Japanese 7, so item 12's note holds exactly (F9). The fill-back
/// (one virtual stone each) fits beside the two basic eye points of each side (21 - 2 and
/// 14 - 2 owned points left): F7 holds.
#[test]
fn parity_and_the_japanese_note_hold_on_a_normal_ending() {
    let r = report(
        "white-last-area-7-honinbo-7x7.sgf",
        &corpus("white-last-area-7-honinbo-7x7.sgf"),
    );
    let (f8, d8) = finding(&r, "F8");
    assert_eq!(f8, Some(true), "{d8}");
    assert!(d8.contains("japanese board margin 7") && d8.contains("real moves black 7 white 7"));
    let (f9, d9) = finding(&r, "F9");
    assert_eq!(f9, Some(true), "{d9}");
    assert!(
        d9.contains("board margins jpd-tangsong 7, japanese 7"),
        "{d9}"
    );
    let (f7, d7) = finding(&r, "F7");
    assert_eq!(f7, Some(true), "{d7}");
    assert!(d7.contains("black fills back 1 into 21 owned points, white 1 into 14"));
}

/// `overflow-6x6.sgf` (hand count in its root comment): Black lives with the two one-point eyes
/// A6 and A1 and must fill back 3 stones (2 prisoners, 1 virtual stone). Its owned points are
/// exactly its two basic eye points, so all three stones go into its last eyes (the first into
/// a group with two eyes leaves it one, the second is suicide, Art. 7), the third finds no
/// point at all (the Art. 17 overflow): the equal-stones position cannot be built (F7).
#[test]
fn the_fill_back_done_with_stones_needs_the_last_eyes() {
    let r = report("overflow-6x6.sgf", &corpus("overflow-6x6.sgf"));
    let (holds, detail) = finding(&r, "F7");
    assert_eq!(holds, Some(false), "{detail}");
    assert!(
        detail.contains(
            "black fills back 3 stones into 2 owned points of which 2 are basic eye points: 3 stones into its last eyes and 1 finds no point at all"
        ),
        "{detail}"
    );
}

/// Part 1 item 10's point: a dispute settled by play costs nothing under equal-stones counting
/// when a side plays on inside its own area, while Japanese counting charges it a point. The
/// game of `white-last-area-7-honinbo-7x7.sgf` (walls on D and E, Black passes first, White
/// second) resumed: Black plays A7 inside its own area, White passes, Black passes.
///
/// Hand count. Black: 8 real moves (the wall and A7) and 2 virtual; White: 7 real and 2
/// virtual; moves(B) = 10, moves(W) = 9. Black passed first and moved last (RULES.md section 4,
/// Art. 14: BFP, Black last): one type-B negative move, a stone from Black's area whose point
/// stays Black's, so the area is unchanged: B = 8 + 20 = 28, W = 7 + 14 = 21, 28 - 21 - 6.5 =
/// B+0.5, as before the resumption. Equal stones (k = 9): b = 20 + 1 - 2 = 19, w = 14 - 2 = 12:
/// 7 - 6.5 = B+0.5. Japanese: territory 20 (A7 is now a stone) against 14, no prisoners:
/// 6 - 6.5 = W+0.5, one point less than before the resumption (B+0.5).
#[test]
fn playing_inside_ones_own_area_costs_nothing_under_equal_stones() {
    let before = report(
        "white-last-area-7-honinbo-7x7.sgf",
        &corpus("white-last-area-7-honinbo-7x7.sgf"),
    );
    let text = String::from_utf8(corpus("white-last-area-7-honinbo-7x7.sgf")).unwrap();
    let resumed = text
        .trim_end()
        .strip_suffix(";B[];W[])")
        .expect("the record ends with Black's and White's pass")
        .to_string()
        + ";B[];W[];B[aa];W[];B[])";
    let after = report("resumed.sgf", resumed.as_bytes());
    assert_eq!(result(&before, "jpd-tangsong"), "B+0.5");
    assert_eq!(result(&after, "jpd-tangsong"), "B+0.5");
    assert_eq!(result(&before, "japanese"), "B+0.5");
    assert_eq!(result(&after, "japanese"), "W+0.5");
    // F11 plays the same continuation on the record as paused (A7 is the first point of
    // Black's territory in board order) and finds the same counts.
    let (holds, detail) = finding(&before, "F11");
    assert_eq!(holds, Some(true), "{detail}");
    assert_eq!(
        detail,
        "black resumes at A7 inside its own territory: jpd-tangsong B+0.5 then B+0.5 (black 0); japanese B+0.5 then W+0.5 (black -1), chinese black 0"
    );
}

/// Art. 10's note (F10): the holder of an unfilled ko who fills it directly, instead of passing
/// first, loses 1 point, because Art. 12 charges Black a point when White passes first. The
/// game of `unfilled-ko-6x6.sgf` (White takes the ko at C5 and holds D5) with one more Black
/// move, A1 inside its own area, so that White, the holder, is to move and opens the pause:
///
/// ```text
///     A B C D E F
///   6 . X X O O .    Black: 12 stones (A1 included), territory A2-A6 = 5: B0 = 17.
///   5 . X O . O .    White: 12 stones, territory F1-F6 = 6 and the ko point D5: W0 = 19.
///   4 . X X O O .    A0 = 17 - 19 = -2.
///   3 . X X O O .
///   2 . X X O O .
///   1 X X X O O .
/// ```
///
/// (a) As played, White passes first, then Black: White passed first, and the territory
/// margin is A0 - 6.5 - 1 (RULES.md 6.2: the Art. 12 point) = -9.5, W+9.5. (b) White fills D5
/// instead, Black passes first, White passes: the same area (D5 is a White stone now), Black
/// passed first, -2 - 6.5 = W+8.5: White loses exactly the 1 point the note names. Japanese:
/// Black 5, White 6 + 1 prisoner = 7 in both (the ko point is no territory, the fill changes
/// nothing), W+8.5; Chinese: the same area in both.
#[test]
fn filling_an_unfilled_ko_directly_loses_the_point_art_10_names() {
    let sgf = b"(;GM[1]FF[4]SZ[6]KM[6.5]RU[jpd-tangsong];B[ba];W[da];B[ca];W[ea];B[bb];W[eb];B[bc];W[dc];B[cc];W[ec];B[bd];W[dd];B[cd];W[ed];B[be];W[de];B[ce];W[ee];B[bf];W[df];B[cf];W[ef];B[db];W[cb];B[af];W[];B[])";
    let r = report("ko-holder-passes-first-6x6.sgf", sgf);
    assert_eq!(result(&r, "jpd-tangsong"), "W+9.5");
    assert_eq!(result(&r, "japanese"), "W+8.5");
    let (holds, detail) = finding(&r, "F10");
    assert_eq!(holds, Some(true), "{detail}");
    assert!(
        detail.starts_with(
            "white's ko point D5: pass first W+9.5, fill directly W+8.5 (white -1 under jpd-tangsong; japanese 0, chinese 0,"
        ),
        "{detail}"
    );
}

/// F10 fails where a virtual move earlier in the game has already made its player the first
/// passer: the note's point comes from Art. 12, which looks at the game's first virtual move.
/// The same position as above, reached with Black passing at move 1 and White spending a move
/// at F1 inside its own area (so the colours still alternate):
///
/// ```text
///     A B C D E F
///   6 . X X O O .    Black: 12 stones, territory A2-A6 = 5: B0 = 17.
///   5 . X O . O .    White: 13 stones (F1 included), territory F2-F6 = 5 and the ko
///   4 . X X O O .    point D5: W0 = 19. A0 = -2.
///   3 . X X O O .
///   2 . X X O O .
///   1 X X X O O O
/// ```
///
/// Black passed first (move 1) in both continuations, so there is no Art. 12 point: (a) White
/// passes first at the end, -2 - 6.5 = W+8.5; (b) White fills D5, the same area, W+8.5. Filling
/// directly costs White nothing, and the note's claim fails.
#[test]
fn an_earlier_virtual_move_leaves_the_art_10_point_to_nobody() {
    let sgf = b"(;GM[1]FF[4]SZ[6]KM[6.5]RU[jpd-tangsong];B[];W[da];B[ba];W[ea];B[ca];W[eb];B[bb];W[dc];B[bc];W[ec];B[cc];W[dd];B[bd];W[ed];B[cd];W[de];B[be];W[ee];B[ce];W[df];B[bf];W[ef];B[cf];W[ff];B[db];W[cb];B[af];W[];B[])";
    let r = report("ko-holder-early-pass-6x6.sgf", sgf);
    assert_eq!(result(&r, "jpd-tangsong"), "W+8.5");
    let (holds, detail) = finding(&r, "F10");
    assert_eq!(holds, Some(false), "{detail}");
    assert!(
        detail.starts_with(
            "white's ko point D5: pass first W+8.5, fill directly W+8.5 (white 0 under jpd-tangsong;"
        ) && detail.ends_with("a virtual move earlier in the game already decided who passed first"),
        "{detail}"
    );
}
