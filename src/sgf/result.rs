//! The recorded result (`RE`) read: winner, margin in half-points and how the game was won.

use crate::engine::Color;
use crate::engine::Half;

/// How a recorded result (`RE`) says the game was won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ResultHow {
    /// By a count: `B+3.5`, `W+12`, `0` (a draw).
    Score,
    /// By resignation: `B+R`, `W+Resign`.
    Resignation,
    /// On time: `B+T`, `W+Time`.
    Time,
    /// By forfeit: `B+F`, `W+Forfeit`.
    Forfeit,
    /// A winner and nothing more (`B+`), or a margin that cannot be read.
    Unspecified,
}

/// `RE` read: winner, margin and how.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct RecordedResult {
    /// The winner; `None` for a draw (`0`, `Draw`, `Jigo`).
    pub winner: Option<Color>,
    /// The winner's margin (0 for a draw), when the result is a count.
    pub margin: Option<Half>,
    /// How the game was won.
    pub how: ResultHow,
}

impl RecordedResult {
    /// Reads an `RE` value: `B+3.5`, `W+12`, `B+0.75` (in stones, the Chinese way: 1.5
    /// points, with a note), `0`/`Draw`/`Jigo`, `B+R`/`W+Resign`, `B+T`/`W+Time`,
    /// `B+F`/`W+Forfeit`, `B+`. `None` for `Void`, `?` and anything unreadable (with a note).
    pub fn parse(text: &str, notes: &mut Vec<String>) -> Option<RecordedResult> {
        let t = text.trim();
        let lower = t.to_ascii_lowercase();
        if matches!(lower.as_str(), "0" | "0.0" | "draw" | "jigo" | "d") {
            return Some(RecordedResult {
                winner: None,
                margin: Some(Half::ZERO),
                how: ResultHow::Score,
            });
        }
        if matches!(lower.as_str(), "void" | "?" | "") {
            return None;
        }
        let unread = |notes: &mut Vec<String>| {
            notes.push(format!(
                "RE[{t}] is not a result this reader knows (B+3.5, W+R, B+T, 0...): not compared"
            ));
            None
        };
        let mut chars = lower.chars();
        let winner = match chars.next() {
            Some('b') => Color::Black,
            Some('w') => Color::White,
            _ => return unread(notes),
        };
        if chars.next() != Some('+') {
            return unread(notes);
        }
        let rest = chars.as_str().trim();
        let won = |how, margin| {
            Some(RecordedResult {
                winner: Some(winner),
                margin,
                how,
            })
        };
        match rest.chars().next() {
            None => return won(ResultHow::Unspecified, None),
            Some('r') => return won(ResultHow::Resignation, None),
            Some('t') => return won(ResultHow::Time, None),
            Some('f') => return won(ResultHow::Forfeit, None),
            _ => {}
        }
        let digits: &str = &rest[..rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(rest.len())];
        let Ok(v) = digits.parse::<f64>() else {
            return unread(notes);
        };
        if !(0.0..1.0e6).contains(&v) {
            return unread(notes);
        }
        let quarters = v * 4.0;
        if quarters.fract() != 0.0 {
            notes.push(format!(
                "RE[{t}]: the margin is neither a whole number of half-points nor of quarter stones: the winner is compared, not the margin"
            ));
            return won(ResultHow::Score, None);
        }
        let quarters = quarters as i64;
        let half = if quarters % 2 == 0 {
            quarters / 2
        } else {
            // x.25 or x.75: stones (1 stone = 2 points = 4 half-points).
            notes.push(format!(
                "RE[{t}] read in stones (Chinese): {v} stones = {} points",
                Half(quarters)
            ));
            quarters
        };
        won(ResultHow::Score, Some(Half(half)))
    }

    /// The margin from Black's side (`W+12` -> -12), when the result is a count.
    pub fn signed_margin(&self) -> Option<Half> {
        let m = self.margin?;
        Some(match self.winner {
            Some(Color::White) => Half(-m.0),
            _ => m,
        })
    }

    /// Whether the result is a count (a margin or a draw): the record can then be counted as
    /// paused after its last move.
    pub fn is_score(&self) -> bool {
        self.how == ResultHow::Score
    }

    /// The loser of a game won by resignation, time or forfeit: there is no count.
    pub fn loser_without_count(&self) -> Option<Color> {
        match self.how {
            ResultHow::Resignation | ResultHow::Time | ResultHow::Forfeit => {
                self.winner.map(Color::opp)
            }
            ResultHow::Score | ResultHow::Unspecified => None,
        }
    }
}
