//! The random-game generator: finished games from a seed, under several policies, each played
//! until the referee ([`referee::judge`]) can prove the status of every string, and counted
//! with the dead stones it proved.
//!
//! Every game is a pure function of its [`GameSpec`] (master seed, index, size, policy) through
//! the pinned [`Rng`]: any game of a campaign can be regenerated alone.

use std::fmt;
use std::str::FromStr;

use super::nucleus;
use super::playout::{filtered_playout, uniform_playout, PlayoutStats};
use super::position::{self, Small};
use super::rng::{splitmix64, Rng};
use crate::counting::Finished;
use crate::engine::{Board, Cell, Color, Coord, End, Game, Phase, PlayRules, Point};
use crate::settlement::referee::{self, Judgement, Status, Unsettled};
use crate::settlement::PassAlive;

/// The board sizes a generated game may have (campaigns, `jpd replay`, GNU Go self-play).
pub const BOARD_SIZES: std::ops::RangeInclusive<u8> = 5..=19;

/// A board size outside [`BOARD_SIZES`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("board size {0} is out of range: sizes go from 5 to 19")]
pub struct BadBoardSize(pub u8);

/// `size` when it is in [`BOARD_SIZES`]; the one check every caller makes.
pub fn check_board_size(size: u8) -> Result<u8, BadBoardSize> {
    if BOARD_SIZES.contains(&size) {
        Ok(size)
    } else {
        Err(BadBoardSize(size))
    }
}

/// A generation policy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Policy {
    /// Uniformly random legal real moves that never fill the mover's own true eye, until two
    /// virtual moves.
    Uniform,
    /// As `Uniform`, and also never a self-atari on a point that touches both colours, so
    /// that sekis form and stay, and never a capture that would leave the capturer one eye
    /// space of two or three points (a hanezeki's capture), so that strings in atari can
    /// stay in a seki.
    Seki,
    /// Pauses early, at a random point of the game, leaving dame, one-sided dame, unfilled ko
    /// and dead stones, with either side passing first; now and then at the very start.
    Endgame,
    /// After a pause, one side disputes and play resumes (Art. 16); a third of these games end
    /// by four virtual moves.
    Dispute,
    /// A legal position drawn uniformly (rejection from uniform colourings), reached by its
    /// simplest game ([`position::simplest_game`]) with a first passer and last mover drawn
    /// among those possible, then paused; play resumes in the unsettled areas as for the
    /// other policies.
    Position,
    /// All of the above: uniform 25%, seki 25%, endgame 20%, dispute 20%, position 10%, drawn
    /// per game.
    Mixed,
    /// One position of `jpd exhaust` and one of its games, named by the game index
    /// ([`exhaustive_index`]); never resumed. Not a policy of `jpd run`.
    Exhaustive,
}

impl Policy {
    /// The concrete policies, in report order.
    pub const CONCRETE: [Policy; 5] = [
        Policy::Uniform,
        Policy::Seki,
        Policy::Endgame,
        Policy::Dispute,
        Policy::Position,
    ];

    /// The policies a seed generates (`jpd run --policy`, `jpd replay --policy`): the concrete
    /// ones and `mixed`.
    pub const OF_RUN: [Policy; 6] = [
        Policy::Uniform,
        Policy::Seki,
        Policy::Endgame,
        Policy::Dispute,
        Policy::Position,
        Policy::Mixed,
    ];

    /// The names of [`Policy::OF_RUN`] as a list for people: `uniform, seki, ... or mixed`.
    pub fn run_names() -> String {
        let names: Vec<&str> = Policy::OF_RUN.iter().map(|p| p.name()).collect();
        let (last, rest) = names.split_last().expect("policies");
        format!("{} or {last}", rest.join(", "))
    }

    /// The name used on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            Policy::Uniform => "uniform",
            Policy::Seki => "seki",
            Policy::Endgame => "endgame",
            Policy::Dispute => "dispute",
            Policy::Position => "position",
            Policy::Mixed => "mixed",
            Policy::Exhaustive => "exhaustive",
        }
    }
}

