//! The game: turn order, the move record, positional superko, virtual and negative moves, pause,
//! dispute and resumption, and the ways a game ends (RULES.md sections 2-3).
//!
//! Legality that needs history (ko, superko) is decided here only; [`Board`] knows the stones.

use super::board::{Board, Illegal, MoveInfo, Point, Snapshot, SuicideRule, SNAP_WORDS};
use super::types::{Color, Coord, Move, NegativeKind, PerSide};

/// How repetition of a whole-board position is treated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KoRule {
    /// A real move may not recreate any earlier arrangement of stones (Art. 9, default).
    PositionalSuperko,
    /// Only the immediate recapture of a single-stone ko is forbidden (Japanese, practical
    /// Chinese); longer cycles are allowed.
    SimpleKo,
    /// A real move that recreates an earlier arrangement is allowed and ends the game with no
    /// result (the Art. 9 alternative: 无胜负).
    CycleNoResult,
    /// The simple ko rule, and any other real move that recreates an earlier arrangement ends
    /// the game with no result: the Chinese referee rules (CN20 Art. 20: no immediate retake;
    /// triple ko and longer cycles "no result").
    SimpleKoCycleNoResult,
    /// The simple ko rule, and a repetition ends the game without result only when the players
    /// do not give way: J89 Art. 6 (basic ko) with Art. 12 as its commentary reads it (無勝負
    /// when "a state of repetition of the same whole-board position" arises and both agree,
    /// since counting the repetitions is hard). A real move that recreates an earlier
    /// arrangement is legal and play goes on; the game ends without result when an arrangement
    /// occurs for the [`NO_RESULT_OCCURRENCE`]th time (the players went round the cycle again
    /// after seeing it repeat), or when the record stops while the players are still in the
    /// cycle ([`Game::end_in_cycle`]). A repetition the players leave (the next real move makes a
    /// new arrangement, or they pass) is not a result.
    SimpleKoUnyieldingCycle,
}

/// Under [`KoRule::SimpleKoUnyieldingCycle`], the occurrence of one arrangement of stones that
/// ends the game without result: the third (the cycle gone round twice, the second time after
/// the players saw it repeat, so neither gave way).
pub const NO_RESULT_OCCURRENCE: usize = 3;

/// The rules the game layer needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PlayRules {
    /// Which suicides are legal.
    pub suicide: SuicideRule,
    /// How repetition is treated.
    pub ko: KoRule,
}

impl PlayRules {
    /// Ji-Ping-Dian Tang-Song: no suicide (Art. 7), positional superko (Art. 9).
    pub const JPD: PlayRules = PlayRules {
        suicide: SuicideRule::Forbidden,
        ko: KoRule::PositionalSuperko,
    };
}

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Moves are being made.
    Playing,
    /// Two consecutive virtual moves paused the game (Art. 11). Black may now make negative
    /// moves; a further move resumes play (a dispute, Art. 16) and a virtual move continues
    /// towards the four-virtual-move end.
    Paused,
    /// The game is over.
    Ended(End),
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum End {
    /// The named side resigned.
    Resignation(Color),
    /// Four consecutive virtual moves (Art. 18): every stone on the board is alive.
    FourPasses,
    /// A real move recreated an earlier position under [`KoRule::CycleNoResult`] or
    /// [`KoRule::SimpleKoCycleNoResult`]; or, under [`KoRule::SimpleKoUnyieldingCycle`], for the
    /// [`NO_RESULT_OCCURRENCE`]th time, or the record stopped in the cycle.
    NoResultCycle,
}

/// One entry of the move record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Record {
    /// Who moved.
    pub color: Color,
    /// The move.
    pub mv: Move,
    /// Opponent stones captured by it.
    pub captured: u16,
    /// Own stones lost by a legal suicide.
    pub suicided: u16,
}

/// Errors building a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// The board size is not supported.
    #[error("board size {0} is out of range ({min} to {max})", min = super::board::MIN_SIZE, max = super::board::MAX_SIZE)]
    BadSize(u32),
    /// A setup stone is off the board or placed twice.
    #[error("setup stone at {0} is off the board or duplicated")]
    BadSetup(Coord),
    /// Setup stones leave a string without liberties.
    #[error("setup stones leave the string at {0} without liberties")]
    SetupDeadString(Coord),
}

const EMPTY_SLOT: u32 = u32::MAX;

