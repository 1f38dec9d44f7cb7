//! # jipingdian
//!
//! An exact Go rules engine and verification harness for the Ji-Ping-Dian Tang-Song rules (2008)
//! and the rule systems they name. The pipeline, one module per stage, each talking only to the
//! ones before it:
//!
//! `engine` -> `settlement` -> `counting` -> `rules` -> `checks` -> `harness` -> `report`, with
//! `sgf` reading and writing records for all of them.
#![warn(missing_docs)]

pub mod checks;
pub mod counting;
pub mod engine;
pub mod files;
pub mod gtp;
pub mod gtp_server;
pub mod harness;
pub mod oracle;
pub mod outdir;
pub mod report;
pub mod rules;
pub mod score_record;
pub mod settlement;
pub mod sgf;
