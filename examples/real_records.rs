//! Real game records measured: how many read, and whose dead stones give the recorded winner.
//!
//! `cargo run --release --example real_records -- [--gnugo] [--threads N] FILES-or-DIRS... > rows.csv`
//!
//! For every `*.sgf` under the inputs: whether it reads (with `--assume-pause`, as `jpd check
//! --assume-pause` reads it; a refusal is counted by its kind). For every *finished* record (it
//! ends paused: by two passes, or on its last move with a score in `RE`) whose `RE` holds a
//! numeric result, it scores the record under `chinese`, `japanese` and the rule set of its
//! `RU` (without a usable `RU`: `chinese` when KM is 7.5 or 8, else `japanese`), always with the
//! record's komi, once per dead-stone source (`record`, `proven`, `estimate`, and `gnugo` with
//! `--gnugo`), and compares each winner with `RE`'s. On records with `TB`/`TW` marks it also
//! compares the estimate's dead stones with the marked ones, stone by stone.
//!
//! One CSV row per finished record goes to stdout; the summary goes to stderr.
use std::path::PathBuf;

use rayon::prelude::*;

use jipingdian::checks::{CheckOptions, Symmetries};
use jipingdian::report::check::{collect_inputs, read_bounded, sgf_error_kind};
use jipingdian::report::score::{
    score_bytes, DeadChoice, FileReport, KomiChoice, ScoreError, ScoreOptions,
};
use jipingdian::rules::RuleId;
use jipingdian::sgf::{parse_sgf, replay_with, ReplayOptions, ResultHow};

const SOURCES: [&str; 4] = ["record", "proven", "estimate", "gnugo"];

struct Row {
    file: String,
    marked: bool,
    /// The record ends with its own passes (not paused from `RE` after its last move).
    passes: bool,
    rules: RuleId,
    re: String,
    /// Per source (in SOURCES order, `None` when not run or failed): winner agrees under
    /// chinese, japanese, the record's rule set.
    agree: Vec<Option<[bool; 3]>>,
    /// Marked records: stones on which the estimate and the marks agree, and stones.
    stones_agree: Option<(usize, usize)>,
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let gnugo = take_flag(&mut args, "--gnugo");
    let threads: usize = match args.iter().position(|a| a == "--threads") {
        Some(i) => {
            let n = args[i + 1].parse().expect("--threads N");
            args.drain(i..i + 2);
            n
        }
        None => 0,
    };
    let inputs: Vec<PathBuf> = args.iter().map(PathBuf::from).collect();
    let files = collect_inputs(&inputs);
    let gnugo_path = gnugo.then(|| jipingdian::oracle::find_gnugo().expect("GNU Go is installed"));
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("threads");
    let results: Vec<Result<Option<Row>, String>> = pool.install(|| {
        files
            .par_iter()
            .map(|(path, _)| one(path, gnugo_path.as_ref()))
            .collect()
    });
    println!(
        "file,marked,passes,rules,re,record,proven,estimate,gnugo,estimate_stones_agree,stones"
    );
    let (mut read, mut refused) = (0, std::collections::BTreeMap::<String, usize>::new());
    let mut rows = Vec::new();
    for r in results {
        match r {
            Ok(row) => {
                read += 1;
                if let Some(row) = row {
                    rows.push(row);
                }
            }
            Err(kind) => *refused.entry(kind).or_default() += 1,
        }
    }
    for r in &rows {
        let cell = |a: &Option<[bool; 3]>| match a {
            Some(a) => a
                .iter()
                .map(|&b| if b { '1' } else { '0' })
                .collect::<String>(),
            None => String::new(),
        };
        println!(
            "{},{},{},{},{},{},{},{},{},{},{}",
            r.file,
            r.marked,
            r.passes,
            r.rules,
            r.re,
            cell(&r.agree[0]),
            cell(&r.agree[1]),
            cell(&r.agree[2]),
            cell(&r.agree[3]),
            r.stones_agree.map(|s| s.0.to_string()).unwrap_or_default(),
            r.stones_agree.map(|s| s.1.to_string()).unwrap_or_default(),
        );
    }
    eprintln!("{} files: {read} read, refused: {refused:?}", files.len());
    for (marked, passes) in [
        (true, None),
        (false, None),
        (false, Some(true)),
        (false, Some(false)),
    ] {
        let set: Vec<&Row> = rows
            .iter()
            .filter(|r| r.marked == marked && passes.is_none_or(|p| r.passes == p))
            .collect();
        eprintln!(
            "finished games with a numeric RE, {} dead-stone marks{}: {}",
            if marked { "with" } else { "without" },
            match passes {
                None => "",
                Some(true) => ", ending with two passes",
                Some(false) => ", ending on a move (paused from RE)",
            },
            set.len()
        );
        for (k, name) in SOURCES.iter().enumerate() {
            let ran: Vec<[bool; 3]> = set.iter().filter_map(|r| r.agree[k]).collect();
            if ran.is_empty() {
                continue;
            }
            let n = |i: usize| ran.iter().filter(|a| a[i]).count();
            eprintln!(
                "  {name:>8}: RE's winner under chinese {}/{} ({:.1}%), japanese {} ({:.1}%), the record's rules {} ({:.1}%)",
                n(0),
                ran.len(),
                100.0 * n(0) as f64 / ran.len() as f64,
                n(1),
                100.0 * n(1) as f64 / ran.len() as f64,
                n(2),
                100.0 * n(2) as f64 / ran.len() as f64,
            );
        }
    }
    let (a, s) = rows
        .iter()
        .filter_map(|r| r.stones_agree)
        .fold((0, 0), |(a, s), (x, y)| (a + x, s + y));
    let same = rows
        .iter()
        .filter(|r| r.stones_agree.is_some_and(|(x, y)| x == y))
        .count();
    let marked = rows.iter().filter(|r| r.stones_agree.is_some()).count();
    eprintln!(
        "estimate against the marks: {a}/{s} stones agree ({:.2}%), {same}/{marked} games with the same dead stones",
        100.0 * a as f64 / s.max(1) as f64
    );
}

