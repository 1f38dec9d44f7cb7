//! `jpd exhaust`: every legal position of a board up to 4x4 through the campaign's pipeline.
//!
//! The positions are enumerated in base 3 ([`position::chunk_positions`]), every one or one per
//! symmetry class ([`Mode`]). Each becomes up to four games: its simplest game
//! ([`position::simplest_game`]) with each first passer and each last mover a game can have
//! ([`Policy::Exhaustive`], game index `4 * key + variant`), paused. The referee judges the
//! position once with [`default_nodes`] a search; each game is then counted under every rule
//! set and checked against every invariant and finding by [`run_with`], exactly as a campaign
//! game.
//!
//! Chunks (the first two rows' colourings) run in parallel in batches; their results are added
//! in chunk order, so the output does not depend on the thread count. After each batch the
//! totals go to `checkpoint.json` (written to a temporary file, then renamed), and an
//! interrupted run resumes from it.
//!
//! A run may be split into shards ([`ExhaustShard`], `--shard I/N`, 1 <= I <= N): shard `I` runs
//! the chunks `c` with `c % N == I - 1`, in its own folder with its own checkpoint, and its
//! manifest keeps its totals, so that [`merge`] joins the shards of one run into the bytes of
//! the unsharded run.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use super::generate::{
    default_nodes, exhaustive_game_with, exhaustive_index, EdgeCases, GameSpec, Policy,
};
use super::outcome::{run_with, unsettled_outcome, GameOutcome, RunOptions};
use super::position::{self, Small, Symmetries};
use super::summary::{Summary, SummaryData};
use crate::checks::{CheckOptions, Symmetries as T8Symmetries, Verdict, FINDINGS, THEOREMS};
use crate::files::FileError;
use crate::settlement::referee;
use crate::settlement::PassAlive;

mod merge;
mod output;
mod report;

pub use merge::{is_exhaust_folder, merge};

pub use output::{check_room, estimated_bytes};
use output::{headers_of, violations_header, CsvOut};
use report::{write_reports, Origin};
pub use report::{ExhaustiveRow, EXHAUSTIVE_COLUMNS};

/// The largest board `jpd exhaust` takes: 5x5 has 414,295,148,741 legal positions.
pub const MAX_SIZE: u8 = position::SMALL_MAX;

/// Every position or one per symmetry class.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// Every legal position.
    All,
    /// One position per class of the 8 symmetries of the board (colours not swapped): the one
    /// with the smallest key.
    Classes,
}

impl Mode {
    /// `all` or `classes`.
    pub fn name(self) -> &'static str {
        match self {
            Mode::All => "all",
            Mode::Classes => "classes",
        }
    }
}

/// One of `count` slices of an exhaustive run, 1-based as `jpd run --shard`: shard `index` runs
/// the chunks `c` with `c % count == index - 1` (`--shard 1/3`, `2/3`, `3/3`; a Slurm job array
/// `--array=1-3` gives `$SLURM_ARRAY_TASK_ID` in that range). A checkpoint or manifest holding
/// an index outside 1 to `count` is refused when read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "ShardFields")]
pub struct ExhaustShard {
    /// Which slice, 1 to `count`.
    pub index: u64,
    /// How many slices, at least 1.
    pub count: u64,
}

/// An [`ExhaustShard`] as a file holds it, before it is checked.
#[derive(Deserialize)]
struct ShardFields {
    index: u64,
    count: u64,
}

impl TryFrom<ShardFields> for ExhaustShard {
    type Error = String;
    fn try_from(f: ShardFields) -> Result<Self, String> {
        if f.index == 0 || f.index > f.count {
            return Err(format!(
                "shard {}/{}: expected 1 <= index <= count",
                f.index, f.count
            ));
        }
        Ok(ExhaustShard {
            index: f.index,
            count: f.count,
        })
    }
}

impl ExhaustShard {
    /// This shard's first chunk, `index - 1` (whether the run has it or not).
    fn first(&self) -> u64 {
        self.index - 1
    }

