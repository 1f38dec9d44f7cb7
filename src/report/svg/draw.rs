//! The pieces of a board diagram: stones, point marks, negative moves, star points.

use super::*;

/// Draws a stone; `role` is its class (`stone` on the board, `icon` in the legend).
pub(super) fn stone(s: &mut String, role: &str, cx: i64, cy: i64, c: Color, dead: bool, r: i64) {
    let (class, fill, stroke) = match c {
        Color::Black => ("black", "url(#jpd-black)", "#000000"),
        Color::White => ("white", "url(#jpd-white)", "#555555"),
    };
    let dead_attr = if dead { " opacity=\"0.5\"" } else { "" };
    let dead_class = if dead { " dead" } else { "" };
    let _ = writeln!(
        s,
        "<circle class=\"{role} {class}{dead_class}\" cx=\"{cx}\" cy=\"{cy}\" r=\"{r}\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"1\"{dead_attr}/>"
    );
    if dead {
        let a = r * 3 / 5;
        let _ = writeln!(
            s,
            "<path class=\"{}\" d=\"M{} {}L{} {}M{} {}L{} {}\" stroke=\"{CROSS}\" stroke-width=\"2.5\" stroke-linecap=\"round\"/>",
            if role == "stone" { "cross" } else { "icon-cross" },
            cx - a,
            cy - a,
            cx + a,
            cy + a,
            cx + a,
            cy - a,
            cx - a,
            cy + a
        );
    }
}

fn fill_of(c: Color) -> (&'static str, &'static str) {
    match c {
        Color::Black => ("#111111", "#000000"),
        Color::White => ("#ffffff", "#333333"),
    }
}

/// Draws a mark centred on (cx, cy); `role` is its first class (`mark` on the board, `icon` in
/// the legend). On a dead stone a territory mark is drawn smaller.
pub(super) fn mark(s: &mut String, role: &str, cx: i64, cy: i64, m: Mark, on_dead: bool) {
    match m {
        Mark::Territory(c) => {
            let (fill, stroke) = fill_of(c);
            let h = if on_dead { 4 } else { 5 };
            let _ = writeln!(
                s,
                "<rect class=\"{role} territory {}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"1\"/>",
                c.name(),
                cx - h,
                cy - h,
                2 * h,
                2 * h
            );
        }
        Mark::SekiEye(c) => {
            let (fill, stroke) = fill_of(c);
            let _ = writeln!(
                s,
                "<polygon class=\"{role} seki-eye {}\" points=\"{},{} {},{} {},{}\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"1\"/>",
                c.name(),
                cx,
                cy - 8,
                cx + 8,
                cy + 6,
                cx - 8,
                cy + 6
            );
        }
        Mark::KoPoint(c) => {
            let (fill, stroke) = fill_of(c);
            let _ = writeln!(
                s,
                "<polygon class=\"{role} ko-point {}\" points=\"{},{} {},{} {},{} {},{}\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"1\"/>",
                c.name(),
                cx,
                cy - 8,
                cx + 8,
                cy,
                cx,
                cy + 8,
                cx - 8,
                cy
            );
        }
        Mark::OneSidedDame(c) => {
            let (fill, stroke) = fill_of(c);
            let _ = writeln!(
                s,
                "<g class=\"{role} one-sided-dame {}\"><rect x=\"{}\" y=\"{}\" width=\"16\" height=\"16\" fill=\"none\" stroke=\"{stroke}\" stroke-width=\"1\" stroke-dasharray=\"3 2\"/><rect x=\"{}\" y=\"{}\" width=\"8\" height=\"8\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"1\"/></g>",
                c.name(),
                cx - 8,
                cy - 8,
                cx - 4,
                cy - 4
            );
        }
        Mark::Shared => {
            let _ = writeln!(
                s,
                "<g class=\"{role} shared\"><polygon points=\"{a},{b} {c},{b} {a},{d}\" fill=\"#111111\"/><polygon points=\"{c},{b} {c},{d} {a},{d}\" fill=\"#ffffff\"/><rect x=\"{a}\" y=\"{b}\" width=\"12\" height=\"12\" fill=\"none\" stroke=\"#000000\" stroke-width=\"1\"/></g>",
                a = cx - 6,
                b = cy - 6,
                c = cx + 6,
                d = cy + 6
            );
        }
        Mark::DameLeft => {
            let _ = writeln!(
                s,
                "<polygon class=\"{role} dame-left\" points=\"{},{} {},{} {},{} {},{}\" fill=\"#8a8a8a\" stroke=\"#4a4a4a\" stroke-width=\"1\"/>",
                cx,
                cy - 7,
                cx + 7,
                cy,
                cx,
                cy + 7,
                cx - 7,
                cy
            );
        }
    }
}

/// A ring around the point and a badge with the kind's letter at its upper right.
pub(super) fn negative(s: &mut String, cx: i64, cy: i64, k: NegativeKind, r: i64) {
    let letter = match k {
        NegativeKind::A => 'A',
        NegativeKind::B => 'B',
    };
    let (bx, by) = (cx + r * 3 / 4 + 2, cy - r * 3 / 4 - 2);
    let _ = writeln!(
        s,
        "<g class=\"negative {letter}\"><circle cx=\"{cx}\" cy=\"{cy}\" r=\"{}\" fill=\"none\" stroke=\"{NEGATIVE}\" stroke-width=\"3\"/><circle cx=\"{bx}\" cy=\"{by}\" r=\"7\" fill=\"{NEGATIVE}\" stroke=\"#ffffff\" stroke-width=\"1\"/><text x=\"{bx}\" y=\"{}\" font-size=\"10\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"#ffffff\">{letter}</text></g>",
        r + 3,
        by + 4
    );
}

/// The star points (hoshi) of an N x N board, as (x, y).
pub(super) fn star_points(n: u8) -> Vec<(u8, u8)> {
    let mut v = Vec::new();
    let e = if n >= 13 { 3 } else { 2 };
    let mid = n / 2;
    if n >= 8 {
        for x in [e, n - 1 - e] {
            for y in [e, n - 1 - e] {
                v.push((x, y));
            }
        }
    }
    if n >= 7 && n % 2 == 1 {
        v.push((mid, mid));
        if n >= 15 {
            v.extend([(mid, e), (mid, n - 1 - e), (e, mid), (n - 1 - e, mid)]);
        }
    }
    v.sort();
    v
}
