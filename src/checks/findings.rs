//! Findings F1-F11: the questions the rule text leaves open (F1-F6) and the testable claims of
//! the seeds that a game can refute (F7-F11), measured on every settled game.
//!
//! An invariant (T1-T17) is an identity of correct procedures: a failure is a bug of the
//! harness. A finding tests a reading of the text that may genuinely make a difference; it is
//! counted over the games it applies to and never reported as a failure of the harness. The two
//! lists share no id, and the reports keep them in separate files (`violations.csv` for
//! invariants, `findings.csv` for findings).

use std::sync::Arc;

use serde::Serialize;

use super::{FindingId, FINDINGS, THEOREMS};
use crate::counting::Finished;
use crate::counting::{self, fillup::Stability, BalancePlan, Count, FillUp, Half, Removal};
use crate::engine::{Color, NegativeKind, Point};
use crate::rules::{RuleId, RuleResult};
use crate::settlement::{safe_to_occupy, PointClass, SharedKind, TerritoryKind};

/// One finding's outcome on one game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FindingResult {
    /// `F1` to `F6`.
    pub id: FindingId,
    /// Whether the question arises on this game.
    pub applies: bool,
    /// Whether the text's reading makes a difference here (the claim does not hold).
    pub matters: bool,
    /// Whether the difference changes jpd-tangsong's margin.
    pub margin_changes: bool,
    /// Whether it changes the winner.
    pub winner_changes: bool,
    /// A one-line detail.
    pub detail: String,
}

impl FindingResult {
    /// Not applicable: the game has no count (a resignation, no result).
    pub fn na_for(id: FindingId) -> Self {
        Self::na(id)
    }

    fn na(id: FindingId) -> Self {
        FindingResult {
            id,
            applies: false,
            matters: false,
            margin_changes: false,
            winner_changes: false,
            detail: String::new(),
        }
    }

    /// `Some(!matters)` where the finding applies, `None` where it does not (the `holds` of
    /// the JSON output).
    pub fn holds(&self) -> Option<bool> {
        self.applies.then_some(!self.matters)
    }
}

/// Every finding on a counted game. `all` holds every rule set's result in [`RuleId::ALL`]
/// order.
pub fn findings(
    f: &Finished,
    c: &Count,
    fu: &FillUp,
    all: &[RuleResult],
    f11_one_in: u32,
) -> Vec<FindingResult> {
    let by_id = |id: RuleId| &all[RuleId::ALL.iter().position(|&x| x == id).expect("listed")];
    let t = by_id(RuleId::JpdTangsong);
    vec![
        f1(c, fu),
        f2(f, c, t),
        f3(c),
        differ(
            FindingId::F4,
            t,
            by_id(RuleId::JpdTangsongC1),
            c.tally_paused.one_sided_dame.black + c.tally_paused.one_sided_dame.white > 0,
        ),
        f5(f, c, t),
        // The Art. 11 reading balances differently only when Art. 14 takes a negative move or
        // White passed first.
        differ(
            FindingId::F6,
            t,
            by_id(RuleId::JpdTangsongB1),
            !c.plan.negatives.is_empty() || c.first_passer == Some(Color::White),
        ),
        f7(c, fu),
        f8(f, c, by_id(RuleId::Japanese)),
        f9(f, c, t, by_id(RuleId::Japanese)),
        f10(f, c, all),
        f11(f, c, all, f11_one_in),
    ]
}

/// Why a game is not a *normal ending* (通常情况下): `None` when it is one. A normal ending
/// is an even game (no setup stones) paused after the last dame was filled (no dame and no
/// one-sided dame left), with no virtual move before the final pause, no dispute, no ko point
/// left unfilled, and at least one real move. Seki is allowed; F9 excludes
/// it on top.
pub fn not_normal_ending(f: &Finished, c: &Count) -> Option<&'static str> {
    let game = &f.game;
    if c.mode != crate::settlement::Mode::Pause {
        return Some("not paused");
    }
    if game.disputes() > 0 {
        return Some("a dispute");
    }
    let setup = game.setup_stones();
    if setup.black + setup.white > 0 {
        return Some("setup (handicap) stones");
    }
    let records = game.records();
    let Some(last_real) = records
        .iter()
        .rposition(|r| matches!(r.mv, crate::engine::Move::Play(_)))
    else {
        return Some("no real move");
    };
    if records[..last_real]
        .iter()
        .any(|r| matches!(r.mv, crate::engine::Move::Virtual))
    {
        return Some("a virtual move before the last real move");
    }
    let t = &c.tally_paused;
    if t.dame_left > 0 {
        return Some("dame left");
    }
    if t.ko_points.black + t.ko_points.white > 0 {
        return Some("an unfilled ko");
    }
    if t.one_sided_dame.black + t.one_sided_dame.white > 0 {
        // A point only one side can fill, left empty: the last dame is not filled.
        return Some("a one-sided dame left");
    }
    None
}