impl fmt::Display for Policy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Policy {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Ok(match s.to_ascii_lowercase().as_str() {
            "uniform" => Policy::Uniform,
            "seki" => Policy::Seki,
            "endgame" => Policy::Endgame,
            "dispute" => Policy::Dispute,
            "position" => Policy::Position,
            "mixed" => Policy::Mixed,
            "exhaustive" => {
                return Err(
                    "'exhaustive' games come from `jpd exhaust`, not from a seed".to_string(),
                )
            }
            _ => {
                return Err(format!(
                    "unknown policy '{s}': expected {}",
                    Policy::run_names()
                ))
            }
        })
    }
}

/// What identifies one game of a campaign.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameSpec {
    /// The campaign's master seed.
    pub master_seed: u64,
    /// The game's index in the campaign.
    pub index: u64,
    /// Board size.
    pub size: u8,
    /// The policy (`Mixed` draws a concrete one per game).
    pub policy: Policy,
}

impl GameSpec {
    /// The per-game seed, as [`Rng::for_game`] derives it.
    pub fn seed(&self) -> u64 {
        splitmix64(self.master_seed ^ splitmix64(self.index))
    }
}

/// The edge cases a game contains (RULES.md sections 3-6).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EdgeCases {
    /// A seki with at least one eye.
    pub seki_with_eyes: bool,
    /// Seki eyes of one colour only (over the whole board).
    pub seki_eyes_one_side: bool,
    /// Seki eyes of both colours (over the whole board).
    pub seki_eyes_both_sides: bool,
    /// Hanezeki-like: a live string in atari in a seki whose capture costs the capturer its
    /// stones ([`hanezeki_like`]).
    pub hanezeki_like: bool,
    /// A one-sided dame.
    pub one_sided_dame: bool,
    /// An unfilled single ko.
    pub unfilled_ko: bool,
    /// Dame left unfilled.
    pub dame_left: bool,
    /// Art. 17 overflow.
    pub overflow: bool,
    /// White passed first and Black had no stone touching White for a type-A move.
    pub no_boundary_stone: bool,
    /// Play resumed after a pause.
    pub dispute: bool,
    /// Ended by four virtual moves.
    pub four_pass_end: bool,
    /// A move was refused for recreating an earlier position (or a cycle ended the game).
    pub cycle: bool,
    /// No real move was made (the game paused on virtual moves alone; a four-pass end is
    /// counted apart): it tests nothing about life and death.
    pub no_real_move: bool,
}

impl EdgeCases {
    /// The names, in column order.
    pub const NAMES: [&'static str; 13] = [
        "seki_with_eyes",
        "seki_eyes_one_side",
        "seki_eyes_both_sides",
        "hanezeki_like",
        "one_sided_dame",
        "unfilled_ko",
        "dame_left",
        "overflow",
        "no_boundary_stone",
        "dispute",
        "four_pass_end",
        "cycle",
        "no_real_move",
    ];

    /// The flags, in [`EdgeCases::NAMES`] order.
    pub fn flags(&self) -> [bool; 13] {
        [
            self.seki_with_eyes,
            self.seki_eyes_one_side,
            self.seki_eyes_both_sides,
            self.hanezeki_like,
            self.one_sided_dame,
            self.unfilled_ko,
            self.dame_left,
            self.overflow,
            self.no_boundary_stone,
            self.dispute,
            self.four_pass_end,
            self.cycle,
            self.no_real_move,
        ]
    }
}

/// A generated, finished game.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The game and its dead stones.
    pub finished: Finished,
    /// The concrete policy that made it.
    pub policy: Policy,
    /// Edge cases known from generation (the count adds the rest).
    pub edges: EdgeCases,
    /// Benson's analysis of the paused position, when the game paused; T10 reuses it rather
    /// than running Benson a second time on the same board.
    pub pass_alive: Option<PassAlive>,
    /// Why the referee could not settle the final position (`None`: settled, or ended by
    /// four virtual moves, where every stone is alive by Art. 18). An unsettled game is
    /// counted and reported but never used for a verdict.
    pub unsettled: Option<Unsettled>,
}

