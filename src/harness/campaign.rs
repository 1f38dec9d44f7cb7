//! The campaign: many verified games in parallel, streamed to tidy CSV in game order.
//!
//! [`run`] plays the games of a [`Campaign`] in chunks of [`RunConfig::chunk_size`]: each chunk
//! is verified in parallel on a local rayon pool (`par_iter().map(run_game).collect()`), then a
//! writer thread appends its rows, in game order, to `games.csv`, `scores.csv` and
//! `violations.csv`, writes the violations as SGF under `violations/`, and checkpoints
//! `manifest.json`. So the CSV bytes do not depend on the thread count, and memory does not
//! grow with the number of games (at most a few chunks are held at a time).
//!
//! # Files
//!
//! * `games.csv`, `scores.csv`, `violations.csv`: the rows of [`super::outcome`], header always
//!   written, sorted by game.
//! * `summary.csv`: [`Summary`], written when the run stops.
//! * `manifest.json`: [`Manifest`]. After every chunk it is rewritten (atomically, by rename)
//!   with `games_done`, the byte length of each CSV at that point and the summary counters: the
//!   checkpoint that [`resume`] goes on from. `complete` is true only when every game in scope
//!   is done.
//! * `violations/game-<index>-<theorem>.sgf`: the first [`SGF_CAP_PER_THEOREM`] violations of
//!   each theorem in game order (see [`violation_sgf`]).
//!
//! # Interruption and resume
//!
//! The loop checks [`Hooks::stop`] before each chunk: after Ctrl-C the current chunk finishes,
//! its rows are written, and the manifest says `"complete": false`. [`resume`] truncates the
//! CSVs to the checkpointed lengths (rows written after the last checkpoint, by a process killed
//! outright, are dropped), restores the summary counters and goes on from `games_done`; the
//! finished files are byte-identical to an uninterrupted run's.
//!
//! # Shards
//!
//! `--shard I/N` (1-based: `1/3`, `2/3`, `3/3`) runs the games with `index % N == I - 1`.
//! [`merge`] joins the shards' CSVs by game index and adds their summaries, giving the bytes of
//! the unsharded run.

use crate::files::{csv_err, io_err, FileError};
use std::cmp::Reverse;
use std::collections::{BTreeMap, BTreeSet, BinaryHeap};
use std::fmt;
use std::fs::{self, File, OpenOptions};
use std::io::{BufReader, BufWriter, Read, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::sync_channel;
use std::time::{SystemTime, UNIX_EPOCH};

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use super::generate::{generate, GameSpec, Generated, Policy};
use super::outcome::{run_game, DivergenceRow, FindingRow, GameOutcome, RunOptions, ViolationRow};
use super::rng::ALGORITHM;
use super::summary::{Summary, SummaryData};
use crate::checks::{CheckOptions, Symmetries};
use crate::counting::Balancing;
use crate::engine::Color;
use crate::sgf::SgfWriter;

/// Games per chunk by default: small enough that Ctrl-C answers within a second or so, large
/// enough that the pool stays busy.
pub const DEFAULT_CHUNK: u64 = 1024;

/// How many violations of each theorem are written as SGF.
pub const SGF_CAP_PER_THEOREM: usize = 20;

/// The CSV files of a campaign, in checkpoint order.
pub const CSV_FILES: [&str; 5] = [
    "games.csv",
    "scores.csv",
    "violations.csv",
    "divergences.csv",
    "findings.csv",
];

/// The files `--summaries-only` leaves without rows: the bulk of a campaign's bytes (about
/// two thirds). `jpd findings` needs neither.
pub const SUMMARIES_ONLY_FILES: [&str; 2] = ["games.csv", "scores.csv"];

/// The files written whole when a run stops: the summaries of the campaign.
pub const SUMMARY_FILES: [&str; 3] = [
    "summary.csv",
    "divergence_summary.csv",
    "findings_summary.csv",
];

/// The name prefix of the campaign's worker threads (a panic hook may keep quiet for them:
/// [`run_game`] records their panics as violations).
pub const WORKER_PREFIX: &str = "jpd-worker-";

/// The folder of the violation records.
pub const VIOLATIONS_DIR: &str = "violations";

/// A slice of a campaign: `index` of `count`, 1-based (`2/3` runs the games with
/// `game % 3 == 1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Shard {
    /// Which slice, 1 to `count`.
    pub index: u64,
    /// How many slices.
    pub count: u64,
}

impl Shard {
    /// Whether game `game` belongs to this shard.
    pub fn contains(&self, game: u64) -> bool {
        game % self.count == self.index - 1
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let bad = || format!("bad shard '{s}': expected I/N with 1 <= I <= N, such as 2/4");
        let (i, n) = s.split_once('/').ok_or_else(bad)?;
        let index: u64 = i.trim().parse().map_err(|_| bad())?;
        let count: u64 = n.trim().parse().map_err(|_| bad())?;
        if count == 0 || index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

/// What defines a campaign's games: game `i` is `GameSpec { master_seed, index: i, size:
/// sizes[i % sizes.len()], policy }`, for `i` below `games` (and in the shard, if any).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Campaign {
    /// The master seed.
    pub master_seed: u64,
    /// Games in the whole campaign.
    pub games: u64,
    /// Board sizes, taken in turn.
    pub sizes: Vec<u8>,
    /// The policy.
    pub policy: Policy,
    /// The slice this run does, if not all.
    pub shard: Option<Shard>,
}

impl Campaign {
    /// Checks the sizes (5 to 19, at least one) and the shard.
    pub fn validate(&self) -> Result<(), CampaignError> {
        if self.sizes.is_empty() {
            return Err(CampaignError::Invalid(
                "give at least one board size".into(),
            ));
        }
        if let Some(s) = self.sizes.iter().find(|s| !(5..=19).contains(*s)) {
            return Err(CampaignError::Invalid(format!(
                "board size {s} is out of range: sizes go from 5 to 19"
            )));
        }
        if let Some(s) = self.shard {
            if s.count == 0 || s.index == 0 || s.index > s.count {
                return Err(CampaignError::Invalid(format!(
                    "bad shard {s}: expected I/N with 1 <= I <= N"
                )));
            }
        }
        Ok(())
    }

    /// The spec of game `index`.
    pub fn spec(&self, index: u64) -> GameSpec {
        GameSpec {
            master_seed: self.master_seed,
            index,
            size: self.sizes[(index % self.sizes.len() as u64) as usize],
            policy: self.policy,
        }
    }

    /// How many games this run does (the shard's, or all).
    pub fn games_in_scope(&self) -> u64 {
        match self.shard {
            None => self.games,
            Some(s) if self.games >= s.index => (self.games - s.index) / s.count + 1,
            Some(_) => 0,
        }
    }

