//! `FINDINGS.md`: a readable summary of a campaign, generated from its CSV files alone.
//!
//! Per theorem: games checked, failures, and the first example; per edge case: how often the
//! generator reached it, by board size; and how the rule sets' results differ, with the cause
//! worked out from the counts. Everything is read from `summary.csv`, `violations.csv`,
//! `games.csv` and `scores.csv` (streamed, in game order) and the deterministic part of
//! `manifest.json`, so the same campaign gives the same bytes.

use crate::files::{csv_err, io_err, FileError};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use crate::checks::analyse;
use crate::checks::{FindingId, TheoremId, FINDINGS, QUESTIONS, STATEMENTS, THEOREMS};
use crate::harness::campaign::{Manifest, SUMMARY_FILES};
use crate::harness::generate::generate;
use crate::harness::generate::EdgeCases;
use crate::harness::outcome::{DivergenceRow, FindingRow, RowKey, ViolationRow};
use crate::harness::shrink::shrinker;
use crate::harness::summary::{DivergenceSummaryRow, FindingsSummaryRow};
use crate::report::examples::write_example;
use crate::report::ledger;
use crate::report::svg::bar_chart;
use crate::rules::{japanese_unscored, Cause, DameReading, RuleId};
use crate::settlement::referee::Unsettled;

mod exhaustive;
mod pictures;
mod read;
use exhaustive::*;
use pictures::*;
use read::{cell, col, each_row, read_rows, reader};

