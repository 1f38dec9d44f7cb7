//! The campaign summary: per board size and policy, how many games, how often each theorem was
//! checked and failed, how many games panicked, and how often each edge case was reached.
//!
//! A [`Summary`] is a sum of per-game counters, so it is the same whatever order the games are
//! added in: the campaign keeps it in its manifest at every checkpoint (so that a resumed run
//! goes on counting where it stopped) and `jpd merge` adds the shards' summaries together.
//! [`Summary::write_csv`] writes it as `summary.csv`: one row per (size, policy), sorted by size
//! then policy name, with the columns of [`Summary::header`].

use std::collections::BTreeMap;
use std::io::Write;

use serde::{Deserialize, Serialize};

use super::generate::EdgeCases;
use super::outcome::GameOutcome;
use crate::checks::{Verdict, FINDINGS, THEOREMS};
use crate::counting::Half;
use crate::rules::{Cause, RuleId};
use crate::settlement::referee::Unsettled;

mod rows;

pub(crate) use rows::writer_with_header;
pub use rows::{DivergenceSummaryRow, FindingsSummaryRow};

/// The counters of one (size, policy) cell.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    /// Board size.
    pub size: u8,
    /// The concrete policy that generated the games (as in games.csv), or the campaign policy
    /// for a game that panicked.
    pub policy: String,
    /// Games.
    pub games: u64,
    /// Games the referee settled (or that ended by four virtual moves): the only games any
    /// verdict is drawn from.
    #[serde(default)]
    pub settled: u64,
    /// Per reason (in [`Unsettled::ALL`] order): games left unsettled for it.
    #[serde(default)]
    pub unsettled: Vec<u64>,
    /// Per theorem (indexed by [`TheoremId::index`](crate::checks::TheoremId::index)): games
    /// where it held or failed.
    pub checked: Vec<u64>,
    /// Per theorem: games where it failed.
    pub failed: Vec<u64>,
    /// Games that panicked.
    pub panics: u64,
    /// Per edge case (in [`EdgeCases::NAMES`] order): games that contain it.
    pub edges: Vec<u64>,
    /// Per finding (in [`FINDINGS`] order): settled games it applies to.
    #[serde(default)]
    pub finding_applies: Vec<u64>,
    /// Per finding: games where the text's reading makes a difference.
    #[serde(default)]
    pub finding_matters: Vec<u64>,
    /// Per finding: games where it changes jpd-tangsong's margin.
    #[serde(default)]
    pub finding_margin: Vec<u64>,
    /// Per finding: games where it changes the winner.
    #[serde(default)]
    pub finding_winner: Vec<u64>,
}

impl Tally {
    fn new(size: u8, policy: &str) -> Tally {
        Tally {
            size,
            policy: policy.to_string(),
            games: 0,
            settled: 0,
            unsettled: vec![0; Unsettled::ALL.len()],
            checked: vec![0; THEOREMS.len()],
            failed: vec![0; THEOREMS.len()],
            panics: 0,
            edges: vec![0; EdgeCases::NAMES.len()],
            finding_applies: vec![0; FINDINGS.len()],
            finding_matters: vec![0; FINDINGS.len()],
            finding_margin: vec![0; FINDINGS.len()],
            finding_winner: vec![0; FINDINGS.len()],
        }
    }

    fn add(&mut self, other: &Tally) {
        self.games += other.games;
        self.settled += other.settled;
        self.unsettled.resize(Unsettled::ALL.len(), 0);
        for (a, b) in self.unsettled.iter_mut().zip(&other.unsettled) {
            *a += b;
        }
        self.panics += other.panics;
        for (a, b) in self.checked.iter_mut().zip(&other.checked) {
            *a += b;
        }
        for (a, b) in self.failed.iter_mut().zip(&other.failed) {
            *a += b;
        }
        for (a, b) in self.edges.iter_mut().zip(&other.edges) {
            *a += b;
        }
        for (mine, theirs) in [
            (&mut self.finding_applies, &other.finding_applies),
            (&mut self.finding_matters, &other.finding_matters),
            (&mut self.finding_margin, &other.finding_margin),
            (&mut self.finding_winner, &other.finding_winner),
        ] {
            mine.resize(FINDINGS.len(), 0);
            for (a, b) in mine.iter_mut().zip(theirs) {
                *a += b;
            }
        }
    }
}

