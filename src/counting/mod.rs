//! Counting (RULES.md sections 4 and 6): balancing, area, equal-stones territory with fill-back
//! and overflow, the conversions of Art. 19(3) and 20(3), and the fill-up check.
//!
//! Every number is an exact integer; scores are [`Half`] points.

pub mod balance;
pub mod fillup;
mod finished;

pub use crate::engine::{Half, Points};
pub use balance::{BalancePlan, Balancing, Fallback};
pub use fillup::{fill_up, FillUp, Stability};
pub use finished::Finished;

use crate::engine::{Board, Color, Coord, End, Game, NegativeKind, PerSide, Phase, Point};
use crate::settlement::{
    Mode, PointClass, SettleError, Settlement, SharedKind, Tally, TerritoryKind,
};
use std::sync::Arc;

/// What the count needs to know of a finished game: the paused board and the move tallies.
/// [`Game`] provides it; so does [`Facts`], a game's facts over another board (a symmetry of
/// the paused position, for theorem T8).
pub trait GameFacts {
    /// The paused (or final) board, dead stones still on it.
    fn board(&self) -> &Board;
    /// Where the game stands.
    fn phase(&self) -> Phase;
    /// First virtual move of the game.
    fn first_passer(&self) -> Option<Color>;
    /// Player of the last real move.
    fn last_mover(&self) -> Option<Color>;
    /// Real moves per side, setup stones included.
    fn real_moves(&self) -> PerSide<u32>;
    /// Virtual moves per side.
    fn virtual_moves(&self) -> PerSide<u32>;
    /// Negative moves per side.
    fn negative_moves(&self) -> PerSide<u32>;
    /// Stones of each side captured during play.
    fn captured(&self) -> PerSide<u32>;
    /// `moves(X) = real + virtual - negative`.
    fn moves(&self, c: Color) -> i64 {
        self.real_moves()[c] as i64 + self.virtual_moves()[c] as i64
            - self.negative_moves()[c] as i64
    }
}

impl GameFacts for Game {
    fn board(&self) -> &Board {
        Game::board(self)
    }
    fn phase(&self) -> Phase {
        Game::phase(self)
    }
    fn first_passer(&self) -> Option<Color> {
        Game::first_passer(self)
    }
    fn last_mover(&self) -> Option<Color> {
        Game::last_mover(self)
    }
    fn real_moves(&self) -> PerSide<u32> {
        Game::real_moves(self)
    }
    fn virtual_moves(&self) -> PerSide<u32> {
        Game::virtual_moves(self)
    }
    fn negative_moves(&self) -> PerSide<u32> {
        Game::negative_moves(self)
    }
    fn captured(&self) -> PerSide<u32> {
        Game::captured(self)
    }
}

/// A game's facts copied out, over a board of the caller's choice.
#[derive(Clone, Debug)]
pub struct Facts {
    /// The board.
    pub board: Board,
    /// The phase.
    pub phase: Phase,
    /// First passer.
    pub first_passer: Option<Color>,
    /// Last mover.
    pub last_mover: Option<Color>,
    /// Real moves.
    pub real: PerSide<u32>,
    /// Virtual moves.
    pub virt: PerSide<u32>,
    /// Negative moves.
    pub neg: PerSide<u32>,
    /// Captured stones.
    pub captured: PerSide<u32>,
}

impl Facts {
    /// The facts of `g` over `board`.
    pub fn of(g: &impl GameFacts, board: Board) -> Facts {
        Facts {
            board,
            phase: g.phase(),
            first_passer: g.first_passer(),
            last_mover: g.last_mover(),
            real: g.real_moves(),
            virt: g.virtual_moves(),
            neg: g.negative_moves(),
            captured: g.captured(),
        }
    }
}

