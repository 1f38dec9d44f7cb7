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
use crate::checks::{Verdict, THEOREMS};

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
    /// Per theorem (in [`THEOREMS`] order): games where it held or failed.
    pub checked: Vec<u64>,
    /// Per theorem: games where it failed.
    pub failed: Vec<u64>,
    /// Games that panicked.
    pub panics: u64,
    /// Per edge case (in [`EdgeCases::NAMES`] order): games that contain it.
    pub edges: Vec<u64>,
}

impl Tally {
    fn new(size: u8, policy: &str) -> Tally {
        Tally {
            size,
            policy: policy.to_string(),
            games: 0,
            checked: vec![0; THEOREMS.len()],
            failed: vec![0; THEOREMS.len()],
            panics: 0,
            edges: vec![0; EdgeCases::NAMES.len()],
        }
    }

    fn add(&mut self, other: &Tally) {
        self.games += other.games;
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
    }
}

/// The summary of a campaign (or of part of one).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    cells: BTreeMap<(u8, String), Tally>,
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

    /// Counts one game.
    pub fn add_game(&mut self, o: &GameOutcome) {
        let t = self.cell(o.game.size, o.game.policy);
        t.games += 1;
        for (i, v) in o.verdicts.iter().enumerate().take(THEOREMS.len()) {
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
    }

    /// Adds another summary's counters to this one.
    pub fn merge(&mut self, other: &Summary) {
        for t in other.cells.values() {
            self.cell(t.size, &t.policy).add(t);
        }
    }

    /// Games counted in all cells.
    pub fn games(&self) -> u64 {
        self.cells.values().map(|t| t.games).sum()
    }

    /// The cells, sorted by size then policy.
    pub fn tallies(&self) -> Vec<Tally> {
        self.cells.values().cloned().collect()
    }

    /// A summary from cells (as kept in a manifest). Cells of the same key are added; a cell
    /// whose vectors have the wrong length is an error.
    pub fn from_tallies(tallies: &[Tally]) -> Result<Summary, String> {
        let mut s = Summary::new();
        for t in tallies {
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

    /// The column names of summary.csv: `master_seed`, `size`, `policy`, `games`, then `t1_checked`,
    /// `t1_failed`, ... for each theorem, `panics`, then `<edge case>_games` for each edge case.
    pub fn header() -> Vec<String> {
        let mut h = vec![
            "master_seed".to_string(),
            "size".into(),
            "policy".into(),
            "games".into(),
        ];
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
            ];
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
        assert_eq!(Summary::from_tallies(&all.tallies()).unwrap(), all);
        let mut x = Vec::new();
        all.write_csv(3, &mut x).unwrap();
        let text = String::from_utf8(x).unwrap();
        assert!(text.starts_with("master_seed,size,policy,games,t1_checked,t1_failed,"));
        assert_eq!(all.games(), 12);
    }
}
