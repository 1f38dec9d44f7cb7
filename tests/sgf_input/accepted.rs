//! The forms of a record that are read as they are written.

use super::*;

#[test]
fn virtual_moves() {
    let rec = read("(;GM[1]SZ[19];B[pd];W[];B[ ];W[tt])").unwrap();
    let at: Vec<_> = rec.moves.iter().map(|m| m.at).collect();
    assert_eq!(at, vec![Some(c("pd")), None, None, None]);
    assert_eq!(
        rec.moves.iter().map(|m| m.node).collect::<Vec<_>>(),
        [1, 2, 3, 4]
    );
    let done = replay(&rec, PlayRules::JPD).unwrap();
    assert_eq!(done.game.phase(), Phase::Paused);
    assert_eq!(done.game.first_passer(), Some(Color::White));
    assert_eq!(done.game.consecutive_virtual(), 3);
    // On 9x9 tt is a pass too; on 20x20 it is the point (19, 19).
    assert_eq!(read("(;SZ[9];B[tt])").unwrap().moves[0].at, None);
    assert_eq!(
        read("(;SZ[20];B[tt])").unwrap().moves[0].at,
        Some(Coord::new(19, 19))
    );
}

/// 5x5: Black wall on column c, White wall on column d, a white stone inside Black's area (aa)
/// and a black one inside White's (ee); TB covers columns a-b and TW column e.
#[test]
fn dead_stones_from_territory_marks() {
    let text = "(;GM[1]SZ[5];B[ca];W[da];B[cb];W[db];B[cc];W[dc];B[cd];W[dd];B[ce];W[de];B[ee];W[aa];B[];W[]TB[aa:be][ca]TW[ea:ee])";
    let rec = read(text).unwrap();
    assert!(rec.dead.is_empty(), "parse does not replay");
    assert_eq!(rec.territory.black.len(), 11);
    assert_eq!(rec.territory.white.len(), 5);
    let done = replay(&rec, PlayRules::JPD).unwrap();
    assert_eq!(done.game.phase(), Phase::Paused);
    assert_eq!(done.dead, vec![c("aa"), c("ee")]);
    assert_eq!(done.record.dead, done.dead);
    assert!(
        done.record
            .notes
            .iter()
            .any(|n| n.contains("own territory")),
        "{:?}",
        done.record.notes
    );
}

#[test]
fn setup_stones_and_player_to_move() {
    let rec = read("(;GM[1]SZ[9]AW[gg]AB[dd][cc]PL[W]RE[W+Resign];W[ee];B[])").unwrap();
    assert_eq!(
        rec.setup,
        vec![
            (c("cc"), Color::Black),
            (c("dd"), Color::Black),
            (c("gg"), Color::White)
        ]
    );
    assert_eq!(rec.player_to_move, Some(Color::White));
    assert_eq!(rec.resigned, Some(Color::Black));
    let done = replay(&rec, PlayRules::JPD).unwrap();
    assert_eq!(done.game.setup_stones().black, 2);
    assert_eq!(
        done.game.phase(),
        Phase::Ended(End::Resignation(Color::Black))
    );
}

#[test]
fn komi_forms() {
    let km = |v: &str| {
        let r = read(&format!("(;GM[1]KM[{v}])")).unwrap();
        (r.komi_half_points, r.komi_raw, r.notes)
    };
    assert_eq!(km("6.5").0, Some(13));
    assert_eq!(km("7.5").0, Some(15));
    assert_eq!(km("0").0, Some(0));
    assert_eq!(km("-3.5").0, Some(-7));
    let (h, raw, notes) = km("375");
    assert_eq!((h, raw.as_deref()), (Some(15), Some("375")));
    assert!(notes.iter().any(|n| n.contains("hundredths")));
    // Stones (quarters that are not halves) and Fox's hundredths: see `quirks_komi_units`.
    assert_eq!(km("3.75").0, Some(15));
    assert_eq!(km("6.3").0, None);
    let (h, raw, _) = km("six");
    assert_eq!((h, raw.as_deref()), (None, Some("six")));
    assert_eq!(read("(;GM[1])").unwrap().komi_half_points, None);
}

#[test]
fn variations_and_several_game_trees() {
    let rec = read("(;GM[1]SZ[9];B[ee](;W[dd];B[])(;W[cc]))(;GM[1];B[aa])").unwrap();
    assert_eq!(rec.moves.len(), 3);
    assert_eq!(rec.moves[1].at, Some(c("dd")));
    assert!(rec
        .notes
        .iter()
        .any(|n| n == "variations present: the main line is scored"));
    assert!(rec.notes.iter().any(|n| n.contains("2 game trees")));
    // A broken second tree does not matter: only the first is read.
    assert!(read("(;GM[1]SZ[9];B[ee])(;B[").is_ok());
}
