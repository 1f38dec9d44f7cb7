//! [`merge`]: the shards of one exhaustive run (`jpd exhaust --shard I/N`) joined into the folder
//! the unsharded run writes, byte for byte but for what records the run itself (the command
//! line, the start time and the seconds).
//!
//! Shard `I` of `N` (1-based) ran the chunks `c` with `c % N == I - 1`, in chunk order, so each
//! of its CSV files holds the rows of its chunks one chunk after the other. The merge takes the
//! rows of chunk 0, 1, 2, ... from shards 1, 2, 3, ... in turn (a row's chunk is read from its game
//! index, [`position::chunk_of`]) and copies their bytes as they are; the totals and summaries
//! the shards' manifests keep are added, and the reports written from them as the unsharded run
//! writes them.

use std::collections::BTreeMap;
use std::fs::{self, File};
use std::io::{BufReader, Read, Take, Write};
use std::path::{Path, PathBuf};

use serde::Deserialize;

use super::output::{headers_of, violations_header};
use super::report::{write_reports, Origin};
use super::{
    exhaust_run_options, io, position, spec, violations_of, Checkpoint, ExhaustConfig,
    ExhaustError, ExhaustReport, ExhaustShard, Mode, Small, Summary, Totals,
};
use crate::files::AtomicFile;
use crate::harness::campaign::Fnv1a64;

/// What a merge reads of a shard's manifest.json (written by `write_reports`).
#[derive(Deserialize)]
struct ShardManifest {
    version: String,
    git_commit: String,
    size: u8,
    mode: Mode,
    referee_nodes: u32,
    games_csv: bool,
    count_only: bool,
    complete: bool,
    chunks: u64,
    chunks_done: u64,
    #[serde(default)]
    shard: Option<ExhaustShard>,
    #[serde(default)]
    checkpoint: Option<Checkpoint>,
}

impl ShardManifest {
    /// The run as its flags and build say it, to compare shards and name them in messages.
    fn run(&self) -> String {
        format!(
            "{} --games-csv {} (jpd {}, commit {})",
            ExhaustConfig::describe(
                self.size,
                self.mode,
                Some(self.referee_nodes),
                self.count_only,
                None
            ),
            self.games_csv,
            self.version,
            self.git_commit
        )
    }
}

/// One shard: its folder, manifest and checkpoint.
struct ShardDir {
    dir: PathBuf,
    shard: ExhaustShard,
    m: ShardManifest,
    cp: Checkpoint,
}

/// Whether `dir` is the folder of a run of `jpd exhaust` (sharded or not, finished or not):
/// its manifest.json has an exhaustive run's keys, or it holds a checkpoint.json. `jpd merge`
/// merges such folders with [`merge`], and campaign folders otherwise.
pub fn is_exhaust_folder(dir: &Path) -> bool {
    dir.join("checkpoint.json").is_file()
        || fs::read(dir.join("manifest.json"))
            .ok()
            .and_then(|b| serde_json::from_slice::<serde_json::Value>(&b).ok())
            .is_some_and(|m| m.get("mode").is_some() && m.get("referee_nodes").is_some())
}

