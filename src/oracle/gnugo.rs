//! GNU Go's side of a comparison: finding the program, starting it under Chinese or Japanese
//! rules, replaying a game on it and reading back its judgement (status lists, `final_score`,
//! captures), and the margin its own lists give under its own arithmetic.

use std::path::PathBuf;
use std::time::Duration;

use super::OracleRules;
use crate::counting::Half;
use crate::engine::{Board, Color, Coord, Game, Move, PerSide};
use crate::gtp::{parse_vertex_list, Engine, GtpError};

/// Where GNU Go is looked for when no path is given: `$JPD_GNUGO`, then `/usr/games/gnugo`
/// (Debian's place), then `gnugo` on the `PATH`.
pub fn find_gnugo() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("JPD_GNUGO") {
        let p = PathBuf::from(p);
        return p.is_file().then_some(p);
    }
    let debian = PathBuf::from("/usr/games/gnugo");
    if debian.is_file() {
        return Some(debian);
    }
    std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|d| d.join("gnugo"))
            .find(|p| p.is_file())
    })
}

/// The places [`find_gnugo`] looks, for messages.
pub const GNUGO_SEARCH: &str = "$JPD_GNUGO, /usr/games/gnugo, gnugo on the PATH";

/// How to run GNU Go.
#[derive(Clone, Debug)]
pub struct GnuGoConfig {
    /// The program.
    pub program: PathBuf,
    /// The limit on one GTP command.
    pub timeout: Duration,
    /// Extra arguments for every process.
    pub extra_args: Vec<String>,
}

impl GnuGoConfig {
    /// GNU Go at `program`, 120 s a command.
    pub fn new(program: PathBuf) -> Self {
        GnuGoConfig {
            program,
            timeout: Duration::from_secs(120),
            extra_args: Vec::new(),
        }
    }

    /// Starts one GNU Go process under `rules` (positional superko, as our rules).
    pub fn spawn(&self, rules: OracleRules) -> Result<Engine, GtpError> {
        let mut args: Vec<String> = vec![
            "--mode".into(),
            "gtp".into(),
            rules.flag().into(),
            "--positional-superko".into(),
        ];
        args.extend(self.extra_args.iter().cloned());
        Engine::spawn(&self.program, &args, self.timeout)
    }
}

/// GNU Go's status of one point after `final_status_list`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GnuStatus {
    /// A living stone not in seki.
    Alive(Color),
    /// A stone in seki.
    Seki(Color),
    /// A dead stone.
    Dead(Color),
    /// Territory.
    Territory(Color),
    /// Dame (neither side's).
    Dame,
    /// In none of the lists.
    Unlisted,
}

/// What GNU Go said about one finished game under one rule set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GnuJudgement {
    /// The rule set.
    pub rules: OracleRules,
    /// Its `final_score`, as it printed it.
    pub result: String,
    /// That result as Black's margin after komi.
    pub margin: Half,
    /// The status of every point, indexed `y * size + x`.
    pub status: Vec<GnuStatus>,
    /// Its dead stones, sorted.
    pub dead: Vec<Coord>,
    /// Stones captured *by* each side during play (`captures black`).
    pub captures_by: PerSide<u32>,
    /// Handicap stones given to GNU Go with `set_free_handicap` (0: none).
    pub handicap: i64,
}

/// Parses GNU Go's `final_score` (`B+3.5`, `W+12`, `0`) into Black's margin.
pub fn parse_final_score(s: &str) -> Option<Half> {
    let t = s.trim();
    if t == "0" {
        return Some(Half::ZERO);
    }
    let (sign, rest) = if let Some(r) = t.strip_prefix("B+") {
        (1, r)
    } else if let Some(r) = t.strip_prefix("W+") {
        (-1, r)
    } else {
        return None;
    };
    Half::parse_points(rest).map(|h| Half(sign * h.0))
}

/// Replays `game` (setup stones, then real and virtual moves) on a GNU Go process, checks that
/// GNU Go ends with the same stones, and asks for its judgement.
pub fn judge(
    engine: &mut Engine,
    game: &Game,
    rules: OracleRules,
) -> Result<GnuJudgement, GtpError> {
    judge_after(engine, game, rules, &[])
}

