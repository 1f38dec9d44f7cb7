//! Exact scores in integer half-points.

use std::fmt;
use std::ops::{Add, AddAssign, Neg, Sub};

/// A score or komi in half-points: `Half(13)` is 6.5 points. All counting is exact integer
/// arithmetic; floating point appears only when printing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Half(pub i64);

impl Half {
    /// Zero.
    pub const ZERO: Half = Half(0);

    /// Whole points.
    pub const fn points(n: i64) -> Half {
        Half(2 * n)
    }

    /// The value in points, for printing.
    pub fn as_f64(self) -> f64 {
        self.0 as f64 / 2.0
    }

    /// Parses a decimal number of points that is a multiple of 0.5 (`"6.5"`, `"-3"`, `"7.50"`).
    pub fn parse_points(s: &str) -> Option<Half> {
        let s = s.trim();
        let (neg, body) = match s.strip_prefix('-') {
            Some(b) => (true, b),
            None => (false, s.strip_prefix('+').unwrap_or(s)),
        };
        let (int, frac) = match body.split_once('.') {
            Some((i, f)) => (i, f.trim_end_matches('0')),
            None => (body, ""),
        };
        if int.is_empty() && frac.is_empty() {
            return None;
        }
        let int: i64 = if int.is_empty() { 0 } else { int.parse().ok()? };
        let half = match frac {
            "" => 0,
            "5" => 1,
            _ => return None,
        };
        let v = int.checked_mul(2)?.checked_add(half)?;
        Some(Half(if neg { -v } else { v }))
    }
}

impl fmt::Display for Half {
    /// Prints `24`, `24.5`, `-0.5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut buf = [0u8; 24];
        let text = digits(self.0, false, &mut buf);
        if f.width().is_none() {
            return f.write_str(text);
        }
        f.pad(text)
    }
}

impl Half {
    /// Appends the text [`Display`](fmt::Display) prints (`24`, `24.5`, `-0.5`) to `out`,
    /// without the formatting machinery (every rule set's result is written so, per game).
    pub fn push_text(self, out: &mut String) {
        let mut buf = [0u8; 24];
        out.push_str(digits(self.0, false, &mut buf));
    }
}

/// The decimal text of `v` half-points at the end of `buf`: `24`, `24.5`, `-0.5`, or with
/// `point_zero` the text of an `f64` (`24.0`).
fn digits(v: i64, point_zero: bool, buf: &mut [u8; 24]) -> &str {
    if v == 0 {
        // Most cause columns of divergences.csv.
        return if point_zero { "0.0" } else { "0" };
    }
    let mut a = v.unsigned_abs();
    let mut i = buf.len();
    let half = !a.is_multiple_of(2);
    if half || point_zero {
        i -= 2;
        buf[i] = b'.';
        buf[i + 1] = if half { b'5' } else { b'0' };
    }
    a /= 2;
    loop {
        i -= 1;
        buf[i] = b'0' + (a % 10) as u8;
        a /= 10;
        if a == 0 {
            break;
        }
    }
    if v < 0 {
        i -= 1;
        buf[i] = b'-';
    }
    std::str::from_utf8(&buf[i..]).expect("ASCII digits")
}

impl serde::Serialize for Half {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(self.as_f64())
    }
}

/// A [`Half`] as a CSV field: the same text a `f64` field gets (`6.0`, `6.5`, `-0.5`), written
/// without floating-point formatting (a campaign writes some hundred of them per game).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Points(pub Half);

impl Points {
    /// The text, in `buf`: the integer part, a point, `0` or `5`.
    fn text(self, buf: &mut [u8; 24]) -> &str {
        digits(self.0 .0, true, buf)
    }
}

impl From<Half> for Points {
    fn from(h: Half) -> Points {
        Points(h)
    }
}

impl serde::Serialize for Points {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut buf = [0u8; 24];
        s.serialize_str(self.text(&mut buf))
    }
}

impl<'de> serde::Deserialize<'de> for Points {
    /// Reads the text [`Points`] writes (and any `f64` text on a half-point: `6`, `-0.5`).
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Points, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        Half::parse_points(&text)
            .map(Points)
            .ok_or_else(|| serde::de::Error::custom(format!("{text:?} is not a number of points")))
    }
}

impl Add for Half {
    type Output = Half;
    fn add(self, o: Half) -> Half {
        Half(self.0 + o.0)
    }
}

impl AddAssign for Half {
    fn add_assign(&mut self, o: Half) {
        self.0 += o.0;
    }
}

impl Sub for Half {
    type Output = Half;
    fn sub(self, o: Half) -> Half {
        Half(self.0 - o.0)
    }
}

impl Neg for Half {
    type Output = Half;
    fn neg(self) -> Half {
        Half(-self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `Points` must write what the `f64` field it replaced wrote: the CSV files and their
    /// golden copies do not change. Checked against the csv crate's own `f64` output.
    #[test]
    fn points_write_what_f64_wrote() {
        for v in -2001i64..=2001 {
            let mut a = csv::Writer::from_writer(vec![]);
            a.serialize((Half(v).as_f64(),)).unwrap();
            let mut b = csv::Writer::from_writer(vec![]);
            b.serialize((Points(Half(v)),)).unwrap();
            assert_eq!(
                a.into_inner().unwrap(),
                b.into_inner().unwrap(),
                "Half({v})"
            );
        }
        let mut b = csv::Writer::from_writer(vec![]);
        b.serialize((Points(Half(i64::MIN + 1)),)).unwrap();
        let out = String::from_utf8(b.into_inner().unwrap()).unwrap();
        assert_eq!(out.trim_end(), format!("-{}.5", (i64::MAX as u64) / 2));
    }

    #[test]
    fn display_pads_and_prints_halves() {
        assert_eq!(format!("{}", Half(-1)), "-0.5");
        assert_eq!(format!("{}", Half(48)), "24");
        assert_eq!(format!("{:>6}", Half(13)), "   6.5");
    }

    /// `push_text` writes what `Display` wrote before it shared its digits: the integer part
    /// as `{}` prints it, then `.5` for an odd count of half-points.
    #[test]
    fn push_text_is_the_display_text() {
        for v in (-2001i64..=2001).chain([i64::MIN + 1, i64::MAX]) {
            let sign = if v < 0 { "-" } else { "" };
            let a = v.unsigned_abs();
            let frac = if a % 2 == 1 { ".5" } else { "" };
            let expected = format!("{sign}{}{frac}", a / 2);
            let mut s = String::from("B+");
            Half(v).push_text(&mut s);
            assert_eq!(s, format!("B+{expected}"), "Half({v})");
            assert_eq!(Half(v).to_string(), expected, "Half({v})");
        }
    }

    #[test]
    fn parse_and_print() {
        assert_eq!(Half::parse_points("6.5"), Some(Half(13)));
        assert_eq!(Half::parse_points("7.50"), Some(Half(15)));
        assert_eq!(Half::parse_points("-0.5"), Some(Half(-1)));
        assert_eq!(Half::parse_points("0"), Some(Half(0)));
        assert_eq!(Half::parse_points("3.75"), None);
        assert_eq!(Half::parse_points("abc"), None);
        assert_eq!(Half(13).to_string(), "6.5");
        assert_eq!(Half(-1).to_string(), "-0.5");
        assert_eq!(Half(48).to_string(), "24");
    }
}
