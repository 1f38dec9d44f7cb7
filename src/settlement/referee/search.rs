//! The capture-counting local search that tells a seki from a dead group, with its node budget
//! and its transposition table.

use super::*;

/// A three-valued search result, from the attacker's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Tri {
    /// The attacker forces a net capture.
    Win,
    /// The defender holds.
    Loss,
    /// A ko decides.
    Ko,
    /// Not decided within the budget.
    Unknown,
}

impl Tri {
    /// Combines the outcomes for the two attackers: a win for either settles nothing.
    pub(super) fn worst(self, other: Tri) -> Tri {
        use Tri::*;
        match (self, other) {
            (Win, _) | (_, Win) => Win,
            (Unknown, _) | (_, Unknown) => Unknown,
            (Ko, _) | (_, Ko) => Ko,
            _ => Loss,
        }
    }
}

pub(super) struct Search<'a> {
    pub(super) area: &'a [Point],
    pub(super) attacker: Color,
    /// The area's original stones of each colour, as bits over `area` indices.
    pub(super) original: [u128; 2],
    pub(super) nodes: u32,
    pub(super) budget: u32,
    /// Decided results by (hash, to move, passes, original stones lost, ko point).
    pub(super) tt: HashMap<(u64, u8, u8, u128), bool, BuildHasherDefault<FxHasher>>,
    pub(super) ko_seen: bool,
    /// One board per depth, reused from node to node.
    pub(super) boards: Vec<Option<Board>>,
    /// The depth the search started at, and the attacker's first move found winning there.
    pub(super) root_depth: Option<u32>,
    pub(super) first_win: Option<Point>,
    /// The attacker wins when its net captures exceed this (0: when it comes out ahead).
    pub(super) threshold: i32,
    /// The hashes of the positions of the line being read: a move that recreates one is
    /// illegal (positional superko), so that a capture-recapture cycle ends the line.
    path: Vec<u64>,
    /// The least index in `path` of a position that a move of the subtree being read was
    /// refused for recreating (`usize::MAX`: none): a node deeper than that index depends on
    /// the line that led to it, and its result is not stored.
    cut: usize,
}

/// A small multiplicative hasher for the table's keys (std's SipHash took a tenth of the
/// search's time); the keys are stored whole, so a hash collision costs a probe, never a
/// wrong answer.
#[derive(Default)]
pub(crate) struct FxHasher(u64);

impl Hasher for FxHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    fn write_u8(&mut self, n: u8) {
        self.write_u64(n as u64);
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_u128(&mut self, n: u128) {
        self.write_u64(n as u64);
        self.write_u64((n >> 64) as u64);
    }
}

