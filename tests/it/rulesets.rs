//! Every rule set on worked examples, each result counted by hand from the rule set's
//! definition (`src/rules/mod.rs`, RULES.md section 7, docs/RULESETS.md).
//!
//! The position is the 6x6 walls of `counting.rs`: Black's wall is columns B and C, White's is
//! columns D and E; column A is Black's territory, column F White's. No captures, no dead
//! stones, no shared points.

use crate::util::*;
use jipingdian::counting::Balancing;
use jipingdian::counting::Half;
use jipingdian::engine::Color;
use jipingdian::rules::{Cause, RuleId};

fn check(a: &jipingdian::checks::Analysis, want: &[(RuleId, &str)]) {
    assert_eq!(
        want.len(),
        RuleId::ALL.len(),
        "every rule set has a hand count"
    );
    for &(id, r) in want {
        assert_eq!(result_of(a, id), r, "{id}");
    }
}

/// Black passed first, White moved last: 12 + 12 real moves, B pass, W pass.
/// Stones 12 / 12, owned empty points 6 / 6, A0 = 18 - 18 = 0; moves 13 / 13 (parity 0);
/// virtual moves 1 / 1.
/// - area rule sets: 0 - komi: 6.5 (jpd-a, mingqing, art-stones, ikeda, wmsg: no first-pass
///   point as Black passed first), 7.5 (jpd-b, chinese, AGA area, Tromp-Taylor), 7 (NZ).
/// - roads (art, Tang): empty points after filling back prisoners and dead stones (none):
///   6 - 6 = 0 -> W+6.5. Japanese/Korean: territory 6 + 0 prisoners each -> W+6.5 (the
///   literal reading too: no empty point touches both colours).
/// - Ing: bowls of 36 / 2 = 18; Black covers 12 + 6 - 4 (the komi stones) = 14 and keeps 4,
///   White covers 12 + 6 + 4 = 22 and leaves 4 spaces unfilled: White wins by 4 + 4 = 8.
/// - AGA territory: pass stones 1 each (White passed last already): (6 - 1) - (6 - 1) = 0,
///   komi 7.5 -> W+7.5.
#[test]
fn every_rule_set_black_first_passer_white_last_mover() {
    let (b, w) = walls();
    let g = play(6, &interleave(&refs(&b), &refs(&w), "pass pass"));
    assert_eq!(g.first_passer(), Some(Color::Black));
    let a = analyse_game(g, &[], Balancing::Art14);
    assert_theorems_hold(&a);
    check(
        &a,
        &[
            (RuleId::JpdTangsong, "W+6.5"),
            (RuleId::JpdTangsongArea, "W+6.5"),
            (RuleId::JpdTangsongB1, "W+6.5"),
            (RuleId::JpdTangsongC1, "W+6.5"),
            (RuleId::JpdA, "W+6.5"),
            (RuleId::JpdB, "W+7.5"),
            (RuleId::JpdMingqing, "W+6.5"),
            (RuleId::JpdArt, "W+6.5"),
            (RuleId::JpdArtStones, "W+6.5"),
            (RuleId::Chinese, "W+7.5"),
            (RuleId::ChineseSimpleKo, "W+7.5"),
            (RuleId::Japanese, "W+6.5"),
            (RuleId::Korean, "W+6.5"),
            (RuleId::JapaneseLiteral, "W+6.5"),
            (RuleId::Ing, "W+8"),
            (RuleId::Aga, "W+7.5"),
            (RuleId::AgaArea, "W+7.5"),
            (RuleId::Ikeda, "W+6.5"),
            (RuleId::Wmsg2008, "W+6.5"),
            (RuleId::TangRoads, "W+6.5"),
            (RuleId::TrompTaylor, "W+7.5"),
            (RuleId::NewZealand, "W+7"),
        ],
    );
    // Nothing diverges but by komi alone, which changes no winner here.
    assert!(a.divergences.iter().all(|d| !d.winner_differs));
}