    /// Whether chunk `c` is this shard's.
    pub fn contains(&self, c: u64) -> bool {
        c % self.count == self.first()
    }

    /// How many of the `total` chunks of a run are this shard's.
    pub fn chunks(&self, total: u64) -> u64 {
        if self.first() >= total {
            0
        } else {
            (total - self.first()).div_ceil(self.count)
        }
    }

    /// The `j`-th chunk of this shard (of the run's chunks).
    pub fn chunk(&self, j: u64) -> u64 {
        self.first() + j * self.count
    }
}

impl std::fmt::Display for ExhaustShard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl std::str::FromStr for ExhaustShard {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let bad = || {
            format!(
                "bad shard '{s}': expected I/N with 1 <= I <= N (--shard 1/3, 2/3 and 3/3 split \
                 a run in three)"
            )
        };
        let (i, n) = s.split_once('/').ok_or_else(bad)?;
        let index: u64 = i.trim().parse().map_err(|_| bad())?;
        let count: u64 = n.trim().parse().map_err(|_| bad())?;
        if count == 0 || index == 0 || index > count {
            return Err(bad());
        }
        Ok(ExhaustShard { index, count })
    }
}

/// What `jpd exhaust` runs.
#[derive(Clone, Debug)]
pub struct ExhaustConfig {
    /// Board size, 1 to [`MAX_SIZE`].
    pub size: u8,
    /// Every position or one per class.
    pub mode: Mode,
    /// Worker threads; 0 for one per CPU. The output does not depend on it.
    pub threads: usize,
    /// Write games.csv (one row per game).
    pub games_csv: bool,
    /// Chunks per batch (a checkpoint after each).
    pub batch: u64,
    /// Stop (as if interrupted) after this many batches of this invocation: for tests.
    pub stop_after_batches: Option<u64>,
    /// The referee's node budget per search ([`default_nodes`]).
    pub nodes: u32,
    /// Only enumerate: count the legal positions and classes, play no game.
    pub count_only: bool,
    /// The command line, for the manifest.
    pub command_line: Vec<String>,
    /// Start afresh in a folder that is not empty, clearing the files jpd writes there
    /// ([`crate::outdir::prepare`]); without it only an empty folder, or one holding a
    /// checkpoint of the same run (resumed), is used.
    pub force: bool,
    /// The slice of the chunks this run does (`None`: all of them).
    pub shard: Option<ExhaustShard>,
}

impl ExhaustConfig {
    /// The defaults for a size: every position, games.csv up to 3x3.
    pub fn new(size: u8, mode: Mode) -> ExhaustConfig {
        ExhaustConfig {
            size,
            mode,
            threads: 0,
            games_csv: size <= 3,
            batch: 64,
            stop_after_batches: None,
            nodes: default_nodes(size),
            count_only: false,
            command_line: Vec::new(),
            force: false,
            shard: None,
        }
    }

    /// The chunks this run does: every chunk of the board, or the shard's.
    pub fn chunks_in_scope(&self) -> u64 {
        let total = position::chunk_count(self.size.clamp(1, MAX_SIZE));
        self.shard.map_or(total, |s| s.chunks(total))
    }

    /// The `j`-th chunk this run does.
    fn chunk(&self, j: u64) -> u64 {
        self.shard.map_or(j, |s| s.chunk(j))
    }

    /// The run as its flags say it: `--size 3 --all --nodes 1000000 [--count-only] [--shard
    /// I/N]`.
    fn describe(
        size: u8,
        mode: Mode,
        nodes: Option<u32>,
        count_only: bool,
        shard: Option<ExhaustShard>,
    ) -> String {
        let mut d = format!("--size {size} --{}", mode.name());
        if let Some(n) = nodes {
            d += &format!(" --nodes {n}");
        }
        if count_only {
            d += " --count-only";
        }
        if let Some(s) = shard {
            d += &format!(" --shard {s}");
        }
        d
    }
}

