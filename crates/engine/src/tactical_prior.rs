//! Tactical priors: the moves that decide a fight over a chain short of liberties, read to the
//! end with [`crate::tactics`] when a tree node near the root is expanded.
//!
//! The 9×9 collapses turn on GNU Go capturing or saving a chain of one to a few stones that
//! the search left alone (docs/ENGINE.md, "Tactical priors"). A chain with three liberties or
//! fewer is urgent when its fate depends on who moves first: an opponent chain the side to
//! move captures but its owner could save, or an own chain the opponent captures but the side
//! to move could save. The moves that capture or save such a chain get a prior that grows
//! with the stones at stake; moves that only add stones to an own chain that cannot be saved
//! get a penalty.

use crate::board::{other, PlayoutBoard, EMPTY};
use crate::tactics::{Reader, MAX_LIBS};

/// The most positions read for one question about one chain.
const PER_QUESTION: u32 = 500;
/// The most positions read for one expansion.
const PER_EXPANSION: u32 = 10_000;
/// Virtual wins for a move that decides an urgent chain, before its stones.
const URGENT_BASE: f32 = 18.0;
/// Virtual wins added for each stone of the chain at stake.
const URGENT_PER_STONE: f32 = 6.0;
/// Stones counted at most for one chain.
const MAX_STAKE: u32 = 10;
/// Virtual losses for extending an own chain that cannot be saved.
const HOPELESS: f32 = 10.0;

/// What the reading found for the side to move.
#[derive(Debug, Default, Clone, PartialEq)]
pub(crate) struct TacticalMoves {
    /// Moves that capture or save an urgent chain, with the stones at stake (the largest chain
    /// when a move decides several).
    urgent: Vec<(usize, u32)>,
    /// Liberties of own chains that no move on or next to them saves.
    hopeless: Vec<usize>,
}

impl TacticalMoves {
    /// The stones at stake in the urgent fight `m` decides (0: none).
    pub(crate) fn stake(&self, m: usize) -> u32 {
        self.urgent
            .iter()
            .filter(|&&(u, _)| u == m)
            .map(|&(_, s)| s)
            .max()
            .unwrap_or(0)
    }

    /// Whether `m` extends an own chain that cannot be saved.
    pub(crate) fn is_hopeless(&self, m: usize) -> bool {
        self.hopeless.contains(&m)
    }

    /// The prior for `m` as (virtual visits, virtual wins) to add: an urgent move scores
    /// [`URGENT_BASE`] plus [`URGENT_PER_STONE`] a stone, a hopeless extension (that captures
    /// nothing) [`HOPELESS`] losses.
    pub(crate) fn prior(&self, m: usize, captures: bool) -> (f32, f32) {
        let stake = self.stake(m);
        if stake > 0 {
            let k = URGENT_BASE + URGENT_PER_STONE * stake.min(MAX_STAKE) as f32;
            (k, k)
        } else if !captures && self.is_hopeless(m) {
            (HOPELESS, 0.0)
        } else {
            (0.0, 0.0)
        }
    }

    /// Marks `m` as deciding an urgent fight over `stones` stones.
    pub(crate) fn add_urgent(&mut self, m: usize, stones: u32) {
        self.urgent.push((m, stones));
    }

    /// Whether the reading found nothing.
    pub(crate) fn is_empty(&self) -> bool {
        self.urgent.is_empty() && self.hopeless.is_empty()
    }
}

