//! Playing a move: captures, string merging, liberties and the incremental hash.

use super::*;

impl Board {
    /// Plays `c` at `p` after checking legality on the board. On error the board is unchanged.
    pub fn play(&mut self, p: Point, c: Color, suicide: SuicideRule) -> Result<MoveInfo, Illegal> {
        self.legality(p, c, suicide)?;
        Ok(self.play_unchecked(p, c))
    }

    /// Plays `c` at `p` without checking legality. The caller guarantees that
    /// [`Board::legality`] accepted the move under a rule that allows whatever suicide it is
    /// (debug-checked for occupancy).
    pub fn play_unchecked(&mut self, p: Point, c: Color) -> MoveInfo {
        let pi = p.idx();
        debug_assert_eq!(self.cells[pi], Cell::Empty);
        let own = Cell::of(c);
        let around = self.around(p, own, Cell::of(c.opp()));

        // Place the stone as a one-stone string.
        self.put_stone(pi, own, c);
        self.head[pi] = pi as u16;
        self.next[pi] = pi as u16;
        self.stones[pi] = 1;
        self.chash[pi] = zkey(c, pi);

        // The point was a liberty of every adjacent opponent string.
        for &oh in around.opp() {
            self.libs[oh as usize] -= 1;
        }

        // Join the adjacent own strings.
        let h = match around.n_own {
            0 => {
                self.libs[pi] = around.empty;
                pi
            }
            1 => self.extend_string(around.own_heads[0] as usize, p, own),
            _ => self.merge_strings(&around.own_heads[..around.n_own], p, own),
        };
        self.remove_captures(around.opp(), h)
    }

    /// One pass over the neighbours of the empty point `p`: the distinct adjacent strings of
    /// each colour and the empty neighbours (a stone at `p` would have them as liberties).
    #[inline(always)]
    fn around(&self, p: Point, own: Cell, opp: Cell) -> Around {
        let mut a = Around {
            opp_heads: [0; 4],
            n_opp: 0,
            own_heads: [0; 4],
            n_own: 0,
            empty: 0,
        };
        for q in self.adj(p) {
            let x = self.cells[q.idx()];
            if x == Cell::Empty {
                a.empty += 1;
            } else if x == opp {
                let hq = self.head[q.idx()];
                if !a.opp_heads[..a.n_opp].contains(&hq) {
                    a.opp_heads[a.n_opp] = hq;
                    a.n_opp += 1;
                }
            } else if x == own {
                let hq = self.head[q.idx()];
                if !a.own_heads[..a.n_own].contains(&hq) {
                    a.own_heads[a.n_own] = hq;
                    a.n_own += 1;
                }
            }
        }
        a
    }

    /// Adds the stone just placed at `p` to the one adjacent own string `h`, with the
    /// liberties of `p` that were not already liberties of `h`. Returns `h`.
    #[inline(always)]
    fn extend_string(&mut self, h: usize, p: Point, own: Cell) -> usize {
        let mut extra = 0;
        for q in self.adj(p) {
            if self.cells[q.idx()] == Cell::Empty
                && !self
                    .adj(q)
                    .iter()
                    .any(|r| self.cells[r.idx()] == own && self.head[r.idx()] as usize == h)
            {
                extra += 1;
            }
        }
        self.libs[h] = self.libs[h] - 1 + extra;
        self.link(h, p.idx());
        h
    }

    /// Merges two or more adjacent own strings (`heads`) and the stone just placed at `p` into
    /// the largest of them, whose head it returns. The merged liberties: the largest string's,
    /// less `p`, plus the distinct liberties of the smaller strings and of `p` that do not touch
    /// the largest. This walks only the smaller strings, before they are relabelled.
    #[inline(always)]
    fn merge_strings(&mut self, heads: &[u16], p: Point, own: Cell) -> usize {
        let pi = p.idx();
        let mut h = heads[0] as usize;
        for &oh in &heads[1..] {
            if self.stones[oh as usize] > self.stones[h] {
                h = oh as usize;
            }
        }
        let mut seen = PointSet::new();
        let mut extra = 0u16;
        for &oh in heads.iter().chain(std::iter::once(&(pi as u16))) {
            if oh as usize == h {
                continue;
            }
            let start = oh as usize;
            let mut t = start;
            loop {
                for q in self.adj(Point(t as u16)) {
                    if self.cells[q.idx()] == Cell::Empty
                        && !self
                            .adj(q)
                            .iter()
                            .any(|r| self.cells[r.idx()] == own && self.head[r.idx()] as usize == h)
                        && seen.insert(q.idx())
                    {
                        extra += 1;
                    }
                }
                t = self.next[t] as usize;
                if t == start {
                    break;
                }
            }
        }
        self.libs[h] = self.libs[h] - 1 + extra;
        for &oh in heads {
            if oh as usize != h {
                self.link(h, oh as usize);
            }
        }
        self.link(h, pi);
        debug_assert_eq!(self.libs[h], self.count_libs(h));
        h
    }