/// What each game is checked for: T8 under all 7 symmetries and T11 with every choice (the
/// games are tiny), the Art. 14 balancing.
pub fn exhaust_run_options() -> RunOptions {
    RunOptions {
        checks: CheckOptions {
            symmetries: T8Symmetries::All,
            t11_choices: usize::MAX,
            details: crate::checks::Details::Failures,
            f11_one_in: 1,
        },
        ..RunOptions::default()
    }
}

/// Why `jpd exhaust` could not run.
#[derive(Debug, thiserror::Error)]
pub enum ExhaustError {
    /// The board is too large (or 0).
    #[error("--size {0}: jpd exhaust takes boards from 1x1 to 4x4 (5x5 alone has 414,295,148,741 legal positions)")]
    Size(u8),
    /// A file could not be read or written.
    #[error(transparent)]
    File(#[from] FileError),
    /// The output folder is not empty (and holds no checkpoint to resume), or is in use.
    #[error(transparent)]
    OutDir(#[from] crate::outdir::OutDirError),
    /// The checkpoint is of another run (size, mode, node budget, count only, or shard).
    #[error(
        "{path}: a checkpoint of {run}, not of {this}; run that again, use an empty folder, or pass --force to start afresh"
    )]
    OtherRun {
        /// The checkpoint.
        path: PathBuf,
        /// Its run, as flags (`--size 2 --classes --nodes 1000000 --shard 0/3`).
        run: String,
        /// The run asked for, as flags.
        this: String,
    },
    /// A folder given to [`merge`] is not a shard of the run the others are, or is damaged or
    /// unfinished.
    #[error("{path}: {why}")]
    Shard {
        /// The folder (or its file).
        path: PathBuf,
        /// What is wrong with it.
        why: String,
    },
    /// The folders given to [`merge`] are not every shard of one run.
    #[error("{0}")]
    Shards(String),
    /// A CSV file does not hold what the checkpoint counted: cut, or changed in place.
    #[error("{path}: {why}; run the same command with --force to start afresh")]
    Changed {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        why: String,
    },
    /// The run would write more than the space free where it writes.
    #[error(
        "--size {size}: this exhaustive run would write about {} to {}, more than the {} free there; leave out games.csv (--games-csv false) or free some space",
        crate::outdir::size_text(*need),
        dir.display(),
        crate::outdir::size_text(*free)
    )]
    NoRoom {
        /// The board size.
        size: u8,
        /// The output folder.
        dir: PathBuf,
        /// The bytes it would write, about.
        need: u64,
        /// The bytes free there.
        free: u64,
    },
    /// The checkpoint does not parse.
    #[error("{path}: not a checkpoint of jpd exhaust: {why}")]
    BadCheckpoint {
        /// The checkpoint.
        path: PathBuf,
        /// Why.
        why: String,
    },
}

/// The smallest game showing something: fewest stones, then smallest game index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Example {
    /// Stones on the board.
    pub stones: u32,
    /// The game index ([`exhaustive_index`]).
    pub game: u64,
}

/// Per-position counters: positions, symmetry classes (representatives among them) and games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Count {
    /// Positions (in `classes` mode: the positions their classes stand for).
    pub positions: u64,
    /// Symmetry classes (representatives).
    pub classes: u64,
    /// Games.
    pub games: u64,
    /// The smallest game.
    pub example: Option<Example>,
}

impl Count {
    fn add(&mut self, o: &Count) {
        self.positions += o.positions;
        self.classes += o.classes;
        self.games += o.games;
        self.example = match (self.example, o.example) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
    }
}

/// The totals of an exhaustive run (or of the chunks done so far).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Totals {
    /// Counters by name (`legal`, `settled`, `unsettled_<reason>`, `<theorem>_failed`,
    /// `<finding>_applies`, `<finding>_matters`, `<finding>_winner`, `edge_<name>`), in
    /// name order.
    pub counts: BTreeMap<String, Count>,
}

