//! The state of a GTP session and its commands: the position held as the record of its moves
//! (an [`SgfRecord`], loaded by `loadsgf` or built by `play`), the live [`Game`] that decides
//! legality, the rule set, the dead-stone source and the komi in force.
//!
//! Scoring never happens here: `final_score` and `final_status_list` hand the record to
//! [`score_parsed`], the path of `jpd score`, with the one rule set, the dead-stone source and
//! the komi in force, so that the answers are the ones `jpd score` gives for that record.

use std::io::Read;
use std::path::Path;

use crate::checks::{CheckOptions, Details, Symmetries};
use crate::counting::{Balancing, Half};
use crate::engine::{Board, Color, Coord, Game, Move, Phase, Point, MAX_SIZE, MIN_SIZE};
use crate::gtp::parse_vertex;
use crate::report::score::is_count;
use crate::rules::{play_rules, RuleId};
use crate::score_record::{
    score_parsed, DeadChoice, KomiChoice, KomiError, ScoreError, ScoreOptions, ScoredRecord,
};
use crate::sgf::{escape_controls, parse_sgf, play_out, SgfMove, SgfRecord, MAX_BYTES};

/// Why a command failed: its `Display` is the text after `?` (the GTP standard message first,
/// where the protocol names one, then what was wrong).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CommandError {
    /// No such command.
    #[error("unknown command")]
    Unknown,
    /// Missing or malformed arguments.
    #[error("syntax error: {0}")]
    Syntax(String),
    /// `boardsize` outside the sizes the engine plays.
    #[error("unacceptable size: {0} (sizes go from {MIN_SIZE} to {MAX_SIZE})")]
    Size(String),
    /// A `play` the rules refuse.
    #[error("illegal move: {0}")]
    Illegal(String),
    /// `undo` with no move of this session to take back.
    #[error("cannot undo: {0}")]
    CannotUndo(&'static str),
    /// `loadsgf` of a file that does not read or play.
    #[error("cannot load file: {0}")]
    Load(String),
    /// `final_score` or `final_status_list` where the position has no count.
    #[error("cannot score: {0}")]
    Score(String),
    /// `final_status_list` of a status that is not `alive`, `dead` or `seki`.
    #[error("invalid status: '{0}' (expected alive, dead or seki)")]
    Status(String),
    /// `jpd-rules` or `jpd-dead` with a value they do not take, or a rule set under which the
    /// moves so far are not legal.
    #[error("{0}")]
    Setting(String),
}

/// What a command asks of the session beyond its answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The text after `=` (may span lines, never with an empty one).
    pub text: String,
    /// `quit`: the server answers, then stops.
    pub quit: bool,
}

impl Answer {
    fn text(text: String) -> Answer {
        Answer { text, quit: false }
    }
}

/// The commands a session knows, in the order `list_commands` gives them.
pub const COMMANDS: [&str; 18] = [
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "undo",
    "showboard",
    "loadsgf",
    "final_score",
    "final_status_list",
    "jpd-rules",
    "jpd-dead",
];

/// The board size of a new session, as most GTP engines start.
pub const DEFAULT_SIZE: u8 = 19;

/// A GTP session: the position, its game, and the settings scoring uses.
pub struct Session {
    rules: RuleId,
    dead: DeadChoice,
    komi: KomiChoice,
    /// The position as a record: setup, the moves so far, and (while `pristine`) everything
    /// else the loaded file says (result, territory marks, edits).
    record: SgfRecord,
    /// The record is the main line of a loaded file, whole and unchanged: scored as `jpd
    /// score` scores that file.
    pristine: bool,
    /// For each `play` or `genmove` of this session, the number of moves of the record before
    /// it (what `undo` goes back to; an implied pass goes with its move).
    played: Vec<usize>,
    /// The game after the record's moves, under the rule set's play rules.
    game: Game,
    /// The last score of the position, until it changes.
    scored: Option<Result<ScoredRecord, ScoreError>>,
}

