//! Progress of a long job (a campaign, a `jpd check`) as text: games done, rate, violations and
//! the time left. The binary draws it as a bar on a terminal and prints it as a plain line every
//! few seconds otherwise (batch jobs, CI logs); the library only counts and formats.
//!
//! After `--resume` the counts start from the checkpoint: the done count and the violations
//! cover the whole campaign, and the rate is of the games this invocation did in its own time,
//! so the games done before do not inflate it.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The counters of a job, safe to update from worker threads.
pub struct Progress {
    noun: &'static str,
    total: u64,
    start_done: u64,
    done: AtomicU64,
    flagged: AtomicU64,
    flag_noun: &'static str,
    started: Instant,
    every: Duration,
    last: Mutex<Instant>,
}

impl Progress {
    /// A job of `total` items (`noun`: `games`), `done` of them and `flagged` problems
    /// (`flag_noun`: `violations`) already done before this invocation; [`Progress::step`]
    /// gives a line at most once per `every`.
    pub fn new(
        noun: &'static str,
        total: u64,
        done: u64,
        flag_noun: &'static str,
        flagged: u64,
        every: Duration,
    ) -> Progress {
        let now = Instant::now();
        Progress {
            noun,
            total,
            start_done: done,
            done: AtomicU64::new(done),
            flagged: AtomicU64::new(flagged),
            flag_noun,
            started: now,
            every,
            last: Mutex::new(now),
        }
    }

    /// Counts one item with `flagged` new problems; returns the progress line when one is due
    /// (`every` has passed since the last one).
    pub fn step(&self, flagged: u64) -> Option<String> {
        self.done.fetch_add(1, Ordering::Relaxed);
        if flagged > 0 {
            self.flagged.fetch_add(flagged, Ordering::Relaxed);
        }
        let now = Instant::now();
        let mut last = self.last.try_lock().ok()?;
        if now.duration_since(*last) < self.every {
            return None;
        }
        *last = now;
        drop(last);
        Some(self.line())
    }

    /// Items in the job.
    pub fn total(&self) -> u64 {
        self.total
    }

    /// What is counted (`games`).
    pub fn noun(&self) -> &'static str {
        self.noun
    }

    /// Items done, this invocation's and earlier ones'.
    pub fn done(&self) -> u64 {
        self.done.load(Ordering::Relaxed)
    }

    /// The line now.
    pub fn line(&self) -> String {
        line(
            self.noun,
            self.done(),
            self.total,
            self.done() - self.start_done,
            self.started.elapsed(),
            self.flag_noun,
            self.flagged.load(Ordering::Relaxed),
        )
    }

    /// What a bar shows beside its own count: rate, problems and time left.
    pub fn message(&self) -> String {
        let l = self.line();
        l.split_once(", ")
            .map_or(l.clone(), |(_, rest)| rest.to_string())
    }
}

/// The progress line: `1200/10000 games (12.0%), 50.0 games/s, 3 violations, ETA 2m56s`.
/// `this_run` items were done in `elapsed`; the rate and the time left are theirs (`-` before
/// the first).
pub fn line(
    noun: &str,
    done: u64,
    total: u64,
    this_run: u64,
    elapsed: Duration,
    flag_noun: &str,
    flagged: u64,
) -> String {
    let pct = if total == 0 {
        100.0
    } else {
        done as f64 * 100.0 / total as f64
    };
    let secs = elapsed.as_secs_f64();
    let (rate, eta) = if this_run == 0 || secs <= 0.0 {
        ("-".to_string(), "-".to_string())
    } else {
        let r = this_run as f64 / secs;
        let left = total.saturating_sub(done) as f64 / r;
        (format!("{r:.1}"), duration(left.round() as u64))
    };
    format!("{done}/{total} {noun} ({pct:.1}%), {rate} {noun}/s, {flagged} {flag_noun}, ETA {eta}")
}

/// `2h03m`, `4m05s`, `9s`.
fn duration(s: u64) -> String {
    match s {
        0..60 => format!("{s}s"),
        60..3600 => format!("{}m{:02}s", s / 60, s % 60),
        _ => format!("{}h{:02}m", s / 3600, s % 3600 / 60),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_counts_the_whole_campaign_and_rates_this_run() {
        // Resumed at 1000 of 10,000 games; 200 more in 4 s: 50 games/s, and the 8,800 games
        // left take 8800 / 50 = 176 s = 2m56s. Done is 1200 of 10,000 = 12.0%.
        assert_eq!(
            line(
                "games",
                1200,
                10_000,
                200,
                Duration::from_secs(4),
                "violations",
                3
            ),
            "1200/10000 games (12.0%), 50.0 games/s, 3 violations, ETA 2m56s"
        );
        // Nothing done yet in this run: no rate, no ETA (not infinity, not the earlier games).
        assert_eq!(
            line(
                "games",
                1000,
                10_000,
                0,
                Duration::from_secs(4),
                "violations",
                0
            ),
            "1000/10000 games (10.0%), - games/s, 0 violations, ETA -"
        );
        // 7,380 s = 2 h 3 m.
        assert_eq!(duration(7380), "2h03m");
        assert_eq!(duration(9), "9s");
    }

    #[test]
    fn a_resumed_progress_starts_from_the_checkpoint() {
        let p = Progress::new("games", 10, 4, "violations", 2, Duration::ZERO);
        // every = 0: a line at each step; the violations start from the checkpoint's 2.
        let l = p.step(1).unwrap();
        assert!(l.starts_with("5/10 games (50.0%), "), "{l}");
        assert!(l.contains(", 3 violations, "), "{l}");
        let p = Progress::new("games", 10, 0, "violations", 0, Duration::from_secs(3600));
        assert_eq!(p.step(0), None, "not due for an hour");
        assert_eq!(p.done(), 1);
    }
}
