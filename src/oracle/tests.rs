use super::*;
use crate::engine::{Color, Coord, PerSide};
use crate::rules::Unscored;
use crate::settlement::{PointClass, SharedKind};

#[test]
fn final_scores() {
    assert_eq!(parse_final_score("B+3.5"), Some(Half(7)));
    assert_eq!(parse_final_score("W+12"), Some(Half(-24)));
    assert_eq!(parse_final_score("0"), Some(Half::ZERO));
    assert_eq!(parse_final_score("B+R"), None);
    assert_eq!(parse_final_score(""), None);
}

#[test]
fn categories_follow_the_documented_order() {
    use crate::settlement::TerritoryKind;
    // GNU Go: one black stone and a dame point; 1 - 7.5 = -6.5, consistent with its lists.
    let j = GnuJudgement {
        rules: OracleRules::Chinese,
        result: "W+6.5".into(),
        margin: Half(-13),
        status: vec![GnuStatus::Alive(Color::Black), GnuStatus::Dame],
        dead: vec![],
        captures_by: PerSide::default(),
        handicap: 0,
    };
    let d = |ours: PointClass, gnugo: GnuStatus, our_seki: bool, gnugo_seki: bool| Differing {
        at: Coord::new(1, 0),
        ours,
        japanese_unscored: None,
        gnugo,
        our_seki,
        gnugo_seki,
        our_neutral: matches!(ours, PointClass::Shared(_)),
    };
    let dame = d(
        PointClass::Shared(SharedKind::DameLeft),
        GnuStatus::Dame,
        false,
        false,
    );
    // A one-sided dame of a seki GNU Go sees too.
    let one_sided = d(
        PointClass::OneSidedDame(Color::Black),
        GnuStatus::Dame,
        true,
        true,
    );
    // A one-sided dame where GNU Go sees no seki, owned by its holder under Chinese
    // counting: a point owned differently for no seki or dame reason.
    let one_sided_alone = d(
        PointClass::OneSidedDame(Color::Black),
        GnuStatus::Territory(Color::White),
        true,
        false,
    );
    // The same under Japanese counting, where an unfilled one-sided dame earns nothing: a
    // neutral point on our side, against GNU Go's territory (its convention for a point only
    // one side can fill).
    let one_sided_japanese = Differing {
        our_neutral: true,
        ..d(
            PointClass::OneSidedDame(Color::Black),
            GnuStatus::Territory(Color::Black),
            false,
            false,
        )
    };
    let odd = d(
        PointClass::Territory(Color::Black, TerritoryKind::Enclosed),
        GnuStatus::Territory(Color::White),
        false,
        false,
    );
    // Territory our Japanese count takes away for a seki GNU Go does not see.
    let lost = Differing {
        japanese_unscored: Some(Unscored::Seki),
        ..d(
            PointClass::Territory(Color::Black, TerritoryKind::Enclosed),
            GnuStatus::Territory(Color::Black),
            true,
            false,
        )
    };
    assert_eq!(categorise(false, &j, &[]), Category::DeadStones);
    assert_eq!(categorise(true, &j, &[dame, one_sided]), Category::Seki);
    assert_eq!(categorise(true, &j, &[one_sided]), Category::Seki);
    assert_eq!(categorise(true, &j, &[dame]), Category::Dame);
    assert_eq!(categorise(true, &j, &[odd]), Category::OurBug);
    assert_eq!(categorise(true, &j, &[one_sided, odd]), Category::OurBug);
    assert_eq!(categorise(true, &j, &[one_sided_alone]), Category::OurBug);
    assert_eq!(categorise(true, &j, &[one_sided_japanese]), Category::Dame);
    assert_eq!(categorise(true, &j, &[lost]), Category::OurBug);
    assert_eq!(categorise(true, &j, &[lost, one_sided]), Category::OurBug);
    // No point differs and the scores do: nothing explains it, seki or not.
    assert_eq!(categorise(true, &j, &[]), Category::OurBug);
    let mut inconsistent = j.clone();
    inconsistent.margin = Half(5);
    assert_eq!(
        categorise(true, &inconsistent, &[odd]),
        Category::GnugoKnown
    );
}

#[test]
fn gnugo_arithmetic() {
    // A 2x2 corner of statuses is enough to check the sums: one black stone, one white dead
    // stone, one black territory point, one dame; komi 7.5 Chinese, 6.5 Japanese.
    let status = vec![
        GnuStatus::Alive(Color::Black),
        GnuStatus::Dead(Color::White),
        GnuStatus::Territory(Color::Black),
        GnuStatus::Dame,
    ];
    let mut j = GnuJudgement {
        rules: OracleRules::Chinese,
        result: String::new(),
        margin: Half::ZERO,
        status,
        dead: vec![],
        captures_by: PerSide::new(2, 1),
        handicap: 0,
    };
    // Chinese: stone 1 + dead point 1 + territory 1 = 3 for Black; 3 - 7.5 = -4.5.
    assert_eq!(gnugo_margin_from_lists(&j), Half(-9));
    // Japanese: territory 1 + dead (point and prisoner) 2 + captures 2 - 1 = 4; 4 - 6.5.
    j.rules = OracleRules::Japanese;
    assert_eq!(gnugo_margin_from_lists(&j), Half(-5));
}

/// The category names of `oracle.csv`, in the order of the module documentation's list.
#[test]
fn category_names() {
    let all = [
        Category::Error,
        Category::DeadStones,
        Category::GnugoKnown,
        Category::Seki,
        Category::Dame,
        Category::OurBug,
    ];
    let names: Vec<String> = all.iter().map(|c| c.to_string()).collect();
    assert_eq!(
        names,
        [
            "error",
            "dead_stones",
            "gnugo_known",
            "seki",
            "dame",
            "our_bug"
        ]
    );
    let mut sorted = all;
    sorted.sort();
    assert_eq!(sorted, all, "the enum's order is the rule's order");
}

/// The summary counts the rows whose board has no open point apart: three games
/// under `chinese`, one disagreeing on a finished board, one on a board with two dame left,
/// and an `error` row, whose open points are unknown.
#[test]
fn the_summary_counts_finished_boards_apart() {
    let row = |agree: bool, open: Option<u32>, category: Option<Category>| OracleRow {
        file: "g.sgf".into(),
        game_seed: String::new(),
        size: 9,
        rules: "chinese".into(),
        komi: Half(15),
        dead_source: "gnugo".into(),
        gnugo_result: String::new(),
        our_result: String::new(),
        record_result: String::new(),
        gnugo_margin_b_minus_w: String::new(),
        our_margin_b_minus_w: String::new(),
        agree,
        category,
        dead_gnugo: 0,
        dead_ours: 0,
        differing_points: 0,
        open_points: open,
        theorems_failed: String::new(),
        detail: String::new(),
    };
    let rows = [
        row(true, Some(0), None),
        row(false, Some(0), Some(Category::OurBug)),
        row(false, Some(2), Some(Category::Dame)),
        row(false, None, Some(Category::Error)),
    ];
    let s = OracleSummary::of(&rows);
    assert_eq!(s.by_rules["chinese"], (4, 1));
    assert_eq!(s.finished["chinese"], (2, 1));
    assert_eq!(
        s.lines(),
        vec![
            "chinese: 4 games, 1 agree, 3 disagree (dame 1, error 1, our_bug 1); \
             with no open point: 2 games, 1 agree"
                .to_string()
        ]
    );
}
