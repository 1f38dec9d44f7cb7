//! `jpd rules`: every rule set with its komi, counting method, play rules and source, as text
//! or JSON. The values come from the presets themselves ([`RuleId::rules`]) and the one-line
//! source from the table of rule sets ([`RuleId::source`]; the long form is the documentation
//! of [`RuleId`] and docs/RULESETS.md).

use std::io::Write;

use serde::Serialize;

use crate::counting::Half;
use crate::rules::{RuleId, Tie};

/// One rule set as `jpd rules` lists it. The keys of its JSON form are stable.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct RuleSetInfo {
    /// The id, as `--rules` takes it.
    pub id: &'static str,
    /// Komi in points (compensation for moving second).
    pub komi: Half,
    /// Further komi when White made the first virtual move (0 for most).
    pub first_pass_komi: Half,
    /// The counting method, in snake case (`equal_stones_territory`, `plain_area`, ...).
    pub method: String,
    /// The ko rule (`positional_superko`, `simple_ko`, ...).
    pub ko: String,
    /// The suicide rule (`forbidden`, `multi_stone`, `allowed`).
    pub suicide: String,
    /// Who wins a zero margin: `draw` or `black`.
    pub tie: &'static str,
    /// Where the rule set comes from, in one line.
    pub source: &'static str,
}

/// `CamelCase(Inner)` as `camel_case(inner)`: the `Debug` form of a field enum in snake case.
fn snake(debug: String) -> String {
    let mut out = String::new();
    let mut prev_lower = false;
    for c in debug.chars() {
        if c.is_ascii_uppercase() {
            if prev_lower {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
            prev_lower = false;
        } else {
            out.push(c);
            prev_lower = c.is_ascii_lowercase() || c.is_ascii_digit();
        }
    }
    out
}

/// Every rule set, in report order.
pub fn rule_sets() -> Vec<RuleSetInfo> {
    RuleId::ALL
        .iter()
        .map(|&id| {
            let r = id.rules();
            RuleSetInfo {
                id: id.as_str(),
                komi: r.komi,
                first_pass_komi: r.first_pass_komi,
                method: snake(format!("{:?}", r.method)),
                ko: snake(format!("{:?}", r.play.ko)),
                suicide: snake(format!("{:?}", r.play.suicide)),
                tie: match r.tie {
                    Tie::Draw => "draw",
                    Tie::Black => "black",
                },
                source: id.source(),
            }
        })
        .collect()
}

/// Writes the list as an aligned text table.
pub fn write_text<W: Write>(mut out: W, sets: &[RuleSetInfo]) -> std::io::Result<()> {
    let head = ["id", "komi", "method", "ko", "suicide", "source"];
    let rows: Vec<[String; 6]> = sets
        .iter()
        .map(|s| {
            let komi = if s.first_pass_komi == Half::ZERO {
                s.komi.to_string()
            } else {
                format!("{}+{}", s.komi, s.first_pass_komi)
            };
            let tie = if s.tie == "black" {
                " (Black wins ties)"
            } else {
                ""
            };
            [
                s.id.to_string(),
                komi,
                s.method.clone(),
                s.ko.clone(),
                s.suicide.clone(),
                format!("{}{tie}", s.source),
            ]
        })
        .collect();
    let mut width = head.map(str::len);
    for r in &rows {
        for (w, c) in width.iter_mut().zip(r) {
            *w = (*w).max(c.len());
        }
    }
    let line = |cells: [&str; 6]| {
        let mut l = String::new();
        for (i, (c, w)) in cells.iter().zip(width).enumerate() {
            if i + 1 == cells.len() {
                l.push_str(c);
            } else {
                l.push_str(&format!("{c:w$}  "));
            }
        }
        l
    };
    writeln!(out, "{}", line(head))?;
    for r in &rows {
        writeln!(out, "{}", line(r.each_ref().map(|c| c.as_str())))?;
    }
    Ok(())
}

/// Writes the list as a JSON array.
pub fn write_json<W: Write>(mut out: W, sets: &[RuleSetInfo]) -> std::io::Result<()> {
    let text = serde_json::to_string_pretty(sets).map_err(std::io::Error::other)?;
    writeln!(out, "{text}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rule_set_is_listed_with_its_preset() {
        let sets = rule_sets();
        assert_eq!(sets.len(), RuleId::ALL.len());
        // jpd-tangsong: Art. 19(2) komi 6.5, equal-stones territory, Art. 9 positional superko,
        // Art. 7 no suicide.
        let t = &sets[0];
        assert_eq!(
            (
                t.id,
                t.komi,
                t.method.as_str(),
                t.ko.as_str(),
                t.suicide.as_str()
            ),
            (
                "jpd-tangsong",
                Half(13),
                "equal_stones_territory",
                "positional_superko",
                "forbidden"
            )
        );
        // Ing: komi 8, Black wins ties, multi-stone suicide.
        let ing = sets.iter().find(|s| s.id == "ing").unwrap();
        assert_eq!(
            (ing.komi, ing.tie, ing.suicide.as_str()),
            (Half(16), "black", "multi_stone")
        );
        assert_eq!(
            snake("JapaneseTerritory(Filled)".into()),
            "japanese_territory(filled)"
        );
        let mut text = Vec::new();
        write_text(&mut text, &sets).unwrap();
        let text = String::from_utf8(text).unwrap();
        assert_eq!(text.lines().count(), 1 + RuleId::ALL.len());
        assert!(text
            .lines()
            .any(|l| l.starts_with("ing ") && l.ends_with("(Black wins ties)")));
    }
}
