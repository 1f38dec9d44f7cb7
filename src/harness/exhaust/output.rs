//! The files a run of `jpd exhaust` appends to: games.csv and violations.csv, each with its
//! header from its row type and its checksum up to the checkpoint, and the room they need.

use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use serde::Serialize;

use super::{io, position, Checkpoint, ExhaustConfig, ExhaustError, Mode, MAX_SIZE};
use crate::harness::campaign::Fnv1a64;
use crate::harness::outcome::{RowKey, ViolationRow};

/// The legal positions of the boards 1x1 to 4x4 and their classes under the 8 symmetries
/// (exhaustive.csv of `make exhaustive`), for the estimate of a run's output.
const LEGAL: [(u64, u64); 4] = [(1, 1), (57, 13), (12_675, 1_824), (24_318_165, 3_047_783)];

/// The bytes a run writes, about: games.csv's rows (about 3.1 games a position, 140 bytes a
/// row; 127 on 3x3) when it is written, for the chunks left (of the shard's, in a shard); the
/// rest is a few kilobytes.
pub fn estimated_bytes(cfg: &ExhaustConfig, chunks_done: u64) -> u64 {
    if !cfg.games_csv || cfg.count_only || !(1..=MAX_SIZE).contains(&cfg.size) {
        return 64 * 1024;
    }
    let (all, classes) = LEGAL[usize::from(cfg.size) - 1];
    let positions = match cfg.mode {
        Mode::All => all,
        Mode::Classes => classes,
    };
    let chunks = position::chunk_count(cfg.size);
    let left = positions * cfg.chunks_in_scope().saturating_sub(chunks_done) / chunks;
    64 * 1024 + left * 31 / 10 * 140
}

/// Refuses a run whose output would not fit in the `free` bytes where it writes (`None`: not
/// known, not refused).
pub fn check_room(
    cfg: &ExhaustConfig,
    dir: &Path,
    chunks_done: u64,
    free: Option<u64>,
) -> Result<(), ExhaustError> {
    let need = estimated_bytes(cfg, chunks_done);
    match free {
        Some(free) if need > free => Err(ExhaustError::NoRoom {
            size: cfg.size,
            dir: dir.to_path_buf(),
            need,
            free,
        }),
        _ => Ok(()),
    }
}

/// A CSV file the run appends to: its length and checksum so far.
pub(super) struct CsvOut {
    path: PathBuf,
    name: &'static str,
    file: BufWriter<File>,
    len: u64,
    sum: Fnv1a64,
}

impl CsvOut {
    /// Opens `dir/name` to append to, after checking that its first `len` bytes (what the
    /// checkpoint counted) have the checksum the checkpoint recorded (`want`); the bytes after
    /// them are cut. A new file gets the header.
    pub(super) fn open(
        dir: &Path,
        name: &'static str,
        len: u64,
        want: Option<&String>,
        header: &[String],
    ) -> Result<CsvOut, ExhaustError> {
        let path = dir.join(name);
        let mut sum = Fnv1a64::default();
        if len > 0 {
            let (h, read) = Fnv1a64::of_file_prefix(&path, len)?;
            let why = if read < len {
                Some(format!(
                    "{read} bytes, fewer than the {len} of the checkpoint: the file was cut"
                ))
            } else {
                want.filter(|w| **w != h.hex()).map(|w| {
                    format!(
                        "its first {len} bytes do not have the checksum of the checkpoint \
                         ({w}, found {}): the file was changed",
                        h.hex()
                    )
                })
            };
            if let Some(why) = why {
                return Err(ExhaustError::Changed { path, why });
            }
            sum = h;
        }
        let mut f = OpenOptions::new()
            .create(true)
            .read(true)
            .write(true)
            .truncate(false)
            .open(&path)
            .map_err(|e| io(&path, e))?;
        f.set_len(len).map_err(|e| io(&path, e))?;
        use std::io::Seek;
        f.seek(std::io::SeekFrom::End(0))
            .map_err(|e| io(&path, e))?;
        let mut out = CsvOut {
            path,
            name,
            file: BufWriter::new(f),
            len,
            sum,
        };
        if len == 0 {
            let mut w = csv::Writer::from_writer(Vec::new());
            let _ = w.write_record(header);
            out.append(&w.into_inner().unwrap_or_default())?;
        }
        Ok(out)
    }

    pub(super) fn append(&mut self, bytes: &[u8]) -> Result<(), ExhaustError> {
        self.file.write_all(bytes).map_err(|e| io(&self.path, e))?;
        self.len += bytes.len() as u64;
        self.sum.update(bytes);
        Ok(())
    }

    /// Flushes the file and records its length and checksum in `cp`.
    pub(super) fn checkpoint(&mut self, cp: &mut Checkpoint) -> Result<(), ExhaustError> {
        self.file.flush().map_err(|e| io(&self.path, e))?;
        match self.name {
            "games.csv" => cp.games_csv_bytes = self.len,
            _ => cp.violations_csv_bytes = self.len,
        }
        cp.fnv1a_64.insert(self.name.to_string(), self.sum.hex());
        Ok(())
    }
}

pub(super) fn headers_of<T: Serialize>(row: &T) -> Vec<String> {
    let mut w = csv::Writer::from_writer(Vec::new());
    let _ = w.serialize(row);
    let text = String::from_utf8(w.into_inner().unwrap_or_default()).unwrap_or_default();
    text.lines()
        .next()
        .unwrap_or("")
        .split(',')
        .map(str::to_string)
        .collect()
}

/// The header of violations.csv, from its row type (as games.csv's and the campaign's are).
pub(super) fn violations_header() -> Vec<String> {
    headers_of(&ViolationRow {
        key: RowKey {
            game: 0,
            seed: 0,
            size: 0,
            policy: "".into(),
        },
        theorem: String::new(),
        detail: String::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The estimate of a run's output and the refusal of a run that does not fit: the whole
    /// 4x4 board with games.csv writes about 10 GB (24,318,165 positions, 3.1 games each, 140
    /// bytes a row), about half of it when half its chunks are done; without games.csv, or on
    /// the small boards, next to nothing.
    #[test]
    fn a_run_larger_than_the_free_space_is_refused() {
        let mut cfg = ExhaustConfig::new(4, Mode::All);
        cfg.games_csv = true;
        let whole = estimated_bytes(&cfg, 0);
        assert_eq!(whole, 64 * 1024 + 24_318_165 * 31 / 10 * 140);
        let chunks = position::chunk_count(4);
        let half = estimated_bytes(&cfg, chunks / 2);
        assert!(
            half > whole * 45 / 100 && half < whole * 55 / 100,
            "{half} of {whole}"
        );
        assert_eq!(estimated_bytes(&cfg, chunks), 64 * 1024);
        let dir = Path::new("out");
        let e = check_room(&cfg, dir, 0, Some(1_000_000_000)).unwrap_err();
        assert_eq!(
            e.to_string(),
            "--size 4: this exhaustive run would write about 10.6 GB to out, more than the \
             1.0 GB free there; leave out games.csv (--games-csv false) or free some space"
        );
        assert!(check_room(&cfg, dir, 0, None).is_ok(), "free space unknown");
        cfg.games_csv = false;
        assert!(check_room(&cfg, dir, 0, Some(1_000_000)).is_ok());
        let small = ExhaustConfig::new(3, Mode::All);
        assert!(estimated_bytes(&small, 0) < 6_000_000, "3x3 writes 4.9 MB");
    }
}