/// Reads every chain with [`MAX_LIBS`] liberties or fewer on `board` for the side to move.
pub(crate) fn tactical_moves(board: &PlayoutBoard) -> TacticalMoves {
    let me = board.to_move();
    let mut out = TacticalMoves::default();
    let mut b = board.clone();
    let mut heads: Vec<usize> = board
        .points()
        .filter(|&i| board.cell(i) != EMPTY && board.chain(i) == i)
        .collect();
    heads.retain(|&h| b.count_libs(h, MAX_LIBS as u32 + 1) <= MAX_LIBS as u32);
    if heads.is_empty() {
        return out;
    }
    let mut theirs = board.clone();
    theirs.set_to_move(other(me));
    let mut reader = Reader::new(PER_QUESTION, PER_EXPANSION);
    for h in heads {
        let stones = b.chain_stones(h);
        if b.cell(h) == me {
            if reader.captures(&theirs, h) != Some(true) {
                continue;
            }
            let (saving, all_read) = reader.saving_moves(board, h);
            if !saving.is_empty() {
                out.urgent.extend(saving.into_iter().map(|m| (m, stones)));
            } else if all_read {
                let mut libs = [0usize; MAX_LIBS];
                let n = b.liberties_into(h, &mut libs);
                out.hopeless.extend_from_slice(&libs[..n.min(MAX_LIBS)]);
            }
        } else {
            let capturing = reader.capturing_moves(board, h);
            if !capturing.is_empty() && reader.saves(&theirs, h) == Some(true) {
                out.urgent
                    .extend(capturing.into_iter().map(|m| (m, stones)));
            }
        }
    }
    out
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::board::{BLACK, WHITE};
    use crate::ladder::tests::{at, board, top_of_nine, LADDER};
    use crate::policy::tests::RACE_AFTER_J5;

    /// White's C9–C8 in atari at D9 under the top edge, next to Black's D8, itself in atari
    /// at D9: whoever plays D9 captures.
    /// (The top rows of a 9×9 board: [`crate::ladder::tests::top_of_nine`].)
    pub(crate) const CAPTURE_TO_SAVE: [&str; 3] = [
        ".XO.O....", //
        ".XOXO....", //
        "..XO.....", //
    ];

    /// A case: the position, the side to move, a point (column, row from the top) and the
    /// stones at stake there, and whether it is a hopeless extension.
    struct Case {
        name: &'static str,
        rows: &'static [&'static str],
        to_move: u8,
        point: (usize, usize),
        stake: u32,
        hopeless: bool,
    }

    #[test]
    fn the_moves_that_decide_a_chain_short_of_liberties_are_urgent_only_while_its_fate_is_open() {
        let cases = [
            Case {
                name: "a chain in atari saved by capturing the stone in atari beside it",
                rows: &CAPTURE_TO_SAVE,
                to_move: WHITE,
                point: (3, 0),
                stake: 2,
                hopeless: false,
            },
            Case {
                name: "the same chain, its opponent to move: capturing it is urgent",
                rows: &CAPTURE_TO_SAVE,
                to_move: BLACK,
                point: (3, 0),
                stake: 2,
                hopeless: false,
            },
            Case {
                name: "a stone caught in a ladder: running along it is hopeless",
                rows: &LADDER,
                to_move: WHITE,
                point: (3, 2),
                stake: 0,
                hopeless: true,
            },
            Case {
                name: "the same stone, its opponent to move: it is dead already, nothing urgent",
                rows: &LADDER,
                to_move: BLACK,
                point: (3, 2),
                stake: 0,
                hopeless: false,
            },
            Case {
                name: "game 407's race after White's J5: Black's D6 saves four and takes seven",
                rows: &RACE_AFTER_J5,
                to_move: BLACK,
                point: (3, 3),
                stake: 7,
                hopeless: false,
            },
        ];
        for case in cases {
            let mut b = top_of_nine(case.rows);
            b.set_to_move(case.to_move);
            let found = tactical_moves(&b);
            let m = at(&b, case.point.0, case.point.1);
            assert_eq!(found.stake(m), case.stake, "{}: {found:?}", case.name);
            assert_eq!(
                found.is_hopeless(m),
                case.hopeless,
                "{}: {found:?}",
                case.name
            );
        }
    }

    #[test]
    fn an_urgent_move_gets_virtual_wins_and_a_hopeless_one_virtual_losses() {
        let mut b = top_of_nine(&CAPTURE_TO_SAVE);
        b.set_to_move(WHITE);
        let d9 = at(&b, 3, 0);
        let two_stones = URGENT_BASE + 2.0 * URGENT_PER_STONE;
        assert_eq!(tactical_moves(&b).prior(d9, true), (two_stones, two_stones));
        let d7 = at(&b, 3, 2);
        let mut b = board(&LADDER);
        b.set_to_move(WHITE);
        let hopeless = tactical_moves(&b);
        assert_eq!(hopeless.prior(d7, false), (HOPELESS, 0.0));
        assert_eq!(
            hopeless.prior(d7, true),
            (0.0, 0.0),
            "a capture is never hopeless"
        );
    }

    #[test]
    fn a_board_without_chains_short_of_liberties_reads_nothing() {
        let b = board(&["........."; 9]);
        assert!(tactical_moves(&b).is_empty());
    }
}
