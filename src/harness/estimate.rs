//! Dead stones of a record that marks none: the referee's proof first, then a Monte-Carlo
//! estimate for the strings it cannot prove.
//!
//! [`proven`] keeps the referee's verdicts only: its proven dead stones are dead, every string it
//! cannot prove stays on the board and is listed as unproven. [`estimate`] starts from the same
//! proof and decides each unproven string by ownership over many short random playouts from the
//! position (the usual Monte-Carlo ownership of Go programs): a string whose points the opponent
//! owns at the end of more than half the playouts is called dead.
//!
//! The playouts answer the last move where a player would not miss it (take an opponent string
//! left in atari next to it, or save an own string it put in atari when the liberty gives it
//! room), and otherwise play uniform random legal moves (suicide forbidden, simple ko), never
//! filling the mover's own [true eye](is_true_eye), never putting a string of two or more stones
//! in atari without capturing, and never played inside either side's pass-alive territory
//! (Benson), until both sides pass. Benson is also the hard bound of the verdict: a
//! pass-alive string is proven alive by the referee, so it is never estimated. The generator is
//! the pinned [`Rng`] seeded from the position's Zobrist hash, so an estimate is reproducible
//! from the record alone, whatever the thread count.

use super::playout::is_true_eye;
use super::rng::{splitmix64, Rng};
use crate::engine::{Board, Cell, Color, Point, SuicideRule};
use crate::settlement::referee::{self, Status};
use crate::settlement::PassAlive;

/// Playouts per estimate (measured on GNU Go's regression games: see corpus/real/README.md).
pub const PLAYOUTS: u32 = 256;

/// The dead stones of a position and how each was decided.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DeadStones {
    /// Every stone counted dead, in point order: proven and estimated.
    pub dead: Vec<Point>,
    /// Of `dead`, the stones the referee did not prove (estimated dead), in point order.
    pub estimated_dead: Vec<Point>,
    /// Stones whose status the referee did not prove and which stay on the board as alive
    /// (estimated alive, or simply unproven under [`proven`]), in point order.
    pub unproven_alive: Vec<Point>,
    /// Playouts made (0 under [`proven`] or when everything was proven).
    pub playouts: u32,
}

/// The referee's proof alone: proven dead stones are dead; the stones of every string whose
/// status is unknown stay on the board and are listed in `unproven_alive`.
pub fn proven(board: &Board) -> DeadStones {
    let j = referee::judge_deep(board);
    let unproven_alive = board
        .points()
        .filter(|&p| board.stone(p).is_some() && j.status(p) == Status::Unknown)
        .collect();
    DeadStones {
        dead: j.dead().to_vec(),
        estimated_dead: Vec::new(),
        unproven_alive,
        playouts: 0,
    }
}

/// The referee's proof, then `playouts` random playouts for the strings it leaves unknown
/// (half of them started by `to_move`, half by the other side). A string is estimated dead when
/// the opponent owns more than half of its stones' points over all playouts (a point is owned
/// by the colour of the stone on it, or, empty, by the colour of all its neighbours).
pub fn estimate(board: &Board, to_move: Color, playouts: u32) -> DeadStones {
    let j = referee::judge_deep(board);
    let unknown: Vec<Point> = board
        .points()
        .filter(|&p| board.stone(p).is_some() && j.status(p) == Status::Unknown)
        .collect();
    let mut out = DeadStones {
        dead: j.dead().to_vec(),
        ..DeadStones::default()
    };
    if unknown.is_empty() || playouts == 0 {
        return out;
    }
    let pa = PassAlive::analyse(board);
    let forbidden: Vec<bool> = (0..board.padded_len())
        .map(|i| pa.territory(Point(i as u16)).is_some())
        .collect();
    let mut rng = Rng::seed_from_u64(splitmix64(board.hash() ^ to_move as u64));
    // Per padded point: playouts in which the opponent of the stone now there owned it.
    let mut lost = vec![0u32; board.padded_len()];
    let mut scratch = board.clone();
    let mut empties: Vec<u16> = Vec::with_capacity(board.area() as usize);
    for i in 0..playouts {
        let first = if i % 2 == 0 { to_move } else { to_move.opp() };
        scratch.copy_from(board);
        playout(&mut scratch, first, &mut rng, &forbidden, &mut empties);
        for &p in &unknown {
            let c = board.stone(p).expect("a stone");
            if owner(&scratch, p) == Some(c.opp()) {
                lost[p.idx()] += 1;
            }
        }
    }
    out.playouts = playouts;
    // Decide per string: the share of its stones' points lost, over all playouts.
    let mut decided = vec![None::<bool>; board.padded_len()];
    for &p in &unknown {
        let head = board.string_head(p);
        let dead = *decided[head.idx()].get_or_insert_with(|| {
            let stones: Vec<Point> = board.string_stones(head).collect();
            let lost: u64 = stones.iter().map(|s| lost[s.idx()] as u64).sum();
            2 * lost > stones.len() as u64 * playouts as u64
        });
        if dead {
            out.estimated_dead.push(p);
        } else {
            out.unproven_alive.push(p);
        }
    }
    out.dead.extend(&out.estimated_dead);
    out.dead.sort();
    out.dead.dedup();
    out
}