/// The longest a playout may run before it is made to pause: random play with positional
/// superko always ends, but this bounds pathological cases.
fn move_cap(size: u8) -> u32 {
    let n = size as u32;
    6 * n * n + 64
}

/// The `seki` policy refuses a non-capturing move on a point touching both colours that
/// leaves the mover's string with fewer liberties than this: it stops short of the last
/// approach moves of a capturing race, which is how sekis (with eyes, too) survive.
const SEKI_MIN_LIBERTIES: u32 = 3;

/// The `seki` policy's move rule, on top of the uniform policy's (never fill a true eye):
/// - never fill a one-point eye of one's own (every neighbour an own stone or the edge), true
///   or false, unless the move captures or connects a string in atari: the eyes of strings in
///   a seki are usually false by the playout's diagonal test (the opponent's stones stand all
///   around), and filling them turns a seki with eyes into a lost race;
/// - never a self-atari (a non-capturing move leaving the mover's string one liberty);
/// - on a point touching both colours, never a non-capturing move leaving the mover's string
///   fewer than [`SEKI_MIN_LIBERTIES`] liberties, and never a costly capture
///   ([`costly_capture`]).
fn not_self_atari_between(game: &Game, p: Point, c: Color) -> bool {
    let b = game.board();
    let (mut sees_black, mut sees_white, mut own_only) = (false, false, true);
    for q in b.adj(p) {
        match b.stone(q) {
            Some(Color::Black) => sees_black = true,
            Some(Color::White) => sees_white = true,
            None => {}
        }
        own_only &= b.cell(q) == Cell::Wall || b.stone(q) == Some(c);
    }
    let captures = b.would_capture(p, c);
    if sees_black && sees_white {
        return if captures {
            !costly_capture(b, p, c)
        } else {
            liberties_after(b, p, c) >= SEKI_MIN_LIBERTIES
        };
    }
    if captures {
        return true;
    }
    // A one-point eye is filled only to save a string in atari (connecting through a false
    // eye), never otherwise.
    if own_only
        && !b
            .adj(p)
            .iter()
            .any(|&q| b.stone(q) == Some(c) && b.liberties(q) == 1)
    {
        return false;
    }
    liberties_after(b, p, c) >= 2
}

/// A capture the `seki` policy declines, as a player would in a hanezeki: it takes two or three
/// stones, and the points they leave are then the capturing string's only eye space (no other
/// empty region enclosed by its colour touches it), a shape the opponent can reduce to one eye
/// by playing inside it. Single-stone captures (ko, ordinary eyes) are never declined.
fn costly_capture(b: &Board, p: Point, c: Color) -> bool {
    let mut after = b.clone();
    let info = after.play_unchecked(p, c);
    if !(2..=3).contains(&info.captured) {
        return false;
    }
    // The empty regions next to the capturing string, each bordered by `c` alone.
    let mut seen = vec![false; after.padded_len()];
    let mut enclosed = 0;
    for s in after.string_stones(p) {
        for q in after.adj(s) {
            if after.cell(q) != Cell::Empty || seen[q.idx()] {
                continue;
            }
            let region = after.region_from(q, |t| after.cell(t) == Cell::Empty);
            let mut own_only = true;
            for &r in &region {
                seen[r.idx()] = true;
                own_only &= after.adj(r).iter().all(|&t| {
                    matches!(after.cell(t), Cell::Empty | Cell::Wall)
                        || after.cell(t) == Cell::of(c)
                });
            }
            enclosed += own_only as u32;
        }
    }
    enclosed <= 1
}

