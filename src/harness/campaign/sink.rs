//! The writer side of a campaign: rows encoded by the workers, appended in game order by one
//! writer thread, checkpointed after every chunk.

use super::rowcsv::RowEncoder;
use super::*;

pub(super) type CsvOut = BufWriter<File>;

/// A game's rows of the five CSV files, encoded by the worker that played it (so the writer
/// thread only appends bytes), or the first encoding error with the index of its file.
pub(super) type Encoded = Result<[Vec<u8>; 5], (usize, csv::Error)>;

/// Encodes a game's rows as the five CSV files hold them (no header).
pub(super) fn encode_rows(o: &GameOutcome) -> Encoded {
    pub(super) fn rows<T: Serialize>(
        i: usize,
        items: &[T],
    ) -> Result<Vec<u8>, (usize, csv::Error)> {
        let mut w = RowEncoder::with_capacity(items.len() * 128);
        for r in items {
            w.row(r).map_err(|e| (i, e))?;
        }
        Ok(w.into_bytes())
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
pub(super) struct Sink {
    pub(super) dir: PathBuf,
    pub(super) spec_of: Campaign,
    pub(super) csv: [CsvOut; 5],
    pub(super) summary: Summary,
    pub(super) manifest: Manifest,
    pub(super) sgf_seen: BTreeMap<String, usize>,
    pub(super) shrinker: Option<Shrinker>,
    /// The running checksum of each CSV file, header included.
    pub(super) sums: [Fnv1a64; 5],
}

impl Sink {
    pub(super) fn write_chunk(
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
                self.sums[i].update(b);
            }
            self.summary.add_game(o);
            self.manifest.violations += o.violations.len() as u64;
            for r in &o.violations {
                let seen = self.sgf_seen.entry(r.theorem.clone()).or_insert(0);
                *seen += 1;
                if *seen <= SGF_CAP_PER_THEOREM {
                    jobs.push((self.spec_of.spec(r.key.game), r.clone()));
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
            let path = dir.join(violation_file_name(r.key.game, &r.theorem));
            crate::files::write_atomic(&path, w.to_sgf().as_bytes())?;
            // The shrinking hook: smaller games violating the same theorem.
            for (suffix, w) in shrunk {
                debug_assert!(SHRUNK_SUFFIXES.contains(&suffix));
                let name = format!("game-{}-{}-{suffix}.sgf", r.key.game, r.theorem);
                let path = dir.join(name);
                crate::files::write_atomic(&path, w.to_sgf().as_bytes())?;
            }
        }
        self.manifest.games_done += n;
        Ok(())
    }

    /// Flushes the CSVs and writes the manifest with their lengths.
    pub(super) fn checkpoint(&mut self) -> Result<(), CampaignError> {
        let mut lens = [0u64; 5];
        for (i, w) in self.csv.iter_mut().enumerate() {
            let path = self.dir.join(CSV_FILES[i]);
            w.flush().map_err(io_err(&path))?;
            lens[i] = w.get_ref().metadata().map_err(io_err(&path))?.len();
        }
        self.manifest.checkpoint = Checkpoint::from_bytes(lens);
        self.manifest.checkpoint.set_sums(&self.sums);
        self.manifest.summary = self.summary.data();
        self.manifest.end_time = now();
        self.manifest.complete = self.manifest.games_done == self.manifest.games_in_scope;
        self.manifest.write(&self.dir)
    }

    pub(super) fn finish(mut self) -> Result<RunReport, CampaignError> {
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

pub(super) fn write_summary(
    dir: &Path,
    master_seed: u64,
    summary: &Summary,
) -> Result<(), CampaignError> {
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

pub(super) fn csv_writer(file: File) -> CsvOut {
    BufWriter::with_capacity(1 << 16, file)
}

/// A header record as the CSV files begin with it.
pub(super) fn header_bytes(h: &csv::ByteRecord) -> Result<Vec<u8>, csv::Error> {
    let mut w = csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(Vec::new());
    w.write_byte_record(h)?;
    w.into_inner().map_err(|e| e.into_error().into())
}

/// Removes `violations/game-*.sgf` files whose names are not in `keep`.
pub(super) fn prune_violation_files(
    dir: &Path,
    keep: &BTreeSet<String>,
) -> Result<(), CampaignError> {
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
pub(super) type ViolationsSeen = (BTreeMap<String, usize>, BTreeSet<String>, u64);

/// Reads violations.csv (its first `len` bytes) and returns the per-theorem counts and the
/// names of the records the cap lets through.
pub(super) fn violations_seen(path: &Path, len: u64) -> Result<ViolationsSeen, CampaignError> {
    let f = File::open(path).map_err(io_err(path))?;
    let mut r = csv::Reader::from_reader(BufReader::new(f.take(len)));
    let mut seen = BTreeMap::new();
    let mut keep = BTreeSet::new();
    let mut rows = 0;
    for row in r.deserialize::<ViolationRow>() {
        let row = row.map_err(|e| match e.position() {
            Some(p) if matches!(e.kind(), csv::ErrorKind::Deserialize { .. }) => {
                CampaignError::Invalid(format!(
                    "{}: line {}: a row that does not read: {e}",
                    path.display(),
                    p.line()
                ))
            }
            _ => csv_err(path)(e).into(),
        })?;
        let n = seen.entry(row.theorem.clone()).or_insert(0);
        *n += 1;
        if *n <= SGF_CAP_PER_THEOREM {
            keep.insert(violation_file_name(row.key.game, &row.theorem));
        }
        rows += 1;
    }
    Ok((seen, keep, rows))
}