    /// About how many bytes the run writes: the CSV rows of a game take about 2,800 bytes plus
    /// 20 per line of the board (measured: 60 games of 9x9 wrote 181 KB, of 19x19 191 KB, the
    /// summaries included), two thirds of them in games.csv and scores.csv (the 100,000-game
    /// report: 190 of 293 MB), which `summaries_only` leaves out.
    pub fn estimated_bytes(&self, summaries_only: bool) -> u64 {
        let per_game: u64 = self
            .sizes
            .iter()
            .map(|&s| 2_800 + 20 * s as u64)
            .sum::<u64>()
            / self.sizes.len().max(1) as u64;
        let per_game = if summaries_only {
            per_game * 35 / 100
        } else {
            per_game
        };
        self.games_in_scope().saturating_mul(per_game)
    }

    /// The campaign index of the `k`-th game in scope.
    pub fn index_in_scope(&self, k: u64) -> u64 {
        match self.shard {
            None => k,
            Some(s) => s.index - 1 + k * s.count,
        }
    }
}

/// A function that looks for smaller games still violating the same theorem. The campaign
/// calls it for every violation it writes as SGF and writes each record it gives as
/// `violations/game-<index>-<theorem>-<suffix>.sgf`, the suffix one of [`SHRUNK_SUFFIXES`]
/// (see [`crate::harness::shrink::shrinker`]).
pub type Shrinker = fn(&GameSpec, &Generated, &ViolationRow) -> Vec<(&'static str, SgfWriter)>;

/// The suffixes of shrunk records: `shrunk`, a prefix of the game itself; `smaller`, a game on
/// a smaller board.
pub const SHRUNK_SUFFIXES: [&str; 2] = ["shrunk", "smaller"];

/// Everything a run needs.
#[derive(Clone, Debug)]
pub struct RunConfig {
    /// The games.
    pub campaign: Campaign,
    /// Worker threads; 0 for one per CPU. The output does not depend on it.
    pub threads: usize,
    /// Games per chunk. The output does not depend on it.
    pub chunk_size: u64,
    /// Stop (as if interrupted) after this many chunks of this invocation: for tests.
    pub stop_after_chunks: Option<u64>,
    /// What to check per game.
    pub run_options: RunOptions,
    /// The command line, for the manifest.
    pub command_line: Vec<String>,
    /// The git commit of the build, for the manifest (`unknown` if not known).
    pub git_commit: String,
    /// The shrinking hook, if any.
    pub shrinker: Option<Shrinker>,
    /// Write no rows to games.csv and scores.csv (see [`SUMMARIES_ONLY_FILES`]).
    pub summaries_only: bool,
}

impl RunConfig {
    /// A configuration with the defaults: all CPUs, [`DEFAULT_CHUNK`], the campaign checks.
    pub fn new(campaign: Campaign) -> RunConfig {
        RunConfig {
            campaign,
            threads: 0,
            chunk_size: DEFAULT_CHUNK,
            stop_after_chunks: None,
            run_options: RunOptions::default(),
            command_line: Vec::new(),
            git_commit: "unknown".into(),
            shrinker: None,
            summaries_only: false,
        }
    }
}

/// Callbacks of a run.
#[derive(Clone, Copy, Default)]
pub struct Hooks<'a> {
    /// Set to stop after the current chunk (Ctrl-C).
    pub stop: Option<&'a AtomicBool>,
    /// Called from the worker threads after each game (a progress bar).
    pub on_game: Option<&'a (dyn Fn(&GameOutcome) + Sync)>,
}

/// How a run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunReport {
    /// Games done in scope, this invocation and earlier ones.
    pub games_done: u64,
    /// Games in scope.
    pub games_in_scope: u64,
    /// Violation rows written.
    pub violations: u64,
    /// Whether every game in scope is done.
    pub complete: bool,
}

/// Why a campaign could not run.
#[derive(Debug, thiserror::Error)]
pub enum CampaignError {
    /// A file could not be read or written, or its CSV is malformed.
    #[error(transparent)]
    File(#[from] FileError),
    /// The manifest is missing, unreadable, or does not match.
    #[error("{path}: {msg}")]
    Manifest {
        /// The manifest file.
        path: PathBuf,
        /// What is wrong and what to do.
        msg: String,
    },
    /// Bad parameters.
    #[error("{0}")]
    Invalid(String),
}

/// Byte lengths of the CSV files at a checkpoint.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Checkpoint {
    /// games.csv.
    pub games_csv_bytes: u64,
    /// scores.csv.
    pub scores_csv_bytes: u64,
    /// violations.csv.
    pub violations_csv_bytes: u64,
    /// divergences.csv.
    #[serde(default)]
    pub divergences_csv_bytes: u64,
    /// findings.csv.
    #[serde(default)]
    pub findings_csv_bytes: u64,
}

impl Checkpoint {
    fn bytes(&self) -> [u64; 5] {
        [
            self.games_csv_bytes,
            self.scores_csv_bytes,
            self.violations_csv_bytes,
            self.divergences_csv_bytes,
            self.findings_csv_bytes,
        ]
    }

    fn from_bytes(b: [u64; 5]) -> Checkpoint {
        Checkpoint {
            games_csv_bytes: b[0],
            scores_csv_bytes: b[1],
            violations_csv_bytes: b[2],
            divergences_csv_bytes: b[3],
            findings_csv_bytes: b[4],
        }
    }
}

/// One shard of a merged report, as its manifest said.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MergedShard {
    /// The shard's folder, as given.
    pub dir: String,
    /// `I/N`.
    pub shard: String,
    /// Its games done.
    pub games_done: u64,
    /// Whether it was complete.
    pub complete: bool,
    /// Its commit.
    pub git_commit: String,
    /// Its start time.
    pub start_time: String,
    /// Its end time.
    pub end_time: String,
}

