//! `jpd replay`: one game of a campaign regenerated alone, reported as `jpd score` reports a
//! record, as its games.csv row, or as SGF.

use crate::harness::campaign::spec_comment;
use crate::harness::generate::{generate, GameSpec};
use crate::harness::outcome::{run_game, RunOptions};
use crate::harness::record::game_sgf;
use crate::report::score::{score_bytes, FileReport, ScoreError, ScoreOptions};
use crate::sgf::SgfWriter;

/// The regenerated game as an SGF record: its moves, the dead stones under the opponent's
/// territory mark, `RU[Ji-Ping-Dian]`, `KM[6.5]`, and a comment saying how to regenerate it.
pub fn replay_sgf(spec: &GameSpec) -> SgfWriter {
    let g = generate(spec);
    let comment = spec_comment(spec, g.policy);
    game_sgf(&g, comment)
}

/// The `jpd score` report of the regenerated game (every count, theorem and result), made by
/// scoring its SGF record (see [`replay_sgf`]) exactly as `jpd score` would.
pub fn replay_report(spec: &GameSpec, opts: &ScoreOptions) -> Result<FileReport, ScoreError> {
    let sgf = replay_sgf(spec).to_sgf();
    let name = format!(
        "seed {} game {} (size {}, policy {})",
        spec.master_seed, spec.index, spec.size, spec.policy
    );
    score_bytes(&name, sgf.as_bytes(), opts)
}

/// The game's games.csv header and row, as the campaign writes them under `opts`.
pub fn replay_games_csv(spec: &GameSpec, opts: &RunOptions) -> String {
    let o = run_game(spec, opts);
    let mut w = csv::Writer::from_writer(Vec::new());
    w.serialize(&o.game).expect("a row serialises");
    String::from_utf8(w.into_inner().expect("a Vec never fails")).expect("CSV of UTF-8 fields")
}
