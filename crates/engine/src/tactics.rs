//! Tactical reading of chains short of liberties (a Go player's "can it be captured?"):
//! whether the attacker, moving first, captures a chain whatever its owner does.
//!
//! The search's playouts misjudge chains with two to three liberties in open fights and
//! capturing races (docs/ENGINE.md, "Collapses"); this reads them by depth-first search over
//! the moves that decide such fights. The attacker plays on the chain's liberties (and, when
//! it has two or fewer, on the points next to them: nets), or saves an attacking chain in
//! atari; the defender extends, captures or shortens an attacking chain next to it, or plays
//! elsewhere. A chain that reaches four liberties has escaped, and so has one whose capture
//! needs a position of the line to come back (a ko or another cycle). The reading is bounded
//! by a node budget and a depth; an answer that either cut short is "unknown", so a capture or
//! an escape it reports has been read to the end.

use crate::board::{other, PlayoutBoard, EMPTY, PASS};
use crate::bounded::{BoundedReading, Budget};
use crate::ladder::take;

/// A chain with more liberties than this has escaped.
pub(crate) const MAX_LIBS: usize = 3;
/// Plies read at most along one line.
const MAX_DEPTH: u32 = 24;

/// A capture reader with a node budget shared by all its questions.
#[derive(Debug)]
pub(crate) struct Reader {
    /// Scratch boards reused between nodes.
    stack: Vec<PlayoutBoard>,
    /// The budgets and the line being read.
    budget: Budget,
}

impl Reader {
    /// A reader that reads at most `per_question` positions for one question and `total` in
    /// all.
    pub(crate) fn new(per_question: u32, total: u32) -> Reader {
        Reader {
            stack: Vec::new(),
            budget: Budget::new(per_question, total, MAX_DEPTH),
        }
    }

    /// Positions read so far, all questions together.
    #[cfg(test)]
    pub(crate) fn nodes(&self) -> u32 {
        self.budget.nodes()
    }

    /// Whether the side to move on `board` captures the opponent chain through the stone `s`
    /// whatever its owner answers; `None` when a budget or the depth cut the reading short
    /// before a capture was found (a capture found is always read to the end).
    pub(crate) fn captures(&mut self, board: &PlayoutBoard, s: usize) -> Option<bool> {
        if board.cell(s) != other(board.to_move()) {
            return Some(false);
        }
        self.budget.start();
        let captured = self.attack(board, s, 0);
        (captured || !self.budget.cut_off()).then_some(captured)
    }

    /// Whether the owner of the chain through `s`, to move on `board`, saves it whatever the
    /// opponent does; `None` when a budget or the depth cut the reading short before every
    /// defence was refuted.
    pub(crate) fn saves(&mut self, board: &PlayoutBoard, s: usize) -> Option<bool> {
        if board.cell(s) != board.to_move() {
            return Some(false);
        }
        self.budget.start();
        let saved = self.defend(board, s, 0);
        (!saved || !self.budget.cut_off()).then_some(saved)
    }

    /// The moves of the side to move on `board` that capture the opponent chain through `s`
    /// whatever its owner answers. Each is read to the end (a capture found always is); a
    /// move whose reading a budget cut short is left out.
    pub(crate) fn capturing_moves(&mut self, board: &PlayoutBoard, s: usize) -> Vec<usize> {
        self.winning_attacks(board, s)
    }

    /// The moves of the owner of the chain through `s`, to move on `board`, that save it
    /// whatever the opponent does (each read to the end), and whether every other move it
    /// tried was refuted to the end too: an empty list with `true` means the chain cannot be
    /// saved by a move on or next to it.
    pub(crate) fn saving_moves(&mut self, board: &PlayoutBoard, s: usize) -> (Vec<usize>, bool) {
        self.winning_defences(board, s)
    }

