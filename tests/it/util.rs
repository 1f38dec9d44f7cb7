//! Shared helpers: building finished games from move lists.

use jipingdian::checks::{analyse, Analysis, CheckOptions};
use jipingdian::counting::Balancing;
use jipingdian::counting::Finished;
use jipingdian::engine::{Color, Coord, Game, Move, Phase, PlayRules};
use jipingdian::rules::RuleId;

/// Parses an SGF point (`"cd"`).
pub fn pt(s: &str) -> Coord {
    Coord::from_sgf(s).unwrap_or_else(|| panic!("bad point {s}"))
}

/// Plays a game from the empty board. Tokens: an SGF point, `pass` (a virtual move), or
/// `resume` (a dispute after a pause). Moves alternate from Black.
pub fn play(size: u32, moves: &str) -> Game {
    let mut g = Game::new(size, PlayRules::JPD).unwrap();
    for (i, tok) in moves.split_whitespace().enumerate() {
        match tok {
            "pass" => {
                g.play(Move::Virtual).unwrap();
            }
            "resume" => g.resume().unwrap(),
            p => {
                g.play(Move::Play(pt(p)))
                    .unwrap_or_else(|e| panic!("move {} ({p}): {e}", i + 1));
            }
        }
    }
    g
}

/// Interleaves Black's and White's real moves (B first), the side with fewer moves passing
/// while the other finishes, then appends `tail`.
pub fn interleave(black: &[&str], white: &[&str], tail: &str) -> String {
    let mut s = String::new();
    for i in 0..black.len().max(white.len()) {
        s.push_str(black.get(i).copied().unwrap_or("pass"));
        s.push(' ');
        s.push_str(white.get(i).copied().unwrap_or("pass"));
        s.push(' ');
    }
    s.push_str(tail);
    s
}

/// Analyses a game with the given dead stones under every rule set of this build.
pub fn analyse_game(g: Game, dead: &[&str], balancing: Balancing) -> Analysis {
    assert!(
        matches!(g.phase(), Phase::Paused | Phase::Ended(_)),
        "test game did not end: {:?}",
        g.phase()
    );
    let f = Finished {
        game: g,
        dead: dead.iter().map(|s| pt(s)).collect(),
    };
    analyse(&f, balancing, &RuleId::ALL, CheckOptions::default())
}

/// Asserts that every theorem holds or does not apply, printing the failures.
pub fn assert_theorems_hold(a: &Analysis) {
    let bad: Vec<_> = a
        .theorems
        .iter()
        .filter(|t| t.verdict == jipingdian::checks::Verdict::Fails)
        .collect();
    assert!(bad.is_empty(), "theorems failed: {bad:#?}");
}

/// The result string of one rule set.
pub fn result_of(a: &Analysis, id: RuleId) -> String {
    a.results
        .iter()
        .find(|r| r.rules == id.as_str())
        .map(|r| r.result.clone())
        .unwrap_or_default()
}

/// The stones of an ASCII position as SGF points, Black's and White's, each ordered by
/// distance from the nearest empty point (closest first) then row-major, so that playing them
/// alternately never leaves a partial string without liberties in the usual shapes.
pub fn stones_of(ascii: &str) -> (Vec<String>, Vec<String>) {
    let b = jipingdian::engine::Board::from_ascii(ascii).unwrap();
    let n = b.size() as i32;
    let pts: Vec<_> = b.points().collect();
    let mut dist = std::collections::HashMap::new();
    let mut frontier: Vec<_> = pts
        .iter()
        .copied()
        .filter(|&p| b.stone(p).is_none())
        .collect();
    for &p in &frontier {
        dist.insert(p, 0);
    }
    let mut d = 0;
    while !frontier.is_empty() {
        d += 1;
        let mut next = Vec::new();
        for p in frontier {
            for q in b.adj(p) {
                if b.stone(q).is_some() && !dist.contains_key(&q) {
                    dist.insert(q, d);
                    next.push(q);
                }
            }
        }
        frontier = next;
    }
    let _ = n;
    let mut out = (Vec::new(), Vec::new());
    let mut sorted: Vec<_> = pts
        .iter()
        .copied()
        .filter(|&p| b.stone(p).is_some())
        .collect();
    sorted.sort_by_key(|p| (dist.get(p).copied().unwrap_or(99), *p));
    for p in sorted {
        let s = b.coord(p).to_sgf();
        match b.stone(p) {
            Some(Color::Black) => out.0.push(s),
            _ => out.1.push(s),
        }
    }
    out
}

