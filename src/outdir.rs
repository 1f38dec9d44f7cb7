//! An output folder: the advisory lock a command holds on it for its whole run
//! ([`OutDirLock`]), and the one rule for writing into it ([`prepare`]): it must be empty, or
//! `--force` clears the files jpd writes there first (so no stale `FINDINGS.md`, chart or
//! examples of another run stay beside the new files).
//!
//! The lock is `DIR/.jpd.lock`, holding the holder's process id, locked with the operating
//! system's advisory file lock (`flock` on Linux). The kernel releases that lock when its process
//! dies, however it dies, so the file of a killed process is stale: the next command takes it
//! over. A command that ends removes the file while it still holds the lock.

use std::fs::{self, File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use crate::files::{io_err, FileError};

/// The lock file's name, in the folder it locks.
pub const LOCK_FILE: &str = ".jpd.lock";

/// Every file and folder a jpd command writes into its output folder: what `--force` clears
/// (with the temporary files a killed writer left beside them). SGF records outside these
/// folders are never removed: the games of `jpd oracle --self-play` (`gnugo-*.sgf`) are inputs
/// of other commands, and a folder of records may be an output folder too. A folder inside it that jpd
/// did not write (such as `reports/exhaustive/`, the output of another command) is kept.
pub const WRITTEN: [&str; 21] = [
    // jpd run and jpd merge
    "games.csv",
    "scores.csv",
    "violations.csv",
    "divergences.csv",
    "findings.csv",
    "summary.csv",
    "divergence_summary.csv",
    "findings_summary.csv",
    "manifest.json",
    "manifest.json.tmp",
    "violations",
    // jpd findings (and jpd check's FINDINGS.md)
    "FINDINGS.md",
    "divergences.svg",
    "examples",
    // jpd exhaust
    "checkpoint.json",
    "exhaustive.csv",
    // jpd check
    "records.csv",
    "errors.csv",
    // jpd oracle
    "oracle.csv",
    "disagreements",
    // the lock of a killed process (taken over by then)
    LOCK_FILE,
];

/// Why an output folder cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum OutDirError {
    /// Another process holds the folder's lock.
    #[error(
        "{} is in use by another jpd process ({}, holding {}): wait for it to finish, or stop it",
        dir.display(),
        pid.map_or("pid unknown".to_string(), |p| format!("pid {p}")),
        dir.join(LOCK_FILE).display()
    )]
    Busy {
        /// The folder.
        dir: PathBuf,
        /// The holder's process id, as its lock file says.
        pid: Option<u32>,
    },
    /// The folder holds files and `--force` was not given.
    #[error(
        "{} is not empty: choose another folder, or pass --force to replace the files jpd wrote there{}",
        dir.display(),
        if *resumable {
            format!(" (or finish the interrupted campaign there with jpd run --resume {})", dir.display())
        } else {
            String::new()
        }
    )]
    NotEmpty {
        /// The folder.
        dir: PathBuf,
        /// Whether it holds an interrupted campaign that `jpd run --resume` could finish.
        resumable: bool,
    },
    /// The folder or its lock file could not be read or written.
    #[error(transparent)]
    File(#[from] FileError),
}

/// The lock of an output folder, held until dropped.
#[derive(Debug)]
pub struct OutDirLock {
    path: PathBuf,
    // Held open: closing it releases the lock.
    _file: File,
    /// The folders `acquire` made (the output folder, then its missing parents), removed again
    /// on drop when left empty: a command that fails before writing leaves nothing behind.
    created: Vec<PathBuf>,
}

impl OutDirLock {
    /// Creates `dir` when needed and takes its lock; refuses with [`OutDirError::Busy`] while
    /// another process holds it. A lock file left by a process that died is taken over. A
    /// folder made here is removed when the lock is dropped, if nothing was written into it.
    pub fn acquire(dir: &Path) -> Result<OutDirLock, OutDirError> {
        let created = missing_folders(dir);
        let lock = Self::lock(dir, created.clone());
        if lock.is_err() {
            remove_empty(&created);
        }
        lock
    }

