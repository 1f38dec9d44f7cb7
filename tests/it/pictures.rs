//! Examples for people: the SGF record of [`SgfWriter::for_example`] read back and scored gives
//! the same results and dead stones, and [`write_example`] writes the record and its diagram.

use std::path::PathBuf;

use jipingdian::checks::{analyse, CheckOptions};
use jipingdian::counting::Balancing;
use jipingdian::counting::Finished;
use jipingdian::engine::{Color, PlayRules};
use jipingdian::report::examples::write_example;
use jipingdian::report::score::{score_bytes, KomiChoice, ScoreOptions};
use jipingdian::report::svg::{Diagram, LegendItem, Mark};
use jipingdian::rules::RuleId;
use jipingdian::sgf::{parse_sgf, replay, SgfWriter};

use crate::util::{from_position, pt, result_of};

/// The corpus's walls with a dead stone in each side's area: White's A5 inside Black's wall,
/// Black's F3 inside White's.
///
/// Hand count: after removing the dead stones Black has 13 stones and the 5 points A6-A2
/// (A5 included), White 12 stones and the 6 points F6-F1 (F3 included): B0 = 18, W0 = 18.
/// Played alternately (14 black stones, 13 white) White passes first and Black moves last, so
/// Art. 14 asks one type-A negative move; k = 14. Fill-back: Black its dead stone and its
/// virtual stone, 2, into 5 points: b = 3; White likewise 2 into 6: w = 4.
/// jpd-tangsong: 3 - 4 - 6.5 = W+7.5; Chinese: 18 - 18 - 7.5 = W+7.5.
const WALLS_WITH_DEAD: &str = "
    . X X O O .
    O X X O O .
    . X X O O .
    . X X O O X
    . X X O O .
    X X X O O .";

/// The two-eyed seki of `counting.rs` (`seki_with_an_eye_on_each_side`): Black's seki eye A7,
/// the shared liberty C7, White's seki eye E7; a type-A negative move at G7.
const SEKI_BOTH_EYES: &str = "
    . X . O . O X
    X X X O O O X
    O O O X X X X
    . O X . X . .
    O O X X X X X
    . O X . . . .
    O O X . . . .";

/// The same with G7 empty (`one_sided_dame_claimed_after_its_holder_passed_first`): C7 is
/// White's one-sided dame, G7 a dame left.
const ONE_SIDED_DAME: &str = "
    . X . O . O .
    X X X O O O X
    O O O X X X X
    . O X . X . .
    O O X X X X X
    . O X . . . .
    O O X . . . .";

fn finished(ascii: &str, tail: &str, dead: &[&str]) -> Finished {
    Finished {
        game: from_position(ascii, tail),
        dead: dead.iter().map(|s| pt(s)).collect(),
    }
}

/// Writes the example record of `f`, reads it back and scores it as `jpd score` does; checks
/// the results and dead stones agree. Returns the record's text.
fn round_trip(f: &Finished, title: &str) -> String {
    let a = analyse(f, Balancing::Art14, &RuleId::ALL, CheckOptions::default());
    let c = a.count.as_ref().unwrap();
    let w = SgfWriter::for_example(&f.game, c, &a.results, title);
    let text = w.to_sgf();
    assert_eq!(
        text,
        SgfWriter::for_example(&f.game, c, &a.results, title).to_sgf()
    );
    let rec = parse_sgf(text.as_bytes()).unwrap();
    let rep = replay(&rec, PlayRules::JPD).unwrap();
    let mut dead = f.dead.clone();
    dead.sort();
    assert_eq!(rep.dead, dead, "dead stones read back from TB/TW\n{text}");
    // The record's KM is jpd-tangsong's; the results compared are under each rule set's own.
    let own_komi = ScoreOptions {
        komi: KomiChoice::Rules,
        ..ScoreOptions::default()
    };
    let r = score_bytes("example", text.as_bytes(), &own_komi).unwrap();
    assert_eq!(r.results, a.results, "{text}");
    assert!(
        r.invariants.iter().all(|t| t.holds != Some(false))
            || a.theorems
                .iter()
                .any(|t| t.verdict == jipingdian::checks::Verdict::Fails),
        "a theorem fails only after the round trip"
    );
    text
}