impl GameFacts for Facts {
    fn board(&self) -> &Board {
        &self.board
    }
    fn phase(&self) -> Phase {
        self.phase
    }
    fn first_passer(&self) -> Option<Color> {
        self.first_passer
    }
    fn last_mover(&self) -> Option<Color> {
        self.last_mover
    }
    fn real_moves(&self) -> PerSide<u32> {
        self.real
    }
    fn virtual_moves(&self) -> PerSide<u32> {
        self.virt
    }
    fn negative_moves(&self) -> PerSide<u32> {
        self.neg
    }
    fn captured(&self) -> PerSide<u32> {
        self.captured
    }
}

/// Why a game cannot be counted.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CountError {
    /// The game has not paused or ended by four virtual moves.
    #[error("the game is still in play: a record must end with a pause (two consecutive virtual moves), four virtual moves, or a resignation")]
    NotFinished,
    /// The game ended by resignation: there is nothing to count.
    #[error("the game ended by resignation ({0} resigned)")]
    Resigned(Color),
    /// The game ended with no result (a cycle under the no-result option).
    #[error("the game ended with no result (a whole-board position recurred)")]
    NoResult,
    /// The dead stones are not stones.
    #[error(transparent)]
    Settle(#[from] SettleError),
}

/// Everything counted for one finished game under one balancing reading.
#[derive(Clone, Debug)]
pub struct Count {
    /// Board size N.
    pub size: u8,
    /// How the counted position came about.
    pub mode: Mode,
    /// The balancing reading used.
    pub balancing: Balancing,
    /// What balancing did.
    pub plan: BalancePlan,
    /// The negative moves, as coordinates.
    pub negatives: Vec<(Coord, NegativeKind)>,
    /// First virtual move of the game (Art. 12).
    pub first_passer: Option<Color>,
    /// Player of the last real move (Art. 11).
    pub last_mover: Option<Color>,
    /// `moves(X)` at the pause.
    pub moves_paused: PerSide<i64>,
    /// `moves(X)` after balancing.
    pub moves: PerSide<i64>,
    /// Real moves, setup stones included.
    pub real: PerSide<i64>,
    /// Virtual moves, balancing ones included.
    pub virtual_moves: PerSide<i64>,
    /// Negative moves.
    pub negative: PerSide<i64>,
    /// Each side's stones captured during play (its prisoners).
    pub captured: PerSide<i64>,
    /// Each side's dead stones.
    pub dead: PerSide<i64>,
    /// The classification totals of the paused position (before balancing).
    pub tally_paused: Tally,
    /// The classification totals after balancing.
    pub tally: Tally,
    /// Area of the paused position, B0 and W0.
    pub area_paused: PerSide<Half>,
    /// Area after balancing, B and W (section 6.1).
    pub area: PerSide<Half>,
    /// Owned empty points after balancing, T (territory of every kind and one-sided dame).
    pub owned: PerSide<i64>,
    /// Stones each side fills back: its prisoners, dead stones and virtual stones.
    pub fill_back: PerSide<i64>,
    /// Stones each side cannot place (its own territory is full), s_X.
    pub overflow: PerSide<i64>,
    /// Stones both sides hold off the board after the Art. 17 overflow procedure, s.
    pub s: i64,
    /// Territory in the equal-stones position, b and w (section 6.2).
    pub territory: PerSide<Half>,
    /// Shared points q after balancing.
    pub shared: u32,
    /// Black's points given to White as komi by the plan (Art. 12 when not paid by type A).
    pub compensation: Half,
    /// The settled position after balancing (shared with `settlement_paused` when balancing
    /// took no negative move).
    pub settlement: Arc<Settlement>,
    /// The settled paused position (before balancing), shared with the recounts made from it.
    pub settlement_paused: Arc<Settlement>,
}

impl Count {
    /// k: each side's move count after balancing (equal when balancing succeeded).
    pub fn k(&self) -> i64 {
        self.moves.black
    }

    /// Area difference B - W after balancing.
    pub fn area_margin(&self) -> Half {
        self.area.black - self.area.white
    }

