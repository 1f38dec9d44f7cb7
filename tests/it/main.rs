//! Integration tests, one module per subject.

mod util;

mod campaign;
mod cli;
mod counting;
mod oracle;
mod report;
mod theorems;
