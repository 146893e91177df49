//! The board: stones, chains with exact liberty sets, captures and a Zobrist hash.
//!
//! Cells live in a padded array (a border ring around the board) so neighbours need no bounds
//! checks. Each chain keeps its stones as a circular list and its liberties as a bitset, so
//! liberty counts are exact and a move's legality and resulting hash can be found without
//! changing the board ([`Board::probe`]).

use crate::color::Color;
use crate::point::{Point, MAX_SIZE, MIN_SIZE};
use crate::zobrist::KEYS;
use thiserror::Error;

/// What occupies a cell of the padded array.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub enum Cell {
    /// An empty intersection.
    Empty = 0,
    /// A black stone.
    Black = 1,
    /// A white stone.
    White = 2,
    /// Outside the board.
    Border = 3,
}

impl Cell {
    #[inline]
    fn of(color: Color) -> Cell {
        match color {
            Color::Black => Cell::Black,
            Color::White => Cell::White,
        }
    }

    /// The stone's color, if this cell holds a stone.
    #[inline]
    pub fn color(self) -> Option<Color> {
        match self {
            Cell::Black => Some(Color::Black),
            Cell::White => Some(Color::White),
            _ => None,
        }
    }
}

/// Why a stone cannot be placed, ignoring repetition (which is the game's business).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum PlaceError {
    /// The point is not on this board.
    #[error("that point is off the board")]
    OffBoard,
    /// A stone is already there.
    #[error("that point is occupied")]
    Occupied,
    /// The stone's group would have no liberty after captures.
    #[error("suicide: the stone's group would have no liberties")]
    Suicide,
}

/// The size was outside 2..=25.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[error("board size must be 2 to 25 (got {0})")]
pub struct SizeError(pub u32);

/// What a legal placement would do, found without changing the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Probe {
    /// The hash of the position after the move.
    pub hash: u64,
    /// How many stones it would capture.
    pub captures: u32,
}

/// A board position with chains, liberties and hash.
#[derive(Debug, Clone)]
pub struct Board {
    size: u8,
    stride: usize,
    words: usize,
    cells: Vec<Cell>,
    /// For a stone: the index of its chain's head.
    head: Vec<u16>,
    /// For a stone: the next stone of its chain (circular).
    next: Vec<u16>,
    /// For a chain head: its liberty bitset (`words` words per cell).
    libs: Vec<u64>,
    /// For a chain head: the number of stones.
    count: Vec<u16>,
    /// For a chain head: the XOR of its stones' keys.
    chain_key: Vec<u64>,
    hash: u64,
    stones: [u32; 2],
}

/// Two boards are equal when they hold the same stones (chain bookkeeping follows from them).
impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.size == other.size && self.hash == other.hash && self.cells == other.cells
    }
}

impl Eq for Board {}

