//! The claims ledger of FINDINGS.md: one verdict per claim of the seed texts, each computed
//! from the campaign's CSV files (the totals of `summary.csv`, `findings_summary.csv` and
//! `divergence_summary.csv`), never typed by hand.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::checks::FINDINGS;

/// The numbers the ledger draws on, summed over every size and policy.
#[derive(Clone, Debug, Default)]
pub struct LedgerInput {
    /// `summary.csv` columns summed (games, settled, `t5_checked`, `t5_failed`, edge cases...).
    pub totals: BTreeMap<String, u64>,
    /// Per finding (in [`FINDINGS`] order): (applies, matters, margin changes, winner changes).
    pub findings: Vec<(u64, u64, u64, u64)>,
    /// Per rule set, its divergences from jpd-tangsong over every size.
    pub rules: BTreeMap<String, RuleTotals>,
    /// The exhaustive runs of the small boards (`exhaustive/` beside the campaign), if any.
    pub exhaustive: Option<Exhaustive>,
    /// The sekis of the campaign's games by shape (`games.csv`), when it has them.
    pub seki_shapes: Option<SekiShapes>,
}

/// How many sekis the campaign's games hold, and of how many shapes (up to the board's
/// symmetries and the exchange of colours: `harness::seki_shape`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SekiShapes {
    /// Settled games with at least one seki.
    pub games: u64,
    /// Sekis over those games (each game's distinct shapes).
    pub sekis: u64,
    /// Distinct shapes.
    pub distinct: u64,
    /// Sekis of the commonest shape.
    pub commonest: u64,
}

impl SekiShapes {
    /// One sentence on them.
    pub fn sentence(&self) -> String {
        format!(
            "{} distinct seki shape{} (up to symmetry and colour) among the {} sekis of {} games; the commonest shape is {} of them",
            self.distinct,
            if self.distinct == 1 { "" } else { "s" },
            self.sekis,
            self.games,
            self.commonest
        )
    }
}

/// The totals of the exhaustive runs (`jpd exhaust`), summed over their board sizes.
#[derive(Clone, Debug, Default)]
pub struct Exhaustive {
    /// The board sizes, each with `all` or `classes`, and whether its run is complete.
    pub sizes: Vec<(u8, String, bool)>,
    /// Positions the referee settled (those its classes stand for, in `classes` runs).
    pub settled_positions: u64,
    /// Games of those positions (in `classes` runs, of the class representatives).
    pub settled_games: u64,
    /// `summary.csv` columns summed (`t5_checked`, `t5_failed`, ...).
    pub totals: BTreeMap<String, u64>,
    /// Per finding (in [`FINDINGS`] order): (applies, matters, margin changes, winner changes).
    pub findings: Vec<(u64, u64, u64, u64)>,
}

impl Exhaustive {
    /// The "up to 4x4" verdict on a claim resting on `basis` (invariants `T..`, findings
    /// `F..`).
    fn verdict(&self, basis: &[&str]) -> String {
        let get = |k: String| self.totals.get(&k).copied().unwrap_or(0);
        let theorems: Vec<&str> = basis
            .iter()
            .copied()
            .filter(|b| b.starts_with('T'))
            .collect();
        let mut parts = Vec::new();
        if !theorems.is_empty() {
            let failed: u64 = theorems
                .iter()
                .map(|t| get(format!("{}_failed", t.to_ascii_lowercase())))
                .sum();
            let checked = theorems
                .iter()
                .map(|t| get(format!("{}_checked", t.to_ascii_lowercase())))
                .max()
                .unwrap_or(0);
            parts.push(if failed == 0 {
                format!(
                    "holds on every settled position ({} positions, {checked} games)",
                    self.settled_positions
                )
            } else {
                format!("**fails** ({failed} invariant failures)")
            });
        }
        for f in basis.iter().filter(|b| b.starts_with('F')) {
            if let Some(&(a, m, _, w)) = FINDINGS
                .iter()
                .position(|x| x == f)
                .and_then(|i| self.findings.get(i))
                .filter(|t| t.0 > 0)
            {
                parts.push(format!("{f} matters in {m} of {a} games (winner {w})"));
            }
        }
        if parts.is_empty() {
            "-".into()
        } else {
            parts.join("; ")
        }
    }
}

