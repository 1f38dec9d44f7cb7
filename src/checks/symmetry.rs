//! T8: the count is unchanged when the game is replayed under each symmetry of the board.

use super::*;

/// The 8 symmetries of the square: (transpose, flip x, flip y).
pub(crate) fn transform(c: Coord, n: u8, sym: u8) -> Coord {
    let (mut x, mut y) = (c.x, c.y);
    if sym & 4 != 0 {
        std::mem::swap(&mut x, &mut y);
    }
    if sym & 1 != 0 {
        x = n - 1 - x;
    }
    if sym & 2 != 0 {
        y = n - 1 - y;
    }
    Coord::new(x, y)
}

/// Replays a game under a symmetry; `None` if the replay is refused (which would itself be a
/// failure of the theorem).
pub fn replay_transformed(f: &Finished, sym: u8) -> Result<Finished, String> {
    replay_prefix(f, sym, f.game.records().len())
}

/// The first `upto` moves of a game replayed under a symmetry (0: as played); the game's end
/// (a resignation) only when every move is replayed. Negative moves are skipped: the count
/// plans them, the game never plays them.
pub(crate) fn replay_prefix(f: &Finished, sym: u8, upto: usize) -> Result<Finished, String> {
    let g = &f.game;
    let init = g.initial_board();
    let n = init.size();
    let setup: Vec<(Coord, Color)> = init
        .points()
        .filter_map(|p| init.stone(p).map(|c| (transform(init.coord(p), n, sym), c)))
        .collect();
    let mut h = Game::with_setup(n as u32, g.rules(), &setup).map_err(|e| e.to_string())?;
    if let Some(first) = g.records().first() {
        h.set_to_move(first.color);
    }
    for (i, r) in g.records()[..upto].iter().enumerate() {
        let mv = match r.mv {
            Move::Play(at) => Move::Play(transform(at, n, sym)),
            Move::Virtual => Move::Virtual,
            Move::Negative(..) => continue,
        };
        if h.phase() == Phase::Paused && matches!(mv, Move::Play(_)) {
            h.resume().map_err(|e| e.to_string())?;
        }
        h.play(mv).map_err(|e| format!("move {}: {}", i + 1, e))?;
    }
    if let (true, Phase::Ended(crate::engine::End::Resignation(c))) =
        (upto == g.records().len(), g.phase())
    {
        h.resign(c);
    }
    Ok(Finished {
        game: h,
        dead: f.dead.iter().map(|&c| transform(c, n, sym)).collect(),
    })
}

/// T8: the result is unchanged under the 8 symmetries of the board. The paused position and
/// its dead stones are transformed (the move tallies are the same) and counted afresh; the
/// counts must be identical. (Replaying the whole game under each symmetry, which also checks
/// the engine, is [`replay_transformed`]; the property tests do that.)
pub(super) fn t8(
    f: &Finished,
    balancing: Balancing,
    c: &Count,
    syms: &[u8],
    d: Details,
) -> TheoremResult {
    let paused = f.game.board();
    let n = paused.size();
    let dead = f.dead_points();
    for &sym in syms {
        let mut b = crate::engine::Board::new(n).expect("same size");
        let stones: Vec<(Point, Option<Color>)> = paused
            .points()
            .filter_map(|p| {
                paused
                    .stone(p)
                    .map(|col| (b.point(transform(paused.coord(p), n, sym)), Some(col)))
            })
            .collect();
        b.set_stones(&stones);
        let d: Vec<Point> = dead
            .iter()
            .map(|&p| b.point(transform(paused.coord(p), n, sym)))
            .collect();
        let facts = counting::Facts::of(&f.game, b);
        match counting::count(&facts, &d, balancing, 0) {
            Ok(t) => {
                if t.area != c.area
                    || t.territory != c.territory
                    || t.area_paused != c.area_paused
                    || t.tally_paused != c.tally_paused
                {
                    return TheoremResult::new(
                        TheoremId::T8,
                        false,
                        format!("symmetry {sym}: {}", compare_counts(&t, c)),
                    );
                }
            }
            Err(e) => {
                return TheoremResult::new(TheoremId::T8, false, format!("symmetry {sym}: {e}"))
            }
        }
    }
    TheoremResult::check(TheoremId::T8, true, d, || {
        if syms.len() == 7 {
            "identical counts under all 8 symmetries".to_string()
        } else {
            format!("identical counts under symmetry {} (one per game)", syms[0])
        }
    })
}

/// "area B-W territory b-w instead of B-W / b-w": a count set beside the game's own.
pub(super) fn compare_counts(t: &Count, c: &Count) -> String {
    format!(
        "area {}-{} territory {}-{} instead of {}-{} / {}-{}",
        t.area.black,
        t.area.white,
        t.territory.black,
        t.territory.white,
        c.area.black,
        c.area.white,
        c.territory.black,
        c.territory.white
    )
}