/// An open-addressing table from position hash to the indices of the positions with that hash.
/// Duplicates are allowed (a position may recur under the simple ko rule).
#[derive(Clone, Debug)]
struct PositionTable {
    slots: Vec<(u64, u32)>,
    len: usize,
}

impl PositionTable {
    fn with_capacity(cap: usize) -> Self {
        let cap = cap.next_power_of_two().max(64);
        PositionTable {
            slots: vec![(0, EMPTY_SLOT); cap],
            len: 0,
        }
    }

    fn clear(&mut self) {
        self.slots.fill((0, EMPTY_SLOT));
        self.len = 0;
    }

    #[inline]
    fn start(&self, h: u64) -> usize {
        // The high bits of a Zobrist hash are as good as the low ones; mixing guards against
        // small boards whose low bits are correlated.
        (h.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 20) as usize & (self.slots.len() - 1)
    }

    fn insert(&mut self, h: u64, idx: u32) {
        if (self.len + 1) * 2 > self.slots.len() {
            let old = std::mem::take(&mut self.slots);
            self.slots = vec![(0, EMPTY_SLOT); old.len() * 2];
            self.len = 0;
            for (oh, oi) in old {
                if oi != EMPTY_SLOT {
                    self.insert(oh, oi);
                }
            }
        }
        let mask = self.slots.len() - 1;
        let mut i = self.start(h);
        while self.slots[i].1 != EMPTY_SLOT {
            i = (i + 1) & mask;
        }
        self.slots[i] = (h, idx);
        self.len += 1;
    }

    /// Calls `f` with each index stored under `h` until it returns true; returns whether it did.
    #[inline]
    fn any(&self, h: u64, mut f: impl FnMut(u32) -> bool) -> bool {
        let mask = self.slots.len() - 1;
        let mut i = self.start(h);
        loop {
            let (sh, si) = self.slots[i];
            if si == EMPTY_SLOT {
                return false;
            }
            if sh == h && f(si) {
                return true;
            }
            i = (i + 1) & mask;
        }
    }
}

/// A game in progress or finished. See the module documentation.
#[derive(Clone, Debug)]
pub struct Game {
    board: Board,
    initial: Board,
    rules: PlayRules,
    to_move: Color,
    records: Vec<Record>,
    setup: PerSide<u32>,
    real: PerSide<u32>,
    virt: PerSide<u32>,
    neg: PerSide<u32>,
    negatives: Vec<(Coord, NegativeKind)>,
    captured: PerSide<u32>,
    first_passer: Option<Color>,
    last_real: Option<Color>,
    consecutive_virtual: u32,
    virtual_since_resume: u32,
    phase: Phase,
    pauses: u32,
    disputes: u32,
    ko_point: Option<Point>,
    repeating: bool,
    table: PositionTable,
    snaps: Vec<u64>,
    words: usize,
}

impl Game {
    /// A new game on an empty `size` x `size` board, Black to move.
    pub fn new(size: u32, rules: PlayRules) -> Result<Game, GameError> {
        Self::with_setup(size, rules, &[])
    }

    /// A new game whose board starts with setup stones (SGF `AB`/`AW`). Each setup stone counts
    /// as a real move of its colour made before the first recorded move, so that the stone
    /// bookkeeping of Art. 3 and 17 stays exact.
    pub fn with_setup(
        size: u32,
        rules: PlayRules,
        stones: &[(Coord, Color)],
    ) -> Result<Game, GameError> {
        let n = u8::try_from(size).map_err(|_| GameError::BadSize(size))?;
        let mut board = Board::new(n).ok_or(GameError::BadSize(size))?;
        let mut setup = PerSide::default();
        let mut changes = Vec::with_capacity(stones.len());
        for &(c, col) in stones {
            let p = board.checked_point(c).ok_or(GameError::BadSetup(c))?;
            if changes.iter().any(|&(q, _)| q == p) {
                return Err(GameError::BadSetup(c));
            }
            changes.push((p, Some(col)));
            setup[col] += 1;
        }
        if !changes.is_empty() {
            board.set_stones(&changes);
        }
        if let Some(&p) = board.strings_without_liberties().first() {
            return Err(GameError::SetupDeadString(board.coord(p)));
        }
        let words = board.snapshot_words();
        // A random game makes about 1.25 N² moves; everything grows if a game is longer.
        let cap = (board.area() as usize) * 3 / 2 + 16;
        let mut g = Game {
            initial: board.clone(),
            board,
            rules,
            to_move: Color::Black,
            records: Vec::with_capacity(cap),
            setup,
            real: setup,
            virt: PerSide::default(),
            neg: PerSide::default(),
            negatives: Vec::new(),
            captured: PerSide::default(),
            first_passer: None,
            last_real: None,
            consecutive_virtual: 0,
            virtual_since_resume: 0,
            phase: Phase::Playing,
            pauses: 0,
            disputes: 0,
            ko_point: None,
            repeating: false,
            table: PositionTable::with_capacity(cap),
            snaps: Vec::with_capacity(cap * words),
            words,
        };
        g.remember_position();
        Ok(g)
    }

