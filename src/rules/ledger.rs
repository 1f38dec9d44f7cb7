//! The ledger: the named causes that turn the paused area difference `A0` into a rule set's
//! board margin, so that two rule sets' results can be compared term by term.

use serde::Serialize;

use super::{DameReading, Method, OneSidedDame, Rules, Scoring, Sheet};
use crate::counting::{Count, Half};
use crate::engine::{Color, PerSide};

impl Rules {
    /// The named terms that turn `A0` into this rule set's board margin (before komi). The
    /// terms follow from the rule set's fields: its method, a fixed balancing reading, its
    /// reading of one-sided dame, its handicap compensation and first-pass komi.
    pub fn ledger(&self, sh: &Sheet, ctx: &Scoring<'_>) -> Ledger {
        let mut l = Ledger::default();
        let diff = |p: &PerSide<i64>| p.black - p.white;
        match self.method {
            Method::EqualStonesTerritory | Method::BalancedArea => {
                self.balanced_terms(&mut l, sh, ctx)
            }
            Method::PlainArea | Method::IngBowls => {}
            Method::Roads => stoneless_pass_terms(&mut l, sh),
            Method::JapaneseTerritory(reading) => {
                if reading == DameReading::Literal {
                    l.add(Cause::DameSekiLiteral, -diff(&sh.dame_literal_points));
                }
                stoneless_pass_terms(&mut l, sh);
                l.add(Cause::SekiPoints, -diff(&sh.seki_points));
                l.add(Cause::UnfilledKo, -diff(&sh.ko_points));
                if reading == DameReading::Filled {
                    l.add(Cause::Teire, -diff(&sh.teire));
                }
                one_sided_terms(&mut l, sh);
            }
            Method::AgaTerritory => {
                stoneless_pass_terms(&mut l, sh);
                l.add(Cause::PassStones, -diff(&sh.aga_pass_stones()));
                one_sided_terms(&mut l, sh);
            }
            Method::AgaArea | Method::RegionArea | Method::TrompTaylor => {
                one_sided_terms(&mut l, sh);
                if self.method == Method::TrompTaylor {
                    // Defined as the effect of scoring the board as it stands: Tromp-Taylor
                    // on the paused board minus Tromp-Taylor after the removal.
                    let settled = diff(&sh.stones) + diff(&sh.region);
                    l.add(Cause::DeadStonesOnBoard, diff(&sh.tt_as_is) - settled);
                }
            }
        }
        // The handicap compensation is paid like komi: it is the ledger's komi term.
        l.add(Cause::Komi, -self.handicap.points(sh.handicap));
        if self.first_pass_komi != Half::ZERO {
            // Ikeda's Area III, WMSG and edition A pay the Art. 12 point as komi.
            l.add_half(
                Cause::FirstPass,
                -(if sh.wfp {
                    self.first_pass_komi
                } else {
                    Half::ZERO
                }),
            );
        }
        l
    }

    /// The terms of the balanced Ji-Ping-Dian methods: the Art. 12 point, what a fixed
    /// balancing reading changes against the game's (B1), and the one-sided dame the strict
    /// Art. 10 reading takes away (C1).
    fn balanced_terms(&self, l: &mut Ledger, sh: &Sheet, ctx: &Scoring<'_>) {
        l.add(Cause::FirstPass, -(sh.wfp as i64));
        if self.balancing.is_some() {
            // The two readings' balanced areas, compensation included.
            let a = |c: &Count| c.area.black - c.area.white - c.compensation;
            let b1 = a(ctx.count_under(self.balancing)) - a(ctx.count);
            l.add_half(Cause::BalancingB1, b1);
        }
        if self.one_sided_dame == OneSidedDame::PauseOpenerOnly {
            if let Some(x) = ctx.c1_loser(sh) {
                // Each disallowed point goes from X's to shared: X loses 1/2 twice over.
                let n = sh.one_sided_dame[x];
                l.add(Cause::OwnershipC1, if x == Color::Black { -n } else { n });
            }
        }
    }
}

/// The terms of a count with stoneless passes (territory, roads): the point Black's extra move
/// put on the board and the virtual moves before the final pause.
fn stoneless_pass_terms(l: &mut Ledger, sh: &Sheet) {
    l.add(Cause::LastMoveParity, -sh.parity);
    l.add(Cause::EarlyPass, sh.early_passes());
}

