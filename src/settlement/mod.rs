//! Settlement: dead-stone removal, the classification of every point, and Benson's pass-alive
//! analysis as an independent check (RULES.md section 5).

pub mod benson;
pub mod classify;
pub mod referee;
pub mod safety;

pub use benson::PassAlive;
pub use classify::{
    safe_to_occupy, Mode, PointClass, SettleError, Settlement, SharedKind, Tally, TerritoryKind,
};
