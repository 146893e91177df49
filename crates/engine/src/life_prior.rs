//! Life priors: the moves that decide the life of a group of [`MIN_STONES`] or more whose fate
//! depends on who moves first, read with [`crate::life`] once per search for the root's moves.
//!
//! The 9×9 collapses are groups of ten or more stones lost in a fight with one vital point at
//! each step (docs/ENGINE.md, "Life priors"). An own group is urgent when the opponent, moving
//! first, kills it and the side to move has a move after which it cannot; an opponent group
//! when the side to move kills it and its owner, moving first, could make it live. Those moves
//! get the tactical priors' bonus for the stones at stake.

use crate::board::{other, PlayoutBoard};
use crate::life::{groups, LifeReader};
use crate::tactical_prior::TacticalMoves;

/// The smallest group read.
pub(crate) const MIN_STONES: u32 = 5;
/// The most positions read for one question about one group.
const PER_QUESTION: u32 = 1_000;
/// The most positions read for one search (a few milliseconds).
const PER_SEARCH: u32 = 6_000;

/// Reads every group of [`MIN_STONES`] or more on `board` for the side to move and adds the
/// moves that decide an urgent one to `out`.
pub(crate) fn add_life_moves(board: &PlayoutBoard, out: &mut TacticalMoves) {
    let me = board.to_move();
    let mut theirs = board.clone();
    theirs.set_to_move(other(me));
    let mut reader = LifeReader::new(PER_QUESTION, PER_SEARCH);
    for (seed, stones) in groups(board, MIN_STONES) {
        let moves = if board.cell(seed) == me {
            if reader.kills(&theirs, seed) != Some(true) {
                continue;
            }
            reader.living_moves(board, seed).0
        } else {
            let killing = reader.killing_moves(board, seed);
            if killing.is_empty() || theirs_dead(&mut reader, &theirs, seed) {
                continue;
            }
            killing
        };
        for m in moves {
            out.add_urgent(m, stones);
        }
    }
}

/// Whether the group through `seed`, its owner to move on `theirs`, has no move that lives.
fn theirs_dead(reader: &mut LifeReader, theirs: &PlayoutBoard, seed: usize) -> bool {
    let (living, all_read) = reader.living_moves(theirs, seed);
    living.is_empty() && all_read
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::WHITE;
    use crate::ladder::tests::{at, top_of_nine};
    use crate::life::tests::STRAIGHT_THREE;

    /// White's corner group with a straight three, White to move: the middle point gets the
    /// bonus for the group's stones, and no other point does.
    #[test]
    fn the_vital_point_of_an_own_straight_three_is_urgent() {
        let mut b = top_of_nine(&STRAIGHT_THREE);
        b.set_to_move(WHITE);
        let mut out = TacticalMoves::default();
        add_life_moves(&b, &mut out);
        let vital = at(&b, 1, 0);
        assert_eq!(out.stake(vital), 5);
        assert!(b
            .points()
            .filter(|&p| p != vital)
            .all(|p| out.stake(p) == 0));
    }

    /// The same corner, Black to move: the middle point kills, so it is urgent for Black too.
    #[test]
    fn the_vital_point_of_an_opponent_straight_three_is_urgent() {
        let mut b = top_of_nine(&STRAIGHT_THREE);
        b.set_to_move(crate::board::BLACK);
        let mut out = TacticalMoves::default();
        add_life_moves(&b, &mut out);
        assert_eq!(out.stake(at(&b, 1, 0)), 5);
    }
}
