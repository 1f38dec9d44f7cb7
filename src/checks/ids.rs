//! The ids of the invariants (`T1`-`T17`) and of the findings (`F1`-`F6`) as types: each id
//! names a row of [`THEOREMS`] or [`FINDINGS`], which hold the text written to the CSV files.

use std::fmt;
use std::str::FromStr;

use super::findings::FINDINGS;
use super::THEOREMS;

/// One id enum over a table of its texts: `ALL` in table order, `as_str`, `Display`,
/// `FromStr`, `Serialize` as the text, and comparison with a text.
macro_rules! id_enum {
    ($(#[$doc:meta])* $name:ident, $table:ident, [$($v:ident),+ $(,)?]) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum $name {
            $(
                #[allow(missing_docs)]
                $v,
            )+
        }

        impl $name {
            /// Every id, in the table's order.
            pub const ALL: [$name; $table.len()] = [$($name::$v),+];

            /// The id as written (`T10`, `F2`).
            pub fn as_str(self) -> &'static str {
                $table[self as usize]
            }

            /// The id's row in its table.
            pub fn index(self) -> usize {
                self as usize
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl FromStr for $name {
            type Err = String;
            fn from_str(s: &str) -> Result<Self, String> {
                $name::ALL
                    .iter()
                    .copied()
                    .find(|id| id.as_str() == s)
                    .ok_or_else(|| format!("unknown {} id {s:?}", stringify!($name)))
            }
        }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.as_str())
            }
        }

        impl PartialEq<&str> for $name {
            fn eq(&self, other: &&str) -> bool {
                self.as_str() == *other
            }
        }
    };
}

id_enum!(
    /// An invariant (a theorem of the rules as this project reads them; a failure is a bug of
    /// the harness): `T1` to `T17`, docs/RULES.md section 8.
    TheoremId,
    THEOREMS,
    [T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16, T17]
);

id_enum!(
    /// A finding (a question the rule text leaves open): `F1` to `F6`.
    FindingId,
    FINDINGS,
    [F1, F2, F3, F4, F5, F6]
);

#[cfg(test)]
mod tests {
    use super::*;

    /// Each variant's text is its own name, so the tables and the enums cannot drift apart.
    #[test]
    fn ids_name_their_rows() {
        for id in TheoremId::ALL {
            assert_eq!(id.as_str(), format!("{id:?}"));
            assert_eq!(id.as_str().parse::<TheoremId>(), Ok(id));
        }
        for id in FindingId::ALL {
            assert_eq!(id.as_str(), format!("{id:?}"));
            assert_eq!(id.as_str().parse::<FindingId>(), Ok(id));
        }
        assert!("T18".parse::<TheoremId>().is_err());
        assert!("F1".parse::<TheoremId>().is_err());
    }
}
