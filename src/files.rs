//! The error of a file that could not be read or written, with its path: shared by the campaign,
//! the findings and the oracle, whose own error types wrap it.

use std::path::{Path, PathBuf};

/// A file that could not be read or written, or whose CSV is malformed.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    /// Reading or writing failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The CSV could not be read or written.
    #[error("{path}: {source}")]
    Csv {
        /// The file.
        path: PathBuf,
        /// Why.
        source: csv::Error,
    },
}

/// `map_err(io_err(path))`: an I/O error of `path`.
pub fn io_err(path: &Path) -> impl FnOnce(std::io::Error) -> FileError + '_ {
    move |source| FileError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// `map_err(csv_err(path))`: a CSV error of `path`.
pub fn csv_err(path: &Path) -> impl FnOnce(csv::Error) -> FileError + '_ {
    move |source| FileError::Csv {
        path: path.to_path_buf(),
        source,
    }
}

/// A file written whole or not at all: the bytes go to a temporary file beside `path` (a
/// dot-name with the process id and a serial, so threads and processes writing the same name do
/// not collide), and [`AtomicFile::commit`] renames it to `path`. A reader sees either the old
/// file or the finished new one, never a part; dropped without `commit`, the temporary file is
/// removed and `path` is left as it was.
pub struct AtomicFile {
    path: PathBuf,
    tmp: PathBuf,
    out: Option<std::io::BufWriter<std::fs::File>>,
}

impl AtomicFile {
    /// Creates the temporary file beside `path`.
    pub fn create(path: &Path) -> Result<AtomicFile, FileError> {
        use std::sync::atomic::{AtomicU64, Ordering};
        static SERIAL: AtomicU64 = AtomicU64::new(0);
        let name = path.file_name().ok_or_else(|| FileError::Io {
            path: path.to_path_buf(),
            source: std::io::Error::new(std::io::ErrorKind::InvalidInput, "no file name"),
        })?;
        let mut tmp_name = std::ffi::OsString::from(".");
        tmp_name.push(name);
        let serial = SERIAL.fetch_add(1, Ordering::Relaxed);
        tmp_name.push(format!(".tmp-{}-{serial}", std::process::id()));
        let tmp = path.with_file_name(tmp_name);
        let f = std::fs::File::create(&tmp).map_err(io_err(&tmp))?;
        Ok(AtomicFile {
            path: path.to_path_buf(),
            tmp,
            out: Some(std::io::BufWriter::with_capacity(1 << 16, f)),
        })
    }

    /// The path the file will have once committed.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Flushes the bytes and renames the temporary file to the final path.
    pub fn commit(mut self) -> Result<(), FileError> {
        use std::io::Write;
        let mut out = self.out.take().expect("committed once");
        out.flush().map_err(io_err(&self.tmp))?;
        drop(out);
        std::fs::rename(&self.tmp, &self.path).map_err(io_err(&self.path))
    }
}

impl std::io::Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.out.as_mut().expect("not committed").write(buf)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.out.as_mut().expect("not committed").flush()
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        if self.out.take().is_some() {
            let _ = std::fs::remove_file(&self.tmp);
        }
    }
}

/// Writes `bytes` to `path` whole or not at all (see [`AtomicFile`]).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), FileError> {
    use std::io::Write;
    let mut f = AtomicFile::create(path)?;
    f.write_all(bytes).map_err(io_err(&f.tmp))?;
    f.commit()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    #[test]
    fn an_atomic_file_replaces_whole_or_leaves_the_old_one() {
        let dir = std::env::temp_dir().join(format!("jpd-files-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("a.csv");
        write_atomic(&path, b"old\n").unwrap();
        let mut f = AtomicFile::create(&path).unwrap();
        f.write_all(b"new, half").unwrap();
        // Until the commit, a reader sees the old file whole.
        assert_eq!(std::fs::read(&path).unwrap(), b"old\n");
        drop(f);
        // Dropped without commit: the old file stays and no temporary file is left.
        assert_eq!(std::fs::read(&path).unwrap(), b"old\n");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
        let mut f = AtomicFile::create(&path).unwrap();
        f.write_all(b"new\n").unwrap();
        f.commit().unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"new\n");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
        assert!(write_atomic(&dir.join("no/such/x"), b"x").is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
