//! The theorems of RULES.md section 8, checked on a finished game.
//!
//! [`analyse`] counts a finished game under every rule set and returns, for each theorem T1-T17,
//! holds / fails / not applicable with a one-line detail. It never panics on a game it was
//! given: a game that cannot be counted (resignation, no result) makes the counting theorems
//! not applicable.

use serde::Serialize;

pub mod findings;
pub use findings::FindingResult;

mod ids;
pub(crate) mod symmetry;
pub use ids::{FindingId, TheoremId, FINDINGS, QUESTIONS, STATEMENTS, THEOREMS};
pub use symmetry::replay_transformed;
use symmetry::*;

use crate::counting::{
    self, fill_up, Balancing, Count, CountError, FillUp, Finished, Half, Removal,
};
use crate::engine::{Color, Coord, Game, Move, NegativeKind, PerSide, Phase, Point};
use crate::rules::{Divergence, IngBowls, RuleId, RuleResult, Sheet};
use crate::settlement::PassAlive;

/// A theorem's verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// It holds on this game.
    Holds,
    /// It fails: a bug, or a counterexample to the rule text.
    Fails,
    /// It says nothing about this game.
    NotApplicable,
}

/// Each theorem's verdict on one game, indexed by its id (not by the position of its result
/// in a list): what the summaries count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verdicts([Verdict; THEOREMS.len()]);

impl Verdicts {
    /// The same verdict for every theorem.
    pub fn all(v: Verdict) -> Verdicts {
        Verdicts([v; THEOREMS.len()])
    }

    /// The verdicts of `results`, each put at its own id; a theorem without a result is not
    /// applicable.
    pub fn of(results: &[TheoremResult]) -> Verdicts {
        let mut v = Verdicts::all(Verdict::NotApplicable);
        for r in results {
            v.0[r.id.index()] = r.verdict;
        }
        v
    }

    /// Each theorem with its verdict, in id order.
    pub fn iter(&self) -> impl Iterator<Item = (TheoremId, Verdict)> + '_ {
        TheoremId::ALL.into_iter().zip(self.0)
    }
}

impl std::ops::Index<TheoremId> for Verdicts {
    type Output = Verdict;
    fn index(&self, id: TheoremId) -> &Verdict {
        &self.0[id.index()]
    }
}

/// One theorem's outcome.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TheoremResult {
    /// `T1` to `T17`.
    pub id: TheoremId,
    /// The verdict.
    pub verdict: Verdict,
    /// A one-line detail.
    pub detail: String,
}

impl TheoremResult {
    /// A verdict whose detail is written only when `details` asks for it (always for a
    /// failure): the detail of a holding theorem is formatted only when someone reads it.
    fn check(id: TheoremId, ok: bool, details: Details, detail: impl FnOnce() -> String) -> Self {
        let detail = if ok && details == Details::Failures {
            String::new()
        } else {
            detail()
        };
        TheoremResult::new(id, ok, detail)
    }
    fn new(id: TheoremId, ok: bool, detail: String) -> Self {
        TheoremResult {
            id,
            verdict: if ok { Verdict::Holds } else { Verdict::Fails },
            detail,
        }
    }
    fn na(id: TheoremId, detail: impl Into<String>) -> Self {
        TheoremResult {
            id,
            verdict: Verdict::NotApplicable,
            detail: detail.into(),
        }
    }
}

/// Which symmetries theorem T8 tries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symmetries {
    /// T8 is not checked.
    Off,
    /// One of the 7 non-trivial symmetries per game, chosen by the paused position's hash, so
    /// that a campaign covers all of them evenly at a seventh of the cost.
    OnePerGame,
    /// All 7.
    All,
}

/// How much of the expensive checking to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckOptions {
    /// Which symmetries T8 tries.
    pub symmetries: Symmetries,
    /// How many alternative negative-move stones T11 tries per kind (`usize::MAX` for all).
    pub t11_choices: usize,
    /// Which theorems get their one-line detail.
    pub details: Details,
    /// F11 plays its continuation on one paused game in this many (chosen by the hash of the
    /// paused position, so that the choice does not depend on the run): 1 for every game (`jpd
    /// score`, `jpd exhaust`), [`CAMPAIGN_F11_ONE_IN`] in a campaign, where the continuation's
    /// second referee judgement and count would otherwise add half to a game's time.
    pub f11_one_in: u32,
}

/// The campaigns' F11 sample: one paused game in 32.
pub const CAMPAIGN_F11_ONE_IN: u32 = 32;