impl Session {
    /// A session on an empty 19x19 board, scoring under `rules` with the dead stones from
    /// `dead`; the komi is each rule set's own until `komi` or `loadsgf` sets one.
    pub fn new(rules: RuleId, dead: DeadChoice) -> Session {
        let record = SgfRecord::empty(DEFAULT_SIZE);
        let game = play_out(&record, play_rules(rules)).expect("an empty record plays");
        Session {
            rules,
            dead,
            komi: KomiChoice::Rules,
            record,
            pristine: false,
            played: Vec::new(),
            game,
            scored: None,
        }
    }

    /// The board of the position.
    pub fn board(&self) -> &Board {
        self.game.board()
    }

    /// The rule set scoring uses.
    pub fn rules(&self) -> RuleId {
        self.rules
    }

    /// Runs one command (its name and arguments, already split on whitespace).
    pub fn execute(&mut self, name: &str, args: &[&str]) -> Result<Answer, CommandError> {
        let t = Answer::text;
        match name {
            "protocol_version" => Ok(t("2".into())),
            "name" => Ok(t("jpd".into())),
            "version" => Ok(t(env!("CARGO_PKG_VERSION").into())),
            "known_command" => Ok(t(COMMANDS
                .contains(&arg(args, 0, "a command name")?)
                .to_string())),
            "list_commands" => Ok(t(COMMANDS.join("\n"))),
            "quit" => Ok(Answer {
                text: String::new(),
                quit: true,
            }),
            "boardsize" => self.boardsize(arg(args, 0, "a board size")?).map(t),
            "clear_board" => {
                self.clear(self.record.size);
                Ok(t(String::new()))
            }
            "komi" => self.set_komi(arg(args, 0, "a komi")?).map(t),
            "play" => self
                .play(arg(args, 0, "a colour")?, arg(args, 1, "a vertex")?)
                .map(t),
            "genmove" => self.genmove(arg(args, 0, "a colour")?).map(t),
            "undo" => self.undo().map(t),
            "showboard" => Ok(t(self.showboard())),
            "loadsgf" => self
                .loadsgf(arg(args, 0, "a file name")?, args.get(1).copied())
                .map(t),
            "final_score" => self.final_score().map(t),
            "final_status_list" => self.status_list(arg(args, 0, "a status")?).map(t),
            "jpd-rules" => self.set_rules(args.first().copied()).map(t),
            "jpd-dead" => self.set_dead(args.first().copied()).map(t),
            _ => Err(CommandError::Unknown),
        }
    }

    fn changed(&mut self) {
        self.scored = None;
    }

    /// An empty board of `size`, the settings kept.
    fn clear(&mut self, size: u8) {
        self.record = SgfRecord::empty(size);
        self.pristine = false;
        self.played.clear();
        self.game = play_out(&self.record, play_rules(self.rules)).expect("an empty record plays");
        self.changed();
    }

    fn boardsize(&mut self, s: &str) -> Result<String, CommandError> {
        let n: u8 = s
            .parse()
            .ok()
            .filter(|n| (MIN_SIZE..=MAX_SIZE).contains(n))
            .ok_or_else(|| CommandError::Size(esc(s)))?;
        self.clear(n);
        Ok(String::new())
    }

    fn set_komi(&mut self, s: &str) -> Result<String, CommandError> {
        match s.parse::<KomiChoice>() {
            Ok(k @ KomiChoice::Fixed(_)) => {
                self.komi = k;
                self.changed();
                Ok(String::new())
            }
            Ok(_) | Err(KomiError::NotANumber(_)) => Err(CommandError::Syntax(format!(
                "'{}' is not a komi: give a number of points (6.5, 7, 0, -3.5)",
                esc(s)
            ))),
            Err(e) => Err(CommandError::Syntax(esc(&e.to_string()))),
        }
    }

    /// The record the position is after a change of its moves: what only the whole loaded
    /// file says (its result, the marks and edits after its last move) no longer holds.
    fn unpristine(&mut self) {
        if !self.pristine {
            return;
        }
        self.pristine = false;
        end_changed(&mut self.record);
    }

