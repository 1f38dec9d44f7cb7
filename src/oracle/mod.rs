//! GNU Go as an outside oracle: the same game scored by GNU Go 3.8 and by us, under Chinese and
//! Japanese rules, with every disagreement given a category by a mechanical rule.
//!
//! For each game GNU Go (two processes, one started with `--chinese-rules`, one with
//! `--japanese-rules`) replays the moves (virtual moves are GTP passes, setup stones are `play`
//! commands), and reports its dead stones, its seki stones, its territory, its dame and its
//! `final_score`. We count the same game under our rule set of the same name with GNU Go's dead
//! stones (or, with [`DeadSource::Record`] or [`DeadSource::Proven`], with our own) and GNU Go's
//! komi set to our preset's, so the two margins are directly comparable.
//!
//! # The categories
//!
//! A row that does not agree gets the first category of this list that applies
//! ([`categorise`]):
//!
//! 1. `error`: GNU Go or our count failed (the detail says how);
//! 2. `dead_stones`: the dead stones our count removed differ from GNU Go's (other dead stones
//!    were given, or the game ended by four virtual moves, after which every stone is alive);
//! 3. `gnugo_known`: GNU Go's `final_score` differs from what its own status lists give under
//!    its own arithmetic ([`gnugo_margin_from_lists`]): GNU Go contradicts itself, a known
//!    behaviour of its scoring (it re-reads some groups when scoring);
//! 4. `seki`: points are owned differently ([`differing_points`]), at least one of them lies
//!    in a seki on both sides, and every other one is such a point or a dame point (5). A point
//!    lies in a seki on our side when it is a shared liberty or a one-sided dame (classes the
//!    settlement gives only to liberties of a seki), a stone of a string touching one, or a point
//!    of a region beside such a string (a seki eye); on GNU Go's side when it is one of its seki
//!    stones, touches one, or lies in an empty region touching one. That the position merely has
//!    a seki somewhere explains nothing;
//! 5. `dame`: every differing point is a neutral point on one side: our shared point (a dame,
//!    a shared liberty) or GNU Go's dame;
//! 6. `our_bug`: anything else: the points agree and the scores do not, or a point is owned
//!    differently for no seki or dame reason.
//!
//! Under Japanese rules the points are compared as the Japanese count values them: territory
//! our `japanese` count takes away (beside a string in seki, an unfilled ko point) and a
//! one-sided dame are nobody's on our side. So a territory lost to a "seki" that GNU Go does not
//! see is a differing point outside any GNU Go seki: `our_bug`, never `seki` or `dame`.
//!
//! The library never prints; [`run`] writes `oracle.csv` and copies the SGF of every
//! disagreement beside it.

pub mod selfplay;

use crate::files::{csv_err, io_err, FileError};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::checks::{analyse, CheckOptions, Finished, Symmetries, Verdict};
use crate::counting::{Balancing, Half};
use crate::engine::{Cell, Color, Coord, Game, Move, PerSide};
use crate::gtp::{parse_vertex_list, Engine, GtpError};
use crate::rules::{japanese_unscored, seki_string_heads, DameReading, RuleId, Rules, Unscored};
use crate::settlement::{PointClass, SharedKind};
use crate::sgf::{parse_sgf, replay, SgfError, SgfWriter};

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

/// What can go wrong in an oracle run as a whole (a single game's failure is a row instead).
#[derive(Debug, thiserror::Error)]
pub enum OracleError {
    /// GNU Go could not be started or failed outside a game.
    #[error(transparent)]
    Gtp(#[from] GtpError),
    /// A file could not be read or written, or its CSV is malformed.
    #[error(transparent)]
    File(#[from] FileError),
    /// A self-play game could not be made.
    #[error("self-play game {index} (seed {seed}): {detail}")]
    SelfPlay {
        /// The game index.
        index: u64,
        /// The master seed.
        seed: u64,
        /// What happened.
        detail: String,
    },
}

/// The two rule sets GNU Go scores under.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum OracleRules {
    /// `--chinese-rules`: area scoring.
    Chinese,
    /// `--japanese-rules`: territory and prisoners.
    Japanese,
}

impl OracleRules {
    /// Both, in report order.
    pub const BOTH: [OracleRules; 2] = [OracleRules::Chinese, OracleRules::Japanese];