impl Default for CheckOptions {
    /// Everything, every choice, every detail: what `jpd score` does.
    fn default() -> Self {
        CheckOptions {
            symmetries: Symmetries::All,
            t11_choices: usize::MAX,
            details: Details::All,
            f11_one_in: 1,
        }
    }
}

/// Which theorem results carry their one-line detail. A campaign writes only the failures, so
/// it skips formatting the detail of every theorem that holds (a few percent of its time).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Details {
    /// Every verdict's detail (`jpd score` prints them all).
    All,
    /// Only the failures' details; a theorem that holds has an empty one.
    Failures,
}

/// Everything known about one finished game.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// The count under the chosen balancing reading, or why there is none.
    pub count: Result<Count, CountError>,
    /// The fill-up check.
    pub fill_up: Option<FillUp>,
    /// One result per rule set asked for.
    pub results: Vec<RuleResult>,
    /// Every rule set's divergence from jpd-tangsong (all rule sets, whatever was asked for).
    pub divergences: Vec<Divergence>,
    /// The score sheet every rule set counted from.
    pub sheet: Option<Sheet>,
    /// The invariants, one result per [`TheoremId`], in id order.
    pub theorems: Vec<TheoremResult>,
    /// The findings, one result per [`FindingId`], in id order.
    pub findings: Vec<FindingResult>,
}

/// Counts `f` under `balancing`, scores it under `rule_ids`, and checks every theorem.
pub fn analyse(
    f: &Finished,
    balancing: Balancing,
    rule_ids: &[RuleId],
    opts: CheckOptions,
) -> Analysis {
    analyse_with(f, balancing, rule_ids, opts, None)
}

/// [`analyse`], given Benson's analysis of the paused position when it is already made (the
/// generator makes it for the play-out resolution). It must be `PassAlive::analyse` of
/// `f.game.board()`; `None` runs it here.
pub fn analyse_with(
    f: &Finished,
    balancing: Balancing,
    rule_ids: &[RuleId],
    opts: CheckOptions,
    paused_pass_alive: Option<&PassAlive>,
) -> Analysis {
    let dead = f.dead_points();
    let count = counting::count(&f.game, &dead, balancing, 0);
    let Ok(c) = &count else {
        let why = match &count {
            Err(e) => e.to_string(),
            Ok(_) => unreachable!(),
        };
        let mut theorems: Vec<TheoremResult> = TheoremId::ALL
            .iter()
            .map(|&id| TheoremResult::na(id, why.clone()))
            .collect();
        theorems[TheoremId::T9.index()] = t9(&f.game, opts.details);
        return Analysis {
            count,
            fill_up: None,
            results: Vec::new(),
            divergences: Vec::new(),
            sheet: None,
            theorems,
            findings: FindingId::ALL
                .iter()
                .map(|&id| FindingResult::na_for(id))
                .collect(),
        };
    };
    let fu = fill_up(&c.settlement_paused);
    let (sheet, all) = crate::rules::score_all(f, c, balancing, None);
    let by_id = |id: RuleId| &all[RuleId::ALL.iter().position(|&x| x == id).expect("listed")];
    let results: Vec<RuleResult> = rule_ids.iter().map(|&id| by_id(id).clone()).collect();
    let divergences = crate::rules::divergences(&all);
    let d = opts.details;
    let theorems = vec![
        t1(c, d),
        t2(c, d),
        t3(c, d),
        t4(c, d),
        t5(c, &fu, d),
        t6(c, d),
        t7(c, d),
        match opts.symmetries {
            Symmetries::Off => TheoremResult::na(TheoremId::T8, "not checked in this run"),
            Symmetries::OnePerGame => {
                t8(f, balancing, c, &[1 + (f.game.board().hash() % 7) as u8], d)
            }
            Symmetries::All => t8(f, balancing, c, &[1, 2, 3, 4, 5, 6, 7], d),
        },
        t9(&f.game, d),
        t10(f, c, paused_pass_alive, d),
        t11(f, c, opts.t11_choices, d),
        t12(by_id(RuleId::JpdTangsong), by_id(RuleId::JpdA), d),
        t13(by_id(RuleId::JpdTangsong), by_id(RuleId::Wmsg2008), d),
        t14(&sheet, by_id(RuleId::Aga), by_id(RuleId::AgaArea), d),
        t15(&sheet, by_id(RuleId::Ing), d),
        t16(&sheet, by_id(RuleId::Ikeda), d),
        t17(&sheet, &all, d),
    ];
    debug_assert!(
        theorems.iter().map(|t| t.id).eq(TheoremId::ALL),
        "one result per theorem, in id order"
    );
    let findings = findings::findings(f, c, &fu, &all, opts.f11_one_in);
    Analysis {
        count,
        fill_up: Some(fu),
        results,
        divergences,
        sheet: Some(sheet),
        theorems,
        findings,
    }
}