/// F7: Art. 17's fill-back done with stones. Each side places its prisoners, dead stones and
/// virtual-move stones into its own owned points; it can do so without filling its own last
/// eyes only while they fit into its owned points less its basic eye points (the points the
/// fill-up check keeps empty: two per independent living group, one per seki group with an
/// eye, RULES.md 6.4). Where they do not fit, the equal-stones position of the text cannot be
/// built on the board (Art. 7 forbids the move that fills one's own last eye... or the group
/// dies); the count is still defined by arithmetic, so margin and winner stand.
fn f7(c: &Count, fu: &FillUp) -> FindingResult {
    if c.mode != crate::settlement::Mode::Pause {
        return FindingResult::na(FindingId::F7);
    }
    let mut short = Vec::new();
    for colour in [Color::Black, Color::White] {
        let room = c.owned[colour] - i64::from(fu.basic_eyes[colour]);
        let fill = c.fill_back[colour];
        if fill > room.max(0) {
            short.push(format!(
                "{} fills back {} into {} owned points of which {} are basic eye points: {} into its last eyes{}",
                colour.name(),
                stones(fill),
                c.owned[colour],
                fu.basic_eyes[colour],
                stones(fill - room.max(0)),
                if fill > c.owned[colour] {
                    let n = fill - c.owned[colour];
                    format!(
                        " and {n} find{} no point at all (the overflow)",
                        if n == 1 { "s" } else { "" }
                    )
                } else {
                    String::new()
                }
            ));
        }
    }
    FindingResult {
        id: FindingId::F7,
        applies: true,
        matters: !short.is_empty(),
        margin_changes: false,
        winner_changes: false,
        detail: if short.is_empty() {
            format!(
                "fits: black fills back {} into {} owned points, white {} into {}",
                c.fill_back.black, c.owned.black, c.fill_back.white, c.owned.white
            )
        } else {
            short.join("; ")
        },
    }
}

/// "1 stone", "3 stones".
fn stones(n: i64) -> String {
    format!("{n} stone{}", if n == 1 { "" } else { "s" })
}

/// The board margin of a rule set's result (komi and every compensation left out of the
/// margin, the base komi added back).
fn board_margin(r: &RuleResult) -> Half {
    r.margin + r.base_komi
}

/// F8: Wang Yuan's rule (000): when the difference of the Japanese count is odd, White
/// filled the last dame. Where the moves alternate to the end, "White moved last" means both
/// sides made the same number of real moves; on a game with earlier passes the rule is read
/// as "the two numbers of real moves differ by an even number", which is what the bookkeeping
/// below gives and what alternation reduces to. By the bookkeeping A - J = (Black's real moves - White's) + (the points
/// J does not count), and A is odd on an odd board when no point is shared, so the rule holds
/// exactly when the points J leaves out (seki eyes, shared liberties, teire) are even in
/// number; the finding counts where they are not. It applies to paused games of odd boards
/// with every dame filled and no ko point left.
fn f8(f: &Finished, c: &Count, j: &RuleResult) -> FindingResult {
    let t = &c.tally_paused;
    if c.size.is_multiple_of(2)
        || c.mode != crate::settlement::Mode::Pause
        || t.dame_left > 0
        || t.ko_points.black + t.ko_points.white > 0
        || c.last_mover.is_none()
    {
        return FindingResult::na(FindingId::F8);
    }
    let real = f.game.real_moves();
    let m = board_margin(j);
    // Half points: an integer margin is an even number of half points.
    let odd = m.0 % 2 == 0 && (m.0 / 2) % 2 != 0;
    let even = (i64::from(real.black) - i64::from(real.white)) % 2 == 0;
    FindingResult {
        id: FindingId::F8,
        applies: true,
        matters: odd != even,
        margin_changes: false,
        winner_changes: false,
        detail: format!(
            "japanese board margin {m}, real moves black {} white {} (last {}){}; seki eyes black {} white {}, shared liberties {}, one-sided dame black {} white {}",
            real.black,
            real.white,
            c.last_mover.map_or("-", Color::name),
            if not_normal_ending(f, c).is_none() { ", a normal ending" } else { "" },
            t.seki_eyes.black,
            t.seki_eyes.white,
            t.shared_liberties,
            t.one_sided_dame.black,
            t.one_sided_dame.white
        ),
    }
}

