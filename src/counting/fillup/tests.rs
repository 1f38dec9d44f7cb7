use super::*;
use crate::settlement::Mode;

fn settle(s: &str) -> Settlement {
    let b = Board::from_ascii(s).unwrap();
    Settlement::settle(&b, &[], &[], Mode::Pause).unwrap()
}

/// The area of the settled position, B0 and W0.
fn area(st: &Settlement) -> PerSide<Half> {
    let t = st.tally();
    let a = |c: Color| Half(2 * (t.stones[c] + t.owned_empty[c]) as i64 + t.shared as i64);
    PerSide::new(a(Color::Black), a(Color::White))
}

/// Runs the fill-up and checks the count: equal to the area, adding up to N², every owned
/// empty point either kept or filled.
fn checked(st: &Settlement) -> FillUp {
    let fu = fill_up(st);
    assert_eq!(fu.count, area(st), "count against area");
    let n2 = st.board().area() as i64;
    assert_eq!(fu.count.black + fu.count.white, Half::points(n2));
    for c in Color::BOTH {
        assert_eq!(
            fu.placed[c] + fu.unplaced[c] + fu.basic_eyes[c],
            st.tally().owned_empty[c],
            "{c}: placed + unplaced + kept = owned empty"
        );
    }
    fu
}

fn at(st: &Settlement, s: &str) -> Point {
    let b = st.board();
    b.points()
        .find(|&p| b.coord(p).to_human(b.size()) == s)
        .unwrap_or_else(|| panic!("no point {s}"))
}

/// Black's D6 stands alone in atari: its only liberty is C6, a one-point region of Black's
/// territory that it shares with Black's main string. The natural first choice of eye
/// points, the two one-point regions A6 and C6, keeps C6 empty and leaves D6 with one eye
/// (capturable at once: White takes it at C6). The search goes on to A6 and A4: C6 is
/// filled, joining D6 to the main string, B4 is filled, and the main string keeps the two
/// separate eyes A6 and A4.
///
/// ```text
///   A B C D E F
/// 6 . X . X O .
/// 5 X X X O O O
/// 4 . . X O . O
/// 3 X X X O O O
/// 2 . . X O . O
/// 1 . . X O O O
/// ```
///
/// Hand count: Black 11 stones, owns A6, C6, A4 B4 and A2 B2 A1 B1: 8; B0 = 19. White 14
/// stones, owns F6, E4, E2: 3; W0 = 17. 19 + 17 = 36. Black keeps A6 A4 and places 6
/// stones: 17 + 2 = 19; White keeps F6 E4 and fills E2: 15 + 2 = 17.
#[test]
fn a_careful_choice_of_eye_points_keeps_two_eyes() {
    let st = settle(
        "
            . X . X O .
            X X X O O O
            . . X O . O
            X X X O O O
            . . X O . O
            . . X O O O",
    );
    let fu = checked(&st);
    assert_eq!(fu.count, PerSide::new(Half::points(19), Half::points(17)));
    assert_eq!(fu.stability, Stability::Stable, "{:?}", fu.problem);
    assert_eq!(fu.basic_eyes, PerSide::new(2, 2));
    assert_eq!(fu.placed, PerSide::new(6, 1));
    assert_eq!(fu.board.stone(at(&st, "C6")), Some(Color::Black));
    assert_eq!(fu.board.stone(at(&st, "A6")), None);
    assert_eq!(fu.board.stone(at(&st, "A4")), None);
    assert!(fu.choices_tried >= 2, "the first choice fails");
    // The first choice, A6 and C6 kept, filled by hand: D6 keeps only C6.
    let naive = Board::from_ascii(
        "
            . X . X O .
            X X X O O O
            X X X O . O
            X X X O O O
            X X X O O O
            X X X O O O",
    )
    .unwrap();
    let d6 = at(&st, "D6");
    assert_eq!(naive.liberties(d6), 1);
    assert_eq!(PassAlive::analyse(&naive).alive_stone(d6), None);
}

