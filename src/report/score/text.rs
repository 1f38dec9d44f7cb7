//! The text report of `jpd score` for people: the position, where the dead stones came from, the
//! classification map, the counts, invariants, findings and one line per rule set's result.

use std::fmt::Write as _;
use std::io::Write;

use super::grid::class_char;
use super::json::{is_count, DeadCountJson, FileReport, ReVerdict, VerdictJson};
use crate::checks::{Analysis, Verdict};
use crate::counting::Finished;
use crate::counting::{Count, FillUp};
use crate::counting::{Half, Stability};
use crate::engine::{Board, Color, PerSide, Point};
use crate::report::style::{paint, paint_range, Style};
use crate::sgf::{escape_controls, SgfRecord};

/// The line saying where the dead stones came from; `None` when the game was not paused.
pub(super) fn dead_line(r: &FileReport) -> Option<String> {
    let d = &r.dead;
    let list = |v: &[String]| {
        if v.is_empty() {
            "none".to_string()
        } else {
            v.join(" ")
        }
    };
    let line = match d.source.as_str() {
        "none" => return None,
        "record" => format!(
            "dead stones: from the record's marks (TB/TW, or AE at the end); of them not proven by the referee: {}",
            list(&d.estimated)
        ),
        "proven" => format!(
            "dead stones: the referee's proof only; unproven stones left on the board as alive: {}",
            list(&d.unproven_alive)
        ),
        "estimate" => format!(
            "dead stones: the referee's proof, then {} random playouts for the strings it cannot prove; estimated dead: {}; estimated alive: {}",
            d.playouts,
            list(&d.estimated),
            list(&d.unproven_alive)
        ),
        _ => format!(
            "dead stones: GNU Go's final_status_list dead; of them not proven by the referee: {}",
            list(&d.estimated)
        ),
    };
    Some(line)
}

/// The text report of one record. First the verdict, one line per rule set (its result, the
/// komi and where it came from, the dead stones counted, how it stands against `RE`), then the
/// board (the class of every point, or the final position when there is no count), the
/// referee's judgement, where the dead stones came from, what the record says and the notes.
/// `verbose` adds the final position, the first passer and last mover, the counts, the
/// invariants, the findings and the table of results.
pub(super) fn render_text(
    r: &FileReport,
    f: &Finished,
    a: &Analysis,
    rec: &SgfRecord,
    verbose: bool,
) -> String {
    let mut s = String::new();
    let b: &Board = f.game.board();
    let game = match (r.game, r.games_in_file) {
        (Some(i), Some(n)) => format!(", game {i} of {n}"),
        _ => String::new(),
    };
    let _ = writeln!(
        s,
        "== {}{game} ({}x{}, ended by {})",
        escape_controls(&r.file),
        r.size,
        r.size,
        r.end
    );
    write_verdict(&mut s, r);
    match &a.count {
        Ok(c) => write_classification(&mut s, c, b),
        Err(_) => write_position(&mut s, b),
    }
    write_about(&mut s, r, rec);
    if let Err(e) = &a.count {
        let _ = writeln!(s, "no count: {}", e);
    }
    if !verbose {
        return s;
    }
    if a.count.is_ok() {
        write_position(&mut s, b);
    }
    let name = |c: Option<Color>| c.map(|c| c.name()).unwrap_or("none");
    let _ = writeln!(
        s,
        "first passer: {}   last mover: {}",
        name(r.first_passer),
        name(r.last_mover)
    );
    if let Ok(c) = &a.count {
        write_counts(&mut s, r, c, a.fill_up.as_ref());
    }
    write_checks(&mut s, a);
    write_results(&mut s, r);
    s
}

/// One line per rule set: `japanese  W+2.5  komi 5.5 (record)  dead stones: 7 (5 proven, 2
/// estimated)  RE W+2.5 agrees` (or `disagrees (winner)`, `disagrees (margin by 1)`, `no RE`,
/// `RE B+R: not a count`, `RE W+3.5: no count to compare`).
fn write_verdict(s: &mut String, r: &FileReport) {
    for line in verdict_lines(r, true) {
        let _ = writeln!(s, "{line}");
    }
}

