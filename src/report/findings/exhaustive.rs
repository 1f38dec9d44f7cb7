//! The exhaustive section of `FINDINGS.md`: the `jpd exhaust` runs found beside a campaign.

use super::*;
use crate::harness::exhaust::ExhaustiveRow;

/// exhaustive.csv rows: (kind, name) -> (positions, classes, games, example game, example
/// stones).
pub(super) type ExhaustiveRows = BTreeMap<(String, String), (u64, u64, u64, String, String)>;

/// One size's exhaustive run: (size, mode, complete, seconds, referee nodes, exhaustive.csv
/// rows as (kind, name) -> (positions, classes, games, example game, example stones),
/// summary.csv columns summed, finding totals, divergences).
pub(super) type ExhaustiveRun = (
    u8,
    String,
    bool,
    String,
    String,
    ExhaustiveRows,
    BTreeMap<String, u64>,
    Vec<(u64, u64, u64, u64)>,
    Vec<(String, u32, DivRow)>,
);

pub(super) fn read_exhaustive_run(sub: &Path) -> Result<Option<ExhaustiveRun>, FindingsError> {
    let path = sub.join("exhaustive.csv");
    if !path.exists() {
        return Ok(None);
    }
    let mut rows = BTreeMap::new();
    let (mut size, mut mode) = (0u8, String::new());
    for r in read_rows::<ExhaustiveRow>(&path)?.unwrap_or_default() {
        size = r.size;
        mode = r.mode;
        let text = |v: Option<String>| v.unwrap_or_default();
        rows.insert(
            (r.kind, r.name),
            (
                r.positions,
                r.classes,
                r.games,
                text(r.example_game.map(|g| g.to_string())),
                text(r.example_stones.map(|n| n.to_string())),
            ),
        );
    }
    let mpath = sub.join("manifest.json");
    let m: serde_json::Value = std::fs::read_to_string(&mpath)
        .map_err(io_err(&mpath))
        .map(|t| serde_json::from_str(&t).unwrap_or_default())?;
    let complete = m["complete"].as_bool().unwrap_or(false);
    let seconds = m["seconds"].to_string();
    let nodes = m["referee_nodes"].to_string();
    let spath = sub.join("summary.csv");
    let mut sr = reader(&spath)?;
    let h = sr.headers().map_err(csv_err(&spath))?.clone();
    let mut totals = BTreeMap::new();
    for rec in sr.records() {
        let rec = rec.map_err(csv_err(&spath))?;
        for (i, name) in h.iter().enumerate() {
            if !matches!(name, "size" | "master_seed" | "policy") {
                let v: u64 = cell(&rec, i, &h, &spath)?;
                *totals.entry(name.to_string()).or_default() += v;
            }
        }
    }
    let f = read_finding_totals(sub)?;
    let d = read_divergences(sub)?;
    Ok(Some((
        size, mode, complete, seconds, nodes, rows, totals, f, d,
    )))
}

/// The section's title, what an exhaustive run does, and the header of its table of runs.
fn exhaustive_intro(s: &mut String) {
    let _ = writeln!(s, "## Exhaustive, boards up to 4x4\n");
    let _ = writeln!(
        s,
        "`jpd exhaust` puts every legal position of the small boards through the pipeline of a \
         campaign game. Each position stands at the pause of its simplest game: its stones placed \
         in point order, Black first and colours alternating, with the fewest virtual moves that \
         give each possible first passer and last mover (up to four games per position; the empty \
         board has one). No move of such a game captures, so its prisoners are 0 and its moves \
         are the stones plus the virtual moves. The referee judges the position; a settled \
         position's games are counted under every rule set and checked against {} and \
         {}. A `classes` run takes one position per class of the 8 symmetries of the board \
         (colours not swapped) and counts it for the whole class; its game counts are those \
         of the representatives. Folders: `exhaustive/<size>/` (`exhaustive.csv`, \
         `summary.csv`, `findings_summary.csv`, `divergence_summary.csv`, the smallest \
         example of each measure in `examples/`).\n",
        TheoremId::span(),
        FindingId::span()
    );
    let _ = write!(
        s,
        "| size | run | legal positions | classes | settled positions | games checked |"
    );
    for r in Unsettled::ALL {
        let _ = write!(s, " unsettled: {} |", r.as_str());
    }
    let _ = writeln!(s, " invariant failures | referee nodes | seconds |");
    let _ = write!(s, "| ---: | --- | ---: | ---: | ---: | ---: |");
    for _ in Unsettled::ALL {
        let _ = write!(s, " ---: |");
    }
    let _ = writeln!(s, " ---: | ---: | ---: |");
}