/// Joins the folders of every shard of one exhaustive run (`jpd exhaust --shard I/N`, each
/// complete, in any order) into `out`: games.csv and violations.csv in chunk order, the
/// totals and summaries added, the reports and examples written as the unsharded run writes
/// them; its manifest.json differs from the unsharded run's only in `command_line` (the one
/// given here), `started` (the earliest shard's) and `seconds` (the shards' added). A folder
/// that is not a shard of the same run (size, mode, node budget, games.csv, count only, build,
/// number of shards), a shard given twice, missing or unfinished, or a CSV file that is not
/// what its manifest counted, is refused before any file is in place: the merged CSV files are
/// written to temporary files, renamed only once every shard's bytes have been checked, and
/// removed on a refusal. `out` should be empty (`jpd merge` clears it first under `--force`).
pub fn merge(
    out: &Path,
    shard_dirs: &[PathBuf],
    command_line: Vec<String>,
) -> Result<ExhaustReport, ExhaustError> {
    let shards = read_shards(out, shard_dirs)?;
    let first = &shards[0].m;
    let (size, count) = (first.size, shards[0].shard.count);
    let total = position::chunk_count(size);
    let mut cfg = ExhaustConfig::new(size, first.mode);
    cfg.games_csv = first.games_csv;
    cfg.nodes = first.referee_nodes;
    cfg.count_only = first.count_only;
    cfg.command_line = command_line;
    debug_assert_eq!(shards.len() as u64, count);

    fs::create_dir_all(out).map_err(|e| io(out, e))?;
    let sample = crate::harness::outcome::run_game(&spec(2, 0), &exhaust_run_options());
    let mut sums = BTreeMap::new();
    let games = if cfg.games_csv {
        let header = headers_of(&sample.game);
        let (f, len, sum) = merge_csv(out, "games.csv", &shards, &header, size, total)?;
        sums.insert("games.csv".to_string(), sum.hex());
        Some((f, len))
    } else {
        None
    };
    let (viol, viol_len, viol_sum) = merge_csv(
        out,
        "violations.csv",
        &shards,
        &violations_header(),
        size,
        total,
    )?;
    sums.insert("violations.csv".to_string(), viol_sum.hex());

    let mut totals = Totals::default();
    let mut summary = Summary::new();
    for s in &shards {
        totals.add(&s.cp.totals);
        let part = Summary::from_data(&s.cp.summary).map_err(|why| ExhaustError::Shard {
            path: s.dir.join("manifest.json"),
            why,
        })?;
        summary.merge(&part);
    }
    let cp = Checkpoint {
        size,
        mode: cfg.mode,
        count_only: cfg.count_only,
        nodes: Some(cfg.nodes),
        shard: None,
        chunks_done: total,
        chunks: total,
        games_csv_bytes: games.as_ref().map_or(0, |g| g.1),
        violations_csv_bytes: viol_len,
        fnv1a_64: sums,
        totals,
        summary: summary.data(),
        started: shards
            .iter()
            .map(|s| s.cp.started.clone())
            .min()
            .unwrap_or_default(),
        seconds: shards.iter().map(|s| s.cp.seconds).sum(),
    };
    if let Some((f, _)) = games {
        f.commit()?;
    }
    viol.commit()?;
    let origin = Origin {
        version: first.version.clone(),
        git_commit: first.git_commit.clone(),
    };
    write_reports(&cfg, out, &cp, &summary, true, &origin)?;
    Ok(ExhaustReport {
        complete: true,
        violations: violations_of(&cp.totals),
        totals: cp.totals,
    })
}