/// The verdict lines of [`write_verdict`]; `align` pads the rule set and result columns (for
/// a fixed-width terminal, not for a picture's caption).
pub(crate) fn verdict_lines(r: &FileReport, align: bool) -> Vec<String> {
    let width = if align {
        r.verdict.iter().map(|v| v.rules.len()).max().unwrap_or(0)
    } else {
        0
    };
    let rwidth = if align {
        r.verdict.iter().map(|v| v.result.len()).max().unwrap_or(0)
    } else {
        0
    };
    let mut out = Vec::new();
    for (v, agr) in r.verdict.iter().zip(&r.re_agreement) {
        let mut line = format!(
            "{:<width$}  {:<rwidth$}  komi {} ({})",
            v.rules,
            v.result,
            v.komi,
            v.komi_source.as_str()
        );
        if v.komi_in_force != v.komi {
            let _ = write!(line, ", {} in force", v.komi_in_force);
        }
        if let Some(d) = &v.dead_stones {
            let _ = write!(line, "  dead stones: {}", dead_count_text(d));
        }
        let re = v.re.as_deref().map(escape_controls);
        let _ = match (&re, v.re_verdict) {
            (Some(re), ReVerdict::Agrees) => write!(line, "  RE {re} agrees"),
            (Some(re), ReVerdict::Disagrees) => match (agr.re_agrees, agr.re_margin_diff) {
                (Some(true), Some(d)) => {
                    let by = if d.0 < 0 { Half(-d.0) } else { d };
                    write!(line, "  RE {re} disagrees (margin by {by})")
                }
                _ => write!(line, "  RE {re} disagrees (winner)"),
            },
            (Some(re), _) => write!(line, "  RE {re}: {}", v.re_verdict.as_str()),
            (None, _) => write!(line, "  {}", v.re_verdict.as_str()),
        };
        out.push(line.trim_end().to_string());
    }
    out
}

/// `7 (5 proven, 2 estimated)`, or `none`.
fn dead_count_text(d: &DeadCountJson) -> String {
    if d.counted == 0 {
        return "none".into();
    }
    let unproven = match d.source.as_str() {
        "estimate" => "estimated",
        "record" => "marked in the record",
        "gnugo" => "GNU Go's",
        _ => "unproven",
    };
    let mut parts = Vec::new();
    if d.proven > 0 {
        parts.push(format!("{} proven", d.proven));
    }
    if d.unproven > 0 {
        parts.push(format!("{} {unproven}", d.unproven));
    }
    format!("{} ({})", d.counted, parts.join(", "))
}

/// The final position.
fn write_position(s: &mut String, b: &Board) {
    let _ = writeln!(s, "final position:");
    let _ = write!(s, "{}", b);
}

/// The referee's judgement, where the dead stones came from, the record's own `RU`/`KM`/`RE`,
/// and the notes.
fn write_about(s: &mut String, r: &FileReport, rec: &SgfRecord) {
    if let Some(j) = &r.referee {
        let dead = if j.proven_dead.is_empty() {
            "none".to_string()
        } else {
            j.proven_dead.join(" ")
        };
        let how = if j.settled_by_solver {
            " (by the safety solver's proofs)"
        } else {
            ""
        };
        match (&j.unsettled_reason, j.unproven_strings) {
            (None, _) => {
                let _ = writeln!(s, "referee: settled{how}; proven dead stones: {dead}");
            }
            (Some(why), 0) => {
                let _ = writeln!(
                    s,
                    "referee: NOT settled ({why}): every string's status is proven, but not who owns every empty point; proven dead stones: {dead}"
                );
            }
            (Some(why), n) => {
                let strings = if n == 1 { "string" } else { "strings" };
                let _ = writeln!(
                    s,
                    "referee: NOT settled ({why}): the status of {n} {strings} is not proven; proven dead stones: {dead}"
                );
            }
        }
    }
    if let Some(line) = dead_line(r) {
        let _ = writeln!(s, "{line}");
    }
    let own: Vec<String> = [
        ("RU", r.sgf_rules.as_deref()),
        ("KM", rec.komi_raw.as_deref()),
        ("RE", r.sgf_result.as_deref()),
    ]
    .iter()
    .filter_map(|(id, v)| v.map(|v| format!("{id}[{}]", escape_controls(v))))
    .collect();
    if !own.is_empty() {
        let _ = writeln!(s, "the record says: {}", own.join(" "));
    }
    for n in &r.notes {
        let _ = writeln!(s, "note: {}", escape_controls(n));
    }
}