/// A rule set's divergences from jpd-tangsong, summed over every size.
#[derive(Clone, Debug, Default)]
pub struct RuleTotals {
    /// Games compared.
    pub compared: u64,
    /// Games whose winner or board margin differs.
    pub divergent: u64,
    /// Games whose winner differs.
    pub winner_differs: u64,
    /// Divergences the named causes do not account for.
    pub unexplained: u64,
    /// Per cause: divergent games where its term is not zero.
    pub causes: Vec<(String, u64)>,
}

impl LedgerInput {
    fn get(&self, k: &str) -> u64 {
        self.totals.get(k).copied().unwrap_or(0)
    }

    fn theorem(&self, t: &str) -> (u64, u64) {
        let t = t.to_ascii_lowercase();
        (
            self.get(&format!("{t}_checked")),
            self.get(&format!("{t}_failed")),
        )
    }

    fn finding(&self, f: &str) -> (u64, u64, u64, u64) {
        FINDINGS
            .iter()
            .position(|&x| x == f)
            .and_then(|i| self.findings.get(i).copied())
            .unwrap_or_default()
    }

    /// Divergent games of rule set `r` where `cause` contributes.
    fn cause(&self, r: &str, cause: &str) -> u64 {
        self.rules
            .get(r)
            .and_then(|t| t.causes.iter().find(|(c, _)| c == cause))
            .map_or(0, |c| c.1)
    }

    fn rule(&self, r: &str) -> RuleTotals {
        self.rules.get(r).cloned().unwrap_or_default()
    }
}

/// What kind of evidence a row's verdict rests on, and so how much the verdict may say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// The claim follows from the bookkeeping by algebra (the one-line argument given): its
    /// checks guard the code, not the text, and pass on any sequence of moves.
    Identity(&'static str),
    /// A check that could fail on the rules: a prediction the games can refute.
    Tested,
    /// A definition or a reading whose effect is measured; nothing to refute.
    Measured,
    /// Not testable by play (why).
    NotTestable(&'static str),
}

impl Kind {
    fn cell(self) -> String {
        match self {
            Kind::Identity(why) => format!("identity: {why}"),
            Kind::Tested => "tested".into(),
            Kind::Measured => "measured".into(),
            Kind::NotTestable(why) => format!("not testable: {why}"),
        }
    }
}

/// One row of the ledger.
struct Row {
    /// The invariants (`T..`) and findings (`F..`) the verdict rests on.
    basis: &'static [&'static str],
    claim: &'static str,
    source: &'static str,
    kind: Kind,
    verdict: String,
    evidence: String,
    corpus: &'static str,
}

/// The verdict of an identity: its checks passed (or a bug of the harness), on how many games.
fn identity_verdict(x: &LedgerInput, theorems: &[&str]) -> (String, String) {
    let mut checked = 0;
    let mut failed = 0;
    let mut ev = Vec::new();
    for t in theorems {
        let (c, f) = x.theorem(t);
        checked = checked.max(c);
        failed += f;
        ev.push(format!("{t}: {f} failures in {c} games"));
    }
    let v = if failed == 0 {
        format!("the bookkeeping checks pass ({checked} games); they test the code, not the text")
    } else {
        format!("**fails** ({failed} invariant failures: a bug of the harness)")
    };
    (v, ev.join("; "))
}

fn finding_evidence(x: &LedgerInput, f: &str) -> String {
    let (a, m, mc, wc) = x.finding(f);
    format!("{f}: applies to {a} games, the reading matters in {m}, margin changes in {mc}, winner in {wc}")
}

/// "N of M games (p%)".
fn of(n: u64, m: u64) -> String {
    if m == 0 {
        format!("{n} of {m} games")
    } else {
        format!("{n} of {m} games ({:.2}%)", 100.0 * n as f64 / m as f64)
    }
}