    /// Makes one move of `color` (`None`: a pass) on the live game and in the record. A move
    /// out of turn is preceded by a pass of the side to move, as `jpd score --implied-passes`
    /// reads a record. Nothing changes when the move is refused.
    fn make_move(&mut self, color: Color, at: Option<Coord>) -> Result<(), CommandError> {
        let mut game = self.game.clone();
        let mut added = Vec::new();
        if game.to_move() != color {
            let other = game.to_move();
            game.play(Move::Virtual)
                .map_err(|e| CommandError::Illegal(phase_reason(&game, e)))?;
            added.push((other, None));
        }
        let mv = at.map_or(Move::Virtual, Move::Play);
        game.play(mv)
            .map_err(|e| CommandError::Illegal(phase_reason(&game, e)))?;
        added.push((color, at));
        self.unpristine();
        self.played.push(self.record.moves.len());
        let node = self.record.moves.last().map_or(0, |m| m.node);
        for (k, (color, at)) in added.into_iter().enumerate() {
            self.record.moves.push(SgfMove {
                color,
                at,
                node: node + 1 + k,
            });
        }
        self.game = game;
        self.changed();
        Ok(())
    }

    fn play(&mut self, color: &str, vertex: &str) -> Result<String, CommandError> {
        let color = parse_color(color)?;
        let at =
            parse_vertex(vertex, self.record.size).map_err(|e| CommandError::Syntax(esc(&e)))?;
        self.make_move(color, at)?;
        Ok(String::new())
    }

    /// A referee does not play: every `genmove` passes (and the pass is made, as GTP says).
    fn genmove(&mut self, color: &str) -> Result<String, CommandError> {
        let color = parse_color(color)?;
        self.make_move(color, None)?;
        Ok("pass".into())
    }

    fn undo(&mut self) -> Result<String, CommandError> {
        let Some(n) = self.played.pop() else {
            return Err(CommandError::CannotUndo(
                "no move of this session to take back (the moves of a loaded file stay)",
            ));
        };
        self.record.moves.truncate(n);
        self.game = play_out(&self.record, play_rules(self.rules))
            .expect("a prefix of moves the game accepted plays again");
        self.changed();
        Ok(String::new())
    }

    /// The board as GNU Go draws it, with the side to move, captures, rules and komi below.
    fn showboard(&self) -> String {
        let b = self.game.board();
        let n = b.size();
        let letters: String = (0..n)
            .map(|x| format!(" {}", crate::engine::types::column_letter(x)))
            .collect();
        let mut out = format!("\n   {letters}");
        for y in 0..n {
            let row: String = (0..n)
                .map(|x| match b.stone(b.point(Coord::new(x, y))) {
                    None => " .",
                    Some(Color::Black) => " X",
                    Some(Color::White) => " O",
                })
                .collect();
            out.push_str(&format!("\n{:>3}{row} {}", n - y, n - y));
        }
        let caps = self.game.captured();
        out.push_str(&format!(
            "\n   {letters}\n{} to move; black (X) has lost {} stones, white (O) {}; rules {}, komi {}",
            self.game.to_move().name(),
            caps.black,
            caps.white,
            self.rules,
            match self.komi {
                KomiChoice::Fixed(k) => k.to_string(),
                _ => format!("{} (the rule set's own)", crate::rules::Rules::preset(self.rules).komi),
            }
        ));
        out
    }

    /// `loadsgf FILE [MOVE]`: the position before move MOVE (all of the file without it), and
    /// the komi of its `KM` (each rule set's own when it has none, as `jpd score` does).
    /// Answers the side to move, as GNU Go does.
    fn loadsgf(&mut self, file: &str, upto: Option<&str>) -> Result<String, CommandError> {
        let upto = match upto {
            None => None,
            Some(s) => Some(s.parse::<usize>().ok().filter(|&m| m >= 1).ok_or_else(|| {
                CommandError::Syntax(format!("'{}' is not a move number (1 or more)", esc(s)))
            })?),
        };
        let bytes = read_file(Path::new(file))
            .map_err(|e| CommandError::Load(format!("{}: {e}", esc(file))))?;
        let mut record =
            parse_sgf(&bytes).map_err(|e| CommandError::Load(format!("{}: {e}", esc(file))))?;
        let whole = upto.is_none_or(|m| m > record.moves.len());
        let game_rules = play_rules(self.rules);
        let keep = upto.map_or(record.moves.len(), |m| (m - 1).min(record.moves.len()));
        let mut truncated = record.clone();
        truncated.moves.truncate(keep);
        if !whole {
            end_changed(&mut truncated);
        }
        let game = play_out(&truncated, game_rules).map_err(|e| {
            CommandError::Load(format!(
                "{}: {e} (under the rules of {})",
                esc(file),
                self.rules
            ))
        })?;
        if !whole {
            record = truncated;
        }
        self.komi = match record.komi_half_points {
            Some(k) => KomiChoice::Fixed(Half(i64::from(k))),
            None => KomiChoice::Rules,
        };
        self.record = record;
        self.pristine = whole;
        self.played.clear();
        self.game = game;
        self.changed();
        Ok(self.game.to_move().name().to_lowercase())
    }