    /// Our rule-set id of the same name; `None` while this build has no such rule set.
    pub fn rule_id(self) -> Option<RuleId> {
        self.name().parse::<RuleId>().ok()
    }

    /// The id, as in our rule sets.
    pub fn name(self) -> &'static str {
        match self {
            OracleRules::Chinese => "chinese",
            OracleRules::Japanese => "japanese",
        }
    }

    /// GNU Go's command-line flag.
    pub fn flag(self) -> &'static str {
        match self {
            OracleRules::Chinese => "--chinese-rules",
            OracleRules::Japanese => "--japanese-rules",
        }
    }

    /// The komi both sides use: our preset's (6.5 Japanese when we have no preset yet).
    pub fn komi(self) -> Half {
        match self.rule_id() {
            Some(id) => Rules::preset(id).komi,
            None => Half(13),
        }
    }
}

/// Whose dead stones we count with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DeadSource {
    /// GNU Go's `final_status_list dead` (of the process of the same rule set).
    Gnugo,
    /// The record's `TB`/`TW` marks.
    Record,
    /// Our referee's proven dead stones (`settlement::referee`).
    Proven,
}

impl std::str::FromStr for DeadSource {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "gnugo" => Ok(DeadSource::Gnugo),
            "record" => Ok(DeadSource::Record),
            "proven" => Ok(DeadSource::Proven),
            _ => Err(format!(
                "unknown dead-stone source '{s}': expected gnugo, record or proven"
            )),
        }
    }
}

impl DeadSource {
    /// The name, as in `oracle.csv`.
    pub fn name(self) -> &'static str {
        match self {
            DeadSource::Gnugo => "gnugo",
            DeadSource::Record => "record",
            DeadSource::Proven => "proven",
        }
    }
}

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
    let board = game.board();
    let n = size as usize;
    let idx = |c: Coord| c.y as usize * n + c.x as usize;
    let list = |engine: &mut Engine, cmd: &str| -> Result<Vec<Coord>, GtpError> {
        let a = engine.command(cmd)?;
        parse_vertex_list(&a, size).map_err(|e| engine.unexpected(cmd, &a, &e))
    };
    for c in Color::BOTH {
        let cmd = format!("list_stones {}", c.name());
        let mut theirs = list(engine, &cmd)?;
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
        for c in list(engine, cmd)? {
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
            status[idx(c)] = st;
        }
    }
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

/// Who owns a point, rule-set independent: what both sides' point maps are compared by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Owner {
    Stone(Color),
    Area(Color),
    Neutral,
}

fn our_owner(
    rules: OracleRules,
    cl: PointClass,
    stone: Option<Color>,
    dead: bool,
    unscored: Option<Unscored>,
) -> Owner {
    match (stone, dead) {
        (Some(c), false) => Owner::Stone(c),
        _ => match (rules, cl) {
            (_, PointClass::Stone(c)) => Owner::Stone(c),
            // Japanese counting gives nothing for a one-sided dame, a point beside a seki or an
            // unfilled ko point.
            (OracleRules::Japanese, PointClass::OneSidedDame(_)) => Owner::Neutral,
            (OracleRules::Japanese, PointClass::Territory(..)) if unscored.is_some() => {
                Owner::Neutral
            }
            (_, PointClass::Territory(c, _) | PointClass::OneSidedDame(c)) => Owner::Area(c),
            (_, PointClass::Shared(_) | PointClass::OffBoard) => Owner::Neutral,
        },
    }
}

