//! Realistic games: GNU Go plays itself, seeded deterministically.
//!
//! Game `index` of master seed `S` draws, from [`Rng::for_game`]`(S, index)` and in this order:
//! the GNU Go level (uniform in the level range), the number of random first moves (uniform in
//! `0..=max_random_moves`), GNU Go's own random seed, then each random first move (uniform over
//! the legal empty points). GNU Go then generates both sides' moves (`genmove`, alternately)
//! until two consecutive passes. Every move is also played on our [`Game`] under the
//! Ji-Ping-Dian play rules (positional superko, which GNU Go is started with too), so the record
//! is legal for us by construction. The same GNU Go version gives the same games.

use std::str::FromStr;

use crate::engine::{Coord, Game, Move, PerSide, Phase, PlayRules};
use crate::gtp::{parse_vertex, Engine};
use crate::harness::rng::Rng;
use crate::sgf::{parse_sgf, replay};

use super::{judge, sgf_of, GnuJudgement, GnuStatus, OracleError, OracleRules};

/// An inclusive range of GNU Go levels, written `3` or `0-10`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Levels {
    /// Lowest level.
    pub lo: u8,
    /// Highest level.
    pub hi: u8,
}

impl FromStr for Levels {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let bad =
            || format!("bad level range '{s}': write a level (0 to 10) or a range such as 0-10");
        let (lo, hi) = match s.split_once('-') {
            Some((a, b)) => (
                a.trim().parse().map_err(|_| bad())?,
                b.trim().parse().map_err(|_| bad())?,
            ),
            None => {
                let v: u8 = s.trim().parse().map_err(|_| bad())?;
                (v, v)
            }
        };
        if lo > hi || hi > 10 {
            return Err(bad());
        }
        Ok(Levels { lo, hi })
    }
}

/// One self-play game to make.
#[derive(Clone, Copy, Debug)]
pub struct SelfPlaySpec {
    /// Master seed.
    pub master_seed: u64,
    /// Game index.
    pub index: u64,
    /// Board size (5 to 19).
    pub size: u8,
    /// GNU Go levels to draw from.
    pub levels: Levels,
    /// At most this many random first moves.
    pub max_random_moves: u32,
}

/// A finished self-play game.
#[derive(Clone, Debug)]
pub struct SelfPlayed {
    /// `gnugo-sNN-lNN-III.sgf`.
    pub name: String,
    /// The record: moves, GNU Go's territory and dead stones as `TB`/`TW`, its Chinese result.
    pub sgf: String,
    /// The level drawn.
    pub level: u8,
    /// Moves in the record.
    pub moves: usize,
}

/// The most moves a self-play game may have before both sides are made to pass.
fn move_cap(size: u8) -> usize {
    3 * size as usize * size as usize
}

/// Plays one game on `engine` (a GNU Go process started under Chinese rules).
pub fn self_play(engine: &mut Engine, spec: &SelfPlaySpec) -> Result<SelfPlayed, OracleError> {
    let fail = |detail: String| OracleError::SelfPlay {
        index: spec.index,
        seed: spec.master_seed,
        detail,
    };
    crate::harness::generate::check_board_size(spec.size).map_err(|e| fail(e.to_string()))?;
    let mut rng = Rng::for_game(spec.master_seed, spec.index);
    let level = spec.levels.lo + rng.below(u32::from(spec.levels.hi - spec.levels.lo) + 1) as u8;
    let random_moves = rng.below(spec.max_random_moves + 1);
    let gnugo_seed = rng.below(1 << 30) + 1;
    let size = spec.size;
    engine.command(&format!("boardsize {size}"))?;
    engine.command("clear_board")?;
    engine.command(&format!("komi {}", OracleRules::Chinese.komi()))?;
    engine.command(&format!("level {level}"))?;
    engine.command(&format!("set_random_seed {gnugo_seed}"))?;
    let mut game = Game::new(u32::from(size), PlayRules::JPD).map_err(|e| fail(e.to_string()))?;
    play_random_opening(engine, &mut game, &mut rng, random_moves, &fail)?;
    let (resignations, forced) = play_out(engine, &mut game, &fail)?;
    let j = judge(engine, &game, OracleRules::Chinese)?;
    let territory = territory_and_dead(&j, size);
    let mut comment = format!(
        "GNU Go self-play: level {level}, {random_moves} random first moves, GNU Go seed {gnugo_seed}; master seed {}, game {}. GNU Go (Chinese rules, komi {}) says {}; TB/TW are its territory and dead stones.",
        spec.master_seed,
        spec.index,
        OracleRules::Chinese.komi(),
        j.result
    );
    if resignations > 0 {
        comment.push_str(&format!(" {resignations} resignation(s) played as passes."));
    }
    if forced {
        comment.push_str(&format!(
            " Both sides were made to pass after {} moves.",
            move_cap(size)
        ));
    }
    let sgf = sgf_of(&game, comment, territory, Some(j.result.clone()));
    // The record must read back to the same game and dead stones.
    let back = parse_sgf(sgf.as_bytes())
        .map_err(|e| fail(format!("the record does not read back: {e}")))
        .and_then(|r| {
            replay(&r, PlayRules::JPD).map_err(|e| fail(format!("the record does not replay: {e}")))
        })?;
    if back.dead != j.dead || back.game.board().hash() != game.board().hash() {
        return Err(fail(
            "the record reads back to another position or other dead stones".into(),
        ));
    }
    Ok(SelfPlayed {
        name: format!("gnugo-s{size:02}-l{level:02}-{:03}.sgf", spec.index),
        sgf,
        level,
        moves: game.records().len(),
    })
}

