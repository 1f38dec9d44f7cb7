//! Shared helpers: building finished games from move lists.

use jipingdian::checks::{analyse, Analysis, CheckOptions, Finished};
use jipingdian::counting::Balancing;
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

/// Interleaves Black's and White's real moves (B first), then appends `tail`.
pub fn interleave(black: &[&str], white: &[&str], tail: &str) -> String {
    let mut s = String::new();
    for i in 0..black.len().max(white.len()) {
        if let Some(b) = black.get(i) {
            s.push_str(b);
            s.push(' ');
        }
        if let Some(w) = white.get(i) {
            s.push_str(w);
            s.push(' ');
        }
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

/// Columns of points `col` (a letter) rows `from..=to` in SGF letters.
pub fn column(col: char, rows: std::ops::RangeInclusive<char>) -> Vec<String> {
    rows.map(|r| format!("{col}{r}")).collect()
}

#[allow(dead_code)]
pub fn black() -> Color {
    Color::Black
}
