//! A small client for the Go Text Protocol (GTP version 2), written for talking to GNU Go.
//!
//! [`Engine::spawn`] starts a program, [`Engine::command`] sends one command with a numeric id
//! and waits for its answer (`=id result` or `?id error`, ended by a blank line) for at most the
//! engine's timeout. A reader thread turns the engine's stdout into whole responses and hands them
//! over a channel, so a silent engine cannot block the caller. Every way the exchange can go wrong
//! is a [`GtpError`] naming the program and the command.
//!
//! The pure parts, [`ResponseSplitter`] and [`parse_response`], are tested on canned
//! transcripts; no engine is needed for them.
//!
//! Contract: one command is in flight at a time. After a timeout, a death or a garbled answer the
//! engine is killed and every later command fails with [`GtpError::Dead`].

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Duration;

use crate::engine::Coord;

/// What can go wrong talking to a GTP engine.
#[derive(Debug, thiserror::Error)]
pub enum GtpError {
    /// The program could not be started.
    #[error("cannot start the GTP engine {program}: {source} (is it installed? pass its path)")]
    Spawn {
        /// The program.
        program: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The engine's stdin could not be written: it has most likely exited.
    #[error("GTP engine {program} cannot be sent '{command}': {source}")]
    Write {
        /// The program.
        program: PathBuf,
        /// The command.
        command: String,
        /// Why.
        source: std::io::Error,
    },
    /// The engine closed its stdout before answering.
    #[error("GTP engine {program} died before answering '{command}'{status}")]
    Died {
        /// The program.
        program: PathBuf,
        /// The command.
        command: String,
        /// `: exit status ...` when known.
        status: String,
    },
    /// The engine did not answer in time; it has been killed.
    #[error("GTP engine {program} did not answer '{command}' within {seconds} s; it was stopped")]
    Timeout {
        /// The program.
        program: PathBuf,
        /// The command.
        command: String,
        /// The timeout.
        seconds: f64,
    },
    /// The answer is not a GTP response to this command; the engine has been stopped.
    #[error("GTP engine {program} answered '{command}' with something that is not GTP: {detail}")]
    Garbage {
        /// The program.
        program: PathBuf,
        /// The command.
        command: String,
        /// What was wrong.
        detail: String,
    },
    /// The engine answered `?`: it refused the command. The engine stays usable.
    #[error("GTP engine {program} refused '{command}': {message}")]
    Refused {
        /// The program.
        program: PathBuf,
        /// The command.
        command: String,
        /// The engine's error message.
        message: String,
    },
    /// A command after the engine was stopped.
    #[error("GTP engine {program} was stopped after an earlier failure; '{command}' not sent")]
    Dead {
        /// The program.
        program: PathBuf,
        /// The command.
        command: String,
    },
    /// A command that would break the protocol (a newline inside it, or empty).
    #[error("'{command}' is not a single GTP command line")]
    BadCommand {
        /// The command.
        command: String,
    },
    /// The answer is well-formed GTP but not what the command should return.
    #[error("GTP engine {program} answered '{command}' with '{answer}': {detail}")]
    Unexpected {
        /// The program.
        program: PathBuf,
        /// The command.
        command: String,
        /// The answer.
        answer: String,
        /// What was expected.
        detail: String,
    },
}

/// A parsed response: success or failure, the id it carries, and its text (lines joined with
/// `\n`, the leading space after `=`/`?` removed, trailing whitespace trimmed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Response {
    /// `true` for `=`, `false` for `?`.
    pub success: bool,
    /// The id, when the engine echoed one.
    pub id: Option<u64>,
    /// The text.
    pub text: String,
}

