//! The exact Go engine: the fast board ([`Board`]) and the game with its history ([`Game`]).

pub mod board;
pub mod game;
pub mod half;
pub mod naive;
pub mod region;
pub mod types;

pub use board::{Board, Cell, Illegal, MoveInfo, Point, SuicideRule, MAX_SIZE, MIN_SIZE};
pub use game::{End, Game, GameError, KoRule, Phase, PlayRules, Record, NO_RESULT_OCCURRENCE};
pub use half::{Half, Points};
pub use region::Regions;
pub use types::{Color, Coord, Move, NegativeKind, PerSide};
