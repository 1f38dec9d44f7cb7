//! Replaying a record on a [`Game`]: the moves in turn (with implied passes on request), the end
//! of a record that stops in play (resigned or paused from its `RE`), and the dead stones from
//! the territory marks of the last node.

use super::edits;
use super::SetupEdit;
use super::{ResultHow, SgfError, SgfRecord};
use crate::engine::{Color, Coord, End, Game, Move, Phase, PlayRules};

/// A record played out on a [`Game`].
#[derive(Clone, Debug)]
pub struct Replayed {
    /// The game after the last move (resigned if `RE` says so and play had not ended).
    pub game: Game,
    /// Dead stones from the territory marks (see [`SgfRecord::dead`]), sorted.
    pub dead: Vec<Coord>,
    /// The record, with `dead` filled in and the notes of the replay added.
    pub record: SgfRecord,
}

/// Plays `rec` on a new [`Game`] under `rules` and derives the dead stones from the territory
/// marks of the last node.
///
/// Each move's colour must be the player to move (SGF allows the same colour twice; these rules
/// do not). The record must end with the game paused (two consecutive virtual moves) or ended
/// (four), unless `RE` names a resignation, which is then applied with [`Game::resign`].
///
/// A stone covered by the opponent's mark (a black stone under `TW`) is dead; a stone under its
/// own colour's mark is ignored with a note.
///
/// A record that stops in play with a count in `RE` (`B+3.5`, `0`) is counted as paused after
/// its last move: see [`replay_with`].
pub fn replay(rec: &SgfRecord, rules: PlayRules) -> Result<Replayed, SgfError> {
    replay_with(rec, rules, ReplayOptions::default())
}

/// Options of [`replay_with`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReplayOptions {
    /// Count a record that stops in play as paused after its last move even when `RE` holds
    /// no count (`jpd score --assume-pause`).
    pub assume_pause: bool,
    /// Read two moves of one colour in a row as an unrecorded virtual move of the other side
    /// between them, with a note (`jpd score --implied-passes`). Without it such a record is
    /// refused ([`SgfError::WrongTurn`]), since these rules count every virtual move.
    pub implied_passes: bool,
}

/// [`replay`] with options. A record that stops while the game is in play is
/// * resigned when `RE` says the game was won by resignation, time or forfeit (`B+R`, `W+T`,
///   `B+F`): the loser resigns, and there is no count;
/// * counted as paused after its last move when `RE` holds a count (`B+3.5`, `W+12`, `0`,
///   `Draw`, `Jigo`) or `opts.assume_pause` is set: the side to move makes a virtual move, then,
///   unless that paused the game, the other, with the note "no final passes: counted as paused
///   after move N";
/// * refused ([`SgfError::NotEnded`]) otherwise.
pub fn replay_with(
    rec: &SgfRecord,
    rules: PlayRules,
    opts: ReplayOptions,
) -> Result<Replayed, SgfError> {
    let mut record = rec.clone();
    let mut game =
        Game::with_setup(u32::from(rec.size), rules, &rec.setup).map_err(SgfError::Setup)?;
    if let Some(c) = rec.player_to_move {
        game.set_to_move(c);
    }
    let mut taken_off = Vec::new();
    let repeats = play_moves(rec, rules, &mut game, &mut record, &mut taken_off, opts)?;
    if game.end_in_cycle() {
        record.notes.push(format!(
            "the record stops in a repeated position (after move {}): no result under J89 Art. 12 \
             (the players did not give way)",
            game.records().len()
        ));
    } else if !repeats.is_empty() && game.phase() != Phase::Ended(End::NoResultCycle) {
        let mut list: Vec<String> = repeats.iter().take(5).map(|m| m.to_string()).collect();
        if repeats.len() > 5 {
            list.push(format!("and {} more", repeats.len() - 5));
        }
        let one = repeats.len() == 1;
        record.notes.push(format!(
            "{} {} {} an earlier whole-board position; the record leaves the repetition and \
             goes on, so J89 Art. 12 (no result only when the players do not give way) does \
             not end the game there",
            if one { "move" } else { "moves" },
            list.join(", "),
            if one { "recreates" } else { "recreate" },
        ));
    }
    end_unfinished(rec, &mut game, &mut record.notes, opts)?;
    let mut dead = dead_from_marks(rec, &game, &mut record.notes);
    let board = game.board();
    dead.extend(taken_off.into_iter().filter(|&at| {
        board
            .checked_point(at)
            .is_some_and(|p| board.stone(p).is_some())
    }));
    dead.sort();
    dead.dedup();
    if game.phase() == Phase::Ended(End::FourPasses) && !dead.is_empty() {
        record.notes.push(
            "the game ended by four virtual moves (Art. 18: every stone is alive), yet TB/TW mark stones dead"
                .into(),
        );
    }
    record.dead = dead.clone();
    Ok(Replayed { game, dead, record })
}