/// Plays the stones of an ASCII position alternately (see [`stones_of`]), then `tail`.
pub fn from_position(ascii: &str, tail: &str) -> Game {
    let (b, w) = stones_of(ascii);
    let br: Vec<&str> = b.iter().map(|s| s.as_str()).collect();
    let wr: Vec<&str> = w.iter().map(|s| s.as_str()).collect();
    let size = jipingdian::engine::Board::from_ascii(ascii).unwrap().size() as u32;
    let mut g = play(size, &interleave(&br, &wr, ""));
    assert_eq!(
        g.board(),
        &jipingdian::engine::Board::from_ascii(ascii).unwrap(),
        "the replay did not reproduce the position"
    );
    for tok in tail.split_whitespace() {
        match tok {
            "pass" => g.play(Move::Virtual).map(|_| ()).unwrap(),
            "resume" => g.resume().unwrap(),
            p => g.play(Move::Play(pt(p))).map(|_| ()).unwrap(),
        }
    }
    g
}

/// Columns of points `col` (a letter) rows `from..=to` in SGF letters.
pub fn column(col: char, rows: std::ops::RangeInclusive<char>) -> Vec<String> {
    rows.map(|r| format!("{col}{r}")).collect()
}

#[allow(dead_code)]
pub fn black() -> Color {
    Color::Black
}

/// An outside tool a test needs (GNU Go, GNU parallel): its path, or `None` after printing a
/// loud `SKIPPED` line to stderr. Where `CI` or `JPD_REQUIRE_GNUGO` is set a missing tool fails
/// the test instead: it never passes silently.
pub fn require_tool(
    name: &str,
    found: Option<std::path::PathBuf>,
    searched: &str,
) -> Option<std::path::PathBuf> {
    if found.is_some() {
        return found;
    }
    let required = ["CI", "JPD_REQUIRE_GNUGO"]
        .iter()
        .find(|v| std::env::var_os(v).is_some_and(|x| !x.is_empty()));
    if let Some(v) = required {
        panic!("{name} not found at {searched}, and ${v} is set: install it (apt-get install -y gnugo parallel)");
    }
    eprintln!(
        "SKIPPED: {name} not found at {searched}; install it (apt-get install -y gnugo parallel), or set JPD_REQUIRE_GNUGO=1 to make this a failure"
    );
    None
}

/// GNU parallel on the PATH (not moreutils' `parallel`, which takes other arguments).
pub fn gnu_parallel() -> Option<std::path::PathBuf> {
    let paths = std::env::var_os("PATH")?;
    let p = std::env::split_paths(&paths)
        .map(|d| d.join("parallel"))
        .find(|p| p.is_file())?;
    let out = std::process::Command::new(&p)
        .arg("--version")
        .output()
        .ok()?;
    String::from_utf8_lossy(&out.stdout)
        .contains("GNU parallel")
        .then_some(p)
}

/// The 6x6 walls position of the worked examples: Black's wall is columns B and C, White's is
/// columns D and E; column A is Black's territory, column F White's.
pub fn walls() -> (Vec<String>, Vec<String>) {
    let mut b = column('b', 'a'..='f');
    b.extend(column('c', 'a'..='f'));
    let mut w = column('d', 'a'..='f');
    w.extend(column('e', 'a'..='f'));
    (b, w)
}

/// Borrows a list of SGF points.
pub fn refs(v: &[String]) -> Vec<&str> {
    v.iter().map(|s| s.as_str()).collect()
}