/// F9: the note of Part 1 item 12 (Japanese and Korean counting give basically the same result
/// in the usual case), tested where its prediction is exact: on a normal ending without seki
/// the Japanese board margin equals jpd-tangsong's (A - J is Black's extra real move, which
/// the balancing takes back as a type-A negative move), and the results differ by the Art. 12
/// point alone.
fn f9(f: &Finished, c: &Count, t: &RuleResult, j: &RuleResult) -> FindingResult {
    let tp = &c.tally_paused;
    let seki = tp.seki_eyes.black + tp.seki_eyes.white + tp.shared_liberties > 0;
    if seki || not_normal_ending(f, c).is_some() {
        return FindingResult::na(FindingId::F9);
    }
    let (mt, mj) = (board_margin(t), board_margin(j));
    FindingResult {
        id: FindingId::F9,
        applies: true,
        matters: mt != mj,
        margin_changes: mt != mj,
        winner_changes: t.winner != j.winner,
        detail: format!(
            "board margins jpd-tangsong {mt}, japanese {mj}; results {} {}, {} {}",
            t.rules, t.result, j.rules, j.result
        ),
    }
}

/// F10: Art. 10's note. The holder of a one-sided dame in seki, or of an unfilled single ko,
/// may pass first and fill after the opponent's real answer, or claim the point if the
/// opponent passes too; if it fills directly instead, the opponent passes first and the holder
/// "loses 1 point", because of Art. 12 (when White passes first, Black gives a point).
///
/// Tested by paired continuations from the same position: the game as played, whose final
/// pause the holder opened (the holder's virtual move, then the opponent's), against the same
/// moves up to that pause followed by the holder filling the point, the opponent passing
/// first and the holder passing. Both are judged by the referee (the fill must leave every
/// status as it was) and counted through the whole pipeline; the claim holds when
/// jpd-tangsong's margin moves by exactly 1 point against the holder. Japanese and Chinese
/// counting are given beside it. It applies to paused games with no dispute whose final pause
/// was opened by a side that holds a one-sided dame or an unfilled ko point.
fn f10(f: &Finished, c: &Count, all: &[RuleResult]) -> FindingResult {
    use crate::engine::Move;
    use crate::settlement::referee::judge;
    let na = || FindingResult::na(FindingId::F10);
    let records = f.game.records();
    let n = records.len();
    if c.mode != crate::settlement::Mode::Pause || f.game.disputes() > 0 || n < 3 {
        return na();
    }
    let (opener, answer) = (&records[n - 2], &records[n - 1]);
    if opener.mv != Move::Virtual
        || answer.mv != Move::Virtual
        || !matches!(records[n - 3].mv, Move::Play(_))
    {
        return na();
    }
    let x = opener.color;
    let st = &c.settlement_paused;
    let board = f.game.board();
    let Some(point) = board.points().find(|&p| {
        matches!(st.class(p), PointClass::OneSidedDame(h) if h == x)
            || st.class(p) == PointClass::Territory(x, TerritoryKind::KoPoint)
    }) else {
        return na();
    };
    let what = if matches!(st.class(point), PointClass::OneSidedDame(_)) {
        "one-sided dame"
    } else {
        "ko point"
    };
    let human = board.coord(point).to_human(board.size());
    let fill = [Move::Play(board.coord(point)), Move::Virtual, Move::Virtual];
    let allb = match continue_game(f, c, n - 2, &fill, (x, true), &judge(board)) {
        Ok(allb) => allb,
        Err(e) => return unfit(FindingId::F10, format!("{x} fills {human}: {e}")),
    };
    // The holder's gain from filling directly, in half points, per rule set.
    let gain = |id: RuleId| gain_of(x, all, &allb, id);
    let t = gain(RuleId::JpdTangsong);
    let (ta, tb) = (
        pick(all, RuleId::JpdTangsong),
        pick(&allb, RuleId::JpdTangsong),
    );
    let earlier = records[..n - 2].iter().any(|r| r.mv == Move::Virtual);
    FindingResult {
        id: FindingId::F10,
        applies: true,
        matters: t != Half(-2),
        margin_changes: t != Half(0),
        winner_changes: ta.winner != tb.winner,
        detail: format!(
            "{x}'s {what} {human}: pass first {}, fill directly {} ({x} {} under jpd-tangsong; japanese {}, chinese {}, jpd-tangsong-c1 {}){}",
            ta.result,
            tb.result,
            signed(t),
            signed(gain(RuleId::Japanese)),
            signed(gain(RuleId::Chinese)),
            signed(gain(RuleId::JpdTangsongC1)),
            if earlier {
                "; a virtual move earlier in the game already decided who passed first"
            } else {
                ""
            }
        ),
    }
}

