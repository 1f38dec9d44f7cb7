//! Grouped bar charts: the figures of `FINDINGS.md`.

use super::*;

/// Colours of the chart's series, in turn.
const SERIES_COLOURS: [&str; 8] = [
    "#3b6ea5", "#e08a2e", "#4a9a5b", "#b9474b", "#7d5ba6", "#8a6d3b", "#c75d9b", "#6f6f6f",
];

/// A tick step of the form m * 10^e with m in {1, 2, 5}: exact labels from integers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Step {
    pub(super) m: i64,
    pub(super) e: i32,
}

impl Step {
    fn value(self) -> f64 {
        let mut v = self.m as f64;
        for _ in 0..self.e.max(0) {
            v *= 10.0;
        }
        for _ in 0..(-self.e).max(0) {
            v /= 10.0;
        }
        v
    }

    /// The label of the i-th tick (i * step), exact.
    pub(super) fn label(self, i: i64) -> String {
        let units = i * self.m;
        if self.e >= 0 {
            let mut v = units;
            for _ in 0..self.e {
                v *= 10;
            }
            v.to_string()
        } else {
            let d = (-self.e) as usize;
            let digits = format!("{:0>width$}", units, width = d + 1);
            let (int, frac) = digits.split_at(digits.len() - d);
            format!("{int}.{frac}")
        }
    }

    /// Decimals of the tick labels.
    fn decimals(self) -> usize {
        (-self.e).max(0) as usize
    }
}

/// The smallest step of the form {1, 2, 5} x 10^e at least `raw` (`raw` > 0, finite).
pub(super) fn nice_step(raw: f64) -> Step {
    let mut e = 0i32;
    let mut p = 1.0f64;
    while p > raw && e > -9 {
        p /= 10.0;
        e -= 1;
    }
    while p * 10.0 <= raw && e < 15 {
        p *= 10.0;
        e += 1;
    }
    // Now p = 10^e <= raw < 10^(e+1) (within the clamps).
    for m in [1, 2, 5] {
        if (m as f64) * p >= raw {
            return Step { m, e };
        }
    }
    Step { m: 1, e: e + 1 }
}

/// A grouped bar chart as an SVG document: for each group (e.g. a divergence cause) one bar per
/// series (e.g. a board size), `values[group][series]` high, on an axis from 0 with round ticks,
/// with the group names under the axis, `unit` beside it, a legend of the series and each bar's
/// value above it. A value that is missing, negative or not finite draws no bar and is labelled
/// `n/a` (missing, not finite) or with its value (negative). Deterministic.
///
/// ```
/// use jipingdian::report::svg::bar_chart;
/// let svg = bar_chart(
///     "divergence rate",
///     &["seki eye".to_string(), "overflow".to_string()],
///     &["9x9".to_string(), "19x19".to_string()],
///     &[vec![1.5, 0.25], vec![0.0, 3.0]],
///     "% of games",
/// );
/// assert_eq!(svg.matches("class=\"bar ").count(), 4);
/// ```
pub fn bar_chart(
    title: &str,
    groups: &[String],
    series: &[String],
    values: &[Vec<f64>],
    unit: &str,
) -> String {
    let value = |g: usize, k: usize| values.get(g).and_then(|v| v.get(k)).copied();
    let max_v = (0..groups.len())
        .flat_map(|g| (0..series.len()).map(move |k| (g, k)))
        .filter_map(|(g, k)| value(g, k))
        .filter(|v| v.is_finite())
        .fold(0.0f64, f64::max);
    let l = ChartLayout::new(title, groups, series, max_v);
    let mut s = String::new();
    draw_title_and_legend(&mut s, &l, title, series);
    draw_axis(&mut s, &l, unit, groups.is_empty() || series.is_empty());
    draw_bars(&mut s, &l, series.len(), value);
    s.push_str("</svg>\n");
    s
}

const BAR_W: i64 = 20;
const PLOT_H: i64 = 240;
const LEFT: i64 = 78;
const RIGHT: i64 = 20;

/// Where everything of a bar chart goes, and its value axis.
struct ChartLayout {
    width: i64,
    height: i64,
    /// Width of one group of bars, and of the plot.
    group_w: i64,
    plot_w: i64,
    plot_top: i64,
    plot_bottom: i64,
    /// Bars per group (at least 1, for the spacing).
    ns: i64,
    title_lines: Vec<String>,
    /// Each legend row: the series index and its swatch's x.
    legend_rows: Vec<Vec<(usize, i64)>>,
    legend_top: i64,
    /// The group names, wrapped (at most 3 lines).
    label_lines: Vec<Vec<String>>,
    /// The tick step, the number of ticks, and the value at the top of the axis.
    step: Step,
    ticks: i64,
    top_v: f64,
}