/// The class of every point of the paused position as a map, then the points whose class has a
/// reason worth naming (seki eyes, ko points, dame...), grouped by reason.
fn write_classification(s: &mut String, c: &Count, b: &Board) {
    let st = &c.settlement_paused;
    let dead: Vec<Point> = st.dead_points().to_vec();
    let _ = writeln!(
        s,
        "classification (X O stones, x o dead, b w territory, ^ v one-sided dame of Black/White, = shared liberty, * dame left, - other shared):"
    );
    for y in 0..b.size() {
        let _ = write!(s, "{:>3}", b.size() - y);
        for x in 0..b.size() {
            let p = b.point(crate::engine::Coord::new(x, y));
            let d = if dead.contains(&p) { b.stone(p) } else { None };
            let _ = write!(s, " {}", class_char(st.class(p), d));
        }
        let _ = writeln!(s);
    }
    // Points with a reason worth naming.
    let mut reasons: std::collections::BTreeMap<&str, Vec<String>> = Default::default();
    for p in b.points() {
        let cl = st.class(p);
        let why = cl.reason();
        if !matches!(why, "stone" | "territory") {
            reasons
                .entry(why)
                .or_default()
                .push(b.coord(p).to_human(b.size()));
        }
    }
    for (why, pts) in reasons {
        let _ = writeln!(s, "  {}: {}", why, pts.join(" "));
    }
    // The points of territory a Japanese count takes away as forced teire.
    let unscored = crate::rules::japanese_unscored(st, crate::rules::DameReading::Filled);
    let teire: Vec<String> = b
        .points()
        .filter(|p| unscored[p.idx()] == Some(crate::rules::Unscored::Teire))
        .map(|p| {
            let who = match st.class(p) {
                crate::settlement::PointClass::Territory(c, _) => c.name(),
                _ => "?",
            };
            format!("{} ({who})", b.coord(p).to_human(b.size()))
        })
        .collect();
    if !teire.is_empty() {
        let _ = writeln!(
            s,
            "  forced teire (no territory under japanese, korean): {}",
            teire.join(" ")
        );
    }
}