fn rows(x: &LedgerInput) -> Vec<Row> {
    let mut out = Vec::new();
    counting_claims(x, &mut out);
    definition_claims(x, &mut out);
    compatibility_claims(x, &mut out);
    formula_claims(x, &mut out);
    last_claims(x, &mut out);
    out
}

/// The rows of Part 1, items 1 to 4: what area and territory are, how virtual moves are kept,
/// and the fill-back done with stones.
fn counting_claims(x: &LedgerInput, out: &mut Vec<Row>) {
    let (v, e) = identity_verdict(x, &["T6"]);
    out.push(Row {
        basis: &["T6"],
        claim:
            "Stones and territory are both area, and more area wins, also when counting territory",
        source: "Part 1 item 1, Art. 1",
        kind: Kind::Identity(
            "b - w = (B - k' - q/2) - (W - k' - q/2) = B - W with k' stones each (T2)",
        ),
        verdict: v,
        evidence: format!("territory and area give the same winner and margin; {e}"),
        corpus: "walls-6x6-wfp-black-last.sgf",
    });
    let j = x.rule("japanese");
    out.push(Row {
        basis: &[],
        claim: "Japanese 'only territory is area' errs because it ignores what stones need to live",
        source: "Part 1 item 2, Art. 5",
        kind: Kind::NotTestable("a criticism of a definition"),
        verdict: "what it costs is measured".into(),
        evidence: format!(
            "japanese differs from jpd-tangsong in {} of {} games, the winner in {}",
            j.divergent, j.compared, j.winner_differs
        ),
        corpus: "seki-both-eyes-6x6.sgf",
    });
    let (v, e) = identity_verdict(x, &["T1", "T2", "T6"]);
    let (fa, fm, _, _) = x.finding("F3");
    out.push(Row {
        basis: &["T1", "T2", "T6", "F3"],
        claim: "Equal stones, compare territory: after the fill-back both sides hold k stones and the territory difference decides",
        source: "Part 1 item 3, Art. 17, 19(1)",
        kind: Kind::Identity("moves(B) = moves(W) = k after balancing and every stone moved is on the board, a prisoner, dead or virtual (T7), so the fill-back restores k each"),
        verdict: if fm == 0 { v } else { format!("{v}; reading the Art. 17 overflow as k - s stones each") },
        evidence: format!("{e}; the overflow happens in {fa} games"),
        corpus: "overflow-6x6.sgf",
    });
    let (a7, m7, _, _) = x.finding("F7");
    out.push(Row {
        basis: &["F7"],
        claim: "The equal-stones position can be built by placing the fill-back stones in one's own territory",
        source: "Art. 17 (first paragraph), 7",
        kind: Kind::Tested,
        verdict: if m7 == 0 {
            format!("holds: the fill-back fits outside the basic eye points in every game that tests it ({a7} games)")
        } else {
            format!("**fails** in {}: a side must fill its own last eyes (a basic eye point), which kills its group or is suicide (Art. 7); the count stays defined by arithmetic", of(m7, a7))
        },
        evidence: finding_evidence(x, "F7"),
        corpus: "overflow-6x6.sgf",
    });
    let (v, e) = identity_verdict(x, &["T7"]);
    out.push(Row {
        basis: &["T7"],
        claim: "A virtual move is a move: its stone is kept off the board and filled back",
        source: "Part 1 item 4, Art. 3",
        kind: Kind::Identity(
            "each move puts one stone on the board or in the bowl lid; T7 counts them",
        ),
        verdict: v,
        evidence: format!("stone bookkeeping; {e}"),
        corpus: "early-virtual-white-6x6.sgf",
    });
}

