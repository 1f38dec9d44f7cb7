//! The identifiers of the rule sets read and written: parsing a name (the id or one of its
//! aliases, as the table in `rules/table.rs` gives them), `Display` and `Serialize`.

use std::fmt;
use std::str::FromStr;

use super::{RuleId, Rules};

impl RuleId {
    /// The preset.
    pub fn rules(self) -> Rules {
        Rules::preset(self)
    }
}

impl serde::Serialize for RuleId {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl PartialEq<&str> for RuleId {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl fmt::Display for RuleId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for RuleId {
    type Err = String;
    /// Accepts the ids and, case-insensitively, the rule names found in SGF `RU[]` (spaces,
    /// dashes and underscores are ignored: `Tromp Taylor`, `tromp_taylor`, `TrompTaylor`).
    fn from_str(s: &str) -> Result<Self, String> {
        let k = normalize(s);
        RuleId::ALL
            .into_iter()
            .find(|id| normalize(id.as_str()) == k || id.aliases().contains(&k.as_str()))
            .ok_or_else(|| {
                format!(
                    "unknown rule set '{s}': expected one of {}",
                    RuleId::ALL.map(|r| r.as_str()).join(", ")
                )
            })
    }
}

impl RuleId {
    /// A list of rule sets as `--rules` takes it: comma-separated names ([`RuleId::from_str`]),
    /// or `all` (any case) for every rule set in the table's order.
    pub fn parse_list(s: &str) -> Result<Vec<RuleId>, String> {
        if s.eq_ignore_ascii_case("all") {
            return Ok(RuleId::ALL.to_vec());
        }
        s.split(',').map(str::parse).collect()
    }
}

/// A rule set's name as [`RuleId::from_str`] compares it: trimmed, lowercase, without spaces,
/// dashes, underscores and dots.
fn normalize(s: &str) -> String {
    s.trim()
        .chars()
        .filter(|c| !matches!(c, ' ' | '-' | '_' | '.'))
        .flat_map(|c| c.to_lowercase())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every name of the table reads back as its own rule set: the aliases are written in the
    /// compared form, and no id or alias is shared by two rule sets (the first would win).
    #[test]
    fn every_name_reads_as_its_rule_set() {
        let mut seen = std::collections::HashMap::new();
        for id in RuleId::ALL {
            for &a in id.aliases() {
                assert_eq!(normalize(a), a, "{id}: alias {a:?} is not in compared form");
                assert_eq!(a.parse::<RuleId>(), Ok(id));
            }
            for k in id.aliases().iter().copied().chain([id.as_str()]) {
                if let Some(other) = seen.insert(normalize(k), id) {
                    panic!("{k:?} names both {other} and {id}");
                }
            }
        }
        // RU values as records write them.
        for (ru, id) in [
            ("Japanese", RuleId::Japanese),
            ("Tromp Taylor", RuleId::TrompTaylor),
            ("tromp_taylor", RuleId::TrompTaylor),
            (" NZ ", RuleId::NewZealand),
            ("Ji-Ping-Dian", RuleId::JpdTangsong),
            ("Chinese.2002", RuleId::Chinese),
        ] {
            assert_eq!(ru.parse::<RuleId>(), Ok(id), "{ru}");
        }
        assert_eq!(
            "go".parse::<RuleId>(),
            Err(format!(
                "unknown rule set 'go': expected one of {}",
                RuleId::ALL.map(|r| r.as_str()).join(", ")
            ))
        );
    }
}