/// White passed first, Black moved last: 12 + 12 real, B fills A1 of its own territory, W pass,
/// B pass. Stones 13 / 12, owned 5 (A6-A2) / 6, A0 = 18 - 18 = 0; moves 14 / 13 (parity 1);
/// virtual moves 1 / 1; White passed first.
/// - jpd-tangsong: W+7.5 (counting.rs works it out); jpd-a, Ikeda Area III, WMSG: 0 - 6.5 - 1
///   = W+7.5; Ming-Qing and art-stones: W+6.5; jpd-b, Chinese: W+7.5; NZ: W+7; TT: W+7.5.
/// - roads: (5 - 0) - (6 - 0) = -1, -1 - 6.5 = W+7.5 (the filled A1 cost Black its point).
///   Japanese (both readings): territory 5 - 6 = -1 -> W+7.5.
/// - Ing: Black covers 13 + 5 - 4 = 14, White 12 + 6 + 4 = 22: W+8.
/// - AGA: Black made the last move, so White hands one more pass stone: pass stones 1 / 2;
///   territory (5 - 1) - (6 - 2) = 0 -> W+7.5; area (13 + 5) - (12 + 6) = 0 -> W+7.5.
/// - Ikeda Territory I (T16): no real move after White's first pass: (5 - 0) - (6 - 0) - 6.5
///   = W+7.5, as Area III.
#[test]
fn every_rule_set_white_first_passer_black_last_mover() {
    let (b, w) = walls();
    let g = play(6, &interleave(&refs(&b), &refs(&w), "af pass pass"));
    assert_eq!(g.first_passer(), Some(Color::White));
    assert_eq!(g.last_mover(), Some(Color::Black));
    let a = analyse_game(g, &[], Balancing::Art14);
    assert_theorems_hold(&a);
    check(
        &a,
        &[
            (RuleId::JpdTangsong, "W+7.5"),
            (RuleId::JpdTangsongArea, "W+7.5"),
            (RuleId::JpdTangsongB1, "W+7.5"),
            (RuleId::JpdTangsongC1, "W+7.5"),
            (RuleId::JpdA, "W+7.5"),
            (RuleId::JpdB, "W+7.5"),
            (RuleId::JpdMingqing, "W+6.5"),
            (RuleId::JpdArt, "W+7.5"),
            (RuleId::JpdArtStones, "W+6.5"),
            (RuleId::Chinese, "W+7.5"),
            (RuleId::ChineseSimpleKo, "W+7.5"),
            (RuleId::Japanese, "W+7.5"),
            (RuleId::Korean, "W+7.5"),
            (RuleId::JapaneseLiteral, "W+7.5"),
            (RuleId::Ing, "W+8"),
            (RuleId::Aga, "W+7.5"),
            (RuleId::AgaArea, "W+7.5"),
            (RuleId::Ikeda, "W+7.5"),
            (RuleId::Wmsg2008, "W+7.5"),
            (RuleId::TangRoads, "W+7.5"),
            (RuleId::TrompTaylor, "W+7.5"),
            (RuleId::NewZealand, "W+7"),
        ],
    );
    // Ming-Qing diverges from Tang-Song by the first-pass point only: board margins 0 and -1.
    let mq = a
        .divergences
        .iter()
        .find(|d| d.rules == "jpd-mingqing")
        .expect("Ming-Qing keeps the point Tang-Song gives back");
    assert!(!mq.winner_differs);
    assert_eq!(mq.causes.get(jipingdian::rules::Cause::FirstPass).0, 2);
    assert_eq!(mq.unexplained.0, 0);
}

/// An ordinary dame left unfilled between two living walls, on 6x6 (rows from the top):
///
/// ```text
///   A B C D E F
/// 6 . X X O . .
/// 5 . X X O . .
/// 4 . X X O . .
/// 3 . X . O . .     C3: a dame both sides can fill safely (`dame_left`)
/// 2 . X X O . .
/// 1 . X X O . .
/// ```
///
/// Hand count: Black 11 stones (B6-B1, C6 C5 C4 C2 C1), its territory A6-A1 = 6; White 6
/// stones (D6-D1), its territory E6-F1 = 12; C3 is nobody's. No prisoners, no dead stones.
/// - `japanese`, `korean` (J89 Art. 8 after the dame are filled): C3 is filled at the end by
///   either side and leaves no seki; both walls are alive and not in seki, so their territory
///   counts in full: 6 - 12 - 6.5 = W+12.5.
/// - `japanese-literal`: both walls "possess" the dame C3, so both are taken as in seki and
///   neither territory counts: 0 - 0 - 6.5 = W+6.5.
/// - `chinese`: (11 + 6 + 0.5) - (6 + 12 + 0.5) - 7.5 = W+8.5.
#[test]
fn japanese_counts_the_territory_beside_an_unfilled_dame() {
    let g = from_position(
        "
        . X X O . .
        . X X O . .
        . X X O . .
        . X . O . .
        . X X O . .
        . X X O . .",
        "pass",
    );
    let a = analyse_game(g, &[], Balancing::Art14);
    assert_theorems_hold(&a);
    let st = &a.count.as_ref().unwrap().settlement_paused;
    use jipingdian::settlement::{PointClass, SharedKind};
    assert_eq!(
        st.class(st.board().point(pt("cd"))),
        PointClass::Shared(SharedKind::DameLeft)
    );
    assert_eq!(result_of(&a, RuleId::Japanese), "W+12.5");
    assert_eq!(result_of(&a, RuleId::Korean), "W+12.5");
    assert_eq!(result_of(&a, RuleId::JapaneseLiteral), "W+6.5");
    assert_eq!(result_of(&a, RuleId::Chinese), "W+8.5");
    // The literal reading's divergence is named: Black loses 6 points and White 12, so its
    // `dame_seki_literal` term is -6 + 12 = +6 (Black minus White).
    let lit = a
        .results
        .iter()
        .find(|r| r.rules == "japanese-literal")
        .unwrap();
    assert_eq!(lit.ledger.get(Cause::DameSekiLiteral), Half::points(6));
    let jp = a.results.iter().find(|r| r.rules == "japanese").unwrap();
    assert_eq!(jp.ledger.get(Cause::DameSekiLiteral), Half::ZERO);
    assert_eq!(jp.ledger.get(Cause::SekiPoints), Half::ZERO);
}

