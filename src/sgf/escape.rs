//! [`escape_controls`]: the text of a record made safe to print on a terminal.

use std::borrow::Cow;
use std::fmt::Write;

/// `s` with every control character (C0, DEL, C1) and every bidirectional override or isolate
/// written as a visible escape (`\n`, `\t`, `\r`, `\x1b`, `\u{9b}`, `\u{202e}`), so that a
/// record's text (`RU`, `RE`, `PB`, `GN`, `CA`, `SZ`, ...) cannot move the cursor, recolour or
/// clear a terminal, or reorder the line it is printed in. Anything else, backslashes included,
/// is kept as it is, so ordinary text prints byte for byte.
pub fn escape_controls(s: &str) -> Cow<'_, str> {
    if !s.chars().any(needs_escape) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if needs_escape(c) && (c as u32) < 0x80 => {
                let _ = write!(out, "\\x{:02x}", c as u32);
            }
            c if needs_escape(c) => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// A control character, or a bidirectional override, embedding or isolate.
fn needs_escape(c: char) -> bool {
    c.is_control() || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_are_escaped_and_the_rest_kept() {
        assert!(matches!(
            escape_controls("Chinese 中国 a\\b"),
            Cow::Borrowed(_)
        ));
        assert_eq!(
            escape_controls("\u{1b}[2Jx\u{7}\ty\nz\r\u{7f}\u{9b}\u{202e}é"),
            "\\x1b[2Jx\\x07\\ty\\nz\\r\\x7f\\u{9b}\\u{202e}é"
        );
    }
}