/// The rows of Part 1, items 5 to 10: komi for the first pass, dame, ko, seki, one-sided dame
/// and disputes.
fn definition_claims(x: &LedgerInput, out: &mut Vec<Row>) {
    let c = x.rule("chinese");
    let komi_only = c.causes.iter().all(|(cause, n)| cause == "komi" || *n == 0);
    out.push(Row {
        basis: &[],
        claim: "Black gives White 1 point when White passes first",
        source: "Part 1 item 5, Art. 12",
        kind: Kind::Measured,
        verdict: "a komi rule; its effect is measured".into(),
        evidence: format!(
            "chinese names another winner than jpd-tangsong in {} of {} games, {}",
            c.winner_differs,
            c.compared,
            if komi_only && c.unexplained == 0 {
                "every one by the komi term alone"
            } else {
                "not all by the komi term"
            }
        ),
        corpus: "early-virtual-white-6x6.sgf",
    });
    let (a10, m10, mc10, _) = x.finding("F10");
    // F10's margin moves unless a virtual move earlier in the game fixed the first passer.
    let unmoved = a10 - mc10;
    out.push(Row {
        basis: &["F10"],
        claim: "The holder of a one-sided dame or a ko who fills it directly, instead of passing first and filling after, loses 1 point",
        source: "Part 1 item 6, Art. 10 (note), 12",
        kind: Kind::Tested,
        verdict: if a10 == 0 {
            "no game tests it (no final pause opened by the holder of a one-sided dame or ko point)".into()
        } else if m10 == 0 {
            format!("holds on every game that tests it ({a10} games: the pause opened by the holder, the fill played instead and counted)")
        } else {
            format!(
                "**fails** in {}: {unmoved} where a virtual move earlier in the game had already fixed the first passer (Art. 12's point does not move), {} otherwise; holds in the rest",
                of(m10, a10),
                m10 - unmoved
            )
        },
        evidence: format!(
            "{}; dame left at the pause in {} games (counted half each)",
            finding_evidence(x, "F10"),
            x.get("dame_left_games")
        ),
        corpus: "",
    });
    out.push(Row {
        basis: &[],
        claim: "An unfilled single ko still counts its point, for the holder with more threats who passed first",
        source: "Part 1 item 7, Art. 10, 19(1)",
        kind: Kind::Measured,
        verdict: "applied with a simplification: the referee gives the ko point to the side that took the ko last, not to the holder with more threats (threats are not modelled)".into(),
        evidence: format!("unfilled ko in {} games", x.get("unfilled_ko_games")),
        corpus: "unfilled-ko-6x6.sgf",
    });
    out.push(Row {
        basis: &[],
        claim: "A seki with eyes has points",
        source: "Part 1 item 8, Art. 1, 19(1)",
        kind: Kind::Measured,
        verdict: match &x.seki_shapes {
            Some(k) => format!("a definition: applied (seki eyes are territory); behind it, {}", k.sentence()),
            None => "a definition: applied (seki eyes are territory); the number of distinct seki shapes is not in this run (no games.csv with `seki_shapes`)".into(),
        },
        evidence: format!(
            "seki with eyes in {} games; against Japanese counting (no points in seki) the cause seki_points appears in {} divergences",
            x.get("seki_with_eyes_games"),
            x.cause("japanese", "seki_points")
        ),
        corpus: "seki-both-eyes-6x6.sgf",
    });
    let (a4, m4, _, w4) = x.finding("F4");
    out.push(Row {
        basis: &["F4"],
        claim: "A one-sided dame in a seki is a point of the side that alone can fill it",
        source: "Part 1 item 9, Art. 10",
        kind: Kind::Measured,
        verdict: if m4 == 0 {
            format!("a definition; both readings of C1 agree on every game it applies to ({a4} games)")
        } else {
            format!("a definition under a named reading (C1): the other reading changes the count in {m4} of {a4} games, the winner in {w4}; a one-sided dame is a point only one side can fill safely (the one-move test of RULES.md 5.2) beside strings the referee proves in seki, never beside living strings alone")
        },
        evidence: finding_evidence(x, "F4"),
        corpus: "one-sided-dame-siyuan-7x7.sgf",
    });
    let (_, e) = identity_verdict(x, &["T1", "T2", "T6", "T7"]);
    let (a11, m11, _, w11) = x.finding("F11");
    out.push(Row {
        basis: &["F11", "T1", "T2", "T6", "T7"],
        claim: "Territory counting can settle every dispute by play",
        source: "Part 1 item 10, Art. 3, 16",
        kind: Kind::Tested,
        verdict: if a11 == 0 {
            "no game tests it (no pause of two virtual moves after a real move with territory for the side to move)".into()
        } else if m11 == 0 {
            format!("holds on every game that tests it ({a11} games; a campaign plays it on one paused game in {}): resumed by the side to move with a stone inside its own territory, jpd-tangsong's margin is unchanged, where Japanese counting charges the mover (a point in most games; findings.csv gives the change per game) (F11); the counts themselves agree after any moves (T1, T2, T6, T7)", crate::checks::CAMPAIGN_F11_ONE_IN)
        } else {
            format!("**fails** in {}: resuming inside one's own territory moves jpd-tangsong's margin (winner in {w11})", of(m11, a11))
        },
        evidence: format!(
            "{}; {} games with a dispute and resumption (generator pauses, not disagreements of players), counted at the next pause; {e}",
            finding_evidence(x, "F11"),
            x.get("dispute_games")
        ),
        corpus: "dispute-resumption-6x6.sgf",
    });
}

