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
