//! Integration tests, one module per subject.

mod util;

mod cli;
mod counting;
mod theorems;
