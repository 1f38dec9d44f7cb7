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

/// One row of the ledger.
struct Row {
    /// The invariants (`T..`) and findings (`F..`) the verdict rests on.
    basis: &'static [&'static str],
    claim: &'static str,
    source: &'static str,
    verdict: String,
    evidence: String,
    corpus: &'static str,
}

/// "holds on every settled game that tests it (N games)" when none of `theorems` failed, else
/// "fails (N games)" naming the theorems.
fn invariant_verdict(x: &LedgerInput, theorems: &[&str]) -> (String, String) {
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
        format!("holds on every settled game that tests it ({checked} games)")
    } else {
        format!("**fails** ({failed} invariant failures: a bug of the harness)")
    };
    (v, ev.join("; "))
}

fn finding_evidence(x: &LedgerInput, f: &str) -> String {
    let (a, m, mc, wc) = x.finding(f);
    format!("{f}: applies to {a} games, the reading matters in {m}, margin changes in {mc}, winner in {wc}")
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

/// The rows of Part 1, items 1 to 4: what area and territory are, and how virtual moves are
/// kept.
fn counting_claims(x: &LedgerInput, out: &mut Vec<Row>) {
    let (v, e) = invariant_verdict(x, &["T6"]);
    out.push(Row {
        basis: &["T6"],
        claim:
            "Stones and territory are both area, and more area wins, also when counting territory",
        source: "Part 1 item 1, Art. 1",
        verdict: v,
        evidence: format!("territory and area give the same winner and margin; {e}"),
        corpus: "walls-6x6-wfp-black-last.sgf",
    });
    let j = x.rule("japanese");
    out.push(Row {
        basis: &[],
        claim: "Japanese 'only territory is area' errs because it ignores what stones need to live",
        source: "Part 1 item 2, Art. 5",
        verdict: "not testable by play: a criticism of a definition".into(),
        evidence: format!(
            "what it costs is measured: japanese differs from jpd-tangsong in {} of {} games, the winner in {}",
            j.divergent, j.compared, j.winner_differs
        ),
        corpus: "seki-both-eyes-6x6.sgf",
    });
    let (v, e) = invariant_verdict(x, &["T1", "T2", "T6"]);
    let (fa, fm, _, _) = x.finding("F3");
    out.push(Row {
        basis: &["T1", "T2", "T6", "F3"],
        claim: "Equal stones, compare territory: after the fill-back both sides hold k stones and the territory difference decides",
        source: "Part 1 item 3, Art. 17, 19(1)",
        verdict: if fm == 0 { v } else { format!("{v}, reading the Art. 17 overflow as k - s stones each") },
        evidence: format!("{e}; the overflow happens in {fa} games"),
        corpus: "overflow-6x6.sgf",
    });
    let (v, e) = invariant_verdict(x, &["T7"]);
    out.push(Row {
        basis: &["T7"],
        claim: "A virtual move is a move: its stone is kept off the board and filled back",
        source: "Part 1 item 4, Art. 3",
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
        verdict: "a matter of definition (a komi rule); its effect is measured".into(),
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
    out.push(Row {
        basis: &[],
        claim: "Every dame is filled before the pause; the holder of a one-sided dame or a ko passes first and fills after",
        source: "Part 1 item 6, Art. 10",
        verdict: "a rule of play, not a claim: counted".into(),
        evidence: format!("dame left at the pause in {} games (counted half each)", x.get("dame_left_games")),
        corpus: "",
    });
    out.push(Row {
        basis: &[],
        claim: "An unfilled single ko still counts its point",
        source: "Part 1 item 7, Art. 10, 19(1)",
        verdict: "a matter of definition: applied (the referee settles the ko stone by it)".into(),
        evidence: format!("unfilled ko in {} games", x.get("unfilled_ko_games")),
        corpus: "unfilled-ko-6x6.sgf",
    });
    out.push(Row {
        basis: &[],
        claim: "A seki with eyes has points",
        source: "Part 1 item 8, Art. 1, 19(1)",
        verdict: "a matter of definition: applied (seki eyes are territory)".into(),
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
        verdict: if m4 == 0 {
            format!("holds under both readings of C1 on every settled game that tests it ({a4} games)")
        } else {
            format!("holds only under a named reading (C1): the other reading changes the count in {m4} of {a4} games, the winner in {w4}")
        },
        evidence: finding_evidence(x, "F4"),
        corpus: "one-sided-dame-siyuan-7x7.sgf",
    });
    let (v, e) = invariant_verdict(x, &["T1", "T2", "T6", "T7"]);
    out.push(Row {
        basis: &["T1", "T2", "T6", "T7"],
        claim: "Territory counting can settle every dispute by play",
        source: "Part 1 item 10, Art. 3, 16",
        verdict: format!("{v}; disputes counted at the next pause"),
        evidence: format!(
            "{} games with a dispute and resumption; {e}",
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
    let (v, e) = invariant_verdict(x, &["T11"]);
    let (a2, m2, _, w2) = x.finding("F2");
    out.push(Row {
        basis: &["T11", "F2"],
        claim: "Negative moves (type A, type B) balance the move counts",
        source: "Part 1 item 11, Art. 13, 14",
        verdict: if m2 == 0 {
            v
        } else {
            format!("holds only under a named reading (B2, the decree): taken physically the stone chosen matters in {m2} of {a2} games, the winner in {w2}")
        },
        evidence: format!("{e}; {}", finding_evidence(x, "F2")),
        corpus: "one-sided-dame-siyuan-7x7.sgf",
    });
    let (v, e) = invariant_verdict(x, &["T2", "T3", "T5", "T6"]);
    out.push(Row {
        basis: &["T2", "T3", "T5", "T6", "F3"],
        claim: "Territory counting, area counting and the fill-up count are compatible",
        source: "Part 1 item 12, Art. 19, 20, 21",
        verdict: if fm == 0 {
            v
        } else {
            format!("{v}, under the k - s reading of the overflow")
        },
        evidence: e,
        corpus: "walls-6x6-wfp-black-last.sgf",
    });
    out.push(Row {
        basis: &["T15", "T17"],
        claim: "With the 1-point rule and komi 3 1/4 stones, Chinese and Ing counting agree exactly with Tang-Song",
        source: "Part 1 item 12 (note)",
        verdict: if komi_only && c.unexplained == 0 {
            format!("holds on every settled game ({} games): every divergence of chinese is the komi term", c.compared)
        } else {
            "fails: chinese diverges by other causes too".into()
        },
        evidence: format!("chinese: {} divergent of {}, unexplained {}; T15 (Ing's bowls) {} failures", c.divergent, c.compared, c.unexplained, x.theorem("T15").1),
        corpus: "",
    });
    out.push(Row {
        basis: &[],
        claim: "Japanese and Korean counting give basically the same result in the usual case",
        source: "Part 1 item 12 (note)",
        verdict: format!(
            "holds in {:.1}% of settled games for the winner",
            if j.compared == 0 {
                0.0
            } else {
                100.0 * (j.compared - j.winner_differs) as f64 / j.compared as f64
            }
        ),
        evidence: format!(
            "japanese: winner differs in {} of {} games, margin in {}; causes {}",
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
    let (v, e) = invariant_verdict(x, &["T4", "T9"]);
    out.push(Row {
        basis: &["T4", "T9"],
        claim: "After four consecutive virtual moves every stone on the board is alive, and stones and liberties are area",
        source: "Part 1 item 13, Art. 18",
        verdict: format!("a matter of definition: applied; {v}"),
        evidence: format!("four-virtual-move ends: {} games; {e}", x.get("four_pass_end_games")),
        corpus: "four-virtual-moves-5x5.sgf",
    });
    out.push(Row {
        basis: &["T2", "F3"],
        claim: "B = b + k + q/2 and W = w + k + q/2",
        source: "Art. 19(3)",
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
    let (v, e) = invariant_verdict(x, &["T5"]);
    let (a1, m1, _, _) = x.finding("F1");
    out.push(Row {
        basis: &["T5", "F1"],
        claim: "The fill-up count confirms the area count",
        source: "Art. 21",
        verdict: if m1 == 0 {
            format!("{v}; every fill is stable")
        } else {
            format!(
                "{v}; the fill is unstable (no choice of eye points works) in {m1} of {a1} games"
            )
        },
        evidence: format!("{e}; {}", finding_evidence(x, "F1")),
        corpus: "hanezeki-7x7.sgf",
    });
    let (v, e) = invariant_verdict(x, &["T12"]);
    out.push(Row {
        basis: &["T12"],
        claim: "Edition A (komi 7.5 when White passes first, else 6.5) equals Tang-Song",
        source: "000:#10, #73",
        verdict: v,
        evidence: e,
        corpus: "",
    });
    let b = x.rule("jpd-b");
    out.push(Row {
        basis: &[],
        claim: "Edition B: komi 7.5 whoever passes first",
        source: "000:#10",
        verdict: "a matter of definition; its difference is measured".into(),
        evidence: format!(
            "jpd-b names another winner than jpd-tangsong in {} of {} games",
            b.winner_differs, b.compared
        ),
        corpus: "",
    });
    let a = x.rule("jpd-art");
    let st = x.rule("jpd-art-stones");
    out.push(Row {
        basis: &[],
        claim: "Art edition: equal territory, compare stones; a road point outside one's area is territory",
        source: "000:#11-16, #49, #64",
        verdict: "measured, not claimed equal; road points outside one's enclosed area are not modelled".into(),
        evidence: format!(
            "jpd-art differs from jpd-tangsong in {} of {} games (winner {}); jpd-art-stones in {} (winner {})",
            a.divergent, a.compared, a.winner_differs, st.divergent, st.winner_differs
        ),
        corpus: "",
    });
    out.push(Row {
        basis: &[],
        claim: "Wang Yuan's case: a seki with eyes scores its eyes under area counting, nothing under Japanese rules",
        source: "000:#35, #89, #91",
        verdict: "holds by definition of the two counts; measured".into(),
        evidence: format!(
            "seki with eyes in {} games; japanese diverges by seki_points in {} games",
            x.get("seki_with_eyes_games"),
            x.cause("japanese", "seki_points")
        ),
        corpus: "seki-both-eyes-6x6.sgf",
    });
    let (a6, m6, _, w6) = x.finding("F6");
    out.push(Row {
        basis: &["F6"],
        claim: "Art. 11's balancing (White's extra virtual move) and Art. 14's negative moves give the same result",
        source: "Art. 11, 14, 16 (B1)",
        verdict: if m6 == 0 {
            format!("holds on every settled game that tests it ({a6} games)")
        } else {
            format!("fails in {m6} of {a6} games (winner {w6})")
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
         claim.\n",
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
            "| claim | source | verdict | evidence | up to 4x4 | corpus |"
        );
        let _ = writeln!(s, "| --- | --- | --- | --- | --- | --- |");
    } else {
        let _ = writeln!(s, "| claim | source | verdict | evidence | corpus |");
        let _ = writeln!(s, "| --- | --- | --- | --- | --- |");
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
                    "| {} | {} | {} | {} | {} | {corpus} |",
                    r.claim,
                    r.source,
                    r.verdict,
                    r.evidence,
                    e.verdict(r.basis)
                );
            }
            None => {
                let _ = writeln!(
                    s,
                    "| {} | {} | {} | {} | {corpus} |",
                    r.claim, r.source, r.verdict, r.evidence,
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
        assert!(text.contains("holds on every settled game that tests it (990 games); the fill is unstable (no choice of eye points works) in 7 of 900 games"), "{text}");
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