impl ChartLayout {
    /// The layout of a chart whose largest finite value is `max_v` (0 when none).
    fn new(title: &str, groups: &[String], series: &[String], max_v: f64) -> ChartLayout {
        let ns = series.len().max(1) as i64;
        let group_w = (ns * BAR_W + 28).max(96);
        let plot_w = (groups.len() as i64 * group_w).max(280);
        let width = LEFT + plot_w + RIGHT;
        let title_lines = wrap(title, chars_for(width - 2 * PAD, 15));
        let (step, ticks) = if max_v > 0.0 {
            let step = nice_step(max_v / 5.0);
            let mut t = (max_v / step.value()).ceil() as i64;
            if t < 1 {
                t = 1;
            }
            (step, t)
        } else {
            (Step { m: 1, e: 0 }, 1)
        };
        let top_v = ticks as f64 * step.value();
        let legend_rows = legend_rows(series, width);
        let title_h = title_lines.len() as i64 * 20;
        let legend_top = PAD + title_h + 6;
        let legend_h = if series.is_empty() {
            0
        } else {
            legend_rows.len() as i64 * 20
        };
        // Room above the plot for the tallest bar's value label, written upwards.
        let plot_top = legend_top + legend_h + 44;
        let plot_bottom = plot_top + PLOT_H;
        let label_lines: Vec<Vec<String>> = groups
            .iter()
            .map(|g| {
                let mut l = wrap(&g.replace('_', " "), chars_for(group_w - 6, 12));
                l.truncate(3);
                l
            })
            .collect();
        let max_label_lines = label_lines.iter().map(Vec::len).max().unwrap_or(0) as i64;
        let height = plot_bottom + 8 + max_label_lines * 14 + PAD + 4;
        ChartLayout {
            width,
            height,
            group_w,
            plot_w,
            plot_top,
            plot_bottom,
            ns,
            title_lines,
            legend_rows,
            legend_top,
            label_lines,
            step,
            ticks,
            top_v,
        }
    }
}

/// The legend: one row (or more) of swatches under the title, on a chart `width` wide.
fn legend_rows(series: &[String], width: i64) -> Vec<Vec<(usize, i64)>> {
    let mut legend_rows: Vec<Vec<(usize, i64)>> = vec![Vec::new()];
    let mut lx = LEFT;
    for (k, name) in series.iter().enumerate() {
        let w = 22 + text_width(name, 12) + 18;
        if lx + w > width - RIGHT && lx > LEFT {
            legend_rows.push(Vec::new());
            lx = LEFT;
        }
        if let Some(row) = legend_rows.last_mut() {
            row.push((k, lx));
        }
        lx += w;
    }
    legend_rows
}

/// The document's start, its title and the legend of the series.
fn draw_title_and_legend(s: &mut String, l: &ChartLayout, title: &str, series: &[String]) {
    let (width, height) = (l.width, l.height);
    let _ = writeln!(s, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>");
    let _ = writeln!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" font-family=\"DejaVu Sans, Verdana, Arial, sans-serif\">"
    );
    let _ = writeln!(s, "<title>{}</title>", escape(title));
    let _ = writeln!(
        s,
        "<rect class=\"page\" x=\"0\" y=\"0\" width=\"{width}\" height=\"{height}\" fill=\"#ffffff\"/>"
    );
    for (i, l) in l.title_lines.iter().enumerate() {
        let _ = writeln!(
            s,
            "<text class=\"title\" x=\"{PAD}\" y=\"{}\" font-size=\"15\" font-weight=\"bold\" fill=\"#222222\">{}</text>",
            PAD + 15 + i as i64 * 20,
            escape(l)
        );
    }
    for (r, row) in l.legend_rows.iter().enumerate() {
        let y = l.legend_top + r as i64 * 20;
        for &(k, x) in row {
            let colour = SERIES_COLOURS[k % SERIES_COLOURS.len()];
            let _ = writeln!(
                s,
                "<g class=\"legend\"><rect x=\"{x}\" y=\"{}\" width=\"14\" height=\"14\" fill=\"{colour}\"/><text x=\"{}\" y=\"{}\" font-size=\"12\" fill=\"#222222\">{}</text></g>",
                y + 2,
                x + 20,
                y + 13,
                escape(&series[k])
            );
        }
    }
}