impl Totals {
    fn add(&mut self, other: &Totals) {
        for (k, c) in &other.counts {
            self.counts.entry(k.clone()).or_default().add(c);
        }
    }

    fn note(&mut self, key: &str, weight: u64, rep: bool, games: u64, ex: Option<Example>) {
        self.counts.entry(key.to_string()).or_default().add(&Count {
            positions: weight,
            classes: rep as u64,
            games,
            example: ex,
        });
    }

    /// The counter of a name (zero when never noted).
    pub fn get(&self, key: &str) -> Count {
        self.counts.get(key).copied().unwrap_or_default()
    }
}

/// The checkpoint: the chunks done and everything counted over them.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct Checkpoint {
    size: u8,
    mode: Mode,
    #[serde(default)]
    count_only: bool,
    /// The referee's node budget (absent from checkpoints written before it was kept).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    nodes: Option<u32>,
    /// The shard, if the run is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    shard: Option<ExhaustShard>,
    /// Chunks done (of this run's: the shard's in a shard).
    chunks_done: u64,
    /// Chunks of this run (the shard's in a shard).
    chunks: u64,
    games_csv_bytes: u64,
    violations_csv_bytes: u64,
    /// The FNV-1a 64-bit checksum of each CSV file up to its checkpointed length, by file
    /// name, checked on resume (as a campaign's manifest has them); absent from checkpoints
    /// written before them.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    fnv1a_64: BTreeMap<String, String>,
    totals: Totals,
    summary: SummaryData,
    started: String,
    seconds: f64,
}

/// One chunk's results.
#[derive(Default)]
struct ChunkResult {
    totals: Totals,
    summary: Summary,
    games_csv: Vec<u8>,
    violations_csv: Vec<u8>,
}

/// How a run ended.
#[derive(Clone, Debug)]
pub struct ExhaustReport {
    /// Whether every chunk is done.
    pub complete: bool,
    /// The totals so far.
    pub totals: Totals,
    /// Invariant failures (must be 0).
    pub violations: u64,
}

/// Callbacks of a run.
#[derive(Clone, Copy, Default)]
pub struct ExhaustHooks<'a> {
    /// Set to stop after the current batch (Ctrl-C).
    pub stop: Option<&'a AtomicBool>,
    /// Called after each batch with (chunks done, chunks, invariant failures so far).
    pub on_batch: Option<&'a (dyn Fn(u64, u64, u64) + Sync)>,
}

fn spec(size: u8, game: u64) -> GameSpec {
    GameSpec {
        master_seed: 0,
        index: game,
        size,
        policy: Policy::Exhaustive,
    }
}