/// The tally of the paused position, the balancing, the areas against the return number, the
/// territory count and the fill-up check.
fn write_counts(s: &mut String, r: &FileReport, c: &Count, fill_up: Option<&FillUp>) {
    let t = &c.tally_paused;
    let _ = writeln!(
        s,
        "stones B={} W={}  owned empty B={} W={}  shared q0={}  dead B={} W={}  prisoners B={} W={}",
        t.stones.black, t.stones.white, t.owned_empty.black, t.owned_empty.white, t.shared,
        c.dead.black, c.dead.white, c.captured.black, c.captured.white
    );
    let _ = writeln!(
        s,
        "moves at the pause B={} W={}; balancing {}: {}{}",
        c.moves_paused.black,
        c.moves_paused.white,
        c.balancing,
        if r.negative_moves.is_empty() && c.plan.extra_virtual == PerSide::default() {
            "nothing".to_string()
        } else {
            let mut parts: Vec<String> = r
                .negative_moves
                .iter()
                .map(|n| format!("negative move type {} at {}", n.kind, n.point))
                .collect();
            if c.plan.extra_virtual.black > 0 {
                parts.push(format!(
                    "{} black virtual move(s)",
                    c.plan.extra_virtual.black
                ));
            }
            if c.plan.extra_virtual.white > 0 {
                parts.push(format!(
                    "{} white virtual move(s)",
                    c.plan.extra_virtual.white
                ));
            }
            parts.join(", ")
        },
        r.balancing_fallback
            .as_ref()
            .map(|f| format!(" (fallback: {f})"))
            .unwrap_or_default()
    );
    let _ = writeln!(
        s,
        "area: paused B0={} W0={}; balanced B={} W={}  (k={}, q={}); return number {}: Black's B{} {} it",
        c.area_paused.black,
        c.area_paused.white,
        c.area.black,
        c.area.white,
        c.k(),
        c.shared,
        r.return_number,
        if c.compensation == Half::ZERO { "" } else { " less half the compensation" },
        // B - W - comp > 6.5 iff B - comp/2 > (N² + 6.5)/2, since B + W = N².
        if c.area.black.as_f64() - c.compensation.as_f64() / 2.0 > r.return_number {
            "exceeds"
        } else {
            "does not exceed"
        }
    );
    let _ = writeln!(
        s,
        "territory (equal stones): T B={} W={}, fill-back B={} W={}, overflow s={} -> b={} w={}",
        c.owned.black,
        c.owned.white,
        c.fill_back.black,
        c.fill_back.white,
        c.s,
        c.territory.black,
        c.territory.white
    );
    if let Some(fu) = fill_up {
        let _ = writeln!(
            s,
            "fill-up: B={} W={} (basic eye points B={} W={}), {}",
            fu.count.black,
            fu.count.white,
            fu.basic_eyes.black,
            fu.basic_eyes.white,
            match fu.stability {
                Stability::Stable => "stable",
                Stability::Unstable => "NOT stable",
                Stability::Unknown => "stability unknown",
            }
        );
    }
}

/// The invariants and the findings, one line each with its verdict.
fn write_checks(s: &mut String, a: &Analysis) {
    let _ = writeln!(s, "invariants (a failure is a bug of the harness):");
    for t in &a.theorems {
        let v = match t.verdict {
            Verdict::Holds => "holds",
            Verdict::Fails => "FAILS",
            Verdict::NotApplicable => "n/a",
        };
        let _ = writeln!(s, "  {:<4} {:<6} {}", t.id.to_string(), v, t.detail);
    }
    let _ = writeln!(
        s,
        "findings (where the text leaves room, and claims a game can refute):"
    );
    for f in &a.findings {
        let v = match f.holds() {
            None => "n/a",
            Some(true) if f.id.is_claim() => "claim holds",
            Some(false) if f.id.is_claim() => "CLAIM FAILS",
            Some(true) => "no difference",
            Some(false) if f.winner_changes => "MATTERS (winner)",
            Some(false) if f.margin_changes => "MATTERS (margin)",
            Some(false) => "MATTERS",
        };
        let _ = writeln!(s, "  {:<4} {:<16} {}", f.id.to_string(), v, f.detail);
    }
}

/// One line per rule set's result, with its agreement with `RE`.
fn write_results(s: &mut String, r: &FileReport) {
    let _ = writeln!(s, "results:");
    for (res, agr) in r.results.iter().zip(&r.re_agreement) {
        // Against RE, where it names a result: `RE agrees`, `RE differs (winner)`, and the
        // margin difference where both are counts.
        let against = match agr.re_agrees {
            None => String::new(),
            Some(ok) => format!(
                "  RE {}{}",
                if ok { "agrees" } else { "DIFFERS (winner)" },
                agr.re_margin_diff
                    .map(|d| format!(", margin {}{}", if d.0 > 0 { "+" } else { "" }, d))
                    .unwrap_or_default()
            ),
        };
        // A count that does not exist (a resignation, no result) is `-`, never 0.
        let n = |h: Half| {
            if is_count(res) {
                h.to_string()
            } else {
                "-".to_string()
            }
        };
        let _ = writeln!(
            s,
            "  {:<18} komi {:>5}  black {:>6}  white {:>6}  margin {:>6}  {}{}",
            res.rules.as_str(),
            res.komi,
            n(res.black),
            n(res.white),
            n(res.margin),
            res.result,
            against
        );
    }
}

