//! Target (a): any bytes through `parse_sgf`, then `replay` under every combination of play
//! rules. The contract: no panic, no stack overflow, no runaway memory; every failure is an
//! `SgfError` whose message names a node or a move.
#![no_main]

use jipingdian::engine::{KoRule, PlayRules, SuicideRule};
use jipingdian::sgf::{parse_sgf, replay, SgfError};
use libfuzzer_sys::fuzz_target;

/// Inputs past this are cut: big enough for deep trees and long games, small enough to keep
/// executions fast.
const MAX_INPUT: usize = 256 * 1024;

fn check_message(e: &SgfError) {
    let m = e.to_string();
    assert!(
        m.contains("node") || m.contains("move"),
        "an SGF error must name a node or a move: {m}"
    );
}

fuzz_target!(|data: &[u8]| {
    let data = &data[..data.len().min(MAX_INPUT)];
    let rec = match parse_sgf(data) {
        Ok(r) => r,
        Err(e) => return check_message(&e),
    };
    for suicide in [
        SuicideRule::Forbidden,
        SuicideRule::MultiStone,
        SuicideRule::Allowed,
    ] {
        for ko in [
            KoRule::PositionalSuperko,
            KoRule::SimpleKo,
            KoRule::CycleNoResult,
        ] {
            if let Err(e) = replay(&rec, PlayRules { suicide, ko }) {
                check_message(&e);
            }
        }
    }
});
