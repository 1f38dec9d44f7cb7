//! SGF input: one test per kind of bad input, the accepted forms of virtual moves, komi, setup
//! and territory, and the writer -> reader round trip.

use jipingdian::counting::Half;
use jipingdian::engine::{Color, Coord, End, Illegal, Phase, PlayRules};
use jipingdian::report::score::{score_bytes, ScoreOptions};
use jipingdian::rules::RuleId;
use jipingdian::sgf::{
    parse_sgf, replay, replay_with, RecordedResult, ReplayOptions, Replayed, ResultHow, SgfError,
    SgfRecord, SgfWriter, MAX_NODES,
};

fn read(text: &str) -> Result<SgfRecord, SgfError> {
    parse_sgf(text.as_bytes())
}

fn play(text: &str) -> Result<Replayed, SgfError> {
    replay(&read(text)?, PlayRules::JPD)
}

/// Every error message must say where (a node or a move number).
fn assert_located(e: &SgfError) {
    let m = e.to_string();
    assert!(
        m.contains("node ") || m.contains("move "),
        "error message names no node or move: {m}"
    );
}

fn err(r: Result<impl std::fmt::Debug, SgfError>) -> SgfError {
    let e = r.expect_err("expected an error");
    assert_located(&e);
    e
}

fn c(s: &str) -> Coord {
    Coord::from_sgf(s).unwrap()
}

mod accepted;
mod bad;
mod quirks;