    /// Orders `moves` for `mover` by the liberties the chain through `s` keeps after each:
    /// fewest first for its attacker, most first for its owner (a capture counts as none),
    /// so that the reading tries the moves most likely to decide the question first.
    fn order(&mut self, b: &PlayoutBoard, s: usize, moves: &mut [usize], mover: u8) {
        let owner = b.cell(s);
        let mut c = take(&mut self.stack, b);
        let mut keyed: Vec<(u32, usize)> = moves
            .iter()
            .map(|&m| {
                c.copy_from(b);
                c.set_to_move(mover);
                let libs = if !c.is_legal(m, mover) {
                    None
                } else {
                    c.play(m);
                    Some(if c.cell(s) == owner {
                        c.count_libs(c.chain(s), MAX_LIBS as u32 + 2)
                    } else {
                        0
                    })
                };
                let key = match (libs, mover == owner) {
                    (None, _) => u32::MAX,
                    (Some(l), true) => MAX_LIBS as u32 + 2 - l,
                    (Some(l), false) => l,
                };
                (key, m)
            })
            .collect();
        self.stack.push(c);
        keyed.sort_by_key(|&(k, _)| k);
        for (slot, (_, m)) in moves.iter_mut().zip(keyed) {
            *slot = m;
        }
    }
}

impl BoundedReading for Reader {
    fn budget(&mut self) -> &mut Budget {
        &mut self.budget
    }

    fn boards(&mut self) -> &mut Vec<PlayoutBoard> {
        &mut self.stack
    }

    /// The chain's attack moves, or its owner's defences; none when it has escaped.
    fn first_candidates(
        &mut self,
        board: &mut PlayoutBoard,
        s: usize,
        mover: u8,
    ) -> Option<Vec<usize>> {
        let owner = board.cell(s);
        let mut libs = [0usize; MAX_LIBS];
        let n = board.liberties_into(board.chain(s), &mut libs);
        (n <= MAX_LIBS).then(|| {
            if mover == owner {
                defence_moves(board, s, &libs[..n], owner)
            } else {
                attack_moves(board, s, &libs[..n], mover)
            }
        })
    }

    /// The attacker (the side to move on `board`) to move: whether it captures the chain at `s`.
    fn attack(&mut self, board: &PlayoutBoard, s: usize, depth: u32) -> bool {
        if !self.budget.visit(depth) || !self.budget.enter(board) {
            return false;
        }
        let def = board.cell(s);
        let att = other(def);
        let mut b = take(&mut self.stack, board);
        let mut libs = [0usize; MAX_LIBS];
        let n = b.liberties_into(b.chain(s), &mut libs);
        let captured = n <= MAX_LIBS && {
            let mut moves = attack_moves(&mut b, s, &libs[..n], att);
            self.order(&b, s, &mut moves, att);
            self.some_move_works(&b, s, moves, depth)
        };
        self.stack.push(b);
        self.budget.leave();
        captured
    }

    /// The defender (the side to move on `board`, owner of the chain at `s`) to move:
    /// whether it saves the chain.
    fn defend(&mut self, board: &PlayoutBoard, s: usize, depth: u32) -> bool {
        if !self.budget.visit(depth) || !self.budget.enter(board) {
            return true;
        }
        let def = board.cell(s);
        let mut b = take(&mut self.stack, board);
        let mut libs = [0usize; MAX_LIBS];
        let n = b.liberties_into(b.chain(s), &mut libs);
        let saved = n > MAX_LIBS || {
            let mut moves = defence_moves(&mut b, s, &libs[..n], def);
            self.order(&b, s, &mut moves, def);
            let tried = self.some_move_works(&b, s, moves, depth);
            // Playing elsewhere: the chain lives if the attacker cannot capture it even so.
            tried
                || (n >= 2 && {
                    let mut c = take(&mut self.stack, &b);
                    c.play(PASS);
                    let lives = !self.attack(&c, s, depth + 1);
                    self.stack.push(c);
                    lives
                })
        };
        self.stack.push(b);
        self.budget.leave();
        saved
    }
}

