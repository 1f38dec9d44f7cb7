//! The canonical image of a board (the least of its eight rotations and reflections), on which
//! the area search runs so that a verdict cut short by the budget cannot depend on orientation.

use super::*;

/// The canonical image of `board` (see [`canonical`]) with `area`'s points mapped into it,
/// sorted, and the map of points back.
pub(super) fn canonical_area(board: &Board, area: &[Point]) -> (Board, Vec<Point>, Vec<Point>) {
    let (cboard, to_c, from_c) = canonical(board);
    let mut carea: Vec<Point> = area.iter().map(|p| to_c[p.idx()]).collect();
    carea.sort_unstable();
    (cboard, carea, from_c)
}

/// The canonical image of `board`: of its eight rotations and reflections, the least when the
/// points are read row by row (empty < black < white). Returns it with the maps of points from
/// `board` to it and back (indexed by padded point).
pub(super) fn canonical(board: &Board) -> (Board, Vec<Point>, Vec<Point>) {
    let n = board.size();
    let image = |sym: u8, x: u8, y: u8| -> (u8, u8) {
        let (mut a, mut b) = (x, y);
        if sym & 1 != 0 {
            a = n - 1 - a;
        }
        if sym & 2 != 0 {
            b = n - 1 - b;
        }
        if sym & 4 != 0 {
            std::mem::swap(&mut a, &mut b);
        }
        (a, b)
    };
    let code = |c: Option<Color>| match c {
        None => 0u8,
        Some(Color::Black) => 1,
        Some(Color::White) => 2,
    };
    // The cells of the image of `sym`, row by row.
    let cells = |sym: u8| -> Vec<u8> {
        let mut v = vec![0u8; n as usize * n as usize];
        for p in board.points() {
            let c = board.coord(p);
            let (a, b) = image(sym, c.x, c.y);
            v[b as usize * n as usize + a as usize] = code(board.stone(p));
        }
        v
    };
    let mut best = 0u8;
    let mut best_cells = cells(0);
    for sym in 1..8 {
        let c = cells(sym);
        if c < best_cells {
            best = sym;
            best_cells = c;
        }
    }
    let mut out = Board::new(n).expect("the size of a board");
    let mut to = vec![Point(0); board.padded_len()];
    let mut from = vec![Point(0); board.padded_len()];
    let mut stones = Vec::new();
    for p in board.points() {
        let c = board.coord(p);
        let (a, b) = image(best, c.x, c.y);
        let q = out.point(crate::engine::Coord::new(a, b));
        to[p.idx()] = q;
        from[q.idx()] = p;
        if let Some(col) = board.stone(p) {
            stones.push((q, Some(col)));
        }
    }
    out.set_stones(&stones);
    (out, to, from)
}
