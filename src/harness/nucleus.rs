//! Seki nuclei: the opening shapes the `seki` policy starts some of its games from, so that
//! sekis with eyes (on one side and on both) are reached far more often than random play
//! reaches them.
//!
//! A nucleus is drawn in the top-left corner: the inner strings of a seki, their eyes and
//! shared liberties, and a thin outer wall of each inner group's opponent. Its stones are
//! played first, as real moves in turn (the side with fewer stones left makes virtual moves);
//! its empty points are kept empty by the policy's moves until the first pause. Nothing else is
//! fixed: the walls must still live through the random game around them, so the nucleus ends
//! as a seki only when the game lets it, and only the referee's proof (`settlement::referee`)
//! decides that it is one. A nucleus whose wall dies becomes an ordinary fight.
//!
//! Any subset of a legal position is legal (a string of the subset that is part of a bigger
//! string has an empty neighbour in it; a whole string keeps its liberties), so the stones can
//! be placed in any order without a capture, a suicide or a repetition.

use super::rng::Rng;
use crate::engine::{Board, Coord, Game, Phase, Point};

/// The nuclei, each drawn for the top-left corner, rows from the top: `X` Black, `O` White,
/// `.` an empty point kept empty, `-` free.
pub const NUCLEI: [(&str, &str); 2] = [
    // An eye on each side. Black's B9 A8 B8 has the eye A9; White's string (C9 C8 D8 E8 E9
    // C7 C6 B6 A6 A7) has the eye D9; both share the liberty B7, and the Black wall around
    // White's string is F9..F7 E7 D7 D6 D5..A5. Whoever fills B7 is left one liberty, the
    // opponent's eye, and loses the string.
    (
        "eye_each_side",
        "
        . X O . O X
        X X O O O X
        O . O X X X
        O O O X - -
        X X X X - -",
    ),
    // An eye on each side and two shared liberties (A7 B7): as above, White's string now
    // reaching A7 round by A6. Filling one shared liberty leaves a seki with one; filling the
    // last loses the string.
    (
        "eye_each_side_two_shared",
        "
        . X O . O X
        X X O O O X
        . . O X X X
        O O O X - -
        X X X X - -",
    ),
];

/// A nucleus placed on a board: its stones in the order they are played, and the points to
/// keep empty.
#[derive(Clone, Debug, Default)]
pub struct Placed {
    /// The nucleus's name.
    pub name: &'static str,
    /// Black's stones.
    pub black: Vec<Point>,
    /// White's stones.
    pub white: Vec<Point>,
    /// The points kept empty (eyes and shared liberties).
    pub empty: Vec<Point>,
}

/// Places nucleus `index` on `board`'s corner `corner` (0..4), transposed or not, colours
/// swapped or not. `None` when the board is too small for it.
pub fn place(
    board: &Board,
    index: usize,
    corner: u32,
    transpose: bool,
    swap: bool,
) -> Option<Placed> {
    let (name, text) = NUCLEI[index];
    let rows: Vec<Vec<char>> = text
        .lines()
        .map(|l| {
            l.split_whitespace()
                .filter_map(|t| t.chars().next())
                .collect::<Vec<_>>()
        })
        .filter(|r: &Vec<char>| !r.is_empty())
        .collect();
    let n = board.size() as usize;
    let h = rows.len();
    let w = rows.iter().map(Vec::len).max().unwrap_or(0);
    // Leave at least one line of the board outside the nucleus, so its wall can live.
    if h.max(w) + 1 > n {
        return None;
    }
    let mut placed = Placed {
        name,
        ..Placed::default()
    };
    for (r, row) in rows.iter().enumerate() {
        for (c, &ch) in row.iter().enumerate() {
            let (mut x, mut y) = if transpose { (r, c) } else { (c, r) };
            if corner & 1 != 0 {
                x = n - 1 - x;
            }
            if corner & 2 != 0 {
                y = n - 1 - y;
            }
            let p = board.point(Coord {
                x: x as u8,
                y: y as u8,
            });
            match (ch, swap) {
                ('X', false) | ('O', true) => placed.black.push(p),
                ('O', false) | ('X', true) => placed.white.push(p),
                ('.', _) => placed.empty.push(p),
                _ => {}
            }
        }
    }
    Some(placed)
}