/// A living group next to a seki. Black's B6 and White's string (B5-F5, D6, F6) share
/// the liberty C6, neither can fill it (each would be left with one liberty), so it is
/// shared and both are in seki; A6 is a seki eye of Black's, E6 one of White's. Black's
/// A5 and row 4 border A6 too, so they form one group with B6: one point kept in A6, two
/// in the 18 points below. (The old fill counted those two eye points and A6 and also
/// filled all but one of the 18, counting a point twice: B = 28.5 against B0 = 27.5.)
///
/// ```text
///   A B C D E F
/// 6 . X . O . O
/// 5 X O O O O O
/// 4 X X X X X X
/// 3 . . . . . .
/// 2 . . . . . .
/// 1 . . . . . .
/// ```
///
/// Hand count: Black 8 stones, owns A6 and rows 1-3: 19; White 7 stones, owns E6: 1; C6
/// shared. B0 = 8 + 19 + 0.5 = 27.5, W0 = 7 + 1 + 0.5 = 8.5; 36 in all. Black places 16
/// stones and keeps 3: 24 + 3 + 0.5; White keeps E6: 7 + 1 + 0.5.
#[test]
fn a_living_group_next_to_a_seki_is_counted_once() {
    let st = settle(
        "
            . X . O . O
            X O O O O O
            X X X X X X
            . . . . . .
            . . . . . .
            . . . . . .",
    );
    assert_eq!(
        st.class(at(&st, "C6")),
        PointClass::Shared(SharedKind::SharedLiberty)
    );
    let fu = checked(&st);
    assert_eq!(fu.count, PerSide::new(Half(55), Half(17)));
    assert_eq!(fu.basic_eyes, PerSide::new(3, 1));
    assert_eq!(fu.placed, PerSide::new(16, 0));
    assert_eq!(fu.stability, Stability::Stable, "{:?}", fu.problem);
}

/// A seki with an eye on each side, beside living groups of both colours. Black's corner
/// string (B7 A6 B6 C6) has its eye A7 and the shared liberty C7; White's D7-F7 string has
/// E7 and C7. Each keeps its one-point eye, and each keeps two liberties.
///
/// ```text
///   A B C D E F G
/// 7 . X . O . O X
/// 6 X X X O O O X
/// 5 O O O X X X X
/// 4 . O X . X . .
/// 3 O O X X X X X
/// 2 . O X . . . .
/// 1 O O X . . . .
/// ```
///
/// Hand count: Black 19 stones, owns A7, D4, F4 G4 and the 8 points D2-G1: 12; White 14
/// stones, owns E7, A4, A2: 3; C7 shared. B0 = 31.5, W0 = 17.5; 49 in all. Black keeps A7
/// and two of its 11 other points, placing 9; White keeps all three.
#[test]
fn seki_with_an_eye_on_each_side_is_stable() {
    let st = settle(
        "
            . X . O . O X
            X X X O O O X
            O O O X X X X
            . O X . X . .
            O O X X X X X
            . O X . . . .
            O O X . . . .",
    );
    let fu = checked(&st);
    assert_eq!(fu.count, PerSide::new(Half(63), Half(35)));
    assert_eq!(fu.basic_eyes, PerSide::new(3, 3));
    assert_eq!(fu.placed, PerSide::new(9, 0));
    assert_eq!(fu.stability, Stability::Stable, "{:?}", fu.problem);
}

/// Seki without eyes (corpus/seki-no-eyes-7x7.sgf): the two strings share their only
/// liberties D4 and E3, both shared. Nothing to fill, nothing to keep; each string keeps
/// its two liberties: stable as a seki, though neither string is pass-alive.
///
/// Hand count: Black 24 stones, White 23, q = 2: B0 = 25, W0 = 24.
#[test]
fn seki_without_eyes_is_stable() {
    let st = settle(
        "
            X X X O O O O
            X X X O O O O
            X X X O O O O
            X X X . O O O
            X X X X . O O
            X X X X O O O
            X X X X O O O",
    );
    let fu = checked(&st);
    assert_eq!(fu.count, PerSide::new(Half::points(25), Half::points(24)));
    assert_eq!(fu.basic_eyes, PerSide::new(0, 0));
    assert_eq!(fu.stability, Stability::Stable, "{:?}", fu.problem);
}

