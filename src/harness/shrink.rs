//! Shrinking a violating game: a shorter game that still fails the same theorem.
//!
//! A candidate is a prefix of the game's record, made to pause at once (the side to move passes,
//! then the other), with the original dead stones that are still on the board as its dead
//! stones. Prefixes are tried from the shortest, first on a coarse grid and then one move at a
//! time below the first hit, so the result is the shortest failing prefix near the coarse hit:
//! a small game to look at, not a proof of minimality.

use super::campaign::game_sgf;
use super::generate::{GameSpec, Generated};
use super::outcome::{RunOptions, ViolationRow};
use crate::checks::{analyse, CheckOptions, Finished, Verdict};
use crate::counting::Balancing;
use crate::engine::{Game, Move, Phase};
use crate::rules::RuleId;
use crate::sgf::SgfWriter;

/// Replays the first `m` moves of `f` (virtual moves included, negative moves skipped) and
/// pauses there. `None` if the prefix cannot be replayed (it always can, for a legal game).
pub fn prefix(f: &Finished, m: usize) -> Option<Finished> {
    let g = &f.game;
    let init = g.initial_board();
    let setup: Vec<_> = init
        .points()
        .filter_map(|p| init.stone(p).map(|c| (init.coord(p), c)))
        .collect();
    let mut h = Game::with_setup(init.size() as u32, g.rules(), &setup).ok()?;
    if let Some(first) = g.records().first() {
        h.set_to_move(first.color);
    }
    for r in g.records().iter().take(m) {
        match r.mv {
            Move::Negative(..) => continue,
            Move::Play(_) if h.phase() == Phase::Paused => {
                h.resume().ok()?;
                h.play(r.mv).ok()?;
            }
            mv => {
                if matches!(h.phase(), Phase::Ended(_)) {
                    break;
                }
                h.play(mv).ok()?;
            }
        }
    }
    while h.phase() == Phase::Playing {
        h.play_virtual();
    }
    let b = h.board();
    let dead = f
        .dead
        .iter()
        .copied()
        .filter(|&c| {
            let p = b.point(c);
            b.stone(p).is_some() && b.stone(p) == f.game.board().stone(f.game.board().point(c))
        })
        .collect();
    Some(Finished { game: h, dead })
}

/// Whether `f` fails `theorem`.
pub fn fails(f: &Finished, theorem: &str, balancing: Balancing, checks: CheckOptions) -> bool {
    analyse(f, balancing, &RuleId::ALL, checks)
        .theorems
        .iter()
        .any(|t| t.id == theorem && t.verdict == Verdict::Fails)
}

/// The shortest prefix of `f` found that still fails `theorem`, if it is shorter than `f`.
pub fn shrink(
    f: &Finished,
    theorem: &str,
    balancing: Balancing,
    checks: CheckOptions,
) -> Option<Finished> {
    let len = f.game.records().len();
    let step = (len / 48).max(1);
    let mut hit = None;
    let mut m = 0;
    while m < len {
        if let Some(c) = prefix(f, m) {
            if fails(&c, theorem, balancing, checks) {
                hit = Some((m, c));
                break;
            }
        }
        m += step;
    }
    let (m, mut best) = hit?;
    // Refine below the coarse hit, one move at a time.
    let lo = m.saturating_sub(step) + 1;
    for k in lo..m {
        if let Some(c) = prefix(f, k) {
            if fails(&c, theorem, balancing, checks) {
                best = c;
                break;
            }
        }
    }
    (best.game.records().len() < len).then_some(best)
}

/// The campaign's shrinker (a [`super::campaign::Shrinker`]): the shortest failing prefix of
/// the violating game, as an SGF record whose comment gives the original game and the
/// theorem's detail on the shrunk one. `None` for a panic or when no shorter game fails.
pub fn shrinker(spec: &GameSpec, g: &Generated, v: &ViolationRow) -> Option<SgfWriter> {
    if v.theorem == "panic" {
        return None;
    }
    let opts = RunOptions::default();
    let s = shrink(&g.finished, &v.theorem, opts.balancing, opts.checks)?;
    let detail = analyse(&s, opts.balancing, &RuleId::ALL, opts.checks)
        .theorems
        .into_iter()
        .find(|t| t.id == v.theorem)
        .map(|t| t.detail)
        .unwrap_or_default();
    let comment = format!(
        "Shrunk from game {} (seed {}, {}x{}, policy {}): its first {} moves, then a pause.\nTheorem {} fails: {}",
        spec.index,
        spec.seed(),
        spec.size,
        spec.size,
        g.policy.name(),
        s.game.records().len().saturating_sub(2),
        v.theorem,
        detail
    );
    let shrunk = Generated {
        finished: s,
        policy: g.policy,
        edges: g.edges,
        pass_alive: None,
    };
    Some(game_sgf(&shrunk, comment))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::harness::generate::{generate, GameSpec, Policy};

    #[test]
    fn a_prefix_of_everything_is_the_game_itself() {
        let g = generate(&GameSpec {
            master_seed: 3,
            index: 1,
            size: 7,
            policy: Policy::Uniform,
        });
        let len = g.finished.game.records().len();
        let p = prefix(&g.finished, len).unwrap();
        assert_eq!(p.game.board(), g.finished.game.board());
        assert_eq!(p.game.records(), g.finished.game.records());
        let empty = prefix(&g.finished, 0).unwrap();
        assert_eq!(empty.game.records().len(), 2);
        assert_eq!(empty.game.phase(), Phase::Paused);
    }

    /// A T11 finding shrinks to a shorter game that is still a T11 finding.
    #[test]
    fn shrinks_a_t11_finding() {
        let checks = CheckOptions {
            symmetries: crate::checks::Symmetries::Off,
            t11_choices: 4,
        };
        let found = (0..400u64).find_map(|i| {
            let g = generate(&GameSpec {
                master_seed: 1,
                index: i,
                size: 9,
                policy: Policy::Endgame,
            });
            fails(&g.finished, "T11", Balancing::Art14, checks).then_some(g.finished)
        });
        let f = found.expect("endgame games on 9x9 reach T11 findings about 4% of the time");
        let s = shrink(&f, "T11", Balancing::Art14, checks).expect("a shorter failing prefix");
        assert!(s.game.records().len() < f.game.records().len());
        assert!(fails(&s, "T11", Balancing::Art14, checks));
    }
}
