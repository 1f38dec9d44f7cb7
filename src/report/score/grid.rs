//! The point maps of a report, one string per board row: the class of every point of the paused
//! position, and the points each rule set's method counts for each side.

use serde::Serialize;

use crate::engine::{Board, Color, Point};
use crate::rules::RuleId;
use crate::settlement::{PointClass, SharedKind};

/// The points one rule set counts, as
/// [`FileReport::counted_points`](super::FileReport::counted_points) lists them.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct RuleGrid {
    /// The rule set's id.
    pub rules: String,
    /// One string per board row from the top: `X` Black's, `O` White's, `.` neither's.
    pub points: Vec<String>,
}

/// The rows of `board` from the top (row N) down, one character per point.
pub(super) fn grid(board: &Board, mut f: impl FnMut(Point) -> char) -> Vec<String> {
    (0..board.size())
        .map(|y| {
            (0..board.size())
                .map(|x| f(board.point(crate::engine::Coord::new(x, y))))
                .collect()
        })
        .collect()
}

/// The board points rule set `id`'s method counts for each side (see
/// [`FileReport::counted_points`](super::FileReport::counted_points)); `as_is` is the final
/// position, dead stones on it.
pub(super) fn counted_grid(
    id: RuleId,
    st: &crate::settlement::Settlement,
    as_is: &Board,
) -> Vec<String> {
    use crate::rules::{japanese_unscored, region_colours, Method};
    let mark = |c: Option<Color>| match c {
        Some(Color::Black) => 'X',
        Some(Color::White) => 'O',
        None => '.',
    };
    let board = st.board();
    match id.rules().method {
        Method::TrompTaylor => {
            let regions = region_colours(as_is);
            grid(as_is, |p| mark(as_is.stone(p).or(regions[p.idx()])))
        }
        Method::AgaArea | Method::RegionArea => {
            let regions = region_colours(board);
            grid(board, |p| match st.class(p) {
                PointClass::Stone(c) => mark(Some(c)),
                _ => mark(regions[p.idx()]),
            })
        }
        Method::AgaTerritory => {
            let regions = region_colours(board);
            grid(board, |p| mark(regions[p.idx()]))
        }
        Method::JapaneseTerritory(reading) => {
            let regions = region_colours(board);
            let unscored = japanese_unscored(st, reading);
            grid(board, |p| {
                mark(regions[p.idx()].filter(|_| unscored[p.idx()].is_none()))
            })
        }
        Method::EqualStonesTerritory | Method::Roads => grid(board, |p| match st.class(p) {
            PointClass::Territory(c, _) | PointClass::OneSidedDame(c) => mark(Some(c)),
            _ => '.',
        }),
        Method::PlainArea | Method::BalancedArea | Method::IngBowls => {
            grid(board, |p| mark(st.class(p).owner()))
        }
    }
}

/// The character of a point in the classification map.
pub(super) fn class_char(cl: PointClass, dead: Option<Color>) -> char {
    if let Some(c) = dead {
        return match c {
            Color::Black => 'x',
            Color::White => 'o',
        };
    }
    match cl {
        PointClass::Stone(Color::Black) => 'X',
        PointClass::Stone(Color::White) => 'O',
        PointClass::Territory(Color::Black, _) => 'b',
        PointClass::Territory(Color::White, _) => 'w',
        PointClass::OneSidedDame(Color::Black) => '^',
        PointClass::OneSidedDame(Color::White) => 'v',
        PointClass::Shared(SharedKind::SharedLiberty) => '=',
        PointClass::Shared(SharedKind::DameLeft) => '*',
        PointClass::Shared(_) => '-',
        PointClass::OffBoard => ' ',
    }
}