fn gnu_owner(s: GnuStatus) -> Owner {
    match s {
        GnuStatus::Alive(c) | GnuStatus::Seki(c) => Owner::Stone(c),
        GnuStatus::Dead(c) => Owner::Area(c.opp()),
        GnuStatus::Territory(c) => Owner::Area(c),
        GnuStatus::Dame | GnuStatus::Unlisted => Owner::Neutral,
    }
}

/// One point whose owner differs: where, our class, GNU Go's status, and whether each side
/// puts it in a seki.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Differing {
    /// The point.
    pub at: Coord,
    /// Our class (after our dead stones are removed).
    pub ours: PointClass,
    /// Under Japanese rules, why our count gives this point of a one-colour region nothing
    /// (beside a string in seki, an unfilled ko); `None` under Chinese rules.
    pub japanese_unscored: Option<Unscored>,
    /// GNU Go's status.
    pub gnugo: GnuStatus,
    /// The point lies in a seki on our side: a shared liberty or a one-sided dame, a stone of a
    /// string touching one, or a point of a one-colour region beside such a string.
    pub our_seki: bool,
    /// Our count, as the rule set values the point, gives it to nobody, and not because a
    /// Japanese seki takes a territory away: a dame or shared liberty, and under Japanese rules
    /// also a one-sided dame (an unfilled border point earns nothing there).
    pub our_neutral: bool,
    /// The point lies in a seki on GNU Go's side: one of its seki stones, a point touching one,
    /// or an empty point of a region (on our settled board) touching one.
    pub gnugo_seki: bool,
}

impl Differing {
    /// In a seki on both sides: a difference in what a seki earns.
    pub fn seki_both(&self) -> bool {
        self.our_seki && self.gnugo_seki
    }

    /// Neutral on one side: a point our count gives nobody ([`Differing::our_neutral`]: an
    /// ordinary dame, a shared liberty, a one-sided dame under Japanese rules) or GNU Go's dame.
    /// A territory point our Japanese count takes away is not one.
    pub fn dame(&self) -> bool {
        self.our_neutral || matches!(self.gnugo, GnuStatus::Dame | GnuStatus::Unlisted)
    }
}

/// The points whose owner differs between our settlement and GNU Go's lists, compared as the
/// rule set values them (see the module documentation).
pub fn differing_points(
    rules: OracleRules,
    game: &Game,
    ours: &crate::settlement::Settlement,
    dead: &[Coord],
    j: &GnuJudgement,
) -> Vec<Differing> {
    let b = game.board();
    let sb = ours.board();
    let n = b.size() as usize;
    let at = |c: Coord| j.status[c.y as usize * n + c.x as usize];
    let gnu_seki_stone = |p| matches!(at(sb.coord(p)), GnuStatus::Seki(_));
    let unscored = japanese_unscored(ours, DameReading::Filled);
    let heads = seki_string_heads(ours, DameReading::Filled);
    let in_seki_string =
        |p| sb.stone(p).is_some() && heads.binary_search(&sb.string_head(p)).is_ok();
    // Empty points of our settled board whose region touches a GNU Go seki stone.
    let mut near_gnu_seki = vec![false; sb.padded_len()];
    let mut seen = vec![false; sb.padded_len()];
    for start in sb.points() {
        if sb.stone(start).is_some() || seen[start.idx()] {
            continue;
        }
        seen[start.idx()] = true;
        let (mut members, mut k, mut touches) = (vec![start], 0, false);
        while k < members.len() {
            for q in sb.adj(members[k]) {
                if sb.stone(q).is_some() {
                    touches |= gnu_seki_stone(q);
                } else if sb.cell(q) == Cell::Empty && !seen[q.idx()] {
                    seen[q.idx()] = true;
                    members.push(q);
                }
            }
            k += 1;
        }
        for m in members {
            near_gnu_seki[m.idx()] = touches;
        }
    }
    let mut out = Vec::new();
    for p in b.points() {
        let c = b.coord(p);
        let cl = ours.class(p);
        let ju = match rules {
            OracleRules::Japanese => unscored[p.idx()],
            OracleRules::Chinese => None,
        };
        let o = our_owner(rules, cl, b.stone(p), dead.contains(&c), ju);
        let g = gnu_owner(at(c));
        if o != g {
            let our_seki = matches!(
                cl,
                PointClass::OneSidedDame(_) | PointClass::Shared(SharedKind::SharedLiberty)
            ) || in_seki_string(p)
                || unscored[p.idx()] == Some(Unscored::Seki);
            let gnugo_seki = gnu_seki_stone(p)
                || near_gnu_seki[p.idx()]
                || sb
                    .adj(p)
                    .iter()
                    .any(|&q| sb.stone(q).is_some() && gnu_seki_stone(q));
            let our_neutral = matches!(cl, PointClass::Shared(_))
                || (o == Owner::Neutral && ju.is_none() && b.stone(p).is_none());
            out.push(Differing {
                at: c,
                ours: cl,
                japanese_unscored: ju,
                gnugo: at(c),
                our_seki,
                gnugo_seki,
                our_neutral,
            });
        }
    }
    out
}

