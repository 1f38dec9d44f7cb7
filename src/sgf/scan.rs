//! The tree structure of an SGF text, checked before `sgf-parse` sees it: where the first game
//! tree starts and ends, its main line's nodes (bounded by [`MAX_NODES`]), the side variations
//! to cut, a doubled `GM` in the root, and the node reached at a byte offset (for errors).

use super::{SgfError, MAX_NODES};

/// Finds the first `(` followed (after optional whitespace) by `;`.
pub(super) fn find_tree_start(text: &str) -> Option<usize> {
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'(' {
            let mut j = i + 1;
            while j < b.len() && b[j].is_ascii_whitespace() {
                j += 1;
            }
            if j < b.len() && b[j] == b';' {
                return Some(i);
            }
        }
        i += 1;
    }
    None
}

/// What [`prescan`] found in the first game tree.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Scan {
    /// Nodes of the main line of the first game tree (side variations are not counted).
    pub(super) nodes: usize,
    /// Byte length of the first game tree (up to its closing `)`).
    pub(super) end: usize,
    /// Game trees that follow it.
    pub(super) more_trees: usize,
    /// Byte ranges of the side variations (every game tree but the first child of a node),
    /// outermost only: they are cut from the text before parsing, never built.
    pub(super) side: Vec<(usize, usize)>,
}

/// Walks the first game tree as the SGF lexer does, counting the nodes of its main line and
/// checking that every value and game tree is closed and that the tree structure is well formed
/// (`(` is followed by `;`, `)` by `(`, `)` or the end), so that truncation is reported with the
/// node where it happened and `sgf-parse` never fails after building a deep tree (it would drop
/// it recursively). Side variations (a game tree opened right after another closed: a second or
/// later child) are checked the same way but not counted, and their byte ranges are returned so
/// that they can be cut before parsing: only [`MAX_BYTES`](super::MAX_BYTES) bounds them.
pub(super) fn prescan(text: &str) -> Result<Scan, SgfError> {
    let mut s = Scanner::new(text);
    for (i, ch) in text.char_indices() {
        if s.in_value {
            s.value_char(ch);
            continue;
        }
        if ch.is_whitespace() {
            s.ident_gap = s.ident.is_some();
            continue;
        }
        // Identifiers and values. (sgf-parse would read anything up to the next `[` as an
        // identifier and keep only its capitals, so `B[aa] ] ;W[bb]` would put both moves in
        // one node: refuse it here, naming the node.)
        if ch.is_ascii_alphabetic() && s.expect == Expect::Any {
            s.identifier_char(i, ch)?;
            continue;
        }
        s.check_outside_value(ch)?;
        s.check_order(ch)?;
        if s.structure(i, ch)? {
            break;
        }
    }
    s.finish()
}

/// What the next non-whitespace character outside a value must be.
#[derive(PartialEq)]
enum Expect {
    Any,
    Node,
    AfterClose,
}

/// The state of [`prescan`]'s walk over the text, one character at a time.
struct Scanner<'a> {
    text: &'a str,
    in_value: bool,
    escaped: bool,
    depth: usize,
    nodes: usize,
    expect: Expect,
    end: Option<usize>,
    side: Vec<(usize, usize)>,
    /// The side variation being skipped: where it starts and the depth outside it.
    skipping: Option<(usize, usize)>,
    /// The property identifier being read (byte range), whether whitespace followed it, and
    /// whether a value just closed (so that `[` may start another value of the same property).
    ident: Option<(usize, usize)>,
    ident_gap: bool,
    after_value: bool,
}