/// Plays up to `random_moves` uniformly random legal moves on both boards (fewer when no legal
/// move is left).
fn play_random_opening(
    engine: &mut Engine,
    game: &mut Game,
    rng: &mut Rng,
    random_moves: u32,
    fail: &dyn Fn(String) -> OracleError,
) -> Result<(), OracleError> {
    let size = game.board().size();
    for _ in 0..random_moves {
        let legal: Vec<Coord> = {
            let b = game.board();
            b.points()
                .filter(|&p| b.stone(p).is_none())
                .map(|p| b.coord(p))
                .filter(|&c| game.legality(Move::Play(c)).is_ok())
                .collect()
        };
        if legal.is_empty() {
            break;
        }
        let c = legal[rng.below(legal.len() as u32) as usize];
        let color = game.to_move();
        engine.command(&format!("play {} {}", color.name(), c.to_human(size)))?;
        game.play(Move::Play(c)).map_err(|e| fail(e.to_string()))?;
    }
    Ok(())
}

/// Lets GNU Go play both sides until the game pauses. A resignation is played as a pass, and
/// both sides are made to pass after [`move_cap`] moves. Returns the resignations and whether
/// the cap was reached.
fn play_out(
    engine: &mut Engine,
    game: &mut Game,
    fail: &dyn Fn(String) -> OracleError,
) -> Result<(u32, bool), OracleError> {
    let size = game.board().size();
    let mut resignations = 0;
    let mut forced = false;
    while game.phase() == Phase::Playing {
        let color = game.to_move();
        let mv = if game.records().len() >= move_cap(size) {
            forced = true;
            engine.command(&format!("play {} pass", color.name()))?;
            None
        } else {
            let cmd = format!("genmove {}", color.name());
            let a = engine.command(&cmd)?;
            if a.trim().eq_ignore_ascii_case("resign") {
                // A resignation is played as a pass, so that every game is counted.
                resignations += 1;
                engine.command(&format!("play {} pass", color.name()))?;
                None
            } else {
                parse_vertex(&a, size).map_err(|e| engine.unexpected(&cmd, &a, &e))?
            }
        };
        let m = match mv {
            Some(c) => Move::Play(c),
            None => Move::Virtual,
        };
        game.play(m).map_err(|e| {
            fail(format!(
                "GNU Go's move {} ({}) is illegal for us: {e}",
                game.records().len() + 1,
                mv.map_or("pass".into(), |c| c.to_human(size))
            ))
        })?;
    }
    Ok((resignations, forced))
}

/// GNU Go's territory of each side with the dead stones of the other, as the record's `TB`/`TW`.
fn territory_and_dead(j: &GnuJudgement, size: u8) -> PerSide<Vec<Coord>> {
    let n = size as usize;
    let mut territory: PerSide<Vec<Coord>> = PerSide::default();
    for (i, s) in j.status.iter().enumerate() {
        let c = Coord::new((i % n) as u8, (i / n) as u8);
        match *s {
            GnuStatus::Territory(col) => territory[col].push(c),
            GnuStatus::Dead(col) => territory[col.opp()].push(c),
            _ => {}
        }
    }
    territory
}

/// The size of game `index` when sizes are taken in turn.
pub fn size_of(sizes: &[u8], index: u64) -> u8 {
    sizes[(index % sizes.len() as u64) as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_ranges() {
        assert_eq!("0-10".parse::<Levels>(), Ok(Levels { lo: 0, hi: 10 }));
        assert_eq!("3".parse::<Levels>(), Ok(Levels { lo: 3, hi: 3 }));
        for bad in ["11", "5-2", "a", "0-11", ""] {
            assert!(bad.parse::<Levels>().is_err(), "{bad}");
        }
    }
}