/// The rows of Part 1 items 11 and 12 and its notes: negative moves, and how the counting
/// methods and rule sets agree.
fn compatibility_claims(x: &LedgerInput, out: &mut Vec<Row>) {
    let j = x.rule("japanese");
    let c = x.rule("chinese");
    let komi_only = c.causes.iter().all(|(cause, n)| cause == "komi" || *n == 0);
    let (_, fm, _, _) = x.finding("F3");
    let (v, e) = identity_verdict(x, &["T11"]);
    let (a2, m2, _, w2) = x.finding("F2");
    out.push(Row {
        basis: &["T11", "F2"],
        claim: "Negative moves (type A, type B) balance the move counts",
        source: "Part 1 item 11, Art. 13, 14",
        kind: Kind::Measured,
        verdict: if m2 == 0 {
            v
        } else {
            format!("balances by decree (B2: T11 is an identity of the decree); taken physically the stone chosen matters in {m2} of {a2} games, the winner in {w2}, with the statuses kept from the pause (the Findings section says what each choice does in play)")
        },
        evidence: format!("{e}; {}", finding_evidence(x, "F2")),
        corpus: "one-sided-dame-siyuan-7x7.sgf",
    });
    let (v, e) = identity_verdict(x, &["T2", "T3", "T5", "T6"]);
    out.push(Row {
        basis: &["T2", "T3", "T5", "T6", "F3"],
        claim: "Territory counting, area counting and the fill-up count are compatible",
        source: "Part 1 item 12, Art. 19, 20, 21",
        kind: Kind::Identity("T2/T3 are the bookkeeping, T5 holds by construction (every owned point is kept or filled), T6 follows from T2"),
        verdict: if fm == 0 {
            v
        } else {
            format!("{v}; under the k - s reading of the overflow")
        },
        evidence: e,
        corpus: "walls-6x6-wfp-black-last.sgf",
    });
    out.push(Row {
        basis: &["T15", "T17"],
        claim: "With the 1-point rule and komi 3 1/4 stones, Chinese and Ing counting agree exactly with Tang-Song",
        source: "Part 1 item 12 (note)",
        kind: Kind::Identity("all three are the area count; they differ by the komi and the Art. 12 point by definition"),
        verdict: if komi_only && c.unexplained == 0 {
            format!("the bookkeeping checks pass ({} games): every divergence of chinese is the komi term", c.compared)
        } else {
            "**fails**: chinese diverges by other causes too (a bug of the harness)".into()
        },
        evidence: format!("chinese: {} divergent of {}, unexplained {}; T15 (Ing's bowls) {} failures", c.divergent, c.compared, c.unexplained, x.theorem("T15").1),
        corpus: "",
    });
    let (a9, m9, _, w9) = x.finding("F9");
    out.push(Row {
        basis: &["F9"],
        claim: "Japanese and Korean counting give basically the same result in the usual case",
        source: "Part 1 item 12 (note)",
        kind: Kind::Tested,
        verdict: if m9 == 0 {
            format!("holds exactly on every normal ending without seki ({a9} games: paused after the last dame, no earlier pass, no dispute, no ko or seki): the board margins are equal, and the winner differs in {w9} (the Art. 12 point)")
        } else {
            format!("**fails** on {} normal endings without seki (board margins differ); winner differs in {w9}", of(m9, a9))
        },
        evidence: format!(
            "{}; over all games (early passes, disputes, four-pass ends included) japanese's winner differs in {} of {}, its margin in {}; causes {}",
            finding_evidence(x, "F9"),
            j.winner_differs,
            j.compared,
            j.divergent,
            j.causes
                .iter()
                .filter(|(_, n)| *n > 0)
                .map(|(c, n)| format!("{c} {n}"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        corpus: "white-last-area-7-honinbo-7x7.sgf",
    });
}

/// The rows of Part 1 item 13 (the end by four virtual moves) and of the formulas of Art. 19(3)
/// and 20(3).
fn formula_claims(x: &LedgerInput, out: &mut Vec<Row>) {
    let settled = x.get("settled");
    let (_, fm, _, _) = x.finding("F3");
    let (v, e) = identity_verdict(x, &["T4", "T9"]);
    out.push(Row {
        basis: &["T4", "T9"],
        claim: "After four consecutive virtual moves every stone on the board is alive, and stones and liberties are area",
        source: "Part 1 item 13, Art. 18",
        kind: Kind::Measured,
        verdict: format!("a definition: applied; {v}"),
        evidence: format!("four-virtual-move ends: {} games (they test nothing about life and death); {e}", x.get("four_pass_end_games")),
        corpus: "four-virtual-moves-5x5.sgf",
    });
    out.push(Row {
        basis: &["T2", "F3"],
        claim: "B = b + k + q/2 and W = w + k + q/2",
        source: "Art. 19(3)",
        kind: Kind::Measured,
        verdict: if fm == 0 {
            "holds literally on every settled game".into()
        } else {
            format!("holds only under a named reading: with k - s stones each; the literal formula is off by s in {fm} of {settled} settled games")
        },
        evidence: format!("T2 {} failures; {}", x.theorem("T2").1, finding_evidence(x, "F3")),
        corpus: "overflow-6x6.sgf",
    });
    out.push(Row {
        basis: &["T3", "F3"],
        claim: "b = B - k - q/2",
        source: "Art. 20(3)",
        kind: Kind::Measured,
        verdict: if fm == 0 {
            "holds literally on every settled game".into()
        } else {
            "holds only under the same k - s reading".into()
        },
        evidence: format!(
            "T3 {} failures in {} games",
            x.theorem("T3").1,
            x.theorem("T3").0
        ),
        corpus: "overflow-6x6.sgf",
    });
}

/// The rows of the fill-up (Art. 21) and of the editions and cases of the seed sources.
fn last_claims(x: &LedgerInput, out: &mut Vec<Row>) {
    let (v5, e) = identity_verdict(x, &["T5"]);
    let (a1, m1, _, _) = x.finding("F1");
    let t5_failed = x.theorem("T5").1 > 0;
    out.push(Row {
        basis: &["T5", "F1"],
        claim: "The fill-up count confirms the area count",
        source: "Art. 21",
        kind: Kind::Tested,
        verdict: if t5_failed {
            v5
        } else if m1 == 0 {
            format!("the count is an identity (T5, by construction); the filled position is stable (some choice of eye points keeps every group alive) in every game that tests it ({a1} games)")
        } else {
            format!(
                "the count is an identity (T5, by construction); the fill is unstable (no choice of eye points works) in {m1} of {a1} games"
            )
        },
        evidence: format!("{e}; {}", finding_evidence(x, "F1")),
        corpus: "hanezeki-7x7.sgf",
    });
    let (v, e) = identity_verdict(x, &["T12"]);
    out.push(Row {
        basis: &["T12"],
        claim: "Edition A (komi 7.5 when White passes first, else 6.5) equals Tang-Song",
        source: "000:#10, #73",
        kind: Kind::Identity(
            "jpd-a's komi is 6.5 + 1 when White passes first, which is the Art. 12 point",
        ),
        verdict: v,
        evidence: e,
        corpus: "",
    });
    let b = x.rule("jpd-b");
    out.push(Row {
        basis: &[],
        claim: "Edition B: komi 7.5 whoever passes first",
        source: "000:#10",
        kind: Kind::Measured,
        verdict: "a komi rule; its difference is measured".into(),
        evidence: format!(
            "jpd-b names another winner than jpd-tangsong in {} of {} games",
            b.winner_differs, b.compared
        ),
        corpus: "",
    });
    out.push(Row {
        basis: &["T5", "T6"],
        claim: "Editions A and B are compatible with area counting, the fill-up count, equal territory compare stones and equal stones compare territory",
        source: "000 (the sentence calling edition A a 'great rule', B likewise)",
        kind: Kind::Identity("each of the four counts rearranges stones and empty points within each side's area, which leaves the area margin unchanged (T5, T6)"),
        verdict: identity_verdict(x, &["T5", "T6"]).0,
        evidence: "the editions differ from Tang-Song only in komi (rows above)".into(),
        corpus: "",
    });
    let a = x.rule("jpd-art");
    let st = x.rule("jpd-art-stones");
    out.push(Row {
        basis: &[],
        claim: "Art edition: equal territory, compare stones; a road point outside one's area is territory",
        source: "000:#11-16, #49, #64",
        kind: Kind::Measured,
        verdict: "measured; no sentence of the seeds claims the art edition's two procedures (jpd-art, jpd-art-stones) equal, the compatibility sentence names editions A and B only; road points outside one's enclosed area are not modelled".into(),
        evidence: format!(
            "jpd-art differs from jpd-tangsong in {} of {} games (winner {}); jpd-art-stones in {} (winner {})",
            a.divergent, a.compared, a.winner_differs, st.divergent, st.winner_differs
        ),
        corpus: "",
    });
    let (a8, m8, _, _) = x.finding("F8");
    out.push(Row {
        basis: &["F8"],
        claim: "Wang Yuan's rule: when the Japanese difference is odd, White filled the last dame",
        source: "000:#35, #89, #91",
        kind: Kind::Tested,
        verdict: if m8 == 0 {
            format!("holds on every game that tests it ({a8} games: paused, dame filled, no ko)")
        } else {
            format!("**fails** in {}: A - J is Black's extra real moves plus the points Japanese counting leaves out, so an odd number of shared liberties, one-sided seki eyes or one-sided dame flips the parity (findings.csv gives them per game); the text itself blames seki with eyes", of(m8, a8))
        },
        evidence: format!(
            "{}; seki with eyes in {} games, japanese diverges by seki_points in {}",
            finding_evidence(x, "F8"),
            x.get("seki_with_eyes_games"),
            x.cause("japanese", "seki_points")
        ),
        corpus: "hanezeki-7x7.sgf",
    });
    let (a6, m6, _, w6) = x.finding("F6");
    out.push(Row {
        basis: &["F6"],
        claim: "Art. 11's balancing (White's extra virtual move) and Art. 14's negative moves give the same result",
        source: "Art. 11, 14, 16 (B1)",
        kind: Kind::Measured,
        verdict: if m6 == 0 {
            format!("the two readings agree on every game it applies to ({a6} games)")
        } else {
            format!("the readings differ in {m6} of {a6} games (winner {w6})")
        },
        evidence: finding_evidence(x, "F6"),
        corpus: "walls-6x6-wfp-black-last.sgf",
    });
}

/// The ledger as a Markdown section.
pub fn ledger_section(x: &LedgerInput) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "## Claims ledger\n");
    let _ = writeln!(
        s,
        "One verdict per claim of the seed texts, computed from this folder's CSV files over the \
         {} settled games. The corpus file is a hand-counted game in `corpus/` that shows the \
         claim.\n\n\
         The column *kind* says what a verdict may claim: an *identity* follows from the \
         bookkeeping by algebra (the line says how), so its checks guard the code and would \
         pass on any sequence of moves; *tested* is a prediction the games could refute, counted \
         over the games that test it; *measured* is the effect of a definition or a reading; \
         *not testable* says why there is no test.\n",
        x.get("settled")
    );
    if let Some(e) = &x.exhaustive {
        let _ = writeln!(
            s,
            "The column *up to 4x4* is the same claim on every legal position of the boards \
             {} (`jpd exhaust`; see the section \"Exhaustive, boards up to 4x4\"): whether it \
             holds on every position the referee settled.\n",
            e.sizes
                .iter()
                .map(|(n, mode, complete)| format!(
                    "{n}x{n} ({mode}{})",
                    if *complete { "" } else { ", **incomplete**" }
                ))
                .collect::<Vec<_>>()
                .join(", ")
        );
        let _ = writeln!(
            s,
            "| claim | source | kind | verdict | evidence | up to 4x4 | corpus |"
        );
        let _ = writeln!(s, "| --- | --- | --- | --- | --- | --- | --- |");
    } else {
        let _ = writeln!(s, "| claim | source | kind | verdict | evidence | corpus |");
        let _ = writeln!(s, "| --- | --- | --- | --- | --- | --- |");
    }
    for r in rows(x) {
        let corpus = if r.corpus.is_empty() {
            String::new()
        } else {
            format!("`{}`", r.corpus)
        };
        match &x.exhaustive {
            Some(e) => {
                let _ = writeln!(
                    s,
                    "| {} | {} | {} | {} | {} | {} | {corpus} |",
                    r.claim,
                    r.source,
                    r.kind.cell(),
                    r.verdict,
                    r.evidence,
                    e.verdict(r.basis)
                );
            }
            None => {
                let _ = writeln!(
                    s,
                    "| {} | {} | {} | {} | {} | {corpus} |",
                    r.claim,
                    r.source,
                    r.kind.cell(),
                    r.verdict,
                    r.evidence,
                );
            }
        }
    }
    let _ = writeln!(s);
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every verdict follows the numbers: with T5 failing the fill-up claim says so, and the
    /// counts printed are the ones given.
    #[test]
    fn verdicts_follow_the_numbers() {
        let mut x = LedgerInput::default();
        x.totals.insert("settled".into(), 1000);
        x.totals.insert("t5_checked".into(), 990);
        x.totals.insert("t5_failed".into(), 0);
        x.findings = vec![(0, 0, 0, 0); FINDINGS.len()];
        x.findings[0] = (900, 7, 0, 0);
        let text = ledger_section(&x);
        assert!(text.contains("| tested | the count is an identity (T5, by construction); the fill is unstable (no choice of eye points works) in 7 of 900 games"), "{text}");
        x.totals.insert("t5_failed".into(), 3);
        let text = ledger_section(&x);
        assert!(text.contains("**fails** (3 invariant failures"), "{text}");
        assert!(!text.contains("up to 4x4"));
        // With exhaustive runs: a column per claim, from their totals.
        let mut e = Exhaustive {
            sizes: vec![(3, "all".into(), true)],
            settled_positions: 1995,
            ..Exhaustive::default()
        };
        e.totals.insert("t5_checked".into(), 5543);
        e.findings = vec![(0, 0, 0, 0); FINDINGS.len()];
        e.findings[0] = (5000, 12, 0, 1);
        x.exhaustive = Some(e);
        let text = ledger_section(&x);
        assert!(text.contains("| up to 4x4 |"), "{text}");
        assert!(
            text.contains("holds on every settled position (1995 positions, 5543 games); F1 matters in 12 of 5000 games (winner 1)"),
            "{text}"
        );
    }
}