/// Divergence counters of one (size, rule set) cell: the rule set against jpd-tangsong.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DivTally {
    /// Board size.
    pub size: u8,
    /// The rule set compared with jpd-tangsong.
    pub rules: String,
    /// Games scored under both.
    pub compared: u64,
    /// Games where the winner or the board margin differs.
    pub divergent: u64,
    /// Games where the winner differs.
    pub winner_differs: u64,
    /// Games where the board margin (komi aside) differs.
    pub board_margin_differs: u64,
    /// Games whose divergence the causes do not account for.
    pub unexplained: u64,
    /// Per cause (in [`Cause::ALL`] order): divergent games where the cause's term is nonzero.
    pub by_cause: Vec<u64>,
    /// Per cause: games with a different winner where the cause's term is nonzero.
    pub winner_by_cause: Vec<u64>,
}

impl DivTally {
    fn new(size: u8, rules: &str) -> DivTally {
        DivTally {
            size,
            rules: rules.to_string(),
            by_cause: vec![0; Cause::ALL.len()],
            winner_by_cause: vec![0; Cause::ALL.len()],
            ..DivTally::default()
        }
    }

    fn add(&mut self, o: &DivTally) {
        self.compared += o.compared;
        self.divergent += o.divergent;
        self.winner_differs += o.winner_differs;
        self.board_margin_differs += o.board_margin_differs;
        self.unexplained += o.unexplained;
        for (a, b) in self.by_cause.iter_mut().zip(&o.by_cause) {
            *a += b;
        }
        for (a, b) in self.winner_by_cause.iter_mut().zip(&o.winner_by_cause) {
            *a += b;
        }
    }
}

/// The summary's counters as kept in a manifest.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SummaryData {
    /// The (size, policy) cells.
    pub cells: Vec<Tally>,
    /// The (size, rule set) divergence cells.
    #[serde(default)]
    pub divergences: Vec<DivTally>,
}

/// The summary of a campaign (or of part of one).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    cells: BTreeMap<(u8, String), Tally>,
    div: BTreeMap<(u8, usize), DivTally>,
}

impl Summary {
    /// An empty summary.
    pub fn new() -> Summary {
        Summary::default()
    }

    fn cell(&mut self, size: u8, policy: &str) -> &mut Tally {
        self.cells
            .entry((size, policy.to_string()))
            .or_insert_with(|| Tally::new(size, policy))
    }

    fn div_cell(&mut self, size: u8, rule: usize) -> &mut DivTally {
        self.div
            .entry((size, rule))
            .or_insert_with(|| DivTally::new(size, RuleId::ALL[rule].as_str()))
    }

    fn add_divergences(&mut self, o: &GameOutcome) {
        if o.scores.is_empty() {
            return;
        }
        let size = o.game.key.size;
        for i in 1..RuleId::ALL.len() {
            self.div_cell(size, i).compared += 1;
        }
        for d in &o.divergence_causes {
            let Some(i) = RuleId::ALL.iter().position(|&r| r == d.rules) else {
                continue;
            };
            let t = self.div_cell(size, i);
            t.divergent += 1;
            t.winner_differs += d.winner_differs as u64;
            t.board_margin_differs += (d.margin_difference != d.komi_term) as u64;
            t.unexplained += (d.unexplained != Half::ZERO) as u64;
            for (k, &c) in Cause::ALL.iter().enumerate() {
                if d.causes.get(c) != Half::ZERO {
                    t.by_cause[k] += 1;
                    t.winner_by_cause[k] += d.winner_differs as u64;
                }
            }
        }
    }

    /// The divergence cells, sorted by size then rule set (report order).
    pub fn divergence_tallies(&self) -> Vec<DivTally> {
        self.div.values().cloned().collect()
    }