    /// Starts the same game again from its initial position, keeping allocations.
    pub fn reset(&mut self) {
        self.board = self.initial.clone();
        self.to_move = Color::Black;
        self.records.clear();
        self.real = self.setup;
        self.virt = PerSide::default();
        self.neg = PerSide::default();
        self.negatives.clear();
        self.captured = PerSide::default();
        self.first_passer = None;
        self.last_real = None;
        self.consecutive_virtual = 0;
        self.virtual_since_resume = 0;
        self.phase = Phase::Playing;
        self.pauses = 0;
        self.disputes = 0;
        self.ko_point = None;
        self.repeating = false;
        self.table.clear();
        self.snaps.clear();
        self.remember_position();
    }

    fn remember_position(&mut self) {
        let idx = (self.snaps.len() / self.words) as u32;
        self.snaps
            .extend_from_slice(&self.board.snapshot()[..self.words]);
        self.table.insert(self.board.hash(), idx);
    }

    /// True when the position after `c` plays the legal-on-board move `p` occurred before.
    /// Hash hits are confirmed against the stored snapshots, so the answer is exact.
    fn repeats(&self, p: Point, c: Color) -> bool {
        self.repeats_hash(p, c, self.board.hash_after(p, c))
    }

    /// How many earlier positions equal the one after `c` plays the legal-on-board move `p`
    /// (exact, as [`Game::repeats`]).
    fn occurrences(&self, p: Point, c: Color) -> usize {
        let h = self.board.hash_after(p, c);
        let mut after: Snapshot = [0; SNAP_WORDS];
        self.board.snapshot_after(p, c, &mut after);
        let words = self.words;
        let mut n = 0;
        self.table.any(h, |idx| {
            let start = idx as usize * words;
            if self.snaps[start..start + words] == after[..words] {
                n += 1;
            }
            false
        });
        n
    }

    /// [`Game::repeats`] given the hash of the position after the move.
    #[inline]
    fn repeats_hash(&self, p: Point, c: Color, h: u64) -> bool {
        let mut after: Snapshot = [0; SNAP_WORDS];
        let mut built = false;
        let words = self.words;
        self.table.any(h, |idx| {
            if !built {
                self.board.snapshot_after(p, c, &mut after);
                built = true;
            }
            let start = idx as usize * words;
            self.snaps[start..start + words] == after[..words]
        })
    }

    /// The board.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The board before the first recorded move (after setup stones).
    pub fn initial_board(&self) -> &Board {
        &self.initial
    }

    /// The play rules.
    pub fn rules(&self) -> PlayRules {
        self.rules
    }

    /// The player to move.
    #[inline]
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// Sets the player to move (SGF `PL` before the first move). Only before any move.
    pub fn set_to_move(&mut self, c: Color) {
        if self.records.is_empty() {
            self.to_move = c;
        }
    }

    /// The move record.
    pub fn records(&self) -> &[Record] {
        &self.records
    }

    /// Where the game stands.
    #[inline]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Real moves of each side, setup stones included.
    pub fn real_moves(&self) -> PerSide<u32> {
        self.real
    }

    /// Setup stones of each side.
    pub fn setup_stones(&self) -> PerSide<u32> {
        self.setup
    }

    /// Virtual moves of each side.
    pub fn virtual_moves(&self) -> PerSide<u32> {
        self.virt
    }

    /// Negative moves of each side (Black only under Art. 13).
    pub fn negative_moves(&self) -> PerSide<u32> {
        self.neg
    }

    /// The negative moves made, with their kinds.
    pub fn negatives(&self) -> &[(Coord, NegativeKind)] {
        &self.negatives
    }