/// Who owns `p` at the end of a playout: the stone's colour, or for an empty point the one
/// colour of all its neighbours (none when they differ).
fn owner(b: &Board, p: Point) -> Option<Color> {
    if let Some(c) = b.stone(p) {
        return Some(c);
    }
    let mut seen: Option<Color> = None;
    for q in b.adj(p) {
        match b.cell(q) {
            Cell::Wall => {}
            Cell::Empty => return None,
            x => {
                let c = x.color();
                if seen.is_some() && seen != c {
                    return None;
                }
                seen = c;
            }
        }
    }
    seen
}

/// Whether playing `c` at the empty point `p` would leave a string of two or more stones with
/// one liberty without capturing anything: random play throws big groups away by such moves,
/// which makes living groups look dead.
fn big_self_atari(b: &Board, p: Point, c: Color) -> bool {
    let own = Cell::of(c);
    let opp = Cell::of(c.opp());
    let mut libs: Vec<Point> = Vec::with_capacity(4);
    let mut size = 1u32;
    let mut heads: [Option<Point>; 4] = [None; 4];
    for (i, q) in b.adj(p).into_iter().enumerate() {
        match b.cell(q) {
            Cell::Empty if !libs.contains(&q) => libs.push(q),
            Cell::Empty => {}
            x if x == opp && b.liberties(q) == 1 => return false,
            x if x == own => {
                let h = b.string_head(q);
                if !heads.contains(&Some(h)) {
                    heads[i] = Some(h);
                    size += b.string_len(h);
                }
            }
            _ => {}
        }
    }
    if libs.len() >= 2 {
        return false;
    }
    for h in heads.into_iter().flatten() {
        for l in b.string_liberties(h) {
            if l != p && !libs.contains(&l) {
                libs.push(l);
                if libs.len() >= 2 {
                    return false;
                }
            }
        }
    }
    size >= 2 && libs.len() <= 1
}

/// The answer to the last move `last` that a player would not miss, for `c` to play: capture an
/// opponent string next to it (or the one it joined) left in atari, else save one of `c`'s
/// strings next to it that it put in atari, by the liberty when that gives the string two
/// liberties or more. Random play misses both, and then calls living groups dead.
fn tactical(b: &Board, last: Point, c: Color) -> Option<Point> {
    let opp = Cell::of(c.opp());
    let own = Cell::of(c);
    let near = std::iter::once(last).chain(b.adj(last));
    for q in near {
        if b.cell(q) == opp && b.liberties(q) == 1 {
            return b.string_liberties(q).first().copied();
        }
    }
    for q in b.adj(last) {
        if b.cell(q) == own && b.liberties(q) == 1 {
            let l = b.string_liberties(q)[0];
            if gains_liberties(b, l, c) {
                return Some(l);
            }
        }
    }
    None
}

/// Whether `c` at the empty point `l` makes a string of two liberties or more (counting the
/// liberties of the strings it joins, and the points of opponent strings in atari it takes).
fn gains_liberties(b: &Board, l: Point, c: Color) -> bool {
    let own = Cell::of(c);
    let opp = Cell::of(c.opp());
    let mut libs: Vec<Point> = Vec::with_capacity(4);
    for q in b.adj(l) {
        match b.cell(q) {
            Cell::Empty => libs.push(q),
            x if x == opp && b.liberties(q) == 1 => libs.push(q),
            x if x == own => libs.extend(b.string_liberties(q).into_iter().filter(|&m| m != l)),
            _ => {}
        }
    }
    libs.sort_unstable();
    libs.dedup();
    libs.len() >= 2
}

