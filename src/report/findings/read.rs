//! Reading the campaign's CSV files: a streamed file only up to the manifest's checkpoint,
//! columns found by name, and every cell typed: a cell that does not read is an error naming the
//! file, the line and the column, never a silent 0.

use std::path::Path;
use std::str::FromStr;

use serde::de::DeserializeOwned;

use super::FindingsError;
use crate::files::{csv_err, io_err};
use crate::harness::campaign::{Manifest, CSV_FILES};

/// A reader of one of the campaign's CSV files. A streamed file (`games.csv` and the others of
/// [`CSV_FILES`]) is read only up to the manifest's checkpoint: rows written after it (a run
/// killed mid-chunk) are not part of the campaign, and a file shorter than its checkpoint is
/// refused as cut.
pub(super) fn reader(
    path: &Path,
) -> Result<csv::Reader<std::io::Take<std::fs::File>>, FindingsError> {
    let limit = match (path.parent(), path.file_name()) {
        (Some(dir), Some(name)) => match CSV_FILES.iter().position(|f| name == *f) {
            Some(i) => {
                let m = Manifest::read(dir).map_err(|e| FindingsError::Manifest(e.to_string()))?;
                Some(m.checkpoint_bytes()[i])
            }
            None => None,
        },
        _ => None,
    };
    let f = std::fs::File::open(path).map_err(io_err(path))?;
    if let Some(len) = limit {
        let have = f.metadata().map_err(io_err(path))?.len();
        if have < len {
            return Err(FindingsError::Manifest(format!(
                "{}: {have} bytes, fewer than the {len} of the manifest's checkpoint: the file was cut",
                path.display()
            )));
        }
    }
    Ok(csv::Reader::from_reader(std::io::Read::take(
        f,
        limit.unwrap_or(u64::MAX),
    )))
}

/// The index of the column `name` of the header `h`.
pub(super) fn col(h: &csv::StringRecord, path: &Path, name: &str) -> Result<usize, FindingsError> {
    h.iter()
        .position(|c| c == name)
        .ok_or_else(|| FindingsError::Column {
            path: path.to_path_buf(),
            column: name.to_string(),
        })
}

/// The cell of column `i` of `rec` (a record of `path`, whose header is `h`) read as `T`.
pub(super) fn cell<T: FromStr>(
    rec: &csv::StringRecord,
    i: usize,
    h: &csv::StringRecord,
    path: &Path,
) -> Result<T, FindingsError>
where
    T::Err: std::fmt::Display,
{
    let text = rec.get(i).unwrap_or("");
    text.parse().map_err(|e: T::Err| FindingsError::Cell {
        path: path.to_path_buf(),
        line: rec.position().map_or(0, |p| p.line()),
        column: h.get(i).unwrap_or("?").to_string(),
        why: format!("{text:?} does not read: {e}"),
    })
}

/// Every row of `path` as `T` (its columns found by name); `None` when the file is absent.
pub(super) fn read_rows<T: DeserializeOwned>(path: &Path) -> Result<Option<Vec<T>>, FindingsError> {
    let mut rows = Vec::new();
    let found = each_row(path, |row: T| {
        rows.push(row);
        Ok(())
    })?;
    Ok(found.then_some(rows))
}