/// A finding that would apply but whose continuation cannot be built or changes a status:
/// not counted, with why.
fn unfit(id: FindingId, detail: String) -> FindingResult {
    FindingResult {
        id,
        applies: false,
        matters: false,
        margin_changes: false,
        winner_changes: false,
        detail,
    }
}

/// Every rule set's result on the game's first `upto` moves followed by `moves` (a paused game
/// is resumed first), with the same dead stones. Refused where the moves are illegal or the
/// referee's verdict on a stone of the paused position changes (but, with `connects`, for
/// `mover`'s stones proven alive after: a ko fill that connects them), so that the two games
/// differ only by the moves.
fn continue_game(
    f: &Finished,
    c: &Count,
    upto: usize,
    moves: &[crate::engine::Move],
    (mover, connects): (Color, bool),
    before: &crate::settlement::referee::Judgement,
) -> Result<Vec<RuleResult>, String> {
    use crate::engine::{Move, Phase};
    use crate::settlement::referee::{judge, Status};
    // `before`: the referee's judgement of the paused board, made once by the caller.
    let mut g = super::symmetry::replay_prefix(f, 0, upto)?.game;
    for &mv in moves {
        if g.phase() == Phase::Paused && matches!(mv, Move::Play(_)) {
            g.resume().map_err(|e| e.to_string())?;
        }
        g.play(mv).map_err(|e| e.to_string())?;
    }
    let fb = Finished {
        game: g,
        dead: f.dead.clone(),
    };
    let board = f.game.board();
    let after = judge(fb.game.board());
    if let Some(p) = board.points().find(|&p| {
        board.stone(p).is_some_and(|col| {
            before.status(p) != after.status(p)
                && !(connects && col == mover && after.status(p) == Status::Alive)
        })
    }) {
        return Err(format!(
            "the status of {} changes",
            board.coord(p).to_human(board.size())
        ));
    }
    let cb =
        counting::count(&fb.game, &fb.dead_points(), c.balancing, 0).map_err(|e| e.to_string())?;
    Ok(crate::rules::score_all(&fb, &cb, c.balancing, None).1)
}

/// F11: Part 1 item 10 (territory counting, too, settles every dispute by play). Its point,
/// as 000 argues it against Japanese counting: a side that plays on inside its own area after
/// the pause loses nothing under equal-stones counting, where Japanese counting charges it a
/// point of territory. Tested by a paired continuation: the game as paused, against the same
/// game resumed by the side to move with a stone in its own territory (the first point, in
/// board order, that leaves every status as the referee proved it), the opponent passing and
/// the mover passing. Holds when jpd-tangsong's margin is unchanged; Japanese and Chinese are
/// given beside it. It applies to paused games whose pause was two virtual moves after a real
/// move, where the side to move has territory; with `one_in` above 1, only to those whose
/// paused position's hash is a multiple of it (a campaign's sample).
fn f11(f: &Finished, c: &Count, all: &[RuleResult], one_in: u32) -> FindingResult {
    use crate::engine::Move;
    use crate::settlement::referee::judge;
    let records = f.game.records();
    let n = records.len();
    if c.mode != crate::settlement::Mode::Pause
        || n < 3
        || records[n - 2].mv != Move::Virtual
        || records[n - 1].mv != Move::Virtual
        || !matches!(records[n - 3].mv, Move::Play(_))
        || !f
            .game
            .board()
            .hash()
            .is_multiple_of(u64::from(one_in.max(1)))
    {
        return FindingResult::na(FindingId::F11);
    }
    let x = records[n - 2].color;
    let st = &c.settlement_paused;
    let board = f.game.board();
    let mut tried = 0;
    let mut last_err = String::new();
    // Judged once, at the first point tried, for the (up to three) points tried.
    let mut before = None;
    for point in board
        .points()
        .filter(|&p| st.class(p) == PointClass::Territory(x, TerritoryKind::Enclosed))
    {
        if tried == 3 {
            break;
        }
        tried += 1;
        let human = board.coord(point).to_human(board.size());
        let play_on = [Move::Play(board.coord(point)), Move::Virtual, Move::Virtual];
        let allb = match continue_game(
            f,
            c,
            n,
            &play_on,
            (x, false),
            before.get_or_insert_with(|| judge(board)),
        ) {
            Ok(allb) => allb,
            Err(e) => {
                last_err = format!("{x} plays {human}: {e}");
                continue;
            }
        };
        let gain = |id: RuleId| gain_of(x, all, &allb, id);
        let (ta, tb) = (
            pick(all, RuleId::JpdTangsong),
            pick(&allb, RuleId::JpdTangsong),
        );
        let t = gain(RuleId::JpdTangsong);
        return FindingResult {
            id: FindingId::F11,
            applies: true,
            matters: t != Half(0),
            margin_changes: t != Half(0),
            winner_changes: ta.winner != tb.winner,
            detail: format!(
                "{x} resumes at {human} inside its own territory: jpd-tangsong {} then {} ({x} {}); japanese {} then {} ({x} {}), chinese {x} {}",
                ta.result,
                tb.result,
                signed(t),
                pick(all, RuleId::Japanese).result,
                pick(&allb, RuleId::Japanese).result,
                signed(gain(RuleId::Japanese)),
                signed(gain(RuleId::Chinese)),
            ),
        };
    }
    if tried == 0 {
        FindingResult::na(FindingId::F11)
    } else {
        unfit(FindingId::F11, last_err)
    }
}