    /// Territory difference b - w.
    pub fn territory_margin(&self) -> Half {
        self.territory.black - self.territory.white
    }
}

/// Counts a finished game. `dead` lists the dead stones of the paused position (ignored after a
/// four-virtual-move end, where every stone is alive). `pick_a` chooses the type-A stone among
/// the qualifying ones (0 = the first in row-major order, the default).
pub fn count(
    game: &impl GameFacts,
    dead: &[Point],
    balancing: Balancing,
    pick_a: usize,
) -> Result<Count, CountError> {
    let mode = match game.phase() {
        Phase::Paused => Mode::Pause,
        Phase::Ended(End::FourPasses) => Mode::FourPasses,
        Phase::Ended(End::Resignation(c)) => return Err(CountError::Resigned(c)),
        Phase::Ended(End::NoResultCycle) => return Err(CountError::NoResult),
        Phase::Playing => return Err(CountError::NotFinished),
    };
    let dead: &[Point] = if mode == Mode::FourPasses { &[] } else { dead };
    let paused = game.board();
    let st0 = Arc::new(Settlement::settle(paused, dead, &[], mode)?);
    count_settled(game, &st0, mode, balancing, pick_a)
}

/// Counts a finished game whose paused position `st0` is already settled (under `mode`), as
/// [`count`] does: another balancing reading of the same settlement costs no second settle.
pub fn count_settled(
    game: &impl GameFacts,
    st0: &Arc<Settlement>,
    mode: Mode,
    balancing: Balancing,
    pick_a: usize,
) -> Result<Count, CountError> {
    let moves_paused = PerSide::new(game.moves(Color::Black), game.moves(Color::White));
    let d = moves_paused.black - moves_paused.white;
    let wfp = game.first_passer() == Some(Color::White);
    // The candidates are looked for only when the Art. 14 plan will take from them: type A
    // when White passed first, type B for what is left of d after that.
    let art14 = balancing == Balancing::Art14;
    let a_cands = if art14 && wfp {
        balance::type_a_candidates(st0)
    } else {
        Vec::new()
    };
    let rest = d - (art14 && wfp && !a_cands.is_empty()) as i64;
    let b_cands = if art14 && rest > 0 {
        balance::type_b_candidates(st0)
    } else {
        Vec::new()
    };
    let plan = balance::plan(balancing, d, wfp, &a_cands, &b_cands, pick_a);
    count_with_plan(game, st0, plan, mode, balancing, Removal::Decree)
}

/// How the points around a negative-move stone are classified after its removal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Removal {
    /// By decree (RULES.md section 4, B2): only the vacated point changes class. The count.
    Decree,
    /// Physically: the stone leaves the board and every point is classified afresh, the
    /// vacated point keeping its decreed class. Used by theorem T11 to find the positions where
    /// taking the negative move literally would change the ownership of other points.
    Physical,
}

