//! Ladder reading (shicho): whether a chain in atari that runs by extending at its liberty is
//! chased to its death. Random playouts cannot read ladders, and a stone run out of a working
//! ladder is the classic way a Monte-Carlo engine loses a game to a tactical player, so the
//! tree's priors and the heavy playouts both ask this before running.
//!
//! The reading is the textbook one: the defender extends; three liberties or more is an escape,
//! one is death; with two, the attacker tries each of them as the next atari. A defender that
//! can capture an attacking chain in atari counts as escaped. Boards for the reading come from a
//! per-thread stack reused between calls, so playouts do not allocate.

use crate::board::{other, PlayoutBoard};
use std::cell::RefCell;

/// The smallest board on which the engine reads ladders. On 9×9 the reading tripled the
/// engine's losses against GNU Go (31/37 won, against 95/101 without it; why is not
/// established), while on 13×13 and 19×19 ladders run long and decide games (see
/// docs/ENGINE.md).
pub const MIN_SIZE: usize = 13;

/// Whether the engine reads ladders on this board.
#[inline]
pub fn reads_ladders(board: &PlayoutBoard) -> bool {
    board.size() >= MIN_SIZE
}

/// Deeper than any ladder across a 25×25 board (each step is one defender move).
const MAX_DEPTH: usize = 64;

/// Defender moves one reading may try before it gives up and counts the chain as escaping: the
/// attacker tries two ataris at each step, and a chain that keeps two liberties either way
/// (a wide corridor) would otherwise make the reading exponential. A real ladder needs about
/// as many steps as the board is wide.
const MAX_NODES: usize = 4096;

thread_local! {
    /// Scratch boards, one per reading depth, reused between calls.
    static STACK: RefCell<Vec<PlayoutBoard>> = const { RefCell::new(Vec::new()) };
}

/// Whether the chain containing the stone `s`, which is in atari, dies in a ladder when its
/// owner extends at its liberty (also true when extending is illegal or leaves one liberty).
pub fn caught_in_ladder(board: &PlayoutBoard, s: usize) -> bool {
    debug_assert!(board.in_atari(board.chain(s)));
    STACK.with(|stack| {
        let mut stack = stack.borrow_mut();
        let mut b = take(&mut stack, board);
        let caught = !Reading::new(board, s, &mut stack).escapes(&mut b, 0);
        stack.push(b);
        caught
    })
}

/// Whether `att` putting the chain of the opponent stone `s` (two liberties) in atari at `m`
/// starts a working ladder: after the atari, the chain cannot escape by extending.
pub fn atari_is_ladder(board: &PlayoutBoard, s: usize, m: usize) -> bool {
    let att = other(board.cell(s));
    STACK.with(|stack| {
        let mut stack = stack.borrow_mut();
        let mut b = take(&mut stack, board);
        b.set_to_move(att);
        let works = b.is_legal(m, att) && {
            b.play_as(m, att);
            let own = b.chain(m);
            b.in_atari(b.chain(s))
                && !b.in_atari(own)
                && !Reading::new(board, s, &mut stack).escapes(&mut b, 0)
        };
        stack.push(b);
        works
    })
}

/// A scratch board holding a copy of `board`, from `stack` when it has one (also the
/// tactical reader's, module `tactics`).
pub(crate) fn take(stack: &mut Vec<PlayoutBoard>, board: &PlayoutBoard) -> PlayoutBoard {
    let mut b = stack
        .pop()
        .unwrap_or_else(|| PlayoutBoard::new(board.size() as u8));
    b.copy_from(board);
    b
}

/// One ladder reading: the defender's chain (through the stone `s`), its color, the scratch
/// boards and the positions read so far (bounded by [`MAX_NODES`]).
struct Reading<'a> {
    s: usize,
    def: u8,
    stack: &'a mut Vec<PlayoutBoard>,
    nodes: usize,
}