    /// The position scored as `jpd score` scores its record, under the one rule set, with the
    /// dead stones from the source chosen and the komi in force. A position still in play is
    /// counted as paused after its last move (`jpd score --assume-pause`). The invariants are
    /// not checked (they change no result).
    fn score(&mut self) -> Result<&ScoredRecord, CommandError> {
        if self.scored.is_none() {
            let opts = ScoreOptions {
                rules: vec![self.rules],
                balancing: Balancing::Art14,
                komi: self.komi,
                checks: CheckOptions {
                    symmetries: Symmetries::Off,
                    t11_choices: 0,
                    details: Details::Failures,
                    f11_one_in: 1,
                },
                assume_pause: true,
                implied_passes: false,
                dead: self.dead.clone(),
            };
            self.scored = Some(score_parsed(self.record.clone(), &opts));
        }
        match self.scored.as_ref().expect("just set") {
            Ok(s) => Ok(s),
            Err(e) => Err(CommandError::Score(esc(&e.to_string()))),
        }
    }

    /// The result under the rule set (`W+2.5`, `0`; `B+R` for a record resigned).
    fn final_score(&mut self) -> Result<String, CommandError> {
        let s = self.score()?;
        match s.analysis.results.first() {
            Some(r) if is_count(r) || r.winner.is_some() => Ok(r.result.clone()),
            Some(r) => Err(CommandError::Score(format!("the result is {}", r.result))),
            None => Err(CommandError::Score(match &s.analysis.count {
                Err(e) => e.to_string(),
                Ok(_) => "no result".into(),
            })),
        }
    }

    /// The stones of one status, a string per line (its stones in point order, strings in the
    /// order of their first stone), as GNU Go lists them: `dead` the stones the count removes
    /// (the `dead_points` of `jpd score`), `seki` those the referee proves in seki, `alive` the
    /// rest.
    fn status_list(&mut self, status: &str) -> Result<String, CommandError> {
        let status = status.to_ascii_lowercase();
        if !matches!(status.as_str(), "alive" | "dead" | "seki") {
            return Err(CommandError::Status(esc(&status)));
        }
        let s = self.score()?;
        let b = s.finished.game.board();
        let (dead, seki): (Vec<Point>, Vec<Point>) = match &s.analysis.count {
            Ok(c) => {
                let st = &c.settlement_paused;
                let seki = b.points().filter(|&p| st.proven_seki(p)).collect();
                (st.dead_points().to_vec(), seki)
            }
            Err(_) => (Vec::new(), Vec::new()),
        };
        let of = |p: Point| {
            if dead.contains(&p) {
                "dead"
            } else if seki.contains(&p) {
                "seki"
            } else {
                "alive"
            }
        };
        let mut lines = Vec::new();
        for p in b.points() {
            if b.stone(p).is_none() || b.string_head(p) != p {
                continue;
            }
            let mut stones: Vec<Point> = b.string_stones(p).filter(|&q| of(q) == status).collect();
            if stones.is_empty() {
                continue;
            }
            stones.sort_unstable();
            let words: Vec<String> = stones
                .iter()
                .map(|&q| b.coord(q).to_human(b.size()))
                .collect();
            lines.push((stones[0], words.join(" ")));
        }
        lines.sort();
        Ok(lines
            .into_iter()
            .map(|(_, l)| l)
            .collect::<Vec<_>>()
            .join("\n"))
    }