/// The terms of the one-sided dame and the liberties a four-pass end leaves, which these
/// methods give nobody.
fn one_sided_terms(l: &mut Ledger, sh: &Sheet) {
    let diff = |p: &PerSide<i64>| p.black - p.white;
    l.add(Cause::OneSidedDame, -diff(&sh.one_sided_dame));
    l.add(
        Cause::FourPassLiberty,
        -(diff(&sh.one_sided) - diff(&sh.one_sided_dame)),
    );
}

/// A named cause of difference between rule sets (issue 4's list; docs/RULESETS.md 3.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Cause {
    /// A different komi.
    Komi,
    /// The Art. 12 point for White's first virtual move (also Ikeda's Area III, WMSG 2008).
    FirstPass,
    /// Territory counting loses the point Black's extra move put on the board.
    LastMoveParity,
    /// Virtual moves before the final pause, free under stoneless-pass rules.
    EarlyPass,
    /// AGA pass stones (and White's extra last pass).
    PassStones,
    /// Points of one-colour regions bordered by a group in a proven seki (eyes in seki; J89
    /// Art. 8).
    SekiPoints,
    /// The literal reading of J89 Art. 8: points of one-colour regions bordered by a string that
    /// touches an unfilled ordinary dame but is in no proven seki, taken as "in seki".
    DameSekiLiteral,
    /// One-sided dame: its holder's under area counting, nobody's under region-based counting.
    OneSidedDame,
    /// After four virtual moves, own liberties in mixed regions (Art. 18 "a liberty belongs to
    /// its adjacent stones"), nobody's under region-based counting.
    FourPassLiberty,
    /// An unfilled single ko: a point of territory by Part 1 item 7, filled (no point) in
    /// Japanese practice.
    UnfilledKo,
    /// Forced teire: points of territory a side must fill once the dame beside its strings
    /// are filled (a Japanese count after the dame are filled).
    Teire,
    /// Dead stones left on the board (Tromp-Taylor scores the board as it stands).
    DeadStonesOnBoard,
    /// The Art. 11 balancing reading (ambiguity B1).
    BalancingB1,
    /// The strict reading of Art. 10 on one-sided dame (ambiguity C1).
    OwnershipC1,
}

impl Cause {
    /// Every cause, in report order.
    pub const ALL: [Cause; 14] = [
        Cause::Komi,
        Cause::FirstPass,
        Cause::LastMoveParity,
        Cause::EarlyPass,
        Cause::PassStones,
        Cause::SekiPoints,
        Cause::DameSekiLiteral,
        Cause::OneSidedDame,
        Cause::FourPassLiberty,
        Cause::UnfilledKo,
        Cause::Teire,
        Cause::DeadStonesOnBoard,
        Cause::BalancingB1,
        Cause::OwnershipC1,
    ];

    /// The snake_case name.
    pub fn as_str(self) -> &'static str {
        match self {
            Cause::Komi => "komi",
            Cause::FirstPass => "first_pass",
            Cause::LastMoveParity => "last_move_parity",
            Cause::EarlyPass => "early_pass",
            Cause::PassStones => "pass_stones",
            Cause::SekiPoints => "seki_points",
            Cause::DameSekiLiteral => "dame_seki_literal",
            Cause::OneSidedDame => "one_sided_dame",
            Cause::FourPassLiberty => "four_pass_liberty",
            Cause::UnfilledKo => "unfilled_ko",
            Cause::Teire => "teire",
            Cause::DeadStonesOnBoard => "dead_stones_on_board",
            Cause::BalancingB1 => "balancing_b1",
            Cause::OwnershipC1 => "ownership_c1",
        }
    }
}

/// Named terms (Black minus White, half-points), indexed by [`Cause::ALL`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Ledger(pub [Half; 14]);

impl Ledger {
    pub(super) fn add(&mut self, c: Cause, points: i64) {
        self.add_half(c, Half::points(points));
    }

    pub(super) fn add_half(&mut self, c: Cause, h: Half) {
        let i = Cause::ALL.iter().position(|&x| x == c).expect("listed");
        self.0[i] += h;
    }

    /// The term of a cause.
    pub fn get(&self, c: Cause) -> Half {
        self.0[Cause::ALL.iter().position(|&x| x == c).expect("listed")]
    }

    /// The sum of the terms.
    pub fn total(&self) -> Half {
        self.0.iter().fold(Half::ZERO, |a, &b| a + b)
    }

    /// The nonzero terms, in [`Cause::ALL`] order.
    pub fn terms(&self) -> impl Iterator<Item = (Cause, Half)> + '_ {
        Cause::ALL
            .iter()
            .zip(self.0.iter())
            .filter(|(_, h)| **h != Half::ZERO)
            .map(|(c, h)| (*c, *h))
    }
}
