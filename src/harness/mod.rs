//! The harness: the pinned random generator and the random-game generator's playouts.

pub mod playout;
pub mod rng;
