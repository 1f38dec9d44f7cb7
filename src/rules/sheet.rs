//! The score sheet: every quantity that some rule set counts, read once from a counted game.
//!
//! A rule set's margin is computed by its own method from these quantities (territory plus
//! prisoners, fill-back and roads, bowls, pass stones, ...). Each rule set also states a
//! *ledger*: the named terms that turn the paused area difference `A0 = B0 - W0` into its board
//! margin (RULESETS.md section 3.1, `A - J = (n_B - n_W) + sigma`, split into its causes). The
//! two are computed independently; a difference between them is an unexplained divergence.

use crate::counting::{Count, Half};
use crate::engine::{Board, Cell, Color, Game, Move, PerSide, Point};
use crate::settlement::{Mode, PointClass, SharedKind, TerritoryKind};

/// What every rule set's count is made of. Points are whole numbers unless typed [`Half`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sheet {
    /// Board size N.
    pub size: u8,
    /// Area of the paused position after dead-stone removal, B0 and W0 (shared points half each).
    pub area0: PerSide<Half>,
    /// White made the first virtual move of the game (Art. 12).
    pub wfp: bool,
    /// `moves(B) - moves(W)` at the end of the record: 1 when Black made the last move.
    pub parity: i64,
    /// Virtual moves of each side (passes, in the other rule sets' terms).
    pub passes: PerSide<i64>,
    /// Real moves (stones put on the board), setup stones included.
    pub real: PerSide<i64>,
    /// Real moves made after the first virtual move of the game (Ikeda's Territory I).
    pub real_after_first_pass: PerSide<i64>,
    /// Live stones on the board after dead-stone removal.
    pub stones: PerSide<i64>,
    /// Owned empty points (territory of every kind and one-sided dame), before balancing.
    pub owned: PerSide<i64>,
    /// Shared points q, before balancing.
    pub shared: i64,
    /// Empty points in regions bordered by one colour only (enclosed territory, seki eyes, ko
    /// points): what "surrounded" means to AGA, Tromp-Taylor, New Zealand and Japan.
    pub region: PerSide<i64>,
    /// Owned empty points in regions bordered by both colours: one-sided dame (after a pause)
    /// or own liberties (after four virtual moves). Area counting gives them to their owner,
    /// the region-based rule sets to nobody.
    pub one_sided: PerSide<i64>,
    /// Of [`Sheet::one_sided`], the points that are one-sided dame proper.
    pub one_sided_dame: PerSide<i64>,
    /// Points of one-colour regions that are not Japanese territory because a string bordering
    /// them is in seki: it touches a shared liberty or a one-sided dame (J89 Art. 8: "stones
    /// which are alive but possess dame are said to be in seki"). Ko points excluded.
    pub seki_points: PerSide<i64>,
    /// Unfilled single-ko points (one-point regions) not counted in `seki_points`.
    pub ko_points: PerSide<i64>,
    /// Stones of each side captured during play.
    pub captured: PerSide<i64>,
    /// Dead stones of each side.
    pub dead: PerSide<i64>,
    /// Tromp-Taylor score of the board as it stands (dead stones counted as alive): stones plus
    /// empty points reaching only that colour.
    pub tt_as_is: PerSide<i64>,
    /// The player whose virtual move opened the final pause (the one-sided-dame claimant of
    /// Art. 10), when the game paused.
    pub pause_opener: Option<Color>,
}

