//! Worked examples of the counting, each with its hand count.
//!
//! The balancing examples share one 6x6 position: Black's wall is columns B and C, White's is
//! columns D and E; column A (6 points) is Black's territory and column F (6 points) White's.
//! Areas in the finished position: Black 12 stones + 6 = 18, White 12 stones + 6 = 18.

use crate::util::*;
use jipingdian::counting::{Balancing, Half};
use jipingdian::engine::{Color, NegativeKind};
use jipingdian::rules::RuleId;

fn walls() -> (Vec<String>, Vec<String>) {
    let mut b = column('b', 'a'..='f');
    b.extend(column('c', 'a'..='f'));
    let mut w = column('d', 'a'..='f');
    w.extend(column('e', 'a'..='f'));
    (b, w)
}

fn refs(v: &[String]) -> Vec<&str> {
    v.iter().map(|s| s.as_str()).collect()
}

/// Art. 14, Black passed first, White moved last: nothing to do.
/// Moves: 12 + 12 real, then B pass, W pass. moves(B) = 13 = moves(W) = k.
/// T = 6 each, fill-back = 1 virtual stone each: b = w = 5. B = b + k = 18 = W.
/// jpd-tangsong: 5 - 5 - 6.5 = W+6.5. Chinese: 18 - 18 - 7.5 = W+7.5.
#[test]
fn art14_black_first_passer_white_last_mover() {
    let (b, w) = walls();
    let g = play(6, &interleave(&refs(&b), &refs(&w), "pass pass"));
    assert_eq!(g.first_passer(), Some(Color::Black));
    assert_eq!(g.last_mover(), Some(Color::White));
    let a = analyse_game(g, &[], Balancing::Art14);
    assert_theorems_hold(&a);
    let c = a.count.as_ref().unwrap();
    assert!(c.negatives.is_empty());
    assert_eq!(c.k(), 13);
    assert_eq!(
        (c.territory.black, c.territory.white),
        (Half::points(5), Half::points(5))
    );
    assert_eq!(
        (c.area.black, c.area.white),
        (Half::points(18), Half::points(18))
    );
    assert_eq!(result_of(&a, RuleId::JpdTangsong), "W+6.5");
    assert_eq!(result_of(&a, RuleId::JpdTangsongArea), "W+6.5");
    assert_eq!(result_of(&a, RuleId::Chinese), "W+7.5");
}

/// Art. 14, White passed first, Black moved last: one type-A negative move.
/// Moves: 12 + 12 real, B fills A1 of its own territory, W pass, B pass.
/// moves(B) = 13 + 1 = 14, moves(W) = 12 + 1 = 13; the type-A move (first qualifying black
/// stone in row order: C6, touching White's D6) makes moves(B) = 13 = k.
/// After it: Black 12 stones, territory A6-A2 = 5, q = 1 (C6). B = 12 + 5 + 0.5 = 17.5,
/// W = 12 + 6 + 0.5 = 18.5. Fill-back 1 virtual stone each: b = 5 - 1 = 4, w = 6 - 1 = 5.
/// B = b + k + q/2 = 4 + 13 + 0.5. Margin: 4 - 5 - 6.5 = W+7.5, the paused form
/// B0 - W0 - 6.5 - 1 = 18 - 18 - 7.5 agrees. Chinese (no compensation): 18 - 18 - 7.5 = W+7.5.
#[test]
fn art14_white_first_passer_black_last_mover() {
    let (b, w) = walls();
    let g = play(6, &interleave(&refs(&b), &refs(&w), "af pass pass"));
    assert_eq!(g.first_passer(), Some(Color::White));
    assert_eq!(g.last_mover(), Some(Color::Black));
    let a = analyse_game(g, &[], Balancing::Art14);
    assert_theorems_hold(&a);
    let c = a.count.as_ref().unwrap();
    assert_eq!(c.negatives, vec![(pt("ca"), NegativeKind::A)]);
    assert_eq!(c.k(), 13);
    assert_eq!(c.shared, 1);
    assert_eq!((c.area.black, c.area.white), (Half(35), Half(37)));
    assert_eq!(
        (c.territory.black, c.territory.white),
        (Half::points(4), Half::points(5))
    );
    assert_eq!(result_of(&a, RuleId::JpdTangsong), "W+7.5");
    assert_eq!(result_of(&a, RuleId::JpdTangsongArea), "W+7.5");
    assert_eq!(result_of(&a, RuleId::Chinese), "W+7.5");
}

