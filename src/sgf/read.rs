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
    let (text, mut notes) = decoded(bytes)?;
    let (start, skipped) = first_tree(&text)?;
    notes.extend(skipped);
    read_tree(&text[start..], notes, true).0
}

/// Most games [`parse_sgf_games`] reads from one collection; the rest are left with a note.
pub const MAX_GAMES: usize = 10_000;

/// Reads every game of an SGF collection (a file holding several game trees, `(;...)(;...)`),
/// each as [`parse_sgf`] reads the first: one result per game, in file order, so that a bad
/// game does not hide the good ones. The error of the whole is for what spoils every game: too
/// many bytes, a charset that does not decode, no game tree. A game tree whose structure is
/// broken (a value or tree not closed) ends the list, since where the next game starts cannot
/// be known; so does the [`MAX_GAMES`]th game, with a note on the last one read.
///
/// ```
/// let games = jipingdian::sgf::parse_sgf_games(b"(;SZ[9];B[ee])(;SZ[13];B[gg];W[])").unwrap();
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[1].as_ref().unwrap().size, 13);
/// ```
pub fn parse_sgf_games(bytes: &[u8]) -> Result<Vec<Result<SgfRecord, SgfError>>, SgfError> {
    let (text, mut notes) = decoded(bytes)?;
    let (mut at, skipped) = first_tree(&text)?;
    notes.extend(skipped);
    let mut games = Vec::new();
    loop {
        let (game, end) = read_tree(&text[at..], std::mem::take(&mut notes), false);
        games.push(game);
        let Some(end) = end else { break };
        at += end;
        let Some(next) = find_tree_start(&text[at..]) else {
            break;
        };
        if games.len() == MAX_GAMES {
            if let Some(Ok(last)) = games.last_mut() {
                last.notes.push(format!(
                    "more than {MAX_GAMES} games in the file: the rest are not read"
                ));
            }
            break;
        }
        at += next;
    }
    Ok(games)
}

/// The text of an SGF file in its charset, with the note on how it was decoded; refused when
/// too big or empty.
fn decoded(bytes: &[u8]) -> Result<(String, Vec<String>), SgfError> {
    if bytes.len() > MAX_BYTES {
        return Err(SgfError::TooManyBytes {
            bytes: bytes.len(),
            limit: MAX_BYTES,
        });
    }
    let (text, charset_note) = decode(bytes)?;
    if text.trim().is_empty() {
        return Err(SgfError::Empty);
    }
    Ok((text.into_owned(), charset_note.into_iter().collect()))
}

/// Where the first game tree of `text` starts, with a note when bytes before it were skipped.
fn first_tree(text: &str) -> Result<(usize, Option<String>), SgfError> {
    let lead = text.len() - text.trim_start().len();
    let trimmed = text.trim();
    match find_tree_start(trimmed) {
        Some(0) => Ok((lead, None)),
        Some(i) => Ok((
            lead + i,
            Some(format!("{i} bytes before the first game tree were skipped")),
        )),
        None if trimmed
            .bytes()
            .all(|b| b == b'(' || b == b')' || b.is_ascii_whitespace()) =>
        {
            Err(SgfError::Empty)
        }
        None => Err(SgfError::NotSgf {
            node: 0,
            detail: "no game tree '(;' found".into(),
        }),
    }
}

/// Reads the game tree that starts `body` (at its `(`): the record of its main line, and the
/// byte length of the tree when its structure could be walked (so that the next tree can be
/// found). `first_only`: the file is read for its first game alone, and a note says how many
/// trees follow.
fn read_tree(
    body: &str,
    mut notes: Vec<String>,
    first_only: bool,
) -> (Result<SgfRecord, SgfError>, Option<usize>) {
    let scan = match prescan(body) {
        Ok(s) => s,
        Err(e) => return (Err(e), None),
    };
    let end = scan.end;
    // Only this tree goes to sgf-parse: the others are not read here, and an error in them
    // must not make sgf-parse drop this (possibly deep) tree recursively.
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
    let trees = match sgf_parse::parse(body).map_err(|e| map_parse_error(e, body)) {
        Ok(t) => t,
        Err(e) => return (Err(e), Some(end)),
    };
    let mut trees = trees.into_iter();
    let Some(first) = trees.next() else {
        return (Err(SgfError::Empty), Some(end));
    };
    for t in trees {
        free_game_tree(t);
    }
    if first_only && scan.more_trees > 0 {
        notes.push(format!(
            "{} game trees in the file: the first is read",
            scan.more_trees + 1
        ));
    }
    let root = match first {
        GameTree::GoGame(n) => n,
        GameTree::Unknown(n) => {
            free_tree(n);
            return (Err(SgfError::NotGo), Some(end));
        }
    };
    (
        read_main_line(root, notes, !scan.side.is_empty()),
        Some(end),
    )
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

    /// A collection: each game read on its own, the second refused for its own fault (an
    /// off-board point), the third read; a tree left open ends the list, as the next start
    /// cannot be found.
    #[test]
    fn every_game_of_a_collection_is_read_on_its_own() {
        let games =
            parse_sgf_games(b"junk (;SZ[9];B[ee]) (;SZ[5];B[zz]) (;SZ[13];W[aa]) (;SZ[9];B[aa]")
                .unwrap();
        assert_eq!(games.len(), 4);
        let first = games[0].as_ref().unwrap();
        assert_eq!(first.size, 9);
        assert!(first.notes.iter().any(|n| n.contains("5 bytes before")));
        assert!(games[1].is_err());
        let third = games[2].as_ref().unwrap();
        assert_eq!(third.size, 13);
        assert!(third.notes.is_empty(), "{:?}", third.notes);
        assert!(matches!(games[3], Err(SgfError::Truncated { .. })));
        // parse_sgf reads the first alone, and says how many trees there were.
        let one = parse_sgf(b"(;SZ[9];B[ee])(;SZ[5])").unwrap();
        assert!(one
            .notes
            .iter()
            .any(|n| n == "2 game trees in the file: the first is read"));
        assert!(matches!(parse_sgf_games(b"  "), Err(SgfError::Empty)));
    }
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
