//! The harness: the pinned random generator, the random-game generator and its playouts, the
//! Monte-Carlo dead-stone estimate of records without marks, and
//! the verification of one game as report rows.

pub mod campaign;
pub mod estimate;
pub mod exhaust;
pub mod generate;
pub mod nucleus;
pub mod outcome;
pub mod playout;
pub mod position;
pub mod progress;
pub mod record;
pub mod rng;
pub mod seki_shape;
pub mod shrink;
pub mod summary;