/// [`judge`] of the game's final position with `fills` played after it (each a stone on an
/// empty point that captures nothing, such as the fill of an unfilled ko by the side the
/// rules give its point to): GNU Go is asked about that position.
pub fn judge_after(
    engine: &mut Engine,
    game: &Game,
    rules: OracleRules,
    fills: &[(Color, Coord)],
) -> Result<GnuJudgement, GtpError> {
    let handicap = replay_on(engine, game, rules)?;
    let mut board = std::borrow::Cow::Borrowed(game.board());
    for &(c, at) in fills {
        engine.command(&format!("play {} {}", c.name(), at.to_human(board.size())))?;
        let p = board.point(at);
        board.to_mut().set_stone(p, c);
    }
    let board = &*board;
    check_same_stones(engine, board)?;
    let status = read_status_lists(engine, board)?;
    let result = engine.command("final_score")?;
    let margin = parse_final_score(&result)
        .ok_or_else(|| engine.unexpected("final_score", &result, "expected B+n, W+n or 0"))?;
    let mut captures_by = PerSide::default();
    for c in Color::BOTH {
        let cmd = format!("captures {}", c.name());
        let a = engine.command(&cmd)?;
        captures_by[c] = a
            .trim()
            .parse()
            .map_err(|_| engine.unexpected(&cmd, &a, "expected a number"))?;
    }
    let n = board.size() as usize;
    let mut dead: Vec<Coord> = (0..n * n)
        .filter(|&i| matches!(status[i], GnuStatus::Dead(_)))
        .map(|i| Coord::new((i % n) as u8, (i / n) as u8))
        .collect();
    dead.sort();
    Ok(GnuJudgement {
        rules,
        result,
        margin,
        status,
        dead,
        captures_by,
        handicap,
    })
}

/// Sets up a fresh board of the game's size and komi on `engine` and plays the game's setup
/// stones (as free handicap when there are two or more handicap stones) and its real and
/// virtual moves. Returns the handicap stones given.
fn replay_on(engine: &mut Engine, game: &Game, rules: OracleRules) -> Result<i64, GtpError> {
    let init = game.initial_board();
    let size = init.size();
    engine.command(&format!("boardsize {size}"))?;
    engine.command("clear_board")?;
    engine.command(&format!("komi {}", rules.komi()))?;
    let handicap = crate::rules::sheet::handicap_stones(game);
    if handicap >= 2 {
        // A handicap game: GNU Go's Chinese count gives White one point per handicap stone
        // when it knows them as such, as our `chinese` does.
        let v: Vec<String> = init
            .points()
            .filter(|&p| init.stone(p).is_some())
            .map(|p| init.coord(p).to_human(size))
            .collect();
        engine.command(&format!("set_free_handicap {}", v.join(" ")))?;
    } else {
        for p in init.points() {
            if let Some(c) = init.stone(p) {
                engine.command(&format!(
                    "play {} {}",
                    c.name(),
                    init.coord(p).to_human(size)
                ))?;
            }
        }
    }
    for r in game.records() {
        let v = match r.mv {
            Move::Play(at) => at.to_human(size),
            Move::Virtual => "pass".into(),
            Move::Negative(..) => continue,
        };
        engine.command(&format!("play {} {v}", r.color.name()))?;
    }
    Ok(handicap)
}

/// A GTP command whose answer is a list of vertices, read as coordinates.
fn vertex_list(engine: &mut Engine, cmd: &str, size: u8) -> Result<Vec<Coord>, GtpError> {
    let a = engine.command(cmd)?;
    parse_vertex_list(&a, size).map_err(|e| engine.unexpected(cmd, &a, &e))
}

/// Checks that GNU Go's stones of each colour are ours after the same moves; an error names the
/// colour and both counts.
fn check_same_stones(engine: &mut Engine, board: &Board) -> Result<(), GtpError> {
    for c in Color::BOTH {
        let cmd = format!("list_stones {}", c.name());
        let mut theirs = vertex_list(engine, &cmd, board.size())?;
        theirs.sort();
        let mut ours: Vec<Coord> = board
            .points()
            .filter(|&p| board.stone(p) == Some(c))
            .map(|p| board.coord(p))
            .collect();
        ours.sort();
        if theirs != ours {
            return Err(engine.unexpected(
                &cmd,
                &format!("{} stones", theirs.len()),
                &format!(
                    "our board has {} {} stones after the same moves",
                    ours.len(),
                    c.name()
                ),
            ));
        }
    }
    Ok(())
}