/// Liberties of the string holding a new stone of `c` at `p` (a non-capturing move), up to 3.
fn liberties_after(b: &Board, p: Point, c: Color) -> u32 {
    let mut libs: [Point; 3] = [Point(0); 3];
    let mut n = 0usize;
    let mut add = |l: Point, n: &mut usize| {
        if l != p && !libs[..*n].contains(&l) && *n < 3 {
            libs[*n] = l;
            *n += 1;
        }
    };
    for q in b.adj(p) {
        if b.cell(q) == Cell::Empty {
            add(q, &mut n);
        }
    }
    for q in b.adj(p) {
        if n >= 3 {
            break;
        }
        if b.stone(q) == Some(c) {
            for l in b.string_liberties(q) {
                add(l, &mut n);
                if n >= 3 {
                    break;
                }
            }
        }
    }
    n as u32
}

/// Plays under a concrete policy's move rule until the game pauses (or the cap).
fn play_to_pause(game: &mut Game, rng: &mut Rng, policy: Policy, max: u32) -> PlayoutStats {
    match policy {
        Policy::Seki => filtered_playout(game, rng, max, &not_self_atari_between),
        _ => uniform_playout(game, rng, max),
    }
}

/// Makes the side to move pass, then the other: a pause (unless the game already paused).
fn force_pause(game: &mut Game) {
    while game.phase() == Phase::Playing {
        game.play_virtual();
    }
}

/// Whether a settled position holds a hanezeki: a string in atari that the referee proved to
/// be in seki, so that its capture, though legal, does not pay the capturer.
pub fn hanezeki_like(board: &crate::engine::Board, j: &Judgement) -> bool {
    board
        .points()
        .any(|p| board.stone(p).is_some() && board.liberties(p) == 1 && j.status(p) == Status::Seki)
}

/// How many times a game resumes after a pause the referee cannot settle (Art. 16: the
/// dispute annuls the pause and play goes on).
const SETTLE_ROUNDS: u32 = 8;

/// Plays on until the referee can settle the position (RULES.md section 5.1), and returns its
/// judgement of the final pause. While the game is still in play and `check_every` is given,
/// the position is judged every `check_every` moves and the game pauses as soon as it is
/// settled (the `endgame` policy: dame, unfilled ko and dead stones inside proven territory
/// stay on the board). At a pause the referee cannot settle, one side disputes and play
/// resumes (Art. 16), up to [`SETTLE_ROUNDS`] times. Moves go only to the unsettled areas,
/// so proven sekis and territories are left as they are. Returns `None` when the game ended
/// otherwise (four virtual moves).
fn play_until_settled(
    game: &mut Game,
    rng: &mut Rng,
    check_every: Option<u32>,
    read_races: bool,
    edges: &mut EdgeCases,
) -> Option<(Judgement, PassAlive)> {
    let cap = move_cap(game.board().size());
    let mut rounds = 0;
    let mut moves = 0u32;
    loop {
        match game.phase() {
            Phase::Ended(_) => return None,
            Phase::Paused => {
                let pa = PassAlive::analyse(game.board());
                let j = referee::judge_settledness_with(game.board(), &pa);
                if j.is_settled() || rounds == SETTLE_ROUNDS {
                    return Some((j, pa));
                }
                rounds += 1;
                game.resume().expect("the game is paused");
                edges.dispute = true;
                if read_races {
                    play_out_races(game, rng, cap, edges);
                } else {
                    let open = open_mask(game.board(), &j);
                    let s =
                        filtered_playout(game, rng, cap, &|_: &Game, p: Point, _| open[p.idx()]);
                    edges.cycle |= s.superko_refusals > 0;
                }
                force_pause(game);
            }
            Phase::Playing => {
                let j = referee::judge_static(game.board());
                if j.is_settled() || moves >= cap {
                    force_pause(game);
                    continue;
                }
                let open = open_mask(game.board(), &j);
                let step = check_every.unwrap_or(cap);
                let s = filtered_playout(game, rng, step, &|_: &Game, p: Point, _| open[p.idx()]);
                moves += s.moves();
                edges.cycle |= s.superko_refusals > 0;
            }
        }
    }
}