/// The category of a disagreement (see the module documentation for the rule).
pub fn categorise(same_dead: bool, j: &GnuJudgement, differing: &[Differing]) -> &'static str {
    if !same_dead {
        return "dead_stones";
    }
    if gnugo_margin_from_lists(j) != j.margin {
        return "gnugo_known";
    }
    if differing.iter().any(Differing::seki_both)
        && differing.iter().all(|d| d.seki_both() || d.dame())
    {
        return "seki";
    }
    if !differing.is_empty() && differing.iter().all(Differing::dame) {
        return "dame";
    }
    "our_bug"
}

/// One row of `oracle.csv`: one game under one rule set.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct OracleRow {
    /// The SGF file (or the self-play game's name).
    pub file: String,
    /// The self-play master seed and game index (`seed/index`), empty for files.
    pub game_seed: String,
    /// Board size.
    pub size: u8,
    /// `chinese` or `japanese`.
    pub rules: String,
    /// Komi both sides used.
    pub komi: Half,
    /// Whose dead stones we counted with.
    pub dead_source: String,
    /// GNU Go's `final_score`.
    pub gnugo_result: String,
    /// Our result.
    pub our_result: String,
    /// GNU Go's margin, Black minus White after komi.
    pub gnugo_margin_b_minus_w: String,
    /// Ours.
    pub our_margin_b_minus_w: String,
    /// Whether the margins are equal.
    pub agree: bool,
    /// Empty when they agree; else the category.
    pub category: String,
    /// Dead stones GNU Go called.
    pub dead_gnugo: usize,
    /// Dead stones our count removed.
    pub dead_ours: usize,
    /// Points owned differently.
    pub differing_points: usize,
    /// Our theorems that failed on the game (space-separated).
    pub theorems_failed: String,
    /// The differing points (or the error).
    pub detail: String,
}