    /// `moves(X) = real(X) + virtual(X) - negative(X)` (RULES.md section 4).
    pub fn moves(&self, c: Color) -> i64 {
        self.real[c] as i64 + self.virt[c] as i64 - self.neg[c] as i64
    }

    /// Stones of each side captured by the opponent (its prisoners, kept per Art. 8), own
    /// suicided stones included.
    pub fn captured(&self) -> PerSide<u32> {
        self.captured
    }

    /// The player who made the first virtual move of the whole game (Art. 12).
    pub fn first_passer(&self) -> Option<Color> {
        self.first_passer
    }

    /// The player of the last real move (Art. 11); `None` when no real move was made.
    pub fn last_mover(&self) -> Option<Color> {
        self.last_real
    }

    /// How many pauses occurred.
    pub fn pauses(&self) -> u32 {
        self.pauses
    }

    /// How many times play resumed after a pause (disputes, Art. 16).
    pub fn disputes(&self) -> u32 {
        self.disputes
    }

    /// Consecutive virtual moves at the end of the record.
    pub fn consecutive_virtual(&self) -> u32 {
        self.consecutive_virtual
    }

    /// Whether the player to move may make `mv` now.
    pub fn legality(&self, mv: Move) -> Result<(), Illegal> {
        let c = self.to_move;
        match (self.phase, mv) {
            (Phase::Ended(_), _) => Err(Illegal::WrongPhase),
            (_, Move::Virtual) => Ok(()),
            (Phase::Paused, Move::Negative(at, _)) => {
                let p = self.board.checked_point(at).ok_or(Illegal::OffBoard)?;
                if self.board.stone(p) == Some(Color::Black) {
                    Ok(())
                } else {
                    Err(Illegal::WrongPhase)
                }
            }
            (_, Move::Negative(..)) => Err(Illegal::WrongPhase),
            (Phase::Paused, Move::Play(_)) if self.neg.black > 0 => Err(Illegal::WrongPhase),
            (_, Move::Play(at)) => {
                let p = self.board.checked_point(at).ok_or(Illegal::OffBoard)?;
                self.legality_at(p, c)
            }
        }
    }

    /// Whether `c` may play at the board point `p` now, ko and superko included.
    #[inline]
    pub fn legality_at(&self, p: Point, c: Color) -> Result<(), Illegal> {
        if self.rules.ko == KoRule::PositionalSuperko {
            let h = self.board.legality_and_hash(p, c, self.rules.suicide)?;
            if self.repeats_hash(p, c, h) {
                return Err(Illegal::Superko);
            }
            return Ok(());
        }
        self.board.legality(p, c, self.rules.suicide)?;
        match self.rules.ko {
            KoRule::SimpleKo | KoRule::SimpleKoCycleNoResult | KoRule::SimpleKoUnyieldingCycle => {
                if self.ko_point == Some(p) {
                    return Err(Illegal::Ko);
                }
            }
            KoRule::PositionalSuperko => {
                if self.repeats(p, c) {
                    return Err(Illegal::Superko);
                }
            }
            KoRule::CycleNoResult => {}
        }
        Ok(())
    }

    /// Makes `mv` for the player to move. On error nothing changes.
    ///
    /// In the paused phase a real move resumes play (a dispute, Art. 16) and a virtual move
    /// continues the run of virtual moves; the fourth consecutive one ends the game (Art. 18).
    /// Negative moves are Black's, in the paused phase only, and do not change the turn.
    pub fn play(&mut self, mv: Move) -> Result<MoveInfo, Illegal> {
        self.legality(mv)?;
        let c = self.to_move;
        let info = match mv {
            Move::Play(at) => {
                let p = self.board.point(at);
                let (cycle, repeating) = match self.rules.ko {
                    KoRule::CycleNoResult | KoRule::SimpleKoCycleNoResult => {
                        (self.repeats(p, c), false)
                    }
                    KoRule::SimpleKoUnyieldingCycle => {
                        let earlier = self.occurrences(p, c);
                        (earlier + 1 >= NO_RESULT_OCCURRENCE, earlier > 0)
                    }
                    KoRule::PositionalSuperko | KoRule::SimpleKo => (false, false),
                };
                self.play_point_unchecked(p);
                self.repeating = repeating;
                if cycle {
                    self.phase = Phase::Ended(End::NoResultCycle);
                }
                return Ok(self.last_info());
            }
            Move::Virtual => {
                self.play_virtual();
                MoveInfo::default()
            }
            Move::Negative(at, kind) => {
                let p = self.board.point(at);
                self.board.remove_stone(p);
                self.neg[Color::Black] += 1;
                self.negatives.push((at, kind));
                self.records.push(Record {
                    color: Color::Black,
                    mv,
                    captured: 0,
                    suicided: 0,
                });
                MoveInfo::default()
            }
        };
        Ok(info)
    }

