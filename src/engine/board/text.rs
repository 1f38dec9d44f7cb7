//! The board as text ([`Board::from_ascii`] and `Display`), and the consistency check that
//! recomputes every incremental field from the cells.

use super::*;

impl Board {
    /// Rebuilds strings, liberties, string hashes, the position hash, stone counts, the empty
    /// list and the snapshot from the raw cells, and compares them with the incremental state.
    /// Returns a description of the first difference.
    pub fn check_consistency(&self) -> Result<(), String> {
        let mut fresh = Board::new(self.size).expect("size already valid");
        let changes: Vec<(Point, Option<Color>)> =
            self.points().map(|p| (p, self.stone(p))).collect();
        fresh.set_stones(&changes);
        if fresh.hash != self.hash {
            return Err(format!(
                "hash {:#x} != rebuilt {:#x}",
                self.hash, fresh.hash
            ));
        }
        if fresh.snap != self.snap {
            return Err("snapshot differs from the cells".into());
        }
        if fresh.count != self.count {
            return Err(format!(
                "stone counts {:?} != rebuilt {:?}",
                self.count, fresh.count
            ));
        }
        let mut empties: Vec<u16> = self.empty_points().to_vec();
        let mut fresh_empties: Vec<u16> = fresh.empty_points().to_vec();
        empties.sort_unstable();
        fresh_empties.sort_unstable();
        if empties != fresh_empties {
            return Err("empty-point list differs from the cells".into());
        }
        for (i, &e) in self.empty_points().iter().enumerate() {
            if self.empty_pos[e as usize] as usize != i {
                return Err(format!("empty_pos of {} is stale", e));
            }
        }
        for p in self.points() {
            if self.stone(p).is_none() {
                continue;
            }
            let at = self.coord(p);
            // Same partition into strings: p's string in self must be p's string in fresh.
            let mut a: Vec<Point> = self.string_stones(p).collect();
            let mut b: Vec<Point> = fresh.string_stones(p).collect();
            a.sort_unstable();
            b.sort_unstable();
            if a != b {
                return Err(format!(
                    "string at {} has stones {:?}, rebuilt {:?}",
                    at, a, b
                ));
            }
            let h = self.head[p.idx()] as usize;
            if self.stones[h] as usize != a.len() {
                return Err(format!(
                    "string at {}: stone count {} != {}",
                    at,
                    self.stones[h],
                    a.len()
                ));
            }
            let libs = self.string_liberties(p).len() as u16;
            if self.libs[h] != libs {
                return Err(format!(
                    "string at {}: liberties {} != {}",
                    at, self.libs[h], libs
                ));
            }
            if self.chash[h] != fresh.chash[fresh.head[p.idx()] as usize] {
                return Err(format!("string at {}: string hash differs", at));
            }
        }
        Ok(())
    }

    /// Reads a board in the format [`Display`](fmt::Display) prints: optional column letters, then
    /// one row per line with `.` (or `+`) for empty, `X` (or `#`, `x`, `B`) for Black and `O` (or
    /// `o`, `W`) for White, optionally with row numbers. Every string must have a liberty.
    pub fn from_ascii(text: &str) -> Result<Board, AsciiError> {
        let mut rows: Vec<Vec<Option<Color>>> = Vec::new();
        for line in text.lines() {
            let body: String = line
                .chars()
                .filter(|c| !c.is_whitespace() && !c.is_ascii_digit())
                .collect();
            if body.is_empty() {
                continue;
            }
            // A header of column letters: only A-Z without I, and not a stone row.
            let is_header = body
                .chars()
                .all(|c| c.is_ascii_uppercase() && c != 'X' && c != 'O')
                || (rows.is_empty() && body.starts_with("AB"));
            if is_header {
                continue;
            }
            let mut row = Vec::new();
            for ch in body.chars() {
                row.push(match ch {
                    '.' | '+' | ',' => None,
                    'X' | 'x' | '#' | 'B' => Some(Color::Black),
                    'O' | 'o' | 'W' => Some(Color::White),
                    _ => {
                        return Err(AsciiError::BadChar {
                            row: rows.len() + 1,
                            ch,
                        })
                    }
                });
            }
            rows.push(row);
        }
        if rows.is_empty() {
            return Err(AsciiError::Empty);
        }
        let n = rows.len();
        let cols = rows[0].len();
        if rows.iter().any(|r| r.len() != n) || n < MIN_SIZE as usize || n > MAX_SIZE as usize {
            return Err(AsciiError::BadShape { rows: n, cols });
        }
        let mut b = Board::new(n as u8).expect("size checked");
        let mut changes = Vec::new();
        for (y, row) in rows.iter().enumerate() {
            for (x, &c) in row.iter().enumerate() {
                if c.is_some() {
                    changes.push((b.point(Coord::new(x as u8, y as u8)), c));
                }
            }
        }
        b.set_stones(&changes);
        if let Some(&p) = b.strings_without_liberties().first() {
            return Err(AsciiError::DeadString { at: b.coord(p) });
        }
        Ok(b)
    }
}

impl fmt::Display for Board {
    /// Prints column letters, then each row with its number (counted from the bottom), using `.`
    /// for empty, `X` for Black and `O` for White. [`Board::from_ascii`] reads it back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.size;
        write!(f, "   ")?;
        for x in 0..n {
            write!(f, " {}", column_letter(x))?;
        }
        writeln!(f)?;
        for y in 0..n {
            write!(f, "{:>3}", n - y)?;
            for x in 0..n {
                let ch = match self.stone(self.point(Coord::new(x, y))) {
                    None => '.',
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                };
                write!(f, " {}", ch)?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
