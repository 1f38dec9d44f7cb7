//! Setup properties (`AB`, `AW`, `AE`) after the first move of the main line ([`SetupEdit`],
//! read with the record), and the position they make.
//!
//! Real records write them for two reasons, and the replay tells them apart:
//!
//! * **Dead stones taken off at the end.** Many programs and servers end a record with a node
//!   whose `AE` removes the stones the players agreed were dead (often beside the final pass, or
//!   with `TB`/`TW` marks). An edit that only removes stones, after which no stone is played
//!   (virtual moves only, or nothing), is read that way: the stones it removes stay on the
//!   board and are the record's dead stones, exactly as if they had been marked with `TB`/`TW`.
//! * **An edited position.** Anything else (stones placed, or stones removed and play going on)
//!   changes the position between moves, which no move of the game can do. The game is then
//!   counted from the edited position, taken as its starting setup (every stone on the board a
//!   setup stone of its colour, as Art. 3 and 17 count setup stones), with the player to move
//!   the colour of the next recorded move; the moves before the edit are not part of the
//!   counted game, and a note says so. The move counts the rules compare stay exact for the
//!   game that is counted; the prisoners taken before the edit are not in them.
//!
//! Setup beside a move in one node is applied before that move (the order SGF's own examples
//! imply: the diagram first, then the move).

use crate::engine::{Color, Coord, Game, GameError, PlayRules};

use super::SetupEdit;

/// The stones of `game`'s board after `edit`: `AE` empties points, then `AB`/`AW` place
/// stones, replacing what was there. Sorted, Black's first.
pub fn edited_position(game: &Game, edit: &SetupEdit) -> Vec<(Coord, Color)> {
    let board = game.board();
    let mut stones: Vec<(Coord, Color)> = board
        .points()
        .filter_map(|p| board.stone(p).map(|c| (board.coord(p), c)))
        .filter(|(at, _)| !edit.removed.contains(at) && !edit.added.iter().any(|(a, _)| a == at))
        .collect();
    stones.extend(edit.added.iter().copied());
    stones.sort_by_key(|&(c, col)| (col, c));
    stones
}

/// A new game that starts from `game`'s board edited by `edit`, `next` to move.
pub fn restart(
    game: &Game,
    edit: &SetupEdit,
    rules: PlayRules,
    next: Color,
) -> Result<(Game, Vec<(Coord, Color)>), GameError> {
    let stones = edited_position(game, edit);
    let mut g = Game::with_setup(u32::from(game.board().size()), rules, &stones)?;
    g.set_to_move(next);
    Ok((g, stones))
}