/// Parses one response, given its lines without their line ends (the blank terminating line not
/// included). `Err` says why the lines are not a GTP response.
pub fn parse_response(lines: &[String]) -> Result<Response, String> {
    let Some(first) = lines.first() else {
        return Err("an empty response".into());
    };
    let success = match first.as_bytes().first() {
        Some(b'=') => true,
        Some(b'?') => false,
        _ => {
            return Err(format!(
                "a response must start with '=' or '?', got '{}'",
                shorten(first)
            ))
        }
    };
    let rest = &first[1..];
    let digits = rest.bytes().take_while(|b| b.is_ascii_digit()).count();
    let id = if digits == 0 {
        None
    } else {
        Some(
            rest[..digits]
                .parse::<u64>()
                .map_err(|_| format!("the id in '{}' is too large", shorten(first)))?,
        )
    };
    let after = &rest[digits..];
    if !(after.is_empty() || after.starts_with(' ')) {
        return Err(format!(
            "the id must be followed by a space, got '{}'",
            shorten(first)
        ));
    }
    let mut text = after.strip_prefix(' ').unwrap_or(after).to_string();
    for l in &lines[1..] {
        text.push('\n');
        text.push_str(l);
    }
    Ok(Response {
        success,
        id,
        text: text.trim_end().to_string(),
    })
}

fn shorten(s: &str) -> String {
    if s.chars().count() > 60 {
        let t: String = s.chars().take(60).collect();
        format!("{t}...")
    } else {
        s.to_string()
    }
}

/// Cleans one raw line as GTP asks: carriage returns and other control characters but tab
/// removed, tabs turned into spaces.
fn clean_line(raw: &str) -> String {
    raw.chars()
        .filter(|&c| c == '\t' || !c.is_control())
        .map(|c| if c == '\t' { ' ' } else { c })
        .collect()
}

/// Splits an engine's output, line by line, into responses: leading blank lines are skipped, a
/// response ends at the first blank line after it started.
#[derive(Debug, Default)]
pub struct ResponseSplitter {
    current: Vec<String>,
}

impl ResponseSplitter {
    /// Feeds one raw line (with or without its line end); returns a whole response when this
    /// line ended one.
    pub fn feed(&mut self, raw: &str) -> Option<Vec<String>> {
        let line = clean_line(raw);
        if line.trim().is_empty() {
            if self.current.is_empty() {
                None
            } else {
                Some(std::mem::take(&mut self.current))
            }
        } else {
            self.current.push(line);
            None
        }
    }
}

/// What the reader thread hands over.
enum Incoming {
    Response(Vec<String>),
    Eof,
}

/// A running GTP engine.
pub struct Engine {
    program: PathBuf,
    child: Child,
    stdin: Option<ChildStdin>,
    rx: Receiver<Incoming>,
    next_id: u64,
    timeout: Duration,
    dead: bool,
}

impl std::fmt::Debug for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine")
            .field("program", &self.program)
            .field("next_id", &self.next_id)
            .field("dead", &self.dead)
            .finish()
    }
}

impl Engine {
    /// Starts `program` with `args`; stderr is discarded. `timeout` bounds each command.
    pub fn spawn(program: &Path, args: &[String], timeout: Duration) -> Result<Engine, GtpError> {
        let mut cmd = Command::new(program);
        cmd.args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        // Its own process group, so that stopping it ends what it started too (a wrapper
        // script's GNU Go, a `sleep`): no child is left behind.
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
        let mut child = cmd.spawn().map_err(|source| GtpError::Spawn {
            program: program.to_path_buf(),
            source,
        })?;
        let stdin = child.stdin.take();
        let stdout = child.stdout.take();
        let (tx, rx) = mpsc::channel();
        if let Some(stdout) = stdout {
            std::thread::spawn(move || {
                let mut reader = BufReader::new(stdout);
                let mut splitter = ResponseSplitter::default();
                let mut buf = Vec::new();
                loop {
                    buf.clear();
                    match reader.read_until(b'\n', &mut buf) {
                        Ok(0) | Err(_) => {
                            let _ = tx.send(Incoming::Eof);
                            return;
                        }
                        Ok(_) => {
                            let line = String::from_utf8_lossy(&buf);
                            if let Some(r) = splitter.feed(&line) {
                                if tx.send(Incoming::Response(r)).is_err() {
                                    return;
                                }
                            }
                        }
                    }
                }
            });
        }
        Ok(Engine {
            program: program.to_path_buf(),
            child,
            stdin,
            rx,
            next_id: 1,
            timeout,
            dead: false,
        })
    }