fn take_flag(args: &mut Vec<String>, flag: &str) -> bool {
    match args.iter().position(|a| a == flag) {
        Some(i) => {
            args.remove(i);
            true
        }
        None => false,
    }
}

/// The rule set a record was played under: its `RU`, else its komi.
fn record_rules(ru: Option<&str>, komi: Option<i32>) -> RuleId {
    if let Some(id) = ru.and_then(|r| r.trim().parse::<RuleId>().ok()) {
        return id;
    }
    match komi {
        Some(15) | Some(16) => RuleId::Chinese,
        _ => RuleId::Japanese,
    }
}

/// `Err(kind)`: refused; `Ok(None)`: read, not a finished game with a numeric result.
fn one(path: &std::path::Path, gnugo: Option<&PathBuf>) -> Result<Option<Row>, String> {
    let bytes = read_bounded(path).map_err(|_| "io".to_string())?;
    let rec = parse_sgf(&bytes).map_err(|e| sgf_error_kind(&e).to_string())?;
    let rep = replay_with(
        &rec,
        jipingdian::rules::play_rules(RuleId::Japanese),
        ReplayOptions {
            assume_pause: true,
            implied_passes: false,
        },
    )
    .or_else(|_| {
        replay_with(
            &rec,
            jipingdian::rules::play_rules(RuleId::Chinese),
            ReplayOptions {
                assume_pause: true,
                implied_passes: false,
            },
        )
    })
    .map_err(|e| sgf_error_kind(&e).to_string())?;
    let re = match rec.result_parsed {
        Some(re) if re.how == ResultHow::Score && re.signed_margin().is_some() => re,
        _ => return Ok(None),
    };
    if rep.game.phase() != jipingdian::engine::Phase::Paused {
        return Ok(None);
    }
    let marked = !rec.territory.black.is_empty() || !rec.territory.white.is_empty();
    let rules = record_rules(rec.rules.as_deref(), rec.komi_half_points);
    let ids = [RuleId::Chinese, RuleId::Japanese, rules];
    let score = |dead: DeadChoice| -> Result<FileReport, ScoreError> {
        let opts = ScoreOptions {
            rules: ids.to_vec(),
            komi: KomiChoice::Record,
            checks: CheckOptions {
                symmetries: Symmetries::Off,
                t11_choices: 1,
                ..CheckOptions::default()
            },
            dead,
            ..ScoreOptions::default()
        };
        score_bytes(&path.display().to_string(), &bytes, &opts)
    };
    let agree_of = |r: &FileReport| -> [bool; 3] {
        let mut a = [false; 3];
        for (i, res) in r.results.iter().take(3).enumerate() {
            a[i] = res.winner == re.winner && (res.winner.is_some() || res.result == "0");
        }
        a
    };
    let mut agree = Vec::new();
    let mut reports = Vec::new();
    for s in SOURCES {
        let choice = match s {
            "record" => DeadChoice::Record,
            "proven" => DeadChoice::Proven,
            "estimate" => DeadChoice::Estimate,
            _ => match gnugo {
                Some(p) => DeadChoice::Gnugo(p.clone()),
                None => {
                    agree.push(None);
                    continue;
                }
            },
        };
        let r = score(choice).ok();
        agree.push(r.as_ref().map(agree_of));
        reports.push((s, r));
    }
    let stones_agree = if marked {
        let get = |name: &str| {
            reports
                .iter()
                .find(|(s, _)| *s == name)
                .and_then(|(_, r)| r.as_ref())
                .map(|r| r.dead.clone())
        };
        match (get("record"), get("estimate")) {
            (Some(_), Some(est)) => {
                let b = rep.game.board();
                let marked_dead: Vec<String> =
                    rep.dead.iter().map(|c| c.to_human(b.size())).collect();
                let proven = jipingdian::harness::estimate::proven(b);
                let proven: Vec<String> = proven
                    .dead
                    .iter()
                    .map(|&p| b.coord(p).to_human(b.size()))
                    .collect();
                let est_dead = |h: &String| proven.contains(h) || est.estimated.contains(h);
                let stones: Vec<String> = b
                    .points()
                    .filter(|&p| b.stone(p).is_some())
                    .map(|p| b.coord(p).to_human(b.size()))
                    .collect();
                let ok = stones
                    .iter()
                    .filter(|h| marked_dead.contains(h) == est_dead(h))
                    .count();
                Some((ok, stones.len()))
            }
            _ => None,
        }
    } else {
        None
    };
    Ok(Some(Row {
        file: path.display().to_string(),
        marked,
        passes: !rep
            .record
            .notes
            .iter()
            .any(|n| n.starts_with("no final passes")),
        rules,
        re: rec.result.clone().unwrap_or_default(),
        agree,
        stones_agree,
    }))
}
