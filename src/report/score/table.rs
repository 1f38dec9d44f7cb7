//! The CSV form of `jpd score`: one row per file and rule set.

use std::io::Write;

use super::json::{is_count, FileReport, TheoremJson};

/// The CSV header of `jpd score --format csv`: one row per file and rule set.
pub const CSV_HEADER: [&str; 22] = [
    "file",
    "size",
    "rules",
    "komi",
    "black_points",
    "white_points",
    "margin_b_minus_w",
    "winner",
    "result",
    "end",
    "first_passer",
    "last_mover",
    "k",
    "shared_points",
    "area_black",
    "area_white",
    "overflow_s",
    "invariants_failed",
    "findings_matter",
    "dead_source",
    "dead_estimated",
    "game",
];

/// Writes reports as CSV.
pub fn write_csv<W: Write>(out: W, reports: &[FileReport]) -> csv::Result<()> {
    let mut w = csv::Writer::from_writer(out);
    w.write_record(CSV_HEADER)?;
    let opt = |v: Option<String>| v.unwrap_or_default();
    for r in reports {
        let ids = |list: &[TheoremJson]| -> String {
            list.iter()
                .filter(|t| t.holds == Some(false))
                .map(|t| t.id.as_str())
                .collect::<Vec<_>>()
                .join(" ")
        };
        let (failed, matter) = (ids(&r.invariants), ids(&r.findings));
        for res in &r.results {
            w.write_record([
                r.file.clone(),
                r.size.to_string(),
                res.rules.to_string(),
                res.komi.to_string(),
                opt(is_count(res).then(|| res.black.to_string())),
                opt(is_count(res).then(|| res.white.to_string())),
                opt(is_count(res).then(|| res.margin.to_string())),
                match res.winner {
                    Some(c) => c.name().to_string(),
                    None if res.result == "0" => "draw".into(),
                    // An unscored result (`illegal:superko`, `no_result`, `not_ended`).
                    None => String::new(),
                },
                res.result.clone(),
                r.end.clone(),
                opt(r.first_passer.map(|c| c.name().to_string())),
                opt(r.last_mover.map(|c| c.name().to_string())),
                opt(r.k.map(|k| k.to_string())),
                opt(r.shared_points.map(|q| q.to_string())),
                opt(r.area.map(|a| a.black.to_string())),
                opt(r.area.map(|a| a.white.to_string())),
                opt(r.overflow_s.map(|s| s.to_string())),
                failed.clone(),
                matter.clone(),
                r.dead.source.clone(),
                r.dead.estimated.join(" "),
                opt(r.game.map(|g| g.to_string())),
            ])?;
        }
    }
    w.flush()?;
    Ok(())
}