impl<'a> Scanner<'a> {
    fn new(text: &'a str) -> Scanner<'a> {
        Scanner {
            text,
            in_value: false,
            escaped: false,
            depth: 0,
            nodes: 0,
            expect: Expect::Any,
            end: None,
            side: Vec::new(),
            skipping: None,
            ident: None,
            ident_gap: false,
            after_value: false,
        }
    }

    /// A syntax error in the node being read.
    fn syntax(&self, detail: String) -> SgfError {
        SgfError::Syntax {
            node: self.nodes.saturating_sub(1),
            detail,
        }
    }

    /// A character inside a property value: only an unescaped `]` matters.
    fn value_char(&mut self, ch: char) {
        if self.escaped {
            self.escaped = false;
        } else if ch == '\\' {
            self.escaped = true;
        } else if ch == ']' {
            self.in_value = false;
            self.after_value = true;
        }
    }

    /// A letter of a property identifier, which must be followed by its value.
    fn identifier_char(&mut self, i: usize, ch: char) -> Result<(), SgfError> {
        match self.ident {
            Some((a, b)) if self.ident_gap => {
                return Err(self.syntax(format!(
                    "property identifier {} has no value",
                    &self.text[a..b]
                )))
            }
            Some((a, _)) => self.ident = Some((a, i + 1)),
            None if self.nodes == 0 => {
                return Err(self.syntax(format!(
                    "property identifier starting with '{ch}' before the first node's ';'"
                )))
            }
            None => self.ident = Some((i, i + 1)),
        }
        self.after_value = false;
        Ok(())
    }

    /// Refuses a character outside a value that SGF does not allow there: a `[` without an
    /// identifier, an identifier without a value, a stray `]`, anything but structure.
    fn check_outside_value(&mut self, ch: char) -> Result<(), SgfError> {
        match ch {
            '[' if self.ident.is_none() && !self.after_value => {
                return Err(self.syntax("a value '[' with no property identifier before it".into()))
            }
            ';' | '(' | ')' if self.ident.is_some() => {
                let (a, b) = self.ident.unwrap_or_default();
                return Err(self.syntax(format!(
                    "property identifier {} has no value",
                    &self.text[a..b]
                )));
            }
            ']' => {
                return Err(self.syntax(
                    "a ']' outside any property value (a '[' is missing, or a ']' is doubled)"
                        .into(),
                ))
            }
            '[' | ';' | '(' | ')' => {}
            _ if self.expect == Expect::Any => {
                return Err(self.syntax(format!(
                    "'{ch}' outside any property value (a '[' may be missing)"
                )))
            }
            _ => {}
        }
        self.ident = None;
        self.ident_gap = false;
        self.after_value = false;
        Ok(())
    }

    /// Checks the tree structure: `(` is followed by `;`, `)` by `(` or `)`.
    fn check_order(&self, ch: char) -> Result<(), SgfError> {
        let node = self.nodes.saturating_sub(1);
        match self.expect {
            Expect::Node if ch != ';' => Err(SgfError::NotSgf {
                node,
                detail: format!(
                    "'(' is followed by '{ch}' instead of ';' (a game tree starts with a node)"
                ),
            }),
            Expect::AfterClose if ch != '(' && ch != ')' => Err(SgfError::NotSgf {
                node,
                detail: format!("')' is followed by '{ch}' instead of '(' or ')'"),
            }),
            _ => Ok(()),
        }
    }

    /// Follows a structural character (`[`, `(`, `)`, `;`): values, game trees (and the side
    /// variations among them) and the nodes of the main line. Returns whether the first game
    /// tree just closed.
    fn structure(&mut self, i: usize, ch: char) -> Result<bool, SgfError> {
        let previous_close = self.expect == Expect::AfterClose;
        self.expect = Expect::Any;
        match ch {
            '[' => self.in_value = true,
            '(' => {
                // A tree right after a closed one is a second (or later) child: a side line.
                if self.skipping.is_none() && previous_close {
                    self.skipping = Some((i, self.depth));
                }
                self.depth += 1;
                self.expect = Expect::Node;
            }
            ')' => {
                if self.depth == 0 {
                    return Err(SgfError::NotSgf {
                        node: self.nodes.saturating_sub(1),
                        detail: "')' closes a game tree that was never opened".into(),
                    });
                }
                self.depth -= 1;
                if let Some((start, d)) = self.skipping {
                    if d == self.depth {
                        self.side.push((start, i + 1));
                        self.skipping = None;
                    }
                }
                if self.depth == 0 {
                    self.end = Some(i + 1);
                    return Ok(true);
                }
                self.expect = Expect::AfterClose;
            }
            ';' if self.skipping.is_some() => {}
            ';' => {
                self.nodes += 1;
                if self.nodes > MAX_NODES {
                    return Err(SgfError::TooLarge {
                        nodes: self.nodes,
                        limit: MAX_NODES,
                    });
                }
            }
            _ => {}
        }
        Ok(false)
    }

    /// The scan once the walk stops: the first tree must be closed, and no value left open.
    fn finish(self) -> Result<Scan, SgfError> {
        let node = self.nodes.saturating_sub(1);
        if self.in_value {
            return Err(SgfError::Truncated {
                node,
                detail: "a property value is not closed with ']'".into(),
            });
        }
        let Some(end) = self.end else {
            return Err(SgfError::Truncated {
                node,
                detail: format!("{} game tree(s) not closed with ')'", self.depth),
            });
        };
        Ok(Scan {
            nodes: self.nodes,
            end,
            more_trees: count_trees(&self.text[end..]),
            side: self.side,
        })
    }
}

/// The byte ranges of the second and later `GM` properties of the root node (`text` starts at
/// the first game tree and has passed [`prescan`]).
pub(super) fn doubled_root_gm(text: &str) -> Vec<(usize, usize)> {
    let b = text.as_bytes();
    let mut found = Vec::new();
    let mut seen = false;
    let mut i = match text.find(';') {
        Some(i) => i + 1,
        None => return found,
    };
    while i < b.len() {
        match b[i] {
            b';' | b'(' | b')' => break,
            b'[' => {
                // Skip a value, escapes included.
                i += 1;
                while i < b.len() && b[i] != b']' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
            }
            c if c.is_ascii_alphabetic() => {
                let start = i;
                while i < b.len() && b[i].is_ascii_alphabetic() {
                    i += 1;
                }
                let ident = &text[start..i];
                // The identifier's values: `[..]` groups separated by whitespace.
                let mut end = i;
                loop {
                    let mut j = end;
                    while j < b.len() && b[j].is_ascii_whitespace() {
                        j += 1;
                    }
                    if j >= b.len() || b[j] != b'[' {
                        break;
                    }
                    j += 1;
                    while j < b.len() && b[j] != b']' {
                        j += if b[j] == b'\\' { 2 } else { 1 };
                    }
                    end = (j + 1).min(b.len());
                }
                if ident == "GM" {
                    if seen {
                        found.push((start, end));
                    }
                    seen = true;
                }
                i = end;
            }
            _ => i += 1,
        }
    }
    found
}

/// `text` without the byte ranges of `cut` (sorted, disjoint, on character boundaries).
pub(super) fn cut_ranges(text: &str, cut: &[(usize, usize)]) -> String {
    let mut s = String::with_capacity(text.len());
    let mut from = 0;
    for &(a, b) in cut {
        s.push_str(&text[from..a]);
        from = b;
    }
    s.push_str(&text[from..]);
    s
}

/// The characters of `text` that lie outside property values (brackets and escapes read as
/// SGF reads them; the brackets themselves are left out).
fn outside_values(text: &str) -> impl Iterator<Item = char> + '_ {
    let (mut in_value, mut escaped) = (false, false);
    text.chars().filter(move |&ch| {
        if in_value {
            if escaped {
                escaped = false;
            } else if ch == '\\' {
                escaped = true;
            } else if ch == ']' {
                in_value = false;
            }
            false
        } else if ch == '[' {
            in_value = true;
            false
        } else {
            true
        }
    })
}

