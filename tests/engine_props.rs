//! Property tests of the fast engine against the naive reference board.
//!
//! Random move sequences on boards of 2x2 to 9x9, about half of them garbage (off-board
//! coordinates, occupied points, virtual moves), are played on [`Game`] (fast board, exact
//! positional superko through the hash table) and on [`NaiveBoard`] (flood fills, the full list
//! of earlier grids), under each [`SuicideRule`]. After every move the verdicts, the grids, the
//! capture counts and the liberties of every string must agree, and the fast board's
//! incremental state must match a rebuild from scratch. On small boards the verdict of every
//! point for the side to move is compared too. proptest shrinks a failure to the shortest
//! sequence; failures are kept in `proptest-regressions/`.

use jipingdian::engine::naive::NaiveBoard;
use jipingdian::engine::{
    Color, Coord, Game, Illegal, KoRule, Move, Phase, PlayRules, SuicideRule,
};
use proptest::prelude::*;

/// One generated step; resolved against the current position when run.
#[derive(Clone, Copy, Debug)]
enum Op {
    /// A point on the board (taken modulo the size).
    Point(u8, u8),
    /// A coordinate just off the board (one coordinate at or beyond the size).
    OffBoard(u8, u8),
    /// The k-th stone on the board (modulo the stone count); an empty board makes it a point.
    Occupied(u16),
    /// A virtual move (skipped when it would end the game by four virtual moves).
    Virtual,
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        6 => (any::<u8>(), any::<u8>()).prop_map(|(x, y)| Op::Point(x, y)),
        2 => (any::<u8>(), any::<u8>()).prop_map(|(x, y)| Op::OffBoard(x, y)),
        2 => any::<u16>().prop_map(Op::Occupied),
        2 => Just(Op::Virtual),
    ]
}

const RULES: [SuicideRule; 3] = [
    SuicideRule::Forbidden,
    SuicideRule::MultiStone,
    SuicideRule::Allowed,
];

fn coord_of(op: Op, naive: &NaiveBoard) -> Option<Coord> {
    let n = naive.size;
    match op {
        Op::Point(x, y) => Some(Coord::new(x % n, y % n)),
        Op::OffBoard(x, y) => {
            let off = n + x % 3;
            Some(match y % 3 {
                0 => Coord::new(off, y % n),
                1 => Coord::new(y % n, off),
                _ => Coord::new(off, n + y % 2),
            })
        }
        Op::Occupied(k) => {
            let stones: Vec<usize> = (0..naive.grid.len())
                .filter(|&i| naive.grid[i].is_some())
                .collect();
            let i = if stones.is_empty() {
                k as usize % naive.grid.len()
            } else {
                stones[k as usize % stones.len()]
            };
            Some(Coord::new((i % n as usize) as u8, (i / n as usize) as u8))
        }
        Op::Virtual => None,
    }
}

/// Compares everything observable after a move; returns a description of the first difference.
fn compare(game: &Game, naive: &NaiveBoard, captured: [u32; 2], sweep: bool) -> Result<(), String> {
    let board = game.board();
    let n = naive.size;
    board.check_consistency()?;
    for y in 0..n {
        for x in 0..n {
            let at = Coord::new(x, y);
            let p = board.point(at);
            if board.stone(p) != naive.get(at) {
                return Err(format!("grid differs at {at}\n{board}"));
            }
            if board.stone(p).is_some() && board.liberties(p) as usize != naive.liberties(at) {
                return Err(format!(
                    "liberties at {at}: fast {} naive {}\n{board}",
                    board.liberties(p),
                    naive.liberties(at)
                ));
            }
        }
    }
    let cap = game.captured();
    if [cap.black, cap.white] != captured {
        return Err(format!(
            "captured fast {:?} naive {:?}",
            [cap.black, cap.white],
            captured
        ));
    }
    if sweep && game.phase() != Phase::Ended(jipingdian::engine::End::FourPasses) {
        let c = game.to_move();
        for y in 0..n {
            for x in 0..n {
                let at = Coord::new(x, y);
                let fast = game.legality(Move::Play(at));
                let slow = naive.after(at, c, game.rules().suicide, true).map(|_| ());
                if fast != slow {
                    return Err(format!(
                        "{c} at {at}: fast {fast:?} naive {slow:?}\n{board}"
                    ));
                }
            }
        }
    }
    Ok(())
}

/// How often each verdict occurred in a run (to check that the generator reaches them).
#[derive(Default, Debug)]
struct Seen {
    superko: u32,
    single_suicide: u32,
    multi_suicide: u32,
    legal_suicide: u32,
    captures: u32,
    off_board: u32,
    occupied: u32,
}

