use super::*;
use crate::engine::{Color, Coord};

fn b(s: &str) -> Board {
    Board::from_ascii(s).unwrap()
}

fn coords(board: &Board, pts: &[Point]) -> Vec<(u8, u8)> {
    pts.iter()
        .map(|&p| {
            let c = board.coord(p);
            (c.x, c.y)
        })
        .collect()
}

/// A black wall down column B cuts the empty points of this 4x4 board in two: column A (4
/// points) and columns C-D (8 points); the wall itself is one region of Black's 4 stones.
#[test]
fn empty_regions_and_stone_regions() {
    let board = b("
        . X . .
        . X . .
        . X . .
        . X . .");
    let empty = Regions::new(&board, |p| board.cell(p) == Cell::Empty);
    assert_eq!(empty.len(), 2);
    // Column A, top to bottom: the first point (A4, top-left) first, then breadth-first.
    assert_eq!(
        coords(&board, empty.members(0)),
        vec![(0, 0), (0, 1), (0, 2), (0, 3)]
    );
    assert_eq!(empty.members(1).len(), 8);
    // Breadth-first from C4 (2,0): its neighbours in adj order are on the board's right (3,0)
    // and below (2,1), whichever order adj gives, both before the second ring.
    let second = coords(&board, empty.members(1));
    assert_eq!(second[0], (2, 0));
    let mut ring1 = second[1..3].to_vec();
    ring1.sort();
    assert_eq!(ring1, vec![(2, 1), (3, 0)]);
    let stones = Regions::new(&board, |p| board.stone(p) == Some(Color::Black));
    assert_eq!(stones.len(), 1);
    assert_eq!(stones.members(0).len(), 4);
    // Every point lies in exactly one region of either map.
    for p in board.points() {
        assert_ne!(
            empty.region_of(p).is_some(),
            stones.region_of(p).is_some(),
            "{:?}",
            board.coord(p)
        );
    }
    assert_eq!(empty.region_of(board.point(Coord::new(3, 3))), Some(1));
}

/// Regions never cross the edge: on a 2x2 board of empty points there is one region of 4, and a
/// predicate that holds nowhere gives none.
#[test]
fn edges_and_empty_predicate() {
    let board = Board::new(2).unwrap();
    let all = Regions::new(&board, |_| true);
    assert_eq!(all.len(), 1);
    assert_eq!(all.members(0).len(), 4);
    let none = Regions::new(&board, |_| false);
    assert!(none.is_empty());
    assert_eq!(none.iter().count(), 0);
}

/// `region_from` agrees with `Regions` and includes its start whatever the predicate says: the
/// white stone at C2 with the empty points around it reaches the whole empty area but no black
/// stone.
#[test]
fn region_from_a_start() {
    let board = b("
        . X . .
        X X . .
        . . O .
        . . . .");
    let start = board.point(Coord::new(2, 2));
    let r = board.region_from(start, |p| board.cell(p) == Cell::Empty);
    assert_eq!(r[0], start);
    // Empty points reachable from C2: all 16 less 3 black stones, less A4 (walled off by
    // Black), less the start's own stone counted once: 16 - 3 - 1 = 12 points with the start.
    assert_eq!(r.len(), 12);
    let empty = Regions::new(&board, |p| board.cell(p) == Cell::Empty);
    // A4 alone, then the rest of the empty points (11).
    assert_eq!(empty.len(), 2);
    assert_eq!(empty.members(0).len(), 1);
    assert_eq!(empty.members(1).len(), 11);
    let mut a: Vec<Point> = r[1..].to_vec();
    let mut e: Vec<Point> = empty.members(1).to_vec();
    a.sort_by_key(|p| p.idx());
    e.sort_by_key(|p| p.idx());
    assert_eq!(a, e);
}