/// Counts the top-level game trees in `text`, leniently (only for a note).
fn count_trees(text: &str) -> usize {
    let mut depth = 0usize;
    let mut trees = 0usize;
    for ch in outside_values(text) {
        match ch {
            '(' => {
                if depth == 0 {
                    trees += 1;
                }
                depth += 1;
            }
            ')' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    trees
}

/// Node index (counted along the text) reached at the end of `prefix`.
pub(super) fn node_in_text(prefix: &str) -> usize {
    outside_values(prefix)
        .filter(|&ch| ch == ';')
        .count()
        .saturating_sub(1)
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn prescan_names_the_node() {
        assert_eq!(
            prescan("(;GM[1];B[aa];W[bb"),
            Err(SgfError::Truncated {
                node: 2,
                detail: "a property value is not closed with ']'".into()
            })
        );
        assert!(matches!(
            prescan("(;GM[1];B[aa]"),
            Err(SgfError::Truncated { node: 1, .. })
        ));
        assert_eq!(
            prescan("(;C[a\\]b;c];B[aa]) (;B[aa])(;W[bb])"),
            Ok(Scan {
                nodes: 2,
                end: 18,
                more_trees: 2,
                side: vec![]
            })
        );
        assert!(matches!(
            prescan("(;B[aa](B[bb]))"),
            Err(SgfError::NotSgf { node: 0, .. })
        ));
        assert!(matches!(
            prescan("(;B[aa](;W[bb])C[x])"),
            Err(SgfError::NotSgf { node: 1, .. })
        ));
    }
}
