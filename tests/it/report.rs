//! The published numbers can be trusted: a small fixed campaign is regenerated and its
//! summary.csv and FINDINGS.md are compared byte for byte with committed copies.
//!
//! The committed copies are the output of this very campaign; the test also recounts the
//! summary's failures from violations.csv and its games and edge cases from games.csv, so a
//! summary that disagrees with the rows it summarises fails even after a regeneration.
//! Regenerate them only on purpose, with `UPDATE_GOLDEN=1 cargo test --test it report`.

use std::fs;
use std::path::PathBuf;

use jipingdian::harness::campaign::{self, Campaign, Hooks, RunConfig};
use jipingdian::harness::generate::Policy;
use jipingdian::report::findings::write_findings;

fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden/small-campaign")
}

#[test]
fn small_campaign_summary_matches_the_committed_copy() {
    let out = std::env::temp_dir().join(format!("jpd-it-golden-{}", std::process::id()));
    let _ = fs::remove_dir_all(&out);
    let mut cfg = RunConfig::new(Campaign {
        master_seed: 2008,
        games: 600,
        sizes: vec![5, 7, 9],
        policy: Policy::Mixed,
        shard: None,
    });
    cfg.threads = 2;
    campaign::run(&cfg, &out, &Hooks::default()).expect("the campaign runs");
    write_findings(&out).expect("FINDINGS.md is written");
    cross_check(&out);
    for name in [
        "summary.csv",
        "divergence_summary.csv",
        "findings_summary.csv",
        "FINDINGS.md",
    ] {
        let got = fs::read_to_string(out.join(name)).unwrap();
        let path = golden_dir().join(name);
        if std::env::var_os("UPDATE_GOLDEN").is_some() {
            fs::create_dir_all(golden_dir()).unwrap();
            fs::write(&path, &got).unwrap();
            continue;
        }
        let want = fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{}: {e} (run with UPDATE_GOLDEN=1 once)", path.display()));
        assert_eq!(got, want, "{name} differs from {}", path.display());
    }
    let _ = fs::remove_dir_all(&out);
}

/// findings_summary.csv against findings.csv, and the claims ledger of FINDINGS.md against the
/// summaries: every invariant and finding count the ledger cites is the sum of the CSV files.
fn ledger_check(dir: &std::path::Path) {
    use std::collections::BTreeMap;
    let sum = |file: &str, key: &str, cols: &[&str]| -> BTreeMap<String, Vec<u64>> {
        let mut r = csv::Reader::from_path(dir.join(file)).unwrap();
        let h = r.headers().unwrap().clone();
        let at = |n: &str| h.iter().position(|x| x == n).unwrap();
        let k = at(key);
        let idx: Vec<usize> = cols.iter().map(|c| at(c)).collect();
        let mut out: BTreeMap<String, Vec<u64>> = BTreeMap::new();
        for rec in r.records() {
            let rec = rec.unwrap();
            let e = out.entry(rec[k].to_string()).or_insert(vec![0; cols.len()]);
            for (j, &i) in idx.iter().enumerate() {
                e[j] += rec[i].parse::<u64>().unwrap();
            }
        }
        out
    };
    // The summary of findings from its rows.
    let rows = sum("findings.csv", "finding", &["matters", "winner_changes"]);
    let mut applies: BTreeMap<String, u64> = BTreeMap::new();
    let mut r = csv::Reader::from_path(dir.join("findings.csv")).unwrap();
    for rec in r.records() {
        *applies.entry(rec.unwrap()[4].to_string()).or_default() += 1;
    }
    let summ = sum(
        "findings_summary.csv",
        "finding",
        &["applies_games", "matters_games", "winner_changes_games"],
    );
    let text = fs::read_to_string(dir.join("FINDINGS.md")).unwrap();
    for (f, v) in &summ {
        assert_eq!(applies.get(f).copied().unwrap_or(0), v[0], "{f} applies");
        let rv = rows.get(f).cloned().unwrap_or(vec![0, 0]);
        assert_eq!((rv[0], rv[1]), (v[1], v[2]), "{f} matters, winner");
        if ["F1", "F2", "F3", "F4", "F6"].contains(&f.as_str()) {
            let cited = format!(
                "{f}: applies to {} games, the reading matters in {}",
                v[0], v[1]
            );
            assert!(text.contains(&cited), "the ledger cites {cited}");
        }
    }
    // Invariant counts the ledger cites, from summary.csv.
    let mut r = csv::Reader::from_path(dir.join("summary.csv")).unwrap();
    let h = r.headers().unwrap().clone();
    let mut tot: BTreeMap<String, u64> = BTreeMap::new();
    for rec in r.records() {
        let rec = rec.unwrap();
        for (i, name) in h.iter().enumerate() {
            if let Ok(v) = rec[i].parse::<u64>() {
                *tot.entry(name.to_string()).or_default() += v;
            }
        }
    }
    for t in ["T1", "T6", "T7", "T11", "T12"] {
        let k = t.to_ascii_lowercase();
        let cited = format!(
            "{t}: {} failures in {} games",
            tot[&format!("{k}_failed")],
            tot[&format!("{k}_checked")]
        );
        assert!(text.contains(&cited), "the ledger cites {cited}");
    }
}