fn run(size: u8, suicide: SuicideRule, ops: &[Op]) -> Result<(), String> {
    run_counting(size, suicide, ops, &mut Seen::default())
}

fn run_counting(size: u8, suicide: SuicideRule, ops: &[Op], seen: &mut Seen) -> Result<(), String> {
    let rules = PlayRules {
        suicide,
        ko: KoRule::PositionalSuperko,
    };
    let mut game = Game::new(size as u32, rules).map_err(|e| e.to_string())?;
    let mut naive = NaiveBoard::new(size);
    let mut captured = [0u32; 2];
    let sweep = size <= 5;
    for (i, &op) in ops.iter().enumerate() {
        let c = game.to_move();
        match coord_of(op, &naive) {
            None => {
                if game.consecutive_virtual() >= 3 {
                    continue;
                }
                game.play(Move::Virtual)
                    .map_err(|e| format!("move {i}: virtual refused: {e}"))?;
            }
            Some(at) => {
                let fast = game.play(Move::Play(at));
                let slow = naive.play(at, c, suicide);
                match (fast, slow) {
                    (Ok(info), Ok((cap, sui))) => {
                        if (info.captured as u32, info.suicided as u32) != (cap, sui) {
                            return Err(format!(
                                "move {i} {c} {at}: fast captured/suicided {}/{} naive {cap}/{sui}",
                                info.captured, info.suicided
                            ));
                        }
                        captured[c.opp().idx()] += cap;
                        captured[c.idx()] += sui;
                        seen.captures += (cap > 0) as u32;
                        seen.legal_suicide += (sui > 0) as u32;
                    }
                    (Err(a), Err(b)) if a == b => match a {
                        Illegal::Superko => seen.superko += 1,
                        Illegal::SingleStoneSuicide => seen.single_suicide += 1,
                        Illegal::MultiStoneSuicide => seen.multi_suicide += 1,
                        Illegal::OffBoard => seen.off_board += 1,
                        Illegal::Occupied => seen.occupied += 1,
                        _ => {}
                    },
                    (a, b) => {
                        return Err(format!(
                            "move {i} {c} {at}: fast {:?} naive {:?}\n{}",
                            a.map(|_| ()),
                            b.map(|_| ()),
                            game.board()
                        ))
                    }
                }
            }
        }
        compare(&game, &naive, captured, sweep).map_err(|e| format!("after move {i}: {e}"))?;
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 2048,
        failure_persistence: Some(Box::new(
            proptest::test_runner::FileFailurePersistence::Direct(
                "proptest-regressions/engine_props.txt",
            ),
        )),
        ..ProptestConfig::default()
    })]

    /// The fast engine agrees with the naive board move by move under every suicide rule.
    #[test]
    fn fast_engine_matches_naive(
        size in 2u8..=9,
        rule in 0usize..3,
        ops in proptest::collection::vec(op(), 0..200),
    ) {
        let r = run(size, RULES[rule], &ops);
        prop_assert!(r.is_ok(), "{}", r.unwrap_err());
    }

    /// Long games on tiny boards, where captures, recaptures and superko refusals are frequent.
    #[test]
    fn tiny_boards_long_games(
        size in 2u8..=4,
        rule in 0usize..3,
        ops in proptest::collection::vec(op(), 100..400),
    ) {
        let r = run(size, RULES[rule], &ops);
        prop_assert!(r.is_ok(), "{}", r.unwrap_err());
    }
}

/// The generator reaches every verdict: a fixed sample of sequences (proptest's deterministic
/// runner) sees superko refusals, both kinds of refused suicide, legal suicides, captures and
/// garbage, and every sequence agrees with the naive board.
#[test]
fn generator_reaches_every_verdict() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let mut seen = Seen::default();
    let strategy = proptest::collection::vec(op(), 300);
    for i in 0..60u32 {
        let ops = strategy.new_tree(&mut runner).unwrap().current();
        let size = 2 + (i % 4) as u8;
        run_counting(size, RULES[(i % 3) as usize], &ops, &mut seen).unwrap();
    }
    assert!(
        seen.superko > 0
            && seen.single_suicide > 0
            && seen.multi_suicide > 0
            && seen.legal_suicide > 0
            && seen.captures > 0
            && seen.off_board > 0
            && seen.occupied > 0,
        "{seen:?}"
    );
}

