//! Pictures as SVG text: a board diagram of a settled position ([`Diagram`]) and a grouped bar
//! chart ([`bar_chart`]).
//!
//! Both are written by hand as plain XML. The output is deterministic: the same input gives the
//! same bytes. Every coordinate is an integer; the only numbers printed from floating point are
//! the chart's value labels, printed with a fixed number of decimals (Rust's own formatting,
//! which does not depend on the platform).
//!
//! # Example
//!
//! ```
//! use jipingdian::engine::{Color, Coord};
//! use jipingdian::report::svg::{Diagram, Mark};
//!
//! // A 2x2 board: Black at the top-left, White at the bottom-right, the other two shared.
//! let d = Diagram::new(
//!     2,
//!     &[(Coord::new(0, 0), Color::Black), (Coord::new(1, 1), Color::White)],
//!     &[],
//!     &[(Coord::new(1, 0), Mark::Shared), (Coord::new(0, 1), Mark::Shared)],
//!     &[],
//! )
//! .unwrap()
//! .with_title("two stones");
//! let svg = d.to_svg();
//! assert!(svg.starts_with("<?xml"));
//! assert_eq!(svg.matches("class=\"stone ").count(), 2);
//! ```

use std::fmt::Write as _;

use crate::counting::Count;
use crate::engine::types::column_letter;
use crate::engine::{Board, Color, Coord, NegativeKind, MAX_SIZE, MIN_SIZE};
use crate::settlement::{PointClass, Settlement, SharedKind, TerritoryKind};

mod chart;
mod draw;
pub use chart::bar_chart;
use draw::{mark, negative, star_points, stone};

/// What a diagram shows on an empty point (or on a dead stone: whose point it becomes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Mark {
    /// That side's territory: an enclosed region (also a type-B negative point, and under the
    /// four-virtual-move end a liberty of that side's stones only).
    Territory(Color),
    /// An eye point of a group in seki, that side's.
    SekiEye(Color),
    /// The point of an unfilled single ko, that side's.
    KoPoint(Color),
    /// A one-sided dame, that side's point.
    OneSidedDame(Color),
    /// A shared point, half to each side: a shared liberty (also a type-A negative point, an
    /// unbordered region, a liberty of both colours after four virtual moves).
    Shared,
    /// An ordinary dame left unfilled: shared, and the game is flagged "dame left".
    DameLeft,
}

impl Mark {
    /// The mark of a point class; `None` for a stone or a point off the board.
    pub fn of_class(cl: PointClass) -> Option<Mark> {
        Some(match cl {
            PointClass::Stone(_) | PointClass::OffBoard => return None,
            PointClass::Territory(c, TerritoryKind::SekiEye) => Mark::SekiEye(c),
            PointClass::Territory(c, TerritoryKind::KoPoint) => Mark::KoPoint(c),
            PointClass::Territory(
                c,
                TerritoryKind::Enclosed | TerritoryKind::NegativeB | TerritoryKind::Liberty,
            ) => Mark::Territory(c),
            PointClass::OneSidedDame(c) => Mark::OneSidedDame(c),
            PointClass::Shared(SharedKind::DameLeft) => Mark::DameLeft,
            PointClass::Shared(
                SharedKind::SharedLiberty
                | SharedKind::Unbordered
                | SharedKind::NegativeA
                | SharedKind::CommonLiberty,
            ) => Mark::Shared,
        })
    }
}

/// One line of a diagram's legend. A legend lists only the items its diagram shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LegendItem {
    /// A dead stone of that colour.
    DeadStone(Color),
    /// [`Mark::Territory`].
    Territory(Color),
    /// [`Mark::SekiEye`].
    SekiEye(Color),
    /// [`Mark::KoPoint`].
    KoPoint(Color),
    /// [`Mark::OneSidedDame`].
    OneSidedDame(Color),
    /// [`Mark::Shared`].
    Shared,
    /// [`Mark::DameLeft`].
    DameLeft,
    /// A negative-move point of that kind.
    Negative(NegativeKind),
    /// A point the picture is about.
    Focus,
}