/// Plays random moves until both sides pass in a row (or a move limit of three times the
/// board's area is reached): the [`tactical`] answer to the last move where there is one, else
/// a uniform random move.
fn playout(b: &mut Board, first: Color, rng: &mut Rng, forbidden: &[bool], buf: &mut Vec<u16>) {
    let mut c = first;
    let mut ko: Option<Point> = None;
    let mut passes = 0;
    let mut last: Option<Point> = None;
    for _ in 0..3 * b.area() {
        let mut played = None;
        if let Some(t) = last.and_then(|m| tactical(b, m, c)) {
            if !forbidden[t.idx()] && ko != Some(t) {
                if let Ok(info) = b.play(t, c, SuicideRule::Forbidden) {
                    played = Some((t, info.ko_point));
                }
            }
        }
        if played.is_none() {
            buf.clear();
            buf.extend_from_slice(b.empty_points());
        }
        while played.is_none() && !buf.is_empty() {
            let k = rng.below(buf.len() as u32) as usize;
            let p = Point(buf.swap_remove(k));
            if forbidden[p.idx()]
                || ko == Some(p)
                || is_true_eye(b, p, c)
                || big_self_atari(b, p, c)
            {
                continue;
            }
            if let Ok(info) = b.play(p, c, SuicideRule::Forbidden) {
                played = Some((p, info.ko_point));
            }
        }
        match played {
            Some((p, k)) => {
                ko = k;
                last = Some(p);
                passes = 0;
            }
            None => {
                ko = None;
                last = None;
                passes += 1;
                if passes == 2 {
                    return;
                }
            }
        }
        c = c.opp();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stones(b: &Board, v: &[Point]) -> Vec<String> {
        v.iter().map(|&p| b.coord(p).to_human(b.size())).collect()
    }

    /// A lone white stone inside a black wall on 7x7 that Benson does not settle (the wall has
    /// one big region, not two eyes' worth of vital regions for the referee to prove the white
    /// stone dead is left to the search): whatever the proof leaves, the estimate calls the
    /// white stone dead and never a black stone.
    #[test]
    fn lone_invader_is_estimated_dead() {
        let b = Board::from_ascii(
            ". . . X . . .\n\
             . . . X . . .\n\
             . . . X . O .\n\
             X X X X . . .\n\
             . . . X . . .\n\
             . . . X X X X\n\
             . . . X . . .\n",
        );
        let Ok(b) = b else { panic!("fixture") };
        let e = estimate(&b, Color::Black, PLAYOUTS);
        assert_eq!(stones(&b, &e.dead), vec!["F5".to_string()]);
        assert!(e
            .unproven_alive
            .iter()
            .all(|&p| b.stone(p) == Some(Color::Black)));
        // The same position, the same seed: the same answer.
        assert_eq!(estimate(&b, Color::Black, PLAYOUTS), e);
    }

    fn at(b: &Board, name: &str) -> Point {
        b.points()
            .find(|&p| b.coord(p).to_human(b.size()) == name)
            .expect("a point of the board")
    }

    /// The tactical answers, worked out by hand on 5x5 boards (rows 5 to 1, top to bottom).
    #[test]
    fn the_playouts_answer_ataris_and_take_strings_in_atari() {
        // Black C5-C4 is bordered by White B5, D5, B4 and C3: its one liberty is D4.
        let b = Board::from_ascii(
            ". O X O .\n\
             . O X . .\n\
             . . O . .\n\
             . . . . .\n\
             . . . . .\n",
        )
        .expect("fixture");
        // After White's C3, Black saves it at D4: the string then has E4 and D3 (D5 is White's
        // with two liberties, nothing to take).
        assert_eq!(tactical(&b, at(&b, "C3"), Color::Black), Some(at(&b, "D4")));
        // White to move after the same stone takes the two stones at D4 instead.
        assert_eq!(tactical(&b, at(&b, "C3"), Color::White), Some(at(&b, "D4")));
        // White's B4 between Black A4, C4 and B3 has one liberty, B5.
        let b = Board::from_ascii(
            ". . . . .\n\
             X O X . .\n\
             X X . . .\n\
             . . . . .\n\
             . . . . .\n",
        )
        .expect("fixture");
        // White's last move B4 stands in atari: Black takes it at B5.
        assert_eq!(tactical(&b, at(&b, "B4"), Color::Black), Some(at(&b, "B5")));
        // After Black's B3, White extends to B5, which has A5 and C5.
        assert_eq!(tactical(&b, at(&b, "B3"), Color::White), Some(at(&b, "B5")));
        // Black B5 next to White C5, B4 and A4 has one liberty, A5, which gives it none: after
        // White's B4 there is no answer to make (no White string next to B4 is in atari).
        let b = Board::from_ascii(
            ". X O . .\n\
             O O . . .\n\
             . . . . .\n\
             . . . . .\n\
             . . . . .\n",
        )
        .expect("fixture");
        assert_eq!(tactical(&b, at(&b, "B4"), Color::Black), None);
    }
}
