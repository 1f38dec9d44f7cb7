//! The harness: the pinned random generator, the random-game generator and its playouts, and
//! the verification of one game as report rows.

pub mod generate;
pub mod outcome;
pub mod playout;
pub mod rng;