impl LegendItem {
    /// The legend's order: dead stones, the kinds of owned points (Black before White),
    /// shared points, negative moves.
    fn rank(self) -> (u8, u8) {
        let side = |c: Color| c.idx() as u8;
        match self {
            LegendItem::DeadStone(c) => (0, side(c)),
            LegendItem::Territory(c) => (1, side(c)),
            LegendItem::SekiEye(c) => (2, side(c)),
            LegendItem::KoPoint(c) => (3, side(c)),
            LegendItem::OneSidedDame(c) => (4, side(c)),
            LegendItem::Shared => (5, 0),
            LegendItem::DameLeft => (6, 0),
            LegendItem::Negative(NegativeKind::A) => (7, 0),
            LegendItem::Negative(NegativeKind::B) => (7, 1),
            LegendItem::Focus => (8, 0),
        }
    }

    /// The words of the legend line.
    pub fn label(self) -> String {
        let who = |c: Color| match c {
            Color::Black => "Black's",
            Color::White => "White's",
        };
        match self {
            LegendItem::DeadStone(c) => format!("dead {} stone, removed before counting", c.name()),
            LegendItem::Territory(c) => format!("{} territory", who(c)),
            LegendItem::SekiEye(c) => format!("{} eye in a seki", who(c)),
            LegendItem::KoPoint(c) => format!("{} unfilled ko point", who(c)),
            LegendItem::OneSidedDame(c) => format!("{} one-sided dame", who(c)),
            LegendItem::Shared => "shared point: half to each side".to_string(),
            LegendItem::DameLeft => "dame left unfilled: shared".to_string(),
            LegendItem::Negative(NegativeKind::A) => {
                "negative move, type A: the point becomes shared".to_string()
            }
            LegendItem::Negative(NegativeKind::B) => {
                "negative move, type B: the point becomes Black's".to_string()
            }
            LegendItem::Focus => "a point this picture is about (named in the caption)".to_string(),
        }
    }
}

/// Why a diagram cannot be built from plain data.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DiagramError {
    /// The board size is outside 2..=25.
    #[error("board size {size} is out of range: diagrams go from {MIN_SIZE}x{MIN_SIZE} to {MAX_SIZE}x{MAX_SIZE}")]
    Size {
        /// The size given.
        size: u8,
    },
    /// A point lies outside the board.
    #[error("point ({}, {}) is off the {size}x{size} board", at.x, at.y)]
    OffBoard {
        /// The point.
        at: Coord,
        /// The board size.
        size: u8,
    },
    /// A point given as dead holds no stone.
    #[error("dead stone at {} is not a stone of the diagram", at.to_human(*size))]
    DeadNotStone {
        /// The point.
        at: Coord,
        /// The board size.
        size: u8,
    },
}

/// A board diagram of a settled position: stones (dead ones faded and crossed), the ownership
/// mark of every empty point, the negative-move points, a title and caption lines.
/// Build it with [`Diagram::from_settlement`], [`Diagram::from_count`] or [`Diagram::new`]; draw
/// it with [`Diagram::to_svg`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagram {
    size: u8,
    /// Row-major, `y * size + x`.
    stones: Vec<Option<Color>>,
    dead: Vec<bool>,
    marks: Vec<Option<Mark>>,
    negatives: Vec<(Coord, NegativeKind)>,
    /// Points the picture is about (the stone a theorem names, the points a finding or a
    /// divergence is about), drawn in a dashed square.
    focus: Vec<Coord>,
    /// A line above the board.
    pub title: Option<String>,
    /// Lines under the board (each wrapped to the picture's width).
    pub caption: Vec<String>,
}

impl Diagram {
    /// The diagram of `paused` (dead stones still on it) as `st` settles it. `st` must be a
    /// settlement of `paused`: [`Count::settlement_paused`], or [`Count::settlement`], whose
    /// negative-move points then carry their decreed class (not drawn: the stone of `paused`
    /// is drawn there, ringed). Stones come from `paused`; a point of `st.dead_points()` that
    /// holds no stone in `paused` is ignored. Marks are drawn on empty points and dead stones.
    pub fn from_settlement(
        paused: &Board,
        st: &Settlement,
        negatives: &[(Coord, NegativeKind)],
    ) -> Diagram {
        let n = paused.size();
        let cells = n as usize * n as usize;
        let mut d = Diagram {
            size: n,
            stones: vec![None; cells],
            dead: vec![false; cells],
            marks: vec![None; cells],
            negatives: Vec::new(),
            focus: Vec::new(),
            title: None,
            caption: Vec::new(),
        };
        for p in paused.points() {
            let i = d.index(paused.coord(p));
            d.stones[i] = paused.stone(p);
        }
        let sb = st.board();
        for &p in st.dead_points() {
            let c = sb.coord(p);
            if c.x < n && c.y < n && d.stones[d.index(c)].is_some() {
                let i = d.index(c);
                d.dead[i] = true;
            }
        }
        if sb.size() == n {
            for p in sb.points() {
                let i = d.index(sb.coord(p));
                if d.stones[i].is_none() || d.dead[i] {
                    d.marks[i] = Mark::of_class(st.class(p));
                }
            }
        }
        d.negatives = negatives
            .iter()
            .copied()
            .filter(|(c, _)| c.x < n && c.y < n)
            .collect();
        sort_negatives(&mut d.negatives);
        d
    }

