//! Teire (手入れ): the points of territory a side must fill once the dame are filled.
//!
//! A Japanese count is made "after the dame are filled" (J89 Art. 8 with the commentary to
//! Art. 9): a record that stops with dame on the board is counted as if they were filled, and a
//! point of territory its owner would then have to fill to save a string is no territory. On
//! a finished board this happens when a living string's liberties outside its own territory are
//! all dame the opponent can fill, and it has a single liberty inside: once the opponent fills
//! those dame the string is in atari, and its owner must connect at that point (a connection
//! that gives it two liberties again; a string the fill leaves with no way out is a matter of
//! its status, not of teire). Dead stones force no teire: they are taken off as they stand
//! (J89 Art. 10), so a string they hold in atari is counted as it is after their removal. A string left
//! in atari with its last liberty inside its own territory needs the same fill, dame or not.
//!
//! The dame are the ordinary dame left, the one-sided dame not beside a proven seki, and, after
//! four virtual moves (Art. 18, where every point bordered by both colours is a common liberty),
//! the common liberties not beside a proven seki.
//!
//! Only teire forced whatever the order of the filling are counted. A dame is filled by the
//! opponent when its stone there is legal, captures nothing and is not in atari (a stone that
//! would be is not a fill anyone makes). A threat the owner cannot avoid by one fill of its own
//! at the string's dame is forced. A threat it can avoid by one such fill is forced only when
//! the opponent makes it with a fill the owner must answer at once, the last of the string's
//! avoiding dame: a string with two avoiding fills is answered when the opponent takes one of
//! them. Threats are counted by points of territory (two strings saved by one connection are
//! one teire; a point where no single fill avoids every such threat is forced). The owner,
//! filling first, avoids the most points one fill can; the opponent then fills the rest, each
//! fill answered at once, so the owner gets no second free fill: of k such points, k - 1 are
//! forced. A single avoidable threat is a move the game left unplayed, whose value depends on
//! who plays it first, and it is not counted; nor is the further point a side loses when the
//! opponent fills first.
//!
//! Strings of a seki keep their dame (Art. 8: no points in seki) and are left out; so are
//! one-sided dame beside a proven seki.

use crate::engine::{Board, Cell, Color, Point, SuicideRule};
use crate::settlement::{PointClass, Settlement, SharedKind};

