//! Reading SGF: the limits, the record and its errors, and [`parse_sgf`], which runs the steps
//! of the other modules in order: decode the charset (`charset`), check the tree and find its
//! main line in the text (`scan`), parse it with `sgf-parse`, and read its properties (`node`).
//! Playing the record is [`replay`](super::replay)'s job.

use sgf_parse::{GameTree, LexerError, SgfNode, SgfParseError, SgfProp};

use super::charset::decode;
use super::node::read_main_line;
use super::scan::{cut_ranges, doubled_root_gm, find_tree_start, node_in_text, prescan};
use super::{escape_controls, RecordedResult, SetupEdit};
use crate::engine::{Color, Coord, GameError, Illegal, PerSide};

/// The most nodes the main line of the first game tree may hold. Deeper lines would exhaust the
/// stack in `sgf-parse`, which builds and drops them recursively. Side variations are cut before
/// parsing and not counted (only [`MAX_BYTES`] bounds them); other game trees are not parsed.
pub const MAX_NODES: usize = 20_000;

/// The most bytes a file may hold. A game record is a few kilobytes, a commented one rarely a
/// megabyte; the limit keeps the memory used by a hostile file bounded (a few times this).
pub const MAX_BYTES: usize = 16 * 1024 * 1024;

/// A problem with an SGF file. Each variant names the node (0 = the root, counted along the main
/// line, or along the text for errors found before parsing) or the move number (1-based, setup
/// stones not counted), and its message says what to do.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SgfError {
    /// The bytes are not an SGF record at all.
    #[error("not an SGF file ({detail}, near node {node}); an SGF record is a game tree such as (;GM[1]SZ[19];B[pd])")]
    NotSgf {
        /// Node (counted along the text) near which parsing failed.
        node: usize,
        /// What the parser saw.
        detail: String,
    },
    /// Something outside a property value that SGF does not allow there: a stray `]`, a
    /// property identifier with no value, a value with no identifier, a character that is
    /// neither a letter nor structure. Usually a dropped or doubled bracket.
    #[error("node {node}: {detail}; property values go in brackets after their identifier, as in B[dd], and a ']' inside a value is written '\\]'")]
    Syntax {
        /// The node (counted along the text).
        node: usize,
        /// What was found.
        detail: String,
    },
    /// The file holds no game tree.
    #[error("the file is empty: node 0 (the root) is missing; give a game tree such as (;GM[1]SZ[19];B[pd])")]
    Empty,
    /// The file ends inside a property value or a game tree.
    #[error("the file ends early in node {node}: {detail}; it was probably truncated: fetch or save it again")]
    Truncated {
        /// The last node begun (counted along the text).
        node: usize,
        /// What is left open.
        detail: String,
    },
    /// The file holds more nodes than [`MAX_NODES`].
    #[error("node {nodes}: the main line of the first game tree holds more nodes than the limit of {limit}; split the record")]
    TooLarge {
        /// Nodes counted (at least).
        nodes: usize,
        /// The limit.
        limit: usize,
    },
    /// The file holds more bytes than [`MAX_BYTES`].
    #[error("the file holds {bytes} bytes, over the limit of {limit}: no node was read; a game record is a few kilobytes, so split the collection or shorten its comments")]
    TooManyBytes {
        /// Bytes in the file (at least: a reader may stop at the limit plus one).
        bytes: usize,
        /// The limit.
        limit: usize,
    },
    /// The first game tree is not a game of Go.
    #[error(
        "node 0: the first game tree is not Go (GM is not 1); only Go records (GM[1]) can be read"
    )]
    NotGo,
    /// The board size is missing a value, not square, or out of range.
    #[error("node {node}: board size SZ[{}] is not supported ({}); use a square board of 2 to 25, e.g. SZ[19]", escape_controls(.value), escape_controls(.why))]
    BadSize {
        /// The node holding `SZ` (0).
        node: usize,
        /// The value as written.
        value: String,
        /// Why it is refused.
        why: String,
    },
    /// A point is off the board.
    #[error("node {node}: {prop}[{}] is off the {size}x{size} board; correct the point or the board size SZ", escape_controls(.at))]
    OffBoard {
        /// The node.
        node: usize,
        /// The property (`B`, `W`, `AB`, `AW`, `TB`, `TW`).
        prop: String,
        /// The point as written.
        at: String,
        /// The board size.
        size: u8,
    },
    /// A node holds two moves.
    #[error("node {node}: two moves in one node ({first} and {second}); SGF allows one move per node: put the second in a node of its own")]
    TwoMovesInOneNode {
        /// The node.
        node: usize,
        /// The first move, as `B[aa]`.
        first: String,
        /// The second move.
        second: String,
    },
    /// A property value cannot be read.
    #[error("node {node}: {}[{}] is not a valid value for {}; correct or remove it", escape_controls(.prop), escape_controls(.value), escape_controls(.prop))]
    BadValue {
        /// The node.
        node: usize,
        /// The property identifier.
        prop: String,
        /// The value(s) as written.
        value: String,
    },
    /// Bytes that are not valid in the declared (or default) charset.
    #[error("node {node}: the bytes at offset {offset} are not valid {charset}{how}; re-save the file in that charset or correct its CA property")]
    InvalidEncoding {
        /// The node in which the bad bytes lie (counted along the text).
        node: usize,
        /// Byte offset of the first bad byte.
        offset: usize,
        /// The charset used (encoding_rs name).
        charset: String,
        /// How the charset was chosen, for the message.
        how: String,
    },
    /// `CA` names a charset that is not known.
    #[error("node 0: unknown charset CA[{}]; use UTF-8, ISO-8859-1, GB2312, GBK, GB18030, Big5, Shift_JIS or EUC-KR", escape_controls(.charset))]
    UnknownCharset {
        /// The value of `CA`.
        charset: String,
    },
    /// A move breaks the play rules.
    #[error("move {move_number} (node {node}): {color} at {at_human} ({at_sgf}) is illegal: {reason}; the record does not follow these rules or was mistyped from this move on")]
    IllegalMove {
        /// The 1-based move number.
        move_number: usize,
        /// The node.
        node: usize,
        /// The player.
        color: Color,
        /// The point, human form (`D4`).
        at_human: String,
        /// The point, SGF form (`dp`).
        at_sgf: String,
        /// Why it is illegal.
        reason: Illegal,
    },
    /// The record ends with the game still in play and no resignation.
    #[error("the record ends after move {moves} (node {node}) with the game still in play: no pause (two consecutive virtual moves), no four virtual moves, no result in RE; add the closing virtual moves (e.g. ;W[];B[]), a result (RE[B+R], RE[W+3.5]), or pass --assume-pause to jpd score to count it as paused after its last move")]
    NotEnded {
        /// Moves played.
        moves: usize,
        /// The last node.
        node: usize,
    },
    /// A move by the player who is not to move.
    #[error("move {move_number} (node {node}): {color} moved but it is {expected}'s turn; insert the missing move (a virtual move B[] or W[]) or set PL in the root")]
    WrongTurn {
        /// The 1-based move number.
        move_number: usize,
        /// The node.
        node: usize,
        /// The colour in the record.
        color: Color,
        /// The colour to move.
        expected: Color,
    },
    /// A move after the game ended (four consecutive virtual moves or a cycle).
    #[error("move {move_number} (node {node}): the game had already ended ({how}) before this move; cut the record there")]
    AfterEnd {
        /// The 1-based move number.
        move_number: usize,
        /// The node.
        node: usize,
        /// How the game ended.
        how: String,
    },
    /// The setup stones of the root are not a legal position.
    #[error(
        "node 0: the setup stones (AB/AW) are not a legal position: {0}; correct the root's AB/AW"
    )]
    Setup(GameError),
}

