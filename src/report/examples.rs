//! Worked examples for people: one game written as an SGF record (to open in an editor) and an
//! SVG diagram of its settled position (to look at), side by side under one name.

use std::io;
use std::path::Path;

use crate::counting::Count;
use crate::counting::Finished;
use crate::engine::{Color, Coord, Game, PerSide};
use crate::gtp::parse_vertex;
use crate::report::svg::Diagram;
use crate::rules::{RuleId, RuleResult, Rules};
use crate::sgf::SgfWriter;

/// Writes `dir/stem.sgf` (see [`SgfWriter::for_example`]) and `dir/stem.svg` (the diagram of
/// the paused position, see [`Diagram::from_count`]) for a counted game. The diagram is titled
/// `title`; under the board come the lines of `caption`, then one line per rule set's result.
/// `count` must be the count of `finished`. Creates `dir` if needed. Each file is written under
/// a temporary name in `dir` and then renamed, so a reader never sees half a file; a file of
/// the same name is replaced.
pub fn write_example(
    dir: &Path,
    stem: &str,
    finished: &Finished,
    count: &Count,
    results: &[RuleResult],
    title: &str,
    caption: &str,
) -> io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let sgf = SgfWriter::for_example(&finished.game, count, results, title).to_sgf();
    let mut lines: Vec<String> = caption.lines().map(str::to_string).collect();
    lines.extend(results.iter().map(|r| {
        format!(
            "{}: {} (black {}, white {}, komi {})",
            r.rules, r.result, r.black, r.white, r.komi
        )
    }));
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    let board = finished.game.board();
    let svg = Diagram::from_count(board, count)
        .with_title(title)
        .with_focus(&points_named(caption, board.size()))
        .with_caption(&lines)
        .to_svg();
    write_atomically(&dir.join(format!("{stem}.sgf")), sgf.as_bytes())?;
    write_atomically(&dir.join(format!("{stem}.svg")), svg.as_bytes())
}

/// The example writer lives here, beside the example's picture, so that `sgf` knows only the
/// engine: it needs the count and the rule sets' results.
impl SgfWriter {
    /// The record of an example for people to open in an editor: the moves of `game` (see
    /// [`SgfWriter::from_game`]), `RU`, `KM` and `RE` of the `jpd-tangsong` result (or of the
    /// first result when there is none), each side's owned empty points of the settled paused
    /// position (territory of every kind and one-sided dame) as `TB`/`TW` with the opponent's
    /// dead stones under them (the CGoban convention, which [`replay`](crate::sgf::replay) reads
    /// back as dead stones), and a root comment: `title`, then one line per rule set's result,
    /// then the balancing and the dead stones. `count` must be the count of `game`.
    pub fn for_example(
        game: &Game,
        count: &Count,
        results: &[RuleResult],
        title: &str,
    ) -> SgfWriter {
        let mut w = SgfWriter::from_game(game);
        let main = results
            .iter()
            .find(|r| r.rules == RuleId::JpdTangsong)
            .or_else(|| results.first());
        if let Some(r) = main {
            w.rules = Some(r.rules.to_string());
            w.result = Some(r.result.clone());
            let komi = Rules::preset(r.rules).komi;
            w.komi_half_points = i32::try_from(komi.0).ok();
        }
        let st = &count.settlement_paused;
        let b = game.board();
        let mut dead_names: PerSide<Vec<String>> = PerSide::default();
        for p in b.points() {
            let at = b.coord(p);
            if st.dead_points().binary_search(&p).is_ok() {
                if let Some(c) = b.stone(p) {
                    w.territory[c.opp()].push(at);
                    dead_names[c].push(at.to_human(b.size()));
                }
            } else if b.stone(p).is_none() {
                for c in Color::BOTH {
                    if st.class(p).is_owned_empty(c) {
                        w.territory[c].push(at);
                    }
                }
            }
        }
        let mut lines = vec![title.to_string()];
        for r in results {
            lines.push(format!(
                "{}: {} (black {}, white {}, komi {})",
                r.rules, r.result, r.black, r.white, r.komi
            ));
        }
        let negatives: Vec<String> = count
            .negatives
            .iter()
            .map(|(at, k)| format!("negative move type {k:?} at {}", at.to_human(b.size())))
            .collect();
        lines.push(format!(
            "balancing {}: {}",
            count.balancing,
            if negatives.is_empty() {
                "no negative move".to_string()
            } else {
                negatives.join(", ")
            }
        ));
        let list = |v: &[String]| {
            if v.is_empty() {
                "none".to_string()
            } else {
                v.join(" ")
            }
        };
        lines.push(format!(
            "dead stones: black {}; white {}",
            list(&dead_names.black),
            list(&dead_names.white)
        ));
        w.comment = Some(lines.join("\n"));
        w
    }
}

/// The board points a caption names (`C7`, `T12`: a capital column letter and a row number on a
/// `size` board), in order of appearance. A caption is a theorem's or finding's detail, which
/// names points and never ids, so `T12` is read as the point.
pub fn points_named(text: &str, size: u8) -> Vec<Coord> {
    text.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|t| t.len() >= 2 && t.as_bytes()[0].is_ascii_uppercase())
        .filter_map(|t| parse_vertex(t, size).ok().flatten())
        .collect()
}

fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    crate::files::write_atomic(path, bytes).map_err(|e| match e {
        crate::files::FileError::Io { source, .. } => source,
        e => io::Error::other(e.to_string()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The points of a finding's detail are found; ids, counts and results are not points.
    #[test]
    fn captions_name_their_points() {
        // T12 is column T (the 19th letter less I: x = 18), row 12 (y = 19 - 12 = 7); S18 is
        // x = 17, y = 1.
        let text = "type A at T12 taken physically: S18 turns from shared_liberty; \
                    B=17.5 W+7.5 k=13, B0 is not a point, and a5 is not one either";
        assert_eq!(
            points_named(text, 19),
            vec![Coord::new(18, 7), Coord::new(17, 1)]
        );
        // On a 9x9 board neither is on the board.
        assert!(points_named(text, 9).is_empty());
    }

    #[test]
    fn a_file_is_replaced_whole_and_no_temporary_file_stays() {
        let dir = std::env::temp_dir().join(format!("jpd-examples-unit-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("x.svg");
        write_atomically(&path, b"first, longer content").unwrap();
        write_atomically(&path, b"second").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"second");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
        // A missing folder is an error, and leaves nothing behind.
        assert!(write_atomically(&dir.join("no/such/x.svg"), b"x").is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