/// Counts with a given balancing plan; `st0` is the settled paused position.
pub fn count_with_plan(
    game: &impl GameFacts,
    st0: &Arc<Settlement>,
    plan: BalancePlan,
    mode: Mode,
    balancing: Balancing,
    removal: Removal,
) -> Result<Count, CountError> {
    let paused = game.board();
    let size = paused.size();
    let st = balanced_settlement(paused, st0, &plan, mode, removal)?;
    let tally_paused = st0.tally();
    let tally = st.tally();
    let n_neg = plan.negatives.len() as i64;
    let real = PerSide::new(
        game.real_moves().black as i64,
        game.real_moves().white as i64,
    );
    let virtual_moves = PerSide::new(
        (game.virtual_moves().black + plan.extra_virtual.black) as i64,
        (game.virtual_moves().white + plan.extra_virtual.white) as i64,
    );
    let negative = PerSide::new(
        game.negative_moves().black as i64 + n_neg,
        game.negative_moves().white as i64,
    );
    let moves = PerSide::new(
        real.black + virtual_moves.black - negative.black,
        real.white + virtual_moves.white - negative.white,
    );
    let captured = PerSide::new(game.captured().black as i64, game.captured().white as i64);
    let dead = PerSide::new(st0.dead().black as i64, st0.dead().white as i64);

    let area_of =
        |t: &Tally, c: Color| Half(2 * (t.stones[c] + t.owned_empty[c]) as i64 + t.shared as i64);
    let area_paused = PerSide::new(
        area_of(&tally_paused, Color::Black),
        area_of(&tally_paused, Color::White),
    );
    let area = PerSide::new(area_of(&tally, Color::Black), area_of(&tally, Color::White));

    let owned = PerSide::new(
        tally.owned_empty.black as i64,
        tally.owned_empty.white as i64,
    );
    let fill_back = PerSide::new(
        captured.black + dead.black + virtual_moves.black,
        captured.white + dead.white + virtual_moves.white,
    );
    let overflow = PerSide::new(
        (fill_back.black - owned.black).max(0),
        (fill_back.white - owned.white).max(0),
    );
    let s = overflow.black.max(overflow.white);
    let territory = PerSide::new(
        Half::points(owned.black - fill_back.black + s),
        Half::points(owned.white - fill_back.white + s),
    );
    let negatives = plan
        .negatives
        .iter()
        .map(|&(p, k)| (paused.coord(p), k))
        .collect();
    Ok(Count {
        size,
        mode,
        balancing,
        compensation: plan.compensation,
        plan,
        negatives,
        first_passer: game.first_passer(),
        last_mover: game.last_mover(),
        moves_paused: PerSide::new(game.moves(Color::Black), game.moves(Color::White)),
        moves,
        real,
        virtual_moves,
        negative,
        captured,
        dead,
        tally_paused,
        tally,
        area_paused,
        area,
        owned,
        fill_back,
        overflow,
        s,
        territory,
        shared: tally.shared,
        settlement: st,
        settlement_paused: Arc::clone(st0),
    })
}

/// The settlement after the plan's negative moves: their stones removed and their points'
/// classes decreed (type A a shared point, type B Black's territory), by decree or physically
/// as `removal` says; `st0` itself when there is no negative move.
fn balanced_settlement(
    paused: &Board,
    st0: &Arc<Settlement>,
    plan: &BalancePlan,
    mode: Mode,
    removal: Removal,
) -> Result<Arc<Settlement>, CountError> {
    // Remove the negative-move stones and decree their points' classes.
    let pinned: Vec<(Point, PointClass)> = plan
        .negatives
        .iter()
        .map(|&(p, kind)| {
            let cl = match kind {
                NegativeKind::A => PointClass::Shared(SharedKind::NegativeA),
                NegativeKind::B => PointClass::Territory(Color::Black, TerritoryKind::NegativeB),
            };
            (p, cl)
        })
        .collect();
    Ok(if pinned.is_empty() {
        Arc::clone(st0)
    } else if removal == Removal::Decree {
        Arc::new(st0.with_decrees(&pinned))
    } else {
        let mut board = st0.board().clone();
        let changes: Vec<(Point, Option<Color>)> = pinned.iter().map(|&(p, _)| (p, None)).collect();
        board.set_stones(&changes);
        let mut st = Settlement::settle_with_status(&board, &[], &pinned, mode, paused)?;
        st.set_dead(st0.dead(), st0.dead_points().to_vec());
        Arc::new(st)
    })
}

/// Stones on the board after balancing, per side (live stones, before the fill-back).
pub fn stones_on_board(c: &Count) -> PerSide<i64> {
    PerSide::new(c.tally.stones.black as i64, c.tally.stones.white as i64)
}

/// The board of the settled position after balancing.
pub fn settled_board(c: &Count) -> &Board {
    c.settlement.board()
}
