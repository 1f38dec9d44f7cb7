//! # jipingdian
//!
//! An exact Go rules engine and verification harness for the Ji-Ping-Dian Tang-Song rules (2008)
//! and the rule systems they name. The pipeline, one module per stage:
//!
//! engine -> settlement -> counting -> rules -> checks -> (sgf, report)
#![warn(missing_docs)]

pub mod engine;