/// What the referee proved, string by string, and why the position is not settled, for
/// `jpd score --explain`: the lines that follow the report of `r`.
pub fn explain_text(r: &FileReport) -> String {
    let mut s = String::new();
    let Some(j) = &r.referee else {
        let _ = writeln!(
            s,
            "explain: the game ended by {}: no dead stones to prove (nothing is removed)",
            r.end
        );
        return s;
    };
    let _ = writeln!(
        s,
        "explain: the referee's proof, string by string (benson: pass-alive, or inside the \
         opponent's pass-alive area; too_small_for_two_eyes; unfilled_ko; area_search: the \
         capture-counting search of an area between pass-alive walls; safety_static, \
         safety_search: the safety solver; docs/RULES.md 5.1):"
    );
    for st in &j.strings {
        let stones = if st.stones.len() > 8 {
            format!(
                "{} ... {} ({} stones)",
                st.stones[..4].join(" "),
                st.stones[st.stones.len() - 2..].join(" "),
                st.stones.len()
            )
        } else {
            st.stones.join(" ")
        };
        let how = st.proof.as_deref().unwrap_or("not proven");
        let _ = writeln!(
            s,
            "  {:<7} {:<5} {:<22} {}",
            st.status, st.colour, how, stones
        );
    }
    match &j.unsettled_reason {
        None if j.settled_by_solver => {
            let _ = writeln!(
                s,
                "  settled: every stone of the open areas proven by the safety solver, and no \
                 empty area with room for a new group (docs/RULES.md 5.1 item 8)"
            );
        }
        None => {
            let _ = writeln!(s, "  settled: every string proven, every empty area owned");
        }
        Some(why) => {
            let what = match why.as_str() {
                "open_area" => "an area with room for a new living group (an empty point touching no stone, or more empty points than the search takes)",
                "enclosed_group" => "a group enclosed by pass-alive walls with room that might make two eyes",
                "capturable" => "one side can capture stones at a profit: a capturing race or a group still to be taken",
                "ko" => "a ko inside an area decides it",
                _ => "a search ran out of its node budget or depth",
            };
            let _ = writeln!(s, "  not settled ({why}): {what}");
        }
    }
    for m in &j.winning_moves {
        let _ = writeln!(
            s,
            "  capturable: {m} first wins the area's fight by captures, whatever the other side answers"
        );
    }
    s
}

/// Writes reports as text: each opening with its verdict, the counts, invariants, findings and
/// results when `verbose`, a blank line between two reports. Never styled (see
/// [`write_text_styled`]).
pub fn write_text<W: Write>(out: W, reports: &[FileReport], verbose: bool) -> std::io::Result<()> {
    write_text_styled(out, reports, verbose, false)
}

/// [`write_text`], coloured for a terminal when `color` is on: the file's heading and each rule
/// set's result in bold, `RE ... agrees` green and `disagrees` red, an invariant's `holds` green
/// and `FAILS` red, a finding's `MATTERS` yellow. Without colour the bytes are `write_text`'s.
pub fn write_text_styled<W: Write>(
    out: W,
    reports: &[FileReport],
    verbose: bool,
    color: bool,
) -> std::io::Result<()> {
    write_text_explained(out, reports, verbose, color, false)
}

