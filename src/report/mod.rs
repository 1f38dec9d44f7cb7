//! Reports: what the command line prints and writes.

pub mod campaign;
pub mod check;
pub mod examples;
pub mod findings;
pub mod ledger;
pub mod rulesets;
pub mod score;
pub mod style;
pub mod svg;
