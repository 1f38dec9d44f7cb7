//! The result of a game under one rule set (winner, margin, the SGF-style result) and its
//! divergence from jpd-tangsong's.

use serde::Serialize;

use super::{Cause, Ledger, RuleId, Rules, Tie};
use crate::counting::Half;
use crate::engine::Color;

/// The result of one game under one rule set.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RuleResult {
    /// The rule set's id.
    pub rules: RuleId,
    /// Komi in force, compensation included.
    pub komi: Half,
    /// Black's points under the rule set's own method.
    pub black: Half,
    /// White's points.
    pub white: Half,
    /// Black's points minus White's minus komi and every compensation.
    pub margin: Half,
    /// The winner; `None` for a draw.
    pub winner: Option<Color>,
    /// The SGF-style result: `B+2.5`, `W+0.5`, `0` for a draw, `B+0` for Ing's tie.
    pub result: String,
    /// The rule set's base komi (without the first-pass komi or compensation): the board
    /// margin is `margin + base_komi`.
    #[serde(skip)]
    pub base_komi: Half,
    /// The named terms from `A0` to the board margin.
    #[serde(skip)]
    pub ledger: Ledger,
}

impl RuleResult {
    #[allow(clippy::too_many_arguments)]
    pub(super) fn new(
        id: RuleId,
        komi: Half,
        base_komi: Half,
        black: Half,
        white: Half,
        margin: Half,
        tie: Tie,
        ledger: Ledger,
    ) -> Self {
        let winner = match margin.0.cmp(&0) {
            std::cmp::Ordering::Greater => Some(Color::Black),
            std::cmp::Ordering::Less => Some(Color::White),
            std::cmp::Ordering::Equal => match tie {
                Tie::Draw => None,
                Tie::Black => Some(Color::Black),
            },
        };
        let result = match winner {
            Some(w) => {
                let mut s = String::with_capacity(8);
                s.push(w.letter());
                s.push('+');
                (if w == Color::Black { margin } else { -margin }).push_text(&mut s);
                s
            }
            None => "0".to_string(),
        };
        RuleResult {
            rules: id,
            komi,
            black,
            white,
            margin,
            winner,
            result,
            base_komi,
            ledger,
        }
    }

    /// The result of a game `loser` resigned.
    pub fn resigned(id: RuleId, loser: Color) -> RuleResult {
        RuleResult {
            winner: Some(loser.opp()),
            ..RuleResult::unscored(id, &format!("{}+R", loser.opp().letter()))
        }
    }

    /// The result of a rule set that gives the record no score: `illegal:superko` (its replay
    /// refused a move), `no_result` (a repeated position ended the game), `not_ended`.
    pub fn unscored(id: RuleId, result: &str) -> RuleResult {
        let komi = Rules::preset(id).komi;
        RuleResult {
            rules: id,
            komi,
            black: Half::ZERO,
            white: Half::ZERO,
            margin: Half::ZERO,
            winner: None,
            result: result.to_string(),
            base_komi: komi,
            ledger: Ledger::default(),
        }
    }

    /// The board margin: the margin before the base komi (a first-pass komi or compensation
    /// counts as part of the board margin, as the balanced methods take it on the board).
    pub fn board_margin(&self) -> Half {
        self.margin + self.base_komi
    }

    /// What the ledger leaves unexplained: the board margin minus `A0` plus every term.
    pub fn unexplained(&self, a0: Half) -> Half {
        self.board_margin() - a0 - self.ledger.total()
    }
}

/// How a rule set's result differs from jpd-tangsong's on one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Divergence {
    /// The other rule set.
    pub rules: RuleId,
    /// jpd-tangsong's result.
    pub reference: String,
    /// The other's result.
    pub result: String,
    /// The winners differ.
    pub winner_differs: bool,
    /// Margin minus jpd-tangsong's margin, komi included.
    pub margin_difference: Half,
    /// The komi term: jpd-tangsong's komi minus the other's (first-pass komi excluded).
    pub komi_term: Half,
    /// Per cause, the other's term minus jpd-tangsong's.
    pub causes: Ledger,
    /// What the causes leave unexplained (zero unless something is wrong).
    pub unexplained: Half,
}

/// Compares `r` (under `rr`) with the reference `t` (jpd-tangsong, under `rt`). A divergence is
/// a different winner, or a different margin that is not a komi difference alone: `None` when
/// the winners agree and either the margins agree (whatever the board margins) or only the
/// komi differs (the board margins agree).
pub fn diverge(t: &RuleResult, r: &RuleResult, rt: &Rules, rr: &Rules) -> Option<Divergence> {
    let winner_differs = t.winner != r.winner;
    let board_differs = t.board_margin() != r.board_margin();
    if !winner_differs && (t.margin == r.margin || !board_differs) {
        return None;
    }
    let mut causes = Ledger::default();
    for (i, slot) in causes.0.iter_mut().enumerate() {
        *slot = r.ledger.0[i] - t.ledger.0[i];
    }
    let komi_term = rt.komi - rr.komi;
    causes.add_half(Cause::Komi, komi_term);
    let margin_difference = r.margin - t.margin;
    Some(Divergence {
        rules: r.rules,
        reference: t.result.clone(),
        result: r.result.clone(),
        winner_differs,
        margin_difference,
        komi_term,
        causes,
        unexplained: margin_difference - causes.total(),
    })
}
