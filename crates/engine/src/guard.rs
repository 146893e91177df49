//! A tactical check of the search's move: whether it leaves one of the engine's chains to be
//! captured, or lets an opponent chain be saved, where another searched move would not.
//!
//! The collapses against GNU Go begin with a chain of a few stones the playouts keep alive in
//! a third to a half of their games while a player reads it dead (docs/ENGINE.md,
//! "Collapses"); the search then spends its move elsewhere. After the search, when some chain
//! of [`MIN_STONES`] or more is short of liberties, the chosen move and the most visited
//! others are read with [`crate::tactics`]: a move is worth the stones it captures, plus the
//! largest opponent chain that can then not be saved, less the largest own chain the
//! opponent can then capture. The most visited move worth [`MIN_STONES`] more than the chosen
//! one is played instead, provided the search did not find it much worse.

use crate::board::{PlayoutBoard, EMPTY, PASS};
use crate::tactics::Reader;

/// The smallest chain whose loss the check guards against.
pub(crate) const MIN_STONES: u32 = 4;
/// The most positions read for one chain.
const PER_CHAIN: u32 = 4_000;
/// The most positions read for one check.
const PER_CHECK: u32 = 60_000;
/// A replacement's win rate may be at most this much below the chosen move's.
const MAX_WINRATE_DROP: f32 = 0.2;
/// A replacement needs at least this share of the chosen move's visits.
const MIN_VISIT_SHARE: f32 = 0.02;
/// The most searched moves read as replacements.
const MAX_CANDIDATES: usize = 12;
/// Chains with more liberties than this are not read: the reader calls them escaped.
const MAX_LIBS: u32 = crate::tactics::MAX_LIBS as u32;

/// A searched root move as the check sees it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Searched {
    /// The move (a playout-board index).
    pub mv: usize,
    /// Its visits.
    pub visits: f32,
    /// Its win rate for the side to move.
    pub winrate: f32,
}

/// The move to play instead of `chosen` (one of `searched`) on `root`, the side to move
/// being the engine, or `None` to keep it.
pub(crate) fn safer_move(
    root: &PlayoutBoard,
    searched: &[Searched],
    chosen: Searched,
) -> Option<usize> {
    if !has_short_chain(root) {
        return None;
    }
    let mut reader = Reader::new(PER_CHAIN, PER_CHECK);
    let chosen_value = value(root, chosen.mv, &mut reader)?;
    let mut candidates: Vec<Searched> = searched
        .iter()
        .copied()
        .filter(|c| {
            c.mv != chosen.mv
                && c.mv != PASS
                && c.visits >= chosen.visits * MIN_VISIT_SHARE
                && c.winrate >= chosen.winrate - MAX_WINRATE_DROP
        })
        .collect();
    candidates.sort_by(|a, b| b.visits.total_cmp(&a.visits));
    candidates.truncate(MAX_CANDIDATES);
    candidates.into_iter().map(|c| c.mv).find(|&m| {
        value(root, m, &mut reader).is_some_and(|v| v >= chosen_value + MIN_STONES as i32)
    })
}

/// Whether a chain of either color with [`MIN_STONES`] or more stones has at most
/// [`MAX_LIBS`] liberties (otherwise there is nothing to read).
fn has_short_chain(root: &PlayoutBoard) -> bool {
    let mut b = root.clone();
    root.points().any(|i| {
        b.cell(i) != EMPTY && b.chain(i) == i && b.chain_stones(i) >= MIN_STONES && {
            b.count_libs(i, MAX_LIBS + 1) <= MAX_LIBS
        }
    })
}

/// Stones the move `m` captures, plus the largest opponent chain of [`MIN_STONES`] or more
/// that cannot then be saved, less the largest own chain of as many the opponent can then
/// capture; `None` when the move is illegal or a chain's reading was cut short.
fn value(root: &PlayoutBoard, m: usize, reader: &mut Reader) -> Option<i32> {
    let me = root.to_move();
    if m == PASS || !root.is_legal(m, me) {
        return None;
    }
    let mut b = root.clone();
    let captured = b.play(m) as i32;
    let (mut lost, mut killed) = (0u32, 0u32);
    let heads: Vec<usize> = b
        .points()
        .filter(|&i| b.cell(i) != EMPTY && b.chain(i) == i)
        .collect();
    for h in heads {
        let stones = b.chain_stones(h);
        let mine = b.cell(h) == me;
        let largest = if mine { lost } else { killed };
        if stones < MIN_STONES.max(largest + 1) || b.count_libs(h, MAX_LIBS + 1) > MAX_LIBS {
            continue;
        }
        // A chain read only part of the way leaves the move unjudged: a reading cut short
        // must not make one move look safer than another.
        if mine {
            if reader.captures(&b, h)? {
                lost = stones;
            }
        } else if !reader.saves(&b, h)? {
            killed = stones;
        }
    }
    Some(captured + killed as i32 - lost as i32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::BLACK;
    use crate::ladder::tests::{at, board};
    use crate::policy::tests::RACE_AFTER_J5;

    fn searched(mv: usize, visits: f32, winrate: f32) -> Searched {
        Searched {
            mv,
            visits,
            winrate,
        }
    }

    /// Game 407 of the fifth parity sample (docs/ENGINE.md, "Race moves"), after White's J5,
    /// Black to move: Black's G6–H6–H5–H4 has two liberties (J6, J4) against two of White's
    /// chain along the seventh line (D6 and the shared J6). Black wins the race at D6; a move
    /// elsewhere lets White's J4 capture the four stones.
    fn race() -> PlayoutBoard {
        let mut b = board(&RACE_AFTER_J5);
        b.set_to_move(BLACK);
        b
    }

    #[test]
    fn tenuki_that_leaves_a_big_chain_to_be_captured_is_replaced_by_the_save() {
        let b = race();
        let tenuki = searched(at(&b, 1, 7), 1000.0, 0.55);
        let save = searched(at(&b, 3, 3), 200.0, 0.5);
        let other_tenuki = searched(at(&b, 6, 8), 600.0, 0.54);
        let chosen = safer_move(&b, &[tenuki, other_tenuki, save], tenuki);
        assert_eq!(chosen, Some(save.mv));
    }

    #[test]
    fn the_save_is_not_played_when_the_search_finds_it_much_worse() {
        let b = race();
        let tenuki = searched(at(&b, 1, 7), 1000.0, 0.55);
        let save = searched(at(&b, 3, 3), 200.0, 0.3);
        assert_eq!(safer_move(&b, &[tenuki, save], tenuki), None);
    }

    #[test]
    fn a_move_that_leaves_nothing_to_capture_is_kept() {
        let b = race();
        let save = searched(at(&b, 3, 3), 1000.0, 0.55);
        let tenuki = searched(at(&b, 1, 7), 900.0, 0.55);
        assert_eq!(safer_move(&b, &[save, tenuki], save), None);
    }

    /// The same position with White to move: White's J4 wins the race (Black's four stones
    /// are left with one liberty, the shared J6), so it replaces a move elsewhere.
    #[test]
    fn the_move_that_wins_the_race_replaces_a_move_elsewhere() {
        let mut b = race();
        b.set_to_move(crate::board::WHITE);
        let elsewhere = searched(at(&b, 1, 7), 1000.0, 0.55);
        let j4 = searched(at(&b, 8, 5), 100.0, 0.45);
        assert_eq!(safer_move(&b, &[elsewhere, j4], elsewhere), Some(j4.mv));
    }
}
