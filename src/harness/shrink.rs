//! Shrinking a violating game: a shorter game that still fails the same theorem.
//!
//! A candidate is a prefix of the game's record, made to pause at once (the side to move passes,
//! then the other), that the referee can settle, with the dead stones the referee proves. Prefixes are tried from the shortest, first on a coarse grid and then one move at a
//! time below the first hit, so the result is the shortest failing prefix near the coarse hit:
//! a small game to look at, not a proof of minimality.

use super::generate::{generate, GameSpec, Generated};
use super::outcome::{RunOptions, ViolationRow};
use super::record::game_sgf;
use crate::checks::{analyse, CheckOptions, Details, Verdict};
use crate::counting::Balancing;
use crate::counting::Finished;
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
    // Only a prefix the referee can settle is a counterexample; its dead stones are the ones
    // the referee proves there.
    if h.phase() != Phase::Paused {
        return Some(Finished {
            game: h,
            dead: Vec::new(),
        });
    }
    let b = h.board();
    let j = crate::settlement::referee::judge(b);
    if !j.is_settled() {
        return None;
    }
    let dead = j.dead().iter().map(|&p| b.coord(p)).collect();
    Some(Finished { game: h, dead })
}

/// Whether `f` fails `theorem` (an invariant `T*`), or shows `theorem` (a finding `F*`: the
/// text's reading makes a difference on it).
pub fn fails(f: &Finished, theorem: &str, balancing: Balancing, checks: CheckOptions) -> bool {
    let a = analyse(f, balancing, &RuleId::ALL, checks);
    a.theorems
        .iter()
        .any(|t| t.id == theorem && t.verdict == Verdict::Fails)
        || a.findings.iter().any(|x| x.id == theorem && x.matters)
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

/// Attempts per board size in the search for a smaller game ([`smaller_board`]).
pub const SMALLER_ATTEMPTS: u64 = 96;
/// The smallest board the search tries.
pub const SMALLEST_BOARD: u8 = 5;

/// A game on a smaller board that fails the same theorem: for each size from
/// [`SMALLEST_BOARD`] up to one below the game's, up to [`SMALLER_ATTEMPTS`] games of the same
/// concrete policy are generated, game `attempt` of a campaign whose master seed is the
/// violating game's seed (so `jpd replay --seed <that seed> --game <attempt> --size <n>
/// --policy <policy>` regenerates it); the first that fails, shrunk to its shortest failing
/// prefix, is returned with its spec. Deterministic.
pub fn smaller_board(
    spec: &GameSpec,
    g: &Generated,
    theorem: &str,
    balancing: Balancing,
    checks: CheckOptions,
) -> Option<(GameSpec, Generated)> {
    for size in SMALLEST_BOARD..spec.size {
        for attempt in 0..SMALLER_ATTEMPTS {
            let s = GameSpec {
                master_seed: spec.seed(),
                index: attempt,
                size,
                policy: g.policy,
            };
            let mut cand = generate(&s);
            if !fails(&cand.finished, theorem, balancing, checks) {
                continue;
            }
            if let Some(p) = shrink(&cand.finished, theorem, balancing, checks) {
                cand.finished = p;
                cand.pass_alive = None;
            }
            return Some((s, cand));
        }
    }
    None
}

/// The theorem's detail on a game.
fn detail_of(f: &Finished, theorem: &str, opts: &RunOptions) -> String {
    let checks = CheckOptions {
        details: Details::All,
        ..opts.checks
    };
    let a = analyse(f, opts.balancing, &RuleId::ALL, checks);
    a.theorems
        .into_iter()
        .find(|t| t.id == theorem)
        .map(|t| t.detail)
        .or_else(|| {
            a.findings
                .into_iter()
                .find(|x| x.id == theorem)
                .map(|x| x.detail)
        })
        .unwrap_or_default()
}

/// The campaign's shrinker (a [`super::campaign::Shrinker`]): the shortest failing prefix of
/// the violating game (`shrunk`) and a game on a smaller board failing the same theorem
/// (`smaller`), as SGF records whose comments say where they come from and give the
/// theorem's detail. Nothing for a panic; either may be missing when none is found.
pub fn shrinker(
    spec: &GameSpec,
    g: &Generated,
    v: &ViolationRow,
) -> Vec<(&'static str, SgfWriter)> {
    let mut out = Vec::new();
    if v.theorem == "panic" {
        return out;
    }
    let opts = RunOptions::default();
    // An invariant fails; a finding shows.
    let verdict = if v.theorem.starts_with('F') {
        format!("Finding {} shows", v.theorem)
    } else {
        format!("Theorem {} fails", v.theorem)
    };
    if let Some(s) = shrink(&g.finished, &v.theorem, opts.balancing, opts.checks) {
        let comment = format!(
            "Shrunk from game {} (seed {}, {}x{}, policy {}): its first {} moves, then a pause.\n{verdict}: {}",
            spec.index,
            spec.seed(),
            spec.size,
            spec.size,
            g.policy.name(),
            s.game.records().len().saturating_sub(2),
            detail_of(&s, &v.theorem, &opts)
        );
        let shrunk = Generated {
            finished: s,
            policy: g.policy,
            edges: g.edges,
            pass_alive: None,
            unsettled: None,
        };
        out.push(("shrunk", game_sgf(&shrunk, comment)));
    }
    if let Some((s, small)) = smaller_board(spec, g, &v.theorem, opts.balancing, opts.checks) {
        let comment = format!(
            "A smaller game showing the same as game {} (seed {}, {}x{}): game {} of a {}x{} {} campaign with master seed {} (jpd replay --seed {} --game {} --size {} --policy {}), its first {} moves, then a pause.\n{verdict}: {}",
            spec.index,
            spec.seed(),
            spec.size,
            spec.size,
            s.index,
            s.size,
            s.size,
            s.policy.name(),
            s.master_seed,
            s.master_seed,
            s.index,
            s.size,
            s.policy.name(),
            small.finished.game.records().len().saturating_sub(2),
            detail_of(&small.finished, &v.theorem, &opts)
        );
        out.push(("smaller", game_sgf(&small, comment)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::harness::generate::Policy;

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

    /// A 9x9 F2 finding has a smaller-board counterpart: a game on a board below 9x9, made
    /// from the finding's seed, that shows F2 too, and regenerates from its spec.
    #[test]
    fn finds_an_f2_finding_on_a_smaller_board() {
        let checks = CheckOptions {
            symmetries: crate::checks::Symmetries::Off,
            t11_choices: 4,
            details: Details::Failures,
            f11_one_in: crate::checks::CAMPAIGN_F11_ONE_IN,
        };
        // Only settled games count (the referee must settle every candidate), so not every
        // finding has a smaller counterpart: look for one that does.
        let (spec, g, s, small) = (0..3000u64)
            .find_map(|i| {
                let spec = GameSpec {
                    master_seed: 1,
                    index: i,
                    size: 9,
                    policy: Policy::Seki,
                };
                let g = generate(&spec);
                if !fails(&g.finished, "F2", Balancing::Art14, checks) {
                    return None;
                }
                let (s, small) = smaller_board(&spec, &g, "F2", Balancing::Art14, checks)?;
                Some((spec, g, s, small))
            })
            .expect("F2 findings with a smaller counterpart among 3000 seki games");
        let _ = &g;
        assert!(s.size < 9 && s.size >= SMALLEST_BOARD);
        assert_eq!(small.finished.game.board().size(), s.size);
        assert_eq!(s.master_seed, spec.seed());
        assert!(fails(&small.finished, "F2", Balancing::Art14, checks));
        // The unshrunk game regenerates from the spec the comment gives.
        let again = generate(&s);
        let n = small.finished.game.records().len() - 2;
        assert_eq!(
            &again.finished.game.records()[..n],
            &small.finished.game.records()[..n]
        );
    }

    /// A F2 finding shrinks to a shorter game that is still a F2 finding.
    #[test]
    fn shrinks_an_f2_finding() {
        let checks = CheckOptions {
            symmetries: crate::checks::Symmetries::Off,
            t11_choices: 4,
            details: Details::Failures,
            f11_one_in: crate::checks::CAMPAIGN_F11_ONE_IN,
        };
        // Only prefixes the referee settles are candidates: look for a finding that has one.
        let (f, s) = (0..3000u64)
            .find_map(|i| {
                let g = generate(&GameSpec {
                    master_seed: 1,
                    index: i,
                    size: 9,
                    policy: Policy::Seki,
                });
                if !fails(&g.finished, "F2", Balancing::Art14, checks) {
                    return None;
                }
                let s = shrink(&g.finished, "F2", Balancing::Art14, checks)?;
                Some((g.finished, s))
            })
            .expect("an F2 finding with a shorter settled failing prefix among 3000 games");
        assert!(s.game.records().len() < f.game.records().len());
        assert!(fails(&s, "F2", Balancing::Art14, checks));
    }
}