/// One game to compare: a name, its seed if generated, and the SGF text.
#[derive(Clone, Debug)]
pub struct OracleInput {
    /// File name or self-play name.
    pub name: String,
    /// `seed/index` for self-play games.
    pub game_seed: String,
    /// The SGF bytes.
    pub sgf: Vec<u8>,
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
        let i = rules as usize;
        if self.engines[i].is_none() {
            self.engines[i] = Some(self.config.spawn(rules)?);
        }
        let e = self.engines[i].as_mut().expect("just started");
        let r = judge(e, game, rules);
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

/// Options of a comparison.
#[derive(Clone, Copy, Debug)]
pub struct CompareOptions {
    /// Whose dead stones we count with.
    pub dead: DeadSource,
    /// How much theorem checking to do.
    pub checks: CheckOptions,
}

impl Default for CompareOptions {
    fn default() -> Self {
        CompareOptions {
            dead: DeadSource::Gnugo,
            checks: CheckOptions {
                symmetries: Symmetries::OnePerGame,
                t11_choices: 4,
            },
        }
    }
}

fn coords_human(v: &[Coord], size: u8) -> String {
    v.iter()
        .map(|c| c.to_human(size))
        .collect::<Vec<_>>()
        .join(" ")
}

fn error_row(
    input: &OracleInput,
    size: u8,
    rules: OracleRules,
    opts: &CompareOptions,
    detail: String,
) -> OracleRow {
    OracleRow {
        file: input.name.clone(),
        game_seed: input.game_seed.clone(),
        size,
        rules: rules.name().into(),
        komi: rules.komi(),
        dead_source: opts.dead.name().into(),
        gnugo_result: String::new(),
        our_result: String::new(),
        gnugo_margin_b_minus_w: String::new(),
        our_margin_b_minus_w: String::new(),
        agree: false,
        category: "error".into(),
        dead_gnugo: 0,
        dead_ours: 0,
        differing_points: 0,
        theorems_failed: String::new(),
        detail,
    }
}

/// Compares one game under both rule sets (those this build has). Never fails: a problem is a
/// row of category `error`.
pub fn compare(
    gnugo: &mut GnuGoPair,
    input: &OracleInput,
    opts: &CompareOptions,
) -> Vec<OracleRow> {
    let rules: Vec<OracleRules> = OracleRules::BOTH
        .into_iter()
        .filter(|r| r.rule_id().is_some())
        .collect();
    let rep = match parse_sgf(&input.sgf)
        .and_then(|rec| replay(&rec, Rules::preset(RuleId::JpdTangsong).play))
    {
        Ok(r) => r,
        Err(e) => {
            let e: SgfError = e;
            return rules
                .iter()
                .map(|&r| error_row(input, 0, r, opts, format!("the record does not read: {e}")))
                .collect();
        }
    };
    let size = rep.record.size;
    let mut rows = Vec::new();
    for r in rules {
        let id = r.rule_id().expect("filtered above");
        let j = match gnugo.judge(&rep.game, r) {
            Ok(j) => j,
            Err(e) => {
                rows.push(error_row(input, size, r, opts, e.to_string()));
                continue;
            }
        };
        let mut dead = match opts.dead {
            DeadSource::Gnugo => j.dead.clone(),
            DeadSource::Record => rep.dead.clone(),
            DeadSource::Proven => {
                let b = rep.game.board();
                crate::settlement::referee::judge(b)
                    .dead()
                    .iter()
                    .map(|&p| b.coord(p))
                    .collect()
            }
        };
        dead.sort();
        dead.dedup();
        let finished = Finished {
            game: rep.game.clone(),
            dead: dead.clone(),
        };
        let a = analyse(&finished, Balancing::Art14, &[id], opts.checks);
        let count = match &a.count {
            Ok(c) => c,
            Err(e) => {
                rows.push(error_row(
                    input,
                    size,
                    r,
                    opts,
                    format!("our count failed: {e}"),
                ));
                continue;
            }
        };
        // GNU Go was given the preset's komi, so the preset's result compares directly.
        let Some(ours) = a.results.first().cloned() else {
            rows.push(error_row(
                input,
                size,
                r,
                opts,
                "our analysis gave no result".into(),
            ));
            continue;
        };
        let failed: Vec<&str> = a
            .theorems
            .iter()
            .filter(|t| t.verdict == Verdict::Fails)
            .map(|t| t.id)
            .collect();
        // The dead stones our count removed: none after four virtual moves (Art. 18), whatever
        // list it was given.
        let board = rep.game.board();
        let mut dead: Vec<Coord> = count
            .settlement_paused
            .dead_points()
            .iter()
            .map(|&p| board.coord(p))
            .collect();
        dead.sort();
        let differing = differing_points(r, &rep.game, &count.settlement_paused, &dead, &j);
        let agree = ours.margin == j.margin;
        let category = if agree {
            ""
        } else {
            categorise(dead == j.dead, &j, &differing)
        };
        let mut detail = String::new();
        if !agree {
            let pts: Vec<String> = differing
                .iter()
                .take(12)
                .map(|d| {
                    let japanese = match d.japanese_unscored {
                        Some(Unscored::Seki) => " (no territory: seki)",
                        Some(Unscored::Ko) => " (no territory: ko)",
                        None => "",
                    };
                    format!(
                        "{} ours {}{japanese} gnugo {:?}",
                        d.at.to_human(size),
                        d.ours.reason(),
                        d.gnugo
                    )
                })
                .collect();
            detail = pts.join("; ");
            if differing.len() > 12 {
                detail.push_str(&format!("; and {} more", differing.len() - 12));
            }
            if dead != j.dead {
                detail = format!(
                    "dead gnugo [{}] ours [{}]; {detail}",
                    coords_human(&j.dead, size),
                    coords_human(&dead, size)
                );
            }
            let from_lists = gnugo_margin_from_lists(&j);
            if from_lists != j.margin {
                detail = format!(
                    "gnugo final_score {} but its lists give {from_lists}; {detail}",
                    j.margin
                );
            }
        }
        rows.push(OracleRow {
            file: input.name.clone(),
            game_seed: input.game_seed.clone(),
            size,
            rules: r.name().into(),
            komi: r.komi(),
            dead_source: opts.dead.name().into(),
            gnugo_result: j.result.clone(),
            our_result: ours.result.clone(),
            gnugo_margin_b_minus_w: j.margin.to_string(),
            our_margin_b_minus_w: ours.margin.to_string(),
            agree,
            category: category.into(),
            dead_gnugo: j.dead.len(),
            dead_ours: dead.len(),
            differing_points: differing.len(),
            theorems_failed: failed.join(" "),
            detail,
        });
    }
    rows
}

/// Writes rows as CSV, header first, in the order given.
pub fn write_csv<W: Write>(out: W, rows: &[OracleRow]) -> csv::Result<()> {
    let mut w = csv::Writer::from_writer(out);
    for r in rows {
        w.serialize(r)?;
    }
    if rows.is_empty() {
        w.write_record(CSV_HEADER)?;
    }
    w.flush()?;
    Ok(())
}

/// The columns of `oracle.csv`.
pub const CSV_HEADER: [&str; 17] = [
    "file",
    "game_seed",
    "size",
    "rules",
    "komi",
    "dead_source",
    "gnugo_result",
    "our_result",
    "gnugo_margin_b_minus_w",
    "our_margin_b_minus_w",
    "agree",
    "category",
    "dead_gnugo",
    "dead_ours",
    "differing_points",
    "theorems_failed",
    "detail",
];

/// Counts of an oracle run: games, rows, agreements, and disagreements by category.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OracleSummary {
    /// Rows per rule set: (rows, agreements).
    pub by_rules: std::collections::BTreeMap<String, (usize, usize)>,
    /// Disagreements per (rule set, category).
    pub by_category: std::collections::BTreeMap<(String, String), usize>,
}