#[test]
fn the_example_record_reads_back_to_the_same_dead_stones_and_results() {
    let f = finished(WALLS_WITH_DEAD, "pass", &["ab", "fd"]);
    assert_eq!(f.game.first_passer(), Some(Color::White));
    let a = analyse(&f, Balancing::Art14, &RuleId::ALL, CheckOptions::default());
    assert_eq!(result_of(&a, RuleId::JpdTangsong), "W+7.5");
    assert_eq!(result_of(&a, RuleId::Chinese), "W+7.5");
    let text = round_trip(&f, "walls with a dead stone on each side");
    // RU, KM and RE of jpd-tangsong; the root comment: title, one line per rule set, the
    // balancing, the dead stones.
    assert!(text.contains("KM[6.5]RU[jpd-tangsong]RE[W+7.5]"), "{text}");
    assert!(text.contains(
        "C[walls with a dead stone on each side\njpd-tangsong: W+7.5 (black 3, white 4, komi 6.5)\n"
    ));
    assert!(text.contains("chinese: W+7.5 (black 18, white 18, komi 7.5)\n"));
    assert!(text.contains("balancing art14: negative move type A at C6\n"));
    assert!(text.contains("dead stones: black F3; white A5]"));
    // TB: Black's five points A6-A2, the dead white A5 among them (SGF aa ab ac ad ae);
    // TW: White's six points F6-F1 with the dead black F3 (fa-ff).
    assert!(text.contains("TB[aa][ab][ac][ad][ae]TW[fa][fb][fc][fd][fe][ff])"));
}

#[test]
fn seki_records_keep_their_results_through_the_round_trip() {
    // Hand counts in counting.rs: B+6.5 under jpd-tangsong and Chinese for the two-eyed
    // seki, B+4.5 for the one-sided dame.
    let text = round_trip(&finished(SEKI_BOTH_EYES, "pass", &[]), "seki, both eyes");
    assert!(text.contains("RE[B+6.5]"));
    // Territory marks: Black's seki eye A7 and White's E7 are marked, the shared C7 is not.
    assert!(text.contains("TB[aa]"), "{text}");
    assert!(text.contains("TW[ad][af][ea]"), "{text}");
    let text = round_trip(&finished(ONE_SIDED_DAME, "pass", &[]), "one-sided dame");
    assert!(text.contains("RE[B+4.5]"));
    // White's one-sided dame C7 is White's point; the dame left G7 is no one's.
    assert!(text.contains("TW[ad][af][ca][ea]"), "{text}");
}

#[test]
fn the_corpus_record_survives_the_round_trip() {
    let bytes = std::fs::read(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("corpus/walls-6x6-wfp-black-last.sgf"),
    )
    .unwrap();
    let rep = replay(&parse_sgf(&bytes).unwrap(), PlayRules::JPD).unwrap();
    let f = Finished {
        game: rep.game,
        dead: rep.dead,
    };
    let text = round_trip(&f, "corpus walls");
    assert!(text.contains("RE[W+7.5]"));
}