    fn lock(dir: &Path, created: Vec<PathBuf>) -> Result<OutDirLock, OutDirError> {
        fs::create_dir_all(dir).map_err(io_err(dir))?;
        let path = dir.join(LOCK_FILE);
        let mut tries = 0;
        loop {
            let open = OpenOptions::new()
                .read(true)
                .write(true)
                .create(true)
                .truncate(false)
                .open(&path);
            let mut file = match open {
                // The folder was removed by a command that made it and ended meanwhile.
                Err(e) if e.kind() == std::io::ErrorKind::NotFound && tries < 10 => {
                    tries += 1;
                    fs::create_dir_all(dir).map_err(io_err(dir))?;
                    continue;
                }
                r => r.map_err(io_err(&path))?,
            };
            match file.try_lock() {
                Ok(()) => {}
                Err(fs::TryLockError::WouldBlock) => {
                    return Err(OutDirError::Busy {
                        dir: dir.to_path_buf(),
                        pid: holder_pid(&mut file),
                    })
                }
                Err(fs::TryLockError::Error(e)) => return Err(io_err(&path)(e).into()),
            }
            // The holder before us removes the file as it ends: if it did so after we opened
            // it, our lock is on a file nobody else will open; lock the one at the path now.
            if !same_file(&file, &path) {
                continue;
            }
            file.set_len(0).map_err(io_err(&path))?;
            file.seek(SeekFrom::Start(0)).map_err(io_err(&path))?;
            writeln!(file, "{}", std::process::id()).map_err(io_err(&path))?;
            file.flush().map_err(io_err(&path))?;
            return Ok(OutDirLock {
                path,
                _file: file,
                created,
            });
        }
    }
}

impl Drop for OutDirLock {
    fn drop(&mut self) {
        // Removed while still locked (see `acquire`); where a file cannot be told from another
        // by its inode, it stays, empty of meaning once unlocked.
        if cfg!(unix) {
            let _ = fs::remove_file(&self.path);
            remove_empty(&self.created);
        }
    }
}

/// The folders `create_dir_all(dir)` would make: `dir` and its missing parents, `dir` first.
fn missing_folders(dir: &Path) -> Vec<PathBuf> {
    dir.ancestors()
        .take_while(|a| !a.as_os_str().is_empty() && fs::symlink_metadata(a).is_err())
        .map(Path::to_path_buf)
        .collect()
}

/// Removes the folders of `created` (innermost first) while they are empty; a folder that
/// holds anything stays, and so does every folder above it.
fn remove_empty(created: &[PathBuf]) {
    for d in created {
        if fs::remove_dir(d).is_err() {
            break;
        }
    }
}

