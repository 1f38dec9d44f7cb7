//! Reading SGF: charset decoding, parsing with `sgf-parse`, the main line as an [`SgfRecord`],
//! and replaying it on a [`Game`].

use std::borrow::Cow;
use std::collections::HashSet;

use encoding_rs::{DecoderResult, Encoding, UTF_8};
use sgf_parse::go::{Move as SgfParseMove, Point as SgfPoint, Prop};
use sgf_parse::{GameTree, LexerError, SgfNode, SgfParseError, SgfProp};

use crate::counting::Half;
use crate::engine::{Color, Coord, End, Game, GameError, Illegal, Move, PerSide, Phase, PlayRules};

use super::edits::{self, SetupEdit};

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
    #[error("node {node}: board size SZ[{value}] is not supported ({why}); use a square board of 2 to 25, e.g. SZ[19]")]
    BadSize {
        /// The node holding `SZ` (0).
        node: usize,
        /// The value as written.
        value: String,
        /// Why it is refused.
        why: String,
    },
    /// A point is off the board.
    #[error("node {node}: {prop}[{at}] is off the {size}x{size} board; correct the point or the board size SZ")]
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
    #[error("node {node}: {prop}[{value}] is not a valid value for {prop}; correct or remove it")]
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
    #[error("node 0: unknown charset CA[{charset}]; use UTF-8, ISO-8859-1, GB2312, GBK, GB18030, Big5, Shift_JIS or EUC-KR")]
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
    /// at the end, or an edited position (see [`SetupEdit`]); applied by [`replay_with`].
    pub edits: Vec<SetupEdit>,
    /// `TB` and `TW` of the last node of the main line, sorted.
    pub territory: PerSide<Vec<Coord>>,
    /// Dead stones: empty after [`parse_sgf`], filled by [`replay`] (stones of the final position
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

/// A record played out on a [`Game`].
#[derive(Clone, Debug)]
pub struct Replayed {
    /// The game after the last move (resigned if `RE` says so and play had not ended).
    pub game: Game,
    /// Dead stones from the territory marks (see [`SgfRecord::dead`]), sorted.
    pub dead: Vec<Coord>,
    /// The record, with `dead` filled in and the notes of the replay added.
    pub record: SgfRecord,
}

/// Reads an SGF file: decodes it in its `CA` charset (without `CA`: UTF-8, or Latin-1 when the
/// bytes are not UTF-8), parses it and returns the main line of its first game tree (side
/// variations are cut from the text unparsed). Does not play the moves: see [`replay`].
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
        let mut s = String::with_capacity(body.len());
        let mut from = 0;
        for &(a, b) in &scan.side {
            s.push_str(&body[from..a]);
            from = b;
        }
        s.push_str(&body[from..]);
        cut = s;
        cut.as_str()
    };
    // A doubled GM in the root makes sgf-parse refuse the file: the first is kept.
    let dedup;
    let gm = doubled_root_gm(body);
    let body = if gm.is_empty() {
        body
    } else {
        let mut s = String::with_capacity(body.len());
        let mut from = 0;
        for &(a, b) in &gm {
            s.push_str(&body[from..a]);
            from = b;
        }
        s.push_str(&body[from..]);
        notes.push("GM doubled in the root node: the first value is read".into());
        dedup = s;
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

/// Finds the first `(` followed (after optional whitespace) by `;`.
fn find_tree_start(text: &str) -> Option<usize> {
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'(' {
            let mut j = i + 1;
            while j < b.len() && b[j].is_ascii_whitespace() {
                j += 1;
            }
            if j < b.len() && b[j] == b';' {
                return Some(i);
            }
        }
        i += 1;
    }
    None
}

/// What [`prescan`] found in the first game tree.
#[derive(Debug, PartialEq, Eq)]
struct Scan {
    /// Nodes of the main line of the first game tree (side variations are not counted).
    nodes: usize,
    /// Byte length of the first game tree (up to its closing `)`).
    end: usize,
    /// Game trees that follow it.
    more_trees: usize,
    /// Byte ranges of the side variations (every game tree but the first child of a node),
    /// outermost only: they are cut from the text before parsing, never built.
    side: Vec<(usize, usize)>,
}