    /// After a stone joined string `h`: removes the adjacent opponent strings (`opp_heads`)
    /// left without liberties, then `h` itself if it has none (suicide), and says what the move
    /// captured and whether it made a ko point.
    #[inline(always)]
    fn remove_captures(&mut self, opp_heads: &[u16], h: usize) -> MoveInfo {
        let mut info = MoveInfo::default();
        let mut last_captured = 0usize;
        for &oh in opp_heads {
            if self.libs[oh as usize] == 0 {
                info.captured += self.stones[oh as usize];
                last_captured = oh as usize;
                self.remove_string(oh as usize);
            }
        }
        if self.libs[h] == 0 {
            info.suicided = self.stones[h];
            self.remove_string(h);
        } else if info.captured == 1 && self.stones[h] == 1 && self.libs[h] == 1 {
            info.ko_point = Some(Point(last_captured as u16));
        }
        info
    }

    /// Splices the list of string `other` (or a fresh single stone) into string `h`.
    #[inline]
    pub(super) fn link(&mut self, h: usize, other: usize) {
        // Relabel the other string's stones.
        let mut s = other;
        loop {
            self.head[s] = h as u16;
            s = self.next[s] as usize;
            if s == other {
                break;
            }
        }
        self.stones[h] += self.stones[other];
        self.chash[h] ^= self.chash[other];
        self.next.swap(h, other);
    }

    pub(super) fn count_libs(&self, h: usize) -> u16 {
        let mut seen = PointSet::new();
        let mut n = 0;
        let mut s = h;
        loop {
            for q in self.adj(Point(s as u16)) {
                if self.cells[q.idx()] == Cell::Empty && seen.insert(q.idx()) {
                    n += 1;
                }
            }
            s = self.next[s] as usize;
            if s == h {
                break;
            }
        }
        n
    }

    #[inline]
    pub(super) fn put_stone(&mut self, pi: usize, cell: Cell, c: Color) {
        self.cells[pi] = cell;
        self.hash ^= zkey(c, pi);
        set_snap(&mut self.snap, pi, cell);
        self.count[c.idx()] += 1;
        // Remove from the empty list.
        let pos = self.empty_pos[pi] as usize;
        let last = self.empties[self.n_empty as usize - 1];
        self.empties[pos] = last;
        self.empty_pos[last as usize] = pos as u16;
        self.n_empty -= 1;
    }

    #[inline]
    pub(super) fn clear_stone(&mut self, pi: usize) {
        let c = self.cells[pi].color().expect("clear_stone on a stone");
        self.cells[pi] = Cell::Empty;
        self.hash ^= zkey(c, pi);
        set_snap(&mut self.snap, pi, Cell::Empty);
        self.count[c.idx()] -= 1;
        self.empty_pos[pi] = self.n_empty;
        self.empties[self.n_empty as usize] = pi as u16;
        self.n_empty += 1;
    }

    /// Removes the whole string with head `h` and gives its neighbours their new liberties.
    pub(super) fn remove_string(&mut self, h: usize) {
        let mut s = h;
        loop {
            self.clear_stone(s);
            s = self.next[s] as usize;
            if s == h {
                break;
            }
        }
        // Each vacated point is a new liberty of every distinct adjacent string.
        let mut s = h;
        loop {
            // Heads of different strings differ, whatever their colour: one pass suffices.
            let mut heads = [0u16; 4];
            let mut n = 0;
            for q in self.adj(Point(s as u16)) {
                let x = self.cells[q.idx()];
                if x == Cell::Black || x == Cell::White {
                    let hq = self.head[q.idx()];
                    if !heads[..n].contains(&hq) {
                        heads[n] = hq;
                        n += 1;
                        self.libs[hq as usize] += 1;
                    }
                }
            }
            s = self.next[s] as usize;
            if s == h {
                break;
            }
        }
    }
}

/// The strings around an empty point, as [`Board::play_unchecked`] finds them in one pass.
struct Around {
    /// Heads of the distinct adjacent opponent strings (the first `n_opp`).
    opp_heads: [u16; 4],
    n_opp: usize,
    /// Heads of the distinct adjacent own strings (the first `n_own`).
    own_heads: [u16; 4],
    n_own: usize,
    /// Empty neighbours.
    empty: u16,
}

impl Around {
    /// The adjacent opponent strings' heads.
    #[inline(always)]
    fn opp(&self) -> &[u16] {
        &self.opp_heads[..self.n_opp]
    }
}
