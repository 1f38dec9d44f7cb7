use super::*;

/// The `seki` policy declines Black's capture at B2 in the corpus hanezeki (three stones,
/// leaving a bent three as Black's only eye space) and White's at F6; it accepts taking a
/// single stone, and taking three stones by a string that keeps another eye.
#[test]
fn the_seki_policy_declines_costly_captures_only() {
    let b = Board::from_ascii(
        "
            X X X X O X X
            X X X X O . X
            X X X X O O O
            X X X . O O O
            X X X O O O O
            O . X O O O O
            O O X O O O O",
    )
    .unwrap();
    let at = |x, y| b.point(Coord::new(x, y));
    assert!(costly_capture(&b, at(1, 5), Color::Black));
    assert!(costly_capture(&b, at(5, 1), Color::White));
    // One stone: White's A5 in atari at A4, beside Black's group with another eye (A7).
    let one = Board::from_ascii(
        "
            . X X O . O .
            X X X O O O O
            O X X O . O .
            . X X O O O O
            X X X O . O .
            . X X O O O O
            X X X O . O .",
    )
    .unwrap();
    assert!(!costly_capture(
        &one,
        one.point(Coord::new(0, 3)),
        Color::Black
    ));
    // Three stones taken by a string that keeps its eye at A7: not costly.
    let three = Board::from_ascii(
        "
            . X X O . O .
            X X X O O O O
            O X X O . O .
            O X X O O O O
            O X X O . O .
            . X X O O O O
            X X X O . O .",
    )
    .unwrap();
    assert!(!costly_capture(
        &three,
        three.point(Coord::new(0, 5)),
        Color::Black
    ));
}

/// The `seki` policy's resumption plays a race out by reading. Pass-alive walls (Black's
/// columns A-B, White's F-G) hold an inner White string (column C, D7 D6 D4 D2) and an
/// inner Black string (column E, D5 D3) whose one liberty is D1, shared: whoever plays D1
/// first captures the other string. White to move plays it (a random move elsewhere in the
/// area, such as filling its own wall's surroundings, could instead let Black take White's
/// eleven stones), Black's nine stones come off and the position is settled.
#[test]
fn the_seki_policy_resumption_plays_the_winning_move_of_a_race() {
    let b = Board::from_ascii(
        "
            X X O O X O O
            . X O O X O .
            X X O X X O O
            X X O O X O O
            X X O X X O O
            . X O O X O .
            X X O . X O O",
    )
    .unwrap();
    let stones: Vec<(Coord, Color)> = b
        .points()
        .filter_map(|p| b.stone(p).map(|c| (b.coord(p), c)))
        .collect();
    for first in Color::BOTH {
        let mut game = Game::with_setup(7, PlayRules::JPD, &stones).unwrap();
        game.set_to_move(first);
        let mut edges = EdgeCases::default();
        play_out_races(&mut game, &mut Rng::for_game(1, 0), 100, &mut edges);
        let after = game.board();
        let d1 = after.point(Coord::new(3, 6));
        assert_eq!(after.stone(d1), Some(first), "{after}");
        assert_eq!(
            game.records()[0].captured,
            if first == Color::White { 9 } else { 11 }
        );
        assert!(referee::judge(after).is_settled(), "{after}");
    }
}

/// The hanezeki of `corpus/hanezeki-7x7.sgf` (White's A2 A1 B1 in atari at B2, Black's
/// F7 G7 G6 at F6; taking either leaves the capturer a bent three and loses its group) is a
/// proven seki with strings in atari: hanezeki-like. White's lone A5 left in atari at A4
/// beside a Black group with other eyes is simply capturable: the referee leaves that
/// position unsettled, and it is no hanezeki.
#[test]
fn the_corpus_hanezeki_is_hanezeki_like_a_stone_left_in_atari_is_not() {
    let hanezeki = Board::from_ascii(
        "
            X X X X O X X
            X X X X O . X
            X X X X O O O
            X X X . O O O
            X X X O O O O
            O . X O O O O
            O O X O O O O",
    )
    .unwrap();
    let j = referee::judge(&hanezeki);
    assert!(j.is_settled());
    assert!(hanezeki_like(&hanezeki, &j));
    let left = Board::from_ascii(
        "
            . X X O . O .
            X X X O O O O
            O X X O . O .
            . X X O O O O
            X X X O . O .
            . X X O O O O
            X X X O . O .",
    )
    .unwrap();
    let j = referee::judge(&left);
    assert!(!hanezeki_like(&left, &j));
}