    /// The diagram of a counted game: its paused board (dead stones on it), the settlement of
    /// that position ([`Count::settlement_paused`]) and the negative moves of the balancing.
    pub fn from_count(paused: &Board, count: &Count) -> Diagram {
        Diagram::from_settlement(paused, &count.settlement_paused, &count.negatives)
    }

    /// A diagram from plain data: the stones, which of them are dead, the mark of each point
    /// (points not listed have none; a mark on a live stone is ignored) and the negative-move
    /// points. A later entry for the same point replaces an earlier one.
    pub fn new(
        size: u8,
        stones: &[(Coord, Color)],
        dead: &[Coord],
        marks: &[(Coord, Mark)],
        negatives: &[(Coord, NegativeKind)],
    ) -> Result<Diagram, DiagramError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(DiagramError::Size { size });
        }
        let cells = size as usize * size as usize;
        let mut d = Diagram {
            size,
            stones: vec![None; cells],
            dead: vec![false; cells],
            marks: vec![None; cells],
            negatives: Vec::new(),
            focus: Vec::new(),
            title: None,
            caption: Vec::new(),
        };
        let check = |at: Coord| {
            if at.x < size && at.y < size {
                Ok(())
            } else {
                Err(DiagramError::OffBoard { at, size })
            }
        };
        for &(at, c) in stones {
            check(at)?;
            let i = d.index(at);
            d.stones[i] = Some(c);
        }
        for &at in dead {
            check(at)?;
            let i = d.index(at);
            if d.stones[i].is_none() {
                return Err(DiagramError::DeadNotStone { at, size });
            }
            d.dead[i] = true;
        }
        for &(at, m) in marks {
            check(at)?;
            let i = d.index(at);
            if d.stones[i].is_none() || d.dead[i] {
                d.marks[i] = Some(m);
            }
        }
        for &(at, _) in negatives {
            check(at)?;
        }
        d.negatives = negatives.to_vec();
        sort_negatives(&mut d.negatives);
        Ok(d)
    }

    /// The same diagram with a title.
    pub fn with_title(mut self, title: &str) -> Diagram {
        self.title = Some(title.to_string());
        self
    }

    /// The same diagram with `points` framed as what it is about (points off the board are
    /// ignored).
    pub fn with_focus(mut self, points: &[Coord]) -> Diagram {
        let n = self.size;
        self.focus = points
            .iter()
            .copied()
            .filter(|c| c.x < n && c.y < n)
            .collect();
        self.focus.sort();
        self.focus.dedup();
        self
    }

    /// The points framed as what the diagram is about.
    pub fn focus(&self) -> &[Coord] {
        &self.focus
    }

    /// The same diagram with caption lines added (a line break in one starts another line).
    pub fn with_caption(mut self, lines: &[&str]) -> Diagram {
        for l in lines {
            self.caption.extend(l.lines().map(str::to_string));
        }
        self
    }

    fn index(&self, c: Coord) -> usize {
        c.y as usize * self.size as usize + c.x as usize
    }

    /// The board size N.
    pub fn size(&self) -> u8 {
        self.size
    }

    /// The stone at a point (dead or alive), `None` off the board.
    pub fn stone(&self, at: Coord) -> Option<Color> {
        (at.x < self.size && at.y < self.size)
            .then(|| self.stones[self.index(at)])
            .flatten()
    }

    /// Whether the stone at a point is dead.
    pub fn is_dead(&self, at: Coord) -> bool {
        at.x < self.size && at.y < self.size && self.dead[self.index(at)]
    }

    /// The mark drawn at a point.
    pub fn mark(&self, at: Coord) -> Option<Mark> {
        (at.x < self.size && at.y < self.size)
            .then(|| self.marks[self.index(at)])
            .flatten()
    }

    /// The negative-move points, sorted.
    pub fn negatives(&self) -> &[(Coord, NegativeKind)] {
        &self.negatives
    }

    /// The legend: one item per kind of mark the diagram shows, in a fixed order.
    pub fn legend(&self) -> Vec<LegendItem> {
        let mut items = Vec::new();
        for i in 0..self.stones.len() {
            if self.dead[i] {
                if let Some(c) = self.stones[i] {
                    items.push(LegendItem::DeadStone(c));
                }
            }
            if let Some(m) = self.marks[i] {
                items.push(match m {
                    Mark::Territory(c) => LegendItem::Territory(c),
                    Mark::SekiEye(c) => LegendItem::SekiEye(c),
                    Mark::KoPoint(c) => LegendItem::KoPoint(c),
                    Mark::OneSidedDame(c) => LegendItem::OneSidedDame(c),
                    Mark::Shared => LegendItem::Shared,
                    Mark::DameLeft => LegendItem::DameLeft,
                });
            }
        }
        items.extend(self.negatives.iter().map(|&(_, k)| LegendItem::Negative(k)));
        if !self.focus.is_empty() {
            items.push(LegendItem::Focus);
        }
        items.sort_by_key(|it| it.rank());
        items.dedup();
        items
    }

    /// The diagram as an SVG document (UTF-8 text, XML escaped). Deterministic.
    pub fn to_svg(&self) -> String {
        let n = self.size as i64;
        let board_px = (n - 1) * CELL + 2 * RIM;
        let legend = self.legend();
        let legend_w = legend
            .iter()
            .map(|it| LEGEND_TEXT_X + text_width(&it.label(), 12))
            .max()
            .unwrap_or(0);
        let inner_w = board_px.max(legend_w).max(MIN_INNER_W);
        let width = inner_w + 2 * PAD;
        let title_lines = self
            .title
            .as_deref()
            .map(|t| wrap(t, chars_for(inner_w, 16)))
            .unwrap_or_default();
        let caption_lines: Vec<String> = self
            .caption
            .iter()
            .flat_map(|l| wrap(l, chars_for(inner_w, 13)))
            .collect();
        let title_h = if title_lines.is_empty() {
            0
        } else {
            title_lines.len() as i64 * 22 + 8
        };
        let board_top = PAD + title_h;
        let mut y = board_top + board_px + 10;
        let caption_top = y;
        y += caption_lines.len() as i64 * 18;
        let legend_top = if legend.is_empty() { y } else { y + 8 };
        if !legend.is_empty() {
            y = legend_top + legend.len() as i64 * LEGEND_ROW;
        }
        let height = y + PAD;

        let mut s = String::new();
        let _ = writeln!(s, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>");
        let _ = writeln!(
            s,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" font-family=\"DejaVu Sans, Verdana, Arial, sans-serif\">"
        );
        if let Some(t) = &self.title {
            let _ = writeln!(s, "<title>{}</title>", escape(t));
        }
        s.push_str(DEFS);
        let _ = writeln!(
            s,
            "<rect class=\"page\" x=\"0\" y=\"0\" width=\"{width}\" height=\"{height}\" fill=\"#ffffff\"/>"
        );
        for (i, l) in title_lines.iter().enumerate() {
            let _ = writeln!(
                s,
                "<text class=\"title\" x=\"{PAD}\" y=\"{}\" font-size=\"16\" font-weight=\"bold\" fill=\"#222222\">{}</text>",
                PAD + 16 + i as i64 * 22,
                escape(l)
            );
        }
        let x0 = (width - board_px) / 2;
        self.draw_board(&mut s, x0, board_top);
        for (i, l) in caption_lines.iter().enumerate() {
            let _ = writeln!(
                s,
                "<text class=\"caption\" x=\"{PAD}\" y=\"{}\" font-size=\"13\" fill=\"#222222\">{}</text>",
                caption_top + 13 + i as i64 * 18,
                escape(l)
            );
        }
        draw_legend(&mut s, &legend, legend_top);
        s.push_str("</svg>\n");
        s
    }

    fn draw_board(&self, s: &mut String, x0: i64, y0: i64) {
        let n = self.size as i64;
        let board_px = (n - 1) * CELL + 2 * RIM;
        let gx = x0 + RIM;
        let gy = y0 + RIM;
        let end_x = gx + (n - 1) * CELL;
        let end_y = gy + (n - 1) * CELL;
        let _ = writeln!(
            s,
            "<rect class=\"wood\" x=\"{x0}\" y=\"{y0}\" width=\"{board_px}\" height=\"{board_px}\" rx=\"4\" fill=\"{WOOD}\" stroke=\"#9c7a3c\" stroke-width=\"1\"/>"
        );
        // Grid: the inner lines thin, the edge a little heavier.
        let mut path = String::new();
        for i in 1..n - 1 {
            let _ = write!(
                path,
                "M{gx} {y}H{end_x}M{x} {gy}V{end_y}",
                y = gy + i * CELL,
                x = gx + i * CELL
            );
        }
        if !path.is_empty() {
            let _ = writeln!(
                s,
                "<path class=\"grid\" d=\"{path}\" stroke=\"#3a2a12\" stroke-width=\"1\" fill=\"none\"/>"
            );
        }
        let _ = writeln!(
            s,
            "<rect class=\"edge\" x=\"{gx}\" y=\"{gy}\" width=\"{w}\" height=\"{w}\" stroke=\"#3a2a12\" stroke-width=\"2\" fill=\"none\"/>",
            w = (n - 1) * CELL
        );
        for (x, y) in star_points(self.size) {
            let _ = writeln!(
                s,
                "<circle class=\"star\" cx=\"{}\" cy=\"{}\" r=\"3\" fill=\"#3a2a12\"/>",
                gx + x as i64 * CELL,
                gy + y as i64 * CELL
            );
        }
        // Coordinates: letters (skipping I) above and below, numbers from the bottom at the sides.
        for i in 0..n {
            let letter = column_letter(i as u8);
            let x = gx + i * CELL;
            for ty in [y0 + RIM / 2 - 1, y0 + board_px - RIM / 2 + 9] {
                let _ = writeln!(
                    s,
                    "<text class=\"coord\" x=\"{x}\" y=\"{ty}\" font-size=\"12\" text-anchor=\"middle\" fill=\"#4a3410\">{letter}</text>"
                );
            }
            let num = n - i;
            let y = gy + i * CELL + 4;
            for tx in [x0 + RIM / 2 - 4, x0 + board_px - RIM / 2 + 4] {
                let _ = writeln!(
                    s,
                    "<text class=\"coord\" x=\"{tx}\" y=\"{y}\" font-size=\"12\" text-anchor=\"middle\" fill=\"#4a3410\">{num}</text>"
                );
            }
        }
        // Stones, then marks (on empty points and dead stones), then negative-move rings.
        for yy in 0..self.size {
            for xx in 0..self.size {
                let i = self.index(Coord::new(xx, yy));
                let cx = gx + xx as i64 * CELL;
                let cy = gy + yy as i64 * CELL;
                if let Some(c) = self.stones[i] {
                    stone(s, "stone", cx, cy, c, self.dead[i], STONE_R);
                }
                if let Some(m) = self.marks[i] {
                    mark(s, "mark", cx, cy, m, self.dead[i]);
                }
            }
        }
        for &(at, k) in &self.negatives {
            negative(
                s,
                gx + at.x as i64 * CELL,
                gy + at.y as i64 * CELL,
                k,
                STONE_R,
            );
        }
        for &at in &self.focus {
            let (cx, cy) = (gx + at.x as i64 * CELL, gy + at.y as i64 * CELL);
            let h = CELL / 2 - 1;
            let _ = writeln!(
                s,
                "<rect class=\"focus\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"{FOCUS}\" stroke-width=\"2.5\" stroke-dasharray=\"5,3\"/>",
                cx - h,
                cy - h,
                2 * h,
                2 * h
            );
        }
    }
}

