//! The rows of the two summary tables with fixed columns, `divergence_summary.csv` and
//! `findings_summary.csv`: one serde type per file, used both to write it (here) and to read it
//! back (`report::findings`), so the columns are named in one place. `summary.csv` has a column
//! per theorem, edge case and unsettled reason, listed by [`Summary::header`](super::Summary::header).

use serde::{Deserialize, Serialize};

/// One row of `divergence_summary.csv`: a (size, rule set, cause) against jpd-tangsong, with
/// `cause` = `any` for all causes together. The per-cause rows leave the board-margin and
/// unexplained columns empty (they are properties of the divergence, not of a cause).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DivergenceSummaryRow {
    /// The campaign's master seed (0 for an exhaustive run).
    pub master_seed: u64,
    /// Board size.
    pub size: u8,
    /// The rule set's id.
    pub rules: String,
    /// The cause's name, or `any`.
    pub cause: String,
    /// Games compared with jpd-tangsong.
    pub games_compared: u64,
    /// Games whose count diverges (with this cause).
    pub games_divergent: u64,
    /// Games whose winner differs (with this cause).
    pub games_winner_differs: u64,
    /// Games whose board margin differs (`any` rows only).
    pub games_board_margin_differs: Option<u64>,
    /// Divergences its causes do not account for (`any` rows only).
    pub games_unexplained: Option<u64>,
}

impl DivergenceSummaryRow {
    /// The column names, in order (written even when there is no row).
    pub const HEADER: [&'static str; 9] = [
        "master_seed",
        "size",
        "rules",
        "cause",
        "games_compared",
        "games_divergent",
        "games_winner_differs",
        "games_board_margin_differs",
        "games_unexplained",
    ];
}

/// One row of `findings_summary.csv`: a (size, policy, finding) with the settled games, those
/// the finding applies to, those where the reading matters, and where it changes the margin
/// and the winner.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FindingsSummaryRow {
    /// The campaign's master seed (0 for an exhaustive run).
    pub master_seed: u64,
    /// Board size.
    pub size: u8,
    /// The generator's policy.
    pub policy: String,
    /// The finding's id (`F1`...).
    pub finding: String,
    /// Settled games of the cell.
    pub settled_games: u64,
    /// Games the finding applies to.
    pub applies_games: u64,
    /// Games where the reading matters.
    pub matters_games: u64,
    /// Games where it changes the margin.
    pub margin_changes_games: u64,
    /// Games where it changes the winner.
    pub winner_changes_games: u64,
}

impl FindingsSummaryRow {
    /// The column names, in order (written even when there is no row).
    pub const HEADER: [&'static str; 9] = [
        "master_seed",
        "size",
        "policy",
        "finding",
        "settled_games",
        "applies_games",
        "matters_games",
        "margin_changes_games",
        "winner_changes_games",
    ];
}

/// A CSV writer of rows of one type: the header written first whatever the rows (serde writes
/// it only with the first row).
pub(crate) fn writer_with_header<W: std::io::Write>(
    out: W,
    header: &[&str],
) -> csv::Result<csv::Writer<W>> {
    let mut w = csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(out);
    w.write_record(header)?;
    Ok(w)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The header of each row type as serde names its fields, so `HEADER` cannot drift from
    /// the struct.
    fn serde_header<T: Serialize>(row: &T) -> Vec<String> {
        let mut w = csv::Writer::from_writer(Vec::new());
        w.serialize(row).unwrap();
        let bytes = w.into_inner().unwrap();
        let text = String::from_utf8(bytes).unwrap();
        text.lines()
            .next()
            .unwrap()
            .split(',')
            .map(str::to_string)
            .collect()
    }

    #[test]
    fn headers_are_the_field_names() {
        assert_eq!(
            serde_header(&DivergenceSummaryRow::default()),
            DivergenceSummaryRow::HEADER
        );
        assert_eq!(
            serde_header(&FindingsSummaryRow::default()),
            FindingsSummaryRow::HEADER
        );
    }

    /// A per-cause divergence row writes its two empty columns as empty cells, and reads back.
    #[test]
    fn a_cause_row_round_trips_with_empty_cells() {
        let row = DivergenceSummaryRow {
            master_seed: 7,
            size: 9,
            rules: "chinese".into(),
            cause: "seki_eye".into(),
            games_compared: 10,
            games_divergent: 2,
            games_winner_differs: 1,
            games_board_margin_differs: None,
            games_unexplained: None,
        };
        let mut w = writer_with_header(Vec::new(), &DivergenceSummaryRow::HEADER).unwrap();
        w.serialize(&row).unwrap();
        let bytes = w.into_inner().unwrap();
        assert!(bytes.ends_with(b"\n7,9,chinese,seki_eye,10,2,1,,\n"));
        let back: Vec<DivergenceSummaryRow> = csv::Reader::from_reader(&bytes[..])
            .deserialize()
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(back, vec![row]);
    }
}