/// manifest.json.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Manifest {
    /// `jipingdian`.
    pub tool: String,
    /// The crate version.
    pub version: String,
    /// The git commit, or `unknown`.
    pub git_commit: String,
    /// The command line of the run (of the last invocation, for a resumed run).
    pub command_line: Vec<String>,
    /// The master seed.
    pub master_seed: u64,
    /// The RNG and seed derivation ([`ALGORITHM`]).
    pub rng_algorithm: String,
    /// Board sizes, taken in turn by game index.
    pub sizes: Vec<u8>,
    /// The campaign policy.
    pub policy: String,
    /// Balancing reading.
    pub balancing: String,
    /// Whether T8 (symmetries) is checked.
    pub t8_symmetries: bool,
    /// Negative-move choices T11 tries per kind.
    pub t11_choices: u64,
    /// Games in the whole campaign.
    pub games_requested: u64,
    /// `I/N` (1-based), or null for the whole campaign.
    pub shard: Option<String>,
    /// Games in this run's scope.
    pub games_in_scope: u64,
    /// Games done, a prefix of the scope in game order.
    pub games_done: u64,
    /// Violation rows written.
    pub violations: u64,
    /// Worker threads of the last invocation, as started (the output does not depend on it).
    pub threads: usize,
    /// When the run started, RFC 3339 UTC.
    pub start_time: String,
    /// When it last wrote (finished or stopped), RFC 3339 UTC.
    pub end_time: String,
    /// Times it was resumed.
    pub resumed: u32,
    /// Whether every game in scope is done.
    pub complete: bool,
    /// `--summaries-only`: games.csv and scores.csv hold their header and no rows (absent from
    /// the file when false, so earlier manifests read the same).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub summaries_only: bool,
    /// For a merged report, its shards.
    pub merged_from: Vec<MergedShard>,
    /// The CSV lengths at `games_done`.
    pub checkpoint: Checkpoint,
    /// The summary counters at `games_done`.
    pub summary: SummaryData,
}

impl Manifest {
    /// Reads `dir/manifest.json`.
    pub fn read(dir: &Path) -> Result<Manifest, CampaignError> {
        let path = dir.join("manifest.json");
        let bytes = fs::read(&path).map_err(|e| CampaignError::Manifest {
            path: path.clone(),
            msg: format!("cannot read it ({e}); is this a campaign folder?"),
        })?;
        serde_json::from_slice(&bytes).map_err(|e| CampaignError::Manifest {
            path,
            msg: format!("not a campaign manifest of this version ({e})"),
        })
    }

    /// Writes `dir/manifest.json` atomically (a temporary file, then a rename).
    pub fn write(&self, dir: &Path) -> Result<(), CampaignError> {
        let path = dir.join("manifest.json");
        let tmp = dir.join("manifest.json.tmp");
        let mut text = serde_json::to_string_pretty(self).expect("a manifest serialises");
        text.push('\n');
        fs::write(&tmp, text).map_err(io_err(&tmp))?;
        Ok(fs::rename(&tmp, &path).map_err(io_err(&path))?)
    }

    /// The campaign it describes.
    pub fn campaign(&self) -> Result<Campaign, CampaignError> {
        let bad = |msg: String| CampaignError::Manifest {
            path: "manifest.json".into(),
            msg,
        };
        let policy: Policy = self.policy.parse().map_err(bad)?;
        let shard = match &self.shard {
            Some(s) => Some(s.parse::<Shard>().map_err(bad)?),
            None => None,
        };
        let c = Campaign {
            master_seed: self.master_seed,
            games: self.games_requested,
            sizes: self.sizes.clone(),
            policy,
            shard,
        };
        c.validate()?;
        Ok(c)
    }

    /// The byte length of each of [`CSV_FILES`] at the checkpoint, in that order.
    pub fn checkpoint_bytes(&self) -> [u64; 5] {
        self.checkpoint.bytes()
    }

    /// The per-game checking options it was run with.
    pub fn run_options(&self) -> Result<RunOptions, CampaignError> {
        let balancing: Balancing =
            self.balancing
                .parse()
                .map_err(|msg| CampaignError::Manifest {
                    path: "manifest.json".into(),
                    msg,
                })?;
        Ok(RunOptions {
            checks: CheckOptions {
                symmetries: if self.t8_symmetries {
                    Symmetries::OnePerGame
                } else {
                    Symmetries::Off
                },
                t11_choices: usize::try_from(self.t11_choices).unwrap_or(usize::MAX),
            },
            balancing,
        })
    }
}

