//! Reports: what the command line prints and writes.

pub mod score;
