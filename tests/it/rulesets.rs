//! Every rule set on worked examples, each result counted by hand from the rule set's
//! definition (`src/rules/mod.rs`, RULES.md section 7, RULESETS.md).
//!
//! The position is the 6x6 walls of `counting.rs`: Black's wall is columns B and C, White's is
//! columns D and E; column A is Black's territory, column F White's. No captures, no dead
//! stones, no shared points.

use crate::util::*;
use jipingdian::counting::Balancing;
use jipingdian::engine::Color;
use jipingdian::rules::RuleId;

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
///   6 - 6 = 0 -> W+6.5. Japanese/Korean: territory 6 + 0 prisoners each -> W+6.5.
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
///   Japanese: territory 5 - 6 = -1 -> W+7.5.
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
        ("AGA", RuleId::Aga),
        ("GOE", RuleId::Ing),
        ("NZ", RuleId::NewZealand),
        ("Tromp-Taylor", RuleId::TrompTaylor),
        ("tromp taylor", RuleId::TrompTaylor),
    ] {
        assert_eq!(name.parse::<RuleId>().unwrap(), id, "{name}");
    }
}