/// Formats a time as RFC 3339 UTC with whole seconds (`2024-05-01T12:34:56Z`).
pub fn rfc3339(t: SystemTime) -> String {
    let secs = match t.duration_since(UNIX_EPOCH) {
        Ok(d) => d.as_secs() as i64,
        Err(e) => -(e.duration().as_secs() as i64),
    };
    let days = secs.div_euclid(86_400);
    let rem = secs.rem_euclid(86_400);
    // Days to civil date (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + (m <= 2) as i64;
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

fn now() -> String {
    rfc3339(SystemTime::now())
}

/// The header records of the three CSV files, taken from the row types themselves.
fn headers() -> [csv::ByteRecord; 5] {
    fn header_of<T: Serialize>(row: &T) -> csv::ByteRecord {
        let mut w = csv::Writer::from_writer(Vec::new());
        w.serialize(row).expect("a row serialises");
        let bytes = w.into_inner().expect("a Vec never fails");
        let mut r = csv::Reader::from_reader(&bytes[..]);
        r.byte_headers()
            .expect("the header was just written")
            .clone()
    }
    let opts = RunOptions {
        checks: CheckOptions {
            symmetries: Symmetries::Off,
            t11_choices: 1,
        },
        balancing: Balancing::Art14,
    };
    let mut sample = None;
    for index in 0..64 {
        let o = run_game(
            &GameSpec {
                master_seed: 0,
                index,
                size: 5,
                policy: Policy::Uniform,
            },
            &opts,
        );
        if !o.scores.is_empty() {
            sample = Some(o);
            break;
        }
    }
    let sample = sample.expect("a 5x5 uniform game can be counted");
    let v = ViolationRow {
        game: 0,
        seed: 0,
        size: 5,
        policy: "uniform",
        theorem: String::new(),
        detail: String::new(),
    };
    [
        header_of(&sample.game),
        header_of(&sample.scores[0]),
        header_of(&v),
        header_of(&DivergenceRow::default()),
        header_of(&FindingRow::default()),
    ]
}

/// The SGF record of a generated game: its setup and moves, the dead stones covered by the
/// opponent's territory mark (`TB` on dead white stones, `TW` on dead black ones),
/// `RU[Ji-Ping-Dian]`, `KM[6.5]` and `comment`.
pub fn game_sgf(g: &Generated, comment: String) -> SgfWriter {
    let game = &g.finished.game;
    let mut w = SgfWriter::from_game(game);
    w.rules = Some("Ji-Ping-Dian".into());
    w.komi_half_points = Some(13);
    w.comment = Some(comment);
    let b = game.board();
    for &c in &g.finished.dead {
        match b.checked_point(c).and_then(|p| b.stone(p)) {
            Some(Color::White) => w.territory.black.push(c),
            Some(Color::Black) => w.territory.white.push(c),
            None => {}
        }
    }
    w
}

/// The comment of a campaign record: how to regenerate it.
pub fn spec_comment(spec: &GameSpec, concrete: Policy) -> String {
    format!(
        "jipingdian campaign game: master seed {}, game {}, size {}, policy {} (this game: {}), game seed {}. Regenerate with: jpd replay --seed {} --game {} --size {} --policy {}",
        spec.master_seed,
        spec.index,
        spec.size,
        spec.policy,
        concrete,
        spec.seed(),
        spec.master_seed,
        spec.index,
        spec.size,
        spec.policy
    )
}

/// The SGF record of a violation: the regenerated game (see [`game_sgf`]) with a comment that
/// names the seed, index, theorem and detail. `None` if the game cannot be regenerated (it
/// panics).
pub fn violation_sgf(spec: &GameSpec, v: &ViolationRow) -> Option<(Generated, SgfWriter)> {
    let g = catch_unwind(AssertUnwindSafe(|| generate(spec))).ok()?;
    let comment = format!(
        "{}\nTheorem {} fails: {}",
        spec_comment(spec, g.policy),
        v.theorem,
        v.detail
    );
    let w = game_sgf(&g, comment);
    Some((g, w))
}

/// The file name of a violation record.
pub fn violation_file_name(game: u64, theorem: &str) -> String {
    format!("game-{game}-{theorem}.sgf")
}

type CsvOut = BufWriter<File>;

/// A game's rows of the five CSV files, encoded by the worker that played it (so the writer
/// thread only appends bytes), or the first encoding error with the index of its file.
type Encoded = Result<[Vec<u8>; 5], (usize, csv::Error)>;

/// Encodes a game's rows as the five CSV files hold them (no header).
fn encode_rows(o: &GameOutcome) -> Encoded {
    fn rows<T: Serialize>(i: usize, items: &[T]) -> Result<Vec<u8>, (usize, csv::Error)> {
        let mut w = csv::WriterBuilder::new()
            .has_headers(false)
            .buffer_capacity(256)
            .from_writer(Vec::with_capacity(items.len() * 128));
        for r in items {
            w.serialize(r).map_err(|e| (i, e))?;
        }
        w.into_inner().map_err(|e| (i, e.into_error().into()))
    }
    Ok([
        rows(0, std::slice::from_ref(&o.game))?,
        rows(1, &o.scores)?,
        rows(2, &o.violations)?,
        rows(3, &o.divergences)?,
        rows(4, &o.findings)?,
    ])
}

/// The writing side of a run: owns the files, the summary and the manifest.
struct Sink {
    dir: PathBuf,
    spec_of: Campaign,
    csv: [CsvOut; 5],
    summary: Summary,
    manifest: Manifest,
    sgf_seen: BTreeMap<String, usize>,
    shrinker: Option<Shrinker>,
}

impl Sink {
    fn write_chunk(
        &mut self,
        outs: Vec<(GameOutcome, Encoded)>,
        pool: &rayon::ThreadPool,
    ) -> Result<(), CampaignError> {
        let n = outs.len() as u64;
        let mut jobs: Vec<(GameSpec, ViolationRow)> = Vec::new();
        for (o, encoded) in outs {
            let o = &o;
            let bytes = encoded.map_err(|(i, source)| FileError::Csv {
                path: self.dir.join(CSV_FILES[i]),
                source,
            })?;
            for (i, (w, b)) in self.csv.iter_mut().zip(&bytes).enumerate() {
                if self.manifest.summaries_only && SUMMARIES_ONLY_FILES.contains(&CSV_FILES[i]) {
                    continue;
                }
                let path = self.dir.join(CSV_FILES[i]);
                w.write_all(b).map_err(io_err(&path))?;
            }
            self.summary.add_game(o);
            self.manifest.violations += o.violations.len() as u64;
            for r in &o.violations {
                let seen = self.sgf_seen.entry(r.theorem.clone()).or_insert(0);
                *seen += 1;
                if *seen <= SGF_CAP_PER_THEOREM {
                    jobs.push((self.spec_of.spec(r.game), r.clone()));
                }
            }
        }
        // The violation records and their shrinking (the costly part: many recounts) run on
        // the pool, in parallel, then are written in order.
        let shrinker = self.shrinker;
        let made: Vec<_> = pool.install(|| {
            jobs.par_iter()
                .map(|(spec, r)| {
                    violation_sgf(spec, r).map(|(gen, w)| {
                        let shrunk = shrinker.map(|f| f(spec, &gen, r)).unwrap_or_default();
                        (w, shrunk)
                    })
                })
                .collect()
        });
        let dir = self.dir.join(VIOLATIONS_DIR);
        for ((_, r), m) in jobs.iter().zip(made) {
            let Some((w, shrunk)) = m else { continue };
            let path = dir.join(violation_file_name(r.game, &r.theorem));
            crate::files::write_atomic(&path, w.to_sgf().as_bytes())?;
            // The shrinking hook: smaller games violating the same theorem.
            for (suffix, w) in shrunk {
                debug_assert!(SHRUNK_SUFFIXES.contains(&suffix));
                let name = format!("game-{}-{}-{suffix}.sgf", r.game, r.theorem);
                let path = dir.join(name);
                crate::files::write_atomic(&path, w.to_sgf().as_bytes())?;
            }
        }
        self.manifest.games_done += n;
        Ok(())
    }

    /// Flushes the CSVs and writes the manifest with their lengths.
    fn checkpoint(&mut self) -> Result<(), CampaignError> {
        let mut lens = [0u64; 5];
        for (i, w) in self.csv.iter_mut().enumerate() {
            let path = self.dir.join(CSV_FILES[i]);
            w.flush().map_err(io_err(&path))?;
            lens[i] = w.get_ref().metadata().map_err(io_err(&path))?.len();
        }
        self.manifest.checkpoint = Checkpoint::from_bytes(lens);
        self.manifest.summary = self.summary.data();
        self.manifest.end_time = now();
        self.manifest.complete = self.manifest.games_done == self.manifest.games_in_scope;
        self.manifest.write(&self.dir)
    }

    fn finish(mut self) -> Result<RunReport, CampaignError> {
        self.checkpoint()?;
        write_summary(&self.dir, self.manifest.master_seed, &self.summary)?;
        Ok(RunReport {
            games_done: self.manifest.games_done,
            games_in_scope: self.manifest.games_in_scope,
            violations: self.manifest.violations,
            complete: self.manifest.complete,
        })
    }
}

fn write_summary(dir: &Path, master_seed: u64, summary: &Summary) -> Result<(), CampaignError> {
    type Part = fn(&Summary, u64, &mut crate::files::AtomicFile) -> csv::Result<()>;
    let parts: [Part; 3] = [
        |s, seed, w| s.write_csv(seed, w),
        |s, seed, w| s.write_divergence_csv(seed, w),
        |s, seed, w| s.write_findings_csv(seed, w),
    ];
    for (name, write) in SUMMARY_FILES.into_iter().zip(parts) {
        let path = dir.join(name);
        let mut w = crate::files::AtomicFile::create(&path)?;
        write(summary, master_seed, &mut w).map_err(csv_err(&path))?;
        w.commit()?;
    }
    Ok(())
}

fn csv_writer(file: File) -> CsvOut {
    BufWriter::with_capacity(1 << 16, file)
}

/// A header record as the CSV files begin with it.
fn header_bytes(h: &csv::ByteRecord) -> Result<Vec<u8>, csv::Error> {
    let mut w = csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(Vec::new());
    w.write_byte_record(h)?;
    w.into_inner().map_err(|e| e.into_error().into())
}

/// Removes `violations/game-*.sgf` files whose names are not in `keep`.
fn prune_violation_files(dir: &Path, keep: &BTreeSet<String>) -> Result<(), CampaignError> {
    let vdir = dir.join(VIOLATIONS_DIR);
    fs::create_dir_all(&vdir).map_err(io_err(&vdir))?;
    for e in fs::read_dir(&vdir).map_err(io_err(&vdir))? {
        let e = e.map_err(io_err(&vdir))?;
        let name = e.file_name().to_string_lossy().into_owned();
        if name.starts_with("game-") && name.ends_with(".sgf") {
            let mut base = name.trim_end_matches(".sgf");
            for suffix in SHRUNK_SUFFIXES {
                base = base.trim_end_matches(suffix).trim_end_matches('-');
            }
            if !keep.contains(&format!("{base}.sgf")) {
                fs::remove_file(e.path()).map_err(io_err(&e.path()))?;
            }
        }
    }
    Ok(())
}

/// Per-theorem counts, the record names the cap lets through, and the row count.
type ViolationsSeen = (BTreeMap<String, usize>, BTreeSet<String>, u64);

/// Reads violations.csv (its first `len` bytes) and returns the per-theorem counts and the
/// names of the records the cap lets through.
fn violations_seen(path: &Path, len: u64) -> Result<ViolationsSeen, CampaignError> {
    let f = File::open(path).map_err(io_err(path))?;
    let mut r = csv::Reader::from_reader(BufReader::new(f.take(len)));
    let mut seen = BTreeMap::new();
    let mut keep = BTreeSet::new();
    let mut rows = 0;
    for rec in r.records() {
        let rec = rec.map_err(csv_err(path))?;
        let game: u64 = rec.get(0).and_then(|s| s.parse().ok()).ok_or_else(|| {
            CampaignError::Invalid(format!("{}: bad game index in a row", path.display()))
        })?;
        let theorem = rec.get(4).unwrap_or("").to_string();
        let n = seen.entry(theorem.clone()).or_insert(0);
        *n += 1;
        if *n <= SGF_CAP_PER_THEOREM {
            keep.insert(violation_file_name(game, &theorem));
        }
        rows += 1;
    }
    Ok((seen, keep, rows))
}

fn new_manifest(cfg: &RunConfig) -> Manifest {
    let c = &cfg.campaign;
    let t = now();
    Manifest {
        tool: "jipingdian".into(),
        version: env!("CARGO_PKG_VERSION").into(),
        git_commit: cfg.git_commit.clone(),
        command_line: cfg.command_line.clone(),
        master_seed: c.master_seed,
        rng_algorithm: ALGORITHM.into(),
        sizes: c.sizes.clone(),
        policy: c.policy.name().into(),
        balancing: cfg.run_options.balancing.to_string(),
        t8_symmetries: cfg.run_options.checks.symmetries != Symmetries::Off,
        t11_choices: cfg.run_options.checks.t11_choices as u64,
        games_requested: c.games,
        shard: c.shard.map(|s| s.to_string()),
        games_in_scope: c.games_in_scope(),
        games_done: 0,
        violations: 0,
        threads: cfg.threads,
        start_time: t.clone(),
        end_time: t,
        resumed: 0,
        complete: false,
        summaries_only: cfg.summaries_only,
        merged_from: Vec::new(),
        checkpoint: Checkpoint::default(),
        summary: SummaryData::default(),
    }
}

/// Refuses to start a campaign in a folder that already holds files (a report, or an
/// interrupted campaign that `--resume` could finish) unless `force` is given.
pub fn check_output_folder(dir: &Path, force: bool) -> Result<(), CampaignError> {
    let busy = fs::read_dir(dir)
        .map(|mut d| d.next().is_some())
        .unwrap_or(false);
    if busy && !force {
        return Err(CampaignError::Invalid(format!(
            "{} is not empty: pass --force to replace what is there, or finish an interrupted \
             campaign with jpd run --resume {}",
            dir.display(),
            dir.display()
        )));
    }
    Ok(())
}

/// Runs a campaign from the start into `dir` (created if needed; earlier campaign files there
/// are replaced).
pub fn run(cfg: &RunConfig, dir: &Path, hooks: &Hooks) -> Result<RunReport, CampaignError> {
    cfg.campaign.validate()?;
    if cfg.chunk_size == 0 {
        return Err(CampaignError::Invalid(
            "the chunk size must be positive".into(),
        ));
    }
    fs::create_dir_all(dir).map_err(io_err(dir))?;
    // The new manifest (nothing done, nothing checkpointed) comes first, so that no reader
    // takes the CSV files being started for an earlier run's finished ones; the earlier run's
    // summaries go.
    new_manifest(cfg).write(dir)?;
    for name in SUMMARY_FILES {
        let path = dir.join(name);
        if path.exists() {
            fs::remove_file(&path).map_err(io_err(&path))?;
        }
    }
    prune_violation_files(dir, &BTreeSet::new())?;
    let hdr = headers();
    let mut files = Vec::new();
    for (name, h) in CSV_FILES.iter().zip(&hdr) {
        let path = dir.join(name);
        let f = File::create(&path).map_err(io_err(&path))?;
        let mut w = csv_writer(f);
        let hb = header_bytes(h).map_err(csv_err(&path))?;
        w.write_all(&hb).map_err(io_err(&path))?;
        files.push(w);
    }
    let csv: [CsvOut; 5] = files.try_into().expect("five files");
    let mut sink = Sink {
        dir: dir.to_path_buf(),
        spec_of: cfg.campaign.clone(),
        csv,
        summary: Summary::new(),
        manifest: new_manifest(cfg),
        sgf_seen: BTreeMap::new(),
        shrinker: cfg.shrinker,
    };
    sink.checkpoint()?;
    execute(cfg, sink, hooks)
}

/// Options of a resumed run (the campaign itself comes from the manifest).
#[derive(Clone, Debug)]
pub struct ResumeConfig {
    /// Worker threads; 0 for one per CPU.
    pub threads: usize,
    /// Games per chunk.
    pub chunk_size: u64,
    /// Stop after this many chunks (tests).
    pub stop_after_chunks: Option<u64>,
    /// The command line, for the manifest.
    pub command_line: Vec<String>,
    /// The shrinking hook.
    pub shrinker: Option<Shrinker>,
}

impl Default for ResumeConfig {
    fn default() -> Self {
        ResumeConfig {
            threads: 0,
            chunk_size: DEFAULT_CHUNK,
            stop_after_chunks: None,
            command_line: Vec::new(),
            shrinker: None,
        }
    }
}

/// Finishes an interrupted campaign in `dir`: truncates the CSVs to the manifest's checkpoint,
/// restores the counters and goes on from `games_done`. A complete campaign is left as it is
/// (its summary.csv rewritten).
pub fn resume(dir: &Path, rc: &ResumeConfig, hooks: &Hooks) -> Result<RunReport, CampaignError> {
    let mut manifest = Manifest::read(dir)?;
    let mpath = dir.join("manifest.json");
    if !manifest.merged_from.is_empty() {
        return Err(CampaignError::Manifest {
            path: mpath,
            msg: "this is a merged report: resume each shard, then merge again".into(),
        });
    }
    let campaign = manifest.campaign()?;
    let run_options = manifest.run_options()?;
    let summary = Summary::from_data(&manifest.summary).map_err(|msg| CampaignError::Manifest {
        path: mpath.clone(),
        msg,
    })?;
    if summary.games() != manifest.games_done {
        return Err(CampaignError::Manifest {
            path: mpath,
            msg: format!(
                "the summary counts {} games but games_done is {}: the manifest is inconsistent",
                summary.games(),
                manifest.games_done
            ),
        });
    }
    let mut files = Vec::new();
    for (name, len) in CSV_FILES.iter().zip(manifest.checkpoint.bytes()) {
        let path = dir.join(name);
        let f = OpenOptions::new()
            .read(true)
            .write(true)
            .open(&path)
            .map_err(io_err(&path))?;
        let have = f.metadata().map_err(io_err(&path))?.len();
        if have < len {
            return Err(CampaignError::Manifest {
                path: mpath,
                msg: format!(
                    "{name} has {have} bytes, fewer than the {len} of the checkpoint: the file was changed; start the campaign again"
                ),
            });
        }
        f.set_len(len).map_err(io_err(&path))?;
        drop(f);
        let f = OpenOptions::new()
            .append(true)
            .open(&path)
            .map_err(io_err(&path))?;
        files.push(csv_writer(f));
    }
    let csv: [CsvOut; 5] = files.try_into().expect("five files");
    let vpath = dir.join(CSV_FILES[2]);
    let (sgf_seen, keep, rows) = violations_seen(&vpath, manifest.checkpoint.violations_csv_bytes)?;
    if rows != manifest.violations {
        return Err(CampaignError::Manifest {
            path: mpath,
            msg: format!(
                "violations.csv has {rows} rows at the checkpoint but the manifest counts {}",
                manifest.violations
            ),
        });
    }
    prune_violation_files(dir, &keep)?;
    manifest.resumed += 1;
    manifest.threads = rc.threads;
    if !rc.command_line.is_empty() {
        manifest.command_line = rc.command_line.clone();
    }
    let cfg = RunConfig {
        campaign: campaign.clone(),
        threads: rc.threads,
        chunk_size: rc.chunk_size.max(1),
        stop_after_chunks: rc.stop_after_chunks,
        run_options,
        command_line: manifest.command_line.clone(),
        git_commit: manifest.git_commit.clone(),
        shrinker: rc.shrinker,
        summaries_only: manifest.summaries_only,
    };
    let sink = Sink {
        dir: dir.to_path_buf(),
        spec_of: campaign,
        csv,
        summary,
        manifest,
        sgf_seen,
        shrinker: rc.shrinker,
    };
    execute(&cfg, sink, hooks)
}

/// The loop: chunks computed on the pool, written by the sink on its own thread.
fn execute(cfg: &RunConfig, sink: Sink, hooks: &Hooks) -> Result<RunReport, CampaignError> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(cfg.threads)
        .thread_name(|i| format!("{WORKER_PREFIX}{i}"))
        .build()
        .map_err(|e| CampaignError::Invalid(format!("cannot start the thread pool: {e}")))?;
    let mut sink = sink;
    sink.manifest.threads = pool.current_num_threads();
    let scope_games = cfg.campaign.games_in_scope();
    let start = sink.manifest.games_done;
    let campaign = &cfg.campaign;
    let opts = cfg.run_options;
    let (tx, rx) = sync_channel::<Vec<(GameOutcome, Encoded)>>(2);
    let pool_ref = &pool;
    std::thread::scope(|s| {
        let writer = s.spawn(move || -> Result<Sink, CampaignError> {
            let pool = pool_ref;
            let mut sink = sink;
            for chunk in rx {
                sink.write_chunk(chunk, pool)?;
                sink.checkpoint()?;
            }
            Ok(sink)
        });
        let mut k = start;
        let mut chunks = 0u64;
        while k < scope_games {
            if hooks.stop.is_some_and(|s| s.load(Ordering::SeqCst))
                || cfg.stop_after_chunks.is_some_and(|n| chunks >= n)
            {
                break;
            }
            let end = (k + cfg.chunk_size).min(scope_games);
            let outs: Vec<(GameOutcome, Encoded)> = pool.install(|| {
                (k..end)
                    .into_par_iter()
                    .map(|j| {
                        let o = run_game(&campaign.spec(campaign.index_in_scope(j)), &opts);
                        if let Some(f) = hooks.on_game {
                            f(&o);
                        }
                        let e = encode_rows(&o);
                        (o, e)
                    })
                    .collect()
            });
            if tx.send(outs).is_err() {
                break; // the writer failed; its error is reported below
            }
            k = end;
            chunks += 1;
        }
        drop(tx);
        let sink = writer.join().expect("the writer thread does not panic")?;
        sink.finish()
    })
}