/// Plays the nucleus's stones from the start of `game`, in a random order per colour, Black
/// first; the side with no stone left to place makes a virtual move. Returns false (and plays
/// nothing more) if a stone turns out illegal, which a nucleus drawn as a legal position never
/// does.
pub fn play(game: &mut Game, rng: &mut Rng, placed: &Placed) -> bool {
    let mut left = [placed.black.clone(), placed.white.clone()];
    for v in &mut left {
        // Fisher-Yates with the pinned generator.
        for i in (1..v.len()).rev() {
            let j = rng.below(i as u32 + 1) as usize;
            v.swap(i, j);
        }
    }
    while !left[0].is_empty() || !left[1].is_empty() {
        if game.phase() != Phase::Playing {
            return false;
        }
        let c = game.to_move();
        match left[c.idx()].pop() {
            Some(p) => {
                if game.legality_at(p, c).is_err() {
                    return false;
                }
                game.play_point_unchecked(p);
            }
            None => game.play_virtual(),
        }
    }
    true
}

/// The mask (over padded points) of the points a nucleus keeps empty.
pub fn frozen_mask(board: &Board, placed: Option<&Placed>) -> Vec<bool> {
    let mut m = vec![false; board.padded_len()];
    if let Some(pl) = placed {
        for &p in &pl.empty {
            m[p.idx()] = true;
        }
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Color, PlayRules};
    use crate::settlement::referee;

    /// The colour of a nucleus stone, for tests.
    fn colour_at(pl: &Placed, p: Point) -> Option<Color> {
        if pl.black.contains(&p) {
            Some(Color::Black)
        } else if pl.white.contains(&p) {
            Some(Color::White)
        } else {
            None
        }
    }

    /// Each nucleus, completed by hand into a whole 9x9 position whose walls are pass-alive
    /// (the rest of the board filled with the wall's colour, two eyes left in it), is a seki
    /// the referee proves: every inner string in seki, nothing dead.
    #[test]
    fn every_nucleus_is_a_proven_seki_once_its_walls_live() {
        for (index, &(name, _)) in NUCLEI.iter().enumerate() {
            for corner in 0..4 {
                for transpose in [false, true] {
                    for swap in [false, true] {
                        let board = Board::new(9).unwrap();
                        let pl = place(&board, index, corner, transpose, swap).unwrap();
                        let wall = if swap { Color::White } else { Color::Black };
                        // Two eyes of the wall in the far corner, outside the nucleus's box.
                        let far = |bit: u32| if corner & bit != 0 { 1u8 } else { 7 };
                        let (ex, ey) = (far(1), far(2));
                        let ex2 = if corner & 1 != 0 { ex + 2 } else { ex - 2 };
                        let mut text = String::new();
                        for y in 0..9u8 {
                            for x in 0..9u8 {
                                let p = board.point(Coord { x, y });
                                let ch = match colour_at(&pl, p) {
                                    Some(Color::Black) => 'X',
                                    Some(Color::White) => 'O',
                                    None if pl.empty.contains(&p) => '.',
                                    None if (x, y) == (ex, ey) || (x, y) == (ex2, ey) => '.',
                                    None => {
                                        if wall == Color::Black {
                                            'X'
                                        } else {
                                            'O'
                                        }
                                    }
                                };
                                text.push(ch);
                                text.push(' ');
                            }
                            text.push('\n');
                        }
                        let b = Board::from_ascii(&text).unwrap();
                        let j = referee::judge(&b);
                        assert!(
                            j.is_settled(),
                            "{name} {corner} {transpose} {swap} {:?}:\n{text}",
                            j.unsettled()
                        );
                        assert!(j.dead().is_empty(), "{name}:\n{b}");
                        // Both colours have strings in seki, and every stone in seki is one of
                        // the nucleus's inner stones (not the filled-in wall).
                        for c in Color::BOTH {
                            assert!(
                                b.points().any(|p| b.stone(p) == Some(c) && j.in_seki(p)),
                                "{name}: no {c:?} string in seki\n{b}"
                            );
                        }
                        for p in b.points().filter(|&p| j.in_seki(p)) {
                            assert!(colour_at(&pl, p).is_some(), "{name}: {p:?}\n{b}");
                        }
                    }
                }
            }
        }
    }

    /// The stones of every nucleus can be played from an empty board in any order.
    #[test]
    fn every_nucleus_is_played_legally() {
        for index in 0..NUCLEI.len() {
            for seed in 0..8 {
                let mut game = Game::new(9, PlayRules::JPD).unwrap();
                let mut rng = Rng::for_game(seed, index as u64);
                let pl = place(
                    game.board(),
                    index,
                    seed as u32 % 4,
                    seed % 2 == 0,
                    seed % 3 == 0,
                )
                .unwrap();
                assert!(play(&mut game, &mut rng, &pl));
                let b = game.board();
                for &p in &pl.black {
                    assert_eq!(b.stone(p), Some(Color::Black));
                }
                for &p in &pl.white {
                    assert_eq!(b.stone(p), Some(Color::White));
                }
                assert_eq!(game.phase(), Phase::Playing);
            }
        }
    }
}
