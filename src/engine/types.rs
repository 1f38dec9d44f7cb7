//! Small value types shared by every layer: colours, board coordinates and moves.

use std::fmt;

/// The colour of a stone or of a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    /// Black, who moves first.
    Black,
    /// White.
    White,
}

impl Color {
    /// Both colours, Black first.
    pub const BOTH: [Color; 2] = [Color::Black, Color::White];

    /// The other colour.
    #[inline]
    pub fn opp(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for Black, 1 for White: the index of per-side arrays.
    #[inline]
    pub fn idx(self) -> usize {
        self as usize
    }

    /// The lowercase English name, as used in JSON and CSV output.
    pub fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }

    /// The SGF letter (`B` or `W`).
    pub fn letter(self) -> char {
        match self {
            Color::Black => 'B',
            Color::White => 'W',
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A pair of values, one per side, indexed by [`Color`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize)]
pub struct PerSide<T> {
    /// Black's value.
    pub black: T,
    /// White's value.
    pub white: T,
}

impl<T> PerSide<T> {
    /// Builds a pair from the two values.
    pub const fn new(black: T, white: T) -> Self {
        PerSide { black, white }
    }
}

impl<T> std::ops::Index<Color> for PerSide<T> {
    type Output = T;
    #[inline]
    fn index(&self, c: Color) -> &T {
        match c {
            Color::Black => &self.black,
            Color::White => &self.white,
        }
    }
}

impl<T> std::ops::IndexMut<Color> for PerSide<T> {
    #[inline]
    fn index_mut(&mut self, c: Color) -> &mut T {
        match c {
            Color::Black => &mut self.black,
            Color::White => &mut self.white,
        }
    }
}

/// A board coordinate, independent of the board's internal layout: `x` is the column from the left,
/// `y` the row from the top, both from 0 (the SGF convention).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Coord {
    /// Column, 0 = left.
    pub x: u8,
    /// Row, 0 = top.
    pub y: u8,
}

impl Coord {
    /// Builds a coordinate.
    pub const fn new(x: u8, y: u8) -> Self {
        Coord { x, y }
    }

    /// The SGF two-letter form (`aa` = top-left); valid for boards up to 52x52.
    pub fn to_sgf(self) -> String {
        fn letter(v: u8) -> char {
            if v < 26 {
                (b'a' + v) as char
            } else {
                (b'A' + v - 26) as char
            }
        }
        format!("{}{}", letter(self.x), letter(self.y))
    }

    /// Parses the SGF two-letter form; `None` if either letter is not in `a-zA-Z`.
    pub fn from_sgf(s: &str) -> Option<Coord> {
        fn value(c: u8) -> Option<u8> {
            match c {
                b'a'..=b'z' => Some(c - b'a'),
                b'A'..=b'Z' => Some(c - b'A' + 26),
                _ => None,
            }
        }
        let b = s.as_bytes();
        if b.len() != 2 {
            return None;
        }
        Some(Coord::new(value(b[0])?, value(b[1])?))
    }

    /// The human form used in text output: a column letter skipping `I`, then the row counted from
    /// the bottom (`A1` is the bottom-left corner), as in most Go programs.
    pub fn to_human(self, size: u8) -> String {
        format!("{}{}", column_letter(self.x), size - self.y)
    }
}

impl fmt::Display for Coord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_sgf())
    }
}

/// The column letter of the human form: A-Z skipping I, as in most Go programs.
pub fn column_letter(x: u8) -> char {
    let c = if x < 8 { b'A' + x } else { b'A' + x + 1 };
    c as char
}

/// A move of the Ji-Ping-Dian rules (Art. 2, 3, 13).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A real move: a stone placed on an empty point.
    Play(Coord),
    /// A virtual move: a stone taken from the bowl and kept off the board by its owner (Art. 3).
    /// Under rule sets with a stoneless pass it is that pass.
    Virtual,
    /// A negative move (Art. 13): Black removes one of its own stones after the pause.
    Negative(Coord, NegativeKind),
}

/// The two kinds of negative move of Art. 13-14.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum NegativeKind {
    /// Type A: a stone on the boundary between the two colours; the vacated point is shared.
    A,
    /// Type B: a stone inside Black's own area; the vacated point is Black's territory.
    B,
}
