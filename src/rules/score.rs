//! Scoring a counted game under one rule set: each method's points from the score sheet, the
//! komi in force, the counts a method may need beside the sheet ([`Scoring`]) and Ing's bowls.

use super::{Method, RuleResult, Rules, Scoring, Sheet};
use crate::counting::Half;
use crate::engine::Color;

impl Rules {
    /// Komi in force for this game: the base komi plus the first-pass komi when White passed
    /// first (the balanced Ji-Ping-Dian methods pay that point through balancing instead).
    pub fn komi_for(&self, wfp: bool) -> Half {
        if wfp {
            self.komi + self.first_pass_komi
        } else {
            self.komi
        }
    }

    /// Scores a game. The balanced methods score from `ctx.count` (the game's reading), or from
    /// the alternative count [`Scoring`] carries for a rule set that fixes another balancing
    /// reading ([`Rules::balancing`]) or reads one-sided dame strictly ([`Rules::one_sided_dame`]).
    pub fn score(&self, ctx: &Scoring<'_>) -> RuleResult {
        let sh = ctx.sheet;
        let pts = Half::points;
        let (black, white, extra_komi) = match self.method {
            Method::EqualStonesTerritory => {
                let c = ctx.count_for(self);
                (c.territory.black, c.territory.white, c.compensation)
            }
            Method::BalancedArea => {
                let c = ctx.count_for(self);
                (c.area.black, c.area.white, c.compensation)
            }
            Method::PlainArea => (sh.area0.black, sh.area0.white, Half::ZERO),
            Method::Roads => {
                let r = |x: Color| pts(sh.owned[x] - sh.lost(x));
                (r(Color::Black), r(Color::White), Half::ZERO)
            }
            Method::JapaneseTerritory(reading) => {
                let j = |x: Color| pts(sh.japanese_territory(x, reading) + sh.lost(x.opp()));
                (j(Color::Black), j(Color::White), Half::ZERO)
            }
            Method::IngBowls => {
                let b = IngBowls::read(sh);
                // Each side's points are the spaces its stones cover: the readout's margin.
                (pts(b.used.black), pts(b.used.white), Half::ZERO)
            }
            Method::AgaTerritory => {
                let ps = sh.aga_pass_stones();
                let t = |x: Color| pts(sh.region[x] - sh.lost(x) - ps[x]);
                (t(Color::Black), t(Color::White), Half::ZERO)
            }
            Method::AgaArea | Method::RegionArea => {
                let a = |x: Color| pts(sh.stones[x] + sh.region[x]);
                (a(Color::Black), a(Color::White), Half::ZERO)
            }
            Method::TrompTaylor => (pts(sh.tt_as_is.black), pts(sh.tt_as_is.white), Half::ZERO),
        };
        let komi =
            self.komi_for(sh.wfp) + extra_komi + Half::points(self.handicap.points(sh.handicap));
        let margin = if self.method == Method::IngBowls {
            // Ing's bowls: 4 white stones stand in Black's area; read as a margin.
            IngBowls::read(sh).margin()
        } else {
            black - white - komi
        };
        RuleResult::new(
            self.id,
            komi,
            self.komi,
            black,
            white,
            margin,
            self.tie,
            self.ledger(sh, ctx),
        )
    }
}

/// Ing's physical count (docs/RULESETS.md 2.5, [INGC, INGT]): each bowl starts with `N²/2`
/// stones (180 on 19x19); prisoners and dead stones go back to their owner's bowl; White puts 4
/// stones inside Black's area as komi; shared points are filled in pairs, one of each colour
/// (an odd one stays empty); each side fills the rest of its area from its bowl.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IngBowls {
    /// Stones each bowl held at the start.
    pub bowl: i64,
    /// Spaces each side's stones cover at the end (its live stones, its filled area, its half
    /// of the shared pairs; White's 4 komi stones counted for White).
    pub used: crate::engine::PerSide<i64>,
    /// Spaces a side could not fill because its bowl ran out.
    pub unfilled: crate::engine::PerSide<i64>,
    /// Stones left in a side's bowl.
    pub leftover: crate::engine::PerSide<i64>,
}

impl IngBowls {
    /// The komi stones White places inside Black's area.
    pub const KOMI_STONES: i64 = 4;

    /// Fills the bowls of a game.
    pub fn read(sh: &Sheet) -> IngBowls {
        let n2 = sh.size as i64 * sh.size as i64;
        let bowl = n2 / 2;
        let pairs = sh.shared / 2;
        let used = crate::engine::PerSide::new(
            sh.stones.black + sh.owned.black + pairs - Self::KOMI_STONES,
            sh.stones.white + sh.owned.white + pairs + Self::KOMI_STONES,
        );
        let rest = |x: Color| bowl - used[x];
        IngBowls {
            bowl,
            used,
            unfilled: crate::engine::PerSide::new(
                (-rest(Color::Black)).max(0),
                (-rest(Color::White)).max(0),
            ),
            leftover: crate::engine::PerSide::new(
                rest(Color::Black).max(0),
                rest(Color::White).max(0),
            ),
        }
    }

    /// Black's margin as the bowls read it: the winner's unfilled spaces plus the loser's
    /// leftover stones, with the sign of the winner.
    pub fn margin(&self) -> Half {
        Half::points(
            self.unfilled.black + self.leftover.white - self.unfilled.white - self.leftover.black,
        )
    }
}
