//! Balancing the move counts after the pause (RULES.md section 4; Art. 11-14).

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

use crate::engine::Half;
use crate::engine::{Board, Color, NegativeKind, PerSide, Point};
use crate::settlement::{PointClass, Settlement};

/// The two readings of the balancing procedure (ambiguity B1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Balancing {
    /// Art. 14 (default): Black makes negative moves; a type-A move pays the white-first-pass
    /// compensation as half a point moved from Black to White.
    Art14,
    /// Art. 11 / 16: White makes one more virtual move when Black moved last; no negative move;
    /// the Art. 12 compensation is paid as one point of komi.
    Art11,
}

impl fmt::Display for Balancing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Balancing::Art14 => "art14",
            Balancing::Art11 => "art11",
        })
    }
}

impl FromStr for Balancing {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.to_ascii_lowercase().as_str() {
            "art14" => Ok(Balancing::Art14),
            "art11" => Ok(Balancing::Art11),
            _ => Err(format!("unknown balancing '{s}': expected art14 or art11")),
        }
    }
}

/// What balancing does to a paused game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BalancePlan {
    /// Black's negative moves, in the order made.
    pub negatives: Vec<(Point, NegativeKind)>,
    /// Extra virtual moves made after the pause to equalise the counts.
    pub extra_virtual: PerSide<u32>,
    /// Points Black gives White as komi (the Art. 12 compensation when it is not paid by a
    /// type-A negative move).
    pub compensation: Half,
    /// Why the plan departs from the Art. 14 table, if it does.
    pub fallback: Option<Fallback>,
}

/// Departures from the Art. 14 table, each reported.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Fallback {
    /// White passed first but Black has no stone touching a white stone: the compensation is
    /// paid as one point of komi instead.
    NoBoundaryStone,
    /// Black has no stone inside its own area for a type-B move: White makes a virtual move
    /// instead.
    NoInteriorStone,
    /// The counts differ by more than the table covers (setup stones): extra negative or
    /// virtual moves were made.
    Extended,
}

impl Fallback {
    /// The snake_case name used in reports.
    pub fn name(self) -> &'static str {
        match self {
            Fallback::NoBoundaryStone => "no_boundary_stone",
            Fallback::NoInteriorStone => "no_interior_stone",
            Fallback::Extended => "extended",
        }
    }
}

/// Black stones that qualify for a type-A negative move: live black stones touching a live
/// white stone, in row-major order.
pub fn type_a_candidates(st: &Settlement) -> Vec<Point> {
    let b = st.board();
    b.points()
        .filter(|&p| {
            b.stone(p) == Some(Color::Black)
                && b.adj(p).iter().any(|&q| b.stone(q) == Some(Color::White))
        })
        .collect()
}

/// Black stones that qualify for a type-B negative move: live black stones every neighbour of
/// which is a black stone, a black-owned empty point or the edge, in row-major order.
pub fn type_b_candidates(st: &Settlement) -> Vec<Point> {
    let b: &Board = st.board();
    b.points()
        .filter(|&p| {
            b.stone(p) == Some(Color::Black)
                && b.adj(p).iter().all(|&q| match st.class(q) {
                    PointClass::OffBoard => true,
                    cl => cl.owner() == Some(Color::Black),
                })
        })
        .collect()
}

/// Plans the balancing of a paused game. `d` is `moves(B) - moves(W)` at the pause; `wfp`
/// whether White made the first virtual move. `pick_a` and `pick_b` choose among the
/// candidates (the default takes the first in row-major order; theorem T11 tries them all).
pub fn plan(
    balancing: Balancing,
    d: i64,
    wfp: bool,
    a_candidates: &[Point],
    b_candidates: &[Point],
    pick_a: usize,
) -> BalancePlan {
    let mut plan = BalancePlan::default();
    match balancing {
        Balancing::Art11 => {
            if d > 0 {
                plan.extra_virtual.white += d as u32;
            } else if d < 0 {
                plan.extra_virtual.black += (-d) as u32;
            }
            if wfp {
                plan.compensation = Half::points(1);
            }
            if !(0..=1).contains(&d) {
                plan.fallback = Some(Fallback::Extended);
            }
        }
        Balancing::Art14 => {
            let mut rest = d;
            if wfp {
                if let Some(&p) = a_candidates.get(pick_a).or(a_candidates.first()) {
                    plan.negatives.push((p, NegativeKind::A));
                    rest -= 1;
                } else {
                    plan.compensation = Half::points(1);
                    plan.fallback = Some(Fallback::NoBoundaryStone);
                }
            }
            if rest > 0 {
                let taken = b_candidates
                    .iter()
                    .filter(|p| !plan.negatives.iter().any(|(q, _)| q == *p))
                    .take(rest as usize)
                    .copied()
                    .collect::<Vec<_>>();
                for &p in &taken {
                    plan.negatives.push((p, NegativeKind::B));
                }
                let missing = rest - taken.len() as i64;
                if missing > 0 {
                    plan.extra_virtual.white += missing as u32;
                    plan.fallback.get_or_insert(Fallback::NoInteriorStone);
                }
            } else if rest < 0 {
                plan.extra_virtual.black += (-rest) as u32;
            }
            if !(0..=1).contains(&d) {
                plan.fallback.get_or_insert(Fallback::Extended);
            }
        }
    }
    plan
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The four cases of the Art. 14 table, with one candidate of each type available.
    #[test]
    fn art14_table() {
        let a = [Point(10)];
        let b = [Point(20)];
        // WFP, Black last mover (d = 1): one type-A move, counts now equal.
        let p = plan(Balancing::Art14, 1, true, &a, &b, 0);
        assert_eq!(p.negatives, vec![(Point(10), NegativeKind::A)]);
        assert_eq!(p.extra_virtual, PerSide::new(0, 0));
        // WFP, White last mover (d = 0): type A and one black virtual move.
        let p = plan(Balancing::Art14, 0, true, &a, &b, 0);
        assert_eq!(p.negatives, vec![(Point(10), NegativeKind::A)]);
        assert_eq!(p.extra_virtual, PerSide::new(1, 0));
        // BFP, Black last mover (d = 1): one type-B move.
        let p = plan(Balancing::Art14, 1, false, &a, &b, 0);
        assert_eq!(p.negatives, vec![(Point(20), NegativeKind::B)]);
        // BFP, White last mover (d = 0): nothing.
        let p = plan(Balancing::Art14, 0, false, &a, &b, 0);
        assert!(p.negatives.is_empty());
        assert_eq!(p.extra_virtual, PerSide::new(0, 0));
        assert_eq!(p.compensation, Half::ZERO);
    }

    #[test]
    fn missing_candidates_fall_back() {
        let p = plan(Balancing::Art14, 1, true, &[], &[Point(20)], 0);
        assert_eq!(p.fallback, Some(Fallback::NoBoundaryStone));
        assert_eq!(p.compensation, Half::points(1));
        assert_eq!(p.negatives, vec![(Point(20), NegativeKind::B)]);
        let p = plan(Balancing::Art14, 1, false, &[], &[], 0);
        assert_eq!(p.fallback, Some(Fallback::NoInteriorStone));
        assert_eq!(p.extra_virtual, PerSide::new(0, 1));
    }

    #[test]
    fn art11_uses_white_virtual_and_komi() {
        let p = plan(Balancing::Art11, 1, true, &[Point(1)], &[Point(2)], 0);
        assert!(p.negatives.is_empty());
        assert_eq!(p.extra_virtual, PerSide::new(0, 1));
        assert_eq!(p.compensation, Half::points(1));
    }
}