/// Errors reading a campaign folder.
#[derive(Debug, thiserror::Error)]
pub enum FindingsError {
    /// A file could not be read, or its CSV is malformed.
    #[error(transparent)]
    File(#[from] FileError),
    /// The manifest could not be read.
    #[error("{0}")]
    Manifest(String),
    /// A cell of a CSV file does not hold what its column does (a number where a count goes).
    #[error("{path}: line {line}, column {column}: {why}")]
    Cell {
        /// The file.
        path: PathBuf,
        /// The line (1 = the header).
        line: u64,
        /// The column's name.
        column: String,
        /// What is wrong.
        why: String,
    },
    /// A column is missing.
    #[error("{path}: no column {column}")]
    Column {
        /// The file.
        path: PathBuf,
        /// The column.
        column: String,
    },
}

/// Builds the text of FINDINGS.md for the campaign in `dir`.
pub fn findings(dir: &Path) -> Result<String, FindingsError> {
    let manifest = Manifest::read(dir).map_err(|e| FindingsError::Manifest(e.to_string()))?;
    let mut s = String::new();
    header_section(&mut s, &manifest);
    let (per_size, total) = read_summary(dir)?;
    let first = first_failures(dir)?;
    settlement_section(&mut s, &per_size, &total);

    let div = read_divergences(dir)?;
    let ftotals = read_finding_totals(dir)?;
    let exhaustive = read_exhaustive(dir)?;
    let mut input = ledger_input(&total, &ftotals, &div);
    input.exhaustive = exhaustive.as_ref().map(|e| e.0.clone());
    input.seki_shapes = read_seki_shapes(dir)?;
    s.push_str(&ledger::ledger_section(&input));

    invariants_section(&mut s, &total, &first);
    s.push_str(&findings_section(dir, &ftotals)?);
    edge_cases_section(&mut s, &per_size, &total);
    if let Some(k) = &input.seki_shapes {
        let _ = writeln!(
            s,
            "**Seki shapes** (`games.csv`, column `seki_shapes`: each seki's strings with their \
             shared liberties, one-sided dame and eyes, as a pattern up to the board's symmetries \
             and the exchange of colours, corner and edge told apart): {}.\n",
            k.sentence()
        );
    }
    divergences_section(&mut s, &div);
    if let Some((_, section)) = &exhaustive {
        s.push_str(section);
    }
    let picks = example_picks(dir)?;
    examples_section(&mut s, &picks);
    Ok(s)
}

/// Per board size, the summary.csv columns summed over policies.
type PerSize = BTreeMap<u32, BTreeMap<String, u64>>;

/// First example of each theorem's failure: (game, seed, size, policy, detail).
type FirstFailures = BTreeMap<String, (String, String, String, String, String)>;

/// A summed column, 0 when absent.
fn get(m: &BTreeMap<String, u64>, k: &str) -> u64 {
    m.get(k).copied().unwrap_or(0)
}

/// The title and the campaign line.
fn header_section(s: &mut String, manifest: &Manifest) {
    let _ = writeln!(s, "# Findings\n");
    let _ =
        writeln!(
        s,
        "Campaign: {} games (sizes {}, policy `{}`, master seed {}, balancing `{}`), RNG `{}`. \
         Generated from the CSV files of this folder by `jpd findings`; every game is reproducible \
         with `jpd replay --seed {} --game I --sizes {}{}`.{}\n",
        manifest.games_done,
        manifest.sizes.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(","),
        manifest.policy,
        manifest.master_seed,
        manifest.balancing,
        manifest.rng_algorithm,
        manifest.master_seed,
        manifest.sizes.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(","),
        // `mixed` is jpd replay's default, as jpd run's.
        if manifest.policy == "mixed" {
            String::new()
        } else {
            format!(" --policy {}", manifest.policy)
        },
        if manifest.complete { "" } else { " **The campaign is not complete.**" }
    );
}

/// summary.csv: per (size, policy) rows, added up per size and overall.
fn read_summary(dir: &Path) -> Result<(PerSize, BTreeMap<String, u64>), FindingsError> {
    let path = dir.join("summary.csv");
    let mut rdr = reader(&path)?;
    let h = rdr.headers().map_err(csv_err(&path))?.clone();
    let size_c = col(&h, &path, "size")?;
    let games_c = col(&h, &path, "games")?;
    let mut per_size: BTreeMap<u32, BTreeMap<String, u64>> = BTreeMap::new();
    let mut total: BTreeMap<String, u64> = BTreeMap::new();
    for rec in rdr.records() {
        let rec = rec.map_err(csv_err(&path))?;
        let size: u32 = cell(&rec, size_c, &h, &path)?;
        let entry = per_size.entry(size).or_default();
        for (i, name) in h.iter().enumerate() {
            if i == size_c || name == "policy" || name == "master_seed" {
                continue;
            }
            let v: u64 = cell(&rec, i, &h, &path)?;
            *entry.entry(name.to_string()).or_default() += v;
            *total.entry(name.to_string()).or_default() += v;
        }
        let _ = games_c;
    }
    Ok((per_size, total))
}

/// The first example of each theorem's failure, from violations.csv.
fn first_failures(dir: &Path) -> Result<FirstFailures, FindingsError> {
    let vpath = dir.join("violations.csv");
    let mut first: BTreeMap<String, (String, String, String, String, String)> = BTreeMap::new();
    each_row(&vpath, |v: ViolationRow| {
        first.entry(v.theorem).or_insert_with(|| {
            (
                v.key.game.to_string(),
                v.key.seed.to_string(),
                v.key.size.to_string(),
                v.key.policy.into_owned(),
                v.detail,
            )
        });
        Ok(())
    })?;
    Ok(first)
}

/// Settlement: how many games the referee settled, per size, and why the others were not.
fn settlement_section(s: &mut String, per_size: &PerSize, total: &BTreeMap<String, u64>) {
    // Settlement: how many games the referee settled, per size, and why the others were not.
    let _ = writeln!(s, "## Settlement\n");
    let _ = writeln!(
        s,
        "Every generated game plays on until the referee (`settlement::referee`) proves the \
         status of every string: pass-alive, dead inside the opponent's pass-alive area or an \
         enclosed area too small for two eyes, or in a seki proven by a local search. A game it \
         cannot settle is counted here and drawn on for no verdict. Two kinds of settled game \
         test nothing about life and death and are counted apart: the four-virtual-move ends \
         (every stone alive by Art. 18) and the games without a real move; every other settled \
         game is a paused game with stones.\n"
    );
    let _ = write!(
        s,
        "| size | games | settled | of which four-pass ends | of which no real move | settled paused with a real move |"
    );
    for r in Unsettled::ALL {
        let _ = write!(s, " unsettled: {} |", r.as_str());
    }
    let _ = writeln!(s);
    let _ = write!(s, "| --- | ---: | ---: | ---: | ---: | ---: |");
    for _ in Unsettled::ALL {
        let _ = write!(s, " ---: |");
    }
    let _ = writeln!(s);
    let mut rows: Vec<(String, &BTreeMap<String, u64>)> = per_size
        .iter()
        .map(|(sz, m)| (format!("{sz}x{sz}"), m))
        .collect();
    rows.push(("all".into(), total));
    for (label, m) in rows {
        let (games, settled) = (get(m, "games"), get(m, "settled"));
        let (four, none) = (get(m, "four_pass_end_games"), get(m, "no_real_move_games"));
        let _ = write!(
            s,
            "| {label} | {games} | {} | {four} | {none} | {} |",
            rate(settled, games),
            rate(settled.saturating_sub(four + none), games)
        );
        for r in Unsettled::ALL {
            let _ = write!(s, " {} |", get(m, &format!("unsettled_{}", r.as_str())));
        }
        let _ = writeln!(s);
    }
    let _ = writeln!(s);
}

/// The invariants table, the first example of each failure, and what a failure means.
fn invariants_section(s: &mut String, total: &BTreeMap<String, u64>, first: &FirstFailures) {
    let _ = writeln!(
        s,
        "## Invariants ({}: a failure is a bug of the harness; docs/RULES.md section 8)\n",
        TheoremId::span()
    );
    let _ = writeln!(
        s,
        "| theorem | statement | games checked | failures | rate |"
    );
    let _ = writeln!(s, "| --- | --- | ---: | ---: | ---: |");
    for (t, statement) in THEOREMS.iter().zip(STATEMENTS) {
        let k = t.to_ascii_lowercase();
        let checked = get(total, &format!("{k}_checked"));
        let failed = get(total, &format!("{k}_failed"));
        let _ = writeln!(
            s,
            "| {t} | {statement} | {checked} | {failed} | {} |",
            rate(failed, checked)
        );
    }
    let panics = get(total, "panics");
    let _ = writeln!(s, "\nPanics caught: {panics}.\n");
    if first.is_empty() {
        let _ = writeln!(s, "No theorem failed.\n");
    } else {
        let _ = writeln!(s, "First example of each failure (the SGF files are in `violations/`; beside each, where the search finds them, `-shrunk`: the shortest failing prefix of the game, and `-smaller`: a game on a smaller board failing the same theorem):\n");
        for (t, (g, seed, size, policy, detail)) in first {
            let _ = writeln!(
                s,
                "- **{t}**: game {g} (seed {seed}, {size}x{size}, {policy}): {detail}"
            );
        }
        let _ = writeln!(s);
    }
    let _ = writeln!(s, "{}", EXPLANATIONS);
}

/// How often the generator reached each edge case, by size, and the ones it never reached.
fn edge_cases_section(s: &mut String, per_size: &PerSize, total: &BTreeMap<String, u64>) {
    let _ = writeln!(s, "## Edge cases reached by the generator\n");
    let sizes: Vec<u32> = per_size.keys().copied().collect();
    let _ = write!(s, "| edge case |");
    for sz in &sizes {
        let _ = write!(s, " {sz}x{sz} |");
    }
    let _ = writeln!(s, " all |");
    let _ = write!(s, "| --- |");
    for _ in &sizes {
        let _ = write!(s, " ---: |");
    }
    let _ = writeln!(s, " ---: |");
    let mut gaps = Vec::new();
    for name in EdgeCases::NAMES {
        let _ = write!(s, "| {name} |");
        for sz in &sizes {
            let m = &per_size[sz];
            let _ = write!(
                s,
                " {} |",
                rate(get(m, &format!("{name}_games")), get(m, "games"))
            );
        }
        let n = get(total, &format!("{name}_games"));
        let _ = writeln!(s, " {} ({n}) |", rate(n, get(total, "games")));
        if n == 0 {
            gaps.push(name);
        }
    }
    if gaps.is_empty() {
        let _ = writeln!(s, "\nEvery edge case was reached.\n");
    } else {
        let _ = writeln!(
            s,
            "\n**Never reached (a gap of the generator):** {}.\n",
            gaps.join(", ")
        );
        if gaps.contains(&"hanezeki_like") {
            let _ = writeln!(
                s,
                "`hanezeki_like` is a string in atari that the referee proves to be in seki: its \
                 capture does not pay the capturer. Only the `seki` policy makes them (it declines \
                 such captures), and only rarely.\n"
            );
        }
    }
}

/// Rule sets against jpd-tangsong, from divergence_summary.csv.
fn divergences_section(s: &mut String, div: &[(String, u32, DivRow)]) {
    // Rule sets against jpd-tangsong, from divergence_summary.csv.
    let _ = writeln!(s, "## Rule sets against jpd-tangsong\n");
    let _ = writeln!(s, "{}\n", RULES_NOTE);
    let _ = writeln!(
        s,
        "| rule set | size | games | divergent | winner differs | board margin differs | unexplained | causes (games) |"
    );
    let _ = writeln!(s, "| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |");
    for (rules, size, d) in div {
        let causes: Vec<String> = d
            .causes
            .iter()
            .filter(|(_, n, _)| *n > 0)
            .map(|(c, n, w)| {
                if *w > 0 {
                    format!("{c} {n} (winner {w})")
                } else {
                    format!("{c} {n}")
                }
            })
            .collect();
        let _ = writeln!(
            s,
            "| {rules} | {size}x{size} | {} | {} | {} | {} | {} | {} |",
            d.compared,
            rate(d.divergent, d.compared),
            rate(d.winner_differs, d.compared),
            rate(d.board_margin_differs, d.compared),
            d.unexplained,
            if causes.is_empty() {
                "-".to_string()
            } else {
                causes.join(", ")
            }
        );
    }
    if !div.is_empty() {
        let _ = writeln!(
            s,
            "\n![Divergence rates by cause and board size](divergences.svg)\n\n\
             The chart (`divergences.svg`): for each cause, the share of (game, rule set) \
             comparisons with jpd-tangsong where that cause contributes to a divergence, by size.\n"
        );
    }
    let unexplained: u64 = div.iter().map(|(_, _, d)| d.unexplained).sum();
    let _ = writeln!(
        s,
        "\n{}\n",
        if unexplained == 0 {
            "Every divergence is accounted for by its named causes (theorem T17).".to_string()
        } else {
            format!("**{unexplained} divergences are not accounted for by their causes** (theorem T17 lists them).")
        }
    );
}

/// The list of worked examples.
fn examples_section(s: &mut String, picks: &[Pick]) {
    if !picks.is_empty() {
        let _ = writeln!(s, "## Examples\n");
        let _ = writeln!(
            s,
            "The first game of the campaign for each theorem failure and each divergence cause \
             (one whose winner differs when there is one), as an SGF record and an SVG diagram of \
             the settled position in `examples/`:\n"
        );
        for p in picks {
            let _ = writeln!(
                s,
                "- [{}](examples/{}.svg) ([SGF](examples/{}.sgf)): {}",
                p.title, p.stem, p.stem, p.caption
            );
        }
        let _ = writeln!(s);
    }
}

/// The findings totals of findings_summary.csv over every size and policy, in [`FINDINGS`]
/// order: (applies, matters, margin changes, winner changes). All zero when the file is absent
/// (a campaign written before findings existed).
fn read_finding_totals(dir: &Path) -> Result<Vec<(u64, u64, u64, u64)>, FindingsError> {
    let mut out = vec![(0, 0, 0, 0); FINDINGS.len()];
    let path = dir.join("findings_summary.csv");
    let Some(rows) = read_rows::<FindingsSummaryRow>(&path)? else {
        return Ok(out);
    };
    for r in rows {
        if let Some(i) = FINDINGS.iter().position(|&f| f == r.finding) {
            let t = &mut out[i];
            t.0 += r.applies_games;
            t.1 += r.matters_games;
            t.2 += r.margin_changes_games;
            t.3 += r.winner_changes_games;
        }
    }
    Ok(out)
}

/// The seki shapes of `games.csv` (column `seki_shapes`): `None` when the campaign wrote no
/// games.csv, or one without the column (a campaign older than it).
fn read_seki_shapes(dir: &Path) -> Result<Option<ledger::SekiShapes>, FindingsError> {
    let path = dir.join("games.csv");
    if !path.is_file() {
        return Ok(None);
    }
    let mut rdr = reader(&path)?;
    let h = rdr.headers().map_err(csv_err(&path))?.clone();
    let Some(i) = h.iter().position(|c| c == "seki_shapes") else {
        return Ok(None);
    };
    let mut counts: BTreeMap<String, u64> = BTreeMap::new();
    let mut out = ledger::SekiShapes::default();
    for rec in rdr.records() {
        let rec = rec.map_err(csv_err(&path))?;
        let cell = rec.get(i).unwrap_or("");
        if cell.is_empty() {
            continue;
        }
        out.games += 1;
        for k in cell.split(' ') {
            out.sekis += 1;
            *counts.entry(k.to_string()).or_default() += 1;
        }
    }
    out.distinct = counts.len() as u64;
    out.commonest = counts.values().copied().max().unwrap_or(0);
    Ok(Some(out))
}

/// The ledger's input from the summed CSV files.
fn ledger_input(
    total: &BTreeMap<String, u64>,
    findings: &[(u64, u64, u64, u64)],
    div: &[(String, u32, DivRow)],
) -> ledger::LedgerInput {
    let mut rules: BTreeMap<String, ledger::RuleTotals> = BTreeMap::new();
    for (r, _, d) in div {
        let e = rules.entry(r.clone()).or_default();
        e.compared += d.compared;
        e.divergent += d.divergent;
        e.winner_differs += d.winner_differs;
        e.unexplained += d.unexplained;
        for (cause, n, _) in &d.causes {
            match e.causes.iter_mut().find(|(c, _)| c == cause) {
                Some(x) => x.1 += n,
                None => e.causes.push((cause.clone(), *n)),
            }
        }
    }
    ledger::LedgerInput {
        totals: total.clone(),
        findings: findings.to_vec(),
        rules,
        exhaustive: None,
        seki_shapes: None,
    }
}

/// The findings section: per finding, the games it applies to, where the reading matters, where
/// the margin and the winner change, and the first example (from findings.csv when present).
fn findings_section(dir: &Path, totals: &[(u64, u64, u64, u64)]) -> Result<String, FindingsError> {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "## Findings ({}: where the text leaves room, and claims a game can refute)\n",
        FindingId::span()
    );
    let _ = writeln!(
        s,
        "A finding is a question the text leaves open (F1-F6), or a claim of the seeds that a \
         game can refute (F7-F11: there *reading matters* counts the games where the claim \
         fails), measured on every settled game it applies to; `findings.csv` has one row per \
         game and finding, `findings_summary.csv` the counts per size and policy.\n"
    );
    let _ = writeln!(
        s,
        "| finding | question | games it applies to | reading matters | margin changes | winner changes |"
    );
    let _ = writeln!(s, "| --- | --- | ---: | ---: | ---: | ---: |");
    for ((f, q), &(a, m, mc, w)) in FINDINGS.iter().zip(QUESTIONS).zip(totals) {
        let _ = writeln!(s, "| {f} | {q} | {a} | {m} ({}) | {mc} | {w} |", rate(m, a));
    }
    let _ = writeln!(s);
    let path = dir.join("findings.csv");
    // Per finding, the first game where it matters, preferring one whose winner changes; and
    // for F2, how many of the games where the choice matters leave dame.
    // Keyed by id, so that F10 comes after F9.
    let mut first: BTreeMap<FindingId, ((bool, u8), String)> = BTreeMap::new();
    let (mut f2_matters, mut f2_dame) = (0u64, 0u64);
    let (mut f2_stands, mut f2_changes, mut f2_reopens) = (0u64, 0u64, 0u64);
    let found = each_row(&path, |r: FindingRow| {
        if r.matters != 1 {
            return Ok(());
        }
        if r.finding == "F2" {
            f2_matters += 1;
            f2_dame += r.detail.contains("dame left") as u64;
            // "in play: K count-changing choices keep every status, ...": K > 0 is a game
            // where the difference stands in play.
            // and "..., C change one, U leave one unproven".
            let numbers: Vec<u64> = r
                .detail
                .split("in play: ")
                .nth(1)
                .unwrap_or("")
                .split(' ')
                .filter_map(|w| w.parse().ok())
                .collect();
            if let [kept, changed, _unproven] = numbers[..] {
                if kept > 0 {
                    f2_stands += 1;
                } else if changed > 0 {
                    f2_changes += 1;
                } else {
                    f2_reopens += 1;
                }
            }
        }
        // The example: a game whose winner changes when there is one, else the smallest
        // board, else the first game.
        let rank = (r.winner_changes != 1, r.key.size);
        let line = format!(
            "game {} (seed {}, {}x{}, {}): {}",
            r.key.game, r.key.seed, r.key.size, r.key.size, r.key.policy, r.detail
        );
        let Ok(id) = r.finding.parse::<FindingId>() else {
            return Ok(());
        };
        match first.get(&id) {
            Some((best, _)) if *best <= rank => {}
            _ => {
                first.insert(id, (rank, line));
            }
        }
        Ok(())
    })?;
    if found {
        if f2_matters > 0 {
            let _ = writeln!(
                s,
                "Of the {f2_matters} games where the physical choice of the negative-move stone \
                 matters (F2), {f2_dame} leave dame unfilled. Played out (the referee judges the \
                 paused board with the stone taken off): in {f2_stands} some choice that changes \
                 the count keeps every stone's status, so the difference stands in play; in \
                 {f2_changes} every such choice changes a proven status (a seki collapses, a \
                 group dies: a choice a player would avoid), or leaves one unproven; in \
                 {f2_reopens} every such choice leaves a status the pause had proven unproven \
                 (the removal reopens the area, and play would have to resume).\n"
            );
        }
        if !first.is_empty() {
            let _ = writeln!(
                s,
                "An example of each (a game whose winner changes when there is one, else one on \
                 the smallest board; \
                 `examples/finding-F*` holds it as SGF and SVG, with, where found, its shortest \
                 settled prefix that still shows the finding as `-shrunk.sgf` and a game on a \
                 smaller board showing it as `-smaller.sgf`, whose comment gives the `jpd replay` \
                 line):\n"
            );
            for (f, (_, line)) in &first {
                let _ = writeln!(s, "- **{f}**: {line}");
            }
            let _ = writeln!(s);
        }
    }
    Ok(s)
}