/// One shard's CSV reader, limited to its checkpointed bytes.
fn open_limited(
    path: &Path,
    len: u64,
) -> Result<csv::Reader<BufReader<std::io::Take<File>>>, CampaignError> {
    let f = File::open(path).map_err(io_err(path))?;
    Ok(csv::Reader::from_reader(BufReader::new(f.take(len))))
}

/// The rows of one CSV file of one shard, read up to its checkpoint and checked as they come:
/// every row of a game the shard has done, in game order; games.csv one row per game done.
struct ShardRows {
    path: PathBuf,
    rows: csv::ByteRecordsIntoIter<BufReader<std::io::Take<File>>>,
    campaign: Campaign,
    games_done: u64,
    every_game: bool,
    seen: u64,
    last: Option<u64>,
}

impl ShardRows {
    fn bad(&self, line: u64, msg: String) -> CampaignError {
        CampaignError::Invalid(format!("{}: line {line}: {msg}", self.path.display()))
    }

    /// The next row and its game index.
    fn next(&mut self) -> Result<Option<(u64, csv::ByteRecord)>, CampaignError> {
        let Some(rec) = self.rows.next() else {
            return Ok(None);
        };
        let rec = rec.map_err(csv_err(&self.path))?;
        let line = rec.position().map_or(0, |p| p.line());
        let game = std::str::from_utf8(rec.get(0).unwrap_or(b""))
            .ok()
            .and_then(|s| s.parse::<u64>().ok())
            .ok_or_else(|| self.bad(line, "bad game index".into()))?;
        if self.every_game {
            let want = self.campaign.index_in_scope(self.seen);
            if self.seen >= self.games_done || game != want {
                return Err(self.bad(
                    line,
                    format!(
                        "game {game} where the checkpoint has {}: the file was changed",
                        if self.seen >= self.games_done {
                            "no more games".to_string()
                        } else {
                            format!("game {want}")
                        }
                    ),
                ));
            }
        } else {
            let done = self.games_done > 0
                && self.campaign.shard.is_none_or(|s| s.contains(game))
                && game <= self.campaign.index_in_scope(self.games_done - 1);
            if !done || self.last.is_some_and(|l| game < l) {
                return Err(self.bad(
                    line,
                    format!("game {game} is not a game of this shard done in order"),
                ));
            }
        }
        self.last = Some(game);
        self.seen += 1;
        Ok(Some((game, rec)))
    }