impl OracleSummary {
    /// The summary of rows.
    pub fn of(rows: &[OracleRow]) -> Self {
        let mut s = OracleSummary::default();
        for r in rows {
            let e = s.by_rules.entry(r.rules.clone()).or_default();
            e.0 += 1;
            if r.agree {
                e.1 += 1;
            } else {
                *s.by_category
                    .entry((r.rules.clone(), r.category.clone()))
                    .or_default() += 1;
            }
        }
        s
    }

    /// One line per rule set: `chinese: 48 games, 48 agree`, then the categories.
    pub fn lines(&self) -> Vec<String> {
        let mut out = Vec::new();
        for (rules, (n, ok)) in &self.by_rules {
            let cats: Vec<String> = self
                .by_category
                .iter()
                .filter(|((r, _), _)| r == rules)
                .map(|((_, c), k)| format!("{c} {k}"))
                .collect();
            out.push(format!(
                "{rules}: {n} games, {ok} agree{}",
                if cats.is_empty() {
                    String::new()
                } else {
                    format!(", {} disagree ({})", n - ok, cats.join(", "))
                }
            ));
        }
        out
    }
}

/// The folder, beside `oracle.csv`, that holds the SGF of every disagreement.
pub const DISAGREEMENTS_DIR: &str = "disagreements";

