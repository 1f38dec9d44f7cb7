//! A deterministic SGF FF\[4\] writer: the same input gives the same bytes (point lists sorted,
//! properties in a fixed order), which `sgf-parse`'s own serializer does not promise.

use std::fmt::Write as _;

use crate::engine::{Color, Coord, Game, Move, PerSide};

/// What to write into one SGF record. Fill the public fields and call [`SgfWriter::to_sgf`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SgfWriter {
    /// Board size (`SZ`).
    pub size: u8,
    /// Komi in half-points (`KM`, written in points: 13 -> `6.5`).
    pub komi_half_points: Option<i32>,
    /// `RU`.
    pub rules: Option<String>,
    /// `RE`.
    pub result: Option<String>,
    /// `C` of the root (e.g. the per-rule-set results).
    pub comment: Option<String>,
    /// Setup stones (`AB`/`AW`), any order.
    pub setup: Vec<(Coord, Color)>,
    /// The moves, one node each; `None` is a virtual move, written `B[]`.
    pub moves: Vec<(Color, Option<Coord>)>,
    /// Territory marks (`TB`/`TW`) for the last node; dead stones are covered by the opponent's
    /// marks (the CGoban convention).
    pub territory: PerSide<Vec<Coord>>,
    /// Further root properties, written after `C` in the order given. Identifiers must be
    /// uppercase ASCII letters; others are dropped. Values are escaped.
    pub extra_root: Vec<(String, String)>,
}

/// Writes komi given in half-points as SGF points: 13 -> `6.5`, 14 -> `7`, -1 -> `-0.5`.
pub fn format_komi(half_points: i32) -> String {
    let sign = if half_points < 0 { "-" } else { "" };
    let a = half_points.unsigned_abs();
    if a.is_multiple_of(2) {
        format!("{sign}{}", a / 2)
    } else {
        format!("{sign}{}.5", a / 2)
    }
}

/// Escapes an SGF Text value: `\` and `]` get a backslash.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for ch in s.chars() {
        if ch == '\\' || ch == ']' {
            out.push('\\');
        }
        out.push(ch);
    }
    out
}

fn point_list(out: &mut String, id: &str, pts: &[Coord]) {
    if pts.is_empty() {
        return;
    }
    let mut v = pts.to_vec();
    v.sort();
    v.dedup();
    out.push_str(id);
    for c in v {
        let _ = write!(out, "[{}]", c.to_sgf());
    }
}

impl SgfWriter {
    /// An empty record for a `size` x `size` board.
    pub fn new(size: u8) -> SgfWriter {
        SgfWriter {
            size,
            ..SgfWriter::default()
        }
    }

    /// The setup and moves of `game`: setup stones from its initial board, real and virtual
    /// moves from its record. Negative moves have no SGF form and are not written; the caller
    /// may list them in `comment`.
    pub fn from_game(game: &Game) -> SgfWriter {
        let init = game.initial_board();
        let mut w = SgfWriter::new(init.size());
        for p in init.points() {
            if let Some(c) = init.stone(p) {
                w.setup.push((init.coord(p), c));
            }
        }
        for r in game.records() {
            match r.mv {
                Move::Play(at) => w.moves.push((r.color, Some(at))),
                Move::Virtual => w.moves.push((r.color, None)),
                Move::Negative(..) => {}
            }
        }
        w
    }

    /// The record as SGF text. The root holds `GM[1]FF[4]CA[UTF-8]AP[jipingdian:VERSION]SZ`,
    /// then `KM`, `RU`, `RE`, `C`, the extra properties, `PL[W]` when White moves first, and
    /// `AB`/`AW` sorted; then one node per move; `TB`/`TW` (sorted) go in the last node, or the
    /// root when there are no moves. Byte-identical for equal input.
    pub fn to_sgf(&self) -> String {
        let mut out = String::new();
        let _ = write!(
            out,
            "(;GM[1]FF[4]CA[UTF-8]AP[jipingdian:{}]SZ[{}]",
            env!("CARGO_PKG_VERSION"),
            self.size
        );
        if let Some(k) = self.komi_half_points {
            let _ = write!(out, "KM[{}]", format_komi(k));
        }
        for (id, v) in [
            ("RU", &self.rules),
            ("RE", &self.result),
            ("C", &self.comment),
        ] {
            if let Some(v) = v {
                let _ = write!(out, "{id}[{}]", escape(v));
            }
        }
        for (id, v) in &self.extra_root {
            if !id.is_empty() && id.bytes().all(|b| b.is_ascii_uppercase()) {
                let _ = write!(out, "{id}[{}]", escape(v));
            }
        }
        if self.moves.first().map(|m| m.0) == Some(Color::White) {
            out.push_str("PL[W]");
        }
        for c in Color::BOTH {
            let pts: Vec<Coord> = self
                .setup
                .iter()
                .filter(|s| s.1 == c)
                .map(|s| s.0)
                .collect();
            point_list(&mut out, if c == Color::Black { "AB" } else { "AW" }, &pts);
        }
        for (c, at) in &self.moves {
            out.push_str("\n;");
            out.push(c.letter());
            out.push('[');
            if let Some(at) = at {
                out.push_str(&at.to_sgf());
            }
            out.push(']');
        }
        point_list(&mut out, "TB", &self.territory.black);
        point_list(&mut out, "TW", &self.territory.white);
        out.push_str(")\n");
        out
    }

    /// Writes [`SgfWriter::to_sgf`] to `w`.
    pub fn write_to(&self, mut w: impl std::io::Write) -> std::io::Result<()> {
        w.write_all(self.to_sgf().as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn komi_is_written_in_points() {
        assert_eq!(format_komi(13), "6.5");
        assert_eq!(format_komi(14), "7");
        assert_eq!(format_komi(0), "0");
        assert_eq!(format_komi(-1), "-0.5");
        assert_eq!(format_komi(-15), "-7.5");
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(escape(r"a]b\c"), r"a\]b\\c");
    }

    #[test]
    fn layout_is_fixed() {
        let mut w = SgfWriter::new(9);
        w.komi_half_points = Some(15);
        w.setup = vec![
            (Coord::new(3, 3), Color::White),
            (Coord::new(1, 1), Color::Black),
            (Coord::new(0, 1), Color::Black),
        ];
        w.moves = vec![(Color::Black, Some(Coord::new(4, 4))), (Color::White, None)];
        w.territory.white = vec![Coord::new(8, 8), Coord::new(7, 8)];
        let v = env!("CARGO_PKG_VERSION");
        assert_eq!(
            w.to_sgf(),
            format!(
                "(;GM[1]FF[4]CA[UTF-8]AP[jipingdian:{v}]SZ[9]KM[7.5]AB[ab][bb]AW[dd]\n;B[ee]\n;W[]TW[hi][ii])\n"
            )
        );
        assert_eq!(w.to_sgf(), w.clone().to_sgf());
    }
}