/// Reads every shard's manifest and checks that they are every shard of one run, each complete;
/// returns them in shard order.
fn read_shards(out: &Path, shard_dirs: &[PathBuf]) -> Result<Vec<ShardDir>, ExhaustError> {
    if shard_dirs.is_empty() {
        return Err(ExhaustError::Shards(
            "give the folders of the shards to merge".into(),
        ));
    }
    let canon = |p: &Path| fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    if let Some(d) = shard_dirs.iter().find(|d| canon(d) == canon(out)) {
        return Err(ExhaustError::Shard {
            path: d.clone(),
            why: "the output folder is one of the shards: merging into it would overwrite what \
                  it merges; give another --out"
                .into(),
        });
    }
    let mut shards: Vec<ShardDir> = Vec::new();
    for d in shard_dirs {
        let s = read_shard(d)?;
        if let Some(f) = shards.first() {
            if s.m.run() != f.m.run() {
                return Err(ExhaustError::Shard {
                    path: d.clone(),
                    why: format!(
                        "a shard of another run than {}: {}, not {}",
                        f.dir.display(),
                        s.m.run(),
                        f.m.run()
                    ),
                });
            }
            if s.shard.count != f.shard.count {
                return Err(ExhaustError::Shard {
                    path: d.clone(),
                    why: format!(
                        "shard {} of a run split in {}, but {} is shard {} of one split in {}: \
                         merge the shards of one split",
                        s.shard,
                        s.shard.count,
                        f.dir.display(),
                        f.shard,
                        f.shard.count
                    ),
                });
            }
        }
        if let Some(o) = shards.iter().find(|o| o.shard == s.shard) {
            return Err(ExhaustError::Shard {
                path: d.clone(),
                why: format!(
                    "shard {} is given twice: {} is shard {} too",
                    s.shard,
                    o.dir.display(),
                    o.shard
                ),
            });
        }
        shards.push(s);
    }
    let count = shards[0].shard.count;
    let missing: Vec<String> = (1..=count)
        .filter(|i| !shards.iter().any(|s| s.shard.index == *i))
        .map(|i| format!("{i}/{count}"))
        .collect();
    if !missing.is_empty() {
        const SHOWN: usize = 8;
        let mut names = missing[..missing.len().min(SHOWN)].join(", ");
        if missing.len() > SHOWN {
            names += &format!(" and {} more", missing.len() - SHOWN);
        }
        return Err(ExhaustError::Shards(format!(
            "{} {names} of the run {} missing ({} folder{} given, of {count} shards): give \
             the folder of every shard, 1/{count} to {count}/{count}",
            if missing.len() == 1 {
                "shard"
            } else {
                "shards"
            },
            if missing.len() == 1 { "is" } else { "are" },
            shards.len(),
            if shards.len() == 1 { "" } else { "s" },
        )));
    }
    shards.sort_by_key(|s| s.shard.index);
    Ok(shards)
}

/// One shard's manifest, checked on its own: a shard, complete, its checkpoint agreeing.
fn read_shard(d: &Path) -> Result<ShardDir, ExhaustError> {
    let path = d.join("manifest.json");
    let bad = |why: String| ExhaustError::Shard {
        path: path.clone(),
        why,
    };
    if !path.is_file() {
        return Err(ExhaustError::Shard {
            path: d.to_path_buf(),
            why: if d.join("checkpoint.json").is_file() {
                "no manifest.json, only a checkpoint: this shard stopped before it finished; \
                 run its jpd exhaust command again to finish it, then merge"
                    .into()
            } else {
                "no manifest.json: not a folder written by jpd exhaust --shard I/N".into()
            },
        });
    }
    let text = fs::read(&path).map_err(|e| io(&path, e))?;
    let m: ShardManifest = serde_json::from_slice(&text)
        .map_err(|e| bad(format!("not the manifest of a run of jpd exhaust: {e}")))?;
    let Some(shard) = m.shard else {
        return Err(bad(
            "not a shard: a run of jpd exhaust without --shard I/N, which has nothing to merge"
                .into(),
        ));
    };
    if !m.complete || m.chunks_done != m.chunks {
        return Err(bad(format!(
            "shard {shard} stopped after {} of its {} chunks: finish it (run its jpd exhaust \
             command again, with the same --out), then merge",
            m.chunks_done, m.chunks
        )));
    }
    let Some(cp) = m.checkpoint.clone() else {
        return Err(bad(
            "the manifest of a shard without its checkpoint: the file was changed".into(),
        ));
    };
    let total = position::chunk_count(m.size.clamp(1, super::MAX_SIZE));
    if !(1..=super::MAX_SIZE).contains(&m.size)
        || cp.size != m.size
        || cp.mode != m.mode
        || cp.count_only != m.count_only
        || cp.nodes != Some(m.referee_nodes)
        || cp.shard != Some(shard)
        || cp.chunks != shard.chunks(total)
        || cp.chunks != m.chunks
        || cp.chunks_done != cp.chunks
    {
        return Err(bad(
            "its checkpoint does not agree with it (size, mode, node budget, shard or chunks): \
             the file was changed"
                .into(),
        ));
    }
    Ok(ShardDir {
        dir: d.to_path_buf(),
        shard,
        m,
        cp,
    })
}