/// The longest the `seki` policy's reading of the races goes on within one resumption (each
/// move is judged by the referee's search, so this bounds the cost).
const RACE_MOVES: u32 = 64;

/// Plays on in the referee's unsettled areas as strong players would (the `seki` policy's
/// resumption). Before each move the referee judges the position
/// ([`referee::judge_for_settling`]): the side to move plays a proven winning first move of an
/// area it can capture at a profit, if it has one; otherwise, when the opponent has one, it
/// passes (the search proved it cannot win that area by moving first) and lets the opponent
/// play it. So a capturing race ends as reading says, not by random moves that break the shapes
/// up, and a proven seki is never touched (it is no unsettled area). When neither side has a
/// winning move left (an open area, an enclosed group, a ko, a search over budget), or after
/// [`RACE_MOVES`] moves, the rest of the resumption is uniformly random in the unsettled areas,
/// as for the other policies.
fn play_out_races(game: &mut Game, rng: &mut Rng, cap: u32, edges: &mut EdgeCases) {
    let mut j = referee::judge_for_settling(game.board());
    for _ in 0..RACE_MOVES {
        if game.phase() != Phase::Playing || j.is_settled() {
            return;
        }
        let me = game.to_move();
        let wins = j.winning_moves();
        if let Some(&(_, p)) = wins
            .iter()
            .find(|&&(c, p)| c == me && game.legality_at(p, c).is_ok())
        {
            game.play_point_unchecked(p);
            j = referee::judge_for_settling(game.board());
        } else if wins.iter().any(|&(c, _)| c != me) && game.consecutive_virtual() < 3 {
            // The board is unchanged: so is the judgement (it does not depend on who moves).
            game.play_virtual();
        } else {
            break;
        }
    }
    if game.phase() == Phase::Playing && !j.is_settled() {
        let open = open_mask(game.board(), &j);
        let s = filtered_playout(game, rng, cap, &|_: &Game, p: Point, _| open[p.idx()]);
        edges.cycle |= s.superko_refusals > 0;
    }
}

/// The points of the referee's unsettled areas, as a mask over padded points.
fn open_mask(board: &crate::engine::Board, j: &Judgement) -> Vec<bool> {
    let mut open = vec![false; board.padded_len()];
    for &p in j.open_points() {
        open[p.idx()] = true;
    }
    open
}

/// The referee's node budget per search for `jpd exhaust` up to 3x3 (the campaign's is
/// [`referee::SEARCH_NODES`]).
pub const EXHAUSTIVE_NODES: u32 = 1_000_000;

/// The referee's node budget per search by board size: [`EXHAUSTIVE_NODES`] up to 3x3 (a few
/// seconds for the whole 3x3 board), the campaign's [`referee::SEARCH_NODES`] on 4x4, where
/// the search costs about 80 microseconds a node and a larger budget does not fit the 30
/// minutes of a run on two cores.
pub fn default_nodes(size: u8) -> u32 {
    if size <= 3 {
        EXHAUSTIVE_NODES
    } else {
        referee::SEARCH_NODES
    }
}

/// The game index of position `p` of an exhaustive run with variant `v` (first passer and
/// last mover, [`position::variant`]): `4 * key + v`.
pub fn exhaustive_index(size: u8, p: Small, v: u8) -> u64 {
    p.key(size) * 4 + v as u64
}

/// The first passer and last mover of variant `v` of a position (`None` for the last mover
/// when there is no stone).
fn variant_of(p: &[Coord], q: &[Coord], v: u8) -> (Color, Option<Color>) {
    let (first, last) = position::variant(v);
    (first, (!p.is_empty() || !q.is_empty()).then_some(last))
}