/// Rule set `id`'s result among every rule set's (in [`RuleId::ALL`] order).
fn pick(v: &[RuleResult], id: RuleId) -> &RuleResult {
    &v[RuleId::ALL.iter().position(|&r| r == id).expect("listed")]
}

/// What `x` gains under rule set `id` from the game `before` to the game `after`, in half
/// points.
fn gain_of(x: Color, before: &[RuleResult], after: &[RuleResult], id: RuleId) -> Half {
    let d = pick(after, id).margin - pick(before, id).margin;
    if x == Color::Black {
        d
    } else {
        Half(-d.0)
    }
}

/// A gain in half points as a signed number of points (`+1`, `-1`, `0`, `-0.5`).
fn signed(h: Half) -> String {
    if h.0 > 0 {
        format!("+{h}")
    } else {
        h.to_string()
    }
}

fn winner(margin: Half) -> Option<Color> {
    match margin.0.signum() {
        1 => Some(Color::Black),
        -1 => Some(Color::White),
        _ => None,
    }
}

/// A finding measured as the difference between jpd-tangsong and the rule set of the other
/// reading.
fn differ(id: FindingId, t: &RuleResult, other: &RuleResult, applies: bool) -> FindingResult {
    if !applies {
        return FindingResult::na(id);
    }
    let margin_changes = t.margin != other.margin;
    FindingResult {
        id,
        applies,
        matters: margin_changes || t.winner != other.winner,
        margin_changes,
        winner_changes: t.winner != other.winner,
        detail: format!("{} {} {} {}", t.rules, t.result, other.rules, other.result),
    }
}

/// F1: fill-up stability, on a paused game without dame left (with dame left the position is
/// unfinished, Art. 10).
fn f1(c: &Count, fu: &FillUp) -> FindingResult {
    if c.mode != crate::settlement::Mode::Pause || c.tally_paused.dame_left > 0 {
        return FindingResult::na(FindingId::F1);
    }
    let st = &c.settlement_paused;
    let b = st.board();
    let atari_in_seki = b.points().any(|p| {
        b.stone(p).is_some()
            && b.liberties(p) == 1
            && matches!(
                st.class(b.string_liberties(p)[0]),
                PointClass::Shared(SharedKind::SharedLiberty) | PointClass::OneSidedDame(_)
            )
    });
    FindingResult {
        id: FindingId::F1,
        applies: true,
        matters: fu.stability == Stability::Unstable,
        margin_changes: false,
        winner_changes: false,
        detail: format!(
            "{}{}{}",
            fu.stability.name(),
            fu.problem
                .as_deref()
                .map(|p| format!(": {p}"))
                .unwrap_or_default(),
            if atari_in_seki {
                " (a string in atari in a seki: a hanezeki-like shape)"
            } else {
                ""
            }
        ),
    }
}

