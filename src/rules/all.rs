//! Every rule set on one counted game: the results in [`RuleId::ALL`] order from one score
//! sheet, each rule set's divergence from jpd-tangsong, and the play rules a rule set replays a
//! record under.

use super::{diverge, Divergence, RuleId, RuleResult, Rules, Scoring, Sheet};
use crate::counting::{self, Balancing, Count, Finished, Half, Removal};
use crate::engine::{PlayRules, Point};
use crate::settlement::{PointClass, SharedKind};

/// Every rule set's result on a counted game, in [`RuleId::ALL`] order, with its sheet.
/// `balancing` is the reading `c` was counted with; a rule set that fixes another reading
/// ([`Rules::balancing`]) is scored from a count under that one. `komi` replaces every rule
/// set's base komi (an SGF's `KM`).
pub fn score_all(
    f: &Finished,
    c: &Count,
    balancing: Balancing,
    komi: Option<Half>,
) -> (Sheet, Vec<RuleResult>) {
    let sheet = Sheet::new(&f.game, c);
    let art11 = if balancing == Balancing::Art11 {
        None
    } else {
        counting::count_settled(&f.game, &c.settlement_paused, c.mode, Balancing::Art11, 0).ok()
    };
    let base = Scoring {
        sheet: &sheet,
        count: c,
        art11: None,
        c1: None,
    };
    let c1 = base
        .c1_loser(&sheet)
        .and_then(|x| strict_art10_count(f, c, balancing, x));
    let ctx = Scoring {
        art11: art11.as_ref(),
        c1: c1.as_ref(),
        ..base
    };
    let results = RuleId::ALL
        .iter()
        .map(|&id| {
            let mut r = Rules::preset(id);
            if let Some(k) = komi {
                r.komi = k;
            }
            r.score(&ctx)
        })
        .collect();
    (sheet, results)
}

/// The count under the strict reading of Art. 10 (ambiguity C1): every one-sided dame of
/// `loser` is decreed a dame left, and the game counted again with the same plan; `None` when
/// that count fails.
fn strict_art10_count(
    f: &Finished,
    c: &Count,
    balancing: Balancing,
    loser: crate::engine::Color,
) -> Option<Count> {
    let st0 = &c.settlement_paused;
    let pins: Vec<(Point, PointClass)> = st0
        .board()
        .points()
        .filter(|&p| st0.class(p) == PointClass::OneSidedDame(loser))
        .map(|p| (p, PointClass::Shared(SharedKind::DameLeft)))
        .collect();
    let st = std::sync::Arc::new(st0.with_decrees(&pins));
    counting::count_with_plan(
        &f.game,
        &st,
        c.plan.clone(),
        c.mode,
        balancing,
        Removal::Decree,
    )
    .ok()
}

/// Each rule set's divergence from jpd-tangsong (`all` in [`RuleId::ALL`] order).
pub fn divergences(all: &[RuleResult]) -> Vec<Divergence> {
    let t = &all[0];
    let rt = Rules::preset(RuleId::JpdTangsong);
    RuleId::ALL
        .iter()
        .zip(all)
        .skip(1)
        .filter_map(|(&id, r)| diverge(t, r, &rt, &Rules::preset(id)))
        .collect()
}

/// The play rules a rule set id implies (for replaying records).
pub fn play_rules(id: RuleId) -> PlayRules {
    Rules::preset(id).play
}

/// The distinct play rules of the rule sets `ids`, in the order first asked for
/// (`jpd-tangsong`'s when `ids` is empty): a record is replayed once under each, since it may be
/// legal under one ko rule and not under another.
pub fn distinct_play_rules(ids: &[RuleId]) -> Vec<PlayRules> {
    let mut plays: Vec<PlayRules> = Vec::new();
    for &id in ids {
        let p = play_rules(id);
        if !plays.contains(&p) {
            plays.push(p);
        }
    }
    if plays.is_empty() {
        plays.push(play_rules(RuleId::JpdTangsong));
    }
    plays
}