/// Art. 14, White passed first, White moved last: a type-A move and a black virtual move.
/// Moves: 12 B and 11 W real, W pass (first), B fills A1, W plays E1, B pass, W pass.
/// moves(B) = 13 + 1 = 14, moves(W) = 12 + 2 = 14. Type A at C6 (-1) and a virtual move (+1):
/// moves(B) = 14 = k. Black 12 stones, territory 5, q = 1: B = 17.5, W = 18.5.
/// Fill-back: Black 2 virtual stones, White 2: b = 5 - 2 = 3, w = 6 - 2 = 4;
/// B = 3 + 14 + 0.5 = 17.5. Margin 3 - 4 - 6.5 = W+7.5.
#[test]
fn art14_white_first_passer_white_last_mover() {
    let (b, w) = walls();
    let w11 = &w[..11];
    let tail = format!("pass af {} pass pass", w[11]);
    let g = play(6, &interleave(&refs(&b), &refs(w11), &tail));
    assert_eq!(g.first_passer(), Some(Color::White));
    assert_eq!(g.last_mover(), Some(Color::White));
    let a = analyse_game(g, &[], Balancing::Art14);
    assert_theorems_hold(&a);
    let c = a.count.as_ref().unwrap();
    assert_eq!(c.negatives, vec![(pt("ca"), NegativeKind::A)]);
    assert_eq!(c.plan.extra_virtual.black, 1);
    assert_eq!(c.k(), 14);
    assert_eq!(
        (c.territory.black, c.territory.white),
        (Half::points(3), Half::points(4))
    );
    assert_eq!((c.area.black, c.area.white), (Half(35), Half(37)));
    assert_eq!(result_of(&a, RuleId::JpdTangsong), "W+7.5");
}

/// Art. 14, Black passed first, Black moved last: one type-B negative move.
/// Moves: 11 + 11 real, B pass (first), W plays E1, B plays C1, W pass, B pass.
/// moves(B) = 12 + 2 = 14, moves(W) = 12 + 1 = 13. Type B at B6 (the first black stone whose
/// neighbours are all Black's: A6 territory, C6 and B5 stones): moves(B) = 13 = k. B6 becomes
/// Black's territory: 11 stones + 7 = 18 = B, W = 18. Fill-back: Black 2 virtual, White 1:
/// b = 7 - 2 = 5, w = 6 - 1 = 5. Margin 0 - 6.5 = W+6.5; Chinese W+7.5.
#[test]
fn art14_black_first_passer_black_last_mover() {
    let (b, w) = walls();
    let tail = format!("pass {} {} pass pass", w[11], b[11]);
    let g = play(6, &interleave(&refs(&b[..11]), &refs(&w[..11]), &tail));
    assert_eq!(g.first_passer(), Some(Color::Black));
    assert_eq!(g.last_mover(), Some(Color::Black));
    let a = analyse_game(g, &[], Balancing::Art14);
    assert_theorems_hold(&a);
    let c = a.count.as_ref().unwrap();
    assert_eq!(c.negatives, vec![(pt("ba"), NegativeKind::B)]);
    assert_eq!(c.k(), 13);
    assert_eq!(
        (c.area.black, c.area.white),
        (Half::points(18), Half::points(18))
    );
    assert_eq!(
        (c.territory.black, c.territory.white),
        (Half::points(5), Half::points(5))
    );
    assert_eq!(result_of(&a, RuleId::JpdTangsong), "W+6.5");
    assert_eq!(result_of(&a, RuleId::Chinese), "W+7.5");
}

/// The Art. 11 reading of the WFP/Black-last case: White plays one more virtual move, no
/// negative move, and the compensation is one point of komi. Area B = W = 18, k = 14,
/// fill-back Black 1, White 2: b = 5 - 1 = 4... Black filled A1, so T = 5: b = 5 - 1 = 4,
/// w = 6 - 2 = 4. Margin 4 - 4 - 6.5 - 1 = W+7.5: the same as Art. 14.
#[test]
fn art11_reading_agrees_on_the_wfp_case() {
    let (b, w) = walls();
    let g = play(6, &interleave(&refs(&b), &refs(&w), "af pass pass"));
    let a = analyse_game(g, &[], Balancing::Art11);
    assert_theorems_hold(&a);
    let c = a.count.as_ref().unwrap();
    assert!(c.negatives.is_empty());
    assert_eq!(c.k(), 14);
    assert_eq!(
        (c.territory.black, c.territory.white),
        (Half::points(4), Half::points(4))
    );
    assert_eq!(c.compensation, Half::points(1));
    assert_eq!(result_of(&a, RuleId::JpdTangsong), "W+7.5");
}