/// The game of an exhaustive run: the position and variant named by `index`, its simplest game
/// paused, judged with [`default_nodes`] (`judged`: the judgement when already made, for the
/// other variants of the same position). `None` when the index names no legal position or a
/// variant no game reaches.
pub fn exhaustive_game(
    size: u8,
    index: u64,
    judged: Option<(&Judgement, &PassAlive)>,
) -> Option<Generated> {
    exhaustive_game_with(size, index, judged, default_nodes(size))
}

/// [`exhaustive_game`] judged with a node budget of `nodes` per search.
pub fn exhaustive_game_with(
    size: u8,
    index: u64,
    judged: Option<(&Judgement, &PassAlive)>,
    nodes: u32,
) -> Option<Generated> {
    if size == 0 || size > position::SMALL_MAX {
        return None;
    }
    let p = Small::from_key(size, index / 4);
    if p.key(size) != index / 4 || p.black & p.white != 0 || !position::small_legal(size, p) {
        return None;
    }
    let (black, white) = p.stones(size);
    if p.stone_count() == 0 && index % 2 == 1 {
        // No last mover: variants 0 and 1 (2 and 3) are the same game.
        return None;
    }
    let (first, last) = variant_of(&black, &white, (index % 4) as u8);
    let game = position::simplest_game(size, &black, &white, first, last)?;
    let (j, pa) = match judged {
        Some((j, pa)) => (j.clone(), pa.clone()),
        None => {
            let pa = PassAlive::analyse(game.board());
            (referee::judge_with_budget(game.board(), &pa, nodes), pa)
        }
    };
    let b = game.board();
    let dead: Vec<Coord> = j.dead().iter().map(|&p| b.coord(p)).collect();
    let edges = EdgeCases {
        hanezeki_like: j.is_settled() && hanezeki_like(b, &j),
        ..EdgeCases::default()
    };
    Some(Generated {
        finished: Finished { game, dead },
        policy: Policy::Exhaustive,
        edges,
        pass_alive: Some(pa),
        unsettled: j.unsettled(),
    })
}

/// The `seki` policy's game up to a forced pause: one game in four starts from a seki nucleus
/// in a random corner (RULES.md 5.3), frozen while the rest is played out avoiding
/// self-ataris between strings.
fn play_seki(game: &mut Game, rng: &mut Rng, cap: u32, edges: &mut EdgeCases) {
    // One game in four starts from a seki nucleus in a random corner (RULES.md 5.3).
    let placed = if rng.chance(1, 4) {
        let index = rng.below(nucleus::NUCLEI.len() as u32) as usize;
        let (corner, transpose, swap) = (rng.below(4), rng.chance(1, 2), rng.chance(1, 2));
        nucleus::place(game.board(), index, corner, transpose, swap)
            .filter(|pl| nucleus::play(game, rng, pl))
    } else {
        None
    };
    let frozen = nucleus::frozen_mask(game.board(), placed.as_ref());
    let s = filtered_playout(game, rng, cap, &|g: &Game, p: Point, c| {
        !frozen[p.idx()] && not_self_atari_between(g, p, c)
    });
    edges.cycle |= s.superko_refusals > 0;
    force_pause(game);
}

/// The `dispute` policy's game: play to a pause, one side disputes and play resumes for a
/// while, then pauses again (Art. 16); one game in four then ends by four virtual moves.
fn play_dispute(game: &mut Game, rng: &mut Rng, n2: u32, edges: &mut EdgeCases) {
    let stop = rng.below(n2 + 1);
    let s = play_to_pause(game, rng, Policy::Uniform, stop);
    edges.cycle |= s.superko_refusals > 0;
    force_pause(game);
    // One side disputes; play resumes for a while, then pauses again (Art. 16).
    game.resume().expect("the game has just paused");
    edges.dispute = true;
    let more = rng.below(n2 / 2 + 1);
    let s = play_to_pause(game, rng, Policy::Uniform, more);
    edges.cycle |= s.superko_refusals > 0;
    force_pause(game);
    if rng.chance(1, 4) {
        // Nobody removes anything: two more virtual moves end the game (Art. 18).
        while !matches!(game.phase(), Phase::Ended(_)) {
            game.play_virtual();
        }
        edges.four_pass_end = game.phase() == Phase::Ended(End::FourPasses);
    }
}

