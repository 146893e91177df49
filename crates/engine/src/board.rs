//! The playout board: flat arrays, pseudo-liberties, no allocation after creation.
//!
//! Cells live in a padded array (`stride = size + 2`, a border ring) so neighbours need no bounds
//! checks. Each chain keeps its stones as a circular list and three pseudo-liberty counters: the
//! number of (stone, empty neighbour) pairs, the sum of those empty points' indices and the sum of
//! their squares. A chain is in atari exactly when all its pseudo-liberties are the same point,
//! i.e. when `count * sum_sq == sum * sum`; the liberty is then `sum / count`. Lists of the empty
//! points and of the chain heads let a scan visit only what it needs. Copying a board
//! into another of the same size ([`PlayoutBoard::copy_from`]) reuses the buffers.
//!
//! Only the simple ko rule is known here; positional superko is checked at the root of the search
//! with the rules crate.

use tengen_rules::{Board, Color, Point};

/// An empty intersection.
pub const EMPTY: u8 = 0;
/// A black stone.
pub const BLACK: u8 = 1;
/// A white stone.
pub const WHITE: u8 = 2;
/// Outside the board.
pub const BORDER: u8 = 3;
/// The index used for a pass in move lists.
pub const PASS: usize = 0;

/// The cell value of a color.
#[inline]
pub fn stone_of(color: Color) -> u8 {
    match color {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}

/// The color of a stone cell value (`BLACK` or `WHITE`).
#[inline]
pub fn color_of(stone: u8) -> Color {
    if stone == BLACK {
        Color::Black
    } else {
        Color::White
    }
}

/// The other stone value (`BLACK` ↔ `WHITE`).
#[inline]
pub fn other(stone: u8) -> u8 {
    3 - stone
}

/// 0 for Black, 1 for White: the index of a color's half of a per-color table.
#[inline]
pub(crate) fn color_index(stone: u8) -> usize {
    usize::from(stone != BLACK)
}

/// A fast board for random playouts and the search tree.
///
/// `Clone::clone_from` (and [`PlayoutBoard::copy_from`]) copies into the existing buffers, with
/// no allocation when the sizes match: the search copies the root into a playout board once a
/// playout, and the ladder reader copies a board at every step. Equality compares the
/// position, not the scratch marks.
#[derive(Debug)]
pub struct PlayoutBoard {
    size: usize,
    stride: usize,
    cells: Vec<u8>,
    /// For a stone: the index of its chain's head.
    head: Vec<u16>,
    /// For a stone: the next stone of its chain (circular).
    next: Vec<u16>,
    /// For a chain head: pseudo-liberty count (at most four per empty point: fits 16 bits).
    libs: Vec<u16>,
    /// For a chain head: sum of pseudo-liberty indices.
    lib_sum: Vec<u32>,
    /// For a chain head: sum of squared pseudo-liberty indices (at most 2 500 pseudo-liberties
    /// of index under 729 on a 25×25 board: under 1.4e9, fits 32 bits).
    lib_sq: Vec<u32>,
    /// For a chain head: number of stones.
    stones: Vec<u16>,
    /// The empty points, in no order.
    empties: IndexList,
    /// The chain heads, in no order: a scan of the whole board visits chains, not points.
    heads: IndexList,
    /// Simple-ko point forbidden to the side to move (0: none).
    ko: usize,
    to_move: u8,
    /// The last two moves (0: pass or none), most recent first.
    last: [usize; 2],
    passes: u32,
    captured: [u32; 2],
    /// Scratch marks for liberty enumeration (generation-stamped).
    mark: Vec<u32>,
    generation: u32,
}

/// A set of padded indices kept as a list in no order, with each member's position in it, so
/// that inserting, removing (swap with the last) and walking the members take no search.
#[derive(Debug, Clone)]
struct IndexList {
    items: Vec<u16>,
    /// For a member: its position in `items` (stale for the others).
    pos: Vec<u16>,
}

impl IndexList {
    /// An empty list for indices below `len`, room for `capacity` members.
    fn new(capacity: usize, len: usize) -> IndexList {
        IndexList {
            items: Vec::with_capacity(capacity),
            pos: vec![0; len],
        }
    }

    #[inline]
    fn insert(&mut self, i: usize) {
        self.pos[i] = self.items.len() as u16;
        self.items.push(i as u16);
    }

    #[inline]
    fn remove(&mut self, i: usize) {
        let at = self.pos[i] as usize;
        let last = *self.items.last().expect("a member to remove");
        self.items[at] = last;
        self.pos[last as usize] = at as u16;
        self.items.pop();
    }

    #[inline]
    fn as_slice(&self) -> &[u16] {
        &self.items
    }

    /// Copies `other` into the buffers this list has.
    fn copy_from(&mut self, other: &IndexList) {
        self.items.clear();
        self.items.extend_from_slice(&other.items);
        self.pos.copy_from_slice(&other.pos);
    }

    /// Whether every member's recorded position is where it is (for tests).
    fn positions_agree(&self) -> bool {
        self.items
            .iter()
            .enumerate()
            .all(|(k, &x)| self.pos[x as usize] as usize == k)
    }
}

/// Two lists are equal when they hold the same members in the same order (the positions of
/// non-members are leftovers).
impl PartialEq for IndexList {
    fn eq(&self, other: &IndexList) -> bool {
        self.items == other.items
    }
}

impl Clone for PlayoutBoard {
    fn clone(&self) -> PlayoutBoard {
        PlayoutBoard {
            size: self.size,
            stride: self.stride,
            cells: self.cells.clone(),
            head: self.head.clone(),
            next: self.next.clone(),
            libs: self.libs.clone(),
            lib_sum: self.lib_sum.clone(),
            lib_sq: self.lib_sq.clone(),
            stones: self.stones.clone(),
            empties: self.empties.clone(),
            heads: self.heads.clone(),
            ko: self.ko,
            to_move: self.to_move,
            last: self.last,
            passes: self.passes,
            captured: self.captured,
            mark: vec![0; self.mark.len()],
            generation: 0,
        }
    }

    fn clone_from(&mut self, source: &PlayoutBoard) {
        self.copy_from(source);
    }
}

impl PartialEq for PlayoutBoard {
    fn eq(&self, other: &PlayoutBoard) -> bool {
        self.size == other.size
            && self.cells == other.cells
            && self.head == other.head
            && self.next == other.next
            && self.libs == other.libs
            && self.lib_sum == other.lib_sum
            && self.lib_sq == other.lib_sq
            && self.stones == other.stones
            && self.empties == other.empties
            && self.heads == other.heads
            && self.ko == other.ko
            && self.to_move == other.to_move
            && self.last == other.last
            && self.passes == other.passes
            && self.captured == other.captured
    }
}

impl Eq for PlayoutBoard {}

impl PlayoutBoard {
    /// An empty board of side `size` (2..=25) with Black to move.
    pub fn new(size: u8) -> PlayoutBoard {
        let size = size.clamp(2, 25) as usize;
        let stride = size + 2;
        let len = stride * stride;
        let mut cells = vec![BORDER; len];
        let mut empties = IndexList::new(size * size, len);
        for row in 0..size {
            for col in 0..size {
                let i = (row + 1) * stride + col + 1;
                cells[i] = EMPTY;
                empties.insert(i);
            }
        }
        PlayoutBoard {
            size,
            stride,
            cells,
            head: vec![0; len],
            next: vec![0; len],
            libs: vec![0; len],
            lib_sum: vec![0; len],
            lib_sq: vec![0; len],
            stones: vec![0; len],
            heads: IndexList::new(size * size, len),
            empties,
            ko: 0,
            to_move: BLACK,
            last: [0, 0],
            passes: 0,
            captured: [0, 0],
            mark: vec![0; len],
            generation: 0,
        }
    }

    /// A playout board holding the stones of a rules board, with `to_move` to play.
    pub fn from_board(board: &Board, to_move: Color) -> PlayoutBoard {
        let mut b = PlayoutBoard::new(board.size());
        for (p, c) in board.stones() {
            let i = b.index(p);
            b.put_stone(i, stone_of(c));
        }
        b.to_move = stone_of(to_move);
        b
    }

    /// Copies `other` into `self`, reusing the buffers when the sizes match (the scratch marks
    /// are not copied: they are only meaningful within one call).
    pub fn copy_from(&mut self, other: &PlayoutBoard) {
        if self.cells.len() != other.cells.len() {
            *self = other.clone();
            return;
        }
        self.size = other.size;
        self.stride = other.stride;
        self.cells.copy_from_slice(&other.cells);
        self.head.copy_from_slice(&other.head);
        self.next.copy_from_slice(&other.next);
        self.libs.copy_from_slice(&other.libs);
        self.lib_sum.copy_from_slice(&other.lib_sum);
        self.lib_sq.copy_from_slice(&other.lib_sq);
        self.stones.copy_from_slice(&other.stones);
        self.empties.copy_from(&other.empties);
        self.heads.copy_from(&other.heads);
        self.ko = other.ko;
        self.to_move = other.to_move;
        self.last = other.last;
        self.passes = other.passes;
        self.captured = other.captured;
    }

    /// Side length.
    #[inline]
    pub fn size(&self) -> usize {
        self.size
    }

    /// Row stride of the padded array.
    #[inline]
    pub fn stride(&self) -> usize {
        self.stride
    }

    /// Length of the padded array.
    #[inline]
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether the board has no cells (never true; for clippy's `len` convention).
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The padded index of an on-board point.
    #[inline]
    pub fn index(&self, p: Point) -> usize {
        (p.row as usize + 1) * self.stride + p.col as usize + 1
    }

    /// The point at a padded on-board index.
    #[inline]
    pub fn point(&self, i: usize) -> Point {
        Point::new((i % self.stride - 1) as u8, (i / self.stride - 1) as u8)
    }

    /// The row-major index (from the bottom-left, `size*size`) of a padded index.
    #[inline]
    pub fn flat(&self, i: usize) -> usize {
        (i / self.stride - 1) * self.size + (i % self.stride - 1)
    }

    /// The cell value at a padded index.
    #[inline]
    pub fn cell(&self, i: usize) -> u8 {
        self.cells[i]
    }

    /// The side to move (`BLACK` or `WHITE`).
    #[inline]
    pub fn to_move(&self) -> u8 {
        self.to_move
    }

    /// Sets the side to move (clears the ko point).
    pub fn set_to_move(&mut self, stone: u8) {
        self.to_move = stone;
        self.ko = 0;
    }

    /// The simple-ko point forbidden to the side to move, or 0.
    #[inline]
    pub fn ko(&self) -> usize {
        self.ko
    }

    /// The last move (0 for a pass or none).
    #[inline]
    pub fn last_move(&self) -> usize {
        self.last[0]
    }

    /// The move before the last (0 for a pass or none).
    #[inline]
    pub fn last_move2(&self) -> usize {
        self.last[1]
    }

    /// Records `i` as the last move (for heuristics that look around it; 0: none).
    pub fn set_last_move(&mut self, i: usize) {
        self.last = [i, 0];
    }

    /// Whether both boards hold the same stones.
    pub fn same_stones(&self, other: &PlayoutBoard) -> bool {
        self.cells == other.cells
    }

    /// Passes in a row.
    #[inline]
    pub fn passes(&self) -> u32 {
        self.passes
    }

    /// Stones captured by each color (index 0 Black, 1 White).
    pub fn captured(&self) -> [u32; 2] {
        self.captured
    }

    /// Every point of the board (padded indices), row by row.
    pub fn points(&self) -> impl Iterator<Item = usize> {
        let (size, stride) = (self.size(), self.stride());
        (0..size).flat_map(move |r| (0..size).map(move |c| (r + 1) * stride + c + 1))
    }

    /// The empty points (padded indices), in no particular order.
    #[inline]
    pub fn empties(&self) -> &[u16] {
        self.empties.as_slice()
    }

    /// The four orthogonal neighbours of a padded index.
    #[inline]
    pub fn neighbours(&self, i: usize) -> [usize; 4] {
        [i - self.stride, i - 1, i + 1, i + self.stride]
    }

    /// The four diagonal neighbours of a padded index.
    #[inline]
    pub fn diagonals(&self, i: usize) -> [usize; 4] {
        [
            i - self.stride - 1,
            i - self.stride + 1,
            i + self.stride - 1,
            i + self.stride + 1,
        ]
    }

    /// The head of the chain through the stone at `i`.
    #[inline]
    pub fn chain(&self, i: usize) -> usize {
        self.head[i] as usize
    }

    /// The heads of the chains on the board, in no order.
    #[inline]
    pub fn chain_heads(&self) -> &[u16] {
        self.heads.as_slice()
    }

    /// Number of stones in the chain whose head is `h`.
    #[inline]
    pub fn chain_stones(&self, h: usize) -> u32 {
        self.stones[h] as u32
    }

    /// The next stone of a chain (circular list).
    #[inline]
    pub fn next_stone(&self, i: usize) -> usize {
        self.next[i] as usize
    }

    /// The pseudo-liberties of the chain with head `h` (each liberty counted once per adjacent
    /// stone): an upper bound on its liberties, at no cost.
    #[inline]
    pub fn pseudo_liberties(&self, h: usize) -> u32 {
        self.libs[h] as u32
    }

    /// Whether the chain with head `h` has exactly one liberty.
    #[inline]
    pub fn in_atari(&self, h: usize) -> bool {
        let n = self.libs[h] as u64;
        let s = self.lib_sum[h] as u64;
        n > 0 && n * self.lib_sq[h] as u64 == s * s
    }

    /// The liberty of a chain in atari.
    #[inline]
    pub fn atari_liberty(&self, h: usize) -> usize {
        (self.lib_sum[h] / self.libs[h] as u32) as usize
    }

    /// Writes up to `out.len()` distinct liberties of chain `h` into `out`; returns how many,
    /// or `out.len() + 1` when the chain has more.
    pub fn liberties_into(&mut self, h: usize, out: &mut [usize]) -> usize {
        self.bump_generation();
        let g = self.generation;
        let mut n = 0;
        let mut s = h;
        loop {
            for nb in self.neighbours(s) {
                if self.cells[nb] == EMPTY && self.mark[nb] != g {
                    self.mark[nb] = g;
                    if n == out.len() {
                        return n + 1;
                    }
                    out[n] = nb;
                    n += 1;
                }
            }
            s = self.next[s] as usize;
            if s == h {
                return n;
            }
        }
    }

    /// The distinct liberties (up to `max`) the chain of `stone` placed at the empty point `i`
    /// would have, not counting liberties gained by captures.
    pub fn libs_after(&mut self, i: usize, stone: u8, max: u32) -> u32 {
        self.bump_generation();
        let g = self.generation;
        self.mark[i] = g;
        let mut n = 0;
        for nb in self.neighbours(i) {
            if self.cells[nb] == EMPTY && self.mark[nb] != g {
                self.mark[nb] = g;
                n += 1;
                if n >= max {
                    return n;
                }
            }
        }
        for nb in self.neighbours(i) {
            if self.cells[nb] != stone {
                continue;
            }
            let h = self.head[nb] as usize;
            let mut s = h;
            loop {
                for q in self.neighbours(s) {
                    if self.cells[q] == EMPTY && self.mark[q] != g {
                        self.mark[q] = g;
                        n += 1;
                        if n >= max {
                            return n;
                        }
                    }
                }
                s = self.next[s] as usize;
                if s == h {
                    break;
                }
            }
        }
        n
    }

    /// Counts the distinct liberties of chain `h`, stopping at `max`.
    pub fn count_libs(&mut self, h: usize, max: u32) -> u32 {
        self.bump_generation();
        let g = self.generation;
        let mut n = 0;
        let mut s = h;
        loop {
            for nb in self.neighbours(s) {
                if self.cells[nb] == EMPTY && self.mark[nb] != g {
                    self.mark[nb] = g;
                    n += 1;
                    if n >= max {
                        return n;
                    }
                }
            }
            s = self.next[s] as usize;
            if s == h {
                return n;
            }
        }
    }

    fn bump_generation(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.mark.iter_mut().for_each(|m| *m = 0);
            self.generation = 1;
        }
    }

    /// Whether `i` is an eye-like point of `stone`: all orthogonal neighbours are `stone` (or
    /// border) and the diagonals hold at most one opponent stone (none on the edge).
    pub fn is_eye(&self, i: usize, stone: u8) -> bool {
        let mut border = false;
        for n in self.neighbours(i) {
            let c = self.cells[n];
            if c == BORDER {
                border = true;
            } else if c != stone {
                return false;
            }
        }
        let opp = other(stone);
        let mut bad = 0;
        for d in self.diagonals(i) {
            if self.cells[d] == opp {
                bad += 1;
            }
        }
        if border {
            bad == 0
        } else {
            bad <= 1
        }
    }

    /// Whether `stone` may play at the empty point `i` under simple ko (not suicide, not the
    /// ko point).
    pub fn is_legal(&self, i: usize, stone: u8) -> bool {
        if self.cells[i] != EMPTY {
            return false;
        }
        if i == self.ko && stone == self.to_move {
            return false;
        }
        for n in self.neighbours(i) {
            let c = self.cells[n];
            if c == EMPTY {
                return true;
            }
            if c == BORDER {
                continue;
            }
            let h = self.head[n] as usize;
            let atari = self.in_atari(h);
            if (c == stone) != atari {
                // Own chain with another liberty, or an opponent chain we capture.
                return true;
            }
        }
        false
    }

    /// Whether placing `stone` at `i` captures something.
    pub fn is_capture(&self, i: usize, stone: u8) -> bool {
        let opp = other(stone);
        self.neighbours(i)
            .into_iter()
            .any(|n| self.cells[n] == opp && self.in_atari(self.head[n] as usize))
    }

    /// Whether placing `stone` at the empty point `i` leaves its chain with one liberty and
    /// captures nothing. Returns the resulting chain size in that case (else 0).
    pub fn self_atari_size(&mut self, i: usize, stone: u8) -> u32 {
        let opp = other(stone);
        let mut empty_seen = 0usize;
        let mut empties = 0;
        let mut size = 1u32;
        let mut own = [0usize; 4];
        let mut n_own = 0;
        for n in self.neighbours(i) {
            let c = self.cells[n];
            if c == EMPTY {
                if empties == 0 {
                    empty_seen = n;
                }
                empties += 1;
                if empties >= 2 {
                    return 0;
                }
            } else if c == opp {
                if self.in_atari(self.head[n] as usize) {
                    return 0;
                }
            } else if c == stone {
                let h = self.head[n] as usize;
                if !own[..n_own].contains(&h) {
                    own[n_own] = h;
                    n_own += 1;
                    size += self.stones[h] as u32;
                }
            }
        }
        // Collect distinct liberties other than i, stopping at two.
        self.bump_generation();
        let g = self.generation;
        self.mark[i] = g;
        let mut libs = 0;
        if empties == 1 {
            self.mark[empty_seen] = g;
            libs = 1;
        }
        for &h in &own[..n_own] {
            let mut s = h;
            loop {
                for nb in self.neighbours(s) {
                    if self.cells[nb] == EMPTY && self.mark[nb] != g {
                        self.mark[nb] = g;
                        libs += 1;
                        if libs >= 2 {
                            return 0;
                        }
                    }
                }
                s = self.next[s] as usize;
                if s == h {
                    break;
                }
            }
        }
        size
    }

    #[inline]
    fn add_lib(&mut self, h: usize, lib: usize) {
        self.libs[h] += 1;
        self.lib_sum[h] += lib as u32;
        self.lib_sq[h] += (lib * lib) as u32;
    }

    #[inline]
    fn remove_lib(&mut self, h: usize, lib: usize) {
        self.libs[h] -= 1;
        self.lib_sum[h] -= lib as u32;
        self.lib_sq[h] -= (lib * lib) as u32;
    }

    /// Puts a stone without captures or ko (setup); merges chains and fixes liberties.
    fn put_stone(&mut self, i: usize, stone: u8) {
        self.cells[i] = stone;
        self.empties.remove(i);
        self.head[i] = i as u16;
        self.heads.insert(i);
        self.next[i] = i as u16;
        self.stones[i] = 1;
        self.libs[i] = 0;
        self.lib_sum[i] = 0;
        self.lib_sq[i] = 0;
        for n in self.neighbours(i) {
            match self.cells[n] {
                EMPTY => self.add_lib(i, n),
                BORDER => {}
                _ => {
                    let h = self.head[n] as usize;
                    self.remove_lib(h, i);
                }
            }
        }
        for n in self.neighbours(i) {
            if self.cells[n] == stone {
                let a = self.head[i] as usize;
                let b = self.head[n] as usize;
                if a != b {
                    self.merge(a, b);
                }
            }
        }
    }

    /// Merges chain heads `a` and `b`; returns the surviving head.
    fn merge(&mut self, a: usize, b: usize) -> usize {
        let (big, small) = if self.stones[a] >= self.stones[b] {
            (a, b)
        } else {
            (b, a)
        };
        let mut s = small;
        loop {
            self.head[s] = big as u16;
            s = self.next[s] as usize;
            if s == small {
                break;
            }
        }
        self.next.swap(big, small);
        self.heads.remove(small);
        self.stones[big] += self.stones[small];
        self.libs[big] += self.libs[small];
        self.lib_sum[big] += self.lib_sum[small];
        self.lib_sq[big] += self.lib_sq[small];
        big
    }

    /// Removes the chain with head `h`; returns the number of stones removed.
    fn remove_chain(&mut self, h: usize) -> u32 {
        self.heads.remove(h);
        let mut s = h;
        loop {
            self.cells[s] = EMPTY;
            self.empties.insert(s);
            s = self.next[s] as usize;
            if s == h {
                break;
            }
        }
        let mut count = 0;
        loop {
            count += 1;
            for n in self.neighbours(s) {
                let c = self.cells[n];
                if c == BLACK || c == WHITE {
                    let nh = self.head[n] as usize;
                    self.add_lib(nh, s);
                }
            }
            s = self.next[s] as usize;
            if s == h {
                break;
            }
        }
        count
    }

    /// Plays `stone`'s move at `i` (which must satisfy [`PlayoutBoard::is_legal`] for the side to
    /// move) or passes when `i == PASS`; the other side moves next. Returns stones captured.
    pub fn play(&mut self, i: usize) -> u32 {
        let stone = self.to_move;
        self.to_move = other(stone);
        self.last = [i, self.last[0]];
        if i == PASS {
            self.passes += 1;
            self.ko = 0;
            return 0;
        }
        self.passes = 0;
        debug_assert_eq!(self.cells[i], EMPTY);
        self.put_stone(i, stone);
        let opp = other(stone);
        let mut captured = 0;
        let mut last_captured = 0;
        for n in self.neighbours(i) {
            if self.cells[n] == opp {
                let h = self.head[n] as usize;
                if self.libs[h] == 0 {
                    last_captured = n;
                    captured += self.remove_chain(h);
                }
            }
        }
        let h = self.head[i] as usize;
        self.ko = 0;
        if captured == 1 && self.stones[h] == 1 && self.in_atari(h) {
            self.ko = last_captured;
        }
        if self.libs[h] == 0 {
            // Suicide (only when the caller skipped the legality check): undo by removal.
            let lost = self.remove_chain(h);
            self.captured[(opp - 1) as usize] += lost;
        }
        self.captured[(stone - 1) as usize] += captured;
        captured
    }

    /// Plays `stone` at `i` regardless of whose turn it is.
    pub fn play_as(&mut self, i: usize, stone: u8) -> u32 {
        self.to_move = stone;
        self.play(i)
    }

    /// Area score, Black minus White (komi not included): stones plus empty points whose
    /// neighbours are all of one color. Exact for a finished playout.
    pub fn area_score(&self) -> i32 {
        let mut score = 0i32;
        for &i in self.empties.as_slice() {
            let mut seen = 0u8;
            for n in self.neighbours(i as usize) {
                let c = self.cells[n];
                if c == BLACK || c == WHITE {
                    seen |= c;
                }
            }
            match seen {
                BLACK => score += 1,
                WHITE => score -= 1,
                _ => {}
            }
        }
        for row in 0..self.size {
            let base = (row + 1) * self.stride + 1;
            for &c in &self.cells[base..base + self.size] {
                match c {
                    BLACK => score += 1,
                    WHITE => score -= 1,
                    _ => {}
                }
            }
        }
        score
    }

    /// The owner of each on-board point after a finished playout, row-major from the
    /// bottom-left: +1 Black, -1 White, 0 neither.
    pub fn owners(&self, out: &mut [i8]) {
        for row in 0..self.size {
            for col in 0..self.size {
                let i = (row + 1) * self.stride + col + 1;
                let v = match self.cells[i] {
                    BLACK => 1,
                    WHITE => -1,
                    _ => {
                        let mut seen = 0u8;
                        for n in self.neighbours(i) {
                            let c = self.cells[n];
                            if c == BLACK || c == WHITE {
                                seen |= c;
                            }
                        }
                        match seen {
                            BLACK => 1,
                            WHITE => -1,
                            _ => 0,
                        }
                    }
                };
                out[row * self.size + col] = v;
            }
        }
    }

    /// Checks the chain bookkeeping against a recount (for tests).
    pub fn check_invariants(&self) -> Result<(), String> {
        let mut fresh = PlayoutBoard::new(self.size as u8);
        for i in 0..self.cells.len() {
            if self.cells[i] == BLACK || self.cells[i] == WHITE {
                fresh.put_stone(i, self.cells[i]);
            }
        }
        for i in 0..self.cells.len() {
            if self.cells[i] == BLACK || self.cells[i] == WHITE {
                let (h, fh) = (self.head[i] as usize, fresh.head[i] as usize);
                if self.libs[h] != fresh.libs[fh]
                    || self.lib_sum[h] != fresh.lib_sum[fh]
                    || self.lib_sq[h] != fresh.lib_sq[fh]
                    || self.stones[h] != fresh.stones[fh]
                {
                    return Err(format!("chain at {} disagrees", self.point(i)));
                }
            }
        }
        let mut e: Vec<u16> = self.empties.as_slice().to_vec();
        let mut f: Vec<u16> = fresh.empties.as_slice().to_vec();
        e.sort_unstable();
        f.sort_unstable();
        if e != f || !self.empties.positions_agree() {
            return Err("empty list disagrees".into());
        }
        let mut h: Vec<u16> = self.heads.as_slice().to_vec();
        h.sort_unstable();
        let mut chains: Vec<u16> = (0..self.cells.len())
            .filter(|&i| matches!(self.cells[i], BLACK | WHITE) && self.head[i] as usize == i)
            .map(|i| i as u16)
            .collect();
        chains.sort_unstable();
        if h != chains || !self.heads.positions_agree() {
            return Err("chain head list disagrees".into());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::{choose, Policy};
    use crate::rng::FastRng;

    /// A position after `moves` light-playout moves from the empty board of side `size`.
    fn position(size: u8, moves: usize, seed: u64) -> PlayoutBoard {
        let mut b = PlayoutBoard::new(size);
        let mut rng = FastRng::new(seed);
        for _ in 0..moves {
            let m = choose(&mut b, &mut rng, Policy::Light);
            b.play(m);
        }
        b
    }

    #[test]
    fn copy_from_a_board_of_the_same_size_reuses_its_buffers() {
        let source = position(19, 120, 7);
        let mut target = position(19, 40, 8);
        let buffers = (
            target.cells.as_ptr(),
            target.head.as_ptr(),
            target.lib_sq.as_ptr(),
        );
        target.copy_from(&source);
        assert_eq!(target, source);
        assert_eq!(
            (
                target.cells.as_ptr(),
                target.head.as_ptr(),
                target.lib_sq.as_ptr()
            ),
            buffers,
            "copying allocated new buffers"
        );
        target.check_invariants().unwrap();
        // The copy plays on as the source does.
        let mut source = source;
        let mut rng = FastRng::new(9);
        for _ in 0..60 {
            let m = choose(&mut source, &mut rng, Policy::Light);
            source.play(m);
            target.play(m);
            assert_eq!(target, source);
        }
        target.check_invariants().unwrap();
    }

    #[test]
    fn the_chain_head_list_follows_merges_and_captures() {
        // Two black stones joined by a third, then captured by White: one head, then none.
        let mut b = PlayoutBoard::new(5);
        let at = |b: &PlayoutBoard, col: u8, row: u8| b.index(Point::new(col, row));
        let (a1, c1, b1) = (at(&b, 0, 0), at(&b, 2, 0), at(&b, 1, 0));
        b.play_as(a1, BLACK);
        b.play_as(c1, BLACK);
        assert_eq!(b.chain_heads().len(), 2);
        b.play_as(b1, BLACK);
        assert_eq!(b.chain_heads(), &[b.chain(a1) as u16]);
        for (col, row) in [(0, 1), (1, 1), (2, 1), (3, 0)] {
            let i = at(&b, col, row);
            b.play_as(i, WHITE);
        }
        assert_eq!(b.cell(a1), EMPTY, "the black chain was captured");
        assert_eq!(b.chain_heads().len(), 2, "A2-B2-C2 and D1");
        assert!(b.chain_heads().iter().all(|&h| b.cell(h as usize) == WHITE));
        b.check_invariants().unwrap();
        // Many captures and merges later, the list still names every chain once.
        let mut b = position(9, 400, 11);
        b.check_invariants().unwrap();
        let mut rng = FastRng::new(12);
        for _ in 0..300 {
            let m = choose(&mut b, &mut rng, Policy::HeavyLocal);
            b.play(m);
        }
        b.check_invariants().unwrap();
    }

    #[test]
    fn copy_from_a_board_of_another_size_takes_its_size() {
        let source = position(9, 30, 3);
        let mut target = position(19, 30, 4);
        target.copy_from(&source);
        assert_eq!(target.size(), 9);
        assert_eq!(target, source);
        target.check_invariants().unwrap();
    }

    #[test]
    fn boards_that_differ_only_in_scratch_marks_are_equal() {
        let a = position(9, 30, 5);
        let mut b = a.clone();
        let h = (0..b.len())
            .find(|&i| matches!(b.cell(i), BLACK | WHITE))
            .expect("a stone on the board");
        b.count_libs(b.chain(h), 4);
        assert_eq!(a, b);
        b.play(PASS);
        assert_ne!(a, b, "a pass changes the side to move");
    }
}