/// The forced teire of `st`'s board, sorted: for each, the point and the side that must fill
/// it. `territory(p, x)` says whether the empty point `p` counts as `x`'s territory (a
/// one-colour region not already taken away); `in_seki(p)` whether the string at `p` is one
/// of a seki.
pub fn forced_teire(
    st: &Settlement,
    territory: impl Fn(Point, Color) -> bool,
    in_seki: impl Fn(Point) -> bool,
) -> Vec<(Point, Color)> {
    let board = st.board();
    let dame = dame_of(st);
    let mut out = Vec::new();
    for x in Color::BOTH {
        let candidates = candidates(board, &dame, x, &territory, &in_seki);
        if candidates.is_empty() {
            continue;
        }
        let threats = threats(board, &dame, x, &candidates);
        out.extend(forced_points(&threats).into_iter().map(|t| (t, x)));
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// The dame the opponent may fill: the ordinary dame left, and the one-sided dame and (after
/// four virtual moves) the common liberties not beside a proven seki.
fn dame_of(st: &Settlement) -> Vec<Point> {
    let board = st.board();
    board
        .points()
        .filter(|&p| match st.class(p) {
            PointClass::Shared(SharedKind::DameLeft) => true,
            // After four virtual moves every point bordered by both colours is a common
            // liberty: the dame of that position, beside a proven seki or not.
            PointClass::OneSidedDame(_) | PointClass::Shared(SharedKind::CommonLiberty) => !board
                .adj(p)
                .iter()
                .any(|&q| board.stone(q).is_some() && st.proven_seki(q)),
            _ => false,
        })
        .collect()
}

/// The strings of `x` with exactly one liberty in `x`'s territory and every other liberty a
/// dame (they touch a dame or are in atari already), each with that point of territory.
fn candidates(
    board: &Board,
    dame: &[Point],
    x: Color,
    territory: &impl Fn(Point, Color) -> bool,
    in_seki: &impl Fn(Point) -> bool,
) -> Vec<(Point, Point)> {
    let mut heads: Vec<Point> = Vec::new();
    for &d in dame {
        for q in board.adj(d) {
            if board.stone(q) == Some(x) && !in_seki(q) {
                heads.push(board.string_head(q));
            }
        }
    }
    for p in board.points() {
        if board.stone(p) == Some(x)
            && board.string_head(p) == p
            && board.liberties(p) == 1
            && !in_seki(p)
        {
            heads.push(p);
        }
    }
    heads.sort_unstable();
    heads.dedup();
    heads
        .into_iter()
        .filter_map(|h| {
            let libs = board.string_liberties(h);
            let inside: Vec<Point> = libs.iter().copied().filter(|&l| territory(l, x)).collect();
            let all_dame = libs.iter().all(|l| inside.contains(l) || dame.contains(l));
            (inside.len() == 1 && all_dame).then(|| (h, inside[0]))
        })
        .collect()
}

/// The threats among `candidates`: a string the opponent's fill of every dame leaves in atari
/// at its point of territory, where connecting saves it (a string the fill leaves with no way
/// out is a question of its status, not of teire). Each with the fills of `x`'s own, at the
/// string's dame, that avoid it.
fn threats(
    board: &Board,
    dame: &[Point],
    x: Color,
    candidates: &[(Point, Point)],
) -> Vec<(Point, Vec<Point>)> {
    let threatened = |b: &Board, h: Point, t: Point| {
        b.stone(h) == Some(x) && b.string_liberties(h) == [t] && saves(b, t, x)
    };
    let after = fill(board.clone(), dame, x.opp());
    candidates
        .iter()
        .filter(|&&(h, t)| threatened(&after, h, t))
        .map(|&(h, t)| {
            let avoid: Vec<Point> = board
                .string_liberties(h)
                .into_iter()
                .filter(|&f| dame.contains(&f) && fills_safely(board, f, x))
                .filter(|&f| {
                    let mut b = board.clone();
                    b.play_unchecked(f, x);
                    !threatened(&fill(b, dame, x.opp()), h, t)
                })
                .collect();
            (t, avoid)
        })
        .collect()
}

/// The points of territory the threats force, whatever the order of the filling. Per point:
/// forced when a threat there cannot be avoided, or when no single fill avoids every threat
/// there that the opponent can make with the last of the string's dame (a string with two
/// avoiding fills is answered when the opponent takes one of them, and is never forced);
/// otherwise a threat the owner can avoid only by filling first, with the fills that do. The
/// owner fills first, at the dame that avoids the most of these points; the opponent then fills
/// the rest, each fill answered at once by a connection, so the owner gets no second free fill.
fn forced_points(threats: &[(Point, Vec<Point>)]) -> Vec<Point> {
    let mut points: Vec<Point> = threats.iter().map(|&(t, _)| t).collect();
    points.sort_unstable();
    points.dedup();
    let mut out = Vec::new();
    let mut avoidable: Vec<(Point, Vec<Point>)> = Vec::new();
    for t in points {
        let here: Vec<&Vec<Point>> = threats
            .iter()
            .filter(|(u, _)| *u == t)
            .map(|(_, a)| a)
            .collect();
        if here.iter().any(|a| a.is_empty()) {
            out.push(t);
            continue;
        }
        let sente: Vec<&&Vec<Point>> = here.iter().filter(|a| a.len() < 2).collect();
        let Some(first) = sente.first() else {
            continue;
        };
        let common: Vec<Point> = first
            .iter()
            .copied()
            .filter(|f| sente.iter().all(|a| a.contains(f)))
            .collect();
        if common.is_empty() {
            out.push(t);
        } else {
            avoidable.push((t, common));
        }
    }
    let best = avoidable
        .iter()
        .flat_map(|(_, fs)| fs.iter().copied())
        .max_by_key(|&f| {
            let n = avoidable.iter().filter(|(_, fs)| fs.contains(&f)).count();
            (n, std::cmp::Reverse(f))
        });
    out.extend(
        avoidable
            .iter()
            .filter(|(_, fs)| !best.is_some_and(|f| fs.contains(&f)))
            .map(|&(t, _)| t),
    );
    out
}

/// `board` after `y` fills, in board order, every point of `dame` it can fill safely.
fn fill(mut board: Board, dame: &[Point], y: Color) -> Board {
    for &d in dame {
        if fills_safely(&board, d, y) {
            board.play_unchecked(d, y);
        }
    }
    board
}

/// Whether `c`'s stone at `p` is legal and leaves its string at least two liberties.
fn saves(board: &Board, p: Point, c: Color) -> bool {
    if board.legality(p, c, SuicideRule::Forbidden).is_err() {
        return false;
    }
    let mut b = board.clone();
    b.play_unchecked(p, c);
    b.liberties(p) >= 2
}

/// Whether `c` can fill `p`: empty, legal, capturing nothing, and not left in atari.
fn fills_safely(board: &Board, p: Point, c: Color) -> bool {
    board.cell(p) == Cell::Empty && !board.would_capture(p, c) && saves(board, p, c)
}

#[cfg(test)]
mod tests {
    use crate::engine::Board;
    use crate::rules::{japanese_unscored, DameReading, Unscored};
    use crate::settlement::{Mode, Settlement};

    fn unscored(rows: &str) -> (Board, Vec<Option<Unscored>>) {
        unscored_after(rows, Mode::Pause)
    }

    fn unscored_after(rows: &str, mode: Mode) -> (Board, Vec<Option<Unscored>>) {
        let b = Board::from_ascii(rows).unwrap();
        let st = Settlement::settle(&b, &[], &[], mode).unwrap();
        let u = japanese_unscored(&st, DameReading::Filled);
        (b, u)
    }

    fn teire(b: &Board, u: &[Option<Unscored>]) -> Vec<String> {
        b.points()
            .filter(|p| u[p.idx()] == Some(Unscored::Teire))
            .map(|p| b.coord(p).to_human(b.size()))
            .collect()
    }

    const KISEI_CORNER: &str = "
        . X . . . . . . .
        O X . . . . . . .
        O X X . . . . . .
        . O X . . . . . .
        O O X . . . . . .
        . O X . . . . . .
        O O X . . . . . .
        . O X . . . . . .
        O O X . . . . . .";

    /// The top-left corner of the 27th Kisei, game 1 (GNU Go's `nando/kisei27_g1.sgf`),
    /// which ended with its dame unfilled. The white two-stone string A8-A7 has the liberties
    /// A9 and A6. A9 touches White's A8 and Black's B9: a black stone there is safe, a white
    /// one would stand in atari (its only liberty A6). Once Black fills A9, A8-A7 is in atari
    /// and White must connect at A6, which was a point of White's territory (bordered by A7,
    /// A5 and B6 only). White cannot avoid it by filling first: White at A9 is self-atari. So
    /// A6 is a forced teire, and White's Japanese territory is A4 and A2 only, 2 points, not 3.
    /// The rest of the white group (A5 to B1) has the two eyes A4 and A2 and lives after the
    /// teire; Black's wall lives on the open right side.
    #[test]
    fn a_dame_the_opponent_fills_forces_a_teire() {
        let (b, u) = unscored(KISEI_CORNER);
        assert_eq!(teire(&b, &u), ["A6"]);
        // A4 and A2 stay White's territory, and no point of Black's is taken.
        assert_eq!(u.iter().filter(|x| x.is_some()).count(), 1);
    }

    /// The same corner with the dame filled (Black at A9): the string is already in atari on
    /// the board and A6 is still a point White must fill, so the count is the same whether the
    /// players filled the dame or left it.
    #[test]
    fn the_same_teire_when_the_dame_is_filled() {
        let (b, u) = unscored(
            "
            X X . . . . . . .
            O X . . . . . . .
            O X X . . . . . .
            . O X . . . . . .
            O O X . . . . . .
            . O X . . . . . .
            O O X . . . . . .
            . O X . . . . . .
            O O X . . . . . .",
        );
        // With A9 black there is no dame left; the string A8-A7 has the one liberty A6.
        assert_eq!(teire(&b, &u), ["A6"]);
    }

    /// A string the fill would leave with no way out owes no teire: here White's corner
    /// B7 A6 B6 C6 has the liberties A7 (its own one-point region) and C7, which Black can fill
    /// (two liberties, E7 and G7). After Black's C7 the corner is in atari, and White's A7 is
    /// suicide: the fill does not save it, so this is a question of the corner's status (the
    /// count was given it alive), and no point of it is taken as a teire.
    #[test]
    fn no_teire_where_the_fill_cannot_save_the_string() {
        let (b, u) = unscored(
            "
            . O . X . X .
            O O O X X X O
            X X X O O O O
            . . X X X O .
            . . . X X O .
            . . . X O O .
            . . . X O . .",
        );
        assert_eq!(teire(&b, &u), Vec::<String>::new());
    }

    /// The kisei corner of the first test when four virtual moves ended the game: A9, bordered
    /// by both colours, is a common liberty, the dame of that position, and Black fills it as
    /// before. A6 is the same forced teire.
    #[test]
    fn a_common_liberty_is_a_dame_after_four_virtual_moves() {
        let (b, u) = unscored_after(KISEI_CORNER, Mode::FourPasses);
        assert_eq!(teire(&b, &u), ["A6"]);
    }

    /// Four virtual moves ended this game with White's A8-A7 in atari at A6 (Black holds A9),
    /// and the white group below has the one eye A4 and the liberty C3, which touches Black's
    /// wall too (a common liberty). Black fills C3 safely (it joins C4, C2 and D3); then White's
    /// connection at A6 leaves the whole white corner the single liberty A4. The connection does
    /// not save it: this is the corner's status, not a teire, and no point is taken. Counting
    /// the common liberty as no dame (as before) would have charged A6, since with C3 open the
    /// connection keeps two liberties.
    #[test]
    fn a_filled_common_liberty_can_leave_no_teire_to_make() {
        let (b, u) = unscored_after(
            "
            X X . . . . . . .
            O X . . . . . . .
            O X X . . . . . .
            . O X . . . . . .
            O O X . . . . . .
            . O X . . . . . .
            O O . X . . . . .
            O O X . . . . . .
            O O X . . . . . .",
            Mode::FourPasses,
        );
        assert_eq!(teire(&b, &u), Vec::<String>::new());
    }

    /// Two threats White can each avoid, but not both. White's D2 has the liberties C2 (a
    /// point of White's territory: B2, C3, C1 and D2 around it) and the dame D1, which Black
    /// can fill safely (joined to E1-E2); White's D8 is the same shape at the top, with C8 and
    /// the dame D9 (Black joins E9-E8). White filling D1 joins D2 to the White wall, so alone
    /// either threat is avoidable and costs nothing. Together they are not: White fills one,
    /// Black fills the other and White must connect at C2 or C8. One of the two points is a
    /// forced teire.
    #[test]
    fn of_two_avoidable_threats_one_is_forced() {
        let two = "
            O O O . X . . . .
            O O . O X . . . .
            O O O X . . . . .
            . O O X . . . . .
            O O O X . . . . .
            O O O X X . . . .
            O O O X . . . . .
            O O . O X . . . .
            O O O . X . . . .";
        let (b, u) = unscored(two);
        let t = teire(&b, &u);
        assert_eq!(t.len(), 1, "{t:?}");
        assert!(t[0] == "C2" || t[0] == "C8", "{t:?}");
        // With the top threat gone (D9 filled by White, D8 joined to the wall), the bottom one
        // alone is avoidable: no teire.
        let one = "
            O O O O X . . . .
            O O . O X . . . .
            O O O X . . . . .
            . O O X . . . . .
            O O O X . . . . .
            O O O X X . . . .
            O O O X . . . . .
            O O . O X . . . .
            O O O . X . . . .";
        let (b, u) = unscored(one);
        assert_eq!(teire(&b, &u), Vec::<String>::new());
    }

    /// A threat the opponent cannot make in one fill is answered, not forced. The bottom of
    /// the previous board keeps its threat (D2, avoidable only by White's D1). At the top,
    /// White's D8 has the point C8 and two dame, D9 and D7, each of which White can fill to join
    /// the wall: when Black fills one, White fills the other. Only the bottom threat is left,
    /// avoided by White filling first: no teire.
    #[test]
    fn a_threat_with_two_answers_is_not_forced() {
        let (b, u) = unscored(
            "
            O O O . X . . . .
            O O . O X . . . .
            O O O . X . . . .
            . O O X . . . . .
            O O O X . . . . .
            O O O X X . . . .
            O O O X . . . . .
            O O . O X . . . .
            O O O . X . . . .",
        );
        assert_eq!(teire(&b, &u), Vec::<String>::new());
    }
}
