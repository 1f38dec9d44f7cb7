//! A finished game with its dead stones: what a count starts from.

use crate::engine::{Coord, Game, Point};

/// A finished game with its dead stones: what the counting needs.
#[derive(Clone, Debug)]
pub struct Finished {
    /// The game, paused or ended.
    pub game: Game,
    /// The dead stones of the final position.
    pub dead: Vec<Coord>,
}

impl Finished {
    /// The dead stones as points of the final board; coordinates off the board are dropped.
    pub fn dead_points(&self) -> Vec<Point> {
        let b = self.game.board();
        self.dead
            .iter()
            .filter_map(|&c| b.checked_point(c))
            .collect()
    }
}