impl Sheet {
    /// Reads the sheet of a counted game.
    pub fn new(game: &Game, c: &Count) -> Sheet {
        let st = &c.settlement_paused;
        let board = st.board();
        let t = &c.tally_paused;
        let mut region = PerSide::new(0i64, 0);
        let mut one_sided = PerSide::new(0i64, 0);
        let mut seki_points = PerSide::new(0i64, 0);
        let mut ko_points = PerSide::new(0i64, 0);

        // Strings in seki in the Japanese sense: touching a shared liberty or a one-sided dame.
        let mut seki_heads: Vec<Point> = Vec::new();
        for p in board.points() {
            if matches!(
                st.class(p),
                PointClass::Shared(SharedKind::SharedLiberty) | PointClass::OneSidedDame(_)
            ) {
                for q in board.adj(p) {
                    if board.stone(q).is_some() {
                        seki_heads.push(board.string_head(q));
                    }
                }
            }
        }
        seki_heads.sort_unstable();
        seki_heads.dedup();

        for (members, colour) in regions(board) {
            match colour {
                Some(x) => {
                    region[x] += members.len() as i64;
                    let is_ko = members.len() == 1
                        && matches!(
                            st.class(members[0]),
                            PointClass::Territory(_, TerritoryKind::KoPoint)
                        );
                    let in_seki = members.iter().any(|&m| {
                        board.adj(m).iter().any(|&q| {
                            board.stone(q).is_some()
                                && seki_heads.binary_search(&board.string_head(q)).is_ok()
                        })
                    });
                    if is_ko {
                        ko_points[x] += 1;
                    } else if in_seki {
                        seki_points[x] += members.len() as i64;
                    }
                }
                None => {
                    for m in members {
                        if let Some(x) = st.class(m).owner() {
                            one_sided[x] += 1;
                        }
                    }
                }
            }
        }
        let pause_opener = match (c.mode, game.last_mover()) {
            (Mode::Pause, Some(x)) => Some(x.opp()),
            _ => None,
        };
        Sheet {
            size: c.size,
            area0: c.area_paused,
            wfp: c.first_passer == Some(Color::White),
            parity: c.moves_paused.black - c.moves_paused.white,
            passes: PerSide::new(
                game.virtual_moves().black as i64,
                game.virtual_moves().white as i64,
            ),
            real: c.real,
            real_after_first_pass: real_after_first_pass(game),
            stones: PerSide::new(t.stones.black as i64, t.stones.white as i64),
            owned: PerSide::new(t.owned_empty.black as i64, t.owned_empty.white as i64),
            shared: t.shared as i64,
            region,
            one_sided,
            one_sided_dame: PerSide::new(
                t.one_sided_dame.black as i64,
                t.one_sided_dame.white as i64,
            ),
            seki_points,
            ko_points,
            captured: c.captured,
            dead: c.dead,
            tt_as_is: tromp_taylor(game.board()),
            pause_opener,
        }
    }

    /// `A0 = B0 - W0`.
    pub fn a0(&self) -> Half {
        self.area0.black - self.area0.white
    }

    /// Early virtual moves: `passes(B) - passes(W)`. The final pause (one each) and a
    /// four-virtual-move end (two each) cancel out, so only passes made earlier count.
    pub fn early_passes(&self) -> i64 {
        self.passes.black - self.passes.white
    }

    /// Japanese territory: one-colour regions, less points in seki and unfilled ko points.
    pub fn japanese_territory(&self, x: Color) -> i64 {
        self.region[x] - self.seki_points[x] - self.ko_points[x]
    }

    /// Prisoners a side lost: stones captured during play plus its dead stones.
    pub fn lost(&self, x: Color) -> i64 {
        self.captured[x] + self.dead[x]
    }

    /// Pass stones handed over under the AGA rules (R7, R11): every virtual move, plus one more
    /// white pass when Black made the last move, so that White passes last.
    pub fn aga_pass_stones(&self) -> PerSide<i64> {
        PerSide::new(
            self.passes.black,
            self.passes.white + (self.parity > 0) as i64,
        )
    }
}

/// The empty regions of `board`, each with its bordering colour (`None` when both or none).
fn regions(board: &Board) -> Vec<(Vec<Point>, Option<Color>)> {
    let mut seen = vec![false; board.padded_len()];
    let mut out = Vec::new();
    for start in board.points() {
        if board.cell(start) != Cell::Empty || seen[start.idx()] {
            continue;
        }
        seen[start.idx()] = true;
        let mut members = vec![start];
        let (mut b, mut w) = (false, false);
        let mut k = 0;
        while k < members.len() {
            for q in board.adj(members[k]) {
                match board.cell(q) {
                    Cell::Empty if !seen[q.idx()] => {
                        seen[q.idx()] = true;
                        members.push(q);
                    }
                    Cell::Black => b = true,
                    Cell::White => w = true,
                    _ => {}
                }
            }
            k += 1;
        }
        let colour = match (b, w) {
            (true, false) => Some(Color::Black),
            (false, true) => Some(Color::White),
            _ => None,
        };
        out.push((members, colour));
    }
    out
}

/// Tromp-Taylor score of a board as it stands: each side's stones plus the empty points that
/// reach only its colour (rule 9 of the ten rules; no dead-stone removal).
pub fn tromp_taylor(board: &Board) -> PerSide<i64> {
    let mut s = PerSide::new(0i64, 0);
    for p in board.points() {
        if let Some(c) = board.stone(p) {
            s[c] += 1;
        }
    }
    for (members, colour) in regions(board) {
        if let Some(c) = colour {
            s[c] += members.len() as i64;
        }
    }
    s
}

/// Real moves made after the first virtual move of the game.
fn real_after_first_pass(game: &Game) -> PerSide<i64> {
    let mut out = PerSide::new(0i64, 0);
    let mut passed = false;
    for r in game.records() {
        match r.mv {
            Move::Virtual => passed = true,
            Move::Play(_) if passed => out[r.color] += 1,
            _ => {}
        }
    }
    out
}