/// Walks the first game tree as the SGF lexer does, counting the nodes of its main line and
/// checking that every value and game tree is closed and that the tree structure is well formed
/// (`(` is followed by `;`, `)` by `(`, `)` or the end), so that truncation is reported with the
/// node where it happened and `sgf-parse` never fails after building a deep tree (it would drop
/// it recursively). Side variations (a game tree opened right after another closed: a second or
/// later child) are checked the same way but not counted, and their byte ranges are returned so
/// that they can be cut before parsing: only [`MAX_BYTES`] bounds them.
fn prescan(text: &str) -> Result<Scan, SgfError> {
    let mut in_value = false;
    let mut escaped = false;
    let mut depth: usize = 0;
    let mut nodes: usize = 0;
    // What the next non-whitespace character outside a value must be.
    #[derive(PartialEq)]
    enum Expect {
        Any,
        Node,
        AfterClose,
    }
    let mut expect = Expect::Any;
    let mut end = None;
    let mut side: Vec<(usize, usize)> = Vec::new();
    // The side variation being skipped: where it starts and the depth outside it.
    let mut skipping: Option<(usize, usize)> = None;
    // The property identifier being read (byte range), whether whitespace followed it, and
    // whether a value just closed (so that `[` may start another value of the same property).
    let mut ident: Option<(usize, usize)> = None;
    let mut ident_gap = false;
    let mut after_value = false;
    let syntax = |nodes: usize, detail: String| SgfError::Syntax {
        node: nodes.saturating_sub(1),
        detail,
    };
    for (i, ch) in text.char_indices() {
        if in_value {
            if escaped {
                escaped = false;
            } else if ch == '\\' {
                escaped = true;
            } else if ch == ']' {
                in_value = false;
                after_value = true;
            }
            continue;
        }
        if ch.is_whitespace() {
            ident_gap = ident.is_some();
            continue;
        }
        let node = nodes.saturating_sub(1);
        // Identifiers and values. (sgf-parse would read anything up to the next `[` as an
        // identifier and keep only its capitals, so `B[aa] ] ;W[bb]` would put both moves in
        // one node: refuse it here, naming the node.)
        if ch.is_ascii_alphabetic() && expect == Expect::Any {
            match ident {
                Some((a, b)) if ident_gap => {
                    return Err(syntax(
                        nodes,
                        format!("property identifier {} has no value", &text[a..b]),
                    ))
                }
                Some((a, _)) => ident = Some((a, i + 1)),
                None if nodes == 0 => {
                    return Err(syntax(
                        nodes,
                        format!(
                            "property identifier starting with '{ch}' before the first node's ';'"
                        ),
                    ))
                }
                None => ident = Some((i, i + 1)),
            }
            after_value = false;
            continue;
        }
        match ch {
            '[' if ident.is_none() && !after_value => {
                return Err(syntax(
                    nodes,
                    "a value '[' with no property identifier before it".into(),
                ))
            }
            ';' | '(' | ')' if ident.is_some() => {
                let (a, b) = ident.unwrap_or_default();
                return Err(syntax(
                    nodes,
                    format!("property identifier {} has no value", &text[a..b]),
                ));
            }
            ']' => {
                return Err(syntax(
                    nodes,
                    "a ']' outside any property value (a '[' is missing, or a ']' is doubled)"
                        .into(),
                ))
            }
            '[' | ';' | '(' | ')' => {}
            _ if expect == Expect::Any => {
                return Err(syntax(
                    nodes,
                    format!("'{ch}' outside any property value (a '[' may be missing)"),
                ))
            }
            _ => {}
        }
        ident = None;
        ident_gap = false;
        after_value = false;
        let previous_close = expect == Expect::AfterClose;
        match expect {
            Expect::Node if ch != ';' => {
                return Err(SgfError::NotSgf {
                    node,
                    detail: format!(
                        "'(' is followed by '{ch}' instead of ';' (a game tree starts with a node)"
                    ),
                })
            }
            Expect::AfterClose if ch != '(' && ch != ')' => {
                return Err(SgfError::NotSgf {
                    node,
                    detail: format!("')' is followed by '{ch}' instead of '(' or ')'"),
                })
            }
            _ => {}
        }
        expect = Expect::Any;
        match ch {
            '[' => in_value = true,
            '(' => {
                // A tree right after a closed one is a second (or later) child: a side line.
                if skipping.is_none() && previous_close {
                    skipping = Some((i, depth));
                }
                depth += 1;
                expect = Expect::Node;
            }
            ')' => {
                if depth == 0 {
                    return Err(SgfError::NotSgf {
                        node,
                        detail: "')' closes a game tree that was never opened".into(),
                    });
                }
                depth -= 1;
                if let Some((start, d)) = skipping {
                    if d == depth {
                        side.push((start, i + 1));
                        skipping = None;
                    }
                }
                if depth == 0 {
                    end = Some(i + 1);
                    break;
                }
                expect = Expect::AfterClose;
            }
            ';' if skipping.is_some() => {}
            ';' => {
                nodes += 1;
                if nodes > MAX_NODES {
                    return Err(SgfError::TooLarge {
                        nodes,
                        limit: MAX_NODES,
                    });
                }
            }
            _ => {}
        }
    }
    let node = nodes.saturating_sub(1);
    if in_value {
        return Err(SgfError::Truncated {
            node,
            detail: "a property value is not closed with ']'".into(),
        });
    }
    let Some(end) = end else {
        return Err(SgfError::Truncated {
            node,
            detail: format!("{depth} game tree(s) not closed with ')'"),
        });
    };
    Ok(Scan {
        nodes,
        end,
        more_trees: count_trees(&text[end..]),
        side,
    })
}

/// The byte ranges of the second and later `GM` properties of the root node (`text` starts at
/// the first game tree and has passed [`prescan`]).
fn doubled_root_gm(text: &str) -> Vec<(usize, usize)> {
    let b = text.as_bytes();
    let mut found = Vec::new();
    let mut seen = false;
    let mut i = match text.find(';') {
        Some(i) => i + 1,
        None => return found,
    };
    while i < b.len() {
        match b[i] {
            b';' | b'(' | b')' => break,
            b'[' => {
                // Skip a value, escapes included.
                i += 1;
                while i < b.len() && b[i] != b']' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
            }
            c if c.is_ascii_alphabetic() => {
                let start = i;
                while i < b.len() && b[i].is_ascii_alphabetic() {
                    i += 1;
                }
                let ident = &text[start..i];
                // The identifier's values: `[..]` groups separated by whitespace.
                let mut end = i;
                loop {
                    let mut j = end;
                    while j < b.len() && b[j].is_ascii_whitespace() {
                        j += 1;
                    }
                    if j >= b.len() || b[j] != b'[' {
                        break;
                    }
                    j += 1;
                    while j < b.len() && b[j] != b']' {
                        j += if b[j] == b'\\' { 2 } else { 1 };
                    }
                    end = (j + 1).min(b.len());
                }
                if ident == "GM" {
                    if seen {
                        found.push((start, end));
                    }
                    seen = true;
                }
                i = end;
            }
            _ => i += 1,
        }
    }
    found
}