impl Board {
    /// An empty board of side `size` (2..=25).
    pub fn new(size: u8) -> Result<Board, SizeError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(SizeError(size as u32));
        }
        let stride = size as usize + 2;
        let cells_len = stride * stride;
        let words = cells_len.div_ceil(64);
        let mut cells = vec![Cell::Border; cells_len];
        for row in 0..size {
            for col in 0..size {
                cells[(row as usize + 1) * stride + col as usize + 1] = Cell::Empty;
            }
        }
        Ok(Board {
            size,
            stride,
            words,
            cells,
            head: vec![0; cells_len],
            next: vec![0; cells_len],
            libs: vec![0; cells_len * words],
            count: vec![0; cells_len],
            chain_key: vec![0; cells_len],
            hash: 0,
            stones: [0; 2],
        })
    }

    /// The side length.
    #[inline]
    pub fn size(&self) -> u8 {
        self.size
    }

    /// The Zobrist hash of the stones on the board (0 for the empty board).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Number of stones of `color` on the board.
    #[inline]
    pub fn stone_count(&self, color: Color) -> u32 {
        self.stones[color.index()]
    }

    /// Whether no stone is on the board.
    pub fn is_empty(&self) -> bool {
        self.stones == [0, 0]
    }

    /// The padded index of an on-board point.
    #[inline]
    pub fn index(&self, p: Point) -> usize {
        (p.row as usize + 1) * self.stride + p.col as usize + 1
    }

    /// The point at a padded index (which must be on the board).
    #[inline]
    pub fn point(&self, index: usize) -> Point {
        Point::new(
            (index % self.stride - 1) as u8,
            (index / self.stride - 1) as u8,
        )
    }

    /// All points of the board, row by row from the bottom.
    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        let size = self.size;
        (0..size).flat_map(move |row| (0..size).map(move |col| Point::new(col, row)))
    }

    /// Whether the point is on this board.
    #[inline]
    pub fn contains(&self, p: Point) -> bool {
        p.is_on(self.size)
    }

    /// The stone at `p`, if any (None also off the board).
    #[inline]
    pub fn get(&self, p: Point) -> Option<Color> {
        if self.contains(p) {
            self.cells[self.index(p)].color()
        } else {
            None
        }
    }

    #[inline]
    fn neighbours(&self, i: usize) -> [usize; 4] {
        [i - self.stride, i - 1, i + 1, i + self.stride]
    }

    /// The on-board orthogonal neighbours of `p`.
    pub fn adjacent(&self, p: Point) -> impl Iterator<Item = Point> + '_ {
        let i = self.index(p);
        self.neighbours(i)
            .into_iter()
            .filter(move |&n| self.cells[n] != Cell::Border)
            .map(move |n| self.point(n))
    }

    #[inline]
    fn lib_words(&self, head: usize) -> &[u64] {
        &self.libs[head * self.words..(head + 1) * self.words]
    }

    #[inline]
    fn lib_count_at(&self, head: usize) -> u32 {
        self.lib_words(head).iter().map(|w| w.count_ones()).sum()
    }

    #[inline]
    fn set_lib(&mut self, head: usize, lib: usize) {
        self.libs[head * self.words + lib / 64] |= 1 << (lib % 64);
    }

    #[inline]
    fn clear_lib(&mut self, head: usize, lib: usize) {
        self.libs[head * self.words + lib / 64] &= !(1 << (lib % 64));
    }

    /// The number of liberties of the chain through `p` (0 if `p` is empty).
    pub fn liberties(&self, p: Point) -> u32 {
        if self.get(p).is_none() {
            return 0;
        }
        self.lib_count_at(self.head[self.index(p)] as usize)
    }

    /// The liberties of the chain through `p`.
    pub fn liberty_points(&self, p: Point) -> Vec<Point> {
        if self.get(p).is_none() {
            return Vec::new();
        }
        let head = self.head[self.index(p)] as usize;
        let mut out = Vec::new();
        for (w, &word) in self.lib_words(head).iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let b = bits.trailing_zeros() as usize;
                out.push(self.point(w * 64 + b));
                bits &= bits - 1;
            }
        }
        out
    }

    /// The stones of the chain through `p` (empty if `p` holds no stone).
    pub fn chain(&self, p: Point) -> Vec<Point> {
        if self.get(p).is_none() {
            return Vec::new();
        }
        let start = self.index(p);
        let mut out = Vec::with_capacity(self.count[self.head[start] as usize] as usize);
        let mut i = start;
        loop {
            out.push(self.point(i));
            i = self.next[i] as usize;
            if i == start {
                break;
            }
        }
        out
    }

    /// A stable identifier of the chain through `p` (its head index), for grouping.
    pub fn chain_id(&self, p: Point) -> Option<usize> {
        self.get(p).map(|_| self.head[self.index(p)] as usize)
    }

    /// What placing `color` at `p` would do, without changing the board.
    pub fn probe(&self, p: Point, color: Color) -> Result<Probe, PlaceError> {
        if !self.contains(p) {
            return Err(PlaceError::OffBoard);
        }
        self.probe_index(self.index(p), color)
    }

    #[inline]
    fn probe_index(&self, i: usize, color: Color) -> Result<Probe, PlaceError> {
        if self.cells[i] != Cell::Empty {
            return Err(PlaceError::Occupied);
        }
        let own = Cell::of(color);
        let mut hash = self.hash ^ KEYS[color.index()][i];
        let mut has_liberty = false;
        let mut captures = 0;
        let mut seen = [usize::MAX; 4];
        for (k, n) in self.neighbours(i).into_iter().enumerate() {
            match self.cells[n] {
                Cell::Empty => has_liberty = true,
                Cell::Border => {}
                cell => {
                    let h = self.head[n] as usize;
                    if seen[..k].contains(&h) {
                        continue;
                    }
                    seen[k] = h;
                    let libs = self.lib_count_at(h);
                    if cell == own {
                        if libs > 1 {
                            has_liberty = true;
                        }
                    } else if libs == 1 {
                        has_liberty = true;
                        captures += self.count[h] as u32;
                        hash ^= self.chain_key[h];
                    }
                }
            }
        }
        if has_liberty {
            Ok(Probe { hash, captures })
        } else {
            Err(PlaceError::Suicide)
        }
    }

    /// Places `color` at `p`, removing captured chains; returns the number captured.
    /// On error nothing changes.
    pub fn play(&mut self, p: Point, color: Color) -> Result<u32, PlaceError> {
        if !self.contains(p) {
            return Err(PlaceError::OffBoard);
        }
        let i = self.index(p);
        self.probe_index(i, color)?;
        Ok(self.place_unchecked(i, color))
    }

    /// Places a stone already known to be legal (by [`Board::probe`]).
    fn place_unchecked(&mut self, i: usize, color: Color) -> u32 {
        let own = Cell::of(color);
        self.cells[i] = own;
        self.head[i] = i as u16;
        self.next[i] = i as u16;
        self.count[i] = 1;
        self.chain_key[i] = KEYS[color.index()][i];
        self.hash ^= KEYS[color.index()][i];
        self.stones[color.index()] += 1;
        let base = i * self.words;
        self.libs[base..base + self.words].fill(0);
        let neighbours = self.neighbours(i);
        for n in neighbours {
            match self.cells[n] {
                Cell::Empty => self.set_lib(i, n),
                Cell::Border => {}
                _ => {
                    let h = self.head[n] as usize;
                    self.clear_lib(h, i);
                }
            }
        }
        let mut captured = 0;
        for n in neighbours {
            let cell = self.cells[n];
            if cell == own {
                let (a, b) = (self.head[i] as usize, self.head[n] as usize);
                if a != b {
                    self.merge(a, b);
                }
            } else if cell.color() == Some(color.opponent()) {
                let h = self.head[n] as usize;
                if self.lib_count_at(h) == 0 {
                    captured += self.remove_chain(h);
                }
            }
        }
        captured
    }

    /// Joins two chains, relabelling the smaller one.
    fn merge(&mut self, a: usize, b: usize) {
        let (big, small) = if self.count[a] >= self.count[b] {
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
        self.count[big] += self.count[small];
        self.chain_key[big] ^= self.chain_key[small];
        for w in 0..self.words {
            let v = self.libs[small * self.words + w];
            self.libs[big * self.words + w] |= v;
        }
    }

    /// Removes a captured chain, giving its points back as liberties to adjacent chains.
    fn remove_chain(&mut self, head: usize) -> u32 {
        let color = self.cells[head]
            .color()
            .expect("a chain head holds a stone");
        let mut removed = 0;
        let mut s = head;
        loop {
            self.cells[s] = Cell::Empty;
            self.hash ^= KEYS[color.index()][s];
            removed += 1;
            s = self.next[s] as usize;
            if s == head {
                break;
            }
        }
        self.stones[color.index()] -= removed;
        let mut s = head;
        loop {
            for n in self.neighbours(s) {
                if self.cells[n].color() == Some(color.opponent()) {
                    let h = self.head[n] as usize;
                    self.set_lib(h, s);
                }
            }
            s = self.next[s] as usize;
            if s == head {
                break;
            }
        }
        removed
    }

    /// Removes the stone at `p` and rebuilds chains; used for setup edits, not play.
    pub fn remove_stone(&mut self, p: Point) {
        if self.get(p).is_some() {
            let stones: Vec<(Point, Color)> = self.stones().filter(|&(q, _)| q != p).collect();
            *self = Board::from_stones(self.size, stones).expect("size already valid");
        }
    }

    /// Puts a setup stone (SGF AB/AW) at `p` without capturing; chains with no liberty are
    /// removed afterwards as a normal position cannot hold them. Returns false if occupied.
    pub fn set_stone(&mut self, p: Point, color: Color) -> bool {
        if !self.contains(p) || self.get(p).is_some() {
            return false;
        }
        let mut stones: Vec<(Point, Color)> = self.stones().collect();
        stones.push((p, color));
        *self = Board::from_stones(self.size, stones).expect("size already valid");
        true
    }

    /// A board holding the given stones; chains left without liberties are removed.
    pub fn from_stones(
        size: u8,
        stones: impl IntoIterator<Item = (Point, Color)>,
    ) -> Result<Board, SizeError> {
        let mut board = Board::new(size)?;
        let stones: Vec<(Point, Color)> = stones.into_iter().collect();
        for &(p, color) in &stones {
            if !board.contains(p) {
                continue;
            }
            let i = board.index(p);
            if board.cells[i] != Cell::Empty {
                continue;
            }
            board.cells[i] = Cell::of(color);
        }
        board.rebuild_chains();
        Ok(board)
    }

    /// Recomputes chains, liberties, counts and hash from the cells alone.
    fn rebuild_chains(&mut self) {
        let cells = self.cells.clone();
        let mut fresh = Board::new(self.size).expect("size already valid");
        // Replay placements without captures: add each stone as its own chain, merge.
        for (i, &cell) in cells.iter().enumerate() {
            if let Some(color) = cell.color() {
                fresh.cells[i] = cell;
                fresh.head[i] = i as u16;
                fresh.next[i] = i as u16;
                fresh.count[i] = 1;
                fresh.chain_key[i] = KEYS[color.index()][i];
                fresh.hash ^= KEYS[color.index()][i];
                fresh.stones[color.index()] += 1;
            }
        }
        let stones: Vec<usize> = (0..cells.len())
            .filter(|&i| cells[i].color().is_some())
            .collect();
        for &i in &stones {
            for n in fresh.neighbours(i) {
                if cells[n] == cells[i] {
                    let (a, b) = (fresh.head[i] as usize, fresh.head[n] as usize);
                    if a != b {
                        fresh.merge(a, b);
                    }
                }
            }
        }
        for &i in &stones {
            for n in fresh.neighbours(i) {
                if fresh.cells[n] == Cell::Empty {
                    let h = fresh.head[i] as usize;
                    fresh.set_lib(h, n);
                }
            }
        }
        // Remove any chain without liberties (impossible positions from setup).
        for i in 0..cells.len() {
            if fresh.cells[i].color().is_some() {
                let h = fresh.head[i] as usize;
                if fresh.lib_count_at(h) == 0 {
                    fresh.remove_chain(h);
                }
            }
        }
        *self = fresh;
    }

    /// All stones on the board with their colors.
    pub fn stones(&self) -> impl Iterator<Item = (Point, Color)> + '_ {
        self.points()
            .filter_map(move |p| self.get(p).map(|c| (p, c)))
    }

    /// Rows of text, top row first: `X` black, `O` white, `.` empty.
    pub fn rows(&self) -> Vec<String> {
        (0..self.size)
            .rev()
            .map(|row| {
                (0..self.size)
                    .map(|col| match self.get(Point::new(col, row)) {
                        Some(Color::Black) => 'X',
                        Some(Color::White) => 'O',
                        None => '.',
                    })
                    .collect()
            })
            .collect()
    }

    /// Checks the internal invariants (tests and debugging): every chain has a liberty, chain
    /// data matches a fresh recomputation, and the hash matches the stones.
    pub fn check_invariants(&self) -> Result<(), String> {
        let mut fresh = self.clone();
        fresh.rebuild_chains();
        if fresh.cells != self.cells {
            return Err("a chain without liberties is on the board".into());
        }
        if fresh.hash != self.hash || fresh.stones != self.stones {
            return Err("hash or stone counts differ from the stones".into());
        }
        for p in self.points() {
            if self.get(p).is_some() {
                if self.liberties(p) != fresh.liberties(p) {
                    return Err(format!("liberties of {p} are wrong"));
                }
                let mut a = self.chain(p);
                let mut b = fresh.chain(p);
                a.sort();
                b.sort();
                if a != b {
                    return Err(format!("chain of {p} is wrong"));
                }
            }
        }
        Ok(())
    }
}