/// The process id a lock file holds. Its holder writes it just after taking the lock, so an
/// empty file is read again a few times.
fn holder_pid(file: &mut File) -> Option<u32> {
    for _ in 0..10 {
        let mut text = String::new();
        if file.seek(SeekFrom::Start(0)).is_ok() && file.read_to_string(&mut text).is_ok() {
            if let Ok(pid) = text.trim().parse() {
                return Some(pid);
            }
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    None
}

#[cfg(unix)]
fn same_file(file: &File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), fs::metadata(path)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

#[cfg(not(unix))]
fn same_file(_: &File, _: &Path) -> bool {
    true
}

/// Whether `name` is one of the files jpd writes into an output folder ([`WRITTEN`]), or the
/// temporary file of one (`.NAME.tmp-PID-SERIAL`, see [`crate::files::AtomicFile`]).
pub fn is_written(name: &str) -> bool {
    let base = name
        .strip_prefix('.')
        .and_then(|n| n.split_once(".tmp-"))
        .map_or(name, |(b, _)| b);
    WRITTEN.contains(&base)
}

/// Whether `dir` holds anything but its lock file (a folder that does not exist is empty).
pub fn is_empty(dir: &Path) -> bool {
    match fs::read_dir(dir) {
        Ok(entries) => entries
            .filter_map(Result::ok)
            .all(|e| e.file_name() == LOCK_FILE),
        Err(_) => true,
    }
}

/// The rule of every command that writes a folder: an empty (or missing) folder is used as it
/// is; one that holds anything is refused unless `force`, which removes the files jpd writes
/// there ([`is_written`]) and keeps the rest. Call it with the folder's lock held.
pub fn prepare(dir: &Path, force: bool) -> Result<(), OutDirError> {
    if is_empty(dir) {
        return Ok(());
    }
    if !force {
        return Err(OutDirError::NotEmpty {
            dir: dir.to_path_buf(),
            resumable: holds_interrupted_campaign(dir),
        });
    }
    for e in fs::read_dir(dir).map_err(io_err(dir))? {
        let e = e.map_err(io_err(dir))?;
        let name = e.file_name();
        let Some(name) = name.to_str() else { continue };
        if name == LOCK_FILE || !is_written(name) {
            continue;
        }
        let path = e.path();
        let is_dir = e.file_type().map_err(io_err(&path))?.is_dir();
        if is_dir {
            fs::remove_dir_all(&path).map_err(io_err(&path))?;
        } else {
            fs::remove_file(&path).map_err(io_err(&path))?;
        }
    }
    Ok(())
}

/// A byte count for people: `2.1 GB`, `3.0 TB`, `2980.0 PB` (powers of 1000).
pub fn size_text(bytes: u64) -> String {
    let units = ["bytes", "kB", "MB", "GB", "TB", "PB"];
    let mut v = bytes as f64;
    let mut u = 0;
    while v >= 1000.0 && u + 1 < units.len() {
        v /= 1000.0;
        u += 1;
    }
    if u == 0 {
        format!("{bytes} bytes")
    } else {
        format!("{v:.1} {}", units[u])
    }
}

/// The bytes free for an unprivileged writer on the file system that holds `dir` (or, when it
/// does not exist yet, its nearest existing parent); `None` where that cannot be told.
pub fn free_bytes(dir: &Path) -> Option<u64> {
    let mut at = dir.to_path_buf();
    while !at.exists() {
        if !at.pop() || at.as_os_str().is_empty() {
            at = PathBuf::from(".");
            break;
        }
    }
    free_bytes_at(&at)
}

#[cfg(unix)]
fn free_bytes_at(path: &Path) -> Option<u64> {
    use std::os::unix::ffi::OsStrExt;
    let c = std::ffi::CString::new(path.as_os_str().as_bytes()).ok()?;
    let mut st = std::mem::MaybeUninit::<libc::statvfs>::uninit();
    // SAFETY: `c` is a NUL-terminated path and `st` a buffer statvfs fills when it returns 0.
    let st = unsafe {
        if libc::statvfs(c.as_ptr(), st.as_mut_ptr()) != 0 {
            return None;
        }
        st.assume_init()
    };
    Some((st.f_bavail as u64).saturating_mul(st.f_frsize as u64))
}

#[cfg(not(unix))]
fn free_bytes_at(_: &Path) -> Option<u64> {
    None
}

/// Whether `dir/manifest.json` is a campaign's that says it is not complete.
fn holds_interrupted_campaign(dir: &Path) -> bool {
    fs::read(dir.join("manifest.json"))
        .ok()
        .and_then(|b| serde_json::from_slice::<serde_json::Value>(&b).ok())
        .is_some_and(|m| m.get("games_done").is_some() && m["complete"] == false)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tmp(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("jpd-outdir-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&d);
        d
    }

    #[test]
    fn a_second_lock_is_refused_naming_the_holder_and_released_on_drop() {
        let dir = tmp("lock");
        let lock = OutDirLock::acquire(&dir).unwrap();
        let text = fs::read_to_string(dir.join(LOCK_FILE)).unwrap();
        assert_eq!(text.trim(), std::process::id().to_string());
        // A second open file description of the same file: refused as another process is.
        match OutDirLock::acquire(&dir) {
            Err(OutDirError::Busy { pid, .. }) => assert_eq!(pid, Some(std::process::id())),
            other => panic!("not refused: {other:?}"),
        }
        let e = OutDirLock::acquire(&dir).unwrap_err().to_string();
        assert!(e.contains(&format!("pid {}", std::process::id())), "{e}");
        assert!(
            is_empty(&dir),
            "the lock file alone leaves the folder empty"
        );
        drop(lock);
        assert!(!dir.join(LOCK_FILE).exists());
        assert!(
            !dir.exists(),
            "the folder the lock made is removed, left empty"
        );
        // A lock file left by a dead process (no lock held on it) is taken over.
        fs::create_dir_all(&dir).unwrap();
        fs::write(dir.join(LOCK_FILE), "4194999\n").unwrap();
        let lock = OutDirLock::acquire(&dir).unwrap();
        let text = fs::read_to_string(dir.join(LOCK_FILE)).unwrap();
        assert_eq!(text.trim(), std::process::id().to_string());
        drop(lock);
        assert!(dir.exists(), "a folder that was there stays");
        fs::remove_dir_all(&dir).unwrap();
    }

    /// A folder the lock made, with its missing parents, is removed when the command leaves it
    /// empty; a folder written into stays, with every folder above it.
    #[test]
    fn a_folder_the_lock_made_goes_when_left_empty() {
        let top = tmp("made");
        let dir = top.join("a").join("b");
        drop(OutDirLock::acquire(&dir).unwrap());
        assert!(!top.exists());
        let lock = OutDirLock::acquire(&dir).unwrap();
        fs::write(dir.join("summary.csv"), "x").unwrap();
        drop(lock);
        assert!(dir.join("summary.csv").exists());
        assert!(!dir.join(LOCK_FILE).exists());
        fs::remove_dir_all(&top).unwrap();
    }

    #[test]
    fn force_clears_what_jpd_wrote_and_keeps_the_rest() {
        let dir = tmp("force");
        assert!(prepare(&dir, false).is_ok(), "a missing folder is empty");
        fs::create_dir_all(dir.join("examples")).unwrap();
        fs::create_dir_all(dir.join("exhaustive")).unwrap();
        for f in [
            "FINDINGS.md",
            "examples/x.svg",
            "notes.txt",
            ".summary.csv.tmp-1-0",
            "gnugo-s05-l00-000.sgf",
        ] {
            fs::write(dir.join(f), "x").unwrap();
        }
        fs::write(dir.join("exhaustive/exhaustive.csv"), "x").unwrap();
        let e = prepare(&dir, false).unwrap_err();
        assert!(matches!(
            e,
            OutDirError::NotEmpty {
                resumable: false,
                ..
            }
        ));
        assert!(e
            .to_string()
            .ends_with("pass --force to replace the files jpd wrote there"));
        assert!(dir.join("FINDINGS.md").exists(), "refused: nothing removed");
        prepare(&dir, true).unwrap();
        let mut left: Vec<String> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        left.sort();
        assert_eq!(left, ["exhaustive", "gnugo-s05-l00-000.sgf", "notes.txt"]);
        assert!(dir.join("exhaustive/exhaustive.csv").exists());
        // An interrupted campaign: the message says how to finish it.
        fs::write(
            dir.join("manifest.json"),
            r#"{"games_done": 3, "complete": false}"#,
        )
        .unwrap();
        let e = prepare(&dir, false).unwrap_err().to_string();
        assert!(e.contains("jpd run --resume"), "{e}");
        fs::remove_dir_all(&dir).unwrap();
    }
}