    /// After the last row: games.csv has a row for every game done.
    fn check_count(&self) -> Result<(), CampaignError> {
        if self.every_game && self.seen != self.games_done {
            return Err(CampaignError::Invalid(format!(
                "{}: {} rows where the manifest counts {} games done: the file was cut",
                self.path.display(),
                self.seen,
                self.games_done
            )));
        }
        Ok(())
    }
}

/// Checks a campaign folder against its manifest, as [`resume`] does before going on: the
/// manifest's game counts agree with its campaign and summary, and every CSV file holds at
/// least its checkpointed bytes, ending on a row boundary. Returns the campaign.
fn check_folder(
    dir: &Path,
    m: &Manifest,
    hdr: &[csv::ByteRecord; 5],
) -> Result<Campaign, CampaignError> {
    let mpath = dir.join("manifest.json");
    let bad = |msg: String| CampaignError::Manifest {
        path: mpath.clone(),
        msg,
    };
    let c = m.campaign().map_err(|e| match e {
        CampaignError::Manifest { msg, .. } => bad(msg),
        e => e,
    })?;
    if m.games_in_scope != c.games_in_scope() || m.games_done > m.games_in_scope {
        return Err(bad(format!(
            "games_done {} and games_in_scope {} do not fit a campaign of {} games (shard {}): the manifest is inconsistent",
            m.games_done,
            m.games_in_scope,
            m.games_requested,
            m.shard.as_deref().unwrap_or("none")
        )));
    }
    if m.complete != (m.games_done == m.games_in_scope) {
        return Err(bad(format!(
            "complete is {} but {} of {} games are done: the manifest is inconsistent",
            m.complete, m.games_done, m.games_in_scope
        )));
    }
    let summary = Summary::from_data(&m.summary).map_err(&bad)?;
    if summary.games() != m.games_done {
        return Err(bad(format!(
            "the summary counts {} games but games_done is {}: the manifest is inconsistent",
            summary.games(),
            m.games_done
        )));
    }
    for ((name, len), h) in CSV_FILES.iter().zip(m.checkpoint.bytes()).zip(hdr) {
        let path = dir.join(name);
        let have = fs::metadata(&path).map_err(io_err(&path))?.len();
        if have < len {
            return Err(CampaignError::Invalid(format!(
                "{}: {have} bytes, fewer than the {len} of the checkpoint in {}: the file was cut",
                path.display(),
                mpath.display()
            )));
        }
        let min = header_bytes(h).map_err(csv_err(&path))?.len() as u64;
        let mut last = [0u8];
        if len >= min {
            let mut f = File::open(&path).map_err(io_err(&path))?;
            std::io::Seek::seek(&mut f, std::io::SeekFrom::Start(len - 1))
                .map_err(io_err(&path))?;
            f.read_exact(&mut last).map_err(io_err(&path))?;
        }
        if len < min || last[0] != b'\n' {
            return Err(bad(format!(
                "the checkpoint of {name} ({len} bytes) does not end a row: the manifest or the file was changed"
            )));
        }
    }
    Ok(c)
}

