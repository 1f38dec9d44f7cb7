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
        let v = self.0;
        let sign = if v < 0 { "-" } else { "" };
        let a = v.unsigned_abs();
        let s = if a.is_multiple_of(2) {
            format!("{}{}", sign, a / 2)
        } else {
            format!("{}{}.5", sign, a / 2)
        };
        f.pad(&s)
    }
}

impl serde::Serialize for Half {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(self.as_f64())
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