    fn last_info(&self) -> MoveInfo {
        let r = self.records.last().expect("a move was just made");
        MoveInfo {
            captured: r.captured,
            suicided: r.suicided,
            ko_point: self.ko_point,
        }
    }

    /// Plays a real move at `p` for the player to move, without any legality check. The caller
    /// guarantees that [`Game::legality_at`] accepted it (debug-checked). The fast path of the
    /// random-game generator.
    #[inline]
    pub fn play_point_unchecked(&mut self, p: Point) {
        let c = self.to_move;
        debug_assert!(!matches!(self.phase, Phase::Ended(_)));
        debug_assert!(
            self.board.legality(p, c, self.rules.suicide).is_ok(),
            "unchecked move is illegal on the board"
        );
        if self.phase == Phase::Paused {
            self.disputes += 1;
            self.phase = Phase::Playing;
        }
        let info = self.board.play_unchecked(p, c);
        self.captured[c.opp()] += info.captured as u32;
        self.captured[c] += info.suicided as u32;
        self.real[c] += 1;
        self.last_real = Some(c);
        self.consecutive_virtual = 0;
        self.virtual_since_resume = 0;
        self.ko_point = info.ko_point;
        self.repeating = false;
        self.records.push(Record {
            color: c,
            mv: Move::Play(self.board.coord(p)),
            captured: info.captured,
            suicided: info.suicided,
        });
        self.remember_position();
        self.to_move = c.opp();
    }

    /// Makes a virtual move for the player to move (always legal while the game is not over).
    pub fn play_virtual(&mut self) {
        let c = self.to_move;
        debug_assert!(!matches!(self.phase, Phase::Ended(_)));
        if self.first_passer.is_none() {
            self.first_passer = Some(c);
        }
        self.virt[c] += 1;
        self.consecutive_virtual += 1;
        self.virtual_since_resume += 1;
        self.ko_point = None;
        self.repeating = false;
        self.records.push(Record {
            color: c,
            mv: Move::Virtual,
            captured: 0,
            suicided: 0,
        });
        self.to_move = c.opp();
        if self.consecutive_virtual >= 4 {
            self.phase = Phase::Ended(End::FourPasses);
        } else if self.phase == Phase::Playing && self.virtual_since_resume >= 2 {
            self.phase = Phase::Paused;
            self.pauses += 1;
        }
    }

    /// Annuls the pause and resumes play from the paused position, the player to move first
    /// (a dispute, Art. 16). The first passer keeps that status. A further run of virtual moves
    /// is a new pause only after two more of them; the consecutive count goes on, so that two
    /// virtual moves straight after resuming make four and end the game.
    pub fn resume(&mut self) -> Result<(), Illegal> {
        if self.phase != Phase::Paused || self.neg.black > 0 {
            return Err(Illegal::WrongPhase);
        }
        self.phase = Phase::Playing;
        self.virtual_since_resume = 0;
        self.disputes += 1;
        Ok(())
    }

    /// Whether the last move was a real move that recreated an earlier arrangement of stones
    /// under [`KoRule::SimpleKoUnyieldingCycle`]: the players are going round a cycle. A real
    /// move to a new arrangement, or a virtual move, leaves it.
    pub fn repeating(&self) -> bool {
        self.repeating
    }

    /// Ends the game without result when play stops in a cycle ([`Game::repeating`]): a record
    /// that stops there is read as the players' agreement of J89 Art. 12 (neither gave way).
    /// Returns whether it ended the game; does nothing otherwise.
    pub fn end_in_cycle(&mut self) -> bool {
        if self.repeating && self.phase == Phase::Playing {
            self.phase = Phase::Ended(End::NoResultCycle);
            true
        } else {
            false
        }
    }

    /// `c` resigns.
    pub fn resign(&mut self, c: Color) {
        self.phase = Phase::Ended(End::Resignation(c));
    }

