//! The properties of the main line read into an [`SgfRecord`]: board size, moves, setup stones,
//! the player to move and the handicap, komi (in its three forms), rules, result, comment and
//! the territory marks of the last node. Nothing is played here.

use std::collections::HashSet;

use sgf_parse::go::{Move as SgfParseMove, Point as SgfPoint, Prop};
use sgf_parse::{SgfNode, SgfProp};

use super::{RecordedResult, SetupEdit, SgfError, SgfMove, SgfRecord};
use crate::engine::{Color, Coord, PerSide};

fn values_text(vals: &[String]) -> String {
    vals.join("][")
}

/// Converts `KM` to half-points; see [`SgfRecord::komi_half_points`].
///
/// Three forms are found in the wild and told apart by their value alone (`RU` is not looked
/// at, as its spellings vary too much to be trusted):
/// * points, the FF\[4\] meaning: `6.5`, `7.5`, `0`, `-3.5` (a whole number of half-points);
/// * stones, the Chinese way of stating komi (1 stone = 2 points): `3.75` = 7.5 points,
///   `2.75` = 5.5 points; a value in quarters that is not in halves can only be stones;
/// * hundredths of either (Fox): `375` = 3.75 stones = 7.5 points, `650` = 6.5 points; any
///   value of 100 or more in absolute value, as no real komi is that large.
fn komi_half_points(km: f64, notes: &mut Vec<String>) -> Option<i32> {
    if !km.is_finite() || km.abs() > 1.0e6 {
        notes.push(format!("KM[{km}] is not a usable komi: ignored"));
        return None;
    }
    let (value, hundredths) = if km.abs() >= 100.0 {
        (km / 100.0, true)
    } else {
        (km, false)
    };
    // Exact in f64: every quarter of a value under 1e4 is representable.
    let quarters = value * 4.0;
    if quarters.fract() != 0.0 {
        notes.push(format!(
            "KM[{km}] is neither a whole number of half-points nor of quarter stones: ignored"
        ));
        return None;
    }
    let quarters = quarters as i32;
    let (half_points, how) = if quarters % 2 == 0 {
        (quarters / 2, format!("{value} points"))
    } else {
        // x.25 or x.75: stones. 1 stone = 2 points = 4 half-points, so half-points = quarters.
        (
            quarters,
            format!("{value} stones = {} points", f64::from(quarters) / 2.0),
        )
    };
    if hundredths {
        notes.push(format!("KM[{km}] read as hundredths (Fox): {how}"));
    } else if quarters % 2 != 0 {
        notes.push(format!("KM[{km}] read in stones (Chinese): {how}"));
    }
    Some(half_points)
}

/// The loser named by a result such as `B+R`, `W+Resign`.
fn resigned_from(result: &str) -> Option<Color> {
    let r = result.trim();
    let mut chars = r.chars();
    let winner = match chars.next()?.to_ascii_uppercase() {
        'B' => Color::Black,
        'W' => Color::White,
        _ => return None,
    };
    if chars.next()? != '+' {
        return None;
    }
    match chars.next()? {
        'R' | 'r' => Some(winner.opp()),
        _ => None,
    }
}

struct Reader {
    rec: SgfRecord,
}

impl Reader {
    fn coord(&self, node: usize, prop: &str, p: SgfPoint) -> Result<Coord, SgfError> {
        if p.x >= self.rec.size || p.y >= self.rec.size {
            return Err(SgfError::OffBoard {
                node,
                prop: prop.to_string(),
                at: point_text(p),
                size: self.rec.size,
            });
        }
        Ok(Coord::new(p.x, p.y))
    }

    fn points(
        &self,
        node: usize,
        prop: &str,
        set: &HashSet<SgfPoint>,
    ) -> Result<Vec<Coord>, SgfError> {
        // sgf-parse hands point lists over as a hash set: sorted first, so that the error for
        // a list with several off-board points names the same one (the first by row) each run.
        let mut pts: Vec<SgfPoint> = set.iter().copied().collect();
        pts.sort_by_key(|p| (p.y, p.x));
        let mut v = pts
            .into_iter()
            .map(|p| self.coord(node, prop, p))
            .collect::<Result<Vec<_>, _>>()?;
        v.sort();
        Ok(v)
    }

    fn move_at(&self, node: usize, prop: &str, m: SgfParseMove) -> Result<Option<Coord>, SgfError> {
        match m {
            SgfParseMove::Pass => Ok(None),
            SgfParseMove::Move(p) if self.rec.size <= 19 && p.x == 19 && p.y == 19 => Ok(None),
            SgfParseMove::Move(p) => self.coord(node, prop, p).map(Some),
        }
    }