/// T12: edition A equals Tang-Song, winner and margin (000:#73: A "is compatible with" the
/// equal-stones territory count).
fn t12(t: &RuleResult, a: &RuleResult, d: Details) -> TheoremResult {
    TheoremResult::check(
        TheoremId::T12,
        t.margin == a.margin && t.winner == a.winner,
        d,
        || format!("jpd-tangsong {} jpd-a {}", t.result, a.result),
    )
}

/// T13: WMSG 2008 gives Tang-Song's winner.
fn t13(t: &RuleResult, w: &RuleResult, d: Details) -> TheoremResult {
    TheoremResult::check(TheoremId::T13, t.winner == w.winner, d, || {
        format!("jpd-tangsong {} wmsg-2008 {}", t.result, w.result)
    })
}

/// T14: AGA territory counting equals AGA area counting, margin and winner (R12: "the
/// difference in their scores, and the game result, will be the same"). AGA's rules know setup
/// stones only as a handicap (R11: the stones placed in one turn of Black's, White moving next);
/// a position set up otherwise (a problem diagram, stones of both colours) is outside them.
fn t14(sh: &Sheet, t: &RuleResult, a: &RuleResult, d: Details) -> TheoremResult {
    if sh.setup_lead != (sh.handicap - 1).max(0) {
        return TheoremResult::na(
            TheoremId::T14,
            "setup stones that are no handicap: outside AGA's rules (R11 knows a handicap only)",
        );
    }
    TheoremResult::check(
        TheoremId::T14,
        t.margin == a.margin && t.winner == a.winner,
        d,
        || format!("aga {} aga-area {}", t.result, a.result),
    )
}

/// T15: Ing's bowls read the area margin minus 8, Black winning ties (docs/RULESETS.md 2.5).
fn t15(sh: &Sheet, ing: &RuleResult, d: Details) -> TheoremResult {
    let bowls = IngBowls::read(sh);
    let expected = sh.a0() - Half::points(8);
    let winner_ok = ing.winner
        == Some(if expected.0 >= 0 {
            Color::Black
        } else {
            Color::White
        });
    TheoremResult::check(
        TheoremId::T15,
        bowls.margin() == expected && ing.margin == expected && winner_ok,
        d,
        || {
            format!(
                "bowls of {}: unfilled B {} W {}, left B {} W {}: {}; area margin - 8 = {}",
                bowls.bowl,
                bowls.unfilled.black,
                bowls.unfilled.white,
                bowls.leftover.black,
                bowls.leftover.white,
                ing.result,
                expected
            )
        },
    )
}

/// T16: Ikeda's Area III equals his Territory I (IK 4.3, 5.2): surrounded points minus
/// prisoners lost plus stones played after the first pass, against the area count with half a
/// point moved to White when White passed first. A game that starts from setup stones puts
/// them on the board without a move: Black's lead over alternate play ([`Sheet::setup_lead`],
/// H - 1 in a handicap game of H stones) is on the area side and is added to Territory I.
fn t16(sh: &Sheet, ikeda: &RuleResult, d: Details) -> TheoremResult {
    if sh.passes.black + sh.passes.white == 0 {
        return TheoremResult::na(TheoremId::T16, "no virtual move: no first pass");
    }
    let t1 = |x: Color| sh.owned[x] - sh.lost(x) + sh.real_after_first_pass[x];
    let territory_i =
        Half::points(t1(Color::Black) - t1(Color::White) + sh.setup_lead) - ikeda.base_komi;
    TheoremResult::check(TheoremId::T16, territory_i == ikeda.margin, d, || {
        format!("Area III {} Territory I {}", ikeda.margin, territory_i)
    })
}

