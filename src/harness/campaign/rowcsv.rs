//! The campaign's CSV rows, encoded straight into bytes.
//!
//! A campaign writes some five hundred fields per game, and through `csv::Writer` each field
//! costs a buffered, resumable write (made for any output and any field length) that took a
//! sixth of a 9x9 campaign's instructions. The rows are flat structs of integers, identifiers
//! and short texts going into a `Vec<u8>`, so this serde serializer appends each field at once,
//! quoting exactly as `csv::Writer` does with its defaults (`QuoteStyle::Necessary`, `,`, `"`
//! doubled, `\n` records): a field is quoted when it holds a comma, a quote, `\r` or `\n`. The
//! tests check the bytes against `csv::Writer`'s on every row type and on arbitrary texts; the
//! csv crate still writes the headers and reads everything back.

use serde::ser::{self, Impossible, Serialize};

/// Appends the rows of one CSV file (no header) to a byte buffer.
pub(super) struct RowEncoder {
    out: Vec<u8>,
}

impl RowEncoder {
    /// An encoder whose buffer starts with room for `capacity` bytes.
    pub(super) fn with_capacity(capacity: usize) -> RowEncoder {
        RowEncoder {
            out: Vec::with_capacity(capacity),
        }
    }

    /// Appends `row` (a struct of scalar fields) as one record.
    pub(super) fn row<T: Serialize>(&mut self, row: &T) -> Result<(), csv::Error> {
        let start = self.out.len();
        let mut ser = RowSer {
            out: &mut self.out,
            fields: 0,
        };
        row.serialize(&mut ser)?;
        if ser.fields == 1 && self.out.len() == start {
            // A record of one empty field, written so that it reads back as a record.
            self.out.extend_from_slice(b"\"\"");
        }
        self.out.push(b'\n');
        Ok(())
    }

    /// The bytes written.
    pub(super) fn into_bytes(self) -> Vec<u8> {
        self.out
    }
}

/// Whether `field` must be quoted: it holds the delimiter, the quote or a line break.
fn needs_quotes(field: &[u8]) -> bool {
    field
        .iter()
        .any(|&b| matches!(b, b',' | b'"' | b'\r' | b'\n'))
}

struct RowSer<'a> {
    out: &'a mut Vec<u8>,
    fields: usize,
}

impl RowSer<'_> {
    fn start_field(&mut self) {
        if self.fields > 0 {
            self.out.push(b',');
        }
        self.fields += 1;
    }

    /// A field that may need quoting.
    fn text(&mut self, field: &[u8]) {
        self.start_field();
        if !needs_quotes(field) {
            self.out.extend_from_slice(field);
            return;
        }
        self.out.push(b'"');
        for &b in field {
            if b == b'"' {
                self.out.push(b'"');
            }
            self.out.push(b);
        }
        self.out.push(b'"');
    }

    /// A field that never needs quoting (digits, a sign).
    fn plain(&mut self, field: &[u8]) {
        self.start_field();
        self.out.extend_from_slice(field);
    }

    fn integer<I: itoa::Integer>(&mut self, v: I) -> Result<(), csv::Error> {
        let mut buf = itoa::Buffer::new();
        self.plain(buf.format(v).as_bytes());
        Ok(())
    }
}

fn unsupported(what: &str) -> csv::Error {
    <csv::Error as ser::Error>::custom(format!(
        "a campaign row field cannot be {what}: only scalars, texts and options"
    ))
}

/// The serializer's methods for integers, each written with `itoa`.
macro_rules! integer_fields {
    ($($method:ident: $t:ty),*) => {
        $(fn $method(self, v: $t) -> Result<(), csv::Error> {
            self.integer(v)
        })*
    };
}

impl<'a> ser::Serializer for &mut RowSer<'a> {
    type Ok = ();
    type Error = csv::Error;
    type SerializeSeq = Impossible<(), csv::Error>;
    type SerializeTuple = Impossible<(), csv::Error>;
    type SerializeTupleStruct = Impossible<(), csv::Error>;
    type SerializeTupleVariant = Impossible<(), csv::Error>;
    type SerializeMap = Impossible<(), csv::Error>;
    type SerializeStruct = Self;
    type SerializeStructVariant = Impossible<(), csv::Error>;

