//! Pondering: searching on the opponent's time. After [`Engine::genmove`] the kept tree is
//! re-rooted at the position after the engine's move and searched with the opponent to move
//! until the caller cancels (the opponent has answered) or a playout cap is reached; the next
//! search reuses the subtree of the opponent's actual reply, with every playout pondering put
//! into it.

use crate::board::{PlayoutBoard, PASS};
use crate::search::{self, SearchControl};
use crate::{Engine, Saved};
use std::time::Duration;
use tengen_rules::{Game, Phase, Point};

/// The most playouts one turn of pondering runs, so that a long wait (a person thinking for
/// minutes) does not keep the cores busy: about half a minute on 9×9 and three minutes on
/// 19×19 with two threads. (The tree's arena bounds its memory whatever the playouts.)
pub const PONDER_PLAYOUTS: u32 = 1_000_000;

/// What one turn of pondering did.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pondered {
    /// Playouts run (the first always runs, even when cancelled at once).
    pub playouts: u32,
    /// Wall time.
    pub elapsed: Duration,
    /// Nodes in the tree afterwards.
    pub nodes: usize,
    /// The opponent's move pondering searched most (`None`: a pass, or nothing searched).
    pub expected_reply: Option<Point>,
}

impl Engine {
    /// Searches the opponent's turn in `game` on the kept tree until `control`'s cancel flag
    /// is set or [`PONDER_PLAYOUTS`] have run (a progress callback is not called). Does
    /// nothing and returns `None` unless `game` is the position just after this engine's last
    /// generated move, still in play, with the komi that move was searched with; a second
    /// call on the same turn does nothing either. The next [`Engine::genmove`] after the
    /// opponent's reply starts from the pondered tree.
    pub fn ponder(&mut self, game: &Game, control: &SearchControl) -> Option<Pondered> {
        let saved = self.saved.take()?;
        match self.reroot_for_ponder(&saved, game) {
            Some((child, root)) => {
                let points = root.clone();
                let allow = |m: usize| game.is_legal(points.point(m));
                let tree = saved.tree.reroot(child, root, &allow);
                let mut params = saved.params.clone();
                params.playouts = PONDER_PLAYOUTS;
                params.time_limit = None;
                params.time_extension = None;
                params.seed = params.seed.rotate_left(17) ^ 0x0050_4F4E_4445_5221;
                let (tree, stats) = search::search(tree, &params, &allow, control);
                let pondered = Pondered {
                    playouts: stats.playouts,
                    elapsed: stats.elapsed,
                    nodes: tree.len(),
                    expected_reply: tree
                        .best_child(0)
                        .map(|c| tree.node(c).mv())
                        .filter(|&m| m != PASS)
                        .map(|m| tree.root_board.point(m)),
                };
                self.saved = Some(Saved {
                    tree,
                    chosen: None,
                    komi_halves: saved.komi_halves,
                    params,
                });
                Some(pondered)
            }
            None => {
                self.saved = Some(saved);
                None
            }
        }
    }

    /// The kept tree's node after the engine's chosen move and the board it holds, when
    /// `game` is the position after that move.
    fn reroot_for_ponder(&self, saved: &Saved, game: &Game) -> Option<(usize, PlayoutBoard)> {
        let chosen = saved.chosen?;
        if game.phase() != Phase::Playing {
            return None;
        }
        let mover = game.to_move().opponent();
        if self.search_komi(game, mover).2 != saved.komi_halves {
            return None;
        }
        let mut after = saved.tree.root_board.clone();
        if !after.is_legal(chosen, after.to_move()) {
            return None;
        }
        after.play(chosen);
        let mut root = PlayoutBoard::from_board(game.board(), game.to_move());
        if !after.same_stones(&root) || after.to_move() != root.to_move() {
            return None;
        }
        let last = game
            .last_move()
            .and_then(|m| m.point)
            .map_or(PASS, |p| root.index(p));
        if last != chosen {
            return None;
        }
        root.set_last_move(last);
        let child = saved.tree.child_with_move(0, chosen)?;
        Some((child, root))
    }
}