/// Compares every input and writes `out/oracle.csv` and `out/disagreements/*.sgf`. `on_game` is
/// called after each game (for progress).
pub fn run(
    gnugo: &mut GnuGoPair,
    inputs: &[OracleInput],
    opts: &CompareOptions,
    out: &Path,
    on_game: &mut dyn FnMut(&OracleInput, &[OracleRow]),
) -> Result<(Vec<OracleRow>, OracleSummary), OracleError> {
    std::fs::create_dir_all(out).map_err(io_err(out))?;
    let dis = out.join(DISAGREEMENTS_DIR);
    if dis.exists() {
        std::fs::remove_dir_all(&dis).map_err(io_err(&dis))?;
    }
    let mut rows = Vec::new();
    for input in inputs {
        let r = compare(gnugo, input, opts);
        on_game(input, &r);
        if r.iter().any(|row| !row.agree) {
            std::fs::create_dir_all(&dis).map_err(io_err(&dis))?;
            let base = Path::new(&input.name)
                .file_name()
                .map(|f| f.to_string_lossy().into_owned())
                .unwrap_or_else(|| "game.sgf".into());
            let base = if base.ends_with(".sgf") {
                base
            } else {
                format!("{base}.sgf")
            };
            let path = dis.join(base);
            crate::files::write_atomic(&path, &input.sgf)?;
        }
        rows.extend(r);
    }
    let path = out.join("oracle.csv");
    let mut f = crate::files::AtomicFile::create(&path)?;
    write_csv(&mut f, &rows).map_err(csv_err(&path))?;
    f.commit()?;
    let summary = OracleSummary::of(&rows);
    Ok((rows, summary))
}

