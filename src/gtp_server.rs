//! `jpd gtp`: a GTP version 2 engine that referees, for GUIs and match runners (GoGui's
//! twogtp, Sabaki). It keeps a position (`boardsize`, `play`, `undo`, `loadsgf`) and answers
//! `final_score` and `final_status_list` as `jpd score` counts that position, under one rule set
//! (`jpd-rules`) with the dead stones from one source (`jpd-dead`); `genmove` always passes.
//!
//! [`serve`] reads commands line by line and writes responses; [`Session`] holds the position
//! and runs each command. Input is read as GTP says (section 3.1 of the specification):
//! control characters other than tab and newline dropped, comments after `#` cut, tabs read as
//! spaces, blank lines ignored; a command may start with a numeric id, echoed in its answer
//! (`=5 ...`, `?5 ...`). No input makes it panic: a malformed line gets `? ...` and the next one
//! is read.
//!
//! ```
//! use jipingdian::gtp_server::{serve, Session};
//! use jipingdian::rules::RuleId;
//! use jipingdian::score_record::DeadChoice;
//!
//! let mut s = Session::new(RuleId::Chinese, DeadChoice::Proven);
//! let mut out = Vec::new();
//! serve(&b"1 boardsize 5\n2 play b C3\n3 play w C3\n"[..], &mut out, &mut s).unwrap();
//! let text = String::from_utf8(out).unwrap();
//! assert!(text.starts_with("=1 \n\n=2 \n\n?3 illegal move: the point is occupied\n\n"));
//! ```

mod session;

pub use session::{parse_dead, Answer, CommandError, Session, COMMANDS, DEFAULT_SIZE};

use std::io::{BufRead, Write};

/// The longest command line read; the rest of a longer line is skipped and refused.
pub const MAX_LINE: usize = 64 * 1024;

/// One command line as GTP reads it: its id, name and arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommandLine {
    /// The numeric id, when the line starts with one.
    pub id: Option<u64>,
    /// The command's name.
    pub name: String,
    /// Its arguments, split on whitespace.
    pub args: Vec<String>,
}

/// A line that is not a command.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LineError {
    /// An id and no command after it.
    #[error("syntax error: no command after the id")]
    NoCommand,
    /// Digits too many for an id.
    #[error("syntax error: the id '{0}' is too large")]
    BadId(String),
    /// Longer than [`MAX_LINE`] bytes.
    #[error("syntax error: the command line is longer than {MAX_LINE} bytes")]
    TooLong,
}

/// Reads one raw line as GTP section 3.1 says: `None` for a line with no command (blank or a
/// comment), else the command, or why it is not one.
pub fn parse_line(raw: &str) -> Option<Result<CommandLine, LineError>> {
    let cleaned: String = raw
        .chars()
        .filter(|&c| c == '\t' || !c.is_control())
        .map(|c| if c == '\t' { ' ' } else { c })
        .collect();
    let text = cleaned.split('#').next().unwrap_or("");
    let mut words = text.split_whitespace();
    let first = words.next()?;
    let (id, name) = if first.bytes().all(|b| b.is_ascii_digit()) {
        let Ok(id) = first.parse::<u64>() else {
            return Some(Err(LineError::BadId(first.to_string())));
        };
        match words.next() {
            Some(name) => (Some(id), name),
            None => return Some(Err(LineError::NoCommand)),
        }
    } else {
        (None, first)
    };
    Some(Ok(CommandLine {
        id,
        name: name.to_string(),
        args: words.map(str::to_string).collect(),
    }))
}

/// The id of a line GTP could not read, when its first word is one (so that `?id` echoes it).
fn leading_id(raw: &str) -> Option<u64> {
    raw.split_whitespace().next()?.parse().ok()
}

/// Writes one response: `=id text` or `?id text`, ended by an empty line. A line break inside
/// an error's text becomes `; `, and an empty line inside an answer is dropped, so that no
/// response ends early.
pub fn write_response<W: Write>(
    out: &mut W,
    id: Option<u64>,
    result: &Result<String, String>,
) -> std::io::Result<()> {
    let id = id.map(|i| i.to_string()).unwrap_or_default();
    match result {
        Ok(text) => {
            let text: Vec<&str> = text
                .split('\n')
                .enumerate()
                .filter(|(i, l)| *i == 0 || !l.trim().is_empty())
                .map(|(_, l)| l)
                .collect();
            write!(out, "={id} {}\n\n", text.join("\n"))?;
        }
        Err(e) => {
            let e: Vec<&str> = e.lines().filter(|l| !l.trim().is_empty()).collect();
            write!(out, "?{id} {}\n\n", e.join("; "))?;
        }
    }
    out.flush()
}

/// Reads one line of at most [`MAX_LINE`] bytes (the rest of a longer one is read and
/// dropped); `None` at the end of the input. Bytes that are not UTF-8 are replaced.
fn read_line<R: BufRead>(input: &mut R) -> std::io::Result<Option<Result<String, LineError>>> {
    let mut buf = Vec::new();
    let n = std::io::Read::take(&mut *input, MAX_LINE as u64 + 1).read_until(b'\n', &mut buf)?;
    if n == 0 {
        return Ok(None);
    }
    if buf.len() > MAX_LINE && buf.last() != Some(&b'\n') {
        // Skip to the end of the line.
        let mut rest = Vec::new();
        loop {
            rest.clear();
            let m =
                std::io::Read::take(&mut *input, MAX_LINE as u64).read_until(b'\n', &mut rest)?;
            if m == 0 || rest.last() == Some(&b'\n') {
                break;
            }
        }
        return Ok(Some(Err(LineError::TooLong)));
    }
    Ok(Some(Ok(String::from_utf8_lossy(&buf).into_owned())))
}

/// Runs a GTP session: reads commands from `input` and answers each on `output`, until `quit`
/// or the end of the input. Only an I/O error of `input` or `output` stops it early.
pub fn serve<R: BufRead, W: Write>(
    mut input: R,
    mut output: W,
    session: &mut Session,
) -> std::io::Result<()> {
    while let Some(line) = read_line(&mut input)? {
        let raw = match line {
            Ok(raw) => raw,
            Err(e) => {
                write_response(&mut output, None, &Err(e.to_string()))?;
                continue;
            }
        };
        let Some(parsed) = parse_line(&raw) else {
            continue;
        };
        let cmd = match parsed {
            Ok(c) => c,
            Err(e) => {
                write_response(&mut output, leading_id(&raw), &Err(e.to_string()))?;
                continue;
            }
        };
        let args: Vec<&str> = cmd.args.iter().map(String::as_str).collect();
        let answer = session.execute(&cmd.name, &args);
        let quit = matches!(answer, Ok(Answer { quit: true, .. }));
        let result = answer.map(|a| a.text).map_err(|e| e.to_string());
        write_response(&mut output, cmd.id, &result)?;
        if quit {
            break;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
