//! Editing a position outside play: setup stones, removals, strings rebuilt from the cells.

use super::*;

impl Board {
    /// Puts a stone on an empty point without captures (setup stones, fixtures, filled-back
    /// stones), then rebuilds the strings. Strings may be left without liberties; callers that
    /// need a legal position check [`Board::strings_without_liberties`].
    pub fn set_stone(&mut self, p: Point, c: Color) {
        self.set_stones(&[(p, Some(c))]);
    }

    /// Sets several points at once (a stone or empty), then rebuilds the strings once. When
    /// every change leaves its point as it is (emptying an empty point, a stone where that
    /// colour stands), the strings stay as they are.
    pub fn set_stones(&mut self, changes: &[(Point, Option<Color>)]) {
        if changes.iter().all(|&(p, c)| self.stone(p) == c) {
            return;
        }
        if self.remove_stones(changes) {
            return;
        }
        for &(p, c) in changes {
            let pi = p.idx();
            debug_assert_ne!(self.cells[pi], Cell::Wall);
            if self.cells[pi] != Cell::Empty {
                self.clear_stone(pi);
            }
            if let Some(c) = c {
                self.put_stone(pi, Cell::of(c), c);
            }
        }
        self.rebuild_strings();
    }

    /// The fast path of [`Board::set_stones`] for removals (dead stones, negative moves): when
    /// every change empties a point (one already empty is skipped) and no stone comes twice,
    /// whole strings go as in a capture (their neighbours gain the liberties) and only the
    /// strings that lose some of their stones are rebuilt, from what is left of them. Returns `false`, changing nothing, when
    /// the changes are of another kind. The result is the state a full rebuild gives, except
    /// that untouched strings keep their heads.
    pub(super) fn remove_stones(&mut self, changes: &[(Point, Option<Color>)]) -> bool {
        if changes.is_empty() || changes.len() > self.area() as usize {
            return false;
        }
        // (head, stones of that string removed)
        let mut heads: Vec<(u16, u16)> = Vec::with_capacity(changes.len().min(16));
        let mut removed = PointSet::new();
        for &(p, c) in changes {
            let pi = p.idx();
            if c.is_some() || self.cells[pi] == Cell::Wall {
                return false;
            }
            if self.cells[pi] == Cell::Empty {
                continue; // nothing to remove
            }
            if !removed.insert(pi) {
                return false;
            }
            let h = self.head[pi];
            match heads.iter_mut().find(|(x, _)| *x == h) {
                Some((_, k)) => *k += 1,
                None => heads.push((h, 1)),
            }
        }
        // What is left of the strings that lose part of their stones, in row-major order.
        let mut rest: Vec<u16> = Vec::new();
        let mut rebuilt = PointSet::new();
        for &(h, k) in &heads {
            if self.stones[h as usize] == k {
                continue;
            }
            let mut s = h as usize;
            loop {
                if !removed.contains(s) {
                    rest.push(s as u16);
                    rebuilt.insert(s);
                }
                s = self.next[s] as usize;
                if s == h as usize {
                    break;
                }
            }
        }
        rest.sort_unstable();
        for &(h, k) in &heads {
            if self.stones[h as usize] == k {
                self.remove_string(h as usize);
            }
        }
        // The single stones: each vacated point is a new liberty of every distinct adjacent
        // string that is not rebuilt below.
        for &(p, _) in changes {
            let pi = p.idx();
            if self.cells[pi] == Cell::Empty {
                continue; // went with a whole string
            }
            self.clear_stone(pi);
            let mut adj_heads = [0u16; 4];
            let mut n = 0;
            for q in self.adj(p) {
                let x = self.cells[q.idx()];
                if (x == Cell::Black || x == Cell::White) && !rebuilt.contains(q.idx()) {
                    let hq = self.head[q.idx()];
                    if !adj_heads[..n].contains(&hq) {
                        adj_heads[n] = hq;
                        n += 1;
                        self.libs[hq as usize] += 1;
                    }
                }
            }
        }
        let mut seen = PointSet::new();
        let mut members = vec![0u16; rest.len()];
        for &m in &rest {
            if !seen.contains(m as usize) {
                self.fill_string(m as usize, &mut seen, &mut members);
            }
        }
        true
    }

    /// Makes the string through the stone `start` anew (heads, ring, size, hash, liberties),
    /// `start` as its head, marking its stones in `seen`; `members` is scratch space at least
    /// as long as the string.
    pub(super) fn fill_string(&mut self, start: usize, seen: &mut PointSet, members: &mut [u16]) {
        let cell = self.cells[start];
        let c = cell.color().expect("fill_string on a stone");
        seen.insert(start);
        members[0] = start as u16;
        let mut len = 1usize;
        let mut k = 0usize;
        while k < len {
            let s = members[k];
            for q in self.adj(Point(s)) {
                if self.cells[q.idx()] == cell && seen.insert(q.idx()) {
                    members[len] = q.0;
                    len += 1;
                }
            }
            k += 1;
        }
        let mut hash = 0;
        for i in 0..len {
            let m = members[i] as usize;
            self.head[m] = start as u16;
            self.next[m] = members[(i + 1) % len];
            hash ^= zkey(c, m);
        }
        self.stones[start] = len as u16;
        self.chash[start] = hash;
        self.libs[start] = self.count_libs(start);
    }

    /// Removes a stone (a negative move, a dead stone) and rebuilds the strings.
    pub fn remove_stone(&mut self, p: Point) {
        self.set_stones(&[(p, None)]);
    }

    /// Recomputes every string, liberty count and string hash from the cells.
    pub(super) fn rebuild_strings(&mut self) {
        let mut seen = PointSet::new();
        // The members of the string being filled, in a fixed buffer. No allocation.
        let mut members = [0u16; MAX_ARR];
        for p in self.points() {
            if self.cells[p.idx()].color().is_some() && !seen.contains(p.idx()) {
                self.fill_string(p.idx(), &mut seen, &mut members);
            }
        }
    }

    /// Points of strings that have no liberty (only possible after [`Board::set_stone`]).
    pub fn strings_without_liberties(&self) -> Vec<Point> {
        self.points()
            .filter(|&p| self.stone(p).is_some() && self.liberties(p) == 0)
            .collect()
    }
}
