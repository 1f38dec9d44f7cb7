//! What a generated game leaves behind as a record: its SGF ([`game_sgf`], for the campaign's
//! violations, their shrunk forms, `jpd replay` and the exhaustive examples) and the commit jpd
//! was built from ([`git_commit`], for every manifest).

use super::generate::Generated;
use crate::engine::Color;
use crate::sgf::SgfWriter;

/// The SGF record of a generated game: its setup and moves, the dead stones covered by the
/// opponent's territory mark (`TB` on dead white stones, `TW` on dead black ones),
/// `RU[Ji-Ping-Dian]`, `KM[6.5]` and `comment`.
pub fn game_sgf(g: &Generated, comment: String) -> SgfWriter {
    let game = &g.finished.game;
    let mut w = SgfWriter::from_game(game);
    w.rules = Some("Ji-Ping-Dian".into());
    w.komi_half_points = Some(13);
    w.comment = Some(comment);
    let b = game.board();
    for &c in &g.finished.dead {
        match b.checked_point(c).and_then(|p| b.stone(p)) {
            Some(Color::White) => w.territory.black.push(c),
            Some(Color::Black) => w.territory.white.push(c),
            None => {}
        }
    }
    w
}

/// The commit this jpd was built from (`git rev-parse HEAD` in its source folder at build
/// time, see `build.rs`), or `unknown` when it was not built from git; not the commit of
/// whatever folder it runs in.
pub fn git_commit() -> String {
    env!("JPD_GIT_COMMIT").to_string()
}