/// The exhaustive runs in `dir/exhaustive/*/` (as `make exhaustive` writes them): the ledger's
/// input and the section "Exhaustive, boards up to 4x4". `None` when there is no such folder.
pub(super) fn read_exhaustive(
    dir: &Path,
) -> Result<Option<(ledger::Exhaustive, String)>, FindingsError> {
    let root = dir.join("exhaustive");
    let Ok(entries) = std::fs::read_dir(&root) else {
        return Ok(None);
    };
    let mut runs = Vec::new();
    let mut subs: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    subs.sort();
    for sub in subs {
        if let Some(r) = read_exhaustive_run(&sub)? {
            runs.push((sub, r));
        }
    }
    if runs.is_empty() {
        return Ok(None);
    }
    runs.sort_by_key(|r| r.1 .0);
    let mut e = ledger::Exhaustive {
        findings: vec![(0, 0, 0, 0); FINDINGS.len()],
        ..Default::default()
    };
    let mut s = String::new();
    exhaustive_intro(&mut s);
    let get = |rows: &ExhaustiveRows, k: &str, n: &str| {
        rows.get(&(k.to_string(), n.to_string()))
            .cloned()
            .unwrap_or((0, 0, 0, String::new(), String::new()))
    };
    for (_, (size, mode, complete, seconds, nodes, rows, totals, f, _)) in &runs {
        let legal = get(rows, "legal", "positions");
        let settled = get(rows, "settled", "settled");
        let failures: u64 = THEOREMS
            .iter()
            .map(|t| {
                totals
                    .get(&format!("{}_failed", t.to_ascii_lowercase()))
                    .copied()
                    .unwrap_or(0)
            })
            .sum();
        let _ = write!(
            s,
            "| {size}x{size} | {mode}{} | {} | {} | {} | {} |",
            if *complete { "" } else { " (**incomplete**)" },
            legal.0,
            legal.1,
            settled.0,
            settled.2
        );
        for r in Unsettled::ALL {
            let _ = write!(s, " {} |", get(rows, "unsettled", r.as_str()).0);
        }
        let _ = writeln!(s, " {failures} | {nodes} | {seconds} |");
        e.sizes.push((*size, mode.clone(), *complete));
        e.settled_positions += settled.0;
        e.settled_games += settled.2;
        for (k, v) in totals {
            *e.totals.entry(k.clone()).or_default() += v;
        }
        for (a, b) in e.findings.iter_mut().zip(f) {
            a.0 += b.0;
            a.1 += b.1;
            a.2 += b.2;
            a.3 += b.3;
        }
    }
    let _ = writeln!(
        s,
        "\nLegal positions are those of Tromp and Farnebäck (1, 57, 12,675, 24,318,165). \
         Unsettled positions are counted by the referee's reason and drawn on for no verdict; \
         most small-board positions are still open (a side can capture at a profit, or there is \
         room for a new group), as one expects of positions taken at random moments rather than \
         at the end of a game.\n"
    );
    exhaustive_tables(&mut s, &runs);
    let _ = writeln!(s);
    Ok(Some((e, s)))
}

/// The per-size tables of the exhaustive section: findings, edge cases, rule sets against
/// jpd-tangsong, each cell with its smallest example where there is one.
/// The head of a table with one column per board size: `| first | 1x1 | ... |` and its rule.
fn size_header(s: &mut String, first: &str, runs: &[(PathBuf, ExhaustiveRun)]) {
    let _ = write!(s, "| {first} |");
    for (_, r) in runs {
        let _ = write!(s, " {0}x{0} |", r.0);
    }
    let _ = writeln!(s);
    let _ = write!(s, "| --- |");
    for _ in runs {
        let _ = write!(s, " --- |");
    }
    let _ = writeln!(s);
}

fn exhaustive_tables(s: &mut String, runs: &[(PathBuf, ExhaustiveRun)]) {
    let get = |rows: &ExhaustiveRows, k: &str, n: &str| {
        rows.get(&(k.to_string(), n.to_string()))
            .cloned()
            .unwrap_or((0, 0, 0, String::new(), String::new()))
    };
    let link = |sub: &Path, kind: &str, name: &str, ex: &str, stones: &str| -> String {
        if ex.is_empty() {
            "-".into()
        } else {
            let folder = sub
                .file_name()
                .map(|n| n.to_string_lossy().to_string())
                .unwrap_or_default();
            format!("[{stones} stones](exhaustive/{folder}/examples/{kind}-{name}.sgf)")
        }
    };
    let _ = writeln!(s, "Findings (positions where the finding applies / where the reading matters / where it changes the winner; the smallest position where it matters):\n");
    size_header(s, "finding", runs);
    for fid in FINDINGS {
        let _ = write!(s, "| {fid} |");
        for (sub, r) in runs {
            let rows = &r.5;
            if !rows.contains_key(&("finding".to_string(), format!("{fid}_applies"))) {
                // A run written before the finding existed.
                let _ = write!(s, " not in this run |");
                continue;
            }
            let a = get(rows, "finding", &format!("{fid}_applies"));
            let m = get(rows, "finding", &format!("{fid}_matters"));
            let w = get(rows, "finding", &format!("{fid}_winner"));
            let _ = write!(
                s,
                " {} / {} / {} ({}) |",
                a.0,
                m.0,
                w.0,
                link(sub, "finding", &format!("{fid}_matters"), &m.3, &m.4)
            );
        }
        let _ = writeln!(s);
    }
    let _ = writeln!(s, "\nEdge cases (positions, and in brackets symmetry classes, that hold one in any of their games; the smallest example):\n");
    size_header(s, "edge case", runs);
    for name in EdgeCases::NAMES {
        let _ = write!(s, "| {name} |");
        for (sub, r) in runs {
            if !r.5.contains_key(&("edge".to_string(), name.to_string())) {
                let _ = write!(s, " not in this run |");
                continue;
            }
            let c = get(&r.5, "edge", name);
            let _ = write!(
                s,
                " {} ({}) {} |",
                c.0,
                c.1,
                link(sub, "edge", name, &c.3, &c.4)
            );
        }
        let _ = writeln!(s);
    }
    let _ = writeln!(s, "\nRule sets against jpd-tangsong on the settled games (divergent / winner differs / games compared):\n");
    size_header(s, "rule set", runs);
    for rid in RuleId::ALL.iter().skip(1) {
        let _ = write!(s, "| {} |", rid.as_str());
        for (_, r) in runs {
            match r.8.iter().find(|(x, _, _)| x == rid.as_str()) {
                Some((_, _, d)) => {
                    let _ = write!(
                        s,
                        " {} / {} / {} |",
                        d.divergent, d.winner_differs, d.compared
                    );
                }
                None => {
                    let _ = write!(s, " - |");
                }
            }
        }
        let _ = writeln!(s);
    }
}
