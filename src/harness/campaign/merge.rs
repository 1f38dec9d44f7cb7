//! [`merge`]: shards joined by game index, each checked as `--resume` checks a folder.

use super::*;

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
    m.verify_checksums(dir)?;
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
    check_folders(out, shard_dirs)?;
    let start_time = now();
    let hdr = headers();
    let (manifests, campaigns, complete) = read_shards(shard_dirs, &hdr)?;
    let first = &manifests[0];

    fs::create_dir_all(out).map_err(io_err(out))?;
    // A manifest left from an earlier merge would describe files that are about to change.
    let old = out.join("manifest.json");
    if old.exists() {
        fs::remove_file(&old).map_err(io_err(&old))?;
    }
    let mut lens = [0u64; 5];
    for (fi, name) in CSV_FILES.iter().enumerate() {
        lens[fi] = merge_csv(out, name, fi, shard_dirs, &manifests, &campaigns, &hdr)?;
    }

    let summary = merged_summary(shard_dirs, &manifests)?;
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
    copy_violation_files(out, shard_dirs, &keep)?;

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
        checkpoint: {
            let mut cp = Checkpoint::from_bytes(lens);
            let mut sums = [Fnv1a64::default(); 5];
            for ((sum, name), len) in sums.iter_mut().zip(CSV_FILES).zip(lens) {
                *sum = Fnv1a64::of_prefix(&out.join(name), len)?;
            }
            cp.set_sums(&sums);
            cp
        },
        summary: summary.data(),
    };
    manifest.write(out)?;
    Ok(MergeReport {
        games_done,
        violations: rows,
        complete,
    })
}

/// Refuses an empty list of shards, and an output folder that is one of them (`jpd merge`
/// checks this before it clears its output folder under `--force`).
pub fn check_folders(out: &Path, shard_dirs: &[PathBuf]) -> Result<(), CampaignError> {
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
    Ok(())
}

/// The shards' summaries added together.
fn merged_summary(
    shard_dirs: &[PathBuf],
    manifests: &[Manifest],
) -> Result<Summary, CampaignError> {
    let mut summary = Summary::new();
    for (d, m) in shard_dirs.iter().zip(manifests) {
        let s = Summary::from_data(&m.summary).map_err(|msg| CampaignError::Manifest {
            path: d.join("manifest.json"),
            msg,
        })?;
        summary.merge(&s);
    }
    Ok(summary)
}

/// Reads and checks every shard's manifest and folder (as `--resume` checks a folder): one
/// campaign, distinct slices, each shard complete. Returns the manifests, the shards' campaigns,
/// and whether the shards cover the whole campaign.
fn read_shards(
    shard_dirs: &[PathBuf],
    hdr: &[csv::ByteRecord; 5],
) -> Result<(Vec<Manifest>, Vec<Campaign>, bool), CampaignError> {
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
    let mut campaigns = Vec::new();
    for (d, m) in shard_dirs.iter().zip(&manifests) {
        campaigns.push(check_folder(d, m, hdr)?);
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
    Ok((manifests, campaigns, covers))
}

/// Merges one CSV file of the shards into `out` by game index; returns its length in bytes.
fn merge_csv(
    out: &Path,
    name: &str,
    fi: usize,
    shard_dirs: &[PathBuf],
    manifests: &[Manifest],
    campaigns: &[Campaign],
    hdr: &[csv::ByteRecord; 5],
) -> Result<u64, CampaignError> {
    let path = out.join(name);
    let mut readers = Vec::new();
    for ((d, m), c) in shard_dirs.iter().zip(manifests).zip(campaigns) {
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
    Ok(fs::metadata(&path).map_err(io_err(&path))?.len())
}

/// Copies the violation records the cap keeps (and their shrunk forms) from the shards.
fn copy_violation_files(
    out: &Path,
    shard_dirs: &[PathBuf],
    keep: &BTreeSet<String>,
) -> Result<(), CampaignError> {
    for name in keep {
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
    Ok(())
}