/// F2: every qualifying negative-move stone taken off physically, each against every other.
fn f2(f: &Finished, c: &Count, t: &RuleResult) -> FindingResult {
    if c.plan.negatives.is_empty() {
        return FindingResult::na(FindingId::F2);
    }
    let komi = c.territory_margin() - t.margin;
    let outcomes = physical_outcomes(f, c, usize::MAX);
    let mut margins: Vec<Half> = outcomes.iter().map(|o| o.territory_margin - komi).collect();
    margins.sort();
    margins.dedup();
    let mut counts: Vec<(Half, Half, Half, Half)> = outcomes.iter().map(|o| o.counts).collect();
    counts.sort();
    counts.dedup();
    let winners: Vec<Option<Color>> = {
        let mut w: Vec<Option<Color>> = margins.iter().map(|&m| winner(m)).collect();
        w.dedup();
        w
    };
    let dame = c.tally_paused.dame_left > 0;
    let decree = (
        c.area.black,
        c.area.white,
        c.territory.black,
        c.territory.white,
    );
    let in_play = if counts.len() > 1 {
        in_play(f, outcomes.iter().filter(|o| o.counts != decree))
    } else {
        String::new()
    };
    FindingResult {
        id: FindingId::F2,
        applies: true,
        matters: counts.len() > 1,
        margin_changes: margins.len() > 1,
        winner_changes: winners.len() > 1,
        detail: format!(
            "{} choices, {} distinct counts, jpd-tangsong margins {}{}{}{}",
            outcomes.len(),
            counts.len(),
            margins
                .iter()
                .map(|m| m.to_string())
                .collect::<Vec<_>>()
                .join(" / "),
            outcomes
                .iter()
                .find(|o| o.counts != decree)
                .map(|o| format!("; e.g. {}", changed_points(f, c, o)))
                .unwrap_or_default(),
            if dame { "; dame left" } else { "" },
            in_play
        ),
    }
}

/// F2 in play: for each choice whose physical removal changes the count, the referee judges
/// the paused board with that stone taken off, and the choice is sorted by what happens to
/// the other stones' statuses: all kept as at the pause (the count's difference stands in
/// play), one changed (the removal harms its own side, or frees the opponent: a player would
/// avoid it), or one no longer proven.
fn in_play<'a>(f: &Finished, changing: impl Iterator<Item = &'a PhysicalOutcome>) -> String {
    use crate::settlement::referee::{judge, Status};
    let paused = f.game.board();
    let before = judge(paused);
    let (mut kept, mut changed, mut unproven) = (0, 0, 0);
    for o in changing {
        let mut b = paused.clone();
        b.remove_stone(o.stone);
        let after = judge(&b);
        let mut verdict = 0;
        for p in paused.points() {
            if p == o.stone || paused.stone(p).is_none() {
                continue;
            }
            let (s0, s1) = (before.status(p), after.status(p));
            if s0 == s1 || s0 == Status::Unknown {
                continue;
            }
            verdict = verdict.max(if s1 == Status::Unknown { 1 } else { 2 });
        }
        match verdict {
            0 => kept += 1,
            1 => unproven += 1,
            _ => changed += 1,
        }
    }
    format!(
        "; in play: {kept} count-changing choices keep every status, {changed} change one, {unproven} leave one unproven"
    )
}

/// What taking `o`'s stone off physically changes: the stone and up to three points whose class
/// differs from the count by decree.
fn changed_points(f: &Finished, c: &Count, o: &PhysicalOutcome) -> String {
    let board = f.game.board();
    let human = |p: Point| board.coord(p).to_human(board.size());
    let mut plan = c.plan.clone();
    let (p0, kind) = plan.negatives[o.negative];
    plan.negatives[o.negative] = (o.stone, kind);
    let changed = match counting::count_with_plan(
        &f.game,
        &c.settlement_paused,
        plan,
        c.mode,
        c.balancing,
        Removal::Physical,
    ) {
        Ok(t) => board
            .points()
            .filter(|&q| q != o.stone && q != p0 && t.settlement.class(q) != c.settlement.class(q))
            .take(3)
            .map(|q| {
                format!(
                    "{} turns from {} into {}",
                    human(q),
                    c.settlement.class(q).reason(),
                    t.settlement.class(q).reason()
                )
            })
            .collect::<Vec<_>>()
            .join(", "),
        Err(e) => e.to_string(),
    };
    format!("{} taken physically: {changed}", human(o.stone))
}