/// One move of the main line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SgfMove {
    /// The player.
    pub color: Color,
    /// The point; `None` for a virtual move (`B[]`, `B[ ]`, or `B[tt]` on boards up to 19x19).
    pub at: Option<Coord>,
    /// 0-based index of the node along the main line (0 = the root).
    pub node: usize,
}

/// The main line of an SGF record, read but not played.
#[derive(Clone, Debug, PartialEq)]
pub struct SgfRecord {
    /// Board size (`SZ`, default 19).
    pub size: u8,
    /// `KM` as read (normalised by the number parser), if present.
    pub komi_raw: Option<String>,
    /// `KM` in half-points, normalised from the three forms found in the wild, each but the
    /// first with a note: points (`6.5` -> 13), stones when the value is in quarters but not in
    /// halves (`3.75` stones = 7.5 points -> 15), and hundredths of either when 100 or more in
    /// absolute value (Fox: `375` -> 3.75 stones -> 15, `650` -> 6.5 points -> 13). `None`
    /// when absent or in none of these forms.
    pub komi_half_points: Option<i32>,
    /// The first `RU` of the main line, raw: the text between the brackets with its SGF escapes
    /// resolved (`\]` -> `]`) and nothing else changed: not trimmed, not case-folded, not
    /// interpreted; several values are kept as `a][b`. Never used to score.
    pub rules: Option<String>,
    /// `RE`.
    pub result: Option<String>,
    /// `C` of the root (a doubled `C`: the texts joined by a newline).
    pub comment: Option<String>,
    /// The player to move first: `PL` (of any node before the first move), else White in a
    /// handicap game (`HA` of 2 or more with black setup stones, or black setup stones only and
    /// a first move by White), with a note.
    pub player_to_move: Option<Color>,
    /// `HA` of the root, as written.
    pub handicap: Option<i64>,
    /// The starting position: `AB`/`AW` of the root and of the nodes before the first move,
    /// with `AE` applied in order, Black's first, each sorted.
    pub setup: Vec<(Coord, Color)>,
    /// The moves of the main line.
    pub moves: Vec<SgfMove>,
    /// Setup properties after the first move or beside a move, in order: dead stones taken off
    /// at the end, or an edited position (see [`SetupEdit`]); applied by
    /// [`replay_with`](super::replay_with).
    pub edits: Vec<SetupEdit>,
    /// `TB` and `TW` of the last node of the main line, sorted.
    pub territory: PerSide<Vec<Coord>>,
    /// Dead stones: empty after [`parse_sgf`], filled by [`replay`](super::replay) (stones of the final position
    /// covered by the opponent's territory mark), sorted.
    pub dead: Vec<Coord>,
    /// The side that resigned, from `RE` such as `B+R` or `W+Resign` (the loser).
    pub resigned: Option<Color>,
    /// `RE` read: winner, margin in half-points, and how the game was won. `None` when absent
    /// or naming no result (`Void`, `?`, unreadable).
    pub result_parsed: Option<RecordedResult>,
    /// Remarks about what was read (several game trees, variations, skipped values...).
    pub notes: Vec<String>,
}

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

/// Drops a tree without recursion (sgf-parse's nodes drop recursively, one stack frame a node).
pub(super) fn free_tree<P: SgfProp>(node: SgfNode<P>) {
    let mut stack = vec![node];
    while let Some(mut n) = stack.pop() {
        stack.append(&mut n.children);
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
