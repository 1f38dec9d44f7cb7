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
        let opp = Cell::of(c.opp());
        // One pass over the neighbours: distinct adjacent strings of each colour, and the empty
        // neighbours (the new stone's own liberties).
        let mut opp_heads = [0u16; 4];
        let mut n_opp = 0;
        let mut own_heads = [0u16; 4];
        let mut n_own = 0;
        let mut fresh_libs = 0u16;
        for q in self.adj(p) {
            let x = self.cells[q.idx()];
            if x == Cell::Empty {
                fresh_libs += 1;
            } else if x == opp {
                let hq = self.head[q.idx()];
                if !opp_heads[..n_opp].contains(&hq) {
                    opp_heads[n_opp] = hq;
                    n_opp += 1;
                }
            } else if x == own {
                let hq = self.head[q.idx()];
                if !own_heads[..n_own].contains(&hq) {
                    own_heads[n_own] = hq;
                    n_own += 1;
                }
            }
        }

        // Place the stone as a one-stone string.
        self.put_stone(pi, own, c);
        self.head[pi] = pi as u16;
        self.next[pi] = pi as u16;
        self.stones[pi] = 1;
        self.chash[pi] = zkey(c, pi);

        // The point was a liberty of every adjacent opponent string.
        for &oh in &opp_heads[..n_opp] {
            self.libs[oh as usize] -= 1;
        }

        // Join the adjacent own strings.
        let h = match n_own {
            0 => {
                self.libs[pi] = fresh_libs;
                pi
            }
            1 => {
                let h = own_heads[0] as usize;
                // Liberties of p not already liberties of h.
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
                self.link(h, pi);
                h
            }
            _ => self.merge_strings(&own_heads[..n_own], p, own),
        };

        // Remove opponent strings left without liberties.
        let mut info = MoveInfo::default();
        let mut last_captured = 0usize;
        for &oh in &opp_heads[..n_opp] {
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

    /// Merges two or more adjacent own strings (`heads`) and the stone just placed at `p` into
    /// the largest of them, whose head it returns. The merged liberties: the largest string's,
    /// less `p`, plus the distinct liberties of the smaller strings and of `p` that do not touch
    /// the largest. This walks only the smaller strings, before they are relabelled.
    #[inline]
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