/// The count with one qualifying negative-move stone taken off physically.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PhysicalOutcome {
    /// Which negative move of the plan it replaces.
    pub negative: usize,
    /// The stone taken.
    pub stone: Point,
    /// The territory margin b - w.
    pub territory_margin: Half,
    /// (B, W, b, w).
    pub counts: (Half, Half, Half, Half),
}

/// For every negative move of the plan and every qualifying stone of its kind, the count with
/// that stone taken off physically. At most `limit` stones per kind.
pub fn physical_outcomes(f: &Finished, c: &Count, limit: usize) -> Vec<PhysicalOutcome> {
    physical_outcomes_with(f, c, limit, true)
}

/// [`physical_outcomes`]; `fast` skips the recount where it provably equals the decree's.
fn physical_outcomes_with(
    f: &Finished,
    c: &Count,
    limit: usize,
    fast: bool,
) -> Vec<PhysicalOutcome> {
    let st0 = &c.settlement_paused;
    let a = counting::balance::type_a_candidates(st0);
    let b = counting::balance::type_b_candidates(st0);
    let mut out = Vec::new();
    let board = st0.board();
    let no_mixed = board.points().all(|p| {
        !matches!(
            st0.class(p),
            PointClass::Shared(SharedKind::SharedLiberty | SharedKind::DameLeft)
                | PointClass::OneSidedDame(_)
                | PointClass::Territory(_, TerritoryKind::KoPoint)
        )
    });
    for (i, &(p0, kind)) in c.plan.negatives.iter().enumerate() {
        let cands = match kind {
            NegativeKind::A => &a,
            NegativeKind::B => &b,
        };
        for &alt in cands.iter().take(limit) {
            if alt != p0 && c.plan.negatives.iter().any(|&(q, _)| q == alt) {
                continue;
            }
            if fast && no_mixed && removal_changes_nothing(st0, alt) {
                // See `removal_changes_nothing`: the physical count is then the decree's, which
                // T11 proves equal for every choice.
                out.push(PhysicalOutcome {
                    negative: i,
                    stone: alt,
                    territory_margin: c.territory_margin(),
                    counts: (
                        c.area.black,
                        c.area.white,
                        c.territory.black,
                        c.territory.white,
                    ),
                });
                continue;
            }
            let mut plan: BalancePlan = c.plan.clone();
            plan.negatives[i] = (alt, kind);
            if let Ok(t) = counting::count_with_plan(
                &f.game,
                st0,
                plan,
                c.mode,
                c.balancing,
                Removal::Physical,
            ) {
                out.push(PhysicalOutcome {
                    negative: i,
                    stone: alt,
                    territory_margin: t.territory_margin(),
                    counts: (
                        t.area.black,
                        t.area.white,
                        t.territory.black,
                        t.territory.white,
                    ),
                });
            }
        }
    }
    out
}

/// Whether taking the black stone at `alt` off can change no point's class when no point is
/// bordered by both colours and no ko point exists. Regions keep their colours (the pinned point
/// borders as the stone it was), so only a ko point could appear, and that needs a string with
/// one liberty beside a one-point region: the strings the removal touches only gain the
/// liberty `alt` (a white string beside it) or keep it (each part of the black string touches
/// `alt`), so when each of them has two liberties already, none can then have one.
fn removal_changes_nothing(st: &crate::settlement::Settlement, alt: Point) -> bool {
    let b = st.board();
    b.liberties(alt) >= 2
        && b.adj(alt)
            .iter()
            .all(|&q| b.stone(q).is_none() || b.liberties(q) >= 2)
}

/// F3: the literal formula of Art. 19(3) when the overflow of Art. 17 happened.
fn f3(c: &Count) -> FindingResult {
    if c.s == 0 {
        return FindingResult::na(FindingId::F3);
    }
    let k = c.k();
    let q2 = Half(c.shared as i64);
    let literal_b = c.territory.black + Half::points(k) + q2;
    FindingResult {
        id: FindingId::F3,
        applies: true,
        matters: literal_b != c.area.black,
        // Both sides' literal areas are off by the same s: the margin and winner stand.
        margin_changes: false,
        winner_changes: false,
        detail: format!(
            "literal B = b + k + q/2 = {} but B = {} (s = {}); the margin is unchanged",
            literal_b, c.area.black, c.s
        ),
    }
}

