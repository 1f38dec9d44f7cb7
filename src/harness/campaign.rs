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

use super::generate::{check_board_size, generate, GameSpec, Generated, Policy};
use super::outcome::{
    run_game, DivergenceRow, FindingRow, GameOutcome, RowKey, RunOptions, ViolationRow,
};
use super::record::game_sgf;
use super::rng::ALGORITHM;
use super::summary::{Summary, SummaryData};
use crate::checks::{CheckOptions, Details, Symmetries};
use crate::counting::Balancing;
use crate::sgf::SgfWriter;

mod manifest;
mod merge;
mod rowcsv;
mod sink;
use manifest::now;
pub use manifest::{rfc3339, Checkpoint, Fnv1a64, Manifest, MergedShard};
pub use merge::{check_folders as check_merge_folders, merge, MergeReport};
use sink::*;

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
        for &s in &self.sizes {
            check_board_size(s).map_err(|e| CampaignError::Invalid(e.to_string()))?;
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
            details: Details::Failures,
            f11_one_in: crate::checks::CAMPAIGN_F11_ONE_IN,
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
        key: RowKey {
            game: 0,
            seed: 0,
            size: 5,
            policy: "uniform".into(),
        },
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

/// The SGF record of a violation: the regenerated game (see [`game_sgf`](super::record::game_sgf)) with a comment that
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
    let mut sums = [Fnv1a64::default(); 5];
    for ((name, h), sum) in CSV_FILES.iter().zip(&hdr).zip(&mut sums) {
        let path = dir.join(name);
        let f = File::create(&path).map_err(io_err(&path))?;
        let mut w = csv_writer(f);
        let hb = header_bytes(h).map_err(csv_err(&path))?;
        w.write_all(&hb).map_err(io_err(&path))?;
        sum.update(&hb);
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
        sums,
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
        // (The checksums of what is kept are checked below, once every file is cut.)
        let f = OpenOptions::new()
            .append(true)
            .open(&path)
            .map_err(io_err(&path))?;
        files.push(csv_writer(f));
    }
    let csv: [CsvOut; 5] = files.try_into().expect("five files");
    // Bytes changed in place (the same length) are found by their checksums.
    let sums = manifest.verify_checksums(dir)?;
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
        sums,
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

#[cfg(test)]
mod tests;