/// Fixed positions where each suicide rule decides differently, checked against the naive
/// board at every point (guards against a generator that never reaches these cases).
#[test]
fn suicide_verdicts_on_fixed_positions() {
    type Case = (u8, &'static [(u8, u8)], [Result<(), Illegal>; 3]);
    let cases: [Case; 2] = [
        // . O .    Black to move at A (0,0): a single stone without liberties; under
        // O . .    Allowed it is removed at once and the position repeats.
        // . . X
        (
            3,
            &[(2, 2), (1, 0), (2, 1), (0, 1)],
            [
                Err(Illegal::SingleStoneSuicide),
                Err(Illegal::SingleStoneSuicide),
                Err(Illegal::Superko),
            ],
        ),
        // . X O .    Black at (0,0) fills the last liberty of its three stones.
        // O X O .
        // . O . X
        // . . . X
        (
            4,
            &[
                (1, 0),
                (2, 0),
                (1, 1),
                (0, 1),
                (3, 3),
                (2, 1),
                (3, 2),
                (1, 2),
            ],
            [Err(Illegal::MultiStoneSuicide), Ok(()), Ok(())],
        ),
    ];
    for (size, moves, expect) in cases {
        for (k, suicide) in RULES.into_iter().enumerate() {
            let rules = PlayRules {
                suicide,
                ko: KoRule::PositionalSuperko,
            };
            let mut game = Game::new(size as u32, rules).unwrap();
            let mut naive = NaiveBoard::new(size);
            for &(x, y) in moves {
                let c = game.to_move();
                let at = Coord::new(x, y);
                game.play(Move::Play(at)).unwrap();
                naive.play(at, c, suicide).unwrap();
            }
            assert_eq!(game.to_move(), Color::Black);
            assert_eq!(
                game.legality(Move::Play(Coord::new(0, 0))),
                expect[k],
                "{suicide:?}\n{}",
                game.board()
            );
            for y in 0..size {
                for x in 0..size {
                    let at = Coord::new(x, y);
                    let fast = game.legality(Move::Play(at));
                    let slow = naive.after(at, Color::Black, suicide, true).map(|_| ());
                    assert_eq!(fast, slow, "{suicide:?} {at}");
                }
            }
            if expect[k].is_ok() {
                let info = game.play(Move::Play(Coord::new(0, 0))).unwrap();
                let (cap, sui) = naive.play(Coord::new(0, 0), Color::Black, suicide).unwrap();
                assert_eq!((info.captured as u32, info.suicided as u32), (cap, sui));
                assert_eq!(sui, 3);
                compare(&game, &naive, [sui, 0], true).unwrap();
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Removing stones (dead stones, negative moves) takes a fast path in `set_stones`: whole
    /// strings go as in a capture, and only strings that lose part of their stones are rebuilt.
    /// After random play on 3x3 to 9x9, removing a random set of stones (whole strings, single
    /// stones, a mix), with some empty points "emptied" among them (as a decree on an empty
    /// point does), must leave exactly the state a rebuild from scratch gives.
    #[test]
    fn removing_stones_matches_a_rebuild(
        size in 3u8..=9,
        moves in proptest::collection::vec((any::<u8>(), any::<u8>()), 0..120),
        picks in proptest::collection::vec(any::<u16>(), 1..12),
        whole in any::<bool>(),
        empties in proptest::collection::vec(any::<u16>(), 0..4),
    ) {
        let mut game = Game::new(size as u32, PlayRules::JPD).unwrap();
        for (x, y) in moves {
            let _ = game.play(Move::Play(Coord::new(x % size, y % size)));
        }
        let board = game.board();
        let stones: Vec<_> = board.points().filter(|&p| board.stone(p).is_some()).collect();
        prop_assume!(!stones.is_empty());
        let mut chosen: Vec<_> = Vec::new();
        for k in picks {
            let p = stones[k as usize % stones.len()];
            let add: Vec<_> = if whole { board.string_stones(p).collect() } else { vec![p] };
            for q in add {
                if !chosen.contains(&q) {
                    chosen.push(q);
                }
            }
        }
        let mut changes: Vec<_> = chosen.iter().map(|&p| (p, None)).collect();
        let empty: Vec<_> = board.points().filter(|&p| board.stone(p).is_none()).collect();
        for (i, k) in empties.iter().enumerate() {
            if !empty.is_empty() {
                let at = (i * 5) % (changes.len() + 1);
                changes.insert(at, (empty[*k as usize % empty.len()], None));
            }
        }
        let mut after = board.clone();
        after.set_stones(&changes);
        prop_assert_eq!(after.check_consistency(), Ok(()));
        for &p in &chosen {
            prop_assert_eq!(after.stone(p), None);
        }
        let kept = board.points().filter(|p| !chosen.contains(p));
        for p in kept {
            prop_assert_eq!(after.stone(p), board.stone(p));
        }
    }
}