/// T17: every rule set's margin is accounted for by its ledger of named causes from `A0`, so
/// every divergence from jpd-tangsong is explained (docs/RULESETS.md 3.1).
fn t17(sh: &Sheet, all: &[RuleResult], d: Details) -> TheoremResult {
    let bad: Vec<String> = all
        .iter()
        .filter(|r| r.unexplained(sh.a0()) != Half::ZERO)
        .map(|r| {
            format!(
                "{} {} unexplained {}",
                r.rules,
                r.result,
                r.unexplained(sh.a0())
            )
        })
        .collect();
    if bad.is_empty() {
        TheoremResult::check(TheoremId::T17, true, d, || {
            format!("{} rule sets accounted for", all.len())
        })
    } else {
        TheoremResult::new(TheoremId::T17, false, bad.join("; "))
    }
}

fn stones(c: &Count) -> PerSide<i64> {
    counting::stones_on_board(c)
}

/// T1: after balancing `moves(B) = moves(W) = k`, and after the fill-back each side has k
/// stones (k - s each once the overflow procedure has run).
fn t1(c: &Count, d: Details) -> TheoremResult {
    let st = stones(c);
    let equal = c.moves.black == c.moves.white;
    let fb = Color::BOTH
        .iter()
        .all(|&x| st[x] + c.fill_back[x] == c.moves[x]);
    TheoremResult::check(TheoremId::T1, equal && fb, d, || {
        format!(
            "moves B={} W={}; stones+fill-back B={}+{} W={}+{}; s={}",
            c.moves.black,
            c.moves.white,
            st.black,
            c.fill_back.black,
            st.white,
            c.fill_back.white,
            c.s
        )
    })
}

/// T2: `B = b + (k - s) + q/2` and likewise for White.
fn t2(c: &Count, d: Details) -> TheoremResult {
    let k = c.k();
    let ok = Color::BOTH
        .iter()
        .all(|&x| c.area[x].0 == c.territory[x].0 + 2 * (c.moves[x] - c.s) + c.shared as i64);
    let literal = c.area.black.0 == c.territory.black.0 + 2 * k + c.shared as i64;
    let detail = || {
        if c.s > 0 {
            format!(
                "B={} = b={} + (k={} - s={}) + q/2={}; the literal b + k + q/2 {} (overflow)",
                c.area.black,
                c.territory.black,
                k,
                c.s,
                Half(c.shared as i64),
                if literal {
                    "happens to hold"
                } else {
                    "is off by s"
                }
            )
        } else {
            format!(
                "B={} = b={} + k={} + q/2={}",
                c.area.black,
                c.territory.black,
                k,
                Half(c.shared as i64)
            )
        }
    };
    TheoremResult::check(TheoremId::T2, ok, d, detail)
}

/// T3: `b = B - (k - s) - q/2` (Art. 20(3), read back).
fn t3(c: &Count, d: Details) -> TheoremResult {
    let ok = Color::BOTH
        .iter()
        .all(|&x| c.territory[x].0 == c.area[x].0 - 2 * (c.moves[x] - c.s) - c.shared as i64);
    TheoremResult::check(TheoremId::T3, ok, d, || {
        format!(
            "b={} w={} from B={} W={}, k={}, s={}",
            c.territory.black,
            c.territory.white,
            c.area.black,
            c.area.white,
            c.k(),
            c.s
        )
    })
}

/// T4: `B + W = N²` and every point classified exactly once.
fn t4(c: &Count, d: Details) -> TheoremResult {
    let n2 = c.size as i64 * c.size as i64;
    let t = &c.tally;
    let classified =
        (t.stones.black + t.stones.white + t.owned_empty.black + t.owned_empty.white + t.shared)
            as i64;
    let ok = c.area.black.0 + c.area.white.0 == 2 * n2 && classified == n2;
    TheoremResult::check(TheoremId::T4, ok, d, || {
        format!(
            "B+W={} N²={} classified={}",
            c.area.black + c.area.white,
            n2,
            classified
        )
    })
}

/// T5: the fill-up count equals the area count for both sides, and the two counts add up to
/// N². Ing's fill-up knows no negative moves, so it runs on the settled paused position and is
/// compared with that position's area, B0 and W0. The stability of the fill (finding F1) does
/// not decide T5; the detail states it.
fn t5(c: &Count, fu: &FillUp, d: Details) -> TheoremResult {
    if c.mode == crate::settlement::Mode::FourPasses {
        return TheoremResult::na(TheoremId::T5, "four virtual moves ended the game: the area is stones and liberties (Art. 18), there is nothing to fill up");
    }
    let n2 = Half::points(fu.board.area() as i64);
    let ok = fu.count == c.area_paused && fu.count.black + fu.count.white == n2;
    let detail = || {
        let mut detail = format!(
            "fill-up B={} W={} vs area B0={} W0={}, N²={}; basic eyes B={} W={}; left empty B={} W={}; stability {}",
            fu.count.black,
            fu.count.white,
            c.area_paused.black,
            c.area_paused.white,
            n2,
            fu.basic_eyes.black,
            fu.basic_eyes.white,
            fu.left_empty.black,
            fu.left_empty.white,
            fu.stability.name()
        );
        if let Some(p) = &fu.problem {
            detail.push_str(": ");
            detail.push_str(p);
        }
        detail
    };
    TheoremResult::check(TheoremId::T5, ok, d, detail)
}

