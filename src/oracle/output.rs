//! The output of an oracle run: `oracle.csv` (its writer and columns), the summary by rule set
//! and category, the SGF of every disagreement, and the SGF of a self-play game.

use std::io::Write;
use std::path::Path;

use super::{compare, CompareOptions, GnuGoPair, OracleError, OracleInput, OracleRow, OracleRules};
use crate::engine::{Coord, Game, PerSide};
use crate::files::{csv_err, io_err};
use crate::sgf::SgfWriter;

/// Writes rows as CSV, header first, in the order given.
pub fn write_csv<W: Write>(out: W, rows: &[OracleRow]) -> csv::Result<()> {
    let mut w = csv::Writer::from_writer(out);
    for r in rows {
        w.serialize(r)?;
    }
    if rows.is_empty() {
        w.write_record(CSV_HEADER)?;
    }
    w.flush()?;
    Ok(())
}

/// The columns of `oracle.csv`.
pub const CSV_HEADER: [&str; 19] = [
    "file",
    "game_seed",
    "size",
    "rules",
    "komi",
    "dead_source",
    "gnugo_result",
    "our_result",
    "record_result",
    "gnugo_margin_b_minus_w",
    "our_margin_b_minus_w",
    "agree",
    "category",
    "dead_gnugo",
    "dead_ours",
    "differing_points",
    "open_points",
    "theorems_failed",
    "detail",
];

/// Counts of an oracle run: games, rows, agreements, and disagreements by category.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OracleSummary {
    /// Rows per rule set: (rows, agreements).
    pub by_rules: std::collections::BTreeMap<String, (usize, usize)>,
    /// Disagreements per (rule set, category).
    pub by_category: std::collections::BTreeMap<(String, &'static str), usize>,
    /// Rows per rule set whose board has no open point (no dame, seki liberty, one-sided dame
    /// or unfilled ko left): (rows, agreements).
    pub finished: std::collections::BTreeMap<String, (usize, usize)>,
}

impl OracleSummary {
    /// The summary of rows.
    pub fn of(rows: &[OracleRow]) -> Self {
        let mut s = OracleSummary::default();
        for r in rows {
            let e = s.by_rules.entry(r.rules.clone()).or_default();
            e.0 += 1;
            e.1 += r.agree as usize;
            if r.open_points == Some(0) {
                let f = s.finished.entry(r.rules.clone()).or_default();
                f.0 += 1;
                f.1 += r.agree as usize;
            }
            if !r.agree {
                *s.by_category
                    .entry((r.rules.clone(), r.category_name()))
                    .or_default() += 1;
            }
        }
        s
    }

    /// One line per rule set: `chinese: 48 games, 48 agree`, then the categories, then the
    /// games whose board has no open point (`; with no open point: 40 games, 40 agree`).
    pub fn lines(&self) -> Vec<String> {
        let mut out = Vec::new();
        for (rules, (n, ok)) in &self.by_rules {
            let cats: Vec<String> = self
                .by_category
                .iter()
                .filter(|((r, _), _)| r == rules)
                .map(|((_, c), k)| format!("{c} {k}"))
                .collect();
            let (fin, fin_ok) = self.finished.get(rules).copied().unwrap_or_default();
            out.push(format!(
                "{rules}: {n} games, {ok} agree{}; with no open point: {fin} games, {fin_ok} agree",
                if cats.is_empty() {
                    String::new()
                } else {
                    format!(", {} disagree ({})", n - ok, cats.join(", "))
                }
            ));
        }
        out
    }
}

/// The folder, beside `oracle.csv`, that holds the SGF of every disagreement.
pub const DISAGREEMENTS_DIR: &str = "disagreements";

/// Compares every input and writes `out/oracle.csv` and `out/disagreements/*.sgf`. `on_game` is
/// called after each game (for progress).
pub fn run(
    gnugo: &mut GnuGoPair,
    inputs: &[OracleInput],
    opts: &CompareOptions,
    out: &Path,
    on_game: &mut dyn FnMut(&OracleInput, &[OracleRow]),
) -> Result<(Vec<OracleRow>, OracleSummary), OracleError> {
    std::fs::create_dir_all(out).map_err(io_err(out))?;
    let dis = out.join(DISAGREEMENTS_DIR);
    if dis.exists() {
        std::fs::remove_dir_all(&dis).map_err(io_err(&dis))?;
    }
    let mut rows = Vec::new();
    let mut names = std::collections::BTreeSet::new();
    for input in inputs {
        let r = compare(gnugo, input, opts);
        on_game(input, &r);
        if r.iter().any(|row| !row.agree) {
            std::fs::create_dir_all(&dis).map_err(io_err(&dis))?;
            let path = dis.join(disagreement_name(&input.name, &mut names));
            crate::files::write_atomic(&path, &input.sgf)?;
        }
        rows.extend(r);
    }
    let path = out.join("oracle.csv");
    let mut f = crate::files::AtomicFile::create(&path)?;
    write_csv(&mut f, &rows).map_err(csv_err(&path))?;
    f.commit()?;
    let summary = OracleSummary::of(&rows);
    Ok((rows, summary))
}

/// The file name, in [`DISAGREEMENTS_DIR`], of the SGF of the input named `name`: its file name
/// (with `.sgf`), made unique among the names already `taken` by `-2`, `-3`, ... before the
/// extension, so that `a/game.sgf` and `b/game.sgf` keep a file each.
pub fn disagreement_name(name: &str, taken: &mut std::collections::BTreeSet<String>) -> String {
    let base = Path::new(name)
        .file_name()
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_else(|| "game.sgf".into());
    let stem = base.strip_suffix(".sgf").unwrap_or(&base).to_string();
    let mut candidate = format!("{stem}.sgf");
    let mut k = 2;
    while !taken.insert(candidate.clone()) {
        candidate = format!("{stem}-{k}.sgf");
        k += 1;
    }
    candidate
}

/// Writes a finished self-play game as an SGF that [`compare`] and `jpd score` read.
pub fn sgf_of(
    game: &Game,
    comment: String,
    territory: PerSide<Vec<Coord>>,
    result: Option<String>,
) -> String {
    let mut w = SgfWriter::from_game(game);
    w.komi_half_points = Some(OracleRules::Chinese.komi().0 as i32);
    w.rules = Some("Chinese".into());
    w.result = result;
    w.comment = Some(comment);
    w.territory = territory;
    w.to_sgf()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn disagreements_of_inputs_with_one_file_name_keep_a_file_each() {
        let mut taken = std::collections::BTreeSet::new();
        let names: Vec<String> = ["a/game.sgf", "b/game.sgf", "c/game-2.sgf", "d/game", "game"]
            .iter()
            .map(|n| disagreement_name(n, &mut taken))
            .collect();
        assert_eq!(
            names,
            [
                "game.sgf",
                "game-2.sgf",
                "game-2-2.sgf",
                "game-3.sgf",
                "game-4.sgf"
            ]
        );
    }
}