/// The grid lines and their tick labels, the axis and its unit; "no data" on an empty chart.
fn draw_axis(s: &mut String, l: &ChartLayout, unit: &str, empty: bool) {
    let (plot_top, plot_bottom, plot_w, ticks, step) =
        (l.plot_top, l.plot_bottom, l.plot_w, l.ticks, l.step);
    // Grid lines and ticks.
    for i in 0..=ticks {
        let y = plot_bottom - i * PLOT_H / ticks;
        let _ = writeln!(
            s,
            "<line class=\"gridline\" x1=\"{LEFT}\" y1=\"{y}\" x2=\"{}\" y2=\"{y}\" stroke=\"{}\" stroke-width=\"1\"/>",
            LEFT + plot_w,
            if i == 0 { "#333333" } else { "#dddddd" }
        );
        let _ = writeln!(
            s,
            "<text class=\"tick\" x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"end\" fill=\"#333333\">{}</text>",
            LEFT - 6,
            y + 4,
            step.label(i)
        );
    }
    let _ = writeln!(
        s,
        "<line class=\"axis\" x1=\"{LEFT}\" y1=\"{plot_top}\" x2=\"{LEFT}\" y2=\"{plot_bottom}\" stroke=\"#333333\" stroke-width=\"1\"/>"
    );
    let mid_y = plot_top + PLOT_H / 2;
    let _ = writeln!(
        s,
        "<text class=\"unit\" x=\"{}\" y=\"{mid_y}\" font-size=\"12\" text-anchor=\"middle\" fill=\"#333333\" transform=\"rotate(-90 {} {mid_y})\">{}</text>",
        PAD + 6,
        PAD + 6,
        escape(unit)
    );
    if empty {
        let _ = writeln!(
            s,
            "<text class=\"empty\" x=\"{}\" y=\"{mid_y}\" font-size=\"13\" text-anchor=\"middle\" fill=\"#666666\">no data</text>",
            LEFT + plot_w / 2
        );
    }
}

/// Each group's bars (one per series, with its value above it) and its name under the axis.
fn draw_bars(
    s: &mut String,
    l: &ChartLayout,
    series: usize,
    value: impl Fn(usize, usize) -> Option<f64>,
) {
    let (group_w, ns, plot_bottom, top_v) = (l.group_w, l.ns, l.plot_bottom, l.top_v);
    let decimals = l.step.decimals() + 1;
    for (g, lines) in l.label_lines.iter().enumerate() {
        let gx = LEFT + g as i64 * group_w;
        let bars_x = gx + (group_w - ns * BAR_W) / 2;
        for k in 0..series {
            let colour = SERIES_COLOURS[k % SERIES_COLOURS.len()];
            let x = bars_x + k as i64 * BAR_W;
            let v = value(g, k);
            let label = match v {
                Some(v) if v.is_finite() => format!("{:.*}", decimals, v),
                _ => "n/a".to_string(),
            };
            let h = match v {
                Some(v) if v.is_finite() && v > 0.0 => {
                    ((v / top_v * PLOT_H as f64).round() as i64).clamp(0, PLOT_H)
                }
                _ => 0,
            };
            if v.is_some_and(|v| v.is_finite() && v >= 0.0) {
                let _ = writeln!(
                    s,
                    "<rect class=\"bar s{k}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{h}\" fill=\"{colour}\"/>",
                    x + 1,
                    plot_bottom - h,
                    BAR_W - 2
                );
            }
            let (tx, ty) = (x + BAR_W / 2 + 4, plot_bottom - h - 4);
            let _ = writeln!(
                s,
                "<text class=\"value\" x=\"{tx}\" y=\"{ty}\" font-size=\"10\" fill=\"#333333\" transform=\"rotate(-90 {tx} {ty})\">{}</text>",
                escape(&label)
            );
        }
        for (i, l) in lines.iter().enumerate() {
            let _ = writeln!(
                s,
                "<text class=\"group\" x=\"{}\" y=\"{}\" font-size=\"12\" text-anchor=\"middle\" fill=\"#222222\">{}</text>",
                gx + group_w / 2,
                plot_bottom + 16 + i as i64 * 14,
                escape(l)
            );
        }
    }
}