/// The rows of one CSV file of one shard, read as records (to find each row's chunk) and as
/// bytes (copied as they are), with the checksum of every byte read.
struct ShardCsv {
    path: PathBuf,
    shard: ExhaustShard,
    len: u64,
    want: Option<String>,
    rows: csv::Reader<BufReader<Take<File>>>,
    rec: csv::ByteRecord,
    raw: BufReader<Take<File>>,
    at: u64,
    sum: Fnv1a64,
    /// The next row: its chunk, its first byte, its line.
    next: Option<(u64, u64, u64)>,
}

impl ShardCsv {
    fn open(
        s: &ShardDir,
        name: &str,
        header: &[String],
        size: u8,
    ) -> Result<ShardCsv, ExhaustError> {
        let path = s.dir.join(name);
        let len = match name {
            "games.csv" => s.cp.games_csv_bytes,
            _ => s.cp.violations_csv_bytes,
        };
        let have = fs::metadata(&path).map_err(|e| io(&path, e))?.len();
        if have != len {
            return Err(ExhaustError::Shard {
                path,
                why: format!(
                    "{have} bytes, where the shard's manifest counts {len}: the file was changed"
                ),
            });
        }
        let open = || -> Result<BufReader<Take<File>>, ExhaustError> {
            let f = File::open(&path).map_err(|e| io(&path, e))?;
            Ok(BufReader::with_capacity(1 << 16, f.take(len)))
        };
        let mut rows = csv::Reader::from_reader(open()?);
        let h = rows
            .byte_headers()
            .map_err(crate::files::csv_err(&path))?
            .clone();
        if h.iter().ne(header.iter().map(String::as_bytes)) {
            return Err(ExhaustError::Shard {
                path,
                why: "line 1: its columns are not those this jpd writes".into(),
            });
        }
        let mut r = ShardCsv {
            want: s.cp.fnv1a_64.get(name).cloned(),
            shard: s.shard,
            len,
            rows,
            rec: csv::ByteRecord::new(),
            raw: open()?,
            at: 0,
            sum: Fnv1a64::default(),
            next: None,
            path,
        };
        // The header's bytes are read (and summed), not copied.
        let first_row = r.rows.position().byte();
        let path = r.path.clone();
        r.copy(first_row, &mut std::io::sink(), &path)?;
        r.advance(size)?;
        Ok(r)
    }

    /// Reads the next row: its chunk from its game index.
    fn advance(&mut self, size: u8) -> Result<(), ExhaustError> {
        let more = self
            .rows
            .read_byte_record(&mut self.rec)
            .map_err(crate::files::csv_err(&self.path))?;
        self.next = if more {
            let pos = self
                .rec
                .position()
                .cloned()
                .unwrap_or_else(csv::Position::new);
            let game = std::str::from_utf8(self.rec.get(0).unwrap_or(b""))
                .ok()
                .and_then(|g| g.parse::<u64>().ok())
                .ok_or_else(|| ExhaustError::Shard {
                    path: self.path.clone(),
                    why: format!("line {}: no game index: the file was changed", pos.line()),
                })?;
            let chunk = position::chunk_of(size, Small::from_key(size, game / 4));
            Some((chunk, pos.byte(), pos.line()))
        } else {
            None
        };
        Ok(())
    }