/// [`write_text_styled`], each report followed by [`explain_text`] when `explain`.
pub fn write_text_explained<W: Write>(
    mut out: W,
    reports: &[FileReport],
    verbose: bool,
    color: bool,
    explain: bool,
) -> std::io::Result<()> {
    for (i, r) in reports.iter().enumerate() {
        if i > 0 {
            writeln!(out)?;
        }
        let text = if verbose { &r.text } else { &r.text_brief };
        if color {
            out.write_all(paint_report(r, text).as_bytes())?;
        } else {
            out.write_all(text.as_bytes())?;
        }
        if explain {
            out.write_all(explain_text(r).as_bytes())?;
        }
    }
    Ok(())
}

/// The part of a text report a line belongs to, for its colours.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Part {
    Other,
    Invariants,
    Findings,
}

/// `text`, the text report of `r`, with its colours (see [`write_text_styled`]).
fn paint_report(r: &FileReport, text: &str) -> String {
    let mut s = String::with_capacity(text.len() + 64 * r.verdict.len());
    let mut part = Part::Other;
    for (i, line) in text.split_inclusive('\n').enumerate() {
        let (body, end) = match line.strip_suffix('\n') {
            Some(b) => (b, "\n"),
            None => (line, ""),
        };
        if body.starts_with("invariants (") {
            part = Part::Invariants;
        } else if body.starts_with("findings (") {
            part = Part::Findings;
        } else if !body.starts_with("  ") {
            part = Part::Other;
        }
        let painted = match (i, part) {
            (0, _) => paint(body, Style::Bold, true),
            (i, _) if i <= r.verdict.len() => paint_verdict(r, &r.verdict[i - 1], body),
            (_, Part::Invariants) => paint_marker(body, INVARIANT_MARKERS),
            (_, Part::Findings) => paint_marker(body, FINDING_MARKERS),
            (_, Part::Other) => body.to_string(),
        };
        s.push_str(&painted);
        s.push_str(end);
    }
    s
}

/// A verdict line (see `write_verdict`) with its result in bold and its `RE` verdict coloured.
fn paint_verdict(r: &FileReport, v: &VerdictJson, line: &str) -> String {
    let width = r.verdict.iter().map(|v| v.rules.len()).max().unwrap_or(0);
    let at = width + 2..width + 2 + v.result.len();
    let line = paint_range(line, at, Style::Bold, true);
    match v.re_verdict {
        ReVerdict::Agrees if line.ends_with(" agrees") => {
            paint_range(&line, line.len() - 6..line.len(), Style::Good, true)
        }
        ReVerdict::Disagrees => match line.rfind(" disagrees") {
            Some(at) => paint_range(&line, at + 1..line.len(), Style::Bad, true),
            None => line,
        },
        _ => line,
    }
}

/// The coloured markers of an invariant's line (see `write_checks`).
const INVARIANT_MARKERS: &[(&str, Style)] = &[("holds", Style::Good), ("FAILS", Style::Bad)];

/// The coloured markers of a finding's line, longest first.
const FINDING_MARKERS: &[(&str, Style)] = &[
    ("MATTERS (winner)", Style::Notice),
    ("MATTERS (margin)", Style::Notice),
    ("MATTERS", Style::Notice),
];

/// An invariant's or a finding's line (`  T1   holds  ...`, `  F2   MATTERS (winner) ...`) with
/// its marker, the words after the id, painted when it is one of `markers`.
fn paint_marker(line: &str, markers: &[(&str, Style)]) -> String {
    let Some(rest) = line.strip_prefix("  ") else {
        return line.to_string();
    };
    let Some(id_end) = rest.find(' ') else {
        return line.to_string();
    };
    let after_id = &rest[id_end..];
    let start = line.len() - after_id.trim_start().len();
    let marker = &line[start..];
    let found = markers.iter().find(|(m, _)| {
        marker.starts_with(m) && marker[m.len()..].chars().next().is_none_or(|c| c == ' ')
    });
    match found {
        Some((m, style)) => paint_range(line, start..start + m.len(), *style, true),
        None => line.to_string(),
    }
}