/// T6: the territory result equals the area result, and both equal the paused-position form
/// `B0 - W0 - komi - (1 if White passed first)` of Art. 20(2).
fn t6(c: &Count, d: Details) -> TheoremResult {
    let komi = Half(13);
    let by_territory = c.territory_margin() - komi - c.compensation;
    let by_area = c.area_margin() - komi - c.compensation;
    let wfp = if c.first_passer == Some(Color::White) {
        Half::points(1)
    } else {
        Half::ZERO
    };
    let by_paused = c.area_paused.black - c.area_paused.white - komi - wfp;
    let ok = by_territory == by_area && by_area == by_paused;
    TheoremResult::check(TheoremId::T6, ok, d, || {
        format!(
            "margins: territory {} area {} paused-area {}",
            by_territory, by_area, by_paused
        )
    })
}

/// T7: for each side, live stones on the paused board + prisoners + dead stones + virtual
/// stones - negative stones = moves(X). (The stones are counted before the negative moves
/// remove any, which is how the formula reads.)
fn t7(c: &Count, d: Details) -> TheoremResult {
    let t = &c.tally_paused;
    let lhs = PerSide::new(
        t.stones.black as i64 + c.captured.black + c.dead.black + c.virtual_moves.black
            - c.negative.black,
        t.stones.white as i64 + c.captured.white + c.dead.white + c.virtual_moves.white
            - c.negative.white,
    );
    let ok = lhs == c.moves;
    TheoremResult::check(TheoremId::T7, ok, d, || {
        format!(
            "bookkeeping B={} W={} vs moves B={} W={}",
            lhs.black, lhs.white, c.moves.black, c.moves.white
        )
    })
}

/// T9: no whole-board arrangement recurs after a real move.
fn t9(g: &Game, d: Details) -> TheoremResult {
    if g.phase() == Phase::Ended(crate::engine::End::NoResultCycle) {
        return TheoremResult::na(
            TheoremId::T9,
            "the game ended with no result when a position recurred (a rule set without \
             positional superko); under Art. 9 the repeating move is illegal",
        );
    }
    if g.rules().ko == crate::engine::KoRule::SimpleKo {
        return TheoremResult::na(
            TheoremId::T9,
            "counted under simple ko (a record that positional superko refuses): a recurring \
             position is legal there",
        );
    }
    if g.rules().ko == crate::engine::KoRule::SimpleKoUnyieldingCycle && g.any_repetition() {
        return TheoremResult::na(
            TheoremId::T9,
            "counted under J89 Art. 12 as read (a record that positional superko refuses): a \
             repeated position the players left is no result",
        );
    }
    let rep = g.any_repetition();
    TheoremResult::check(TheoremId::T9, !rep, d, || {
        format!(
            "{} positions recorded{}",
            g.positions_recorded(),
            if rep {
                ", one recurs"
            } else {
                ", all distinct"
            }
        )
    })
}

/// T10: no pass-alive stone is judged dead; every pass-alive region of X is X's. Benson runs
/// on the paused position, dead stones still on the board.
fn t10(f: &Finished, c: &Count, pa: Option<&PassAlive>, d: Details) -> TheoremResult {
    if c.mode == crate::settlement::Mode::FourPasses {
        return TheoremResult::na(
            TheoremId::T10,
            "four virtual moves ended the game: every stone on the board is alive by Art. 18",
        );
    }
    let paused = f.game.board();
    let own;
    let pa = match pa {
        Some(pa) => pa,
        None => {
            own = PassAlive::analyse(paused);
            &own
        }
    };
    match c.settlement_paused.check_pass_alive(paused, pa) {
        Ok(()) => TheoremResult::check(TheoremId::T10, true, d, || {
            "settlement agrees with Benson's analysis".into()
        }),
        Err(e) => TheoremResult::new(TheoremId::T10, false, e),
    }
}

