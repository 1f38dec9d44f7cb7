//! Colour for the text a person reads on a terminal: whether to use it (`--color`, `NO_COLOR`,
//! a terminal or not) and the few ANSI styles the text reports use. Files (CSV, JSON, SGF, SVG,
//! FINDINGS.md) are never styled: only the writers of terminal text take a [`Style`].

use std::ffi::OsStr;

/// `--color`: when the text output is coloured.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ColorChoice {
    /// Coloured when standard output is a terminal, `NO_COLOR` is unset or empty and `TERM` is
    /// not `dumb`.
    #[default]
    Auto,
    /// Always coloured, whatever the output and `NO_COLOR` (a flag overrides the environment).
    Always,
    /// Never coloured.
    Never,
}

impl ColorChoice {
    /// Whether to colour: `no_color` and `term` are the values of `NO_COLOR` and `TERM`,
    /// `terminal` whether standard output is a terminal. Under `Auto`, a `NO_COLOR` that is set
    /// and not empty turns colour off (no-color.org).
    pub fn resolve(self, no_color: Option<&OsStr>, term: Option<&OsStr>, terminal: bool) -> bool {
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                let no_color = no_color.is_some_and(|v| !v.is_empty());
                let dumb = term.is_some_and(|t| t == "dumb");
                terminal && !no_color && !dumb
            }
        }
    }
}

/// A style of the text reports, written as an ANSI escape sequence when colour is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// Headings and results.
    Bold,
    /// What holds or agrees.
    Good,
    /// What fails or disagrees.
    Bad,
    /// What matters without being a failure (a finding).
    Notice,
}

impl Style {
    /// The escape sequence that starts the style.
    fn start(self) -> &'static str {
        match self {
            Style::Bold => "\x1b[1m",
            Style::Good => "\x1b[32m",
            Style::Bad => "\x1b[1;31m",
            Style::Notice => "\x1b[33m",
        }
    }
}

/// The escape sequence that ends every style.
const RESET: &str = "\x1b[0m";

/// `text` in `style`: between its escape sequences when `color` is on, else unchanged.
pub fn paint(text: &str, style: Style, color: bool) -> String {
    if color && !text.is_empty() {
        format!("{}{text}{RESET}", style.start())
    } else {
        text.to_string()
    }
}

/// `line` with its byte range `at` painted (the rest unchanged); `line` itself when the range is
/// not on character boundaries of the line.
pub fn paint_range(line: &str, at: std::ops::Range<usize>, style: Style, color: bool) -> String {
    match (
        line.get(..at.start),
        line.get(at.clone()),
        line.get(at.end..),
    ) {
        (Some(before), Some(part), Some(after)) => {
            format!("{before}{}{after}", paint(part, style, color))
        }
        _ => line.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn auto_colours_only_a_terminal_without_no_color() {
        let auto = ColorChoice::Auto;
        assert!(auto.resolve(None, None, true));
        assert!(!auto.resolve(None, None, false), "not a terminal");
        assert!(
            !auto.resolve(Some(OsStr::new("1")), None, true),
            "NO_COLOR=1"
        );
        assert!(
            auto.resolve(Some(OsStr::new("")), None, true),
            "NO_COLOR empty"
        );
        assert!(
            !auto.resolve(None, Some(OsStr::new("dumb")), true),
            "TERM=dumb"
        );
        assert!(auto.resolve(None, Some(OsStr::new("xterm")), true));
    }

    #[test]
    fn a_flag_overrides_the_environment() {
        let nc = Some(OsStr::new("1"));
        assert!(ColorChoice::Always.resolve(nc, None, false));
        assert!(!ColorChoice::Never.resolve(None, None, true));
    }

    #[test]
    fn paint_wraps_only_when_colour_is_on() {
        assert_eq!(paint("W+7.5", Style::Bold, false), "W+7.5");
        assert_eq!(paint("W+7.5", Style::Bold, true), "\x1b[1mW+7.5\x1b[0m");
        assert_eq!(paint("", Style::Bad, true), "");
        assert_eq!(
            paint_range("a holds b", 2..7, Style::Good, true),
            "a \x1b[32mholds\x1b[0m b"
        );
        assert_eq!(paint_range("ab", 1..5, Style::Good, true), "ab");
    }
}