    /// The program's path.
    pub fn program(&self) -> &Path {
        &self.program
    }

    /// Changes the per-command timeout.
    pub fn set_timeout(&mut self, timeout: Duration) {
        self.timeout = timeout;
    }

    /// Kills the engine and every process of its group, and reaps it.
    fn stop(&mut self) {
        self.dead = true;
        self.stdin = None;
        #[cfg(unix)]
        if let Ok(pid) = i32::try_from(self.child.id()) {
            // SAFETY: kill(2) with a negative pid signals the process group the child leads
            // (made at spawn); it touches no memory.
            unsafe {
                libc::kill(-pid, libc::SIGKILL);
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Sends one command and returns the text of a `=` answer. A `?` answer is
    /// [`GtpError::Refused`] and leaves the engine usable; every other failure stops it.
    pub fn command(&mut self, command: &str) -> Result<String, GtpError> {
        let cmd = command.trim();
        if cmd.is_empty() || cmd.contains(['\n', '\r']) {
            return Err(GtpError::BadCommand {
                command: command.to_string(),
            });
        }
        if self.dead {
            return Err(GtpError::Dead {
                program: self.program.clone(),
                command: cmd.to_string(),
            });
        }
        let id = self.next_id;
        self.next_id += 1;
        let written = match self.stdin.as_mut() {
            Some(w) => writeln!(w, "{id} {cmd}").and_then(|_| w.flush()),
            None => Err(std::io::Error::other("stdin is closed")),
        };
        if let Err(source) = written {
            self.stop();
            return Err(GtpError::Write {
                program: self.program.clone(),
                command: cmd.to_string(),
                source,
            });
        }
        let lines = match self.rx.recv_timeout(self.timeout) {
            Ok(Incoming::Response(lines)) => lines,
            Ok(Incoming::Eof) | Err(RecvTimeoutError::Disconnected) => {
                let status = match self.child.try_wait() {
                    Ok(Some(s)) => format!(": {s}"),
                    _ => String::new(),
                };
                self.stop();
                return Err(GtpError::Died {
                    program: self.program.clone(),
                    command: cmd.to_string(),
                    status,
                });
            }
            Err(RecvTimeoutError::Timeout) => {
                self.stop();
                return Err(GtpError::Timeout {
                    program: self.program.clone(),
                    command: cmd.to_string(),
                    seconds: self.timeout.as_secs_f64(),
                });
            }
        };
        let garbage = |detail: String, me: &mut Engine| {
            me.stop();
            GtpError::Garbage {
                program: me.program.clone(),
                command: cmd.to_string(),
                detail,
            }
        };
        let r = match parse_response(&lines) {
            Ok(r) => r,
            Err(detail) => return Err(garbage(detail, self)),
        };
        if r.id != Some(id) {
            let got = r.id.map_or("none".to_string(), |i| i.to_string());
            return Err(garbage(
                format!("the answer carries id {got}, the command had id {id}"),
                self,
            ));
        }
        if r.success {
            Ok(r.text)
        } else {
            Err(GtpError::Refused {
                program: self.program.clone(),
                command: cmd.to_string(),
                message: r.text,
            })
        }
    }

    /// An error for an answer of the wrong shape.
    pub fn unexpected(&self, command: &str, answer: &str, detail: &str) -> GtpError {
        GtpError::Unexpected {
            program: self.program.clone(),
            command: command.to_string(),
            answer: shorten(answer),
            detail: detail.to_string(),
        }
    }

    /// Sends `quit` (briefly waiting for its answer) and stops the engine.
    pub fn quit(mut self) {
        if !self.dead {
            self.timeout = Duration::from_secs(2);
            let _ = self.command("quit");
        }
        self.stop();
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        if !self.dead {
            self.stop();
        }
    }
}

/// A GTP vertex (`D4`, `pass`), read for a `size` x `size` board: `Ok(None)` for a pass.
pub fn parse_vertex(s: &str, size: u8) -> Result<Option<Coord>, String> {
    let t = s.trim();
    if t.eq_ignore_ascii_case("pass") {
        return Ok(None);
    }
    let mut chars = t.chars();
    let letter = chars
        .next()
        .ok_or_else(|| "an empty vertex".to_string())?
        .to_ascii_uppercase();
    if !letter.is_ascii_uppercase() || letter == 'I' {
        return Err(format!("'{t}' is not a vertex: bad column letter"));
    }
    let x = if letter < 'I' {
        letter as u8 - b'A'
    } else {
        letter as u8 - b'A' - 1
    };
    let row: u8 = chars
        .as_str()
        .parse()
        .map_err(|_| format!("'{t}' is not a vertex: bad row number"))?;
    if x >= size || row == 0 || row > size {
        return Err(format!("'{t}' is off the {size}x{size} board"));
    }
    Ok(Some(Coord::new(x, size - row)))
}

/// The vertices of a list answer (`final_status_list`, `list_stones`), whitespace-separated over
/// any number of lines.
pub fn parse_vertex_list(s: &str, size: u8) -> Result<Vec<Coord>, String> {
    let mut v = Vec::new();
    for tok in s.split_whitespace() {
        match parse_vertex(tok, size)? {
            Some(c) => v.push(c),
            None => return Err("'pass' in a list of points".into()),
        }
    }
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(s: &[&str]) -> Vec<String> {
        s.iter().map(|l| l.to_string()).collect()
    }

    /// Feeds a whole transcript through the splitter.
    fn split(transcript: &str) -> Vec<Vec<String>> {
        let mut sp = ResponseSplitter::default();
        transcript
            .split_inclusive('\n')
            .filter_map(|l| sp.feed(l))
            .collect()
    }

    #[test]
    fn transcript_of_gnugo() {
        // Answers GNU Go 3.8 gave to `1 boardsize 7`, `4 genmove black`, `6 final_status_list
        // black_territory` (two lines) and `8 foo`.
        let t = "=1 \n\n=4 D4\n\n=6 F7 G7 E6\nD1 E1\n\n?8 unknown command\n\n";
        let rs: Vec<Response> = split(t)
            .iter()
            .map(|l| parse_response(l).unwrap())
            .collect();
        assert_eq!(
            rs,
            vec![
                Response {
                    success: true,
                    id: Some(1),
                    text: "".into()
                },
                Response {
                    success: true,
                    id: Some(4),
                    text: "D4".into()
                },
                Response {
                    success: true,
                    id: Some(6),
                    text: "F7 G7 E6\nD1 E1".into()
                },
                Response {
                    success: false,
                    id: Some(8),
                    text: "unknown command".into()
                },
            ]
        );
        assert_eq!(
            parse_vertex_list(&rs[2].text, 7).unwrap(),
            vec![
                Coord::new(5, 0),
                Coord::new(6, 0),
                Coord::new(4, 1),
                Coord::new(3, 6),
                Coord::new(4, 6)
            ]
        );
    }

    #[test]
    fn crlf_tabs_and_leading_blank_lines() {
        let t = "\r\n\r\n= B+3.5\r\n\r\n=12\tC3\r\n\r\n";
        let rs = split(t);
        assert_eq!(rs.len(), 2);
        let a = parse_response(&rs[0]).unwrap();
        assert_eq!((a.id, a.text.as_str()), (None, "B+3.5"));
        let b = parse_response(&rs[1]).unwrap();
        assert_eq!((b.id, b.text.as_str()), (Some(12), "C3"));
    }

    #[test]
    fn garbage_is_refused() {
        assert!(parse_response(&[]).is_err());
        assert!(parse_response(&lines(&["GNU Go 3.8 banner"])).is_err());
        assert!(parse_response(&lines(&["=12x C3"])).is_err());
        assert!(parse_response(&lines(&["=99999999999999999999999 C3"])).is_err());
        // An unfinished response is not handed over.
        let mut sp = ResponseSplitter::default();
        assert_eq!(sp.feed("=1 D4\n"), None);
    }

    #[test]
    fn vertices() {
        assert_eq!(parse_vertex("pass", 9), Ok(None));
        assert_eq!(parse_vertex("PASS", 9), Ok(None));
        assert_eq!(parse_vertex("A9", 9), Ok(Some(Coord::new(0, 0))));
        assert_eq!(parse_vertex("j1", 9), Ok(Some(Coord::new(8, 8))));
        assert_eq!(parse_vertex("T19", 19), Ok(Some(Coord::new(18, 0))));
        for bad in ["I5", "K1", "A10", "A0", "", "5A", "Z"] {
            assert!(parse_vertex(bad, 9).is_err(), "{bad}");
        }
        for c in [Coord::new(0, 0), Coord::new(7, 3), Coord::new(8, 8)] {
            assert_eq!(parse_vertex(&c.to_human(9), 9), Ok(Some(c)));
        }
        assert!(parse_vertex_list("A1 pass", 9).is_err());
    }

    #[test]
    fn a_missing_program_is_a_spawn_error() {
        let e = Engine::spawn(
            Path::new("/nonexistent/gtp-engine"),
            &[],
            Duration::from_secs(1),
        )
        .unwrap_err();
        assert!(matches!(e, GtpError::Spawn { .. }), "{e}");
        assert!(e.to_string().contains("/nonexistent/gtp-engine"));
    }

    /// A fake engine made of a shell script exercises the process side without GNU Go.
    fn fake(script: &str, timeout_ms: u64) -> Engine {
        Engine::spawn(
            Path::new("/bin/sh"),
            &["-c".to_string(), script.to_string()],
            Duration::from_millis(timeout_ms),
        )
        .unwrap()
    }

    #[test]
    fn fake_engines_fail_with_clear_errors() {
        if !Path::new("/bin/sh").exists() {
            eprintln!("SKIPPED: /bin/sh not found, the fake-engine test needs it");
            return;
        }
        // Answers every command with its id and "ok", refuses "bad".
        let echo = r#"while read id cmd; do if [ "$cmd" = bad ]; then printf '?%s no\n\n' "$id"; else printf '=%s ok\n\n' "$id"; fi; done"#;
        let mut e = fake(echo, 5000);
        assert_eq!(e.command("name").unwrap(), "ok");
        assert!(matches!(e.command("bad"), Err(GtpError::Refused { .. })));
        assert_eq!(e.command("version").unwrap(), "ok", "usable after '?'");
        assert!(matches!(
            e.command("a\nb"),
            Err(GtpError::BadCommand { .. })
        ));
        e.quit();
        // Dies at once.
        let mut e = fake("exit 3", 5000);
        let err = e.command("name").unwrap_err();
        assert!(
            matches!(err, GtpError::Died { .. } | GtpError::Write { .. }),
            "{err}"
        );
        assert!(matches!(e.command("name"), Err(GtpError::Dead { .. })));
        // Never answers.
        let mut e = fake("sleep 30", 200);
        let err = e.command("name").unwrap_err();
        assert!(matches!(err, GtpError::Timeout { .. }), "{err}");
        assert!(err.to_string().contains("within 0.2 s"), "{err}");
        // Answers with the wrong id, then with garbage.
        let mut e = fake(r#"read l; printf '=77 x\n\n'; sleep 5"#, 5000);
        let err = e.command("name").unwrap_err();
        assert!(matches!(err, GtpError::Garbage { .. }), "{err}");
        let mut e = fake(r#"read l; printf 'hello\n\n'; sleep 5"#, 5000);
        let err = e.command("name").unwrap_err();
        assert!(err.to_string().contains("not GTP"), "{err}");
    }
}
