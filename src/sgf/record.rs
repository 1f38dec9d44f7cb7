//! The record read from an SGF file ([`SgfRecord`], its moves [`SgfMove`] and setup edits
//! [`SetupEdit`]), the limits of reading one, and the errors of reading and replaying it
//! ([`SgfError`]): the types every step of `sgf` shares, below all of them.

use super::{escape_controls, RecordedResult};
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
    /// The players' names: `PB` and `PW` of the root, as written (escapes resolved).
    pub players: (Option<String>, Option<String>),
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
    /// Dead stones: empty after [`parse_sgf`](super::parse_sgf), filled by [`replay`](super::replay) (stones of the final position
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

impl SgfRecord {
    /// The record of an empty `size` x `size` board with no move, no setup and no game
    /// information: what a GTP session (`jpd gtp`) starts from after `boardsize`.
    pub fn empty(size: u8) -> SgfRecord {
        SgfRecord {
            size,
            komi_raw: None,
            komi_half_points: None,
            rules: None,
            result: None,
            comment: None,
            players: (None, None),
            player_to_move: None,
            handicap: None,
            setup: Vec::new(),
            moves: Vec::new(),
            edits: Vec::new(),
            territory: PerSide::default(),
            dead: Vec::new(),
            resigned: None,
            result_parsed: None,
            notes: Vec::new(),
        }
    }
}

/// Setup properties met after the first move, or beside a move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SetupEdit {
    /// The node that holds them.
    pub node: usize,
    /// The number of moves of the main line played before the edit applies.
    pub before_move: usize,
    /// `AB`/`AW`: stones placed (replacing what was there), in order.
    pub added: Vec<(Coord, Color)>,
    /// `AE`: points emptied.
    pub removed: Vec<Coord>,
}

impl SetupEdit {
    /// Whether the edit only removes stones and no stone is played after it: the convention of
    /// taking the dead stones off at the end of the record.
    pub fn removes_dead_at_end(&self, moves: &[SgfMove]) -> bool {
        self.added.is_empty()
            && moves[self.before_move.min(moves.len())..]
                .iter()
                .all(|m| m.at.is_none())
    }
}
