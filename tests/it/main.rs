//! Integration tests, one module per subject.

mod util;

mod campaign;
mod claims;
mod cli;
mod corpus;
mod counting;
mod docs;
mod exhaust;
mod gtp;
mod oracle;
mod pictures;
mod records;
mod report;
mod rulesets;
mod shapes;
mod theorems;
