//! Reading SGF: [`parse_sgf`], which runs the steps of the other modules in
//! order: decode the charset (`charset`), check the tree and find its main line in the text
//! (`scan`), parse it with `sgf-parse`, and read its properties (`node`) into the record
//! (`record`).
//! Playing the record is [`replay`](super::replay)'s job.

use sgf_parse::{GameTree, LexerError, SgfParseError};

use super::charset::decode;
use super::node::{free_tree, read_main_line};
use super::scan::{cut_ranges, doubled_root_gm, find_tree_start, node_in_text, prescan};
use super::{SgfError, SgfRecord, MAX_BYTES};

/// Reads an SGF file: decodes it in its `CA` charset (without `CA`: UTF-8, or Latin-1 when the
/// bytes are not UTF-8), parses it and returns the main line of its first game tree (side
/// variations are cut from the text unparsed). Does not play the moves: see [`replay`](super::replay).
///
/// Never panics; every malformed input is an [`SgfError`].
///
/// ```
/// let rec = jipingdian::sgf::parse_sgf(b"(;GM[1]SZ[9]KM[7.5];B[ee];W[tt];B[])").unwrap();
/// assert_eq!(rec.size, 9);
/// assert_eq!(rec.komi_half_points, Some(15));
/// assert_eq!(rec.moves.len(), 3);
/// assert!(rec.moves[1].at.is_none() && rec.moves[2].at.is_none());
/// ```
pub fn parse_sgf(bytes: &[u8]) -> Result<SgfRecord, SgfError> {
    if bytes.len() > MAX_BYTES {
        return Err(SgfError::TooManyBytes {
            bytes: bytes.len(),
            limit: MAX_BYTES,
        });
    }
    let (text, charset_note) = decode(bytes)?;
    let mut notes: Vec<String> = charset_note.into_iter().collect();
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(SgfError::Empty);
    }
    let start = match find_tree_start(trimmed) {
        Some(i) => i,
        None if trimmed
            .bytes()
            .all(|b| b == b'(' || b == b')' || b.is_ascii_whitespace()) =>
        {
            return Err(SgfError::Empty)
        }
        None => {
            return Err(SgfError::NotSgf {
                node: 0,
                detail: "no game tree '(;' found".into(),
            })
        }
    };
    if start > 0 {
        notes.push(format!(
            "{start} bytes before the first game tree were skipped"
        ));
    }
    let body = &trimmed[start..];
    let scan = prescan(body)?;
    // Only the first tree goes to sgf-parse: the others are not read, and an error in them must
    // not make sgf-parse drop the first (possibly deep) tree recursively.
    let body = &body[..scan.end];
    // The side variations are cut: only the main line is built.
    let cut;
    let body = if scan.side.is_empty() {
        body
    } else {
        cut = cut_ranges(body, &scan.side);
        cut.as_str()
    };
    // A doubled GM in the root makes sgf-parse refuse the file: the first is kept.
    let dedup;
    let gm = doubled_root_gm(body);
    let body = if gm.is_empty() {
        body
    } else {
        notes.push("GM doubled in the root node: the first value is read".into());
        dedup = cut_ranges(body, &gm);
        dedup.as_str()
    };
    let trees = sgf_parse::parse(body).map_err(|e| map_parse_error(e, body))?;
    let mut trees = trees.into_iter();
    let first = match trees.next() {
        Some(t) => t,
        None => return Err(SgfError::Empty),
    };
    for t in trees {
        free_game_tree(t);
    }
    if scan.more_trees > 0 {
        notes.push(format!(
            "{} game trees in the file: the first is read",
            scan.more_trees + 1
        ));
    }
    let root = match first {
        GameTree::GoGame(n) => n,
        GameTree::Unknown(n) => {
            free_tree(n);
            return Err(SgfError::NotGo);
        }
    };
    read_main_line(root, notes, !scan.side.is_empty())
}

fn map_parse_error(e: SgfParseError, body: &str) -> SgfError {
    match e {
        SgfParseError::NoGameTrees => SgfError::Empty,
        SgfParseError::UnexpectedEndOfData
        | SgfParseError::LexerError(LexerError::UnexpectedEndOfPropertyValue)
        | SgfParseError::LexerError(LexerError::MissingPropertyIdentifier) => SgfError::Truncated {
            node: node_in_text(body),
            detail: e.to_string(),
        },
        SgfParseError::UnexpectedGameType | SgfParseError::InvalidGameType => SgfError::NotGo,
        other => SgfError::NotSgf {
            node: node_in_text(body),
            detail: format!("sgf-parse: {other}"),
        },
    }
}

fn free_game_tree(t: GameTree) {
    match t {
        GameTree::GoGame(n) => free_tree(n),
        GameTree::Unknown(n) => free_tree(n),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sgf::MAX_NODES;
    #[test]
    fn deep_file_does_not_overflow_the_stack() {
        let mut s = String::from("(;GM[1]SZ[19]");
        for i in 0..MAX_NODES - 1 {
            s.push_str(if i % 2 == 0 { ";B[]" } else { ";W[]" });
        }
        s.push(')');
        let h = std::thread::Builder::new()
            .stack_size(256 * 1024)
            .spawn(move || parse_sgf(s.as_bytes()).map(|r| r.moves.len()))
            .unwrap();
        assert_eq!(h.join().unwrap(), Ok(MAX_NODES - 1));
        // A parse error after a deep line: sgf-parse drops its partial tree itself.
        let mut s = String::from("(;GM[1]");
        for _ in 0..MAX_NODES - 2 {
            s.push_str(";B[]");
        }
        s.push_str("(B[]))");
        let h = std::thread::Builder::new()
            .stack_size(256 * 1024)
            .spawn(move || parse_sgf(s.as_bytes()).is_err())
            .unwrap();
        assert!(h.join().unwrap());
    }
}
