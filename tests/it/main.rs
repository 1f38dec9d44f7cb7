//! Integration tests, one module per subject.

mod util;

mod campaign;
mod cli;
mod counting;
mod pictures;
mod report;
mod theorems;