/// Sorts negative-move points by point, then kind (A before B), and drops repeats.
fn sort_negatives(v: &mut Vec<(Coord, NegativeKind)>) {
    v.sort_by_key(|&(c, k)| (c, k == NegativeKind::B));
    v.dedup();
}

/// Distance between two lines, in pixels.
const CELL: i64 = 32;
/// Stone radius.
const STONE_R: i64 = 15;
/// Wood beyond the outer lines (room for the coordinates).
const RIM: i64 = 38;
/// Page margin.
const PAD: i64 = 12;
/// The narrowest text column.
const MIN_INNER_W: i64 = 440;
/// Height of a legend line.
const LEGEND_ROW: i64 = 26;
/// Where a legend line's words start, from the text column's left.
const LEGEND_TEXT_X: i64 = 38;
/// The board's colour.
const WOOD: &str = "#dcb468";
/// Dead-stone crosses.
const CROSS: &str = "#c0281e";
/// Negative-move rings and labels.
const NEGATIVE: &str = "#1e64c8";
/// The frame of the points a picture is about.
const FOCUS: &str = "#d0108c";

const DEFS: &str = "<defs>\n\
<radialGradient id=\"jpd-black\" cx=\"35%\" cy=\"35%\" r=\"70%\"><stop offset=\"0%\" stop-color=\"#5a5a5a\"/><stop offset=\"100%\" stop-color=\"#0a0a0a\"/></radialGradient>\n\
<radialGradient id=\"jpd-white\" cx=\"35%\" cy=\"35%\" r=\"75%\"><stop offset=\"0%\" stop-color=\"#ffffff\"/><stop offset=\"100%\" stop-color=\"#cfcfcf\"/></radialGradient>\n\
</defs>\n";

