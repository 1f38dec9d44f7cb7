//! `jpd rules`: every rule set with its komi, counting method, play rules and source, as text
//! or JSON. The values come from the presets themselves ([`RuleId::rules`]); only the one-line
//! source is written here (the long form is the documentation of [`RuleId`] and
//! docs/RULESETS.md).

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

/// The one-line source of a rule set.
pub fn source(id: RuleId) -> &'static str {
    match id {
        RuleId::JpdTangsong => "Ji-Ping-Dian Tang-Song 2008, territory method (equal stones, compare territory; Art. 17, 19)",
        RuleId::JpdTangsongArea => "Ji-Ping-Dian Tang-Song 2008, area method (Art. 20)",
        RuleId::JpdTangsongB1 => "Tang-Song territory method under the Art. 11 balancing reading (ambiguity B1)",
        RuleId::JpdTangsongC1 => "Tang-Song territory method under the strict reading of Art. 10 (ambiguity C1: one-sided dame)",
        RuleId::JpdA => "Ji-Ping-Dian edition A: area, komi 7.5 if White passed first, else 6.5",
        RuleId::JpdB => "Ji-Ping-Dian edition B: area, komi 7.5 whoever passed first",
        RuleId::JpdMingqing => "Ji-Ping-Dian Ming-Qing: Tang-Song without the Art. 12 point",
        RuleId::JpdArt => "Ji-Ping-Dian art edition: free stoneless passes, owned empty points decide",
        RuleId::JpdArtStones => "Ji-Ping-Dian art edition, equal territory, compare stones",
        RuleId::Chinese => "Chinese rules 2002: area, komi 3 3/4 stones, positional superko",
        RuleId::ChineseSimpleKo => "Chinese rules with the referees' simple ko (a long cycle is no result)",
        RuleId::Japanese => "Japanese rules 1989 as practised: territory and prisoners, no points in seki",
        RuleId::Korean => "Korean rules: as Japanese where the sources agree",
        RuleId::JapaneseLiteral => "Japanese rules 1989, Art. 8 read literally on the board as it stands",
        RuleId::Ing => "Ing SST rules: fill-up counting from bowls, komi 8, Black wins ties",
        RuleId::Aga => "AGA rules, territory counting with pass stones",
        RuleId::AgaArea => "AGA rules, area counting",
        RuleId::Ikeda => "Ikeda's Area III: area, half a point to White when White passed first",
        RuleId::Wmsg2008 => "World Mind Sports Games 2008: area, komi 6.5 plus 1 when White passed first",
        RuleId::TangRoads => "Tang-dynasty road counting: owned empty points after the fill-back",
        RuleId::TrompTaylor => "Tromp-Taylor: the board scored as it stands, komi 7.5",
        RuleId::NewZealand => "New Zealand rules: area, a region touching both colours counts for nobody",
    }
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
                source: source(id),
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
