//! The ids of the invariants (`T1`-`T17`) and of the findings (`F1`-`F11`) as types, each
//! declared once with its text: an id's variant, its name (the variant's own), its row in
//! [`THEOREMS`] or [`FINDINGS`] (the variant's position: [`TheoremId::index`]) and its statement
//! or question. The reports count verdicts by that index and write the span of the ids
//! ([`TheoremId::span`]: `T1-T17`) from the enum, so adding an id is one line here (and its
//! check: HACKING.md, "How to add").

use std::fmt;
use std::str::FromStr;

/// One id enum with its table: the enum, `ALL` in order, the names (`$names`) and texts
/// (`$texts`) as arrays in the same order, `as_str`, `index`, `text`, `span`, `Display`,
/// `FromStr`, `Serialize` as the name, and comparison with a name.
macro_rules! id_table {
    (
        $(#[$doc:meta])* $name:ident, $names:ident, $texts:ident,
        { $($v:ident => $text:literal),+ $(,)? }
    ) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum $name {
            $(
                #[allow(missing_docs)]
                $v,
            )+
        }

        /// The ids as written (`T10`, `F2`), in order: a row's id is its index.
        pub const $names: [&str; [$(stringify!($v)),+].len()] = [$(stringify!($v)),+];

        #[doc = concat!("Each id's text, in [`", stringify!($names), "`] order.")]
        pub const $texts: [&str; $names.len()] = [$($text),+];

        impl $name {
            /// Every id, in order.
            pub const ALL: [$name; $names.len()] = [$($name::$v),+];

            /// The id as written (`T10`, `F2`).
            pub fn as_str(self) -> &'static str {
                $names[self.index()]
            }

            /// The id's row in its table, and its place in every array counted by id.
            pub const fn index(self) -> usize {
                self as usize
            }

            /// Its statement (an invariant) or question (a finding).
            pub fn text(self) -> &'static str {
                $texts[self.index()]
            }

            /// The span of the ids as the reports write it: the first and the last (`T1-T17`).
            pub fn span() -> String {
                format!("{}-{}", $names[0], $names[$names.len() - 1])
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

id_table!(
    /// An invariant (a theorem of the rules as this project reads them; a failure is a bug of
    /// the harness): `T1` to `T17`, docs/RULES.md section 8 (T12-T17 are the agreements issue 4
    /// demands between rule sets).
    TheoremId, THEOREMS, STATEMENTS, {
        T1 => "after balancing moves(B) = moves(W) = k; after the fill-back each side has k (k - s) stones",
        T2 => "B = b + k + q/2 and W = w + k + q/2 (with k - s under overflow)",
        T3 => "b = B - k - q/2",
        T4 => "B + W = N², every point classified once",
        T5 => "fill-up count = area count for both sides, and the counts add up to N²",
        T6 => "territory and area give the same winner and margin",
        T7 => "stones on board + prisoners + dead + virtual - negative = moves, per side",
        T8 => "the result is unchanged under the board's symmetries (a campaign game replays one of the 7 others, chosen by its position; `jpd score` and `jpd exhaust` all 7)",
        T9 => "no whole-board arrangement recurs after a real move",
        T10 => "no pass-alive stone is dead; every pass-alive region of X is X's",
        T11 => "under the decree, every legal choice of the negative-move stone gives the same result",
        T12 => "jpd-a = jpd-tangsong (winner and margin)",
        T13 => "wmsg-2008 = jpd-tangsong on the winner",
        T14 => "AGA territory = AGA area (winner and margin)",
        T15 => "Ing's bowls read area margin - 8, Black winning ties",
        T16 => "Ikeda Area III = Territory I",
        T17 => "every divergence from jpd-tangsong is accounted for by named causes",
    }
);

id_table!(
    /// A finding (a question the rule text leaves open, or a testable claim of the seeds): `F1`
    /// to `F11`.
    FindingId, FINDINGS, QUESTIONS, {
        F1 => "fill-up stability: no choice of basic eye points leaves every group alive and no string capturable at once",
        F2 => "the negative-move stone taken off physically: the result depends on which qualifying stone is chosen",
        F3 => "the literal formula B = b + k + q/2 of Art. 19(3) under the Art. 17 overflow",
        F4 => "the one-sided dame when the pause came the other way (reading C1)",
        F5 => "the one-move criterion (capturable at once) labels a point differently from the seki search",
        F6 => "the Art. 11 balancing reading (B1) against Art. 14",
        F7 => "Art. 17 made physical: placing the fill-back stones needs a side to fill its own last eyes (its basic eye points)",
        F8 => "Wang Yuan's parity rule: an odd Japanese board margin means White filled the last dame (the numbers of real moves differ by an even number)",
        F9 => "Part 1 item 12's note on a normal ending without seki: the Japanese board margin equals jpd-tangsong's",
        F10 => "Art. 10's note: the holder of a one-sided dame or an unfilled ko who fills it directly, instead of passing first, loses 1 point under jpd-tangsong",
        F11 => "Part 1 item 10: play resumed after the pause inside one's own territory costs nothing under jpd-tangsong (Japanese counting charges a point)",
    }
);

impl FindingId {
    /// Whether the finding tests a claim of the seeds that a game can refute (F7-F11), rather
    /// than a reading the text leaves open (F1-F6): where it "matters", the claim fails.
    pub fn is_claim(self) -> bool {
        self >= FindingId::F7
    }
}

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
        for (i, id) in TheoremId::ALL.into_iter().enumerate() {
            assert_eq!(
                (id.index(), THEOREMS[i], id.text()),
                (i, id.as_str(), STATEMENTS[i])
            );
        }
        for (i, id) in FindingId::ALL.into_iter().enumerate() {
            assert_eq!(
                (id.index(), FINDINGS[i], id.text()),
                (i, id.as_str(), QUESTIONS[i])
            );
        }
        assert_eq!(
            (TheoremId::span(), FindingId::span()),
            ("T1-T17".into(), "F1-F11".into())
        );
        assert!(FINDINGS.iter().all(|f| !THEOREMS.contains(f)));
        assert!("T18".parse::<TheoremId>().is_err());
        assert!("F1".parse::<TheoremId>().is_err());
    }
}