/// One (rule set, size) row of divergence_summary.csv with its causes.
#[derive(Default)]
struct DivRow {
    compared: u64,
    divergent: u64,
    winner_differs: u64,
    board_margin_differs: u64,
    unexplained: u64,
    /// (cause, divergent games with it, winner differences with it).
    causes: Vec<(String, u64, u64)>,
}

/// Reads divergence_summary.csv, keyed by (rule set in report order, size).
fn read_divergences(dir: &Path) -> Result<Vec<(String, u32, DivRow)>, FindingsError> {
    let path = dir.join("divergence_summary.csv");
    let mut out: BTreeMap<(usize, u32), (String, DivRow)> = BTreeMap::new();
    let Some(rows) = read_rows::<DivergenceSummaryRow>(&path)? else {
        return Ok(Vec::new());
    };
    for r in rows {
        let order = RuleId::ALL
            .iter()
            .position(|id| id.as_str() == r.rules)
            .unwrap_or(usize::MAX);
        let e = out
            .entry((order, u32::from(r.size)))
            .or_insert_with(|| (r.rules.clone(), DivRow::default()));
        if r.cause == "any" {
            e.1.compared = r.games_compared;
            e.1.divergent = r.games_divergent;
            e.1.winner_differs = r.games_winner_differs;
            e.1.board_margin_differs = r.games_board_margin_differs.unwrap_or(0);
            e.1.unexplained = r.games_unexplained.unwrap_or(0);
        } else {
            e.1.causes
                .push((r.cause, r.games_divergent, r.games_winner_differs));
        }
    }
    Ok(out
        .into_iter()
        .map(|((_, size), (rules, row))| (rules, size, row))
        .collect())
}

