//! Reading and writing SGF records (FF\[4\]).
//!
//! * [`parse_sgf`] decodes the bytes in the charset the file declares (`CA`; without it UTF-8,
//!   else Latin-1), parses the main line with `sgf-parse` (side variations are cut first), and
//!   turns it into an [`SgfRecord`]: board size, komi in half-points, rules, result (raw and
//!   read as a [`RecordedResult`]), setup stones (with `AE`, up to the first move), the first
//!   player (`PL`, or White in a handicap game), moves (virtual moves as `at: None`) and the
//!   territory marks of the last node. It does not play the moves.
//! * [`replay`] plays the record on a [`Game`](crate::engine::Game) under given play rules, names
//!   the first illegal move, ends a record that stops in play as its `RE` says (resigned, or
//!   paused when `RE` is a count; [`replay_with`] can assume the pause), and derives the dead
//!   stones from the `TB`/`TW` marks (the CGoban convention: a stone covered by the opponent's
//!   territory mark is dead).
//! * [`SgfWriter`] writes a deterministic FF\[4\] record that [`parse_sgf`] and [`replay`] read back
//!   to the same moves, setup, territory and komi.
//!
//! Every [`SgfError`] names the node (0 = the root, counted along the main line) or the move
//! number (1-based, setup stones not counted) where the problem is, and says what to do about it.
//!
//! # Example
//!
//! ```
//! use jipingdian::engine::{Color, Coord, PlayRules};
//! use jipingdian::sgf::{parse_sgf, replay, SgfWriter};
//!
//! let mut w = SgfWriter::new(9);
//! w.komi_half_points = Some(13);
//! w.moves = vec![
//!     (Color::Black, Some(Coord::new(2, 2))),
//!     (Color::White, None),
//!     (Color::Black, None),
//! ];
//! let text = w.to_sgf();
//! let rec = parse_sgf(text.as_bytes()).unwrap();
//! assert_eq!(rec.komi_half_points, Some(13));
//! assert_eq!(rec.moves[1].at, None);
//! let done = replay(&rec, PlayRules::JPD).unwrap();
//! assert_eq!(done.game.first_passer(), Some(Color::White));
//! ```

mod charset;
mod edits;
mod escape;
mod node;
mod read;
mod record;
mod replay;
mod result;
mod scan;
mod write;

pub use escape::escape_controls;
pub use read::{parse_sgf, parse_sgf_games, MAX_GAMES};
pub use record::{SetupEdit, SgfError, SgfMove, SgfRecord, MAX_BYTES, MAX_NODES};
pub use replay::{play_out, replay, replay_with, ReplayOptions, Replayed};
pub use result::{RecordedResult, ResultHow};
pub use write::{format_komi, SgfWriter};