fn scratch_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("jpd-it-pictures-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

#[test]
fn write_example_writes_the_record_and_its_diagram() {
    let dir = scratch_dir("examples");
    let cases = [
        ("seki-both-eyes", finished(SEKI_BOTH_EYES, "pass", &[])),
        ("one-sided-dame", finished(ONE_SIDED_DAME, "pass", &[])),
        (
            "walls-dead",
            finished(WALLS_WITH_DEAD, "pass", &["ab", "fd"]),
        ),
    ];
    for (stem, f) in &cases {
        let a = analyse(f, Balancing::Art14, &RuleId::ALL, CheckOptions::default());
        let c = a.count.as_ref().unwrap();
        write_example(
            &dir,
            stem,
            f,
            c,
            &a.results,
            stem,
            "a worked example & its <caption>",
        )
        .unwrap();
        let sgf = std::fs::read_to_string(dir.join(format!("{stem}.sgf"))).unwrap();
        assert_eq!(
            sgf,
            SgfWriter::for_example(&f.game, c, &a.results, stem).to_sgf()
        );
        let svg = std::fs::read_to_string(dir.join(format!("{stem}.svg"))).unwrap();
        assert!(svg.ends_with("</svg>\n"));
        assert!(svg.contains("a worked example &amp; its &lt;caption&gt;"));
        let b = f.game.board();
        let stones = b.points().filter(|&p| b.stone(p).is_some()).count();
        assert_eq!(svg.matches("class=\"stone ").count(), stones, "{stem}");
    }
    // Nothing but the six files: no temporary file is left behind.
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "one-sided-dame.sgf",
            "one-sided-dame.svg",
            "seki-both-eyes.sgf",
            "seki-both-eyes.svg",
            "walls-dead.sgf",
            "walls-dead.svg"
        ]
    );
    if std::env::var_os("JPD_KEEP_PICTURES").is_some() {
        eprintln!("pictures kept in {}", dir.display());
    } else {
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

#[test]
fn the_seki_diagram_shows_its_eyes_shared_liberty_and_negative_move() {
    let f = finished(SEKI_BOTH_EYES, "pass", &[]);
    let a = analyse(&f, Balancing::Art14, &RuleId::ALL, CheckOptions::default());
    let c = a.count.as_ref().unwrap();
    let d = Diagram::from_count(f.game.board(), c);
    assert_eq!(d.mark(pt("aa")), Some(Mark::SekiEye(Color::Black)));
    assert_eq!(d.mark(pt("ca")), Some(Mark::Shared));
    assert_eq!(d.mark(pt("ea")), Some(Mark::SekiEye(Color::White)));
    assert_eq!(d.mark(pt("ga")), None, "G7 is a black stone");
    assert_eq!(
        d.negatives(),
        &[(pt("ga"), jipingdian::engine::NegativeKind::A)]
    );
    assert_eq!(
        d.legend(),
        vec![
            LegendItem::Territory(Color::Black),
            LegendItem::Territory(Color::White),
            LegendItem::SekiEye(Color::Black),
            LegendItem::SekiEye(Color::White),
            LegendItem::Shared,
            LegendItem::Negative(jipingdian::engine::NegativeKind::A),
        ]
    );
    // Hand count from counting.rs: 19 black and 14 white stones, 49 - 33 = 16 empty points
    // marked (12 Black's, 3 White's, 1 shared).
    let svg = d.to_svg();
    assert_eq!(svg.matches("class=\"stone black").count(), 19);
    assert_eq!(svg.matches("class=\"stone white").count(), 14);
    assert_eq!(svg.matches("class=\"mark ").count(), 16);
}

#[test]
fn jpd_score_svg_draws_the_corpus_record() {
    let dir = scratch_dir("cli");
    std::fs::create_dir_all(&dir).unwrap();
    // The corpus record with the players named.
    let text = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("corpus/walls-6x6-wfp-black-last.sgf"),
    )
    .unwrap();
    let corpus = dir.join("walls.sgf");
    std::fs::write(&corpus, text.replacen("(;", "(;PB[Alice]PW[Bob]", 1)).unwrap();
    let out = dir.join("walls.svg");
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_jpd"))
        .args(["score", "--svg"])
        .arg(&out)
        .arg(&corpus)
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let svg = std::fs::read_to_string(&out).unwrap();
    // The corpus position: 13 black stones (B6-B1, C6-C1, A1) and 12 white (D6-E1); Black's
    // territory A6-A2 and White's F6-F1 are marked; the type-A negative move is at C6.
    assert_eq!(svg.matches("class=\"stone black").count(), 13);
    assert_eq!(svg.matches("class=\"stone white").count(), 12);
    assert_eq!(svg.matches("class=\"mark territory black").count(), 5);
    assert_eq!(svg.matches("class=\"mark territory white").count(), 6);
    assert_eq!(
        svg.matches("class=\"negative A\"").count(),
        2,
        "board and legend"
    );
    // Under the board: the players, then the verdict lines of `jpd score` (the result, the
    // komi and where it came from, the dead stones, RE).
    assert!(svg.contains("Black: Alice, White: Bob"), "{svg}");
    assert!(
        svg.contains("jpd-tangsong W+7.5 komi 6.5 (record) dead stones: none no RE"),
        "{svg}"
    );
    // One picture per command: two files are refused.
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_jpd"))
        .args(["score", "--svg"])
        .arg(&out)
        .arg(&corpus)
        .arg(&corpus)
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&run.stderr).contains("exactly one SGF file"));
    std::fs::remove_dir_all(&dir).unwrap();
}