/// The record's moves played on a new [`Game`] under `rules`, as [`replay`] plays them (setup,
/// player to move, edits during play), but with nothing after the last move: no pause or
/// resignation added from `RE`, no dead stones. The game a GTP session goes on from after
/// `loadsgf` (`jpd gtp`).
pub fn play_out(rec: &SgfRecord, rules: PlayRules) -> Result<Game, SgfError> {
    let mut record = rec.clone();
    let mut game =
        Game::with_setup(u32::from(rec.size), rules, &rec.setup).map_err(SgfError::Setup)?;
    if let Some(c) = rec.player_to_move {
        game.set_to_move(c);
    }
    let mut taken_off = Vec::new();
    play_moves(
        rec,
        rules,
        &mut game,
        &mut record,
        &mut taken_off,
        ReplayOptions::default(),
    )?;
    Ok(game)
}

/// Plays the record's moves in turn, naming the first that is out of turn, illegal, or after the
/// end of the game. With `opts.implied_passes`, a move out of turn is preceded by a virtual move
/// of the side to move, with a note. The record's edits ([`SetupEdit`]) are applied where they
/// stand: stones taken off at the end go to `taken_off`; an edited position restarts the game,
/// and `record` then counts from it. Returns the numbers of the moves that recreated an earlier
/// position and left play going on ([`Game::repeating`]).
fn play_moves(
    rec: &SgfRecord,
    rules: PlayRules,
    game: &mut Game,
    record: &mut SgfRecord,
    taken_off: &mut Vec<Coord>,
    opts: ReplayOptions,
) -> Result<Vec<usize>, SgfError> {
    let mut first_counted = 0;
    let mut repeats = Vec::new();
    let n = rec.moves.len();
    for i in 0..=n {
        let next = rec.moves.get(i).map(|m| m.color);
        for e in rec.edits.iter().filter(|e| e.before_move.min(n) == i) {
            if apply_edit(game, e, rec, record, rules, next, taken_off)? {
                first_counted = i;
            }
        }
        let Some(m) = rec.moves.get(i) else { break };
        let notes = &mut record.notes;
        let move_number = i + 1;
        if let Phase::Ended(end) = game.phase() {
            return Err(SgfError::AfterEnd {
                move_number,
                node: m.node,
                how: match end {
                    End::FourPasses => "four consecutive virtual moves".into(),
                    End::NoResultCycle => "a repeated position, no result".into(),
                    End::Resignation(c) => format!("{c} resigned"),
                },
            });
        }
        if m.color != game.to_move()
            && opts.implied_passes
            && game.phase() == Phase::Playing
            && game.consecutive_virtual() == 0
        {
            let other = game.to_move();
            if game.play(Move::Virtual).is_ok() {
                notes.push(format!(
                    "move {move_number} (node {}): {} moved twice in a row: a virtual move of {} \
                     is read between them (--implied-passes)",
                    m.node,
                    m.color.name(),
                    other.name()
                ));
            }
        }
        if m.color != game.to_move() {
            return Err(SgfError::WrongTurn {
                move_number,
                node: m.node,
                color: m.color,
                expected: game.to_move(),
            });
        }
        let mv = match m.at {
            Some(at) => Move::Play(at),
            None => Move::Virtual,
        };
        if let Err(reason) = game.play(mv) {
            let (at_human, at_sgf) = match m.at {
                Some(at) => (at.to_human(rec.size), at.to_sgf()),
                None => ("virtual".into(), String::new()),
            };
            return Err(SgfError::IllegalMove {
                move_number,
                node: m.node,
                color: m.color,
                at_human,
                at_sgf,
                reason,
            });
        }
        if game.repeating() {
            repeats.push(move_number);
        }
    }
    record.moves.drain(..first_counted);
    Ok(repeats)
}

