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
use crate::checks::{FINDINGS, QUESTIONS, STATEMENTS, THEOREMS};
use crate::harness::campaign::{Manifest, CSV_FILES};
use crate::harness::generate::generate;
use crate::harness::generate::EdgeCases;
use crate::harness::outcome::ViolationRow;
use crate::harness::shrink::shrinker;
use crate::report::examples::write_example;
use crate::report::ledger;
use crate::report::svg::bar_chart;
use crate::rules::{japanese_unscored, Cause, DameReading, RuleId};
use crate::settlement::referee::Unsettled;

/// Errors reading a campaign folder.
#[derive(Debug, thiserror::Error)]
pub enum FindingsError {
    /// A file could not be read, or its CSV is malformed.
    #[error(transparent)]
    File(#[from] FileError),
    /// The manifest could not be read.
    #[error("{0}")]
    Manifest(String),
    /// A column is missing.
    #[error("{path}: no column {column}")]
    Column {
        /// The file.
        path: PathBuf,
        /// The column.
        column: String,
    },
}

/// A reader of one of the campaign's CSV files. A streamed file (`games.csv` and the others of
/// [`CSV_FILES`]) is read only up to the manifest's checkpoint: rows written after it (a run
/// killed mid-chunk) are not part of the campaign, and a file shorter than its checkpoint is
/// refused as cut.
fn reader(path: &Path) -> Result<csv::Reader<std::io::Take<std::fs::File>>, FindingsError> {
    let limit = match (path.parent(), path.file_name()) {
        (Some(dir), Some(name)) => match CSV_FILES.iter().position(|f| name == *f) {
            Some(i) => {
                let m = Manifest::read(dir).map_err(|e| FindingsError::Manifest(e.to_string()))?;
                Some(m.checkpoint_bytes()[i])
            }
            None => None,
        },
        _ => None,
    };
    let f = std::fs::File::open(path).map_err(io_err(path))?;
    if let Some(len) = limit {
        let have = f.metadata().map_err(io_err(path))?.len();
        if have < len {
            return Err(FindingsError::Manifest(format!(
                "{}: {have} bytes, fewer than the {len} of the manifest's checkpoint: the file was cut",
                path.display()
            )));
        }
    }
    Ok(csv::Reader::from_reader(std::io::Read::take(
        f,
        limit.unwrap_or(u64::MAX),
    )))
}

fn col(h: &csv::StringRecord, path: &Path, name: &str) -> Result<usize, FindingsError> {
    h.iter()
        .position(|c| c == name)
        .ok_or_else(|| FindingsError::Column {
            path: path.to_path_buf(),
            column: name.to_string(),
        })
}

/// Builds the text of FINDINGS.md for the campaign in `dir`.
pub fn findings(dir: &Path) -> Result<String, FindingsError> {
    let manifest = Manifest::read(dir).map_err(|e| FindingsError::Manifest(e.to_string()))?;
    let mut s = String::new();
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

    // summary.csv: per (size, policy) rows; add them up per size and overall.
    let path = dir.join("summary.csv");
    let mut rdr = reader(&path)?;
    let h = rdr.headers().map_err(csv_err(&path))?.clone();
    let size_c = col(&h, &path, "size")?;
    let games_c = col(&h, &path, "games")?;
    let mut per_size: BTreeMap<u32, BTreeMap<String, u64>> = BTreeMap::new();
    let mut total: BTreeMap<String, u64> = BTreeMap::new();
    for rec in rdr.records() {
        let rec = rec.map_err(csv_err(&path))?;
        let size: u32 = rec[size_c].parse().unwrap_or(0);
        let entry = per_size.entry(size).or_default();
        for (i, name) in h.iter().enumerate() {
            if i == size_c || name == "policy" || name == "master_seed" {
                continue;
            }
            let v: u64 = rec[i].parse().unwrap_or(0);
            *entry.entry(name.to_string()).or_default() += v;
            *total.entry(name.to_string()).or_default() += v;
        }
        let _ = games_c;
    }
    let get = |m: &BTreeMap<String, u64>, k: &str| m.get(k).copied().unwrap_or(0);

    // First example of each theorem's failure.
    let vpath = dir.join("violations.csv");
    let mut first: BTreeMap<String, (String, String, String, String, String)> = BTreeMap::new();
    let mut vr = reader(&vpath)?;
    let vh = vr.headers().map_err(csv_err(&vpath))?.clone();
    let (g_c, seed_c, sz_c, pol_c, th_c, det_c) = (
        col(&vh, &vpath, "game")?,
        col(&vh, &vpath, "seed")?,
        col(&vh, &vpath, "size")?,
        col(&vh, &vpath, "policy")?,
        col(&vh, &vpath, "theorem")?,
        col(&vh, &vpath, "detail")?,
    );
    for rec in vr.records() {
        let rec = rec.map_err(csv_err(&vpath))?;
        first.entry(rec[th_c].to_string()).or_insert_with(|| {
            (
                rec[g_c].to_string(),
                rec[seed_c].to_string(),
                rec[sz_c].to_string(),
                rec[pol_c].to_string(),
                rec[det_c].to_string(),
            )
        });
    }

    // Settlement: how many games the referee settled, per size, and why the others were not.
    let _ = writeln!(s, "## Settlement\n");
    let _ = writeln!(
        s,
        "Every generated game plays on until the referee (`settlement::referee`) proves the \
         status of every string: pass-alive, dead inside the opponent's pass-alive area or an \
         enclosed area too small for two eyes, or in a seki proven by a local search. A game it \
         cannot settle is counted here and drawn on for no verdict.\n"
    );
    let _ = write!(s, "| size | games | settled |");
    for r in Unsettled::ALL {
        let _ = write!(s, " unsettled: {} |", r.as_str());
    }
    let _ = writeln!(s);
    let _ = write!(s, "| --- | ---: | ---: |");
    for _ in Unsettled::ALL {
        let _ = write!(s, " ---: |");
    }
    let _ = writeln!(s);
    let mut rows: Vec<(String, &BTreeMap<String, u64>)> = per_size
        .iter()
        .map(|(sz, m)| (format!("{sz}x{sz}"), m))
        .collect();
    rows.push(("all".into(), &total));
    for (label, m) in rows {
        let _ = write!(
            s,
            "| {label} | {} | {} |",
            get(m, "games"),
            rate(get(m, "settled"), get(m, "games"))
        );
        for r in Unsettled::ALL {
            let _ = write!(s, " {} |", get(m, &format!("unsettled_{}", r.as_str())));
        }
        let _ = writeln!(s);
    }
    let _ = writeln!(s);

    let div = read_divergences(dir)?;
    let ftotals = read_finding_totals(dir)?;
    let exhaustive = read_exhaustive(dir)?;
    let mut input = ledger_input(&total, &ftotals, &div);
    input.exhaustive = exhaustive.as_ref().map(|e| e.0.clone());
    s.push_str(&ledger::ledger_section(&input));

    let _ = writeln!(
        s,
        "## Invariants (T1-T17: a failure is a bug of the harness; docs/RULES.md section 8)\n"
    );
    let _ = writeln!(
        s,
        "| theorem | statement | games checked | failures | rate |"
    );
    let _ = writeln!(s, "| --- | --- | ---: | ---: | ---: |");
    for (t, statement) in THEOREMS.iter().zip(STATEMENTS) {
        let k = t.to_ascii_lowercase();
        let checked = get(&total, &format!("{k}_checked"));
        let failed = get(&total, &format!("{k}_failed"));
        let _ = writeln!(
            s,
            "| {t} | {statement} | {checked} | {failed} | {} |",
            rate(failed, checked)
        );
    }
    let panics = get(&total, "panics");
    let _ = writeln!(s, "\nPanics caught: {panics}.\n");
    if first.is_empty() {
        let _ = writeln!(s, "No theorem failed.\n");
    } else {
        let _ = writeln!(s, "First example of each failure (the SGF files are in `violations/`; beside each, where the search finds them, `-shrunk`: the shortest failing prefix of the game, and `-smaller`: a game on a smaller board failing the same theorem):\n");
        for (t, (g, seed, size, policy, detail)) in &first {
            let _ = writeln!(
                s,
                "- **{t}**: game {g} (seed {seed}, {size}x{size}, {policy}): {detail}"
            );
        }
        let _ = writeln!(s);
    }
    let _ = writeln!(s, "{}", EXPLANATIONS);
    s.push_str(&findings_section(dir, &ftotals)?);

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
        let n = get(&total, &format!("{name}_games"));
        let _ = writeln!(s, " {} ({n}) |", rate(n, get(&total, "games")));
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

    // Rule sets against jpd-tangsong, from divergence_summary.csv.
    let _ = writeln!(s, "## Rule sets against jpd-tangsong\n");
    let _ = writeln!(s, "{}\n", RULES_NOTE);
    let _ = writeln!(
        s,
        "| rule set | size | games | divergent | winner differs | board margin differs | unexplained | causes (games) |"
    );
    let _ = writeln!(s, "| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |");
    for (rules, size, d) in &div {
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
    if let Some((_, section)) = &exhaustive {
        s.push_str(section);
    }
    let picks = example_picks(dir)?;
    if !picks.is_empty() {
        let _ = writeln!(s, "## Examples\n");
        let _ = writeln!(
            s,
            "The first game of the campaign for each theorem failure and each divergence cause \
             (one whose winner differs when there is one), as an SGF record and an SVG diagram of \
             the settled position in `examples/`:\n"
        );
        for p in &picks {
            let _ = writeln!(
                s,
                "- [{}](examples/{}.svg) ([SGF](examples/{}.sgf)): {}",
                p.title, p.stem, p.stem, p.caption
            );
        }
        let _ = writeln!(s);
    }
    Ok(s)
}

/// A game chosen to be drawn.
struct Pick {
    stem: String,
    game: u64,
    title: String,
    caption: String,
}

/// The first failure of each theorem (violations.csv order) and the first divergence of each
/// cause (divergences.csv order; one with a different winner if any).
fn example_picks(dir: &Path) -> Result<Vec<Pick>, FindingsError> {
    let mut picks = Vec::new();
    let vpath = dir.join("violations.csv");
    if vpath.exists() {
        let mut r = reader(&vpath)?;
        let h = r.headers().map_err(csv_err(&vpath))?.clone();
        let (g_c, th_c, det_c) = (
            col(&h, &vpath, "game")?,
            col(&h, &vpath, "theorem")?,
            col(&h, &vpath, "detail")?,
        );
        let mut seen = std::collections::BTreeSet::new();
        for rec in r.records() {
            let rec = rec.map_err(csv_err(&vpath))?;
            let th = rec[th_c].to_string();
            if th == "panic" || !seen.insert(th.clone()) {
                continue;
            }
            let game: u64 = rec[g_c].parse().unwrap_or(0);
            picks.push(Pick {
                stem: format!("theorem-{th}-game-{game}"),
                game,
                title: format!("{th} fails on game {game}"),
                caption: rec[det_c].chars().take(300).collect(),
            });
        }
    }
    let fpath = dir.join("findings.csv");
    if fpath.exists() {
        let mut r = reader(&fpath)?;
        let h = r.headers().map_err(csv_err(&fpath))?.clone();
        let (g_c, f_c, m_c, w_c, d_c) = (
            col(&h, &fpath, "game")?,
            col(&h, &fpath, "finding")?,
            col(&h, &fpath, "matters")?,
            col(&h, &fpath, "winner_changes")?,
            col(&h, &fpath, "detail")?,
        );
        // Per finding, the first game where it matters, preferring one whose winner changes.
        let mut first: BTreeMap<String, (bool, u64, String)> = BTreeMap::new();
        for rec in r.records() {
            let rec = rec.map_err(csv_err(&fpath))?;
            if &rec[m_c] != "1" {
                continue;
            }
            let won = &rec[w_c] == "1";
            if matches!(first.get(&rec[f_c]), Some((true, _, _)))
                || (first.contains_key(&rec[f_c]) && !won)
            {
                continue;
            }
            let game: u64 = rec[g_c].parse().unwrap_or(0);
            first.insert(
                rec[f_c].to_string(),
                (won, game, rec[d_c].chars().take(300).collect()),
            );
        }
        for (f, (_, game, caption)) in first {
            picks.push(Pick {
                stem: format!("finding-{f}-game-{game}"),
                game,
                title: format!("{f} on game {game}"),
                caption,
            });
        }
    }
    let dpath = dir.join("divergences.csv");
    if dpath.exists() {
        let mut r = reader(&dpath)?;
        let h = r.headers().map_err(csv_err(&dpath))?.clone();
        let (g_c, ru_c, win_c, ref_c, res_c) = (
            col(&h, &dpath, "game")?,
            col(&h, &dpath, "rules")?,
            col(&h, &dpath, "winner_differs")?,
            col(&h, &dpath, "jpd_tangsong_result")?,
            col(&h, &dpath, "result")?,
        );
        let cause_cols: Vec<(Cause, usize)> = Cause::ALL
            .iter()
            .map(|&c| col(&h, &dpath, &format!("{}_points", c.as_str())).map(|i| (c, i)))
            .collect::<Result<_, _>>()?;
        // Per cause: the first divergence, and the first with a different winner.
        let mut first: Vec<Option<(u64, String, String)>> = vec![None; Cause::ALL.len()];
        let mut first_win: Vec<Option<(u64, String, String)>> = vec![None; Cause::ALL.len()];
        for rec in r.records() {
            let rec = rec.map_err(csv_err(&dpath))?;
            let won = &rec[win_c] == "1";
            for (k, &(c, i)) in cause_cols.iter().enumerate() {
                let v: f64 = rec[i].parse().unwrap_or(0.0);
                if v == 0.0 {
                    continue;
                }
                let what = || {
                    (
                        rec[g_c].parse::<u64>().unwrap_or(0),
                        rec[ru_c].to_string(),
                        format!(
                            "{} {} against jpd-tangsong {}; {} term {:+}",
                            &rec[ru_c],
                            &rec[res_c],
                            &rec[ref_c],
                            c.as_str(),
                            v
                        ),
                    )
                };
                if first[k].is_none() {
                    first[k] = Some(what());
                }
                if won && first_win[k].is_none() {
                    first_win[k] = Some(what());
                }
            }
            if first_win.iter().all(Option::is_some) {
                break;
            }
        }
        for (k, c) in Cause::ALL.iter().enumerate() {
            if let Some((game, rules, caption)) = first_win[k].clone().or(first[k].clone()) {
                picks.push(Pick {
                    stem: format!("cause-{}-game-{game}-{rules}", c.as_str()),
                    game,
                    title: format!("{} on game {game}", c.as_str()),
                    caption,
                });
            }
        }
    }
    Ok(picks)
}

/// Writes `examples/` (each pick as SGF and SVG, regenerated from its seed) and
/// `divergences.svg` (the chart of divergence rates by cause and size).
fn write_pictures(dir: &Path) -> Result<(), FindingsError> {
    let manifest = Manifest::read(dir).map_err(|e| FindingsError::Manifest(e.to_string()))?;
    let campaign = manifest
        .campaign()
        .map_err(|e| FindingsError::Manifest(e.to_string()))?;
    let opts = manifest
        .run_options()
        .map_err(|e| FindingsError::Manifest(e.to_string()))?;
    let edir = dir.join("examples");
    if edir.exists() {
        std::fs::remove_dir_all(&edir).map_err(io_err(&edir))?;
    }
    for p in example_picks(dir)? {
        let g = generate(&campaign.spec(p.game));
        let a = analyse(&g.finished, opts.balancing, &RuleId::ALL, opts.checks);
        let Ok(count) = &a.count else { continue };
        let caption = format!("{}{}", p.caption, japanese_note(&p.stem, count));
        write_example(
            &edir,
            &p.stem,
            &g.finished,
            count,
            &a.results,
            &p.title,
            &caption,
        )
        .map_err(io_err(&edir.join(&p.stem)))?;
        // A finding's example also gets its shortest settled prefix that still shows it and
        // a game on a smaller board that shows it too, each with the line that regenerates it.
        if let Some(id) = p
            .stem
            .strip_prefix("finding-")
            .and_then(|r| r.split('-').next())
        {
            let spec = campaign.spec(p.game);
            let row = ViolationRow {
                game: p.game,
                seed: spec.seed(),
                size: spec.size,
                policy: g.policy.name(),
                theorem: id.to_string(),
                detail: p.caption.clone(),
            };
            for (suffix, w) in shrinker(&spec, &g, &row) {
                let path = edir.join(format!("{}-{suffix}.sgf", p.stem));
                crate::files::write_atomic(&path, w.to_sgf().as_bytes())?;
            }
        }
    }
    // The chart: per cause and size, divergent comparisons over all comparisons.
    let div = read_divergences(dir)?;
    if !div.is_empty() {
        let sizes: Vec<u32> = div
            .iter()
            .map(|(_, sz, _)| *sz)
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect();
        let causes: Vec<String> = Cause::ALL.iter().map(|c| c.as_str().to_string()).collect();
        let values: Vec<Vec<f64>> = causes
            .iter()
            .map(|cause| {
                sizes
                    .iter()
                    .map(|&sz| {
                        let (mut n, mut d) = (0u64, 0u64);
                        for (_, s2, row) in &div {
                            if *s2 != sz {
                                continue;
                            }
                            d += row.compared;
                            n += row
                                .causes
                                .iter()
                                .find(|(c, _, _)| c == cause)
                                .map(|x| x.1)
                                .unwrap_or(0);
                        }
                        if d == 0 {
                            0.0
                        } else {
                            (10000.0 * n as f64 / d as f64).round() / 100.0
                        }
                    })
                    .collect()
            })
            .collect();
        let series: Vec<String> = sizes.iter().map(|s| format!("{s}x{s}")).collect();
        let svg = bar_chart(
            "Divergences from jpd-tangsong by cause and board size",
            &causes,
            &series,
            &values,
            "% of comparisons",
        );
        let path = dir.join("divergences.svg");
        crate::files::write_atomic(&path, svg.as_bytes())?;
    }
    Ok(())
}

/// For a divergence picture of a Japanese-style rule set, a caption line naming the empty points
/// drawn as territory that this rule set does not count (seki regions, ko points), so the picture
/// frames them; empty for any other picture.
fn japanese_note(stem: &str, count: &crate::counting::Count) -> String {
    let reading = if stem.ends_with("-japanese-literal") {
        DameReading::Literal
    } else if stem.ends_with("-japanese") || stem.ends_with("-korean") {
        DameReading::Filled
    } else {
        return String::new();
    };
    let st = &count.settlement_paused;
    let b = st.board();
    let un = japanese_unscored(st, reading);
    let points: Vec<String> = b
        .points()
        .filter(|p| un[p.idx()].is_some())
        .map(|p| b.coord(p).to_human(b.size()))
        .collect();
    if points.is_empty() {
        return String::new();
    }
    format!(
        "\nDrawn as territory but not counted by this rule set (seki regions, ko points): {}",
        points.join(" ")
    )
}

/// The findings totals of findings_summary.csv over every size and policy, in [`FINDINGS`]
/// order: (applies, matters, margin changes, winner changes). All zero when the file is absent
/// (a campaign written before findings existed).
fn read_finding_totals(dir: &Path) -> Result<Vec<(u64, u64, u64, u64)>, FindingsError> {
    let mut out = vec![(0, 0, 0, 0); FINDINGS.len()];
    let path = dir.join("findings_summary.csv");
    if !path.exists() {
        return Ok(out);
    }
    let mut rdr = reader(&path)?;
    let h = rdr.headers().map_err(csv_err(&path))?.clone();
    let c = |n: &str| col(&h, &path, n);
    let (f_c, a_c, m_c, mc_c, w_c) = (
        c("finding")?,
        c("applies_games")?,
        c("matters_games")?,
        c("margin_changes_games")?,
        c("winner_changes_games")?,
    );
    for rec in rdr.records() {
        let rec = rec.map_err(csv_err(&path))?;
        let num = |i: usize| rec[i].parse::<u64>().unwrap_or(0);
        if let Some(i) = FINDINGS.iter().position(|&f| f == &rec[f_c]) {
            let t = &mut out[i];
            t.0 += num(a_c);
            t.1 += num(m_c);
            t.2 += num(mc_c);
            t.3 += num(w_c);
        }
    }
    Ok(out)
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
    }
}

/// exhaustive.csv rows: (kind, name) -> (positions, classes, games, example game, example
/// stones).
type ExhaustiveRows = BTreeMap<(String, String), (u64, u64, u64, String, String)>;

/// One size's exhaustive run: (size, mode, complete, seconds, referee nodes, exhaustive.csv
/// rows as (kind, name) -> (positions, classes, games, example game, example stones),
/// summary.csv columns summed, finding totals, divergences).
type ExhaustiveRun = (
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

fn read_exhaustive_run(sub: &Path) -> Result<Option<ExhaustiveRun>, FindingsError> {
    let path = sub.join("exhaustive.csv");
    if !path.exists() {
        return Ok(None);
    }
    let mut rdr = reader(&path)?;
    let mut rows = BTreeMap::new();
    let (mut size, mut mode) = (0u8, String::new());
    for rec in rdr.records() {
        let rec = rec.map_err(csv_err(&path))?;
        let num = |i: usize| rec.get(i).and_then(|x| x.parse::<u64>().ok()).unwrap_or(0);
        size = rec[0].parse().unwrap_or(0);
        mode = rec[1].to_string();
        rows.insert(
            (rec[2].to_string(), rec[3].to_string()),
            (
                num(4),
                num(5),
                num(6),
                rec[7].to_string(),
                rec[8].to_string(),
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
            if let Ok(v) = rec[i].parse::<u64>() {
                if name != "size" && name != "master_seed" {
                    *totals.entry(name.to_string()).or_default() += v;
                }
            }
        }
    }
    let f = read_finding_totals(sub)?;
    let d = read_divergences(sub)?;
    Ok(Some((
        size, mode, complete, seconds, nodes, rows, totals, f, d,
    )))
}

/// The exhaustive runs in `dir/exhaustive/*/` (as `make exhaustive` writes them): the ledger's
/// input and the section "Exhaustive, boards up to 4x4". `None` when there is no such folder.
fn read_exhaustive(dir: &Path) -> Result<Option<(ledger::Exhaustive, String)>, FindingsError> {
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
    let _ = writeln!(s, "## Exhaustive, boards up to 4x4\n");
    let _ = writeln!(
        s,
        "`jpd exhaust` puts every legal position of the small boards through the pipeline of a \
         campaign game. Each position stands at the pause of its simplest game: its stones placed \
         in point order, Black first and colours alternating, with the fewest virtual moves that \
         give each possible first passer and last mover (up to four games per position; the empty \
         board has one). No move of such a game captures, so its prisoners are 0 and its moves \
         are the stones plus the virtual moves. The referee judges the position; a settled \
         position's games are counted under every rule set and checked against T1-T17 and \
         F1-F6. A `classes` run takes one position per class of the 8 symmetries of the board \
         (colours not swapped) and counts it for the whole class; its game counts are those \
         of the representatives. Folders: `exhaustive/<size>/` (`exhaustive.csv`, \
         `summary.csv`, `findings_summary.csv`, `divergence_summary.csv`, the smallest \
         example of each measure in `examples/`).\n"
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
    let _ = write!(s, "| finding |");
    for (_, r) in &runs {
        let _ = write!(s, " {0}x{0} |", r.0);
    }
    let _ = writeln!(s);
    let _ = write!(s, "| --- |");
    for _ in &runs {
        let _ = write!(s, " --- |");
    }
    let _ = writeln!(s);
    for fid in FINDINGS {
        let _ = write!(s, "| {fid} |");
        for (sub, r) in &runs {
            let rows = &r.5;
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
    let _ = write!(s, "| edge case |");
    for (_, r) in &runs {
        let _ = write!(s, " {0}x{0} |", r.0);
    }
    let _ = writeln!(s);
    let _ = write!(s, "| --- |");
    for _ in &runs {
        let _ = write!(s, " --- |");
    }
    let _ = writeln!(s);
    for name in EdgeCases::NAMES {
        let _ = write!(s, "| {name} |");
        for (sub, r) in &runs {
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
    let _ = write!(s, "| rule set |");
    for (_, r) in &runs {
        let _ = write!(s, " {0}x{0} |", r.0);
    }
    let _ = writeln!(s);
    let _ = write!(s, "| --- |");
    for _ in &runs {
        let _ = write!(s, " --- |");
    }
    let _ = writeln!(s);
    for rid in RuleId::ALL.iter().skip(1) {
        let _ = write!(s, "| {} |", rid.as_str());
        for (_, r) in &runs {
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
    let _ = writeln!(s);
    Ok(Some((e, s)))
}

/// The findings section: per finding, the games it applies to, where the reading matters, where
/// the margin and the winner change, and the first example (from findings.csv when present).
fn findings_section(dir: &Path, totals: &[(u64, u64, u64, u64)]) -> Result<String, FindingsError> {
    let mut s = String::new();
    let _ = writeln!(s, "## Findings (F1-F6: where the text leaves room)\n");
    let _ = writeln!(
        s,
        "A finding is a question the text leaves open, measured on every settled game it applies \
         to; `findings.csv` has one row per game and finding, `findings_summary.csv` the counts per \
         size and policy.\n"
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
    if path.exists() {
        let mut rdr = reader(&path)?;
        let h = rdr.headers().map_err(csv_err(&path))?.clone();
        let c = |n: &str| col(&h, &path, n);
        let (g_c, seed_c, sz_c, pol_c, f_c, m_c, w_c, d_c) = (
            c("game")?,
            c("seed")?,
            c("size")?,
            c("policy")?,
            c("finding")?,
            c("matters")?,
            c("winner_changes")?,
            c("detail")?,
        );
        // Per finding, the first game where it matters, preferring one whose winner changes;
        // and for F2, how many of the games where the choice matters leave dame.
        let mut first: BTreeMap<String, (bool, String)> = BTreeMap::new();
        let (mut f2_matters, mut f2_dame) = (0u64, 0u64);
        for rec in rdr.records() {
            let rec = rec.map_err(csv_err(&path))?;
            if &rec[m_c] != "1" {
                continue;
            }
            if &rec[f_c] == "F2" {
                f2_matters += 1;
                f2_dame += rec[d_c].contains("dame left") as u64;
            }
            let won = &rec[w_c] == "1";
            let line = format!(
                "game {} (seed {}, {}x{}, {}): {}",
                &rec[g_c], &rec[seed_c], &rec[sz_c], &rec[sz_c], &rec[pol_c], &rec[d_c]
            );
            match first.get(&rec[f_c]) {
                Some((true, _)) => {}
                Some((false, _)) if !won => {}
                _ => {
                    first.insert(rec[f_c].to_string(), (won, line));
                }
            }
        }
        if f2_matters > 0 {
            let _ = writeln!(
                s,
                "Of the {f2_matters} games where the physical choice of the negative-move stone \
                 matters (F2), {f2_dame} leave dame unfilled.\n"
            );
        }
        if !first.is_empty() {
            let _ = writeln!(
                s,
                "First example of each (a game whose winner changes when there is one; \
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
    if !path.exists() {
        return Ok(Vec::new());
    }
    let mut rdr = reader(&path)?;
    let h = rdr.headers().map_err(csv_err(&path))?.clone();
    let c = |n: &str| col(&h, &path, n);
    let (size_c, rules_c, cause_c, cmp_c, div_c, win_c, bm_c, un_c) = (
        c("size")?,
        c("rules")?,
        c("cause")?,
        c("games_compared")?,
        c("games_divergent")?,
        c("games_winner_differs")?,
        c("games_board_margin_differs")?,
        c("games_unexplained")?,
    );
    for rec in rdr.records() {
        let rec = rec.map_err(csv_err(&path))?;
        let num = |i: usize| rec[i].parse::<u64>().unwrap_or(0);
        let size: u32 = rec[size_c].parse().unwrap_or(0);
        let order = RuleId::ALL
            .iter()
            .position(|r| r.as_str() == &rec[rules_c])
            .unwrap_or(usize::MAX);
        let e = out
            .entry((order, size))
            .or_insert_with(|| (rec[rules_c].to_string(), DivRow::default()));
        if &rec[cause_c] == "any" {
            e.1.compared = num(cmp_c);
            e.1.divergent = num(div_c);
            e.1.winner_differs = num(win_c);
            e.1.board_margin_differs = num(bm_c);
            e.1.unexplained = num(un_c);
        } else {
            e.1.causes
                .push((rec[cause_c].to_string(), num(div_c), num(win_c)));
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
Japanese practice fills; `dead_stones_on_board`, Tromp-Taylor scoring the board as it stands;
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

/// Writes FINDINGS.md into the campaign folder.
pub fn write_findings(dir: &Path) -> Result<PathBuf, FindingsError> {
    write_pictures(dir)?;
    let text = findings(dir)?;
    let path = dir.join("FINDINGS.md");
    crate::files::write_atomic(&path, text.as_bytes())?;
    Ok(path)
}
