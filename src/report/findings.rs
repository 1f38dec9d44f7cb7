//! `FINDINGS.md`: a readable summary of a campaign, generated from its CSV files alone.
//!
//! Per theorem: games checked, failures, and the first example; per edge case: how often the
//! generator reached it, by board size; and how the rule sets' results differ, with the cause
//! worked out from the counts. Everything is read from `summary.csv`, `violations.csv`,
//! `games.csv` and `scores.csv` (streamed, in game order) and the deterministic part of
//! `manifest.json`, so the same campaign gives the same bytes.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use crate::checks::THEOREMS;
use crate::harness::campaign::Manifest;
use crate::harness::generate::EdgeCases;

/// Errors reading a campaign folder.
#[derive(Debug, thiserror::Error)]
pub enum FindingsError {
    /// A file could not be read.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A CSV file is malformed.
    #[error("{path}: {source}")]
    Csv {
        /// The file.
        path: PathBuf,
        /// Why.
        source: csv::Error,
    },
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

fn reader(path: &Path) -> Result<csv::Reader<std::fs::File>, FindingsError> {
    csv::Reader::from_path(path).map_err(|e| FindingsError::Csv {
        path: path.to_path_buf(),
        source: e,
    })
}

fn col(h: &csv::StringRecord, path: &Path, name: &str) -> Result<usize, FindingsError> {
    h.iter()
        .position(|c| c == name)
        .ok_or_else(|| FindingsError::Column {
            path: path.to_path_buf(),
            column: name.to_string(),
        })
}

/// Per (size, rule set) comparison with jpd-tangsong.
#[derive(Default, Clone, Copy)]
struct Versus {
    games: u64,
    winner_differs: u64,
    margin_differs: u64,
    /// Winner differences explained by the komi identity (Black first passer, B0 - W0 = 7).
    winner_by_komi: u64,
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
         with `jpd replay --seed {} --game I --sizes {}`.{}\n",
        manifest.games_done,
        manifest.sizes.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(","),
        manifest.policy,
        manifest.master_seed,
        manifest.balancing,
        manifest.rng_algorithm,
        manifest.master_seed,
        manifest.sizes.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(","),
        if manifest.complete { "" } else { " **The campaign is not complete.**" }
    );