    /// Writes divergence_summary.csv: one row per (size, rule set, cause), tidy, with `any` for
    /// all causes together.
    pub fn write_divergence_csv<W: Write>(&self, master_seed: u64, out: W) -> csv::Result<()> {
        let mut w = writer_with_header(out, &DivergenceSummaryRow::HEADER)?;
        for t in self.div.values() {
            w.serialize(DivergenceSummaryRow {
                master_seed,
                size: t.size,
                rules: t.rules.clone(),
                cause: "any".to_string(),
                games_compared: t.compared,
                games_divergent: t.divergent,
                games_winner_differs: t.winner_differs,
                games_board_margin_differs: Some(t.board_margin_differs),
                games_unexplained: Some(t.unexplained),
            })?;
            for (k, c) in Cause::ALL.iter().enumerate() {
                w.serialize(DivergenceSummaryRow {
                    master_seed,
                    size: t.size,
                    rules: t.rules.clone(),
                    cause: c.as_str().to_string(),
                    games_compared: t.compared,
                    games_divergent: t.by_cause[k],
                    games_winner_differs: t.winner_by_cause[k],
                    games_board_margin_differs: None,
                    games_unexplained: None,
                })?;
            }
        }
        w.flush()?;
        Ok(())
    }

    /// Counts one game.
    pub fn add_game(&mut self, o: &GameOutcome) {
        self.add_divergences(o);
        let t = self.cell(o.game.key.size, &o.game.key.policy);
        t.games += 1;
        match o.unsettled {
            None => t.settled += (o.game.end != "panic") as u64,
            Some(r) => {
                let i = Unsettled::ALL.iter().position(|&x| x == r).unwrap_or(0);
                t.unsettled[i] += 1;
            }
        }
        for (id, v) in o.verdicts.iter() {
            let i = id.index();
            match v {
                Verdict::Holds => t.checked[i] += 1,
                Verdict::Fails => {
                    t.checked[i] += 1;
                    t.failed[i] += 1;
                }
                Verdict::NotApplicable => {}
            }
        }
        if o.violations.iter().any(|v| v.theorem == "panic") {
            t.panics += 1;
        }
        for (i, f) in o.edges.flags().iter().enumerate() {
            t.edges[i] += *f as u64;
        }
        for r in &o.findings {
            let i = FINDINGS
                .iter()
                .position(|&x| x == r.finding)
                .expect("a finding id");
            t.finding_applies[i] += 1;
            t.finding_matters[i] += r.matters as u64;
            t.finding_margin[i] += r.margin_changes as u64;
            t.finding_winner[i] += r.winner_changes as u64;
        }
    }

    /// Adds another summary's counters to this one.
    pub fn merge(&mut self, other: &Summary) {
        for t in other.cells.values() {
            self.cell(t.size, &t.policy).add(t);
        }
        for (&(size, i), t) in &other.div {
            self.div_cell(size, i).add(t);
        }
    }

    /// Games counted in all cells.
    pub fn games(&self) -> u64 {
        self.cells.values().map(|t| t.games).sum()
    }

    /// The counters as kept in a manifest.
    pub fn data(&self) -> SummaryData {
        SummaryData {
            cells: self.cells.values().cloned().collect(),
            divergences: self.divergence_tallies(),
        }
    }

    /// A summary from its counters (as kept in a manifest). Cells of the same key are added; a
    /// cell whose vectors have the wrong length is an error.
    pub fn from_data(data: &SummaryData) -> Result<Summary, String> {
        let mut s = Summary::new();
        for t in &data.divergences {
            let i = RuleId::ALL
                .iter()
                .position(|r| r.as_str() == t.rules)
                .ok_or_else(|| format!("divergence cell of unknown rule set {}", t.rules))?;
            if t.by_cause.len() != Cause::ALL.len() || t.winner_by_cause.len() != Cause::ALL.len() {
                return Err(format!(
                    "divergence cell size {} rules {} has {} causes, expected {}",
                    t.size,
                    t.rules,
                    t.by_cause.len(),
                    Cause::ALL.len()
                ));
            }
            s.div_cell(t.size, i).add(t);
        }
        for t in &data.cells {
            if t.checked.len() != THEOREMS.len()
                || t.failed.len() != THEOREMS.len()
                || t.edges.len() != EdgeCases::NAMES.len()
            {
                return Err(format!(
                    "summary cell size {} policy {} has {} theorems and {} edge cases, expected {} and {}",
                    t.size,
                    t.policy,
                    t.checked.len(),
                    t.edges.len(),
                    THEOREMS.len(),
                    EdgeCases::NAMES.len()
                ));
            }
            s.cell(t.size, &t.policy).add(t);
        }
        Ok(s)
    }