/// Runs one chunk: every legal position of it (or every class representative), each game.
fn run_chunk(cfg: &ExhaustConfig, sym: &Symmetries, c: u64) -> ChunkResult {
    let size = cfg.size;
    let opts = exhaust_run_options();
    let mut r = ChunkResult::default();
    let mut games_w = csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(Vec::new());
    let mut viol_w = csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(Vec::new());
    position::chunk_positions(size, c, |p: Small| {
        let class = sym.class_size(p);
        let rep = class.is_some();
        let weight = match cfg.mode {
            Mode::All => 1,
            Mode::Classes => match class {
                Some(k) => k as u64,
                None => return,
            },
        };
        let stones = p.stone_count();
        let ex = |v: u8| {
            Some(Example {
                stones,
                game: exhaustive_index(size, p, v),
            })
        };
        let t = &mut r.totals;
        t.note("legal", weight, rep, 0, ex(0));
        if size < crate::engine::MIN_SIZE || cfg.count_only {
            // The engine's smallest board is 2x2: the 1x1 board's one position (empty) is
            // counted, not played.
            return;
        }
        // The position's judgement, shared by its games.
        let variants: Vec<u8> = (0..4)
            .filter(|&v| exhaustive_game_exists(size, p, v))
            .collect();
        let (black, white) = p.stones(size);
        let (f0, l0) = position::variant(variants[0]);
        let first = position::simplest_game(size, &black, &white, f0, (stones > 0).then_some(l0))
            .expect("a variant with a plan");
        let board = first.board();
        let pa = PassAlive::analyse(board);
        let j = referee::judge_with_budget(board, &pa, cfg.nodes);
        let n = variants.len() as u64;
        match j.unsettled() {
            None => t.note("settled", weight, rep, n, ex(variants[0])),
            Some(u) => t.note(
                &format!("unsettled_{}", u.as_str()),
                weight,
                rep,
                n,
                ex(variants[0]),
            ),
        }
        let mut pt = PositionTally::new();
        for &v in &variants {
            let game = exhaustive_index(size, p, v);
            let make = || {
                exhaustive_game_with(size, game, Some((&j, &pa)), cfg.nodes)
                    .expect("a variant with a plan")
            };
            let o: GameOutcome = if j.is_settled() {
                run_with(&spec(size, game), &opts, make)
            } else {
                unsettled_outcome(&spec(size, game), &make())
            };
            pt.add(&o, ex(v));
            r.summary.add_game(&o);
            if cfg.games_csv {
                let _ = games_w.serialize(&o.game);
            }
            for row in &o.violations {
                let _ = viol_w.serialize(row);
            }
        }
        pt.note_into(t, weight, rep);
    });
    r.games_csv = games_w.into_inner().unwrap_or_default();
    r.violations_csv = viol_w.into_inner().unwrap_or_default();
    r
}

/// What the games of one position reached (edge cases, theorem failures, findings that apply,
/// matter, change the winner), each with its first example.
struct PositionTally {
    edges: [u64; EdgeCases::NAMES.len()],
    edge_ex: [Option<Example>; EdgeCases::NAMES.len()],
    theorem_failed: Vec<u64>,
    fail_ex: Vec<Option<Example>>,
    finding: Vec<[u64; 3]>,
    finding_ex: Vec<[Option<Example>; 3]>,
}

impl PositionTally {
    fn new() -> PositionTally {
        PositionTally {
            edges: [0u64; EdgeCases::NAMES.len()],
            edge_ex: [None; EdgeCases::NAMES.len()],
            theorem_failed: vec![0u64; THEOREMS.len()],
            fail_ex: vec![None; THEOREMS.len()],
            finding: vec![[0u64; 3]; FINDINGS.len()],
            finding_ex: vec![[None; 3]; FINDINGS.len()],
        }
    }

    /// Adds one game of the position, `ex` naming it.
    fn add(&mut self, o: &GameOutcome, ex: Option<Example>) {
        for (i, f) in o.edges.flags().iter().enumerate() {
            if *f {
                self.edges[i] += 1;
                self.edge_ex[i] = self.edge_ex[i].or(ex);
            }
        }
        for (id, verdict) in o.verdicts.iter() {
            if verdict == Verdict::Fails {
                let i = id.index();
                self.theorem_failed[i] += 1;
                self.fail_ex[i] = self.fail_ex[i].or(ex);
            }
        }
        for f in &o.findings {
            let i = FINDINGS.iter().position(|&x| x == f.finding).unwrap_or(0);
            for (k, on) in [true, f.matters == 1, f.winner_changes == 1]
                .into_iter()
                .enumerate()
            {
                if on {
                    self.finding[i][k] += 1;
                    self.finding_ex[i][k] = self.finding_ex[i][k].or(ex);
                }
            }
        }
    }