/// F5: the points the one-move criterion labels differently from the seki search (on the
/// paused position after dead-stone removal), and what jpd-tangsong would give with the
/// one-move labels.
fn f5(f: &Finished, c: &Count, t: &RuleResult) -> FindingResult {
    if c.mode != crate::settlement::Mode::Pause {
        return FindingResult::na(FindingId::F5);
    }
    let st0 = &c.settlement_paused;
    let b = st0.board();
    let mut scratch = b.clone();
    let mut pins: Vec<(Point, PointClass)> = Vec::new();
    let mut mixed = 0;
    let mut hanezeki = false;
    for p in b.points() {
        if b.stone(p).is_some() {
            if b.liberties(p) == 1 && b.string_head(p) == p {
                let l = b.string_liberties(p)[0];
                hanezeki |= matches!(
                    st0.class(l),
                    PointClass::Shared(SharedKind::SharedLiberty) | PointClass::OneSidedDame(_)
                );
            }
            continue;
        }
        let (mut sees_b, mut sees_w) = (false, false);
        for q in b.adj(p) {
            match b.stone(q) {
                Some(Color::Black) => sees_b = true,
                Some(Color::White) => sees_w = true,
                None => {}
            }
        }
        if !(sees_b && sees_w) || st0.pinned().contains(&p) {
            continue;
        }
        mixed += 1;
        let one_move = match (
            safe_to_occupy(b, &mut scratch, p, Color::Black),
            safe_to_occupy(b, &mut scratch, p, Color::White),
        ) {
            (true, true) => PointClass::Shared(SharedKind::DameLeft),
            (true, false) => PointClass::OneSidedDame(Color::Black),
            (false, true) => PointClass::OneSidedDame(Color::White),
            (false, false) => PointClass::Shared(SharedKind::SharedLiberty),
        };
        if one_move != st0.class(p) {
            pins.push((p, one_move));
        }
    }
    if mixed == 0 && !hanezeki {
        return FindingResult::na(FindingId::F5);
    }
    let mut r = FindingResult {
        id: FindingId::F5,
        applies: true,
        matters: !pins.is_empty() || hanezeki,
        margin_changes: false,
        winner_changes: false,
        detail: String::new(),
    };
    let mut notes: Vec<String> = pins
        .iter()
        .take(3)
        .map(|&(p, cl)| {
            format!(
                "{} is {} by the search, {} by one move",
                b.coord(p).to_human(b.size()),
                st0.class(p).reason(),
                cl.reason()
            )
        })
        .collect();
    if hanezeki {
        notes.push("a string in atari in a proven seki, capturable at once by one move".into());
    }
    if !pins.is_empty() {
        let st = Arc::new(st0.with_decrees(&pins));
        if let Ok(alt) = counting::count_with_plan(
            &f.game,
            &st,
            c.plan.clone(),
            c.mode,
            c.balancing,
            Removal::Decree,
        ) {
            let komi = c.territory_margin() - t.margin;
            let m = alt.territory_margin() - komi;
            r.margin_changes = m != t.margin;
            r.winner_changes = winner(m) != winner(t.margin);
            notes.push(format!(
                "jpd-tangsong margin {} by the search, {} by one move",
                t.margin, m
            ));
        }
    }
    r.detail = format!("{} points differ: {}", pins.len(), notes.join("; "));
    r
}

/// The finding ids never collide with the invariant ids.
pub fn ids_are_disjoint() -> bool {
    FINDINGS.iter().all(|f| !THEOREMS.contains(f))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::counting::Balancing;
    use crate::harness::generate::{generate, GameSpec, Policy};

    /// The shortcut of [`physical_outcomes`] gives exactly what recounting every choice gives,
    /// on generated games of every policy that take a negative move.
    #[test]
    fn the_physical_shortcut_equals_the_recount() {
        let mut compared = 0;
        for policy in Policy::CONCRETE {
            for index in 0..150 {
                let g = generate(&GameSpec {
                    master_seed: 9,
                    index,
                    size: 7,
                    policy,
                });
                let dead: Vec<Point> = g
                    .finished
                    .dead
                    .iter()
                    .map(|&c| g.finished.game.board().point(c))
                    .collect();
                let Ok(c) = counting::count(&g.finished.game, &dead, Balancing::Art14, 0) else {
                    continue;
                };
                if c.plan.negatives.is_empty() {
                    continue;
                }
                compared += 1;
                assert_eq!(
                    physical_outcomes_with(&g.finished, &c, usize::MAX, true),
                    physical_outcomes_with(&g.finished, &c, usize::MAX, false),
                    "{policy} {index}"
                );
            }
        }
        assert!(compared > 50, "{compared}");
    }
}