/// Counts the top-level game trees in `text`, leniently (only for a note).
fn count_trees(text: &str) -> usize {
    let mut in_value = false;
    let mut escaped = false;
    let mut depth = 0usize;
    let mut trees = 0usize;
    for ch in text.chars() {
        if in_value {
            if escaped {
                escaped = false;
            } else if ch == '\\' {
                escaped = true;
            } else if ch == ']' {
                in_value = false;
            }
            continue;
        }
        match ch {
            '[' => in_value = true,
            '(' => {
                if depth == 0 {
                    trees += 1;
                }
                depth += 1;
            }
            ')' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    trees
}

/// Node index (counted along the text) reached at the end of `prefix`.
fn node_in_text(prefix: &str) -> usize {
    let mut in_value = false;
    let mut escaped = false;
    let mut nodes = 0usize;
    for ch in prefix.chars() {
        if in_value {
            if escaped {
                escaped = false;
            } else if ch == '\\' {
                escaped = true;
            } else if ch == ']' {
                in_value = false;
            }
        } else if ch == '[' {
            in_value = true;
        } else if ch == ';' {
            nodes += 1;
        }
    }
    nodes.saturating_sub(1)
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
fn free_tree<P: SgfProp>(node: SgfNode<P>) {
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

/// The charset declared by the first `CA[...]` property in the raw bytes.
fn declared_charset(bytes: &[u8]) -> Option<String> {
    let mut i = 0;
    while i + 3 <= bytes.len() {
        if &bytes[i..i + 3] == b"CA[" && (i == 0 || !bytes[i - 1].is_ascii_alphabetic()) {
            let start = i + 3;
            let end = bytes[start..].iter().position(|&b| b == b']')?;
            return Some(
                String::from_utf8_lossy(&bytes[start..start + end])
                    .trim()
                    .to_string(),
            );
        }
        i += 1;
    }
    None
}

/// The encoding named by a `CA` label. Labels are matched as the WHATWG Encoding Standard
/// names them (`UTF-8`, `ISO-8859-1`, `GB2312`, `Shift_JIS`...), then, failing that, with case,
/// spaces and punctuation ignored, so that the spellings found in the wild (`ISO8859_1`,
/// `Latin-1`, `UTF8`, `Shift-JIS`, `SJIS`, `cp1252`, `EUC_KR`) are understood too.
fn charset_for_label(label: &str) -> Option<&'static Encoding> {
    if let Some(e) = Encoding::for_label(label.as_bytes()) {
        return Some(e);
    }
    let key: String = label
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect();
    let name: &[u8] = match key.as_str() {
        "utf8" => b"utf-8",
        "iso88591" | "iso885915" | "latin1" | "l1" | "latin" | "ansi" | "windows1252"
        | "cp1252" | "win1252" | "ascii" | "usascii" => b"windows-1252",
        "gb2312" | "gbk" | "cp936" | "gb" | "euccn" => b"gbk",
        "gb18030" => b"gb18030",
        "big5" | "big5hkscs" | "cp950" => b"big5",
        "shiftjis" | "sjis" | "cp932" | "ms932" | "windows31j" | "mskanji" => b"shift_jis",
        "eucjp" => b"euc-jp",
        "euckr" | "cp949" | "uhc" | "ksc56011987" => b"euc-kr",
        "koi8r" => b"koi8-r",
        _ => {
            // `iso88592`, `windows1251`...: put the hyphen back where WHATWG wants it.
            let spaced = if let Some(rest) = key.strip_prefix("iso8859") {
                format!("iso-8859-{rest}")
            } else if let Some(rest) = key.strip_prefix("windows") {
                format!("windows-{rest}")
            } else if let Some(rest) = key.strip_prefix("cp") {
                format!("windows-{rest}")
            } else {
                key.clone()
            };
            return Encoding::for_label(spaced.as_bytes());
        }
    };
    Encoding::for_label(name)
}

/// Decodes the file: in the charset its `CA` declares, else UTF-8, else (bytes that are not
/// UTF-8 and no `CA`) Latin-1, the FF\[4\] default charset, with a note.
fn decode(bytes: &[u8]) -> Result<(Cow<'_, str>, Option<String>), SgfError> {
    let label = declared_charset(bytes);
    let (enc, how) = match &label {
        Some(l) => match charset_for_label(l) {
            Some(e) => (e, format!(" (declared by CA[{l}])")),
            None => return Err(SgfError::UnknownCharset { charset: l.clone() }),
        },
        None => (
            UTF_8,
            " (the default: the file has no CA property)".to_string(),
        ),
    };
    let bad = |offset: usize, prefix: &str| SgfError::InvalidEncoding {
        node: node_in_text(prefix),
        offset,
        charset: enc.name().to_string(),
        how: how.clone(),
    };
    if enc == UTF_8 {
        let (src, skip) = match bytes.strip_prefix(b"\xEF\xBB\xBF") {
            Some(rest) => (rest, 3),
            None => (bytes, 0),
        };
        return match std::str::from_utf8(src) {
            Ok(s) => Ok((Cow::Borrowed(s), None)),
            Err(e) if label.is_none() => {
                // No CA: SGF's default charset is ISO-8859-1 (read as windows-1252, its
                // superset, as browsers do); every byte decodes.
                let (text, _, _) = encoding_rs::WINDOWS_1252.decode(bytes);
                Ok((
                    Cow::Owned(text.into_owned()),
                    Some(format!(
                        "no CA and the bytes are not UTF-8 (from offset {}): read as Latin-1 (ISO-8859-1, the SGF default charset)",
                        skip + e.valid_up_to()
                    )),
                ))
            }
            Err(e) => {
                let ok = e.valid_up_to();
                let prefix = std::str::from_utf8(&src[..ok]).unwrap_or("");
                Err(bad(skip + ok, prefix))
            }
        };
    }
    let mut decoder = enc.new_decoder_without_bom_handling();
    let cap = decoder
        .max_utf8_buffer_length_without_replacement(bytes.len())
        .ok_or(SgfError::TooLarge {
            nodes: 0,
            limit: MAX_NODES,
        })?;
    let mut out = String::with_capacity(cap);
    let (res, read) = decoder.decode_to_string_without_replacement(bytes, &mut out, true);
    match res {
        DecoderResult::InputEmpty => Ok((Cow::Owned(out), None)),
        DecoderResult::Malformed(len, after) => {
            let offset = read.saturating_sub(len as usize + after as usize);
            Err(bad(offset, &out))
        }
        DecoderResult::OutputFull => Err(bad(read, &out)),
    }
}

fn values_text(vals: &[String]) -> String {
    vals.join("][")
}

/// Converts `KM` to half-points; see [`SgfRecord::komi_half_points`].
///
/// Three forms are found in the wild and told apart by their value alone (`RU` is not looked
/// at, as its spellings vary too much to be trusted):
/// * points, the FF\[4\] meaning: `6.5`, `7.5`, `0`, `-3.5` (a whole number of half-points);
/// * stones, the Chinese way of stating komi (1 stone = 2 points): `3.75` = 7.5 points,
///   `2.75` = 5.5 points; a value in quarters that is not in halves can only be stones;
/// * hundredths of either (Fox): `375` = 3.75 stones = 7.5 points, `650` = 6.5 points; any
///   value of 100 or more in absolute value, as no real komi is that large.
fn komi_half_points(km: f64, notes: &mut Vec<String>) -> Option<i32> {
    if !km.is_finite() || km.abs() > 1.0e6 {
        notes.push(format!("KM[{km}] is not a usable komi: ignored"));
        return None;
    }
    let (value, hundredths) = if km.abs() >= 100.0 {
        (km / 100.0, true)
    } else {
        (km, false)
    };
    // Exact in f64: every quarter of a value under 1e4 is representable.
    let quarters = value * 4.0;
    if quarters.fract() != 0.0 {
        notes.push(format!(
            "KM[{km}] is neither a whole number of half-points nor of quarter stones: ignored"
        ));
        return None;
    }
    let quarters = quarters as i32;
    let (half_points, how) = if quarters % 2 == 0 {
        (quarters / 2, format!("{value} points"))
    } else {
        // x.25 or x.75: stones. 1 stone = 2 points = 4 half-points, so half-points = quarters.
        (
            quarters,
            format!("{value} stones = {} points", f64::from(quarters) / 2.0),
        )
    };
    if hundredths {
        notes.push(format!("KM[{km}] read as hundredths (Fox): {how}"));
    } else if quarters % 2 != 0 {
        notes.push(format!("KM[{km}] read in stones (Chinese): {how}"));
    }
    Some(half_points)
}

/// The loser named by a result such as `B+R`, `W+Resign`.
fn resigned_from(result: &str) -> Option<Color> {
    let r = result.trim();
    let mut chars = r.chars();
    let winner = match chars.next()?.to_ascii_uppercase() {
        'B' => Color::Black,
        'W' => Color::White,
        _ => return None,
    };
    if chars.next()? != '+' {
        return None;
    }
    match chars.next()? {
        'R' | 'r' => Some(winner.opp()),
        _ => None,
    }
}

struct Reader {
    rec: SgfRecord,
}

impl Reader {
    fn coord(&self, node: usize, prop: &str, p: SgfPoint) -> Result<Coord, SgfError> {
        if p.x >= self.rec.size || p.y >= self.rec.size {
            return Err(SgfError::OffBoard {
                node,
                prop: prop.to_string(),
                at: point_text(p),
                size: self.rec.size,
            });
        }
        Ok(Coord::new(p.x, p.y))
    }

    fn points(
        &self,
        node: usize,
        prop: &str,
        set: &HashSet<SgfPoint>,
    ) -> Result<Vec<Coord>, SgfError> {
        // sgf-parse hands point lists over as a hash set: sorted first, so that the error for
        // a list with several off-board points names the same one (the first by row) each run.
        let mut pts: Vec<SgfPoint> = set.iter().copied().collect();
        pts.sort_by_key(|p| (p.y, p.x));
        let mut v = pts
            .into_iter()
            .map(|p| self.coord(node, prop, p))
            .collect::<Result<Vec<_>, _>>()?;
        v.sort();
        Ok(v)
    }

    fn move_at(&self, node: usize, prop: &str, m: SgfParseMove) -> Result<Option<Coord>, SgfError> {
        match m {
            SgfParseMove::Pass => Ok(None),
            SgfParseMove::Move(p) if self.rec.size <= 19 && p.x == 19 && p.y == 19 => Ok(None),
            SgfParseMove::Move(p) => self.coord(node, prop, p).map(Some),
        }
    }

    fn read_size(&mut self, props: &[Prop]) -> Result<(), SgfError> {
        for p in props {
            match p {
                Prop::SZ((a, b)) => {
                    let value = if a == b {
                        a.to_string()
                    } else {
                        format!("{a}:{b}")
                    };
                    if a != b {
                        return Err(SgfError::BadSize {
                            node: 0,
                            value,
                            why: "the board is not square".into(),
                        });
                    }
                    if !(crate::engine::MIN_SIZE..=crate::engine::MAX_SIZE).contains(a) {
                        return Err(SgfError::BadSize {
                            node: 0,
                            value,
                            why: "out of range".into(),
                        });
                    }
                    self.rec.size = *a;
                }
                Prop::Invalid(id, vals) if id == "SZ" => {
                    return Err(SgfError::BadSize {
                        node: 0,
                        value: values_text(vals),
                        why: "not a number from 2 to 25".into(),
                    })
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// A handicap game: Black's setup stones only, and `HA` of 2 or more (or no `HA` and a first
    /// move by White). In SGF, White moves first after handicap stones; `PL` overrides.
    fn read_handicap(&mut self) {
        let black = self
            .rec
            .setup
            .iter()
            .filter(|s| s.1 == Color::Black)
            .count();
        let white = self.rec.setup.len() - black;
        let first = self.rec.moves.first().map(|m| m.color);
        let declared = self.rec.handicap.is_some_and(|h| h >= 2);
        if black == 0 || white > 0 || !(declared || first == Some(Color::White)) {
            return;
        }
        let ha = match self.rec.handicap {
            Some(h) if h == black as i64 => format!(" (HA[{h}])"),
            Some(h) => format!(" (HA[{h}] says {h}: the stones on the board are counted)"),
            None => " (no HA: read from the setup and White's first move)".into(),
        };
        let who = match self.rec.player_to_move {
            Some(c) => format!("PL[{}] names the first player", c.letter()),
            None => {
                self.rec.player_to_move = Some(Color::White);
                "White moves first".into()
            }
        };
        self.rec.notes.push(format!(
            "handicap game: {black} black setup stones{ha}; {who}; the handicap stones count as moves of Black made before the first move, the rule sets that give White a handicap compensation add it to their komi (jpd score notes which), and balancing makes up the move difference as for any setup (a departure from the Art. 14 table is reported as the balancing fallback)"
        ));
    }

    fn read_node(&mut self, node: usize, props: &[Prop]) -> Result<(), SgfError> {
        let is_root = node == 0;
        let is_move = |p: &Prop| match p {
            Prop::B(_) | Prop::W(_) => true,
            Prop::Invalid(id, _) => id == "B" || id == "W",
            _ => false,
        };
        // Setup (AB/AW/AE) is read into the starting position while no move has been read (in
        // a node with a move, it comes before that move); after that it is an edit of the
        // position, applied by the replay (see `edits`).
        let before_first = self.rec.moves.is_empty();
        let beside_move = props.iter().any(is_move);
        let has_setup = props
            .iter()
            .any(|p| matches!(p, Prop::AB(_) | Prop::AW(_) | Prop::AE(_)));
        let mut mv: Option<(Color, Option<Coord>, String)> = None;
        let mut territory: PerSide<Vec<Coord>> = PerSide::default();
        let mut added: Vec<(Coord, Color)> = Vec::new();
        let mut removed: Vec<Coord> = Vec::new();
        for p in props {
            let mut this_move: Option<(Color, Option<Coord>, String)> = None;
            match p {
                Prop::B(m) | Prop::W(m) => {
                    let (c, id) = if matches!(p, Prop::B(_)) {
                        (Color::Black, "B")
                    } else {
                        (Color::White, "W")
                    };
                    let at = self.move_at(node, id, *m)?;
                    let text = match m {
                        SgfParseMove::Pass => String::new(),
                        SgfParseMove::Move(q) => point_text(*q),
                    };
                    this_move = Some((c, at, format!("{id}[{text}]")));
                }
                Prop::Invalid(id, vals) if id == "B" || id == "W" => {
                    let c = if id == "B" {
                        Color::Black
                    } else {
                        Color::White
                    };
                    if vals.len() == 1 && vals[0].trim().is_empty() {
                        this_move = Some((c, None, format!("{id}[{}]", vals[0])));
                    } else if vals.len() > 1 {
                        // `B[aa]B[bb]`: sgf-parse hands a doubled identifier over as one
                        // property with several values.
                        return Err(SgfError::TwoMovesInOneNode {
                            node,
                            first: format!("{id}[{}]", vals[0]),
                            second: format!("{id}[{}]", vals[1]),
                        });
                    } else {
                        return Err(SgfError::BadValue {
                            node,
                            prop: id.clone(),
                            value: values_text(vals),
                        });
                    }
                }
                Prop::AB(set) | Prop::AW(set) => {
                    let (c, id) = if matches!(p, Prop::AB(_)) {
                        (Color::Black, "AB")
                    } else {
                        (Color::White, "AW")
                    };
                    for at in self.points(node, id, set)? {
                        added.push((at, c));
                    }
                }
                Prop::AE(set) => {
                    if is_root {
                        self.rec
                            .notes
                            .push("AE in the root node ignored (the board starts empty)".into());
                    } else {
                        removed.extend(self.points(node, "AE", set)?);
                    }
                }
                Prop::PL(c) => {
                    let c = match c {
                        sgf_parse::Color::Black => Color::Black,
                        sgf_parse::Color::White => Color::White,
                    };
                    if self.rec.moves.is_empty() {
                        self.rec.player_to_move = Some(c);
                    } else if !has_setup {
                        // Beside an edit of the position the replay takes the colour of the
                        // next move as the player to move; elsewhere PL changes nothing.
                        self.rec.notes.push(format!(
                            "node {node}: PL[{}] after the first move ignored (the turn follows the moves)",
                            c.letter()
                        ));
                    }
                }
                // FF[1]-FF[3] wrote the player as a number: PL[1] Black, PL[2] White.
                Prop::Invalid(id, vals)
                    if id == "PL" && vals.len() == 1 && matches!(vals[0].trim(), "1" | "2") =>
                {
                    let c = if vals[0].trim() == "1" {
                        Color::Black
                    } else {
                        Color::White
                    };
                    if self.rec.moves.is_empty() {
                        self.rec.player_to_move = Some(c);
                        self.rec.notes.push(format!(
                            "node {node}: PL[{}] read as PL[{}] (the numeric form of FF[1]-FF[3])",
                            vals[0].trim(),
                            c.letter()
                        ));
                    } else {
                        self.rec.notes.push(format!(
                            "node {node}: PL[{}] after the first move ignored (the turn follows the moves)",
                            vals[0].trim()
                        ));
                    }
                }
                Prop::Invalid(id, vals) if matches!(id.as_str(), "AB" | "AW" | "AE" | "PL") => {
                    if vals.iter().all(|v| v.trim().is_empty()) && id != "PL" {
                        self.rec.notes.push(if is_root {
                            format!("{id} without points in the root ignored")
                        } else {
                            format!("node {node}: {id} without points ignored")
                        });
                    } else {
                        return Err(SgfError::BadValue {
                            node,
                            prop: id.clone(),
                            value: values_text(vals),
                        });
                    }
                }
                Prop::HA(n) if is_root => self.rec.handicap = Some(*n),
                Prop::Invalid(id, vals) if id == "HA" && is_root => self.rec.notes.push(format!(
                    "HA[{}] is not a number of stones: ignored",
                    values_text(vals)
                )),
                Prop::KM(km) if self.rec.komi_raw.is_none() => {
                    self.rec.komi_raw = Some(km.to_string());
                    self.rec.komi_half_points = komi_half_points(*km, &mut self.rec.notes);
                }
                Prop::Invalid(id, vals) if id == "KM" && self.rec.komi_raw.is_none() => {
                    self.rec.komi_raw = Some(values_text(vals));
                    self.rec.notes.push(format!(
                        "node {node}: KM[{}] is not a number: komi unknown",
                        values_text(vals)
                    ));
                }
                // Raw (escapes resolved, nothing else): the spellings are many, and reading them
                // is the job of `rules`, not of the reader.
                Prop::RU(t) if self.rec.rules.is_none() => self.rec.rules = Some(t.text.clone()),
                Prop::Invalid(id, vals) if id == "RU" && self.rec.rules.is_none() => {
                    self.rec.rules = Some(values_text(vals))
                }
                Prop::RE(t) if self.rec.result.is_none() => {
                    self.rec.result = Some(t.text.clone());
                    self.rec.resigned = resigned_from(&t.text);
                    self.rec.result_parsed = RecordedResult::parse(&t.text, &mut self.rec.notes);
                }
                Prop::Invalid(id, vals) if id == "RE" && self.rec.result.is_none() => {
                    // A doubled RE: the first value is the result.
                    self.rec.result = Some(vals[0].clone());
                    self.rec.resigned = resigned_from(&vals[0]);
                    self.rec.result_parsed = RecordedResult::parse(&vals[0], &mut self.rec.notes);
                }
                Prop::C(t) if is_root => match &mut self.rec.comment {
                    // A doubled C: the texts are joined.
                    Some(c) => {
                        c.push('\n');
                        c.push_str(&t.text);
                    }
                    None => self.rec.comment = Some(t.text.clone()),
                },
                Prop::Invalid(id, vals) if id == "C" && is_root => {
                    let text = vals.join("\n");
                    match &mut self.rec.comment {
                        Some(c) => {
                            c.push('\n');
                            c.push_str(&text);
                        }
                        None => self.rec.comment = Some(text),
                    }
                }
                // A doubled TB or TW: the marks are joined.
                Prop::TB(set) => territory.black.extend(self.points(node, "TB", set)?),
                Prop::TW(set) => territory.white.extend(self.points(node, "TW", set)?),
                Prop::Invalid(id, vals) if id == "TB" || id == "TW" => {
                    return Err(SgfError::BadValue {
                        node,
                        prop: id.clone(),
                        value: values_text(vals),
                    })
                }
                Prop::SZ(_) if !is_root => self
                    .rec
                    .notes
                    .push(format!("node {node}: SZ outside the root ignored")),
                _ => {}
            }
            if let Some(m) = this_move {
                if let Some(first) = &mv {
                    return Err(SgfError::TwoMovesInOneNode {
                        node,
                        first: first.2.clone(),
                        second: m.2,
                    });
                }
                mv = Some(m);
            }
        }
        if is_root {
            self.rec.setup.extend(added);
        } else if (!added.is_empty() || !removed.is_empty()) && !before_first {
            self.rec.edits.push(SetupEdit {
                node,
                before_move: self.rec.moves.len(),
                added,
                removed,
            });
        } else if !added.is_empty() || !removed.is_empty() {
            // Setup in a later node before the first move: applied in order to the starting
            // position (AE empties points, AB/AW place stones, replacing what was there).
            let before = self.rec.setup.len();
            self.rec
                .setup
                .retain(|(at, _)| !removed.contains(at) && !added.iter().any(|(a, _)| a == at));
            let replaced = before - self.rec.setup.len();
            self.rec.setup.extend(added.iter().copied());
            self.rec.notes.push(format!(
                "node {node}: setup before the first move (AB/AW/AE: {} stone(s) placed, {replaced} removed or replaced) applied to the starting position{}",
                added.len(),
                if beside_move { ", before the move of that node" } else { "" }
            ));
        }
        if let Some((color, at, _)) = mv {
            self.rec.moves.push(SgfMove { color, at, node });
        }
        for side in Color::BOTH {
            territory[side].sort();
            territory[side].dedup();
        }
        self.rec.territory = territory;
        Ok(())
    }
}

fn point_text(p: SgfPoint) -> String {
    fn letter(v: u8) -> char {
        match v {
            0..=25 => (b'a' + v) as char,
            26..=51 => (b'A' + v - 26) as char,
            _ => '?',
        }
    }
    format!("{}{}", letter(p.x), letter(p.y))
}

fn read_main_line(
    root: SgfNode<Prop>,
    notes: Vec<String>,
    side_lines: bool,
) -> Result<SgfRecord, SgfError> {
    let mut r = Reader {
        rec: SgfRecord {
            size: 19,
            komi_raw: None,
            komi_half_points: None,
            rules: None,
            result: None,
            comment: None,
            player_to_move: None,
            handicap: None,
            setup: Vec::new(),
            moves: Vec::new(),
            edits: Vec::new(),
            territory: PerSide::default(),
            dead: Vec::new(),
            resigned: None,
            result_parsed: None,
            notes,
        },
    };
    let mut variations = side_lines;
    let mut cur = Some(root);
    let mut index = 0usize;
    while let Some(mut node) = cur.take() {
        let mut children = std::mem::take(&mut node.children);
        if children.len() > 1 {
            variations = true;
        }
        let next = if children.is_empty() {
            None
        } else {
            Some(children.swap_remove(0))
        };
        for c in children {
            free_tree(c);
        }
        let res = if index == 0 {
            r.read_size(&node.properties)
                .and_then(|()| r.read_node(index, &node.properties))
        } else {
            r.read_node(index, &node.properties)
        };
        if let Err(e) = res {
            if let Some(n) = next {
                free_tree(n);
            }
            return Err(e);
        }
        cur = next;
        index += 1;
    }
    if variations {
        r.rec
            .notes
            .push("variations present: the main line is scored".into());
    }
    r.rec.setup.sort_by_key(|&(c, col)| (col, c));
    r.read_handicap();
    Ok(r.rec)
}

/// Plays `rec` on a new [`Game`] under `rules` and derives the dead stones from the territory
/// marks of the last node.
///
/// Each move's colour must be the player to move (SGF allows the same colour twice; these rules
/// do not). The record must end with the game paused (two consecutive virtual moves) or ended
/// (four), unless `RE` names a resignation, which is then applied with [`Game::resign`].
///
/// A stone covered by the opponent's mark (a black stone under `TW`) is dead; a stone under its
/// own colour's mark is ignored with a note.
///
/// A record that stops in play with a count in `RE` (`B+3.5`, `0`) is counted as paused after
/// its last move: see [`replay_with`].
pub fn replay(rec: &SgfRecord, rules: PlayRules) -> Result<Replayed, SgfError> {
    replay_with(rec, rules, ReplayOptions::default())
}

/// Options of [`replay_with`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReplayOptions {
    /// Count a record that stops in play as paused after its last move even when `RE` holds
    /// no count (`jpd score --assume-pause`).
    pub assume_pause: bool,
    /// Read two moves of one colour in a row as an unrecorded virtual move of the other side
    /// between them, with a note (`jpd score --implied-passes`). Without it such a record is
    /// refused ([`SgfError::WrongTurn`]), since these rules count every virtual move.
    pub implied_passes: bool,
}

/// [`replay`] with options. A record that stops while the game is in play is
/// * resigned when `RE` says the game was won by resignation, time or forfeit (`B+R`, `W+T`,
///   `B+F`): the loser resigns, and there is no count;
/// * counted as paused after its last move when `RE` holds a count (`B+3.5`, `W+12`, `0`,
///   `Draw`, `Jigo`) or `opts.assume_pause` is set: the side to move makes a virtual move, then,
///   unless that paused the game, the other, with the note "no final passes: counted as paused
///   after move N";
/// * refused ([`SgfError::NotEnded`]) otherwise.
pub fn replay_with(
    rec: &SgfRecord,
    rules: PlayRules,
    opts: ReplayOptions,
) -> Result<Replayed, SgfError> {
    let mut record = rec.clone();
    let mut game =
        Game::with_setup(u32::from(rec.size), rules, &rec.setup).map_err(SgfError::Setup)?;
    if let Some(c) = rec.player_to_move {
        game.set_to_move(c);
    }
    let mut taken_off: Vec<Coord> = Vec::new();
    let mut first_counted = 0usize;
    for (i, m) in rec.moves.iter().enumerate() {
        let move_number = i + 1;
        for e in rec.edits.iter().filter(|e| e.before_move == i) {
            apply_edit(
                &mut game,
                e,
                rec,
                &mut record,
                rules,
                Some(m.color),
                &mut taken_off,
            )?;
            if !e.removes_dead_at_end(&rec.moves) {
                first_counted = i;
            }
        }
        if let Phase::Ended(end) = game.phase() {
            return Err(SgfError::AfterEnd {
                move_number,
                node: m.node,
                how: match end {
                    End::FourPasses => "four consecutive virtual moves".into(),
                    End::NoResultCycle => "a repeated position, no result".into(),
                    End::Resignation(c) => format!("{c} resigned"),
                },
            });
        }
        if m.color != game.to_move()
            && opts.implied_passes
            && game.phase() == Phase::Playing
            && game.consecutive_virtual() == 0
        {
            let other = game.to_move();
            if game.play(Move::Virtual).is_ok() {
                record.notes.push(format!(
                    "move {move_number} (node {}): {} moved twice in a row: a virtual move of {} \
                     is read between them (--implied-passes)",
                    m.node,
                    m.color.name(),
                    other.name()
                ));
            }
        }
        if m.color != game.to_move() {
            return Err(SgfError::WrongTurn {
                move_number,
                node: m.node,
                color: m.color,
                expected: game.to_move(),
            });
        }
        let mv = match m.at {
            Some(at) => Move::Play(at),
            None => Move::Virtual,
        };
        if let Err(reason) = game.play(mv) {
            let (at_human, at_sgf) = match m.at {
                Some(at) => (at.to_human(rec.size), at.to_sgf()),
                None => ("virtual".into(), String::new()),
            };
            return Err(SgfError::IllegalMove {
                move_number,
                node: m.node,
                color: m.color,
                at_human,
                at_sgf,
                reason,
            });
        }
    }
    let n = rec.moves.len();
    for e in rec.edits.iter().filter(|e| e.before_move >= n) {
        apply_edit(&mut game, e, rec, &mut record, rules, None, &mut taken_off)?;
        if !e.removes_dead_at_end(&rec.moves) {
            first_counted = n;
        }
    }
    if first_counted > 0 {
        record.moves.drain(..first_counted);
    }
    let last_node = rec.moves.last().map_or(0, |m| m.node);
    let re = rec.result_parsed;
    let loser = rec
        .resigned
        .or_else(|| re.and_then(|r| r.loser_without_count()));
    let scored = re.is_some_and(|r| r.is_score());
    match game.phase() {
        Phase::Playing | Phase::Paused if loser.is_some() => {
            if let Some(loser) = loser {
                game.resign(loser);
                let how = re.map(|r| r.how);
                if matches!(how, Some(ResultHow::Time | ResultHow::Forfeit)) {
                    record.notes.push(format!(
                        "RE[{}]: {} lost {}: reported as a loss with no count, as a resignation is",
                        rec.result.as_deref().unwrap_or(""),
                        loser.name(),
                        if how == Some(ResultHow::Time) {
                            "on time"
                        } else {
                            "by forfeit"
                        }
                    ));
                }
            }
        }
        Phase::Playing if scored || opts.assume_pause => {
            let mut added = Vec::new();
            while game.phase() == Phase::Playing && added.len() < 2 {
                let c = game.to_move();
                if game.play(Move::Virtual).is_err() {
                    break;
                }
                added.push(c.name());
            }
            if game.phase() != Phase::Paused {
                return Err(SgfError::NotEnded {
                    moves: rec.moves.len(),
                    node: last_node,
                });
            }
            record.notes.push(format!(
                "no final passes: counted as paused after move {} ({}; virtual moves added: {})",
                rec.moves.len(),
                if scored {
                    format!("RE[{}] is a count", rec.result.as_deref().unwrap_or(""))
                } else {
                    "--assume-pause".to_string()
                },
                added.join(", ")
            ));
        }
        Phase::Playing => {
            return Err(SgfError::NotEnded {
                moves: rec.moves.len(),
                node: last_node,
            })
        }
        _ => {}
    }
    let mut dead = Vec::new();
    let board = game.board();
    for mark in Color::BOTH {
        for &at in &rec.territory[mark] {
            let Some(p) = board.checked_point(at) else {
                continue;
            };
            match board.stone(p) {
                Some(c) if c == mark.opp() => dead.push(at),
                Some(_) => record.notes.push(format!(
                    "{} stone at {} under its own territory mark {} ignored",
                    mark,
                    at.to_human(rec.size),
                    if mark == Color::Black { "TB" } else { "TW" }
                )),
                None => {}
            }
        }
    }
    for &at in &taken_off {
        if let Some(p) = board.checked_point(at) {
            if board.stone(p).is_some() {
                dead.push(at);
            }
        }
    }
    dead.sort();
    dead.dedup();
    if game.phase() == Phase::Ended(End::FourPasses) && !dead.is_empty() {
        record.notes.push(
            "the game ended by four virtual moves (Art. 18: every stone is alive), yet TB/TW mark stones dead"
                .into(),
        );
    }
    record.dead = dead.clone();
    Ok(Replayed { game, dead, record })
}

/// Applies one [`SetupEdit`] met in the replay: stones taken off at the end are kept on the
/// board and added to `taken_off` (the record's dead stones); any other edit restarts `game` from
/// the edited position, `next` (the colour of the next recorded move, else the player to move)
/// to move, and `record` takes that position as its setup. Notes say which.
fn apply_edit(
    game: &mut Game,
    e: &SetupEdit,
    rec: &SgfRecord,
    record: &mut SgfRecord,
    rules: PlayRules,
    next: Option<Color>,
    taken_off: &mut Vec<Coord>,
) -> Result<(), SgfError> {
    if e.removes_dead_at_end(&rec.moves) {
        let board = game.board();
        let (stones, empty): (Vec<Coord>, Vec<Coord>) = e.removed.iter().partition(|&&at| {
            board
                .checked_point(at)
                .is_some_and(|p| board.stone(p).is_some())
        });
        record.notes.push(format!(
            "node {}: AE after the last stone played takes {} stone(s) off the board: read as the record's dead stones, as TB/TW marks would be{}",
            e.node,
            stones.len(),
            if empty.is_empty() {
                String::new()
            } else {
                format!(" ({} empty point(s) in it ignored)", empty.len())
            }
        ));
        taken_off.extend(stones);
        return Ok(());
    }
    let next = next.unwrap_or_else(|| game.to_move());
    let (g, stones) = edits::restart(game, e, rules, next).map_err(SgfError::Setup)?;
    record.notes.push(format!(
        "node {}: setup after move {} (AB/AW/AE: {} stone(s) placed, {} point(s) emptied) edits the position: the game is counted from the edited position, taken as its starting setup ({} stones), {} to move; moves 1-{} are not part of the counted game",
        e.node,
        e.before_move,
        e.added.len(),
        e.removed.len(),
        stones.len(),
        next.name(),
        e.before_move
    ));
    record.setup = stones;
    record.handicap = None;
    record.player_to_move = Some(next);
    *game = g;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn komi_forms() {
        let mut n = Vec::new();
        assert_eq!(komi_half_points(6.5, &mut n), Some(13));
        assert_eq!(komi_half_points(7.5, &mut n), Some(15));
        assert_eq!(komi_half_points(0.0, &mut n), Some(0));
        assert_eq!(komi_half_points(-3.5, &mut n), Some(-7));
        assert!(n.is_empty());
        assert_eq!(komi_half_points(375.0, &mut n), Some(15));
        assert_eq!(n.len(), 1);
        assert_eq!(komi_half_points(3.75, &mut n), Some(15));
        assert_eq!(komi_half_points(2.75, &mut n), Some(11));
        assert_eq!(komi_half_points(-0.25, &mut n), Some(-1));
        assert_eq!(komi_half_points(650.0, &mut n), Some(13));
        assert_eq!(komi_half_points(-375.0, &mut n), Some(-15));
        assert_eq!(n.len(), 6);
        assert_eq!(komi_half_points(f64::NAN, &mut n), None);
        assert_eq!(komi_half_points(101.0, &mut n), None);
        assert_eq!(komi_half_points(6.3, &mut n), None);
    }

    #[test]
    fn resignation_forms() {
        assert_eq!(resigned_from("B+R"), Some(Color::White));
        assert_eq!(resigned_from("W+Resign"), Some(Color::Black));
        assert_eq!(resigned_from("b+res"), Some(Color::White));
        assert_eq!(resigned_from("B+3.5"), None);
        assert_eq!(resigned_from("W+T"), None);
        assert_eq!(resigned_from("0"), None);
        assert_eq!(resigned_from(""), None);
    }

    #[test]
    fn charset_label_found_in_raw_bytes() {
        assert_eq!(
            declared_charset(b"(;GM[1]CA[ gb2312 ]SZ[9])").as_deref(),
            Some("gb2312")
        );
        assert_eq!(declared_charset(b"(;GM[1]DCA[x])"), None);
        assert_eq!(declared_charset(b"(;CA[utf-8"), None);
    }

    #[test]
    fn prescan_names_the_node() {
        assert_eq!(
            prescan("(;GM[1];B[aa];W[bb"),
            Err(SgfError::Truncated {
                node: 2,
                detail: "a property value is not closed with ']'".into()
            })
        );
        assert!(matches!(
            prescan("(;GM[1];B[aa]"),
            Err(SgfError::Truncated { node: 1, .. })
        ));
        assert_eq!(
            prescan("(;C[a\\]b;c];B[aa]) (;B[aa])(;W[bb])"),
            Ok(Scan {
                nodes: 2,
                end: 18,
                more_trees: 2,
                side: vec![]
            })
        );
        assert!(matches!(
            prescan("(;B[aa](B[bb]))"),
            Err(SgfError::NotSgf { node: 0, .. })
        ));
        assert!(matches!(
            prescan("(;B[aa](;W[bb])C[x])"),
            Err(SgfError::NotSgf { node: 1, .. })
        ));
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