    /// Notes what was reached in the totals `t`, each key once for the position (`weight`
    /// positions, `rep`: whether it represents its class).
    fn note_into(&self, t: &mut Totals, weight: u64, rep: bool) {
        for (i, name) in EdgeCases::NAMES.iter().enumerate() {
            if self.edges[i] > 0 {
                t.note(
                    &format!("edge_{name}"),
                    weight,
                    rep,
                    self.edges[i],
                    self.edge_ex[i],
                );
            }
        }
        for (i, th) in THEOREMS.iter().enumerate() {
            if self.theorem_failed[i] > 0 {
                let key = format!("{}_failed", th.to_ascii_lowercase());
                t.note(&key, weight, rep, self.theorem_failed[i], self.fail_ex[i]);
            }
        }
        for (i, f) in FINDINGS.iter().enumerate() {
            for (k, what) in ["applies", "matters", "winner"].iter().enumerate() {
                if self.finding[i][k] > 0 {
                    let key = format!("{}_{what}", f.to_ascii_lowercase());
                    t.note(&key, weight, rep, self.finding[i][k], self.finding_ex[i][k]);
                }
            }
        }
    }
}

/// Whether variant `v` of position `p` is a game (an empty board has only variant 0).
fn exhaustive_game_exists(size: u8, p: Small, v: u8) -> bool {
    let (nb, nw) = (p.black.count_ones(), p.white.count_ones());
    if nb + nw == 0 {
        return v == 0;
    }
    let (first, last) = position::variant(v);
    let _ = size;
    position::plan(nb, nw, first, Some(last)).is_some()
}

fn io(path: &Path, e: std::io::Error) -> FileError {
    crate::files::io_err(path)(e)
}

fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), FileError> {
    let tmp = path.with_extension("tmp");
    fs::write(&tmp, bytes).map_err(|e| io(&tmp, e))?;
    fs::rename(&tmp, path).map_err(|e| io(path, e))
}

/// The chunks the checkpoint in `dir` says are done, where [`run`] would resume from it (0
/// without one, with `force`, or with a checkpoint of another run): where progress starts.
pub fn chunks_done(cfg: &ExhaustConfig, dir: &Path) -> u64 {
    let cp_path = dir.join("checkpoint.json");
    if cfg.force || cfg.size == 0 || cfg.size > MAX_SIZE || !cp_path.exists() {
        return 0;
    }
    load_checkpoint(cfg, &cp_path, cfg.chunks_in_scope()).map_or(0, |cp| cp.chunks_done)
}

/// The games on which an invariant failed, over every theorem.
fn violations_of(totals: &Totals) -> u64 {
    THEOREMS
        .iter()
        .map(|t| {
            totals
                .get(&format!("{}_failed", t.to_ascii_lowercase()))
                .games
        })
        .sum()
}

