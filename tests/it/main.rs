//! Integration tests, one module per subject.

mod util;

mod counting;