const EXPLANATIONS: &str = "Every invariant is an identity of correct procedures, so any failure
is a bug of the harness, never a property of the rules, and `jpd run` exits with 1 when one
fails. In particular:

- **T5** (fill-up count): every owned empty point is either kept as a basic eye point or
  filled, so the count equals the area by construction. Whether the filled position is stable
  is finding F1.
- **T11** (negative-move choice): by the decree of reading B2 only the vacated point changes
  class, so every qualifying stone must give the same count. Taking the stone off physically is
  finding F2.
- **T10** (Benson): the dead stones of a generated game are the referee's proven ones, which
  never include a pass-alive stone.
- **T2** holds with `k - s` under the Art. 17 overflow; the literal formula is finding F3.
";

const RULES_NOTE: &str =
    "Every rule set scores every game by its own method (see `src/rules/mod.rs`
for each preset and its source). Each also states a ledger: the named causes that turn the
paused area difference `A0 = B0 - W0` into its board margin (docs/RULESETS.md 3.1, `A - J =
(n_B - n_W) + sigma`, split term by term). A game *diverges* from jpd-tangsong when the winner
differs, or the margin differs by more than a komi difference; the causes of a divergence are
the terms in which the two ledgers differ, and the komi. `divergences.csv` has one row per
divergent game and rule set with every cause's term in points; `divergence_summary.csv` counts
them per size, rule set and cause. Rates below are of games compared.