/// A seki with an eye on each side, on 7x7 (columns a-g, rows from the top):
///
/// ```text
///   a b c d e f g
/// 0 . X . O . O X    a0: Black's seki eye; c0: shared liberty; e0: White's seki eye
/// 1 X X X O O O X
/// 2 O O O X X X X
/// 3 . O X . X . .    White's wall lives with eyes a3 and a5
/// 4 O O X X X X X    Black's big group: eyes d3, f3-g3 and the 8 points d5-g6
/// 5 . O X . . . .
/// 6 O O X . . . .
/// ```
///
/// Hand count: Black 19 stones, White 14. Black owns a0 + d3 + f3, g3 + 8 = 12 empty points,
/// White e0 + a3 + a5 = 3, c0 shared. B0 = 19 + 12 + 0.5 = 31.5, W0 = 14 + 3 + 0.5 = 17.5.
/// Played alternately, White passes 5 times while Black places its last 5 stones, so White is
/// the first passer; Black moved last: moves(B) = 19 + 1 = 20, moves(W) = 14 + 5 = 19.
/// Art. 14: one type-A move at G7 (the first black stone touching White in row order): Black
/// 18 stones, q = 2, B = 18 + 12 + 1 = 31, W = 14 + 3 + 1 = 18, k = 19.
/// Fill-back: Black 1 virtual stone, White 5 virtual stones into 3 points: overflow s = 2,
/// so b = 12 - 1 + 2 = 13, w = 3 - 5 + 2 = 0, and B = b + (k - s) + q/2 = 13 + 17 + 1 = 31.
/// jpd-tangsong: 13 - 0 - 6.5 = B+6.5; Chinese: 31.5 - 17.5 - 7.5 = B+6.5.
///
/// T11 fails here, and that is a finding: taken physically, removing G7 gives White's seki
/// string a third liberty, so C7 stops being a shared liberty (White could fill it safely) and
/// becomes White's one-sided dame. By decree (the count) nothing but G7 changes.
const SEKI_BOTH_EYES: &str = "
    . X . O . O X
    X X X O O O X
    O O O X X X X
    . O X . X . .
    O O X X X X X
    . O X . . . .
    O O X . . . .";

#[test]
fn seki_with_an_eye_on_each_side() {
    let g = from_position(SEKI_BOTH_EYES, "pass");
    assert_eq!(g.first_passer(), Some(Color::White));
    assert_eq!(g.last_mover(), Some(Color::Black));
    let a = analyse_game(g, &[], Balancing::Art14);
    let c = a.count.as_ref().unwrap();
    let st = &c.settlement_paused;
    let b = st.board();
    use jipingdian::settlement::{PointClass, SharedKind, TerritoryKind};
    let at = |s: &str| b.point(pt(s));
    assert_eq!(
        st.class(at("aa")),
        PointClass::Territory(Color::Black, TerritoryKind::SekiEye)
    );
    assert_eq!(
        st.class(at("ca")),
        PointClass::Shared(SharedKind::SharedLiberty)
    );
    assert_eq!(
        st.class(at("ea")),
        PointClass::Territory(Color::White, TerritoryKind::SekiEye)
    );
    assert_eq!(
        st.class(at("ad")),
        PointClass::Territory(Color::White, TerritoryKind::Enclosed)
    );
    assert_eq!(
        (c.area_paused.black, c.area_paused.white),
        (Half(63), Half(35))
    );
    assert_eq!(c.negatives, vec![(pt("ga"), NegativeKind::A)]);
    assert_eq!(
        (c.area.black, c.area.white),
        (Half::points(31), Half::points(18))
    );
    assert_eq!(c.k(), 19);
    assert_eq!(c.s, 2);
    assert_eq!(
        (c.territory.black, c.territory.white),
        (Half::points(13), Half::points(0))
    );
    assert_eq!(result_of(&a, RuleId::JpdTangsong), "B+6.5");
    assert_eq!(result_of(&a, RuleId::Chinese), "B+6.5");
    for t in &a.theorems {
        if t.id == "T11" {
            assert_eq!(
                t.verdict,
                jipingdian::checks::Verdict::Fails,
                "{}",
                t.detail
            );
            assert!(
                t.detail
                    .contains("C7 turns from shared_liberty into one_sided_dame"),
                "{}",
                t.detail
            );
        } else {
            assert_ne!(
                t.verdict,
                jipingdian::checks::Verdict::Fails,
                "{} {}",
                t.id,
                t.detail
            );
        }
    }
}
