//! GNU Go as an outside oracle. The self-play corpus (`corpus/gnugo/`, made by its `make.sh`)
//! reads back, the theorems hold on it, and our Chinese count with GNU Go's dead stones (the
//! records' TB/TW) gives the result GNU Go wrote in `RE`; with GNU Go installed, its Chinese and
//! Japanese scores are compared with ours live, and `jpd oracle` writes its CSV.

use std::fs;
use std::path::PathBuf;

use jipingdian::checks::{CheckOptions, Symmetries};
use jipingdian::oracle::{
    self, compare, CompareOptions, DeadSource, GnuGoConfig, GnuGoPair, OracleInput, CSV_HEADER,
};
use jipingdian::report::score::{score_bytes, ScoreOptions};
use jipingdian::rules::RuleId;
use jipingdian::sgf::parse_sgf;

use crate::util::require_tool;

fn corpus() -> Vec<PathBuf> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/gnugo");
    let mut v: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "sgf"))
        .collect();
    v.sort();
    v
}

fn size_of(p: &PathBuf) -> u8 {
    parse_sgf(&fs::read(p).unwrap()).unwrap().size
}

fn gnugo() -> Option<GnuGoPair> {
    let path = require_tool("gnugo", oracle::find_gnugo(), oracle::GNUGO_SEARCH)?;
    Some(GnuGoPair::start(GnuGoConfig::new(path)).expect("GNU Go starts"))
}

fn input(p: &PathBuf) -> OracleInput {
    OracleInput {
        name: p.file_name().unwrap().to_string_lossy().into_owned(),
        game_seed: String::new(),
        sgf: fs::read(p).unwrap(),
    }
}

#[test]
fn gnugo_corpus_scores_as_gnugo_said_and_the_theorems_hold() {
    let files = corpus();
    assert!(files.len() >= 40, "the corpus has {} games", files.len());
    let opts = ScoreOptions {
        rules: RuleId::ALL.to_vec(),
        checks: CheckOptions {
            symmetries: Symmetries::OnePerGame,
            t11_choices: 4,
        },
        ..ScoreOptions::default()
    };
    let mut sizes = std::collections::BTreeSet::new();
    for p in &files {
        let bytes = fs::read(p).unwrap();
        let r = score_bytes(&p.display().to_string(), &bytes, &opts)
            .unwrap_or_else(|e| panic!("{}: {e}", p.display()));
        sizes.insert(r.size);
        let failed: Vec<_> = r
            .theorems
            .iter()
            .filter(|t| t.holds == Some(false))
            .map(|t| (&t.id, &t.detail))
            .collect();
        assert!(failed.is_empty(), "{}: {failed:?}", p.display());
        // RE is GNU Go's Chinese final_score, komi 7.5, its dead stones being the TB/TW marks.
        let chinese = r.results.iter().find(|x| x.rules == "chinese").unwrap();
        assert_eq!(
            Some(&chinese.result),
            r.sgf_result.as_ref(),
            "{}",
            p.display()
        );
    }
    assert!(sizes.len() >= 10, "sizes {sizes:?}");
}

#[test]
fn gnugo_agrees_live_on_the_small_corpus_games() {
    let Some(mut g) = gnugo() else { return };
    let small: Vec<PathBuf> = corpus().into_iter().filter(|p| size_of(p) <= 7).collect();
    assert!(small.len() >= 10);
    let japanese = "japanese".parse::<RuleId>().is_ok();
    let mut rows = Vec::new();
    for p in &small {
        rows.extend(compare(&mut g, &input(p), &CompareOptions::default()));
    }
    g.quit();
    assert_eq!(rows.len(), small.len() * if japanese { 2 } else { 1 });
    for r in &rows {
        assert_ne!(r.category, "error", "{r:?}");
        assert_ne!(r.category, "our_bug", "{r:?}");
        if r.rules == "chinese" {
            assert!(r.agree, "same dead stones, Chinese rules: {r:?}");
        }
        assert!(r.theorems_failed.is_empty(), "{r:?}");
    }
}

#[test]
fn other_dead_stones_are_categorised_as_such() {
    let Some(mut g) = gnugo() else { return };
    // A corpus game where GNU Go found dead stones, its TB/TW marks taken away: counting with
    // the record's (now empty) dead stones leaves them on the board as alive.
    let p = corpus()
        .into_iter()
        .find(|p| {
            size_of(p) <= 9
                && !parse_sgf(&fs::read(p).unwrap())
                    .unwrap()
                    .territory
                    .black
                    .is_empty()
                && {
                    let rec = parse_sgf(&fs::read(p).unwrap()).unwrap();
                    !jipingdian::sgf::replay(&rec, jipingdian::engine::PlayRules::JPD)
                        .unwrap()
                        .dead
                        .is_empty()
                }
        })
        .expect("a small corpus game with dead stones");
    let text = fs::read_to_string(&p).unwrap();
    let cut = text.find("TB[").or_else(|| text.find("TW[")).unwrap();
    let stripped = format!("{})\n", &text[..cut]);
    let mut inp = input(&p);
    inp.sgf = stripped.into_bytes();
    let opts = CompareOptions {
        dead: DeadSource::Record,
        ..CompareOptions::default()
    };
    let rows = compare(&mut g, &inp, &opts);
    g.quit();
    let chinese = rows.iter().find(|r| r.rules == "chinese").unwrap();
    assert!(!chinese.agree, "{chinese:?}");
    assert_eq!(chinese.category, "dead_stones", "{chinese:?}");
    assert_eq!(chinese.dead_ours, 0);
    assert!(chinese.dead_gnugo > 0);
}

#[test]
fn jpd_oracle_writes_a_tidy_csv() {
    let Some(path) = require_tool("gnugo", oracle::find_gnugo(), oracle::GNUGO_SEARCH) else {
        return;
    };
    let out = std::env::temp_dir().join(format!("jpd-it-oracle-{}", std::process::id()));
    let _ = fs::remove_dir_all(&out);
    let files: Vec<PathBuf> = corpus()
        .into_iter()
        .filter(|p| size_of(p) == 5)
        .take(2)
        .collect();
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_jpd"))
        .arg("oracle")
        .args(&files)
        .args([
            "--games", "1", "--sizes", "5", "--levels", "0", "--seed", "3",
        ])
        .arg("--gnugo")
        .arg(&path)
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let csv = fs::read_to_string(out.join("oracle.csv")).unwrap();
    let mut lines = csv.lines();
    assert_eq!(lines.next().unwrap(), CSV_HEADER.join(","));
    let rows: Vec<&str> = lines.collect();
    let per_game = if "japanese".parse::<RuleId>().is_ok() {
        2
    } else {
        1
    };
    assert_eq!(rows.len(), 3 * per_game);
    assert!(rows.last().unwrap().contains(",3/0,5,"), "{csv}");
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(stderr.contains("chinese: 3 games"), "{stderr}");
    // A missing GNU Go is a clear error, exit code 2.
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_jpd"))
        .arg("oracle")
        .args(&files)
        .args(["--gnugo", "/nonexistent/gnugo", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("/nonexistent/gnugo"));
    fs::remove_dir_all(&out).unwrap();
}