    /// `jpd-rules [NAME]`: the rule set scoring and play use from now on (the moves so far
    /// must be legal under it); without a name, the one in use.
    fn set_rules(&mut self, name: Option<&str>) -> Result<String, CommandError> {
        let Some(name) = name else {
            return Ok(self.rules.to_string());
        };
        let id: RuleId = name
            .parse()
            .map_err(|e: String| CommandError::Setting(esc(&e)))?;
        let game = play_out(&self.record, play_rules(id)).map_err(|e| {
            CommandError::Setting(format!(
                "the moves so far are not legal under {id}: {}",
                esc(&e.to_string())
            ))
        })?;
        self.rules = id;
        self.game = game;
        self.changed();
        Ok(String::new())
    }

    /// `jpd-dead [SOURCE]`: where the dead stones come from (`default`, `record`, `proven`,
    /// `estimate`, `gnugo`, as `jpd score --dead`); without one, the source in use.
    fn set_dead(&mut self, source: Option<&str>) -> Result<String, CommandError> {
        let Some(source) = source else {
            return Ok(dead_name(&self.dead).to_string());
        };
        self.dead = parse_dead(source).map_err(CommandError::Setting)?;
        self.changed();
        Ok(String::new())
    }
}

/// What only the end of a record says (its result, its territory marks, the edits after its
/// last move) dropped: its moves are no longer the ones that end said it of.
fn end_changed(r: &mut SgfRecord) {
    let n = r.moves.len();
    r.result = None;
    r.result_parsed = None;
    r.resigned = None;
    r.territory = Default::default();
    r.edits.retain(|e| e.before_move < n);
}

/// A dead-stone source as `jpd-dead` and `jpd gtp --dead` take it: `jpd score --dead`'s, or
/// `default` (the record's marks when it has any, else the estimate).
pub fn parse_dead(s: &str) -> Result<DeadChoice, String> {
    if s == "default" {
        return Ok(DeadChoice::Default);
    }
    s.parse::<DeadChoice>().map_err(|e| esc(&e))
}

/// The name `parse_dead` reads back.
fn dead_name(d: &DeadChoice) -> &'static str {
    match d {
        DeadChoice::Default => "default",
        DeadChoice::Record => "record",
        DeadChoice::Proven => "proven",
        DeadChoice::Estimate => "estimate",
        DeadChoice::Gnugo(_) => "gnugo",
    }
}

/// The `i`th argument, or a syntax error saying what is missing.
fn arg<'a>(args: &[&'a str], i: usize, what: &str) -> Result<&'a str, CommandError> {
    args.get(i)
        .copied()
        .ok_or_else(|| CommandError::Syntax(format!("missing {what}")))
}

/// A GTP colour: `b`, `black`, `w`, `white`, in any case.
fn parse_color(s: &str) -> Result<Color, CommandError> {
    match s.to_ascii_lowercase().as_str() {
        "b" | "black" => Ok(Color::Black),
        "w" | "white" => Ok(Color::White),
        _ => Err(CommandError::Syntax(format!(
            "'{}' is not a colour (black, white, b, w)",
            esc(s)
        ))),
    }
}

/// Why the game refused a move, in words: an ended game says how it ended.
fn phase_reason(game: &Game, e: crate::engine::Illegal) -> String {
    match game.phase() {
        Phase::Ended(end) => format!("the game is over ({end:?})"),
        _ => e.to_string(),
    }
}

/// A file read whole, refused past [`MAX_BYTES`] (the SGF reader's own limit says why); only a
/// regular file (not a folder, a device or a pipe such as the session's own standard input).
fn read_file(path: &Path) -> std::io::Result<Vec<u8>> {
    let file = std::fs::File::open(path)?;
    if !file.metadata()?.is_file() {
        return Err(std::io::Error::other("not a regular file"));
    }
    let mut bytes = Vec::new();
    file.take(MAX_BYTES as u64 + 1).read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// `s` with its control characters made visible: an answer echoes a file's or a command's text.
fn esc(s: &str) -> String {
    escape_controls(s).into_owned()
}