/// The `position` policy's game: a uniform random legal position, reached by the simplest game
/// of one of its possible variants (who moved first and last).
fn play_position(rng: &mut Rng, size: u8) -> Game {
    let (black, white) = position::random_legal(rng, size);
    let stones = !black.is_empty() || !white.is_empty();
    let options: Vec<(Color, Option<Color>)> = (0..4)
        .filter(|v| stones || v % 2 == 0)
        .map(|v| variant_of(&black, &white, v))
        .filter(|&(f, l)| position::plan(black.len() as u32, white.len() as u32, f, l).is_some())
        .collect();
    let (first, last) = options[rng.below(options.len() as u32) as usize];
    position::simplest_game(size, &black, &white, first, last).expect("a variant with a plan")
}

/// Generates one finished game.
///
/// # Panics
///
/// For [`Policy::Exhaustive`] when the index names no game ([`exhaustive_game`]).
pub fn generate(spec: &GameSpec) -> Generated {
    if spec.policy == Policy::Exhaustive {
        return exhaustive_game(spec.size, spec.index, None)
            .expect("an exhaustive game index names a legal position and a possible variant");
    }
    let mut rng = Rng::for_game(spec.master_seed, spec.index);
    let policy = match spec.policy {
        Policy::Mixed => match rng.below(100) {
            0..=24 => Policy::Uniform,
            25..=49 => Policy::Seki,
            50..=69 => Policy::Endgame,
            70..=89 => Policy::Dispute,
            _ => Policy::Position,
        },
        p => p,
    };
    let mut game =
        Game::new(spec.size as u32, PlayRules::JPD).expect("campaign sizes are validated");
    let cap = move_cap(spec.size);
    let mut edges = EdgeCases::default();
    let n2 = spec.size as u32 * spec.size as u32;
    let mut check_every = None;
    match policy {
        Policy::Uniform => {
            let s = play_to_pause(&mut game, &mut rng, policy, cap);
            edges.cycle |= s.superko_refusals > 0;
            force_pause(&mut game);
        }
        Policy::Seki => play_seki(&mut game, &mut rng, cap, &mut edges),
        Policy::Endgame => {
            // A random point from which the game pauses as soon as the referee can settle it:
            // one game in 20 from its first 3 moves, the rest anywhere up to about the length
            // of a full random game.
            let stop = if rng.chance(1, 20) {
                rng.below(4)
            } else {
                rng.below(n2 + n2 / 4 + 1)
            };
            let s = play_to_pause(&mut game, &mut rng, Policy::Uniform, stop);
            edges.cycle |= s.superko_refusals > 0;
            check_every = Some(spec.size as u32);
        }
        Policy::Dispute => play_dispute(&mut game, &mut rng, n2, &mut edges),
        Policy::Position => game = play_position(&mut rng, spec.size),
        Policy::Mixed | Policy::Exhaustive => unreachable!("resolved above"),
    }
    let (dead, pass_alive, unsettled) = match play_until_settled(
        &mut game,
        &mut rng,
        check_every,
        policy == Policy::Seki,
        &mut edges,
    ) {
        Some((j, pa)) => {
            let b = game.board();
            let dead: Vec<Coord> = j.dead().iter().map(|&p| b.coord(p)).collect();
            edges.hanezeki_like = j.is_settled() && hanezeki_like(b, &j);
            (dead, Some(pa), j.unsettled())
        }
        None => (Vec::new(), None, None),
    };
    Generated {
        finished: Finished { game, dead },
        policy,
        edges,
        pass_alive,
        unsettled,
    }
}

#[cfg(test)]
mod tests;