/// The attacker's moves against the chain at `s` with liberties `libs`: the liberties, then
/// (with two or fewer) the empty points next to them, then the liberty of each attacking
/// chain beside it that is in atari (saving it).
fn attack_moves(b: &mut PlayoutBoard, s: usize, libs: &[usize], att: u8) -> Vec<usize> {
    let mut moves: Vec<usize> = libs.to_vec();
    if libs.len() <= 2 {
        for &l in libs {
            for n in b.neighbours(l) {
                if b.cell(n) == EMPTY && !moves.contains(&n) {
                    moves.push(n);
                }
            }
        }
    }
    for h in neighbour_chains(b, s, att) {
        if b.in_atari(h) {
            let l = b.atari_liberty(h);
            if !moves.contains(&l) {
                moves.push(l);
            }
        }
    }
    moves
}

/// The defender's moves for the chain at `s` with liberties `libs`: captures of attacking
/// chains in atari beside it, the liberties (extending), and the liberties of attacking
/// chains beside it with no more liberties than it has (winning the race).
fn defence_moves(b: &mut PlayoutBoard, s: usize, libs: &[usize], def: u8) -> Vec<usize> {
    let att = other(def);
    let mut moves = Vec::new();
    let chains = neighbour_chains(b, s, att);
    for &h in &chains {
        if b.in_atari(h) {
            moves.push(b.atari_liberty(h));
        }
    }
    for &l in libs {
        if !moves.contains(&l) {
            moves.push(l);
        }
    }
    for &h in &chains {
        let mut theirs = [0usize; MAX_LIBS];
        let k = b.liberties_into(h, &mut theirs);
        if k >= 2 && k <= libs.len() {
            for &l in &theirs[..k] {
                if !moves.contains(&l) {
                    moves.push(l);
                }
            }
        }
    }
    moves
}