    fn serialize_bool(self, v: bool) -> Result<(), csv::Error> {
        self.plain(if v { b"true" } else { b"false" });
        Ok(())
    }
    integer_fields!(
        serialize_i8: i8,
        serialize_i16: i16,
        serialize_i32: i32,
        serialize_i64: i64,
        serialize_u8: u8,
        serialize_u16: u16,
        serialize_u32: u32,
        serialize_u64: u64
    );
    fn serialize_f32(self, _: f32) -> Result<(), csv::Error> {
        Err(unsupported("a float (use Points)"))
    }
    fn serialize_f64(self, _: f64) -> Result<(), csv::Error> {
        Err(unsupported("a float (use Points)"))
    }
    fn serialize_char(self, v: char) -> Result<(), csv::Error> {
        self.text(v.encode_utf8(&mut [0; 4]).as_bytes());
        Ok(())
    }
    fn serialize_str(self, v: &str) -> Result<(), csv::Error> {
        self.text(v.as_bytes());
        Ok(())
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<(), csv::Error> {
        self.text(v);
        Ok(())
    }
    fn serialize_none(self) -> Result<(), csv::Error> {
        self.plain(b"");
        Ok(())
    }
    fn serialize_some<T: ?Sized + Serialize>(self, v: &T) -> Result<(), csv::Error> {
        v.serialize(self)
    }
    fn serialize_unit(self) -> Result<(), csv::Error> {
        self.plain(b"");
        Ok(())
    }
    fn serialize_unit_struct(self, name: &'static str) -> Result<(), csv::Error> {
        self.text(name.as_bytes());
        Ok(())
    }
    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
    ) -> Result<(), csv::Error> {
        self.text(variant.as_bytes());
        Ok(())
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        v: &T,
    ) -> Result<(), csv::Error> {
        v.serialize(self)
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        v: &T,
    ) -> Result<(), csv::Error> {
        v.serialize(self)
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, csv::Error> {
        Err(unsupported("a sequence"))
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, csv::Error> {
        Err(unsupported("a tuple"))
    }
    fn serialize_tuple_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleStruct, csv::Error> {
        Err(unsupported("a tuple struct"))
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, csv::Error> {
        Err(unsupported("a tuple variant"))
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, csv::Error> {
        Err(unsupported("a map"))
    }
    fn serialize_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStruct, csv::Error> {
        if self.fields > 0 {
            return Err(unsupported("a nested struct"));
        }
        Ok(self)
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, csv::Error> {
        Err(unsupported("a struct variant"))
    }
}

impl<'a> ser::SerializeStruct for &mut RowSer<'a> {
    type Ok = ();
    type Error = csv::Error;

    fn serialize_field<T: ?Sized + Serialize>(
        &mut self,
        _: &'static str,
        v: &T,
    ) -> Result<(), csv::Error> {
        v.serialize(&mut **self)
    }

    fn end(self) -> Result<(), csv::Error> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Half;
    use crate::harness::outcome::{DivergenceRow, FindingRow, RowKey, ViolationRow};
    use proptest::prelude::*;
    use std::borrow::Cow;

    /// What `csv::Writer` (the campaign's former encoder: defaults, no header) writes.
    fn by_csv<T: Serialize>(rows: &[T]) -> Vec<u8> {
        let mut w = csv::WriterBuilder::new()
            .has_headers(false)
            .from_writer(Vec::new());
        for r in rows {
            w.serialize(r).unwrap();
        }
        w.into_inner().unwrap()
    }

    fn by_encoder<T: Serialize>(rows: &[T]) -> Vec<u8> {
        let mut e = RowEncoder::with_capacity(0);
        for r in rows {
            e.row(r).unwrap();
        }
        e.into_bytes()
    }

    fn violation(detail: &str) -> ViolationRow {
        ViolationRow {
            key: RowKey {
                game: u64::MAX,
                seed: 12677757772785111287,
                size: 19,
                policy: Cow::Borrowed("seki"),
            },
            theorem: "T5".into(),
            detail: detail.into(),
        }
    }

    /// Texts that need quoting, and some that do not, as `csv::Writer` writes them.
    #[test]
    fn texts_are_quoted_as_the_csv_crate_quotes_them() {
        let texts = [
            "",
            "plain",
            "a, b",
            "say \"hi\"",
            "\"",
            "line\nbreak",
            "carriage\rreturn",
            "tab\there",
            "#comment",
            " spaced ",
            "unicode 黑白 ✓",
            "'single'",
        ];
        let rows: Vec<_> = texts.iter().map(|t| violation(t)).collect();
        assert_eq!(
            String::from_utf8(by_encoder(&rows)).unwrap(),
            String::from_utf8(by_csv(&rows)).unwrap()
        );
    }

    /// Every row type of the campaign, with options set and unset and negative points.
    #[test]
    fn every_row_type_encodes_as_the_csv_crate_encodes_it() {
        // `endgame` games: dame, dead stones and divergences, so every column is filled; some
        // finding details hold commas, so quoting is exercised on real rows too.
        let (mut commas, mut divergences, mut findings) = (false, 0, 0);
        let mut last = None;
        for index in 0..6 {
            let spec = crate::harness::generate::GameSpec {
                master_seed: 2008,
                index,
                size: 9,
                policy: crate::harness::generate::Policy::Endgame,
            };
            let o = crate::harness::outcome::run_game(&spec, &Default::default());
            let g = std::slice::from_ref(&o.game);
            assert_eq!(by_encoder(g), by_csv(g));
            assert!(!o.scores.is_empty());
            divergences += o.divergences.len();
            findings += o.findings.len();
            assert_eq!(by_encoder(&o.scores), by_csv(&o.scores));
            assert_eq!(by_encoder(&o.divergences), by_csv(&o.divergences));
            assert_eq!(by_encoder(&o.findings), by_csv(&o.findings));
            commas |= o.findings.iter().any(|f| f.detail.contains(','));
            last = Some(o);
        }
        assert!(commas, "no finding detail with a comma met");
        assert!(divergences > 0 && findings > 0, "{divergences} {findings}");
        let o = last.expect("six games");
        let mut game = o.game.clone();
        game.k = None;
        game.overflow_s = Some(-3);
        game.territory_black_points = Some(Half(-7).into());
        game.area_white_points = None;
        assert_eq!(by_encoder(&[game.clone()]), by_csv(&[game]));
        let d = DivergenceRow::default();
        let d = std::slice::from_ref(&d);
        assert_eq!(by_encoder(d), by_csv(d));
        let f = FindingRow {
            detail: "x, \"y\"".into(),
            ..FindingRow::default()
        };
        let f = std::slice::from_ref(&f);
        assert_eq!(by_encoder(f), by_csv(f));
    }

    /// A float has no place in a row (points are written as `Points`): an error, not a text.
    #[test]
    fn a_float_is_refused() {
        #[derive(serde::Serialize)]
        struct Bad {
            x: f64,
        }
        assert!(RowEncoder::with_capacity(0).row(&Bad { x: 0.5 }).is_err());
    }

    proptest! {
        /// Any text in a violation's detail reads back through the csv crate as written, and
        /// its bytes are the csv crate's.
        #[test]
        fn arbitrary_texts_match_the_csv_crate(detail in any::<String>(), theorem in "[ -~]{0,8}") {
            let mut v = violation(&detail);
            v.theorem = theorem;
            let ours = by_encoder(std::slice::from_ref(&v));
            prop_assert_eq!(&ours, &by_csv(std::slice::from_ref(&v)));
            let mut r = csv::ReaderBuilder::new().has_headers(false).from_reader(&ours[..]);
            let back: ViolationRow = r.deserialize().next().unwrap().unwrap();
            prop_assert_eq!(back, v);
        }
    }
}