/// GNU Go's status of every point (indexed `y * size + x`) from its six `final_status_list`
/// answers; a stone listed as territory or dame, or an empty point as a stone, is an error.
fn read_status_lists(engine: &mut Engine, board: &Board) -> Result<Vec<GnuStatus>, GtpError> {
    let size = board.size();
    let n = size as usize;
    let mut status = vec![GnuStatus::Unlisted; n * n];
    let stone_of = |c: Coord| board.checked_point(c).and_then(|p| board.stone(p));
    for (kind, cmd) in [
        ("alive", "final_status_list alive"),
        ("seki", "final_status_list seki"),
        ("dead", "final_status_list dead"),
        ("black_territory", "final_status_list black_territory"),
        ("white_territory", "final_status_list white_territory"),
        ("dame", "final_status_list dame"),
    ] {
        for c in vertex_list(engine, cmd, size)? {
            let st = match (kind, stone_of(c)) {
                ("alive", Some(col)) => GnuStatus::Alive(col),
                ("seki", Some(col)) => GnuStatus::Seki(col),
                ("dead", Some(col)) => GnuStatus::Dead(col),
                ("black_territory", None) => GnuStatus::Territory(Color::Black),
                ("white_territory", None) => GnuStatus::Territory(Color::White),
                ("dame", None) => GnuStatus::Dame,
                _ => {
                    return Err(engine.unexpected(
                        cmd,
                        &c.to_human(size),
                        "a stone listed as territory or dame, or an empty point as a stone",
                    ))
                }
            };
            status[c.y as usize * n + c.x as usize] = st;
        }
    }
    Ok(status)
}

/// Black's margin after komi that GNU Go's own status lists give under its own arithmetic:
/// Chinese, living and seki stones and territory, a dead stone's point to its opponent, one
/// point per handicap stone to White;
/// Japanese, territory, a dead stone's point and the stone itself to its opponent, plus the
/// stones captured during play.
pub fn gnugo_margin_from_lists(j: &GnuJudgement) -> Half {
    let sign = |c: Color| if c == Color::Black { 1 } else { -1 };
    let mut m: i64 = 0;
    for s in &j.status {
        m += match (j.rules, *s) {
            (OracleRules::Chinese, GnuStatus::Alive(c) | GnuStatus::Seki(c)) => sign(c),
            (OracleRules::Chinese, GnuStatus::Dead(c)) => -sign(c),
            (_, GnuStatus::Territory(c)) => sign(c),
            (OracleRules::Japanese, GnuStatus::Dead(c)) => -2 * sign(c),
            _ => 0,
        };
    }
    if j.rules == OracleRules::Japanese {
        m += j.captures_by.black as i64 - j.captures_by.white as i64;
    } else {
        // GNU Go's Chinese count gives White one point per handicap stone.
        m -= j.handicap;
    }
    Half::points(m) - j.rules.komi()
}

/// A pair of GNU Go processes, restarted after a failure.
pub struct GnuGoPair {
    config: GnuGoConfig,
    engines: [Option<Engine>; 2],
}

impl GnuGoPair {
    /// Starts both processes (so that a missing GNU Go is one clear error up front).
    pub fn start(config: GnuGoConfig) -> Result<GnuGoPair, GtpError> {
        let c = config.spawn(OracleRules::Chinese)?;
        let j = config.spawn(OracleRules::Japanese)?;
        Ok(GnuGoPair {
            config,
            engines: [Some(c), Some(j)],
        })
    }

    /// The judgement under `rules`; a dead process is restarted first.
    pub fn judge(&mut self, game: &Game, rules: OracleRules) -> Result<GnuJudgement, GtpError> {
        self.judge_after(game, rules, &[])
    }

    /// [`judge_after`]: the judgement of the final position with `fills` played after it.
    pub fn judge_after(
        &mut self,
        game: &Game,
        rules: OracleRules,
        fills: &[(Color, Coord)],
    ) -> Result<GnuJudgement, GtpError> {
        let i = rules as usize;
        if self.engines[i].is_none() {
            self.engines[i] = Some(self.config.spawn(rules)?);
        }
        let e = self.engines[i].as_mut().expect("just started");
        let r = judge_after(e, game, rules, fills);
        if matches!(
            r,
            Err(GtpError::Died { .. }
                | GtpError::Timeout { .. }
                | GtpError::Garbage { .. }
                | GtpError::Write { .. }
                | GtpError::Dead { .. })
        ) {
            self.engines[i] = None;
        }
        r
    }

    /// Stops both processes.
    pub fn quit(self) {
        for e in self.engines.into_iter().flatten() {
            e.quit();
        }
    }
}
