//! Progress on stderr for `jpd run` and `jpd check`: a bar on a terminal, else a plain line every
//! few seconds (batch jobs, CI logs), nothing with `--quiet`.

use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use jipingdian::harness::progress::Progress;

use super::Global;

/// Draws a [`Progress`] as a bar or as lines, one step per game or record.
pub struct Reporter {
    name: &'static str,
    bar: Option<ProgressBar>,
    quiet: bool,
    p: Progress,
}

impl Reporter {
    /// A reporter for the command `name` (`jpd run`); `p` makes the progress from the interval
    /// between two updates.
    pub fn new(name: &'static str, g: &Global, p: impl Fn(Duration) -> Progress) -> Reporter {
        use std::io::IsTerminal;
        let tty = std::io::stderr().is_terminal() && !g.quiet;
        let every = if tty {
            Duration::from_millis(500)
        } else {
            Duration::from_secs_f64(g.progress_every.max(0.0))
        };
        let p = p(every);
        let bar = tty.then(|| {
            let bar = ProgressBar::with_draw_target(Some(p.total()), ProgressDrawTarget::stderr());
            let style = format!("{{bar:30}} {{pos}}/{{len}} {}  {{msg}}", p.noun());
            bar.set_style(
                ProgressStyle::with_template(&style)
                    .unwrap_or_else(|_| ProgressStyle::default_bar()),
            );
            bar.set_position(p.done());
            bar.set_message(p.message());
            bar
        });
        Reporter {
            name,
            bar,
            quiet: g.quiet,
            p,
        }
    }

    /// One more game or record done, `flagged` of them counted (violations, refused records).
    pub fn step(&self, flagged: u64) {
        let line = self.p.step(flagged);
        match (&self.bar, line) {
            (Some(bar), line) => {
                bar.inc(1);
                if line.is_some() {
                    bar.set_message(self.p.message());
                }
            }
            (None, Some(line)) if !self.quiet => eprintln!("{}: {line}", self.name),
            _ => {}
        }
    }

    /// Clears the bar, if any.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