/// The heads of the chains of color `color` next to the chain through `s`.
fn neighbour_chains(b: &PlayoutBoard, s: usize, color: u8) -> Vec<usize> {
    let mut heads = Vec::new();
    let h = b.chain(s);
    let mut t = h;
    loop {
        for n in b.neighbours(t) {
            if b.cell(n) == color {
                let nh = b.chain(n);
                if !heads.contains(&nh) {
                    heads.push(nh);
                }
            }
        }
        t = b.next_stone(t);
        if t == h {
            return heads;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{BLACK, WHITE};
    use crate::ladder::tests::{at, board, LADDER};
    use crate::policy::tests::RACE_AFTER_J5;

    fn reader() -> Reader {
        Reader::new(20_000, 100_000)
    }

    /// White's B8–C8 under the top edge, two liberties (B9, C9): Black to move takes one
    /// and White's extension along the edge is still in atari.
    #[test]
    fn two_stones_under_the_edge_are_captured_by_the_side_to_move() {
        let mut b = board(&[
            ".........", //
            "XOOX.....", //
            ".XX......", //
            ".........", //
            ".........", //
            ".........", //
            ".........", //
            ".........", //
            ".........", //
        ]);
        b.set_to_move(BLACK);
        assert_eq!(reader().captures(&b, at(&b, 1, 1)), Some(true));
    }

    /// White's C7 in atari runs along a working ladder (no breaker): extending cannot save it.
    #[test]
    fn stone_in_a_working_ladder_cannot_be_saved() {
        let mut b = board(&LADDER);
        b.set_to_move(WHITE);
        assert_eq!(reader().saves(&b, at(&b, 2, 2)), Some(false));
    }

    /// White's four stones inside Black's wall have three liberties and no eye: dead whoever
    /// moves first.
    #[test]
    fn eyeless_chain_with_three_liberties_inside_a_wall_dies() {
        let mut b = board(&[
            ".O.X.....", //
            "XO.X.....", //
            "XOOX.....", //
            "XXXX.....", //
            ".........", //
            ".........", //
            ".........", //
            ".........", //
            ".........", //
        ]);
        let white = at(&b, 1, 0);
        b.set_to_move(BLACK);
        assert_eq!(reader().captures(&b, white), Some(true));
        b.set_to_move(WHITE);
        assert_eq!(reader().saves(&b, white), Some(false));
    }

    /// The same chains, Black's wall now short of liberties itself (White outside it): both
    /// share their three liberties, so whoever fills one is captured first: seki.
    #[test]
    fn three_shared_liberties_are_seki_and_neither_side_captures() {
        let mut b = board(&[
            ".O.XO....", //
            "XO.XO....", //
            "XOOXO....", //
            "XXXXO....", //
            "OOOOO....", //
            ".........", //
            ".........", //
            ".........", //
            ".........", //
        ]);
        let white = at(&b, 1, 0);
        let black = at(&b, 0, 1);
        b.set_to_move(BLACK);
        assert_eq!(reader().captures(&b, white), Some(false));
        b.set_to_move(WHITE);
        assert_eq!(reader().captures(&b, black), Some(false));
    }

    /// A chain with two real eyes cannot be captured: the attacker has no legal move inside.
    #[test]
    fn chain_with_two_eyes_is_not_captured() {
        let mut b = board(&[
            "X.X.XO...", //
            "XXXXXO...", //
            "OOOOOO...", //
            ".........", //
            ".........", //
            ".........", //
            ".........", //
            ".........", //
            ".........", //
        ]);
        b.set_to_move(WHITE);
        assert_eq!(reader().captures(&b, at(&b, 0, 0)), Some(false));
    }

    /// White's B6 in atari cannot extend (A6 is suicide between Black's A7 and A5), but
    /// capturing Black's C6, itself in atari, saves it; Black to move captures it first.
    #[test]
    fn chain_in_atari_is_saved_by_capturing_the_attacker_beside_it() {
        let mut b = board(&[
            ".........", //
            ".........", //
            "XX.O.....", //
            ".OXO.....", //
            "XXOO.....", //
            ".........", //
            ".........", //
            ".........", //
            ".........", //
        ]);
        let white = at(&b, 1, 3);
        b.set_to_move(WHITE);
        assert_eq!(reader().saves(&b, white), Some(true));
        b.set_to_move(BLACK);
        assert_eq!(reader().captures(&b, white), Some(true));
    }

    /// A lone stone in the open with four liberties is never read as captured.
    #[test]
    fn stone_with_four_liberties_has_escaped() {
        let mut b = board(&[
            ".........", //
            ".........", //
            ".........", //
            ".........", //
            "....O....", //
            ".........", //
            ".........", //
            ".........", //
            ".........", //
        ]);
        b.set_to_move(BLACK);
        let mut r = reader();
        assert_eq!(r.captures(&b, at(&b, 4, 4)), Some(false));
        assert_eq!(r.nodes(), 1);
    }

    /// A working ladder read with too small a budget: the answer is unknown, not "saved".
    #[test]
    fn reading_cut_short_by_the_budget_is_unknown() {
        let mut b = board(&LADDER);
        b.set_to_move(WHITE);
        assert_eq!(Reader::new(5, 100).saves(&b, at(&b, 2, 2)), None);
        b.set_to_move(BLACK);
        // The capture at the one liberty needs no reading past the budget.
        assert_eq!(Reader::new(5, 100).captures(&b, at(&b, 2, 2)), Some(true));
    }

    /// Game 407 after White's J5 (docs/ENGINE.md, "Race moves"), Black to move: White's
    /// B8–C8–B7–B6–B5–A5 and Black's A8–A7 in the top left can take and retake on A9 and B9
    /// forever; the repeated position ends the line (White's chain escapes) instead of the
    /// depth limit leaving the answer unknown.
    #[test]
    fn a_cycle_ends_the_line_and_the_chain_escapes() {
        let mut b = board(&RACE_AFTER_J5);
        b.set_to_move(BLACK);
        assert_eq!(reader().captures(&b, at(&b, 1, 1)), Some(false));
    }
}
