//! The theorems of RULES.md section 8 over random finished games (proptest), and the board
//! symmetries (T8).

use jipingdian::checks::{analyse, replay_transformed, CheckOptions, Symmetries, Verdict};
use jipingdian::counting::{self, Balancing};
use jipingdian::harness::generate::{generate, GameSpec, Policy};
use jipingdian::rules::RuleId;
use proptest::prelude::*;

fn policy() -> impl Strategy<Value = Policy> {
    prop_oneof![
        Just(Policy::Uniform),
        Just(Policy::Seki),
        Just(Policy::Endgame),
        Just(Policy::Dispute),
    ]
}

/// Every theorem is an invariant and must hold on every settled game: the bookkeeping and
/// conversion identities (T1-T4, T6, T7), the fill-up count (T5), symmetry (T8), no repetition
/// under superko (T9), agreement with Benson (T10), the negative-move choice under the decree
/// (T11) and the agreements between rule sets (T12-T17). What may genuinely fail (the stone
/// taken physically, fill-up stability, ...) is a finding, F1-F11, never a theorem.
const MUST_HOLD: [&str; 17] = [
    "T1", "T2", "T3", "T4", "T5", "T6", "T7", "T8", "T9", "T10", "T11", "T12", "T13", "T14", "T15",
    "T16", "T17",
];

/// A campaign's worth of games, every policy on 7x7 and 9x9 (3,200 games): no invariant fails
/// on a settled game, every violation row names an invariant and every findings row a finding,
/// and no game both fails an invariant and reports it as a finding.
#[test]
fn invariants_never_fail_and_never_become_findings() {
    use jipingdian::checks::{FINDINGS, THEOREMS};
    use jipingdian::harness::outcome::{run_game, RunOptions};
    use rayon::prelude::*;
    let specs: Vec<GameSpec> = [7u8, 9]
        .iter()
        .flat_map(|&size| {
            Policy::CONCRETE.iter().flat_map(move |&policy| {
                (0..400u64).map(move |index| GameSpec {
                    master_seed: 2008,
                    index,
                    size,
                    policy,
                })
            })
        })
        .collect();
    let opts = RunOptions::default();
    let failures: Vec<String> = specs
        .par_iter()
        .flat_map_iter(|spec| {
            let o = run_game(spec, &opts);
            for f in &o.findings {
                assert!(FINDINGS.contains(&f.finding.as_ref()), "{:?}", f);
                assert!(!THEOREMS.contains(&f.finding.as_ref()));
            }
            o.violations
                .into_iter()
                .map(move |v| format!("{:?}: {} {}", spec, v.theorem, v.detail))
        })
        .collect();
    assert!(failures.is_empty(), "{failures:#?}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 160, ..ProptestConfig::default() })]

    #[test]
    fn identities_hold_on_random_games(seed in any::<u64>(), index in 0u64..1_000_000, size in 5u8..=9, policy in policy(), art11 in any::<bool>()) {
        let spec = GameSpec { master_seed: seed, index, size, policy };
        let g = generate(&spec);
        let balancing = if art11 { Balancing::Art11 } else { Balancing::Art14 };
        let a = analyse(&g.finished, balancing, &RuleId::ALL, CheckOptions { symmetries: Symmetries::All, t11_choices: 3, ..CheckOptions::default() });
        for t in &a.theorems {
            if MUST_HOLD.contains(&t.id.as_str()) {
                prop_assert_ne!(t.verdict, Verdict::Fails, "{} failed on {:?}: {}", t.id, spec, t.detail);
            }
        }
        // Territory and area agree on the winner and the margin (T6) for every rule set that
        // counts both ways.
        if let Ok(c) = &a.count {
            prop_assert_eq!(c.territory_margin(), c.area_margin());
        }
    }

    /// The counts of a game and of each of its 7 transforms are identical (T8, checked
    /// directly rather than through `analyse`).
    #[test]
    fn counts_are_invariant_under_symmetry(seed in any::<u64>(), size in 5u8..=9, policy in policy()) {
        let g = generate(&GameSpec { master_seed: seed, index: 0, size, policy });
        let base = counting::count(&g.finished.game, &dead(&g.finished), Balancing::Art14, 0);
        for sym in 1..8u8 {
            let t = replay_transformed(&g.finished, sym).expect("a legal game stays legal under a symmetry");
            let c = counting::count(&t.game, &dead(&t), Balancing::Art14, 0);
            match (&base, &c) {
                (Ok(x), Ok(y)) => {
                    prop_assert_eq!(x.area, y.area);
                    prop_assert_eq!(x.territory, y.territory);
                    prop_assert_eq!(x.area_paused, y.area_paused);
                    prop_assert_eq!(x.tally_paused, y.tally_paused);
                }
                (Err(e1), Err(e2)) => prop_assert_eq!(e1, e2),
                _ => prop_assert!(false, "one count failed and the other did not"),
            }
        }
    }
}

fn dead(f: &jipingdian::counting::Finished) -> Vec<jipingdian::engine::Point> {
    let b = f.game.board();
    f.dead.iter().map(|&c| b.point(c)).collect()
}

/// T9 must be able to fail: under the simple ko rule a position may recur (here White retakes
/// the ko after two passes and a resumption), and the check sees it.
#[test]
fn t9_detects_recurrence_under_the_simple_ko_rule() {
    use jipingdian::engine::{Coord, Game, KoRule, Move, PlayRules, SuicideRule};
    let rules = PlayRules {
        suicide: SuicideRule::Forbidden,
        ko: KoRule::SimpleKo,
    };
    let mut g = Game::new(4, rules).unwrap();
    let at = |x, y| Move::Play(Coord::new(x, y));
    // Ko on 4x4 (see the engine's ko test): B b4, W c4, B a3, W b3, B b2, W d3, B d1, W c2.
    for m in [
        at(1, 0),
        at(2, 0),
        at(0, 1),
        at(1, 1),
        at(1, 2),
        at(3, 1),
        at(3, 3),
        at(2, 2),
    ] {
        g.play(m).unwrap();
    }
    g.play(at(2, 1)).unwrap(); // Black takes the ko
    g.play(Move::Virtual).unwrap(); // White passes (a ko threat elsewhere, say)
    g.play(Move::Virtual).unwrap(); // Black passes: a pause...
    g.resume().unwrap();
    g.play(at(1, 1)).unwrap(); // White retakes: the position after move 8 recurs
    assert!(g.any_repetition());
}