    /// The column names of summary.csv: `master_seed`, `size`, `policy`, `games`, `settled`,
    /// `unsettled_<reason>` for each reason, then `t1_checked`,
    /// `t1_failed`, ... for each theorem, `panics`, then `<edge case>_games` for each edge case.
    pub fn header() -> Vec<String> {
        let mut h = vec![
            "master_seed".to_string(),
            "size".into(),
            "policy".into(),
            "games".into(),
            "settled".into(),
        ];
        for r in Unsettled::ALL {
            h.push(format!("unsettled_{}", r.as_str()));
        }
        for t in THEOREMS {
            let t = t.to_ascii_lowercase();
            h.push(format!("{t}_checked"));
            h.push(format!("{t}_failed"));
        }
        h.push("panics".into());
        for e in EdgeCases::NAMES {
            h.push(format!("{e}_games"));
        }
        h
    }

    /// Writes findings_summary.csv: one row per (size, policy, finding) with the settled games
    /// it applies to, those where the reading matters, and those where it changes the margin
    /// and the winner.
    pub fn write_findings_csv<W: Write>(&self, master_seed: u64, out: W) -> csv::Result<()> {
        let mut w = writer_with_header(out, &FindingsSummaryRow::HEADER)?;
        for t in self.cells.values() {
            for (i, f) in FINDINGS.iter().enumerate() {
                let get = |v: &Vec<u64>| v.get(i).copied().unwrap_or(0);
                w.serialize(FindingsSummaryRow {
                    master_seed,
                    size: t.size,
                    policy: t.policy.clone(),
                    finding: f.to_string(),
                    settled_games: t.settled,
                    applies_games: get(&t.finding_applies),
                    matters_games: get(&t.finding_matters),
                    margin_changes_games: get(&t.finding_margin),
                    winner_changes_games: get(&t.finding_winner),
                })?;
            }
        }
        w.flush()?;
        Ok(())
    }

    /// Writes summary.csv (the header even when there is no game), with the campaign's master
    /// seed in every row.
    pub fn write_csv<W: Write>(&self, master_seed: u64, out: W) -> csv::Result<()> {
        let mut w = csv::Writer::from_writer(out);
        w.write_record(Self::header())?;
        for t in self.cells.values() {
            let mut row = vec![
                master_seed.to_string(),
                t.size.to_string(),
                t.policy.clone(),
                t.games.to_string(),
                t.settled.to_string(),
            ];
            for i in 0..Unsettled::ALL.len() {
                row.push(t.unsettled.get(i).copied().unwrap_or(0).to_string());
            }
            for (c, f) in t.checked.iter().zip(&t.failed) {
                row.push(c.to_string());
                row.push(f.to_string());
            }
            row.push(t.panics.to_string());
            for e in &t.edges {
                row.push(e.to_string());
            }
            w.write_record(&row)?;
        }
        w.flush()?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::harness::generate::{GameSpec, Policy};
    use crate::harness::outcome::{run_game, RunOptions};

    #[test]
    fn merge_equals_adding_every_game() {
        let opts = RunOptions::default();
        let outs: Vec<_> = (0..12)
            .map(|i| {
                run_game(
                    &GameSpec {
                        master_seed: 3,
                        index: i,
                        size: 5 + 2 * (i % 2) as u8,
                        policy: Policy::Mixed,
                    },
                    &opts,
                )
            })
            .collect();
        let mut all = Summary::new();
        let (mut a, mut b) = (Summary::new(), Summary::new());
        for (i, o) in outs.iter().enumerate() {
            all.add_game(o);
            if i % 3 == 0 {
                a.add_game(o)
            } else {
                b.add_game(o)
            }
        }
        a.merge(&b);
        assert_eq!(a, all);
        assert_eq!(Summary::from_data(&all.data()).unwrap(), all);
        let mut x = Vec::new();
        all.write_csv(3, &mut x).unwrap();
        let text = String::from_utf8(x).unwrap();
        assert!(text.starts_with("master_seed,size,policy,games,settled,unsettled_open_area,"));
        assert_eq!(all.games(), 12);
    }
}