/// summary.csv against the rows: failures per theorem from violations.csv; games and edge-case
/// games from games.csv; divergence_summary.csv against divergences.csv.
fn cross_check(dir: &std::path::Path) {
    ledger_check(dir);
    use std::collections::HashMap;
    // Divergent games and winner differences per (size, rule set), from the rows.
    let mut rows: HashMap<(String, String), (u64, u64)> = HashMap::new();
    let mut dr = csv::Reader::from_path(dir.join("divergences.csv")).unwrap();
    let dh = dr.headers().unwrap().clone();
    let col = |n: &str| dh.iter().position(|h| h == n).unwrap();
    let (size_c, rules_c, win_c) = (col("size"), col("rules"), col("winner_differs"));
    for rec in dr.records() {
        let rec = rec.unwrap();
        let e = rows
            .entry((rec[size_c].to_string(), rec[rules_c].to_string()))
            .or_default();
        e.0 += 1;
        e.1 += rec[win_c].parse::<u64>().unwrap();
    }
    let mut sr = csv::Reader::from_path(dir.join("divergence_summary.csv")).unwrap();
    let mut any_rows = 0;
    for rec in sr.records() {
        let rec = rec.unwrap();
        if &rec[3] != "any" {
            continue;
        }
        any_rows += 1;
        let want = rows
            .get(&(rec[1].to_string(), rec[2].to_string()))
            .copied()
            .unwrap_or((0, 0));
        let got: (u64, u64) = (rec[5].parse().unwrap(), rec[6].parse().unwrap());
        assert_eq!(
            got, want,
            "divergences of {} on {}x{}",
            &rec[2], &rec[1], &rec[1]
        );
    }
    // Three sizes, every rule set but jpd-tangsong itself.
    assert_eq!(any_rows, 3 * (jipingdian::rules::RuleId::ALL.len() - 1));
    let mut summary: HashMap<String, u64> = HashMap::new();
    let mut rdr = csv::Reader::from_path(dir.join("summary.csv")).unwrap();
    let h = rdr.headers().unwrap().clone();
    for rec in rdr.records() {
        let rec = rec.unwrap();
        for (i, name) in h.iter().enumerate() {
            if let Ok(v) = rec[i].parse::<u64>() {
                *summary.entry(name.to_string()).or_default() += v;
            }
        }
    }
    let mut failed: HashMap<String, u64> = HashMap::new();
    let mut vr = csv::Reader::from_path(dir.join("violations.csv")).unwrap();
    for rec in vr.records() {
        let rec = rec.unwrap();
        *failed
            .entry(format!("{}_failed", rec[4].to_ascii_lowercase()))
            .or_default() += 1;
    }
    for t in jipingdian::checks::THEOREMS {
        let k = format!("{}_failed", t.to_ascii_lowercase());
        assert_eq!(
            summary.get(&k).copied().unwrap_or(0),
            failed.get(&k).copied().unwrap_or(0),
            "{k}"
        );
    }
    let mut gr = csv::Reader::from_path(dir.join("games.csv")).unwrap();
    let gh = gr.headers().unwrap().clone();
    let mut games = 0u64;
    let mut edges: HashMap<String, u64> = HashMap::new();
    for rec in gr.records() {
        let rec = rec.unwrap();
        games += 1;
        for name in jipingdian::harness::generate::EdgeCases::NAMES {
            let i = gh.iter().position(|c| c == name).unwrap();
            *edges.entry(format!("{name}_games")).or_default() += rec[i].parse::<u64>().unwrap();
        }
    }
    assert_eq!(summary["games"], games);
    for (k, v) in edges {
        assert_eq!(summary[&k], v, "{k}");
    }
}