    fn read_size(&mut self, props: &[Prop]) -> Result<(), SgfError> {
        for p in props {
            match p {
                Prop::SZ((a, b)) => {
                    let value = if a == b {
                        a.to_string()
                    } else {
                        format!("{a}:{b}")
                    };
                    if a != b {
                        return Err(SgfError::BadSize {
                            node: 0,
                            value,
                            why: "the board is not square".into(),
                        });
                    }
                    if !(crate::engine::MIN_SIZE..=crate::engine::MAX_SIZE).contains(a) {
                        return Err(SgfError::BadSize {
                            node: 0,
                            value,
                            why: "out of range".into(),
                        });
                    }
                    self.rec.size = *a;
                }
                Prop::Invalid(id, vals) if id == "SZ" => {
                    return Err(SgfError::BadSize {
                        node: 0,
                        value: values_text(vals),
                        why: "not a number from 2 to 25".into(),
                    })
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// A handicap game: Black's setup stones only, and `HA` of 2 or more (or no `HA` and a first
    /// move by White). In SGF, White moves first after handicap stones; `PL` overrides.
    fn read_handicap(&mut self) {
        let black = self
            .rec
            .setup
            .iter()
            .filter(|s| s.1 == Color::Black)
            .count();
        let white = self.rec.setup.len() - black;
        let first = self.rec.moves.first().map(|m| m.color);
        let declared = self.rec.handicap.is_some_and(|h| h >= 2);
        if black == 0 || white > 0 || !(declared || first == Some(Color::White)) {
            return;
        }
        let ha = match self.rec.handicap {
            Some(h) if h == black as i64 => format!(" (HA[{h}])"),
            Some(h) => format!(" (HA[{h}] says {h}: the stones on the board are counted)"),
            None => " (no HA: read from the setup and White's first move)".into(),
        };
        let who = match self.rec.player_to_move {
            Some(c) => format!("PL[{}] names the first player", c.letter()),
            None => {
                self.rec.player_to_move = Some(Color::White);
                "White moves first".into()
            }
        };
        self.rec.notes.push(format!(
            "handicap game: {black} black setup stones{ha}; {who}; the handicap stones count as moves of Black made before the first move, the rule sets that give White a handicap compensation add it to their komi (jpd score notes which), and balancing makes up the move difference as for any setup (a departure from the Art. 14 table is reported as the balancing fallback)"
        ));
    }

    /// Reads the properties of node `node` of the main line: at most one move, setup before
    /// the first move, the player to move, the game information and the territory marks (the
    /// last node's are kept).
    fn read_node(&mut self, node: usize, props: &[Prop]) -> Result<(), SgfError> {
        let is_move = |p: &Prop| match p {
            Prop::B(_) | Prop::W(_) => true,
            Prop::Invalid(id, _) => id == "B" || id == "W",
            _ => false,
        };
        let mut n = NodeReading {
            node,
            // Setup (AB/AW/AE) is read into the starting position while no move has been read
            // (in a node with a move, it comes before that move); after that it is an edit of
            // the position, applied by the replay (see `SgfRecord::edits`).
            before_first: self.rec.moves.is_empty(),
            beside_move: props.iter().any(is_move),
            has_setup: props
                .iter()
                .any(|p| matches!(p, Prop::AB(_) | Prop::AW(_) | Prop::AE(_))),
            mv: None,
            territory: PerSide::default(),
            added: Vec::new(),
            removed: Vec::new(),
        };
        for p in props {
            if let Some(m) = self.move_of(node, p)? {
                if let Some(first) = &n.mv {
                    return Err(SgfError::TwoMovesInOneNode {
                        node,
                        first: first.2.clone(),
                        second: m.2,
                    });
                }
                n.mv = Some(m);
            }
            self.read_setup(p, &mut n)?;
            self.read_player(node, p, n.has_setup);
            self.read_game_info(node, p);
            self.read_territory(p, &mut n)?;
        }
        self.apply_setup(&n);
        if let Some((color, at, _)) = n.mv {
            self.rec.moves.push(SgfMove { color, at, node });
        }
        for side in Color::BOTH {
            n.territory[side].sort();
            n.territory[side].dedup();
        }
        self.rec.territory = n.territory;
        Ok(())
    }

    /// The move a `B` or `W` property makes (colour, point, and the property as written for
    /// errors); `None` for any other property.
    fn move_of(&self, node: usize, p: &Prop) -> Result<Option<NodeMove>, SgfError> {
        match p {
            Prop::B(m) | Prop::W(m) => {
                let (c, id) = if matches!(p, Prop::B(_)) {
                    (Color::Black, "B")
                } else {
                    (Color::White, "W")
                };
                let at = self.move_at(node, id, *m)?;
                let text = match m {
                    SgfParseMove::Pass => String::new(),
                    SgfParseMove::Move(q) => point_text(*q),
                };
                Ok(Some((c, at, format!("{id}[{text}]"))))
            }
            Prop::Invalid(id, vals) if id == "B" || id == "W" => {
                let c = if id == "B" {
                    Color::Black
                } else {
                    Color::White
                };
                if vals.len() == 1 && vals[0].trim().is_empty() {
                    Ok(Some((c, None, format!("{id}[{}]", vals[0]))))
                } else if vals.len() > 1 {
                    // `B[aa]B[bb]`: sgf-parse hands a doubled identifier over as one
                    // property with several values.
                    Err(SgfError::TwoMovesInOneNode {
                        node,
                        first: format!("{id}[{}]", vals[0]),
                        second: format!("{id}[{}]", vals[1]),
                    })
                } else {
                    Err(SgfError::BadValue {
                        node,
                        prop: id.clone(),
                        value: values_text(vals),
                    })
                }
            }
            _ => Ok(None),
        }
    }

    /// `AB`, `AW` and `AE` (collected into `n`, applied by [`Reader::apply_setup`]), and the
    /// malformed `AB`/`AW`/`AE`/`PL` values (empty lists are ignored with a note).
    fn read_setup(&mut self, p: &Prop, n: &mut NodeReading) -> Result<(), SgfError> {
        let node = n.node;
        match p {
            Prop::AB(set) | Prop::AW(set) => {
                let (c, id) = if matches!(p, Prop::AB(_)) {
                    (Color::Black, "AB")
                } else {
                    (Color::White, "AW")
                };
                for at in self.points(node, id, set)? {
                    n.added.push((at, c));
                }
            }
            Prop::AE(set) => {
                if node == 0 {
                    self.rec
                        .notes
                        .push("AE in the root node ignored (the board starts empty)".into());
                } else {
                    n.removed.extend(self.points(node, "AE", set)?);
                }
            }
            // The numeric `PL` of FF[1]-FF[3] is the player's (see `read_player`).
            Prop::Invalid(id, vals)
                if id == "PL" && vals.len() == 1 && matches!(vals[0].trim(), "1" | "2") => {}
            Prop::Invalid(id, vals) if matches!(id.as_str(), "AB" | "AW" | "AE" | "PL") => {
                if vals.iter().all(|v| v.trim().is_empty()) && id != "PL" {
                    self.rec.notes.push(if node == 0 {
                        format!("{id} without points in the root ignored")
                    } else {
                        format!("node {node}: {id} without points ignored")
                    });
                } else {
                    return Err(SgfError::BadValue {
                        node,
                        prop: id.clone(),
                        value: values_text(vals),
                    });
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// `PL` before the first move (also in the numeric form of FF\[1\]-FF\[3\]: `PL[1]` Black,
    /// `PL[2]` White); after it, a note.
    fn read_player(&mut self, node: usize, p: &Prop, has_setup: bool) {
        let (c, written) = match p {
            Prop::PL(c) => {
                let c = match c {
                    sgf_parse::Color::Black => Color::Black,
                    sgf_parse::Color::White => Color::White,
                };
                (c, None)
            }
            Prop::Invalid(id, vals)
                if id == "PL" && vals.len() == 1 && matches!(vals[0].trim(), "1" | "2") =>
            {
                let v = vals[0].trim();
                let c = if v == "1" { Color::Black } else { Color::White };
                (c, Some(v))
            }
            _ => return,
        };
        if !self.rec.moves.is_empty() {
            // Beside an edit of the position the replay takes the colour of the next move as
            // the player to move; elsewhere PL changes nothing.
            if has_setup {
                return;
            }
            self.rec.notes.push(format!(
                "node {node}: PL[{}] after the first move ignored (the turn follows the moves)",
                written.map_or_else(|| c.letter().to_string(), str::to_string)
            ));
            return;
        }
        self.rec.player_to_move = Some(c);
        if let Some(v) = written {
            self.rec.notes.push(format!(
                "node {node}: PL[{v}] read as PL[{}] (the numeric form of FF[1]-FF[3])",
                c.letter()
            ));
        }
    }

    /// The game information: `HA`, `PB`, `PW` and `C` of the root, the first `KM`, `RU` and
    /// `RE` of the main line; `SZ` outside the root is ignored with a note.
    fn read_game_info(&mut self, node: usize, p: &Prop) {
        let is_root = node == 0;
        match p {
            Prop::HA(n) if is_root => self.rec.handicap = Some(*n),
            Prop::Invalid(id, vals) if id == "HA" && is_root => self.rec.notes.push(format!(
                "HA[{}] is not a number of stones: ignored",
                values_text(vals)
            )),
            Prop::KM(km) if self.rec.komi_raw.is_none() => {
                self.rec.komi_raw = Some(km.to_string());
                self.rec.komi_half_points = komi_half_points(*km, &mut self.rec.notes);
            }
            Prop::Invalid(id, vals) if id == "KM" && self.rec.komi_raw.is_none() => {
                self.rec.komi_raw = Some(values_text(vals));
                self.rec.notes.push(format!(
                    "node {node}: KM[{}] is not a number: komi unknown",
                    values_text(vals)
                ));
            }
            // Raw (escapes resolved, nothing else): the spellings are many, and reading them
            // is the job of `rules`, not of the reader.
            Prop::RU(t) if self.rec.rules.is_none() => self.rec.rules = Some(t.text.clone()),
            Prop::Invalid(id, vals) if id == "RU" && self.rec.rules.is_none() => {
                self.rec.rules = Some(values_text(vals))
            }
            Prop::RE(t) if self.rec.result.is_none() => self.read_result(&t.text),
            // A doubled RE: the first value is the result.
            Prop::Invalid(id, vals) if id == "RE" && self.rec.result.is_none() => {
                self.read_result(&vals[0])
            }
            Prop::PB(t) if is_root => self.rec.players.0 = Some(t.text.clone()),
            Prop::PW(t) if is_root => self.rec.players.1 = Some(t.text.clone()),
            Prop::C(t) if is_root => self.add_comment(&t.text),
            Prop::Invalid(id, vals) if id == "C" && is_root => self.add_comment(&vals.join("\n")),
            Prop::SZ(_) if !is_root => self
                .rec
                .notes
                .push(format!("node {node}: SZ outside the root ignored")),
            _ => {}
        }
    }

    /// `RE`: kept raw, and read as a resignation and as a [`RecordedResult`].
    fn read_result(&mut self, text: &str) {
        self.rec.result = Some(text.to_string());
        self.rec.resigned = resigned_from(text);
        self.rec.result_parsed = RecordedResult::parse(text, &mut self.rec.notes);
    }

    /// The root comment; a doubled `C` joins the texts with a newline.
    fn add_comment(&mut self, text: &str) {
        match &mut self.rec.comment {
            Some(c) => {
                c.push('\n');
                c.push_str(text);
            }
            None => self.rec.comment = Some(text.to_string()),
        }
    }

    /// `TB` and `TW` (a doubled one: the marks are joined).
    fn read_territory(&self, p: &Prop, n: &mut NodeReading) -> Result<(), SgfError> {
        let node = n.node;
        match p {
            Prop::TB(set) => n.territory.black.extend(self.points(node, "TB", set)?),
            Prop::TW(set) => n.territory.white.extend(self.points(node, "TW", set)?),
            Prop::Invalid(id, vals) if id == "TB" || id == "TW" => {
                return Err(SgfError::BadValue {
                    node,
                    prop: id.clone(),
                    value: values_text(vals),
                })
            }
            _ => {}
        }
        Ok(())
    }

    /// The setup of a node applied to the starting position: the root's stones are the
    /// position; a later node's before the first move are applied in order (AE empties
    /// points, AB/AW place stones, replacing what was there), with a note. After the first
    /// move the setup is an edit of the position, kept for the replay ([`SetupEdit`]).
    fn apply_setup(&mut self, n: &NodeReading) {
        let (node, added, removed) = (n.node, &n.added, &n.removed);
        if node == 0 {
            self.rec.setup.extend(added.iter().copied());
        } else if (!added.is_empty() || !removed.is_empty()) && !n.before_first {
            self.rec.edits.push(SetupEdit {
                node,
                before_move: self.rec.moves.len(),
                added: added.clone(),
                removed: removed.clone(),
            });
        } else if !added.is_empty() || !removed.is_empty() {
            let before = self.rec.setup.len();
            self.rec
                .setup
                .retain(|(at, _)| !removed.contains(at) && !added.iter().any(|(a, _)| a == at));
            let replaced = before - self.rec.setup.len();
            self.rec.setup.extend(added.iter().copied());
            self.rec.notes.push(format!(
                "node {node}: setup before the first move (AB/AW/AE: {} stone(s) placed, {replaced} removed or replaced) applied to the starting position{}",
                added.len(),
                if n.beside_move { ", before the move of that node" } else { "" }
            ));
        }
    }
}

/// A move as read from a node: colour, point (`None`: virtual), and the property as written.
type NodeMove = (Color, Option<Coord>, String);

/// What one node holds, gathered while its properties are read.
struct NodeReading {
    /// The node's index along the main line.
    node: usize,
    /// Whether no move has been read before this node (its setup is then part of the
    /// starting position).
    before_first: bool,
    /// Whether the node holds a move.
    beside_move: bool,
    /// Whether the node holds setup properties (`AB`, `AW`, `AE`).
    has_setup: bool,
    /// The node's move.
    mv: Option<NodeMove>,
    /// The node's territory marks.
    territory: PerSide<Vec<Coord>>,
    /// Setup stones placed (`AB`, `AW`) and points emptied (`AE`).
    added: Vec<(Coord, Color)>,
    removed: Vec<Coord>,
}

fn point_text(p: SgfPoint) -> String {
    fn letter(v: u8) -> char {
        match v {
            0..=25 => (b'a' + v) as char,
            26..=51 => (b'A' + v - 26) as char,
            _ => '?',
        }
    }
    format!("{}{}", letter(p.x), letter(p.y))
}

pub(super) fn read_main_line(
    root: SgfNode<Prop>,
    notes: Vec<String>,
    side_lines: bool,
) -> Result<SgfRecord, SgfError> {
    let mut r = Reader {
        rec: SgfRecord {
            notes,
            ..SgfRecord::empty(19)
        },
    };
    let mut variations = side_lines;
    let mut cur = Some(root);
    let mut index = 0usize;
    while let Some(mut node) = cur.take() {
        let mut children = std::mem::take(&mut node.children);
        if children.len() > 1 {
            variations = true;
        }
        let next = if children.is_empty() {
            None
        } else {
            Some(children.swap_remove(0))
        };
        for c in children {
            free_tree(c);
        }
        let res = if index == 0 {
            r.read_size(&node.properties)
                .and_then(|()| r.read_node(index, &node.properties))
        } else {
            r.read_node(index, &node.properties)
        };
        if let Err(e) = res {
            if let Some(n) = next {
                free_tree(n);
            }
            return Err(e);
        }
        cur = next;
        index += 1;
    }
    if variations {
        r.rec
            .notes
            .push("variations present: the main line is scored".into());
    }
    r.rec.setup.sort_by_key(|&(c, col)| (col, c));
    r.read_handicap();
    Ok(r.rec)
}

/// Drops a tree without recursion (sgf-parse's nodes drop recursively, one stack frame a node).
pub(super) fn free_tree<P: SgfProp>(node: SgfNode<P>) {
    let mut stack = vec![node];
    while let Some(mut n) = stack.pop() {
        stack.append(&mut n.children);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn komi_forms() {
        let mut n = Vec::new();
        assert_eq!(komi_half_points(6.5, &mut n), Some(13));
        assert_eq!(komi_half_points(7.5, &mut n), Some(15));
        assert_eq!(komi_half_points(0.0, &mut n), Some(0));
        assert_eq!(komi_half_points(-3.5, &mut n), Some(-7));
        assert!(n.is_empty());
        assert_eq!(komi_half_points(375.0, &mut n), Some(15));
        assert_eq!(n.len(), 1);
        assert_eq!(komi_half_points(3.75, &mut n), Some(15));
        assert_eq!(komi_half_points(2.75, &mut n), Some(11));
        assert_eq!(komi_half_points(-0.25, &mut n), Some(-1));
        assert_eq!(komi_half_points(650.0, &mut n), Some(13));
        assert_eq!(komi_half_points(-375.0, &mut n), Some(-15));
        assert_eq!(n.len(), 6);
        assert_eq!(komi_half_points(f64::NAN, &mut n), None);
        assert_eq!(komi_half_points(101.0, &mut n), None);
        assert_eq!(komi_half_points(6.3, &mut n), None);
    }

    #[test]
    fn resignation_forms() {
        assert_eq!(resigned_from("B+R"), Some(Color::White));
        assert_eq!(resigned_from("W+Resign"), Some(Color::Black));
        assert_eq!(resigned_from("b+res"), Some(Color::White));
        assert_eq!(resigned_from("B+3.5"), None);
        assert_eq!(resigned_from("W+T"), None);
        assert_eq!(resigned_from("0"), None);
        assert_eq!(resigned_from(""), None);
    }
}