/// Escapes text for XML content and attribute values; drops characters XML 1.0 does not allow.
pub fn escape(t: &str) -> String {
    let mut out = String::with_capacity(t.len());
    for ch in t.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(' '),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => {}
            c => out.push(c),
        }
    }
    out
}

/// A rough width of a text in pixels (sans-serif: at most about 0.55 em per character on
/// average in English text).
fn text_width(t: &str, font_px: i64) -> i64 {
    t.chars().count() as i64 * font_px * 55 / 100
}

/// How many characters of a `font_px` font fit in `width` pixels.
fn chars_for(width: i64, font_px: i64) -> usize {
    (width * 100 / (font_px * 55)).max(10) as usize
}

/// Breaks a line into lines of at most `max` characters at spaces (a longer word stands
/// alone).
fn wrap(line: &str, max: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    for w in line.split(' ').filter(|w| !w.is_empty()) {
        let needed = cur.chars().count() + usize::from(!cur.is_empty()) + w.chars().count();
        if !cur.is_empty() && needed > max {
            out.push(std::mem::take(&mut cur));
        }
        if !cur.is_empty() {
            cur.push(' ');
        }
        cur.push_str(w);
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// The legend under the caption, from `top`: one row per item, its icon on a square of wood and
/// its label.
fn draw_legend(s: &mut String, legend: &[LegendItem], top: i64) {
    for (i, it) in legend.iter().enumerate() {
        let cy = top + i as i64 * LEGEND_ROW + LEGEND_ROW / 2;
        let cx = PAD + 14;
        let _ = writeln!(s, "<g class=\"legend\">");
        // The icon sits on a square of wood so that marks look as on the board.
        let _ = writeln!(
            s,
            "<rect x=\"{}\" y=\"{}\" width=\"28\" height=\"24\" fill=\"{WOOD}\"/>",
            cx - 14,
            cy - 12
        );
        match *it {
            LegendItem::DeadStone(c) => {
                stone(s, "icon", cx, cy, c, true, 9);
            }
            LegendItem::Territory(c) => mark(s, "icon", cx, cy, Mark::Territory(c), false),
            LegendItem::SekiEye(c) => mark(s, "icon", cx, cy, Mark::SekiEye(c), false),
            LegendItem::KoPoint(c) => mark(s, "icon", cx, cy, Mark::KoPoint(c), false),
            LegendItem::OneSidedDame(c) => mark(s, "icon", cx, cy, Mark::OneSidedDame(c), false),
            LegendItem::Shared => mark(s, "icon", cx, cy, Mark::Shared, false),
            LegendItem::DameLeft => mark(s, "icon", cx, cy, Mark::DameLeft, false),
            LegendItem::Negative(k) => {
                stone(s, "icon", cx, cy, Color::Black, false, 7);
                negative(s, cx, cy, k, 7);
            }
            LegendItem::Focus => {
                let _ = writeln!(
                    s,
                    "<rect x=\"{}\" y=\"{}\" width=\"18\" height=\"18\" fill=\"none\" stroke=\"{FOCUS}\" stroke-width=\"2.5\" stroke-dasharray=\"5,3\"/>",
                    cx - 9,
                    cy - 9
                );
            }
        }
        let _ = writeln!(
            s,
            "<text x=\"{}\" y=\"{}\" font-size=\"12\" fill=\"#222222\">{}</text>",
            PAD + LEGEND_TEXT_X,
            cy + 4,
            escape(&it.label())
        );
        let _ = writeln!(s, "</g>");
    }
}

#[cfg(test)]
mod tests;
