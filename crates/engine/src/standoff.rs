//! Stand-offs at the end of a game: chains of both colors in atari on the same point.
//!
//! Whoever plays that point first captures, so neither player can call the other's chain dead:
//! when both passed with such a point open, the chains stay on the board and the point is
//! neutral, as in seki (the OGS reference positions count them so). The playouts cannot see
//! this: they capture one way or the other depending on who moves first.

use std::collections::BTreeSet;
use tengen_rules::{Board, Color};

/// Chain ids (`Board::chain_id`) of every chain whose only liberty is a point that is also the
/// only liberty of an opponent chain.
pub(crate) fn standoff_chains(board: &Board) -> BTreeSet<usize> {
    let mut chains = BTreeSet::new();
    for p in board.points() {
        if board.get(p).is_some() {
            continue;
        }
        let mut in_atari: Vec<(usize, Color)> = Vec::new();
        for q in board.adjacent(p) {
            let (Some(color), Some(id)) = (board.get(q), board.chain_id(q)) else {
                continue;
            };
            if board.liberties(q) == 1 && !in_atari.contains(&(id, color)) {
                in_atari.push((id, color));
            }
        }
        let both = in_atari.iter().any(|&(_, c)| c == Color::Black)
            && in_atari.iter().any(|&(_, c)| c == Color::White);
        if both {
            chains.extend(in_atari.iter().map(|&(id, _)| id));
        }
    }
    chains
}