/// T11: every qualifying choice of negative-move stone gives the same result. The count takes
/// the negative move by decree (only the vacated point changes class); here each qualifying
/// choice, the default one included, is also taken physically (the stone leaves the board and
/// every point is classified afresh), and must give the same counts.
fn t11(f: &Finished, c: &Count, limit: usize, d: Details) -> TheoremResult {
    if c.plan.negatives.is_empty() {
        return TheoremResult::na(TheoremId::T11, "no negative move");
    }
    let st0 = &c.settlement_paused;
    let a = counting::balance::type_a_candidates(st0);
    let b = counting::balance::type_b_candidates(st0);
    let board = f.game.board();
    let human = |p: Point| board.coord(p).to_human(board.size());
    let mut tried = 0usize;
    for (i, &(p0, kind)) in c.plan.negatives.iter().enumerate() {
        let cands = match kind {
            NegativeKind::A => &a,
            NegativeKind::B => &b,
        };
        let mut alts: Vec<Point> = vec![p0];
        alts.extend(pick_spread(cands, limit).into_iter().filter(|&q| q != p0));
        for alt in alts {
            if alt != p0 && c.plan.negatives.iter().any(|&(q, _)| q == alt) {
                continue;
            }
            let mut plan = c.plan.clone();
            plan.negatives[i] = (alt, kind);
            tried += 1;
            // By decree only the vacated point changes class (RULES.md B2), so every choice
            // must give the same counts.
            match counting::count_with_plan(
                &f.game,
                st0,
                plan,
                c.mode,
                c.balancing,
                Removal::Decree,
            ) {
                Ok(t) if t.area == c.area && t.territory == c.territory => {}
                Ok(t) => {
                    return TheoremResult::new(
                        TheoremId::T11,
                        false,
                        format!(
                            "type {:?} at {} by decree gives {}",
                            kind,
                            human(alt),
                            compare_counts(&t, c)
                        ),
                    )
                }
                Err(e) => return TheoremResult::new(TheoremId::T11, false, e.to_string()),
            }
        }
    }
    TheoremResult::check(TheoremId::T11, true, d, || {
        format!("{tried} qualifying choices give the same counts by decree")
    })
}

/// Up to `limit` candidates spread evenly over the list (all of them if it is short enough).
fn pick_spread(cands: &[Point], limit: usize) -> Vec<Point> {
    if cands.len() <= limit {
        return cands.to_vec();
    }
    (0..limit).map(|i| cands[i * cands.len() / limit]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::harness::generate::{generate, GameSpec, Policy};

    /// A failure keeps its detail whatever is asked; a holding theorem's detail is formatted
    /// only when every detail is asked for.
    #[test]
    fn a_failure_always_keeps_its_detail() {
        let fails = TheoremResult::check(TheoremId::T1, false, Details::Failures, || "why".into());
        assert_eq!(
            (fails.verdict, fails.detail.as_str()),
            (Verdict::Fails, "why")
        );
        let holds = TheoremResult::check(TheoremId::T1, true, Details::Failures, || {
            panic!("formatted a holding theorem's detail")
        });
        assert_eq!((holds.verdict, holds.detail.as_str()), (Verdict::Holds, ""));
        let all = TheoremResult::check(TheoremId::T1, true, Details::All, || "ok".into());
        assert_eq!(all.detail, "ok");
    }

    /// On real games the two settings give the same verdicts; only the holding theorems'
    /// details are left out.
    #[test]
    fn failures_only_changes_no_verdict() {
        for (index, policy) in [
            (0, Policy::Endgame),
            (1, Policy::Seki),
            (2, Policy::Dispute),
        ] {
            let g = generate(&GameSpec {
                master_seed: 2008,
                index,
                size: 9,
                policy,
            });
            let opts = CheckOptions::default();
            let all = analyse(&g.finished, Balancing::Art14, &RuleId::ALL, opts);
            let fewer = CheckOptions {
                details: Details::Failures,
                ..opts
            };
            let few = analyse(&g.finished, Balancing::Art14, &RuleId::ALL, fewer);
            for (a, b) in all.theorems.iter().zip(&few.theorems) {
                assert_eq!((a.id, a.verdict), (b.id, b.verdict));
                match a.verdict {
                    Verdict::Holds => {
                        assert!(!a.detail.is_empty(), "{}: no detail", a.id);
                        assert!(b.detail.is_empty(), "{}: {}", b.id, b.detail);
                    }
                    _ => assert_eq!(a.detail, b.detail),
                }
            }
        }
    }
}
