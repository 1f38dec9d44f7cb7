//! Target (b): the whole scoring path of `jpd score` on one record: parse, replay, count, every
//! rule set under both balancing readings, with and without the record's komi, the theorems
//! (`checks::analyse`, every symmetry and every T11 choice), and the three output formats.
#![no_main]

use jipingdian::checks::CheckOptions;
use jipingdian::counting::Balancing;
use jipingdian::report::score::{
    score_bytes, write_csv, write_json, write_text, DeadChoice, KomiChoice, ScoreOptions,
};
use jipingdian::rules::RuleId;
use libfuzzer_sys::fuzz_target;

/// Scoring a finished game is far dearer than reading it: keep records small.
const MAX_INPUT: usize = 16 * 1024;

fuzz_target!(|data: &[u8]| {
    if data.len() > MAX_INPUT {
        return;
    }
    let mut reports = Vec::new();
    for balancing in [Balancing::Art14, Balancing::Art11] {
        for komi in [KomiChoice::Rules, KomiChoice::Record] {
            let opts = ScoreOptions {
                rules: RuleId::ALL.to_vec(),
                balancing,
                komi,
                checks: CheckOptions::default(),
                // Both ways of ending a record that stops in play.
                assume_pause: komi == KomiChoice::Record,
                implied_passes: false,
                // The estimate is deterministic and costs playouts; the marks keep the target fast.
                dead: DeadChoice::Record,
            };
            match score_bytes("fuzz.sgf", data, &opts) {
                Ok(r) => reports.push(r),
                // Reading failed: target (a) covers the errors.
                Err(_) => return,
            }
        }
    }
    let mut out = Vec::new();
    write_text(&mut out, &reports, true).unwrap();
    write_text(&mut out, &reports, false).unwrap();
    write_json(&mut out, &reports).unwrap();
    write_csv(&mut out, &reports).unwrap();
});
