//! The checkpoint of a campaign folder: `manifest.json` and its byte lengths.

use super::*;

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
    /// The FNV-1a 64-bit checksum ([`Fnv1a64`], 16 hex digits) of each CSV file's bytes up to
    /// its checkpointed length, by file name: rewritten after every chunk, checked by
    /// `--resume`, `merge` and `jpd findings`, so that a file changed in place (same length,
    /// other bytes) is refused. Absent from manifests written before it (then not checked).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub fnv1a_64: BTreeMap<String, String>,
}

/// FNV-1a with 64 bits: a checksum of a campaign's CSV files, updated as their bytes are
/// appended (it finds changed bytes, not a deliberate forgery).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fnv1a64(u64);

impl Default for Fnv1a64 {
    fn default() -> Self {
        Fnv1a64(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv1a64 {
    /// Adds `bytes` to the checksum.
    pub fn update(&mut self, bytes: &[u8]) {
        let mut h = self.0;
        for &b in bytes {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
        self.0 = h;
    }

    /// The checksum as 16 lower-case hex digits.
    pub fn hex(&self) -> String {
        format!("{:016x}", self.0)
    }

    /// The checksum of the first `len` bytes of the file at `path`.
    pub fn of_prefix(path: &Path, len: u64) -> Result<Fnv1a64, CampaignError> {
        let (h, read) = Fnv1a64::of_file_prefix(path, len)?;
        if read < len {
            return Err(CampaignError::Invalid(format!(
                "{}: {read} bytes, fewer than the {len} of the checkpoint: the file was cut",
                path.display()
            )));
        }
        Ok(h)
    }

    /// The checksum of the first `len` bytes of the file at `path` (all of it when shorter),
    /// with the number of bytes read.
    pub fn of_file_prefix(path: &Path, len: u64) -> Result<(Fnv1a64, u64), FileError> {
        let f = File::open(path).map_err(io_err(path))?;
        let mut r = BufReader::with_capacity(1 << 16, f.take(len));
        let mut h = Fnv1a64::default();
        let mut buf = vec![0u8; 1 << 16];
        let mut read = 0u64;
        loop {
            let n = r.read(&mut buf).map_err(io_err(path))?;
            if n == 0 {
                break;
            }
            h.update(&buf[..n]);
            read += n as u64;
        }
        Ok((h, read))
    }
}

impl Checkpoint {
    pub(super) fn bytes(&self) -> [u64; 5] {
        [
            self.games_csv_bytes,
            self.scores_csv_bytes,
            self.violations_csv_bytes,
            self.divergences_csv_bytes,
            self.findings_csv_bytes,
        ]
    }

    pub(super) fn from_bytes(b: [u64; 5]) -> Checkpoint {
        Checkpoint {
            games_csv_bytes: b[0],
            scores_csv_bytes: b[1],
            violations_csv_bytes: b[2],
            divergences_csv_bytes: b[3],
            findings_csv_bytes: b[4],
            fnv1a_64: BTreeMap::new(),
        }
    }

    /// Records the checksums of the five CSV files, in [`CSV_FILES`] order.
    pub(super) fn set_sums(&mut self, sums: &[Fnv1a64; 5]) {
        self.fnv1a_64 = CSV_FILES
            .iter()
            .zip(sums)
            .map(|(n, h)| (n.to_string(), h.hex()))
            .collect();
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

    /// Checks that the first `len` bytes of each CSV file in `dir` (its checkpointed length)
    /// have the checksum the manifest recorded (a manifest without checksums passes), and
    /// returns each file's checksum, in [`CSV_FILES`] order.
    pub fn verify_checksums(&self, dir: &Path) -> Result<[Fnv1a64; 5], CampaignError> {
        let mut sums = [Fnv1a64::default(); 5];
        for (i, (name, len)) in CSV_FILES.iter().zip(self.checkpoint.bytes()).enumerate() {
            let path = dir.join(name);
            sums[i] = Fnv1a64::of_prefix(&path, len)?;
            if let Some(want) = self.checkpoint.fnv1a_64.get(*name) {
                if *want != sums[i].hex() {
                    return Err(CampaignError::Manifest {
                        path: dir.join("manifest.json"),
                        msg: format!(
                            "{name}: its first {len} bytes do not have the checksum of the \
                             checkpoint ({want}, found {}): the file was changed; run the \
                             campaign again",
                            sums[i].hex()
                        ),
                    });
                }
            }
        }
        Ok(sums)
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
                details: Details::Failures,
                f11_one_in: crate::checks::CAMPAIGN_F11_ONE_IN,
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

pub(super) fn now() -> String {
    rfc3339(SystemTime::now())
}