/// Applies one [`SetupEdit`] met in the replay. Stones taken off at the end stay on the board and
/// go to `taken_off` (the record's dead stones). Any other edit restarts `game` from the edited
/// position, `next` (the colour of the next recorded move, else the player to move) to move,
/// and `record` takes that position as its setup; returns `true` then. Notes say which.
fn apply_edit(
    game: &mut Game,
    e: &SetupEdit,
    rec: &SgfRecord,
    record: &mut SgfRecord,
    rules: PlayRules,
    next: Option<Color>,
    taken_off: &mut Vec<Coord>,
) -> Result<bool, SgfError> {
    if e.removes_dead_at_end(&rec.moves) {
        let board = game.board();
        let (stones, empty): (Vec<Coord>, Vec<Coord>) = e.removed.iter().partition(|&&at| {
            board
                .checked_point(at)
                .is_some_and(|p| board.stone(p).is_some())
        });
        record.notes.push(format!(
            "node {}: AE after the last stone played takes {} stone(s) off the board: read as the record's dead stones, as TB/TW marks would be{}",
            e.node,
            stones.len(),
            if empty.is_empty() {
                String::new()
            } else {
                format!(" ({} empty point(s) in it ignored)", empty.len())
            }
        ));
        taken_off.extend(stones);
        return Ok(false);
    }
    let next = next.unwrap_or_else(|| game.to_move());
    let (g, stones) = edits::restart(game, e, rules, next).map_err(SgfError::Setup)?;
    record.notes.push(format!(
        "node {}: setup after move {} (AB/AW/AE: {} stone(s) placed, {} point(s) emptied) edits the position: the game is counted from the edited position, taken as its starting setup ({} stones), {} to move; moves 1-{} are not part of the counted game",
        e.node,
        e.before_move,
        e.added.len(),
        e.removed.len(),
        stones.len(),
        next.name(),
        e.before_move
    ));
    record.setup = stones;
    record.handicap = None;
    record.player_to_move = Some(next);
    *game = g;
    Ok(true)
}

/// Ends a record that stops while the game is in play: resigned when `RE` names a loss without
/// a count, paused when `RE` is a count or `opts.assume_pause` is set, else refused.
fn end_unfinished(
    rec: &SgfRecord,
    game: &mut Game,
    notes: &mut Vec<String>,
    opts: ReplayOptions,
) -> Result<(), SgfError> {
    let last_node = rec.moves.last().map_or(0, |m| m.node);
    let re = rec.result_parsed;
    let loser = rec
        .resigned
        .or_else(|| re.and_then(|r| r.loser_without_count()));
    let scored = re.is_some_and(|r| r.is_score());
    match game.phase() {
        Phase::Playing | Phase::Paused if loser.is_some() => {
            if let Some(loser) = loser {
                game.resign(loser);
                let how = re.map(|r| r.how);
                if matches!(how, Some(ResultHow::Time | ResultHow::Forfeit)) {
                    notes.push(format!(
                        "RE[{}]: {} lost {}: reported as a loss with no count, as a resignation is",
                        rec.result.as_deref().unwrap_or(""),
                        loser.name(),
                        if how == Some(ResultHow::Time) {
                            "on time"
                        } else {
                            "by forfeit"
                        }
                    ));
                }
            }
        }
        Phase::Playing if scored || opts.assume_pause => {
            let mut added = Vec::new();
            while game.phase() == Phase::Playing && added.len() < 2 {
                let c = game.to_move();
                if game.play(Move::Virtual).is_err() {
                    break;
                }
                added.push(c.name());
            }
            if game.phase() != Phase::Paused {
                return Err(SgfError::NotEnded {
                    moves: rec.moves.len(),
                    node: last_node,
                });
            }
            notes.push(format!(
                "no final passes: counted as paused after move {} ({}; virtual moves added: {})",
                rec.moves.len(),
                if scored {
                    format!("RE[{}] is a count", rec.result.as_deref().unwrap_or(""))
                } else {
                    "--assume-pause".to_string()
                },
                added.join(", ")
            ));
        }
        Phase::Playing => {
            return Err(SgfError::NotEnded {
                moves: rec.moves.len(),
                node: last_node,
            })
        }
        _ => {}
    }
    Ok(())
}

/// The dead stones of the final position: stones covered by the opponent's territory mark,
/// sorted; a stone under its own colour's mark is ignored with a note.
fn dead_from_marks(rec: &SgfRecord, game: &Game, notes: &mut Vec<String>) -> Vec<Coord> {
    let mut dead = Vec::new();
    let board = game.board();
    for mark in Color::BOTH {
        for &at in &rec.territory[mark] {
            let Some(p) = board.checked_point(at) else {
                continue;
            };
            match board.stone(p) {
                Some(c) if c == mark.opp() => dead.push(at),
                Some(_) => notes.push(format!(
                    "{} stone at {} under its own territory mark {} ignored",
                    mark,
                    at.to_human(rec.size),
                    if mark == Color::Black { "TB" } else { "TW" }
                )),
                None => {}
            }
        }
    }
    dead.sort();
    dead.dedup();
    dead
}