/// Runs (or resumes, when `dir` holds a checkpoint of the same size and mode) an exhaustive
/// run into `dir`, and writes its reports when it completes.
pub fn run(
    cfg: &ExhaustConfig,
    dir: &Path,
    hooks: &ExhaustHooks,
) -> Result<ExhaustReport, ExhaustError> {
    if cfg.size == 0 || cfg.size > MAX_SIZE {
        return Err(ExhaustError::Size(cfg.size));
    }
    let cp_path = dir.join("checkpoint.json");
    // The one rule of the output folders, where there is no checkpoint to resume from.
    if cfg.force || !cp_path.exists() {
        crate::outdir::prepare(dir, cfg.force)?;
    }
    fs::create_dir_all(dir).map_err(|e| io(dir, e))?;
    let chunks = cfg.chunks_in_scope();
    let mut cp = load_checkpoint(cfg, &cp_path, chunks)?;
    let mut summary =
        Summary::from_data(&cp.summary).map_err(|why| ExhaustError::BadCheckpoint {
            path: cp_path.clone(),
            why,
        })?;
    check_room(cfg, dir, cp.chunks_done, crate::outdir::free_bytes(dir))?;
    let sample = super::outcome::run_game(&spec(2, 0), &exhaust_run_options());
    let want = cp.fnv1a_64.clone();
    let mut games = if cfg.games_csv {
        let header = headers_of(&sample.game);
        let len = cp.games_csv_bytes;
        Some(CsvOut::open(
            dir,
            "games.csv",
            len,
            want.get("games.csv"),
            &header,
        )?)
    } else {
        None
    };
    let header = violations_header();
    let len = cp.violations_csv_bytes;
    let mut viol = CsvOut::open(
        dir,
        "violations.csv",
        len,
        want.get("violations.csv"),
        &header,
    )?;
    let sym = Symmetries::new(cfg.size);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(cfg.threads)
        .build()
        .expect("a thread pool");
    let t0 = std::time::Instant::now();
    let before = cp.seconds;
    let mut batches = 0;
    while cp.chunks_done < chunks {
        if hooks.stop.is_some_and(|s| s.load(Ordering::Relaxed))
            || cfg.stop_after_batches.is_some_and(|n| batches >= n)
        {
            break;
        }
        let end = (cp.chunks_done + cfg.batch.max(1)).min(chunks);
        let results: Vec<ChunkResult> = pool.install(|| {
            (cp.chunks_done..end)
                .into_par_iter()
                .map(|j| run_chunk(cfg, &sym, cfg.chunk(j)))
                .collect()
        });
        for r in results {
            cp.totals.add(&r.totals);
            summary.merge(&r.summary);
            if let Some(g) = games.as_mut() {
                g.append(&r.games_csv)?;
            }
            viol.append(&r.violations_csv)?;
        }
        if let Some(g) = games.as_mut() {
            g.checkpoint(&mut cp)?;
        }
        viol.checkpoint(&mut cp)?;
        cp.chunks_done = end;
        cp.summary = summary.data();
        cp.seconds = before + t0.elapsed().as_secs_f64();
        let json = serde_json::to_vec_pretty(&cp).expect("a checkpoint serialises");
        write_atomic(&cp_path, &json)?;
        batches += 1;
        if let Some(f) = hooks.on_batch {
            f(cp.chunks_done, chunks, violations_of(&cp.totals));
        }
    }
    // The files' lengths and checksums as they stand (a shard with no chunk, such as 5/5 of
    // the 3 chunks of 1x1, has only its headers and never reached a batch).
    if let Some(g) = games.as_mut() {
        g.checkpoint(&mut cp)?;
    }
    viol.checkpoint(&mut cp)?;
    let complete = cp.chunks_done == chunks;
    let violations = violations_of(&cp.totals);
    write_reports(cfg, dir, &cp, &summary, complete, &Origin::this_build())?;
    Ok(ExhaustReport {
        complete,
        totals: cp.totals,
        violations,
    })
}