/// How a merge ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MergeReport {
    /// Games in the merged report.
    pub games_done: u64,
    /// Violation rows.
    pub violations: u64,
    /// Whether every shard was complete and they cover the campaign.
    pub complete: bool,
}

/// Joins the outputs of shards of one campaign into `out`: CSV rows merged by game index,
/// summaries added, the violation records the cap keeps copied, and a manifest that lists the
/// shards. The CSVs and summary are byte-identical to the unsharded run's when every shard is
/// complete.
pub fn merge(
    out: &Path,
    shard_dirs: &[PathBuf],
    command_line: Vec<String>,
    git_commit: String,
) -> Result<MergeReport, CampaignError> {
    if shard_dirs.is_empty() {
        return Err(CampaignError::Invalid(
            "give at least one shard folder".into(),
        ));
    }
    // Writing into a shard folder would cut its files before they are read.
    let canon = |p: &Path| fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    if let Some(d) = shard_dirs.iter().find(|d| canon(d) == canon(out)) {
        return Err(CampaignError::Invalid(format!(
            "the output folder {} is one of the shards: merging into it would overwrite what it \
             merges; give another --out",
            d.display()
        )));
    }
    let start_time = now();
    let mut manifests = Vec::new();
    for d in shard_dirs {
        manifests.push(Manifest::read(d)?);
    }
    let first = &manifests[0];
    let same = |m: &Manifest| {
        m.master_seed == first.master_seed
            && m.sizes == first.sizes
            && m.policy == first.policy
            && m.games_requested == first.games_requested
            && m.rng_algorithm == first.rng_algorithm
            && m.balancing == first.balancing
            && m.t8_symmetries == first.t8_symmetries
            && m.t11_choices == first.t11_choices
            && m.version == first.version
            && m.summaries_only == first.summaries_only
    };
    let mut shards = Vec::new();
    for (d, m) in shard_dirs.iter().zip(&manifests) {
        let mpath = d.join("manifest.json");
        if !same(m) {
            return Err(CampaignError::Manifest {
                path: mpath,
                msg: format!(
                    "this shard is of another campaign than {} (seed, sizes, policy, games, checks or version differ)",
                    shard_dirs[0].display()
                ),
            });
        }
        let s = m.campaign()?.shard.ok_or_else(|| CampaignError::Manifest {
            path: mpath.clone(),
            msg: "not a shard (run with --shard I/N)".into(),
        })?;
        shards.push(s);
    }
    let count = shards[0].count;
    if shards.iter().any(|s| s.count != count) {
        return Err(CampaignError::Invalid(
            "the shards split the campaign in different numbers of slices".into(),
        ));
    }
    let distinct: BTreeSet<u64> = shards.iter().map(|s| s.index).collect();
    if distinct.len() != shards.len() {
        return Err(CampaignError::Invalid(
            "the same shard is given twice".into(),
        ));
    }
    let covers = distinct.len() as u64 == count;
    let hdr = headers();
    let mut campaigns = Vec::new();
    for (d, m) in shard_dirs.iter().zip(&manifests) {
        campaigns.push(check_folder(d, m, &hdr)?);
        if !m.complete {
            return Err(CampaignError::Manifest {
                path: d.join("manifest.json"),
                msg: format!(
                    "this shard stopped after {} of its {} games: finish it with jpd run --resume {}, then merge again",
                    m.games_done,
                    m.games_in_scope,
                    d.display()
                ),
            });
        }
    }
    let complete = covers;

    fs::create_dir_all(out).map_err(io_err(out))?;
    // A manifest left from an earlier merge would describe files that are about to change.
    let old = out.join("manifest.json");
    if old.exists() {
        fs::remove_file(&old).map_err(io_err(&old))?;
    }
    let mut lens = [0u64; 5];
    for (fi, name) in CSV_FILES.iter().enumerate() {
        let path = out.join(name);
        let mut readers = Vec::new();
        for ((d, m), c) in shard_dirs.iter().zip(&manifests).zip(&campaigns) {
            let p = d.join(name);
            let mut r = open_limited(&p, m.checkpoint.bytes()[fi])?;
            let h = r.byte_headers().map_err(csv_err(&p))?.clone();
            if h != hdr[fi] {
                return Err(CampaignError::Invalid(format!(
                    "{}: line 1: its columns differ from this version's",
                    p.display()
                )));
            }
            readers.push(ShardRows {
                path: p,
                rows: r.into_byte_records(),
                campaign: c.clone(),
                games_done: m.games_done,
                every_game: fi == 0 && !m.summaries_only,
                seen: 0,
                last: None,
            });
        }
        let f = crate::files::AtomicFile::create(&path)?;
        let mut w = csv::WriterBuilder::new().has_headers(false).from_writer(f);
        w.write_byte_record(&hdr[fi]).map_err(csv_err(&path))?;
        // k-way merge on (game, shard): a game's rows all come from one shard, in order.
        let mut heap = BinaryHeap::new();
        let mut heads: Vec<Option<csv::ByteRecord>> = Vec::new();
        for (i, r) in readers.iter_mut().enumerate() {
            match r.next()? {
                Some((g, rec)) => {
                    heap.push(Reverse((g, i)));
                    heads.push(Some(rec));
                }
                None => heads.push(None),
            }
        }
        while let Some(Reverse((_, i))) = heap.pop() {
            let rec = heads[i].take().expect("a queued head");
            w.write_byte_record(&rec).map_err(csv_err(&path))?;
            if let Some((g, rec)) = readers[i].next()? {
                heap.push(Reverse((g, i)));
                heads[i] = Some(rec);
            }
        }
        for r in &readers {
            r.check_count()?;
        }
        let f = w.into_inner().map_err(|e| FileError::Io {
            path: path.clone(),
            source: e.into_error(),
        })?;
        f.commit()?;
        lens[fi] = fs::metadata(&path).map_err(io_err(&path))?.len();
    }

    let mut summary = Summary::new();
    for (d, m) in shard_dirs.iter().zip(&manifests) {
        let s = Summary::from_data(&m.summary).map_err(|msg| CampaignError::Manifest {
            path: d.join("manifest.json"),
            msg,
        })?;
        summary.merge(&s);
    }
    write_summary(out, first.master_seed, &summary)?;

    let vpath = out.join(CSV_FILES[2]);
    let (_, keep, rows) = violations_seen(&vpath, lens[2])?;
    let counted: u64 = manifests.iter().map(|m| m.violations).sum();
    if rows != counted {
        return Err(CampaignError::Invalid(format!(
            "the shards' violations.csv hold {rows} rows but their manifests count {counted}: a shard was changed"
        )));
    }
    prune_violation_files(out, &keep)?;
    for name in &keep {
        for d in shard_dirs {
            let shrunk = SHRUNK_SUFFIXES
                .iter()
                .map(|suffix| name.replace(".sgf", &format!("-{suffix}.sgf")));
            for n in std::iter::once(name.clone()).chain(shrunk) {
                let src = d.join(VIOLATIONS_DIR).join(&n);
                if src.is_file() {
                    let dst = out.join(VIOLATIONS_DIR).join(&n);
                    let bytes = fs::read(&src).map_err(io_err(&src))?;
                    crate::files::write_atomic(&dst, &bytes)?;
                }
            }
        }
    }

    let games_done = manifests.iter().map(|m| m.games_done).sum();
    let manifest = Manifest {
        tool: "jipingdian".into(),
        version: first.version.clone(),
        git_commit,
        command_line,
        master_seed: first.master_seed,
        rng_algorithm: first.rng_algorithm.clone(),
        sizes: first.sizes.clone(),
        policy: first.policy.clone(),
        balancing: first.balancing.clone(),
        t8_symmetries: first.t8_symmetries,
        t11_choices: first.t11_choices,
        games_requested: first.games_requested,
        shard: None,
        games_in_scope: first.games_requested,
        games_done,
        violations: rows,
        threads: 0,
        start_time,
        end_time: now(),
        resumed: 0,
        complete,
        summaries_only: first.summaries_only,
        merged_from: shard_dirs
            .iter()
            .zip(&manifests)
            .map(|(d, m)| MergedShard {
                dir: d.display().to_string(),
                shard: m.shard.clone().unwrap_or_default(),
                games_done: m.games_done,
                complete: m.complete,
                git_commit: m.git_commit.clone(),
                start_time: m.start_time.clone(),
                end_time: m.end_time.clone(),
            })
            .collect(),
        checkpoint: Checkpoint::from_bytes(lens),
        summary: summary.data(),
    };
    manifest.write(out)?;
    Ok(MergeReport {
        games_done,
        violations: rows,
        complete,
    })
}

/// Reads `git rev-parse HEAD` in the current folder, or `unknown`. Never fails.
pub fn git_commit() -> String {
    std::process::Command::new("git")
        .args(["rev-parse", "HEAD"])
        .stderr(std::process::Stdio::null())
        .output()
        .ok()
        .filter(|o| o.status.success())
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "unknown".into())
}

#[cfg(test)]
mod tests;
