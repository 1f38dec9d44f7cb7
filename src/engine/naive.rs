//! An obviously correct, slow reference board: a plain grid, flood fills for strings and
//! liberties, and the full list of earlier grids for positional superko. It exists to test
//! [`Board`](super::Board) and [`Game`](super::Game) against; nothing else uses it.

use super::board::{Illegal, SuicideRule};
use super::types::{Color, Coord};

/// The reference board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NaiveBoard {
    /// Board size.
    pub size: u8,
    /// Row-major grid, `y * size + x`.
    pub grid: Vec<Option<Color>>,
    /// Every earlier grid of the game (after each real move), the initial one included.
    pub history: Vec<Vec<Option<Color>>>,
}

impl NaiveBoard {
    /// An empty board.
    pub fn new(size: u8) -> Self {
        let grid = vec![None; size as usize * size as usize];
        NaiveBoard {
            size,
            history: vec![grid.clone()],
            grid,
        }
    }

    fn neighbours(&self, i: usize) -> Vec<usize> {
        let n = self.size as usize;
        let (x, y) = (i % n, i / n);
        let mut v = Vec::with_capacity(4);
        if y > 0 {
            v.push(i - n);
        }
        if x > 0 {
            v.push(i - 1);
        }
        if x + 1 < n {
            v.push(i + 1);
        }
        if y + 1 < n {
            v.push(i + n);
        }
        v
    }

    /// The string through `i` and its liberties, by flood fill.
    pub fn string(grid: &[Option<Color>], this: &NaiveBoard, i: usize) -> (Vec<usize>, Vec<usize>) {
        let c = grid[i];
        let mut stones = vec![i];
        let mut libs = Vec::new();
        let mut k = 0;
        while k < stones.len() {
            for q in this.neighbours(stones[k]) {
                if grid[q] == c && !stones.contains(&q) {
                    stones.push(q);
                } else if grid[q].is_none() && !libs.contains(&q) {
                    libs.push(q);
                }
            }
            k += 1;
        }
        (stones, libs)
    }

    /// The grid after `c` plays at `at`, or why it cannot. Superko is checked against
    /// `history` when `superko` is set.
    pub fn after(
        &self,
        at: Coord,
        c: Color,
        suicide: SuicideRule,
        superko: bool,
    ) -> Result<(Vec<Option<Color>>, u32, u32), Illegal> {
        let n = self.size as usize;
        if at.x as usize >= n || at.y as usize >= n {
            return Err(Illegal::OffBoard);
        }
        let i = at.y as usize * n + at.x as usize;
        if self.grid[i].is_some() {
            return Err(Illegal::Occupied);
        }
        let mut g = self.grid.clone();
        g[i] = Some(c);
        let mut captured = 0;
        for q in self.neighbours(i) {
            if g[q] == Some(c.opp()) {
                let (stones, libs) = Self::string(&g, self, q);
                if libs.is_empty() {
                    captured += stones.len() as u32;
                    for s in stones {
                        g[s] = None;
                    }
                }
            }
        }
        let mut suicided = 0;
        let (stones, libs) = Self::string(&g, self, i);
        if libs.is_empty() {
            let single = stones.len() == 1;
            match (suicide, single) {
                (SuicideRule::Forbidden, true) | (SuicideRule::MultiStone, true) => {
                    return Err(Illegal::SingleStoneSuicide)
                }
                (SuicideRule::Forbidden, false) => return Err(Illegal::MultiStoneSuicide),
                _ => {}
            }
            suicided = stones.len() as u32;
            for s in stones {
                g[s] = None;
            }
        }
        if superko && self.history.contains(&g) {
            return Err(Illegal::Superko);
        }
        Ok((g, captured, suicided))
    }

    /// Plays the move if legal.
    pub fn play(
        &mut self,
        at: Coord,
        c: Color,
        suicide: SuicideRule,
    ) -> Result<(u32, u32), Illegal> {
        let (g, cap, sui) = self.after(at, c, suicide, true)?;
        self.grid = g.clone();
        self.history.push(g);
        Ok((cap, sui))
    }

    /// The stone at a coordinate.
    pub fn get(&self, at: Coord) -> Option<Color> {
        self.grid[at.y as usize * self.size as usize + at.x as usize]
    }

    /// Liberties of the string at `at`.
    pub fn liberties(&self, at: Coord) -> usize {
        let i = at.y as usize * self.size as usize + at.x as usize;
        Self::string(&self.grid, self, i).1.len()
    }
}