    /// Whether a real move recreated an earlier arrangement at any point of the record. With
    /// positional superko this never happens; under the simple ko rule it may.
    pub fn any_repetition(&self) -> bool {
        // Equal positions have equal hashes, and with linear probing (no deletions) an entry
        // lies past every slot from its hash's start slot, all of them occupied: each entry is
        // compared in full with the entries of the same hash on its probe path.
        let w = self.words;
        let snap = |i: u32| &self.snaps[i as usize * w..(i as usize + 1) * w];
        let t = &self.table;
        let mask = t.slots.len() - 1;
        for (i, &(h, idx)) in t.slots.iter().enumerate() {
            if idx == EMPTY_SLOT {
                continue;
            }
            let mut j = t.start(h);
            while j != i {
                let (hj, ij) = t.slots[j];
                if hj == h && snap(ij) == snap(idx) {
                    return true;
                }
                j = (j + 1) & mask;
            }
        }
        false
    }

    /// Number of distinct positions recorded (the initial one and one per real move).
    pub fn positions_recorded(&self) -> usize {
        self.snaps.len() / self.words
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(x: u8, y: u8) -> Move {
        Move::Play(Coord::new(x, y))
    }

    #[test]
    fn pause_and_last_mover() {
        let mut g = Game::new(5, PlayRules::JPD).unwrap();
        g.play(at(2, 2)).unwrap(); // B
        g.play(Move::Virtual).unwrap(); // W passes first
        g.play(Move::Virtual).unwrap(); // B: pause
        assert_eq!(g.phase(), Phase::Paused);
        assert_eq!(g.first_passer(), Some(Color::White));
        assert_eq!(g.last_mover(), Some(Color::Black));
        assert_eq!(g.moves(Color::Black), 2);
        assert_eq!(g.moves(Color::White), 1);
    }

    #[test]
    fn dispute_keeps_first_passer_and_four_virtual_moves_end() {
        let mut g = Game::new(5, PlayRules::JPD).unwrap();
        g.play(Move::Virtual).unwrap(); // B passes first
        g.play(at(1, 1)).unwrap(); // W
        g.play(Move::Virtual).unwrap(); // B
        g.play(Move::Virtual).unwrap(); // W: pause
        assert_eq!(g.phase(), Phase::Paused);
        g.resume().unwrap();
        g.play(at(3, 3)).unwrap(); // B after the dispute
        assert_eq!(g.disputes(), 1);
        assert_eq!(g.first_passer(), Some(Color::Black));
        g.play(Move::Virtual).unwrap();
        g.play(Move::Virtual).unwrap();
        assert_eq!(g.phase(), Phase::Paused);
        g.play(Move::Virtual).unwrap();
        assert_eq!(g.phase(), Phase::Paused);
        g.play(Move::Virtual).unwrap();
        assert_eq!(g.phase(), Phase::Ended(End::FourPasses));
    }

    /// A 2x2 board cycles quickly: B a1, W b2... Black's retake of a single-stone ko that
    /// recreates the position is refused under superko and ends the game under the no-result
    /// option.
    #[test]
    fn superko_refuses_and_cycle_ends_with_no_result() {
        // Ko shape on 4x4:   . X O .
        //                    X O . O
        //                    . X O .
        let moves = [
            at(1, 0), // B
            at(2, 0), // W
            at(0, 1), // B
            at(1, 1), // W
            at(1, 2), // B
            at(3, 1), // W
            at(3, 3), // B elsewhere
            at(2, 2), // W
        ];
        for rule in [
            KoRule::PositionalSuperko,
            KoRule::CycleNoResult,
            KoRule::SimpleKo,
            KoRule::SimpleKoCycleNoResult,
            KoRule::SimpleKoUnyieldingCycle,
        ] {
            let rules = PlayRules {
                suicide: SuicideRule::Forbidden,
                ko: rule,
            };
            let mut g = Game::new(4, rules).unwrap();
            for m in moves {
                g.play(m).unwrap();
            }
            // Black takes the ko at C3 (2,1), capturing B3 (1,1).
            let info = g.play(at(2, 1)).unwrap();
            assert_eq!(info.captured, 1);
            // White retakes at B3 at once: recreates the position before Black's capture.
            let r = g.play(at(1, 1));
            match rule {
                KoRule::PositionalSuperko => assert_eq!(r, Err(Illegal::Superko)),
                KoRule::SimpleKo
                | KoRule::SimpleKoCycleNoResult
                | KoRule::SimpleKoUnyieldingCycle => {
                    assert_eq!(r, Err(Illegal::Ko))
                }
                KoRule::CycleNoResult => {
                    assert!(r.is_ok());
                    assert_eq!(g.phase(), Phase::Ended(End::NoResultCycle));
                }
            }
            g.board().check_consistency().unwrap();
        }
    }

    /// J89 Art. 12 as read: the ko of the test above, taken and retaken with a pause between
    /// (so no retake is immediate). The first retake recreates the position before Black's
    /// capture: play goes on, the players in the cycle; a record stopping there ends without
    /// result ([`Game::end_in_cycle`]), one that goes on to a new position has left it; the
    /// third occurrence of a position ends the game without result.
    #[test]
    fn a_cycle_ends_the_game_only_when_the_players_keep_to_it() {
        let rules = PlayRules {
            suicide: SuicideRule::Forbidden,
            ko: KoRule::SimpleKoUnyieldingCycle,
        };
        let setup = [
            at(1, 0),
            at(2, 0),
            at(0, 1),
            at(1, 1),
            at(1, 2),
            at(3, 1),
            at(3, 3),
            at(2, 2),
        ];
        let mut g = Game::new(4, rules).unwrap();
        for m in setup {
            g.play(m).unwrap();
        }
        // 9 B takes (position P1), 10-11 virtual (a pause), 12 W retakes: the position after
        // move 8 (P0) a second time.
        for m in [at(2, 1), Move::Virtual, Move::Virtual, at(1, 1)] {
            g.play(m).unwrap();
        }
        assert_eq!(g.phase(), Phase::Playing);
        assert!(g.repeating());
        // Stopping here is the players' agreement: no result.
        let mut stopped = g.clone();
        assert!(stopped.end_in_cycle());
        assert_eq!(stopped.phase(), Phase::Ended(End::NoResultCycle));
        // Black gives way: a new position, the cycle left, nothing to end.
        let mut left = g.clone();
        left.play(at(0, 3)).unwrap();
        assert!(!left.repeating());
        assert!(!left.end_in_cycle());
        assert_eq!(left.phase(), Phase::Playing);
        // Round again: 13-14 virtual, 15 B takes (P1 a second time), 16-17 virtual, 18 W
        // retakes: P0 a third time ends the game.
        for m in [Move::Virtual, Move::Virtual, at(2, 1)] {
            g.play(m).unwrap();
        }
        assert!(g.repeating());
        assert_eq!(g.phase(), Phase::Playing);
        for m in [Move::Virtual, Move::Virtual, at(1, 1)] {
            g.play(m).unwrap();
        }
        assert_eq!(g.phase(), Phase::Ended(End::NoResultCycle));
        g.board().check_consistency().unwrap();
    }

    #[test]
    fn failed_play_changes_nothing() {
        let mut g = Game::new(3, PlayRules::JPD).unwrap();
        g.play(at(1, 1)).unwrap();
        let before = g.board().clone();
        let n = g.records().len();
        assert_eq!(g.play(at(1, 1)), Err(Illegal::Occupied));
        assert_eq!(g.board(), &before);
        assert_eq!(g.board().hash(), before.hash());
        assert_eq!(g.records().len(), n);
    }

    #[test]
    fn negative_moves_only_after_pause_and_only_black_stones() {
        let mut g = Game::new(5, PlayRules::JPD).unwrap();
        g.play(at(0, 0)).unwrap();
        assert_eq!(
            g.play(Move::Negative(Coord::new(0, 0), NegativeKind::B)),
            Err(Illegal::WrongPhase)
        );
        g.play(at(4, 4)).unwrap();
        g.play(Move::Virtual).unwrap();
        g.play(Move::Virtual).unwrap();
        assert_eq!(
            g.play(Move::Negative(Coord::new(4, 4), NegativeKind::A)),
            Err(Illegal::WrongPhase)
        );
        g.play(Move::Negative(Coord::new(0, 0), NegativeKind::B))
            .unwrap();
        assert_eq!(g.moves(Color::Black), 1);
        assert_eq!(g.board().stone_count(Color::Black), 0);
        assert_eq!(g.resume(), Err(Illegal::WrongPhase));
    }
}