/// Writes a finished self-play game as an SGF that [`compare`] and `jpd score` read.
pub fn sgf_of(
    game: &Game,
    comment: String,
    territory: PerSide<Vec<Coord>>,
    result: Option<String>,
) -> String {
    let mut w = SgfWriter::from_game(game);
    w.komi_half_points = Some(OracleRules::Chinese.komi().0 as i32);
    w.rules = Some("Chinese".into());
    w.result = result;
    w.comment = Some(comment);
    w.territory = territory;
    w.to_sgf()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn final_scores() {
        assert_eq!(parse_final_score("B+3.5"), Some(Half(7)));
        assert_eq!(parse_final_score("W+12"), Some(Half(-24)));
        assert_eq!(parse_final_score("0"), Some(Half::ZERO));
        assert_eq!(parse_final_score("B+R"), None);
        assert_eq!(parse_final_score(""), None);
    }

    #[test]
    fn categories_follow_the_documented_order() {
        use crate::settlement::TerritoryKind;
        // GNU Go: one black stone and a dame point; 1 - 7.5 = -6.5, consistent with its lists.
        let j = GnuJudgement {
            rules: OracleRules::Chinese,
            result: "W+6.5".into(),
            margin: Half(-13),
            status: vec![GnuStatus::Alive(Color::Black), GnuStatus::Dame],
            dead: vec![],
            captures_by: PerSide::default(),
            handicap: 0,
        };
        let d = |ours: PointClass, gnugo: GnuStatus, our_seki: bool, gnugo_seki: bool| Differing {
            at: Coord::new(1, 0),
            ours,
            japanese_unscored: None,
            gnugo,
            our_seki,
            gnugo_seki,
            our_neutral: matches!(ours, PointClass::Shared(_)),
        };
        let dame = d(
            PointClass::Shared(SharedKind::DameLeft),
            GnuStatus::Dame,
            false,
            false,
        );
        // A one-sided dame of a seki GNU Go sees too.
        let one_sided = d(
            PointClass::OneSidedDame(Color::Black),
            GnuStatus::Dame,
            true,
            true,
        );
        // A one-sided dame where GNU Go sees no seki, owned by its holder under Chinese
        // counting: a point owned differently for no seki or dame reason.
        let one_sided_alone = d(
            PointClass::OneSidedDame(Color::Black),
            GnuStatus::Territory(Color::White),
            true,
            false,
        );
        // The same under Japanese counting, where an unfilled one-sided dame earns nothing: a
        // neutral point on our side, against GNU Go's territory (its convention for a point only
        // one side can fill).
        let one_sided_japanese = Differing {
            our_neutral: true,
            ..d(
                PointClass::OneSidedDame(Color::Black),
                GnuStatus::Territory(Color::Black),
                false,
                false,
            )
        };
        let odd = d(
            PointClass::Territory(Color::Black, TerritoryKind::Enclosed),
            GnuStatus::Territory(Color::White),
            false,
            false,
        );
        // Territory our Japanese count takes away for a seki GNU Go does not see.
        let lost = Differing {
            japanese_unscored: Some(Unscored::Seki),
            ..d(
                PointClass::Territory(Color::Black, TerritoryKind::Enclosed),
                GnuStatus::Territory(Color::Black),
                true,
                false,
            )
        };
        assert_eq!(categorise(false, &j, &[]), "dead_stones");
        assert_eq!(categorise(true, &j, &[dame, one_sided]), "seki");
        assert_eq!(categorise(true, &j, &[one_sided]), "seki");
        assert_eq!(categorise(true, &j, &[dame]), "dame");
        assert_eq!(categorise(true, &j, &[odd]), "our_bug");
        assert_eq!(categorise(true, &j, &[one_sided, odd]), "our_bug");
        assert_eq!(categorise(true, &j, &[one_sided_alone]), "our_bug");
        assert_eq!(categorise(true, &j, &[one_sided_japanese]), "dame");
        assert_eq!(categorise(true, &j, &[lost]), "our_bug");
        assert_eq!(categorise(true, &j, &[lost, one_sided]), "our_bug");
        // No point differs and the scores do: nothing explains it, seki or not.
        assert_eq!(categorise(true, &j, &[]), "our_bug");
        let mut inconsistent = j.clone();
        inconsistent.margin = Half(5);
        assert_eq!(categorise(true, &inconsistent, &[odd]), "gnugo_known");
    }

    #[test]
    fn gnugo_arithmetic() {
        // A 2x2 corner of statuses is enough to check the sums: one black stone, one white dead
        // stone, one black territory point, one dame; komi 7.5 Chinese, 6.5 Japanese.
        let status = vec![
            GnuStatus::Alive(Color::Black),
            GnuStatus::Dead(Color::White),
            GnuStatus::Territory(Color::Black),
            GnuStatus::Dame,
        ];
        let mut j = GnuJudgement {
            rules: OracleRules::Chinese,
            result: String::new(),
            margin: Half::ZERO,
            status,
            dead: vec![],
            captures_by: PerSide::new(2, 1),
            handicap: 0,
        };
        // Chinese: stone 1 + dead point 1 + territory 1 = 3 for Black; 3 - 7.5 = -4.5.
        assert_eq!(gnugo_margin_from_lists(&j), Half(-9));
        // Japanese: territory 1 + dead (point and prisoner) 2 + captures 2 - 1 = 4; 4 - 6.5.
        j.rules = OracleRules::Japanese;
        assert_eq!(gnugo_margin_from_lists(&j), Half(-5));
    }
}