/// A one-sided dame is a road point (corpus/one-sided-dame-siyuan-7x7.sgf): C7 lies
/// between White's corner string and Black's D7 string, and only Black can fill it safely.
/// Black fills it; White's corner string is then left with the one liberty A7, where Black
/// captures at once. No choice changes that (A7 is White's only point there), so the fill
/// is unstable: the one-move reading and the rule "fill the one-sided dame" together make
/// this seki unstable, a case of finding F1.
///
/// ```text
///   A B C D E F G
/// 7 . O . X . X .
/// 6 O O O X X X O
/// 5 X X X O O O O
/// 4 . . X X X O .
/// 3 . . . X X O .
/// 2 . . . X O O .
/// 1 . . . X O . .
/// ```
///
/// Hand count: Black 15 stones, owns E7, C7 and the 11 points A4-C1: 13; White 14 stones,
/// owns A7 and G4 G3 G2 G1 F1: 6; G7 a dame left, shared. B0 = 28.5, W0 = 20.5; 49 in
/// all. Black places C7 and 9 of the 11 and keeps E7 and two: 25 + 3 + 0.5 = 28.5. White
/// keeps A7 and two of its five: 17 + 3 + 0.5 = 20.5.
#[test]
fn a_one_sided_dame_is_filled_as_a_road_point() {
    let st = settle(
        "
            . O . X . X .
            O O O X X X O
            X X X O O O O
            . . X X X O .
            . . . X X O .
            . . . X O O .
            . . . X O . .",
    );
    let c7 = at(&st, "C7");
    assert_eq!(st.class(c7), PointClass::OneSidedDame(Color::Black));
    let fu = checked(&st);
    assert_eq!(fu.count, PerSide::new(Half(57), Half(41)));
    assert_eq!(fu.board.stone(c7), Some(Color::Black));
    assert_eq!(fu.basic_eyes, PerSide::new(3, 3));
    assert_eq!(fu.placed, PerSide::new(10, 3));
    assert_eq!(fu.stability, Stability::Unstable);
    assert!(
        fu.problem
            .as_deref()
            .unwrap()
            .contains("white string at B7"),
        "{:?}",
        fu.problem
    );
}

/// The hanezeki of corpus/hanezeki-7x7.sgf. White's A2 A1 B1 stand in atari at B2, Black's
/// F7 G7 G6 at F6; the main groups share D4. The count holds: Black 23 stones, White 23,
/// nothing owned, q = 3 by the rules; the one-move reading calls B2 Black's and F6 White's
/// one-sided dame instead (q = 1, one owned point each), and the area is B0 = W0 = 24.5
/// either way. A stone at B2 would capture, so the fill cannot place it: counted as
/// filled, reported as unplaced. Stability: the strings in atari can be captured at once,
/// and there is no choice to make, so the fill is unstable: the one-move criterion against
/// a proven seki, finding F1.
#[test]
fn the_hanezeki_counts_and_is_unstable_by_the_one_move_criterion() {
    let st = settle(
        "
            X X X X O X X
            X X X X O . X
            X X X X O O O
            X X X . O O O
            X X X O O O O
            O . X O O O O
            O O X O O O O",
    );
    let fu = checked(&st);
    assert_eq!(fu.count, PerSide::new(Half(49), Half(49)));
    assert_eq!(fu.placed, PerSide::new(0, 0));
    assert_eq!(fu.stability, Stability::Unstable);
    let p = fu.problem.unwrap();
    assert!(p.contains("can be captured at once"), "{p}");
}

/// A group whose whole territory is two points side by side has one eye whichever points
/// are kept: every choice was tried, so the fill is unstable, not unknown.
#[test]
fn one_eye_is_unstable_not_unknown() {
    let st = settle(
        "
            . . X O .
            X X X O O
            O O O O .
            . O . O O
            O O O O .",
    );
    let fu = checked(&st);
    assert_eq!(fu.stability, Stability::Unstable);
    assert!(
        fu.problem.as_deref().unwrap().contains("not pass-alive"),
        "{:?}",
        fu.problem
    );
}
