//! The reports of an exhaustive run: `exhaustive.csv` (one [`ExhaustiveRow`] per measure), the
//! summary tables, the smallest example of each measure as SGF, and the manifest.

use std::fs;
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::{io, write_atomic, Checkpoint, ExhaustConfig, ExhaustError, Summary};
use crate::checks::{FINDINGS, THEOREMS};
use crate::harness::generate::{exhaustive_game_with, EdgeCases};
use crate::harness::record::{game_sgf, git_commit};
use crate::settlement::referee::Unsettled;

/// The rows of exhaustive.csv, in report order: (kind, name, key).
fn measures() -> Vec<(&'static str, String, String)> {
    let mut m = vec![
        ("legal", "positions".to_string(), "legal".to_string()),
        ("settled", "settled".into(), "settled".into()),
    ];
    for u in Unsettled::ALL {
        m.push((
            "unsettled",
            u.as_str().into(),
            format!("unsettled_{}", u.as_str()),
        ));
    }
    for t in THEOREMS {
        m.push((
            "invariant",
            t.to_string(),
            format!("{}_failed", t.to_ascii_lowercase()),
        ));
    }
    for f in FINDINGS {
        for what in ["applies", "matters", "winner"] {
            let key = format!("{}_{what}", f.to_ascii_lowercase());
            m.push(("finding", format!("{f}_{what}"), key));
        }
    }
    for e in EdgeCases::NAMES {
        m.push(("edge", e.to_string(), format!("edge_{e}")));
    }
    m
}

/// One row of exhaustive.csv: a measure (`kind`, `name`) of a run, with its counts and its
/// smallest example (empty when none). The one type that writes the file and reads it back.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExhaustiveRow {
    /// Board size.
    pub size: u8,
    /// `all` or `classes`.
    pub mode: String,
    /// `legal`, `settled`, `unsettled`, `invariant`, `finding` or `edge`.
    pub kind: String,
    /// The measure's name within its kind.
    pub name: String,
    /// Positions counted.
    pub positions: u64,
    /// Symmetry classes counted.
    pub classes: u64,
    /// Games counted.
    pub games: u64,
    /// The smallest example's game index.
    pub example_game: Option<u64>,
    /// The smallest example's stones.
    pub example_stones: Option<u32>,
}

/// The column names of exhaustive.csv (the fields of [`ExhaustiveRow`]).
pub const EXHAUSTIVE_COLUMNS: [&str; 9] = [
    "size",
    "mode",
    "kind",
    "name",
    "positions",
    "classes",
    "games",
    "example_game",
    "example_stones",
];

/// The build that counted a run, as its manifest names it: this one, or (for a merge) the one
/// that ran the shards.
pub(super) struct Origin {
    /// The version of jpd.
    pub version: String,
    /// The commit it was built from.
    pub git_commit: String,
}

impl Origin {
    /// This build of jpd.
    pub fn this_build() -> Origin {
        Origin {
            version: env!("CARGO_PKG_VERSION").to_string(),
            git_commit: git_commit(),
        }
    }
}

/// Writes the reports of a run into `dir`: summary.csv, findings_summary.csv,
/// divergence_summary.csv, exhaustive.csv, the smallest examples and the manifest (a shard's
/// also keeps its shard and its checkpoint, which [`super::merge`] reads).
pub(super) fn write_reports(
    cfg: &ExhaustConfig,
    dir: &Path,
    cp: &Checkpoint,
    summary: &Summary,
    complete: bool,
    origin: &Origin,
) -> Result<(), ExhaustError> {
    let csv_to = |name: &str, f: &dyn Fn(&mut Vec<u8>) -> csv::Result<()>| {
        let path = dir.join(name);
        let mut bytes = Vec::new();
        f(&mut bytes).map_err(crate::files::csv_err(&path))?;
        write_atomic(&path, &bytes)
    };
    csv_to("summary.csv", &|b| summary.write_csv(0, b))?;
    csv_to("findings_summary.csv", &|b| {
        summary.write_findings_csv(0, b)
    })?;
    csv_to("divergence_summary.csv", &|b| {
        summary.write_divergence_csv(0, b)
    })?;
    csv_to("exhaustive.csv", &|b| {
        let mut w = crate::harness::summary::writer_with_header(b, &EXHAUSTIVE_COLUMNS)?;
        for (kind, name, key) in measures() {
            let c = cp.totals.get(&key);
            w.serialize(ExhaustiveRow {
                size: cfg.size,
                mode: cfg.mode.name().to_string(),
                kind: kind.to_string(),
                name,
                positions: c.positions,
                classes: c.classes,
                games: c.games,
                example_game: c.example.map(|e| e.game),
                example_stones: c.example.map(|e| e.stones),
            })?;
        }
        w.flush()?;
        Ok(())
    })?;
    // The smallest example of each measure that has one (except the trivial ones) as SGF.
    let ex_dir = dir.join("examples");
    fs::create_dir_all(&ex_dir).map_err(|e| io(&ex_dir, e))?;
    for (kind, name, key) in measures() {
        if kind == "legal" {
            continue;
        }
        let Some(e) = cp.totals.get(&key).example else {
            continue;
        };
        let Some(g) = exhaustive_game_with(cfg.size, e.game, None, cfg.nodes) else {
            continue;
        };
        let comment = format!(
            "jpd exhaust --size {}: the smallest game with {kind} {name} ({} stones, game {}: \
             its simplest game, first passer {}, last mover {})",
            cfg.size,
            e.stones,
            e.game,
            g.finished.game.first_passer().map_or("-", |c| c.name()),
            g.finished.game.last_mover().map_or("-", |c| c.name()),
        );
        let path = ex_dir.join(format!("{kind}-{name}.sgf"));
        let text = game_sgf(&g, comment).to_sgf();
        write_atomic(&path, text.as_bytes())?;
    }
    let mut manifest = serde_json::json!({
        "version": origin.version,
        "git_commit": origin.git_commit,
        "command_line": cfg.command_line,
        "size": cfg.size,
        "mode": cfg.mode.name(),
        "referee_nodes": cfg.nodes,
        "chunks": cp.chunks,
        "chunks_done": cp.chunks_done,
        "started": cp.started,
        "seconds": (cp.seconds * 10.0).round() / 10.0,
        "games_csv": cfg.games_csv,
        "count_only": cfg.count_only,
        "complete": complete,
    });
    if let Some(shard) = cfg.shard {
        manifest["shard"] = serde_json::json!(shard);
        manifest["checkpoint"] = serde_json::to_value(cp).expect("a checkpoint serialises");
    }
    let path = dir.join("manifest.json");
    let text = serde_json::to_string_pretty(&manifest).expect("json") + "\n";
    write_atomic(&path, text.as_bytes())?;
    if complete {
        let _ = fs::remove_file(dir.join("checkpoint.json"));
    }
    Ok(())
}