/// Every generated game of every policy ends settled or says why not, and a settled game's
/// dead stones are the referee's.
#[test]
fn generated_games_are_judged_by_the_referee() {
    for policy in Policy::CONCRETE {
        for index in 0..20 {
            let g = generate(&GameSpec {
                master_seed: 11,
                index,
                size: 9,
                policy,
            });
            if g.finished.game.phase() != Phase::Paused {
                continue;
            }
            let b = g.finished.game.board();
            let j = referee::judge(b);
            assert_eq!(j.unsettled(), g.unsettled);
            let dead: Vec<Coord> = j.dead().iter().map(|&p| b.coord(p)).collect();
            assert_eq!(dead, g.finished.dead);
        }
    }
}

#[test]
fn games_regenerate_identically() {
    for policy in Policy::OF_RUN {
        for index in 0..5 {
            let spec = GameSpec {
                master_seed: 7,
                index,
                size: 9,
                policy,
            };
            let a = generate(&spec);
            let b = generate(&spec);
            assert_eq!(a.finished.game.records(), b.finished.game.records());
            assert_eq!(a.finished.dead, b.finished.dead);
            assert!(matches!(
                a.finished.game.phase(),
                Phase::Paused | Phase::Ended(_)
            ));
        }
    }
}

#[test]
fn policy_names_round_trip() {
    for p in [
        Policy::Uniform,
        Policy::Seki,
        Policy::Endgame,
        Policy::Dispute,
        Policy::Position,
        Policy::Mixed,
    ] {
        assert_eq!(p.name().parse::<Policy>().unwrap(), p);
    }
    assert!("exhaustive".parse::<Policy>().is_err());
}

/// The `position` policy: the game places the stones of a legal position without a
/// capture, pauses, and only then (when the referee cannot settle it) plays on; over 40
/// games both colours are seen as first passer and as last mover at that pause.
#[test]
fn the_position_policy_starts_from_a_legal_position_with_any_first_passer() {
    let mut firsts = std::collections::BTreeSet::new();
    let mut lasts = std::collections::BTreeSet::new();
    for index in 0..40 {
        let spec = GameSpec {
            master_seed: 5,
            index,
            size: 5,
            policy: Policy::Position,
        };
        let g = generate(&spec);
        assert_eq!(g.policy, Policy::Position);
        let recs = g.finished.game.records();
        // The first two consecutive virtual moves: the pause of the simplest game.
        let pause = recs
            .windows(2)
            .position(|w| {
                w[0].mv == crate::engine::Move::Virtual && w[1].mv == crate::engine::Move::Virtual
            })
            .expect("a pause");
        assert!(recs[..pause].iter().all(|r| r.captured == 0));
        firsts.insert(
            recs.iter()
                .find(|r| r.mv == crate::engine::Move::Virtual)
                .unwrap()
                .color,
        );
        if let Some(r) = recs[..pause]
            .iter()
            .rev()
            .find(|r| r.mv != crate::engine::Move::Virtual)
        {
            lasts.insert(r.color);
        }
        let again = generate(&spec);
        assert_eq!(again.finished.game.records(), recs);
    }
    assert_eq!(firsts.len(), 2);
    assert_eq!(lasts.len(), 2);
}

/// The policies of `jpd run` are the concrete ones and `mixed`, each read back from its name.
#[test]
fn every_policy_of_run_is_listed_and_parses() {
    for p in Policy::CONCRETE {
        assert!(Policy::OF_RUN.contains(&p), "{p}");
    }
    for p in Policy::OF_RUN {
        assert_eq!(p.name().parse::<Policy>().unwrap(), p);
        assert!(Policy::run_names().contains(p.name()));
    }
}