    /// Copies the bytes from where the copy stands up to `end` into `out` (the file `to`),
    /// summing them.
    fn copy(&mut self, end: u64, out: &mut impl Write, to: &Path) -> Result<(), ExhaustError> {
        let mut buf = [0u8; 1 << 14];
        while self.at < end {
            let want = (end - self.at).min(buf.len() as u64) as usize;
            let n = self
                .raw
                .read(&mut buf[..want])
                .map_err(|e| io(&self.path, e))?;
            if n == 0 {
                break;
            }
            self.sum.update(&buf[..n]);
            out.write_all(&buf[..n]).map_err(|e| io(to, e))?;
            self.at += n as u64;
        }
        Ok(())
    }

    /// Refuses a next row that is not of one of this shard's chunks after chunk `after`.
    fn check_next(&self, after: Option<u64>, total: u64) -> Result<(), ExhaustError> {
        match self.next {
            Some((c, _, line))
                if c >= total || !self.shard.contains(c) || after.is_some_and(|a| c <= a) =>
            {
                Err(ExhaustError::Shard {
                    path: self.path.clone(),
                    why: format!(
                        "line {line}: a row of chunk {c}, not one of shard {}'s chunks in order: \
                         the file was changed",
                        self.shard
                    ),
                })
            }
            _ => Ok(()),
        }
    }
}

/// Writes `out/name` from the shards' files, chunk after chunk (not yet committed); returns the
/// file, its length and its checksum. Every shard's file is checked against its manifest's
/// length and checksum, and each row against the shard's chunks.
fn merge_csv(
    out: &Path,
    name: &str,
    shards: &[ShardDir],
    header: &[String],
    size: u8,
    total: u64,
) -> Result<(AtomicFile, u64, Fnv1a64), ExhaustError> {
    let mut readers = Vec::new();
    for s in shards {
        let r = ShardCsv::open(s, name, header, size)?;
        r.check_next(None, total)?;
        readers.push(r);
    }
    let path = out.join(name);
    let mut f = AtomicFile::create(&path)?;
    let mut w = HashingWriter {
        out: &mut f,
        sum: Fnv1a64::default(),
        len: 0,
    };
    let mut head = csv::Writer::from_writer(Vec::new());
    let _ = head.write_record(header);
    let head = head.into_inner().unwrap_or_default();
    w.write_all(&head).map_err(|e| io(&path, e))?;
    let n = readers.len() as u64;
    for c in 0..total {
        // Chunk c is shard c % n + 1's: the (c % n)-th of the shards, in shard order.
        let r = &mut readers[(c % n) as usize];
        if r.next.map(|x| x.0) != Some(c) {
            continue;
        }
        while r.next.is_some_and(|x| x.0 == c) {
            r.advance(size)?;
        }
        r.check_next(Some(c), total)?;
        let end = r.next.map_or(r.len, |x| x.1);
        r.copy(end, &mut w, &path)?;
    }
    for r in &mut readers {
        // Every row was a chunk's: the copy ended at the end of the file.
        let to = r.path.clone();
        r.copy(r.len, &mut std::io::sink(), &to)?;
        if r.at != r.len || r.want.as_deref().is_some_and(|h| h != r.sum.hex()) {
            return Err(ExhaustError::Shard {
                path: r.path.clone(),
                why: format!(
                    "its bytes do not have the checksum of the shard's manifest ({}, found {}): \
                     the file was changed",
                    r.want.as_deref().unwrap_or("none"),
                    r.sum.hex()
                ),
            });
        }
        if r.want.is_none() {
            return Err(ExhaustError::Shard {
                path: r.path.clone(),
                why: "the shard's manifest keeps no checksum of it: the file was changed".into(),
            });
        }
    }
    let (sum, len) = (w.sum, w.len);
    Ok((f, len, sum))
}

/// A writer that sums and counts the bytes it passes on.
struct HashingWriter<'a, W: Write> {
    out: &'a mut W,
    sum: Fnv1a64,
    len: u64,
}

impl<W: Write> Write for HashingWriter<'_, W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.out.write(buf)?;
        self.sum.update(&buf[..n]);
        self.len += n as u64;
        Ok(n)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }
}
