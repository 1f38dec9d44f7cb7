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
        for (i, it) in legend.iter().enumerate() {
            let cy = legend_top + i as i64 * LEGEND_ROW + LEGEND_ROW / 2;
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
                    stone(&mut s, "icon", cx, cy, c, true, 9);
                }
                LegendItem::Territory(c) => mark(&mut s, "icon", cx, cy, Mark::Territory(c), false),
                LegendItem::SekiEye(c) => mark(&mut s, "icon", cx, cy, Mark::SekiEye(c), false),
                LegendItem::KoPoint(c) => mark(&mut s, "icon", cx, cy, Mark::KoPoint(c), false),
                LegendItem::OneSidedDame(c) => {
                    mark(&mut s, "icon", cx, cy, Mark::OneSidedDame(c), false)
                }
                LegendItem::Shared => mark(&mut s, "icon", cx, cy, Mark::Shared, false),
                LegendItem::DameLeft => mark(&mut s, "icon", cx, cy, Mark::DameLeft, false),
                LegendItem::Negative(k) => {
                    stone(&mut s, "icon", cx, cy, Color::Black, false, 7);
                    negative(&mut s, cx, cy, k, 7);
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

/// Draws a stone; `role` is its class (`stone` on the board, `icon` in the legend).
fn stone(s: &mut String, role: &str, cx: i64, cy: i64, c: Color, dead: bool, r: i64) {
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
fn mark(s: &mut String, role: &str, cx: i64, cy: i64, m: Mark, on_dead: bool) {
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
fn negative(s: &mut String, cx: i64, cy: i64, k: NegativeKind, r: i64) {
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
fn star_points(n: u8) -> Vec<(u8, u8)> {
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

/// Colours of the chart's series, in turn.
const SERIES_COLOURS: [&str; 8] = [
    "#3b6ea5", "#e08a2e", "#4a9a5b", "#b9474b", "#7d5ba6", "#8a6d3b", "#c75d9b", "#6f6f6f",
];

/// A tick step of the form m * 10^e with m in {1, 2, 5}: exact labels from integers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Step {
    m: i64,
    e: i32,
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
    fn label(self, i: i64) -> String {
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
fn nice_step(raw: f64) -> Step {
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
    const BAR_W: i64 = 20;
    const PLOT_H: i64 = 240;
    const LEFT: i64 = 78;
    const RIGHT: i64 = 20;
    let ns = series.len().max(1) as i64;
    let group_w = (ns * BAR_W + 28).max(96);
    let plot_w = (groups.len() as i64 * group_w).max(280);
    let width = LEFT + plot_w + RIGHT;
    let title_lines = wrap(title, chars_for(width - 2 * PAD, 15));
    let value = |g: usize, k: usize| values.get(g).and_then(|v| v.get(k)).copied();
    let max_v = (0..groups.len())
        .flat_map(|g| (0..series.len()).map(move |k| (g, k)))
        .filter_map(|(g, k)| value(g, k))
        .filter(|v| v.is_finite())
        .fold(0.0f64, f64::max);
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

    // Legend: one row (or more) of swatches under the title.
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

    let mut s = String::new();
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
    for (i, l) in title_lines.iter().enumerate() {
        let _ = writeln!(
            s,
            "<text class=\"title\" x=\"{PAD}\" y=\"{}\" font-size=\"15\" font-weight=\"bold\" fill=\"#222222\">{}</text>",
            PAD + 15 + i as i64 * 20,
            escape(l)
        );
    }
    for (r, row) in legend_rows.iter().enumerate() {
        let y = legend_top + r as i64 * 20;
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
    if groups.is_empty() || series.is_empty() {
        let _ = writeln!(
            s,
            "<text class=\"empty\" x=\"{}\" y=\"{mid_y}\" font-size=\"13\" text-anchor=\"middle\" fill=\"#666666\">no data</text>",
            LEFT + plot_w / 2
        );
    }
    let decimals = step.decimals() + 1;
    for (g, lines) in label_lines.iter().enumerate() {
        let gx = LEFT + g as i64 * group_w;
        let bars_x = gx + (group_w - ns * BAR_W) / 2;
        for k in 0..series.len() {
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
    s.push_str("</svg>\n");
    s
}

/// A small XML well-formedness check for tests: one root element, tags nested and closed,
/// attribute values quoted, no raw `<` or stray `&` in text. Returns the number of elements.
#[cfg(test)]
pub(crate) fn check_xml(doc: &str) -> Result<usize, String> {
    fn entity_ok(rest: &str) -> bool {
        ["amp;", "lt;", "gt;", "quot;", "apos;"]
            .iter()
            .any(|e| rest.starts_with(e))
    }
    let b = doc.as_bytes();
    let mut i = 0;
    let mut stack: Vec<String> = Vec::new();
    let mut elements = 0;
    let mut roots = 0;
    if doc.starts_with("<?xml") {
        i = doc.find("?>").ok_or("unclosed XML declaration")? + 2;
    }
    while i < b.len() {
        if b[i] == b'<' {
            let end = doc[i..].find('>').ok_or("unclosed tag")? + i;
            let tag = &doc[i + 1..end];
            if let Some(name) = tag.strip_prefix('/') {
                let open = stack.pop().ok_or(format!("</{name}> closes nothing"))?;
                if open != name.trim() {
                    return Err(format!("<{open}> closed by </{name}>"));
                }
            } else {
                let self_closing = tag.ends_with('/');
                let body = tag.trim_end_matches('/');
                let name_end = body.find(|c: char| c.is_whitespace()).unwrap_or(body.len());
                let name = &body[..name_end];
                if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric()) {
                    return Err(format!("bad tag name in <{tag}>"));
                }
                // Attributes: name="value" pairs.
                let mut rest = body[name_end..].trim_start();
                while !rest.is_empty() {
                    let eq = rest
                        .find('=')
                        .ok_or(format!("attribute without value in <{tag}>"))?;
                    let aname = &rest[..eq];
                    if aname.is_empty()
                        || !aname
                            .chars()
                            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == ':')
                    {
                        return Err(format!("bad attribute name {aname:?} in <{name}>"));
                    }
                    let after = &rest[eq + 1..];
                    if !after.starts_with('"') {
                        return Err(format!("unquoted attribute {aname} in <{name}>"));
                    }
                    let close = after[1..].find('"').ok_or("unclosed attribute value")? + 1;
                    let value = &after[1..close];
                    if value.contains('<') {
                        return Err(format!("raw < in attribute {aname}"));
                    }
                    for (k, _) in value.match_indices('&') {
                        if !entity_ok(&value[k + 1..]) {
                            return Err(format!("stray & in attribute {aname}"));
                        }
                    }
                    rest = after[close + 1..].trim_start();
                }
                if stack.is_empty() {
                    roots += 1;
                }
                elements += 1;
                if !self_closing {
                    stack.push(name.to_string());
                }
            }
            i = end + 1;
        } else {
            if b[i] == b'&' && !entity_ok(&doc[i + 1..]) {
                return Err(format!("stray & at byte {i}"));
            }
            if stack.is_empty() && !b[i].is_ascii_whitespace() {
                return Err(format!("text outside the root at byte {i}"));
            }
            i += 1;
        }
    }
    if let Some(open) = stack.pop() {
        return Err(format!("<{open}> never closed"));
    }
    if roots != 1 {
        return Err(format!("{roots} root elements"));
    }
    Ok(elements)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settlement::{Mode, Settlement};

    fn count(svg: &str, needle: &str) -> usize {
        svg.matches(needle).count()
    }

    /// The worked position of the element-count test (x = column from the left, y = row from
    /// the top). Black's stone at D3 (3, 2) and White's at A1 (0, 4) are dead.
    const DEAD_STONES: &str = "
        . X O . .
        . X O . .
        X X O X .
        . X O O O
        O X O . .";

    fn dead_stones_diagram() -> Diagram {
        let b = Board::from_ascii(DEAD_STONES).unwrap();
        let dead = [b.point(Coord::new(3, 2)), b.point(Coord::new(0, 4))];
        let st = Settlement::settle(&b, &dead, &[], Mode::Pause).unwrap();
        Diagram::from_settlement(&b, &st, &[])
    }

    #[test]
    fn the_worked_position_draws_what_a_hand_count_gives() {
        let d = dead_stones_diagram();
        let svg = d.to_svg();
        check_xml(&svg).unwrap();
        // Hand count: Black B5 B4 A3 B3 D3 B2 B1 = 7 stones, White C5 C4 C3 C2 D2 E2 A1 C1 = 8;
        // all 15 are drawn, the two dead ones faded and crossed.
        assert_eq!(count(&svg, "class=\"stone "), 15);
        assert_eq!(count(&svg, "class=\"stone black"), 7);
        assert_eq!(count(&svg, "class=\"stone white"), 8);
        assert_eq!(count(&svg, "class=\"stone black dead\""), 1);
        assert_eq!(count(&svg, "class=\"stone white dead\""), 1);
        assert_eq!(count(&svg, "class=\"cross\""), 2);
        // Black's territory: A5 A4 (behind B5 B4 A3) and A2 with the dead A1 = 4 points.
        // White's: D5 E5 D4 E4 E3 with the dead D3 = 6, and D1 E1 = 2: 8 points.
        // 10 empty points + 2 dead stones = 12 marks.
        assert_eq!(count(&svg, "class=\"mark territory black\""), 4);
        assert_eq!(count(&svg, "class=\"mark territory white\""), 8);
        assert_eq!(count(&svg, "class=\"mark "), 12);
        // No star points below 7x7; 5 letters and 5 numbers, each written twice.
        assert_eq!(count(&svg, "class=\"star\""), 0);
        assert_eq!(count(&svg, "class=\"coord\""), 20);
        assert_eq!(
            d.legend(),
            vec![
                LegendItem::DeadStone(Color::Black),
                LegendItem::DeadStone(Color::White),
                LegendItem::Territory(Color::Black),
                LegendItem::Territory(Color::White),
            ]
        );
        assert_eq!(count(&svg, "class=\"legend\""), 4);
        assert_eq!(
            d.mark(Coord::new(3, 2)),
            Some(Mark::Territory(Color::White))
        );
        assert!(d.is_dead(Coord::new(0, 4)));
        assert_eq!(d.stone(Coord::new(0, 4)), Some(Color::White));
    }

    #[test]
    fn the_same_diagram_gives_the_same_bytes() {
        let a = dead_stones_diagram().with_title("t").to_svg();
        let b = dead_stones_diagram().with_title("t").to_svg();
        assert_eq!(a, b);
    }

    #[test]
    fn coordinates_skip_i_and_count_rows_from_the_bottom() {
        let d = Diagram::new(19, &[], &[], &[], &[]).unwrap();
        let svg = d.to_svg();
        check_xml(&svg).unwrap();
        for l in ["A", "H", "J", "T"] {
            assert!(svg.contains(&format!("fill=\"#4a3410\">{l}</text>")), "{l}");
        }
        assert!(!svg.contains("fill=\"#4a3410\">I</text>"));
        assert!(svg.contains("fill=\"#4a3410\">19</text>"));
        // 19x19 has the nine usual star points.
        assert_eq!(count(&svg, "class=\"star\""), 9);
        assert_eq!(star_points(9).len(), 5);
        assert_eq!(star_points(13).len(), 5);
        assert_eq!(star_points(6).len(), 0);
    }

    #[test]
    fn every_mark_appears_in_the_legend_and_text_is_escaped() {
        let c = Coord::new;
        let stones = [
            (c(0, 0), Color::Black),
            (c(1, 0), Color::White),
            (c(2, 0), Color::Black),
        ];
        let marks = [
            (c(0, 1), Mark::Territory(Color::Black)),
            (c(1, 1), Mark::Territory(Color::White)),
            (c(2, 1), Mark::SekiEye(Color::Black)),
            (c(0, 2), Mark::SekiEye(Color::White)),
            (c(1, 2), Mark::KoPoint(Color::Black)),
            (c(2, 2), Mark::KoPoint(Color::White)),
            (c(0, 3), Mark::OneSidedDame(Color::Black)),
            (c(1, 3), Mark::OneSidedDame(Color::White)),
            (c(2, 3), Mark::Shared),
            (c(3, 3), Mark::DameLeft),
            // A mark on a live stone is not drawn.
            (c(0, 0), Mark::Shared),
        ];
        let d = Diagram::new(
            4,
            &stones,
            &[c(1, 0)],
            &marks,
            &[(c(2, 0), NegativeKind::A), (c(0, 0), NegativeKind::B)],
        )
        .unwrap()
        .with_title("a <title> & \"quotes\"")
        .with_caption(&["line one\nline two & more"]);
        let svg = d.to_svg();
        check_xml(&svg).unwrap();
        assert!(svg.contains("a &lt;title&gt; &amp; &quot;quotes&quot;"));
        assert!(svg.contains("line two &amp; more"));
        // One dead colour, 5 kinds of mark for each side but the shared two, 2 negative kinds.
        assert_eq!(d.legend().len(), 1 + 4 * 2 + 2 + 2);
        assert_eq!(count(&svg, "class=\"legend\""), 13);
        assert_eq!(count(&svg, "class=\"negative "), 2 + 2);
        assert_eq!(d.mark(c(0, 0)), None);
        assert_eq!(count(&svg, "class=\"mark shared\""), 1);
    }

    #[test]
    fn every_size_is_well_formed_and_bad_data_is_refused() {
        for n in MIN_SIZE..=MAX_SIZE {
            let d = Diagram::new(n, &[(Coord::new(0, 0), Color::Black)], &[], &[], &[]).unwrap();
            check_xml(&d.to_svg()).unwrap_or_else(|e| panic!("{n}x{n}: {e}"));
        }
        assert_eq!(
            Diagram::new(1, &[], &[], &[], &[]),
            Err(DiagramError::Size { size: 1 })
        );
        assert_eq!(
            Diagram::new(26, &[], &[], &[], &[]),
            Err(DiagramError::Size { size: 26 })
        );
        assert_eq!(
            Diagram::new(3, &[(Coord::new(3, 0), Color::Black)], &[], &[], &[]),
            Err(DiagramError::OffBoard {
                at: Coord::new(3, 0),
                size: 3
            })
        );
        let e = Diagram::new(3, &[], &[Coord::new(0, 0)], &[], &[]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "dead stone at A3 is not a stone of the diagram"
        );
    }

    #[test]
    fn escape_drops_what_xml_forbids() {
        assert_eq!(escape("a\u{1}b<'>"), "ab&lt;&apos;&gt;");
        assert!(check_xml("<a><b x=\"1\"/></a>").is_ok());
        assert!(check_xml("<a><b></a>").is_err());
        assert!(check_xml("<a>&</a>").is_err());
        assert!(check_xml("<a x=1/>").is_err());
    }

    #[test]
    fn wrap_breaks_at_spaces() {
        assert_eq!(wrap("aa bb cc", 5), vec!["aa bb", "cc"]);
        assert_eq!(wrap("averylongword x", 4), vec!["averylongword", "x"]);
        assert!(wrap("   ", 5).is_empty());
    }

    #[test]
    fn tick_steps_are_round_and_labels_exact() {
        assert_eq!(nice_step(0.3), Step { m: 5, e: -1 });
        assert_eq!(nice_step(2.0), Step { m: 2, e: 0 });
        assert_eq!(nice_step(2.1), Step { m: 5, e: 0 });
        assert_eq!(nice_step(7.0), Step { m: 1, e: 1 });
        assert_eq!(nice_step(130.0), Step { m: 2, e: 2 });
        assert_eq!(Step { m: 5, e: -1 }.label(3), "1.5");
        assert_eq!(Step { m: 2, e: -2 }.label(1), "0.02");
        assert_eq!(Step { m: 2, e: 2 }.label(3), "600");
    }

    #[test]
    fn bar_chart_draws_one_bar_per_value() {
        let groups: Vec<String> = ["last_move_parity", "seki_eye", "overflow"]
            .map(String::from)
            .to_vec();
        let series: Vec<String> = ["9x9", "13x13", "19x19"].map(String::from).to_vec();
        let values = vec![
            vec![12.5, 8.0, 3.25],
            vec![0.0, 0.5, 1.0],
            vec![0.0, 0.0, 0.0],
        ];
        let svg = bar_chart("divergence <rate>", &groups, &series, &values, "% of games");
        check_xml(&svg).unwrap();
        assert_eq!(count(&svg, "class=\"bar "), 9);
        // The largest value 12.5: step nice(2.5) = 5, ticks 0, 5, 10, 15.
        assert_eq!(count(&svg, "class=\"tick\""), 4);
        assert!(svg.contains(">15</text>"));
        // Zero-height bars for the zeros, labelled with one decimal more than the ticks.
        assert_eq!(count(&svg, "height=\"0\""), 4);
        assert!(svg.contains(">12.5</text>") && svg.contains(">3.2</text>"));
        assert_eq!(count(&svg, "class=\"legend\""), 3);
        assert!(svg.contains("divergence &lt;rate&gt;"));
        // Underscores read as spaces; a long name is broken over lines.
        assert!(svg.contains(">last move</text>") && svg.contains(">parity</text>"));
        assert_eq!(
            svg,
            bar_chart("divergence <rate>", &groups, &series, &values, "% of games")
        );
    }

    #[test]
    fn bar_chart_survives_empty_and_odd_input() {
        let svg = bar_chart("empty", &[], &[], &[], "");
        check_xml(&svg).unwrap();
        assert!(svg.contains("no data"));
        let svg = bar_chart(
            "odd",
            &["a".into(), "b".into()],
            &["s".into(), "t".into()],
            &[vec![f64::NAN, -1.0], vec![0.0]],
            "x",
        );
        check_xml(&svg).unwrap();
        // NaN and the missing value draw no bar; -1 draws none either; 0 draws a flat one.
        assert_eq!(count(&svg, "class=\"bar "), 1);
        assert_eq!(count(&svg, ">n/a</text>"), 2);
    }
}