impl<'a> Reading<'a> {
    fn new(board: &PlayoutBoard, s: usize, stack: &'a mut Vec<PlayoutBoard>) -> Reading<'a> {
        Reading {
            s,
            def: board.cell(s),
            stack,
            nodes: 0,
        }
    }

    /// Whether the defender's chain (in atari, defender to move on `b`) escapes the ladder.
    /// `b` is a scratch board the reading plays on (its position afterwards is unspecified),
    /// so a step copies the board only for the attacker's first try.
    fn escapes(&mut self, b: &mut PlayoutBoard, depth: usize) -> bool {
        let (s, def) = (self.s, self.def);
        self.nodes += 1;
        if depth >= MAX_DEPTH || self.nodes > MAX_NODES || can_capture_attacker(b, s, def) {
            return true;
        }
        let lib = b.atari_liberty(b.chain(s));
        b.set_to_move(def);
        if !b.is_legal(lib, def) {
            return false;
        }
        b.play_as(lib, def);
        let mut libs = [0usize; 2];
        match b.liberties_into(b.chain(s), &mut libs) {
            0 | 1 => return false,
            2 => {}
            _ => return true,
        }
        // The attacker's first atari on a copy, the second on `b` itself (not needed after).
        let mut first = take(self.stack, b);
        let chased = self.chases(&mut first, libs[0], depth);
        self.stack.push(first);
        !(chased || self.chases(b, libs[1], depth))
    }

    /// Whether the attacker's atari at `a` on the scratch board `b` catches the defender's
    /// chain.
    fn chases(&mut self, b: &mut PlayoutBoard, a: usize, depth: usize) -> bool {
        let att = other(self.def);
        b.set_to_move(att);
        b.is_legal(a, att) && {
            b.play_as(a, att);
            b.in_atari(b.chain(self.s)) && !self.escapes(b, depth + 1)
        }
    }
}

/// Whether an attacking chain next to the defender's chain at `s` is in atari (the defender
/// captures it and breaks out).
fn can_capture_attacker(board: &PlayoutBoard, s: usize, def: u8) -> bool {
    let att = other(def);
    let h = board.chain(s);
    let mut t = h;
    loop {
        for n in board.neighbours(t) {
            if board.cell(n) == att && board.in_atari(board.chain(n)) {
                return true;
            }
        }
        t = board.next_stone(t);
        if t == h {
            return false;
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::board::{BLACK, WHITE};

    /// A 9×9 board from its top rows (the rest empty), drawn as for [`board`].
    pub(crate) fn top_of_nine(rows: &[&str]) -> PlayoutBoard {
        let mut full = rows.to_vec();
        full.resize(9, ".........");
        board(&full)
    }

    /// A board from rows drawn top (highest row) first: `X` black, `O` white.
    pub(crate) fn board(rows: &[&str]) -> PlayoutBoard {
        let size = rows.len();
        let mut b = PlayoutBoard::new(size as u8);
        for (k, row) in rows.iter().enumerate() {
            let r = size - 1 - k;
            for (c, ch) in row.chars().enumerate() {
                let i = (r + 1) * b.stride() + c + 1;
                match ch {
                    'X' => {
                        b.play_as(i, BLACK);
                    }
                    'O' => {
                        b.play_as(i, WHITE);
                    }
                    _ => {}
                }
            }
        }
        b
    }

    pub(crate) fn at(b: &PlayoutBoard, col: usize, row_from_top: usize) -> usize {
        let r = b.size() - 1 - row_from_top;
        (r + 1) * b.stride() + col + 1
    }

    /// White C7 in atari (black B7, C8, C6, D6): extending at D7 gives two liberties and black
    /// chases it up to the top edge.
    pub(crate) const LADDER: [&str; 9] = [
        ".........", //
        "..X......", //
        ".XO......", //
        "..XX.....", //
        ".........", //
        ".........", //
        ".........", //
        ".........", //
        ".........", //
    ];

    #[test]
    fn stone_in_atari_running_towards_the_edge_is_caught() {
        let b = board(&LADDER);
        let white = at(&b, 2, 2);
        assert!(b.in_atari(b.chain(white)));
        assert!(caught_in_ladder(&b, white));
    }

    #[test]
    fn ladder_breaker_lets_the_stone_escape() {
        let mut rows = LADDER;
        rows[1] = "..X.O....";
        let b = board(&rows);
        let white = at(&b, 2, 2);
        assert!(b.in_atari(b.chain(white)));
        assert!(!caught_in_ladder(&b, white));
    }

    #[test]
    fn defender_capturing_an_attacker_in_atari_escapes() {
        let mut rows = LADDER;
        rows[1] = ".OX......";
        rows[2] = "OXO......";
        let b = board(&rows);
        let white = at(&b, 2, 2);
        let black = at(&b, 1, 2);
        assert!(b.in_atari(b.chain(white)));
        assert!(b.in_atari(b.chain(black)));
        assert!(!caught_in_ladder(&b, white));
    }

    #[test]
    fn atari_from_the_right_side_starts_a_working_ladder() {
        let mut rows = LADDER;
        rows[1] = ".........";
        let b = board(&rows);
        let white = at(&b, 2, 2);
        assert!(!b.in_atari(b.chain(white)));
        let c8 = at(&b, 2, 1);
        let d7 = at(&b, 3, 2);
        assert!(
            atari_is_ladder(&b, white, c8),
            "C8 chases white into D7 and up"
        );
        assert!(
            !atari_is_ladder(&b, white, d7),
            "after D7 white runs to C8 with three liberties"
        );
    }

    #[test]
    fn stone_with_room_on_both_sides_is_no_ladder() {
        let b = board(&[
            ".........", //
            ".........", //
            ".XO......", //
            "..X......", //
            ".........", //
            ".........", //
            ".........", //
            ".........", //
            ".........", //
        ]);
        let white = at(&b, 2, 2);
        assert!(!atari_is_ladder(&b, white, at(&b, 2, 1)));
        assert!(!atari_is_ladder(&b, white, at(&b, 3, 2)));
    }

    #[test]
    fn reading_every_chain_in_atari_of_random_games_stays_fast() {
        use crate::policy::{choose, Policy};
        use crate::rng::FastRng;
        let mut rng = FastRng::new(7);
        let started = std::time::Instant::now();
        let mut reads = 0;
        for _ in 0..20 {
            let mut b = PlayoutBoard::new(19);
            for _ in 0..300 {
                let m = choose(&mut b, &mut rng, Policy::Light);
                b.play(m);
                for k in 0..b.empties().len() {
                    let e = b.empties()[k] as usize;
                    for n in b.neighbours(e) {
                        let c = b.cell(n);
                        if (c == BLACK || c == WHITE) && b.in_atari(b.chain(n)) {
                            caught_in_ladder(&b, n);
                            reads += 1;
                        }
                    }
                }
            }
        }
        assert!(reads > 1000, "only {reads} reads");
        assert!(
            started.elapsed() < std::time::Duration::from_secs(20),
            "{reads} reads took {:?}",
            started.elapsed()
        );
    }
}