/// A seki with an eye on each side beside two living groups, on 7x7: the position of
/// `counting.rs` (`seki_with_an_eye_on_each_side`), rows from the top:
///
/// ```text
///   A B C D E F G
/// 7 . X . O . O X    A7: eye of Black's seki string B7 A6 B6 C6; C7: shared liberty;
/// 6 X X X O O O X        E7: eye of White's seki string D7 D6 E6 F6 F7
/// 5 O O O X X X X
/// 4 . O X . X . .    White's wall lives with the eyes A4 and A2
/// 3 O O X X X X X    Black's big group: D4, F4 G4 and the 8 points D2-G1
/// 2 . O X . . . .
/// 1 O O X . . . .
/// ```
///
/// Hand count (J89 Art. 8): the seki eyes A7 and E7 are no territory (their strings touch the
/// shared liberty C7); C7 is nobody's. Black's big group touches no seki liberty: D4 + F4 G4 +
/// 8 = 11. White's wall: A4 + A2 = 2. No prisoners, no dead stones: 11 - 2 - 6.5 = B+2.5, under
/// both readings (no ordinary dame is left). Chinese counts the eyes: B+6.5.
#[test]
fn japanese_gives_nothing_for_the_eyes_of_a_seki() {
    let g = from_position(
        "
        . X . O . O X
        X X X O O O X
        O O O X X X X
        . O X . X . .
        O O X X X X X
        . O X . . . .
        O O X . . . .",
        "pass",
    );
    let a = analyse_game(g, &[], Balancing::Art14);
    for id in [RuleId::Japanese, RuleId::Korean, RuleId::JapaneseLiteral] {
        assert_eq!(result_of(&a, id), "B+2.5", "{id}");
    }
    assert_eq!(result_of(&a, RuleId::Chinese), "B+6.5");
    let jp = a.results.iter().find(|r| r.rules == "japanese").unwrap();
    // The two eyes, one a side: the seki term is -(1 - 1) = 0 in the ledger's difference, but
    // both are gone from the count: Black's 11 and White's 2 points are all territory.
    assert_eq!((jp.black, jp.white), (Half::points(11), Half::points(2)));
    assert_eq!(jp.ledger.get(Cause::SekiPoints), Half::ZERO);
}

/// Every id parses back, and the SGF `RU[]` spellings of the issue map to their rule sets.
#[test]
fn rule_names_from_sgf() {
    for id in RuleId::ALL {
        assert_eq!(id.as_str().parse::<RuleId>().unwrap(), id);
    }
    for (name, id) in [
        ("Chinese", RuleId::Chinese),
        ("Japanese", RuleId::Japanese),
        ("Korean", RuleId::Korean),
        ("japanese-literal", RuleId::JapaneseLiteral),
        ("J89 literal", RuleId::JapaneseLiteral),
        ("AGA", RuleId::Aga),
        ("GOE", RuleId::Ing),
        ("NZ", RuleId::NewZealand),
        ("Tromp-Taylor", RuleId::TrompTaylor),
        ("tromp taylor", RuleId::TrompTaylor),
    ] {
        assert_eq!(name.parse::<RuleId>().unwrap(), id, "{name}");
    }
}