impl<'a> Search<'a> {
    /// A search of `area` (at most 128 points) on `board` for `attacker`.
    pub(super) fn new(board: &Board, area: &'a [Point], attacker: Color) -> Search<'a> {
        let mut original = [0u128; 2];
        for (i, &p) in area.iter().enumerate() {
            if let Some(c) = board.stone(p) {
                original[c.idx()] |= 1u128 << i;
            }
        }
        Search {
            area,
            attacker,
            original,
            nodes: 0,
            budget: SEARCH_NODES,
            tt: HashMap::default(),
            ko_seen: false,
            boards: Vec::new(),
            root_depth: None,
            first_win: None,
            threshold: 0,
            path: Vec::new(),
            cut: usize::MAX,
        }
    }

    /// The original stones no longer on the board, `gone` being those known lost before.
    pub(super) fn lost(&self, board: &Board, gone: u128) -> u128 {
        let mut g = gone;
        for (i, &p) in self.area.iter().enumerate() {
            let bit = 1u128 << i;
            let c = if self.original[0] & bit != 0 {
                Color::Black
            } else if self.original[1] & bit != 0 {
                Color::White
            } else {
                continue;
            };
            if board.stone(p) != Some(c) {
                g |= bit;
            }
        }
        g
    }

    /// The defender's original stones captured so far less the attacker's (`gone`: the
    /// original stones captured).
    fn net_taken(&self, gone: u128) -> i32 {
        let att = self.attacker.idx();
        let def = self.attacker.opp().idx();
        (gone & self.original[def]).count_ones() as i32
            - (gone & self.original[att]).count_ones() as i32
    }

    /// The outcome of the fight when it is decided without searching: after two passes, when
    /// the attacker cannot get ahead any more, or when it is ahead with nothing left to take.
    fn settled(&self, passes: u8, gone: u128) -> Option<Tri> {
        let net = self.net_taken(gone) - self.threshold;
        if passes >= 2 {
            return Some(if net > 0 { Tri::Win } else { Tri::Loss });
        }
        // The defender may pass for ever: the attacker can then take at most the defender's
        // original stones still standing (the strings around the area are pass-alive).
        let def = self.attacker.opp().idx();
        let at_stake = (self.original[def] & !gone).count_ones() as i32;
        if net + at_stake <= 0 {
            return Some(Tri::Loss);
        }
        // Ahead with every original defending stone taken: counted as a win. It may be
        // premature (the defender could still fight back), but a win only ever denies a seki,
        // so calling one early can make a position unsettled, never a wrong seki.
        if net > 0 && at_stake == 0 {
            return Some(Tri::Win);
        }
        None
    }

    /// The legal moves of `to_move` in the area, most urgent first: 0 a capture; 1 a move on
    /// the last liberty of one's own string in atari (saving it); 2 a move leaving an opposing
    /// string in atari; 3 the rest (ties by point).
    fn ordered_moves(&self, board: &Board, to_move: Color) -> Vec<(Point, u8)> {
        let mut moves: Vec<(Point, u8)> = Vec::new();
        for &p in self.area {
            if board.cell(p) != Cell::Empty
                || board.legality(p, to_move, SuicideRule::Forbidden).is_err()
            {
                continue;
            }
            let urgency = if board.would_capture(p, to_move) {
                0
            } else if board
                .adj(p)
                .iter()
                .any(|&q| board.stone(q) == Some(to_move) && board.liberties(q) == 1)
            {
                1
            } else if board
                .adj(p)
                .iter()
                .any(|&q| board.stone(q) == Some(to_move.opp()) && board.liberties(q) == 2)
            {
                2
            } else {
                3
            };
            moves.push((p, urgency));
        }
        moves.sort_by_key(|&(p, u)| (u, p));
        moves
    }

    /// Whether the attacker can force the local fight to end (two passes in a row) having
    /// captured more of the defender's original stones than it lost of its own (`gone`: the
    /// original stones captured so far), `to_move` to play, `passes` consecutive passes so far.
    /// Stones placed during the search do not count: a sacrifice costs nothing, and a capture
    /// that loses the capturer's own group (a hanezeki) does not pay.
    pub(super) fn attack(
        &mut self,
        board: &Board,
        to_move: Color,
        passes: u8,
        gone: u128,
        depth: u32,
    ) -> Tri {
        if let Some(end) = self.settled(passes, gone) {
            return end;
        }
        let net = self.net_taken(gone);
        let key = (board.hash(), to_move as u8, passes, gone);
        if let Some(&w) = self.tt.get(&key) {
            return if w { Tri::Win } else { Tri::Loss };
        }
        if depth == 0 || self.nodes >= self.budget {
            return Tri::Unknown;
        }
        self.nodes += 1;
        let root = *self.root_depth.get_or_insert(depth) == depth;
        let attacking = to_move == self.attacker;
        let moves = self.ordered_moves(board, to_move);
        // Order: captures first, then saving moves; then a pass for the defender (the usual
        // refutation in a seki) and for an attacker already ahead; then ataris and the other
        // moves; the attacker's pass last. The order decides only how soon a proof is found.
        let n_captures = moves.iter().filter(|m| m.1 <= 1).count();
        let pass_at = if !attacking || net > 0 {
            n_captures
        } else {
            moves.len()
        };
        let mut unknown = false;
        let level = depth as usize;
        while self.boards.len() <= level {
            self.boards.push(None);
        }
        let mut child = self.boards[level].take().unwrap_or_else(|| board.clone());
        let mut result: Option<bool> = None;
        let here = self.path.len();
        self.path.push(board.hash());
        let cut_before = std::mem::replace(&mut self.cut, usize::MAX);
        for i in 0..=moves.len() {
            let r = if i == pass_at {
                self.attack(board, to_move.opp(), passes + 1, gone, depth - 1)
            } else {
                Tri::Loss // placeholder, replaced below
            };
            let r = if i == pass_at {
                r
            } else {
                let k = if i < pass_at { i } else { i - 1 };
                if k >= moves.len() {
                    continue;
                }
                child.copy_from(board);
                let info = child.play_unchecked(moves[k].0, to_move);
                if info.ko_point.is_some() {
                    // A ko: its outcome depends on threats elsewhere.
                    self.ko_seen = true;
                    unknown = true;
                    continue;
                }
                if info.captured > 0 {
                    if let Some(at) = self.path.iter().position(|&h| h == child.hash()) {
                        self.cut = self.cut.min(at);
                        continue;
                    }
                }
                let g = if info.captured > 0 {
                    self.lost(&child, gone)
                } else {
                    gone
                };
                self.attack(&child, to_move.opp(), 0, g, depth - 1)
            };
            match (attacking, r) {
                (true, Tri::Win) | (false, Tri::Loss) => {
                    if root && attacking && i != pass_at {
                        self.first_win = Some(moves[if i < pass_at { i } else { i - 1 }].0);
                    }
                    result = Some(r == Tri::Win);
                    break;
                }
                (_, Tri::Unknown) | (_, Tri::Ko) => unknown = true,
                _ => {}
            }
        }
        self.boards[level] = Some(child);
        self.path.pop();
        let line_dependent = self.cut < here;
        self.cut = self.cut.min(cut_before);
        let decided = match result {
            Some(w) => Some(w),
            None if unknown => None,
            // Every option failed for the mover.
            None => Some(!attacking),
        };
        match decided {
            Some(w) => {
                if !line_dependent {
                    self.tt.insert(key, w);
                }
                if w {
                    Tri::Win
                } else {
                    Tri::Loss
                }
            }
            None => Tri::Unknown,
        }
    }
}