/// The checkpoint of the run in `dir` (`cp_path`), or a new one; a checkpoint of another size
/// or mode is refused.
fn load_checkpoint(
    cfg: &ExhaustConfig,
    cp_path: &Path,
    chunks: u64,
) -> Result<Checkpoint, ExhaustError> {
    Ok(if cp_path.exists() {
        let text = fs::read_to_string(cp_path).map_err(|e| io(cp_path, e))?;
        let cp: Checkpoint =
            serde_json::from_str(&text).map_err(|e| ExhaustError::BadCheckpoint {
                path: cp_path.to_path_buf(),
                why: e.to_string(),
            })?;
        if cp.size != cfg.size
            || cp.mode != cfg.mode
            || cp.count_only != cfg.count_only
            || cp.nodes.is_some_and(|n| n != cfg.nodes)
            || cp.shard != cfg.shard
        {
            return Err(ExhaustError::OtherRun {
                path: cp_path.to_path_buf(),
                run: ExhaustConfig::describe(cp.size, cp.mode, cp.nodes, cp.count_only, cp.shard),
                this: ExhaustConfig::describe(
                    cfg.size,
                    cfg.mode,
                    Some(cfg.nodes),
                    cfg.count_only,
                    cfg.shard,
                ),
            });
        }
        cp
    } else {
        Checkpoint {
            size: cfg.size,
            mode: cfg.mode,
            count_only: cfg.count_only,
            nodes: Some(cfg.nodes),
            shard: cfg.shard,
            chunks_done: 0,
            chunks,
            games_csv_bytes: 0,
            violations_csv_bytes: 0,
            fnv1a_64: BTreeMap::new(),
            totals: Totals::default(),
            summary: Summary::new().data(),
            started: super::campaign::rfc3339(std::time::SystemTime::now()),
            seconds: 0.0,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shards of a split take every chunk of every board exactly once, each shard its
    /// chunks in increasing order, as many as `chunks` says; `I/N` is 1-based (chunk `c` is shard
    /// `c % N + 1`'s) and a bad one is refused, as is one read from a file.
    #[test]
    fn every_chunk_is_in_exactly_one_shard() {
        for size in 1..=MAX_SIZE {
            let total = position::chunk_count(size);
            for count in [1, 2, 3, 4, 7, 10, 100, total, total + 5] {
                let mut owner = vec![0u32; total as usize];
                let mut listed = 0;
                for index in 1..=count {
                    let mut cfg = ExhaustConfig::new(size, Mode::All);
                    cfg.shard = Some(ExhaustShard { index, count });
                    let shard = cfg.shard.unwrap();
                    let n = cfg.chunks_in_scope();
                    // Shard I's first chunk is I - 1, if the board has it.
                    assert_eq!(n > 0, index <= total);
                    assert!(n == 0 || cfg.chunk(0) == index - 1);
                    assert_eq!(n, (0..total).filter(|&c| shard.contains(c)).count() as u64);
                    let mut last = None;
                    for j in 0..n {
                        let c = cfg.chunk(j);
                        assert!(c < total && shard.contains(c), "{size} {shard} {c}");
                        assert!(last.is_none_or(|l| l < c));
                        last = Some(c);
                        owner[c as usize] += 1;
                    }
                    listed += n;
                }
                assert_eq!(listed, total, "{size}x{size}, {count} shards");
                assert!(
                    owner.iter().all(|&k| k == 1),
                    "{size}x{size}, {count} shards"
                );
            }
        }
        assert_eq!(ExhaustConfig::new(4, Mode::All).chunks_in_scope(), 6561);
        let s: ExhaustShard = "2/3".parse().unwrap();
        assert_eq!((s.index, s.count, s.to_string()), (2, 3, "2/3".to_string()));
        assert_eq!(
            (0..7).map(|j| s.chunk(j)).collect::<Vec<_>>(),
            [1, 4, 7, 10, 13, 16, 19]
        );
        for (i, c) in [(1, 0), (2, 1), (3, 2), (1, 3), (3, 8)] {
            let s: ExhaustShard = format!("{i}/3").parse().unwrap();
            assert!(s.contains(c), "{s} {c}");
        }
        for bad in [
            "0/3", "4/3", "3/2", "x", "1", "0/0", "1/0", "-1/3", "1/3/4", "",
        ] {
            let e = bad.parse::<ExhaustShard>().unwrap_err();
            assert!(e.contains("expected I/N with 1 <= I <= N"), "{bad}: {e}");
        }
        // As a checkpoint or manifest holds it: read back as written, an index outside 1 to N
        // refused.
        let json = serde_json::to_string(&s).unwrap();
        assert_eq!(json, r#"{"index":2,"count":3}"#);
        assert_eq!(serde_json::from_str::<ExhaustShard>(&json).unwrap(), s);
        for bad in [r#"{"index":0,"count":3}"#, r#"{"index":4,"count":3}"#] {
            let e = serde_json::from_str::<ExhaustShard>(bad).unwrap_err();
            assert!(
                e.to_string().contains("expected 1 <= index <= count"),
                "{e}"
            );
        }
    }

    /// The header the row type gives is the one the exhaustive runs always wrote (it was a
    /// list of names written out by hand, beside the row type).
    #[test]
    fn violations_header_is_the_row_types() {
        assert_eq!(
            violations_header(),
            ["game", "seed", "size", "policy", "theorem", "detail"]
        );
    }
}