/// Each row of `path` as `T` (its columns found by name), in order, handed to `f`, the file
/// read as [`reader`] reads it; `false` when the file is absent.
pub(super) fn each_row<T: DeserializeOwned>(
    path: &Path,
    mut f: impl FnMut(T) -> Result<(), FindingsError>,
) -> Result<bool, FindingsError> {
    if !path.exists() {
        return Ok(false);
    }
    let mut rdr = reader(path)?;
    let h = rdr.headers().map_err(csv_err(path))?.clone();
    for row in rdr.deserialize::<T>() {
        f(row.map_err(|e| match e.kind() {
            csv::ErrorKind::Deserialize { pos, err } => FindingsError::Cell {
                path: path.to_path_buf(),
                line: pos.as_ref().map_or(0, |p| p.line()),
                column: err
                    .field()
                    .and_then(|i| h.get(i as usize))
                    .unwrap_or("?")
                    .to_string(),
                why: err.kind().to_string(),
            },
            _ => csv_err(path)(e).into(),
        })?)?;
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::super::{read_divergences, read_finding_totals, read_summary};
    use super::*;
    use crate::harness::exhaust::{ExhaustiveRow, EXHAUSTIVE_COLUMNS};
    use crate::harness::summary::{DivergenceSummaryRow, FindingsSummaryRow};

    /// A fresh folder holding `name` with `text`.
    fn folder_with(test: &str, name: &str, text: &str) -> std::path::PathBuf {
        let dir =
            std::env::temp_dir().join(format!("jpd-findings-read-{test}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(name), text).unwrap();
        dir
    }

    /// The place an error names: (line, column).
    fn place(e: FindingsError) -> (u64, String) {
        match e {
            FindingsError::Cell { line, column, .. } => (line, column),
            other => panic!("not a cell error: {other}"),
        }
    }

    /// A count that is not a number in divergence_summary.csv was read as 0; it is an error
    /// naming line 3 (the header is line 1) and its column.
    #[test]
    fn a_bad_divergence_count_names_its_place() {
        let h = DivergenceSummaryRow::HEADER.join(",");
        let text = format!("{h}\n0,9,chinese,any,10,2,1,0,0\n0,9,chinese,komi,ten,2,1,,\n");
        let dir = folder_with("div", "divergence_summary.csv", &text);
        let e = read_divergences(&dir).map(|_| ()).unwrap_err();
        assert!(e
            .to_string()
            .contains("divergence_summary.csv: line 3, column games_compared"));
        assert_eq!(place(e), (3, "games_compared".to_string()));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// The same for findings_summary.csv, a negative count (it is unsigned).
    #[test]
    fn a_bad_finding_count_names_its_place() {
        let h = FindingsSummaryRow::HEADER.join(",");
        let text = format!("{h}\n0,9,mixed,F1,5,4,-3,2,1\n");
        let dir = folder_with("fin", "findings_summary.csv", &text);
        let e = read_finding_totals(&dir).map(|_| ()).unwrap_err();
        assert_eq!(place(e), (2, "matters_games".to_string()));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// summary.csv (its columns vary with the theorems and edge cases, so it is read cell by
    /// cell): an empty count was read as 0.
    #[test]
    fn a_bad_summary_cell_names_its_place() {
        let text = "master_seed,size,policy,games,settled\n1,9,mixed,12,12\n1,13,mixed,,3\n";
        let dir = folder_with("sum", "summary.csv", text);
        let e = read_summary(&dir).map(|_| ()).unwrap_err();
        assert_eq!(place(e), (3, "games".to_string()));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// The per-game files a report reads back (violations.csv, findings.csv,
    /// divergences.csv) go through the one row type that writes them: rows written read back
    /// equal, and a bad cell (a finding's `matters` of 2, a cause term that is no number of
    /// points) names its line and column.
    #[test]
    fn per_game_rows_read_back_through_their_writer_type() {
        use crate::harness::outcome::{DivergenceRow, FindingRow, RowKey, ViolationRow};
        use crate::rules::Cause;
        fn csv_of<T: serde::Serialize>(rows: &[T]) -> String {
            let mut w = csv::Writer::from_writer(Vec::new());
            for r in rows {
                w.serialize(r).unwrap();
            }
            String::from_utf8(w.into_inner().unwrap()).unwrap()
        }
        fn back<T: DeserializeOwned>(dir: &Path, name: &str) -> Result<Vec<T>, FindingsError> {
            let mut rows = Vec::new();
            each_row(&dir.join(name), |r: T| {
                rows.push(r);
                Ok(())
            })?;
            Ok(rows)
        }
        let v = ViolationRow {
            key: RowKey {
                game: 7,
                seed: 99,
                size: 9,
                policy: "seki".into(),
            },
            theorem: "T5".into(),
            detail: "fill-up, with a comma".into(),
        };
        let f = FindingRow {
            key: RowKey {
                game: 3,
                seed: 4,
                size: 13,
                policy: "dispute".into(),
            },
            finding: "F2".into(),
            matters: 1,
            margin_changes: 1,
            winner_changes: 0,
            detail: "dame left".into(),
        };
        // (Named apart from the campaign's files, which are read only up to a manifest's
        // checkpoint.)
        let d = DivergenceRow {
            key: RowKey {
                game: 5,
                size: 19,
                policy: "mixed".into(),
                ..RowKey::default()
            },
            rules: "japanese".into(),
            one_sided_dame_points: crate::counting::Points(crate::counting::Half(-3)),
            ..DivergenceRow::default()
        };
        let dir = folder_with("rows", "v.csv", &csv_of(std::slice::from_ref(&v)));
        std::fs::write(dir.join("f.csv"), csv_of(std::slice::from_ref(&f))).unwrap();
        std::fs::write(dir.join("d.csv"), csv_of(std::slice::from_ref(&d))).unwrap();
        assert_eq!(back::<ViolationRow>(&dir, "v.csv").unwrap(), vec![v]);
        assert_eq!(back::<FindingRow>(&dir, "f.csv").unwrap(), vec![f.clone()]);
        let read: Vec<DivergenceRow> = back(&dir, "d.csv").unwrap();
        assert_eq!(read, vec![d]);
        // -1.5 points, as the column says (Half(-3) is -1.5).
        assert_eq!(read[0].cause_points(Cause::OneSidedDame).0.as_f64(), -1.5);
        let bad = csv_of(&[FindingRow { matters: 1, ..f }]).replace(",F2,1,", ",F2,x,");
        std::fs::write(dir.join("f.csv"), bad).unwrap();
        let e = back::<FindingRow>(&dir, "f.csv").unwrap_err();
        assert_eq!(place(e), (2, "matters".to_string()));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// exhaustive.csv reads back as the rows written; a bad cell names its place.
    #[test]
    fn exhaustive_rows_read_back_and_a_bad_one_names_its_place() {
        let h = EXHAUSTIVE_COLUMNS.join(",");
        let good = format!("{h}\n2,all,legal,positions,57,57,0,0,0\n2,all,edge,ko,0,0,0,,\n");
        let dir = folder_with("exh", "exhaustive.csv", &good);
        let rows: Vec<ExhaustiveRow> = read_rows(&dir.join("exhaustive.csv")).unwrap().unwrap();
        assert_eq!(rows.len(), 2);
        assert_eq!((rows[0].positions, rows[0].example_game), (57, Some(0)));
        assert_eq!(
            (rows[1].kind.as_str(), rows[1].example_stones),
            ("edge", None)
        );
        std::fs::write(
            dir.join("exhaustive.csv"),
            format!("{h}\n2,all,legal,positions,x,57,0,0,0\n"),
        )
        .unwrap();
        let e = read_rows::<ExhaustiveRow>(&dir.join("exhaustive.csv")).unwrap_err();
        assert_eq!(place(e), (2, "positions".to_string()));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