What the causes mean: `komi`, a different komi; `first_pass`, the Art. 12 point (Ikeda's Area
III and WMSG 2008 pay it too, Ming-Qing, Chinese, Ing and AGA do not); `last_move_parity`, the
point Black's extra move puts on the board, which territory counting does not see;
`early_pass`, virtual moves before the final pause, free under stoneless passes;
`pass_stones`, AGA's pass stones (they cancel the two terms before: T14); `seki_points`, points
of regions bordered by a group in a proven seki, which J89 Art. 8 does not count;
`dame_seki_literal`, the further regions the literal reading of Art. 8 (`japanese-literal`)
takes away because a string beside them touches an unfilled ordinary dame; `one_sided_dame`,
counted for its holder by area counting, for nobody by region-based counting;
`four_pass_liberty`, the same after a four-virtual-move end; `unfilled_ko`, a ko point the
Japanese practice fills; `teire`, a point of territory its owner must fill once the opponent
fills the dame beside one of its strings (a Japanese count after the dame are filled); `dead_stones_on_board`, Tromp-Taylor scoring the board as it stands;
`balancing_b1`, `ownership_c1`, the two ambiguities of RULES.md. Dame left and overflow never
change a margin: dame left are half a point each (or nobody's) under every rule set, and the
overflow procedure adds `s` to both territories.";

fn rate(n: u64, d: u64) -> String {
    if d == 0 {
        "-".into()
    } else {
        format!("{:.2}%", 100.0 * n as f64 / d as f64)
    }
}

/// Writes FINDINGS.md into the campaign folder, once its CSV files are checked against the
/// manifest's checksums and its summaries are known to be there.
pub fn write_findings(dir: &Path) -> Result<PathBuf, FindingsError> {
    let manifest = Manifest::read(dir).map_err(|e| FindingsError::Manifest(e.to_string()))?;
    manifest
        .verify_checksums(dir)
        .map_err(|e| FindingsError::Manifest(e.to_string()))?;
    if let Some(missing) = SUMMARY_FILES.iter().find(|n| !dir.join(n).exists()) {
        // A run killed outright writes its summaries only when it stops: nothing to read yet.
        return Err(FindingsError::Manifest(format!(
            "{}: no {missing}: the campaign stopped after {} of {} games without writing its \
             summaries (it was killed); finish it with jpd run --resume {}, then run jpd \
             findings again",
            dir.display(),
            manifest.games_done,
            manifest.games_in_scope,
            dir.display()
        )));
    }
    write_pictures(dir)?;
    let text = findings(dir)?;
    let path = dir.join("FINDINGS.md");
    crate::files::write_atomic(&path, text.as_bytes())?;
    Ok(path)
}