    // summary.csv: per (size, policy) rows; add them up per size and overall.
    let path = dir.join("summary.csv");
    let mut rdr = reader(&path)?;
    let h = rdr
        .headers()
        .map_err(|e| FindingsError::Csv {
            path: path.clone(),
            source: e,
        })?
        .clone();
    let size_c = col(&h, &path, "size")?;
    let games_c = col(&h, &path, "games")?;
    let mut per_size: BTreeMap<u32, BTreeMap<String, u64>> = BTreeMap::new();
    let mut total: BTreeMap<String, u64> = BTreeMap::new();
    for rec in rdr.records() {
        let rec = rec.map_err(|e| FindingsError::Csv {
            path: path.clone(),
            source: e,
        })?;
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
    let vh = vr
        .headers()
        .map_err(|e| FindingsError::Csv {
            path: vpath.clone(),
            source: e,
        })?
        .clone();
    let (g_c, seed_c, sz_c, pol_c, th_c, det_c) = (
        col(&vh, &vpath, "game")?,
        col(&vh, &vpath, "seed")?,
        col(&vh, &vpath, "size")?,
        col(&vh, &vpath, "policy")?,
        col(&vh, &vpath, "theorem")?,
        col(&vh, &vpath, "detail")?,
    );
    for rec in vr.records() {
        let rec = rec.map_err(|e| FindingsError::Csv {
            path: vpath.clone(),
            source: e,
        })?;
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

    let _ = writeln!(s, "## Theorems (RULES.md section 8)\n");
    let _ = writeln!(s, "| theorem | games checked | failures | rate |");
    let _ = writeln!(s, "| --- | ---: | ---: | ---: |");
    for t in THEOREMS {
        let k = t.to_ascii_lowercase();
        let checked = get(&total, &format!("{k}_checked"));
        let failed = get(&total, &format!("{k}_failed"));
        let _ = writeln!(
            s,
            "| {t} | {checked} | {failed} | {} |",
            rate(failed, checked)
        );
    }
    let panics = get(&total, "panics");
    let _ = writeln!(s, "\nPanics caught: {panics}.\n");
    if first.is_empty() {
        let _ = writeln!(s, "No theorem failed.\n");
    } else {
        let _ = writeln!(s, "First example of each failure (the SGF files are in `violations/`, with a shrunk game beside each):\n");
        for (t, (g, seed, size, policy, detail)) in &first {
            let _ = writeln!(
                s,
                "- **{t}**: game {g} (seed {seed}, {size}x{size}, {policy}): {detail}"
            );
        }
        let _ = writeln!(s);
    }
    let _ = writeln!(s, "{}", EXPLANATIONS);

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
    }

    // Rule sets against jpd-tangsong, from scores.csv joined with games.csv.
    let versus = compare_rules(dir)?;
    let _ = writeln!(s, "## Rule sets against jpd-tangsong\n");
    let _ = writeln!(s, "| rule set | size | games | winner differs | margin differs | winner differs by the komi identity |");
    let _ = writeln!(s, "| --- | ---: | ---: | ---: | ---: | ---: |");
    for ((rules, size), v) in &versus {
        let _ = writeln!(
            s,
            "| {rules} | {size}x{size} | {} | {} | {} | {} |",
            v.games, v.winner_differs, v.margin_differs, v.winner_by_komi
        );
    }
    let _ = writeln!(s, "\n{}", RULES_NOTE);
    Ok(s)
}

const EXPLANATIONS: &str = "How to read the failures:

- **T5** (fill-up): the settled position cannot be filled up stably: after every road point is
  filled, some group is left with fewer than two eyes or a string can be captured at once. In
  generated games this flags a doubtful settlement: the play-out resolution left alive a group
  the fill-up shows cannot keep two eyes. With dame left (Art. 10 not met) an unstable fill is
  reported in the detail but is not a failure.
- **T11** (negative-move choice): by decree (RULES.md B2) the choice never matters; T11 also
  takes each qualifying stone off the board physically, and a failure names the points whose
  ownership that would change (a shared liberty becoming a one-sided dame, a seki eye becoming
  plain territory): Art. 13-14 are silent on it, and the result depends on the stone chosen.
- **T10** (Benson): the dead stones of a generated game come from play-out resolution, a random
  continuation of the game; where it captured a string that Benson's analysis proves pass-alive
  (its owner filled its own eye space while capturing dead stones inside it), the settlement is
  wrong and T10 names the stone.
- **T2** holds with `k - s`; the literal formula of Art. 19(3), `B = b + k + q/2`, is off by the
  overflow `s` in every game with an overflow (see the edge-case table).
";

const RULES_NOTE: &str =
    "`jpd-tangsong-area` must equal `jpd-tangsong` (theorem T6). For `chinese` (area of the paused
position, komi 7.5) against `jpd-tangsong` (balanced, komi 6.5): the margins are
`B0 - W0 - 7.5` and `B0 - W0 - 6.5 - [White passed first]`, so they differ by exactly one point
whenever Black passed first, and the winner differs exactly when, in addition, `B0 - W0 = 7`
(Part 1 item 12 of the Tang-Song text). The last column counts the winner differences that this
identity explains; a winner difference it does not explain would be a bug.";

fn rate(n: u64, d: u64) -> String {
    if d == 0 {
        "-".into()
    } else {
        format!("{:.2}%", 100.0 * n as f64 / d as f64)
    }
}

/// Streams games.csv and scores.csv together (both in game order).
fn compare_rules(dir: &Path) -> Result<BTreeMap<(String, u32), Versus>, FindingsError> {
    let gpath = dir.join("games.csv");
    let spath = dir.join("scores.csv");
    let mut out: BTreeMap<(String, u32), Versus> = BTreeMap::new();
    let (Ok(mut gr), Ok(mut sr)) = (
        csv::Reader::from_path(&gpath),
        csv::Reader::from_path(&spath),
    ) else {
        return Ok(out);
    };
    let gh = gr
        .headers()
        .map_err(|e| FindingsError::Csv {
            path: gpath.clone(),
            source: e,
        })?
        .clone();
    let sh = sr
        .headers()
        .map_err(|e| FindingsError::Csv {
            path: spath.clone(),
            source: e,
        })?
        .clone();
    let (gg, gfp, gab, gaw) = (
        col(&gh, &gpath, "game")?,
        col(&gh, &gpath, "first_passer")?,
        col(&gh, &gpath, "area_black_points")?,
        col(&gh, &gpath, "area_white_points")?,
    );
    let (sg, ssz, sru, smar, swin) = (
        col(&sh, &spath, "game")?,
        col(&sh, &spath, "size")?,
        col(&sh, &spath, "rules")?,
        col(&sh, &spath, "margin_b_minus_w")?,
        col(&sh, &spath, "winner")?,
    );
    let _ = (gab, gaw);
    let mut games = gr.records();
    let mut current: Option<csv::StringRecord> = None;
    let mut pending: Vec<csv::StringRecord> = Vec::new();
    let flush = |rows: &mut Vec<csv::StringRecord>,
                 game: Option<&csv::StringRecord>,
                 out: &mut BTreeMap<(String, u32), Versus>| {
        let Some(base) = rows.iter().find(|r| &r[sru] == "jpd-tangsong").cloned() else {
            rows.clear();
            return;
        };
        let bfp = game.map(|g| &g[gfp] == "black").unwrap_or(false);
        let size: u32 = base[ssz].parse().unwrap_or(0);
        let bm: f64 = base[smar].parse().unwrap_or(0.0);
        for r in rows.iter() {
            if &r[sru] == "jpd-tangsong" {
                continue;
            }
            let v = out.entry((r[sru].to_string(), size)).or_default();
            v.games += 1;
            let m: f64 = r[smar].parse().unwrap_or(0.0);
            if m != bm {
                v.margin_differs += 1;
            }
            if r[swin] != base[swin] {
                v.winner_differs += 1;
                // Chinese: margin = B0 - W0 - 7.5; Tang-Song: B0 - W0 - 6.5 - [WFP].
                if &r[sru] == "chinese"
                    && bfp
                    && (bm - m - 1.0).abs() < 1e-9
                    && (bm - 0.5).abs() < 1e-9
                {
                    v.winner_by_komi += 1;
                }
            }
        }
        rows.clear();
    };
    for rec in sr.records() {
        let rec = rec.map_err(|e| FindingsError::Csv {
            path: spath.clone(),
            source: e,
        })?;
        let g = rec[sg].to_string();
        if pending.first().map(|p| p[sg] != *g).unwrap_or(false) {
            flush(&mut pending, current.as_ref(), &mut out);
        }
        // Advance games.csv to this game.
        while current.as_ref().map(|c| c[gg] != *g).unwrap_or(true) {
            match games.next() {
                Some(Ok(r)) => current = Some(r),
                _ => {
                    current = None;
                    break;
                }
            }
        }
        pending.push(rec);
    }
    flush(&mut pending, current.as_ref(), &mut out);
    Ok(out)
}

/// Writes FINDINGS.md into the campaign folder.
pub fn write_findings(dir: &Path) -> Result<PathBuf, FindingsError> {
    let text = findings(dir)?;
    let path = dir.join("FINDINGS.md");
    let tmp = dir.join("FINDINGS.md.tmp");
    std::fs::write(&tmp, text).map_err(|e| FindingsError::Io {
        path: tmp.clone(),
        source: e,
    })?;
    std::fs::rename(&tmp, &path).map_err(|e| FindingsError::Io {
        path: path.clone(),
        source: e,
    })?;
    Ok(path)
}
