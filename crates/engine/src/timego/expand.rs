//! The children of a node: every legal placement (not filling an own eye), Lock, Pass, and the
//! time moves that change the board, each with a prior.
//!
//! Placements get the Go engine's priors ([`crate::prior`]). A time move's prior comes from
//! what it does to the board, as the rules crate previews it without replaying the order per
//! candidate ([`TimeGame::time_move_effects`]): stones it saves or captures (the change in the
//! stone balance) and opponent placements it cancels. Time moves that leave the board as it is
//! only change the order and are not searched.

use super::act::Act;
use super::tree::Tree;
use crate::board::{stone_of, PlayoutBoard, PASS};
use crate::prior::{escapes, pointless_edge_move, prior, Prior};
use tengen_rules::timego::{BoardAfter, TurnKind};
use tengen_rules::{Color, Point, TimeGame};

/// Most time moves kept as candidates at one node (the best by prior).
const MAX_TIME_CANDIDATES: usize = 48;

/// What may be searched at a node.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Allowed {
    /// Time moves and Lock (false: the placements-and-passes-only player); at the root also
    /// the placements' "setup" priors (see [`setup_gain`]).
    pub time_moves: bool,
    /// Pass.
    pub pass: bool,
}

/// The point of the last placement or time move, for the priors' "near the last move".
pub(crate) fn last_point(game: &TimeGame) -> Option<Point> {
    game.turns().iter().rev().find_map(|t| match t.kind {
        TurnKind::Place { point, .. } => Some(point),
        TurnKind::Time { stone, .. } => Some(stone),
        TurnKind::Lock { .. } => None,
        TurnKind::Pass | TurnKind::Resign | TurnKind::Timeout => None,
    })
}

/// A playout board of `game`'s position with its side to move and last move.
pub(crate) fn playout_board(game: &TimeGame) -> PlayoutBoard {
    let mut pb = PlayoutBoard::from_board(game.board(), game.to_move());
    let last = last_point(game).map_or(PASS, |p| pb.index(p));
    pb.set_last_move(last);
    pb
}

/// Whether the count of the board now wins for `color` (what two passes would give).
pub(crate) fn count_wins(game: &TimeGame, color: Color) -> bool {
    game.score().result.winner() == Some(color)
}

/// Adds the placements, Lock and Pass of `game` (the position at node `i`) as children of `i`.
pub(crate) fn expand(tree: &mut Tree, i: usize, game: &TimeGame, allowed: Allowed) {
    let setups = i == 0 && allowed.time_moves;
    if tree.nodes[i].expanded {
        return;
    }
    tree.nodes[i].expanded = true;
    let size = game.board().size() as usize;
    if !tree.has_room(size * size + 2) {
        return;
    }
    let me = game.to_move();
    let stone = stone_of(me);
    let mut pb = playout_board(game);
    let esc = escapes(&mut pb, stone);
    for p in game.board().points() {
        if game.board().get(p).is_some() {
            continue;
        }
        let m = pb.index(p);
        if pb.is_eye(m, stone) || pointless_edge_move(&pb, m) || game.check_place(p).is_err() {
            continue;
        }
        let mut pr = prior(&mut pb, m, stone, &esc);
        if setups {
            let g = setup_gain(game, p);
            if g > 0 {
                let k = (2.0 + 3.0 * g as f32).min(30.0);
                pr.n += k;
                pr.w += k;
            }
        }
        tree.add_child(i, Act::Place(p), pr);
    }
    if allowed.pass {
        let pr = if game.consecutive_passes() == 1 {
            // This pass ends the game: the count decides.
            let w = if count_wins(game, me) { 30.0 } else { 0.0 };
            Prior { n: 30.0, w }
        } else {
            Prior { n: 10.0, w: 1.0 }
        };
        tree.add_child(i, Act::Pass, pr);
    }
}

/// Lists the time moves of `game` that change the board into node `i`'s pending candidates,
/// and adds Lock as a child when the opponent threatens a time move that would gain stones
/// (Lock only ever helps against those).
pub(crate) fn list_time_moves(tree: &mut Tree, i: usize, game: &TimeGame) {
    if tree.nodes[i].times_listed {
        return;
    }
    tree.nodes[i].times_listed = true;
    let mut cands = time_candidates(game);
    // Best last: `Tree::widen` pops from the end.
    cands.reverse();
    tree.nodes[i].pending = cands;
    if game.boundary() < game.order().len() && tree.has_room(1) {
        let threat = threat(game);
        if threat > 0 {
            tree.add_child(i, Act::Lock, lock_prior(threat));
        }
    }
}

/// Lock's prior when the opponent could gain `threat` stones with a time move now.
///
/// Lock costs a turn, which on a 9 × 9 board is worth about as much as two or three stones,
/// so a threat of up to two stones starts even with the placements, and only bigger threats
/// make Lock look good before the search has looked (an optimistic prior for every threat made
/// the player lock where a placement was better, and lose the tempo: docs/TIMEGO.md).
pub(crate) fn lock_prior(threat: i32) -> Prior {
    let k = (2.0 * (threat - LOCK_FREE_THREAT).max(0) as f32).min(12.0);
    Prior {
        n: 6.0 + k,
        w: 3.0 + k,
    }
}

/// The threat, in stones, that Lock's prior treats as no better than a placement.
const LOCK_FREE_THREAT: i32 = 2;

/// The most stones the side to move could gain by placing at `p` now and, on its next turn,
/// moving that placement into the past: a placement on a point that was once the last
/// liberty of an opponent chain threatens to capture it back then. (A competent opponent
/// answers with Lock; one who does not see the past loses the chain.)
pub(crate) fn setup_gain(game: &TimeGame, p: Point) -> i32 {
    let me = game.to_move();
    let mut next = game.clone();
    if next.place(p).is_err() {
        return 0;
    }
    let before = stone_counts(&next);
    next.stone_effects(p)
        .into_iter()
        .filter_map(|e| match e.after {
            BoardAfter::Changed { stones, .. } => Some(gain(me, before, stones)),
            BoardAfter::Unchanged => None,
        })
        .max()
        .unwrap_or(0)
}

/// The most stones the player not to move could gain with one time move now (0: none).
pub(crate) fn threat(game: &TimeGame) -> i32 {
    let them = game.to_move().opponent();
    let before = stone_counts(game);
    game.time_move_effects_of(them)
        .into_iter()
        .filter_map(|e| match e.after {
            BoardAfter::Changed { stones, .. } => Some(gain(them, before, stones)),
            BoardAfter::Unchanged => None,
        })
        .max()
        .unwrap_or(0)
        .max(0)
}

/// Stones on the board: Black, White.
fn stone_counts(game: &TimeGame) -> [i32; 2] {
    let board = game.board();
    [
        board.stone_count(Color::Black) as i32,
        board.stone_count(Color::White) as i32,
    ]
}

/// What `color` gains when the stone counts go from `before` to `after`: its stones gained
/// plus the opponent's stones lost.
fn gain(color: Color, before: [i32; 2], after: [u32; 2]) -> i32 {
    let mine = after[color.index()] as i32 - before[color.index()];
    let theirs = after[color.opponent().index()] as i32 - before[color.opponent().index()];
    mine - theirs
}

/// The time moves of the side to move that change the board, best first, with priors.
pub(crate) fn time_candidates(game: &TimeGame) -> Vec<(Act, Prior)> {
    let me = game.to_move();
    let before = stone_counts(game);
    let mut scored: Vec<(i32, Act, Prior)> = Vec::new();
    // Many targets of one stone often give the same board: keep one move per resulting board,
    // the one with the latest target (the smallest change of the order).
    let mut effects = game.time_move_effects();
    effects.sort_by_key(|e| std::cmp::Reverse(e.to));
    let mut boards = tengen_rules::HashSet64::default();
    for e in effects {
        let BoardAfter::Changed { stones, hash } = e.after else {
            continue;
        };
        if !boards.insert(hash) {
            continue;
        }
        let gain = gain(me, before, stones);
        let opp_cancelled = e.cancels.iter().filter(|c| c.color != me).count() as i32;
        let own_cancelled = e.cancels.len() as i32 - opp_cancelled;
        let mut p = Prior { n: 4.0, w: 2.0 };
        if gain > 0 {
            let k = (4.0 + 3.0 * gain as f32).min(40.0);
            p.n += k;
            p.w += k;
        } else if gain < 0 {
            p.n += (4.0 + 2.0 * (-gain) as f32).min(30.0);
        }
        let k = (2.0 * opp_cancelled as f32).min(8.0);
        p.n += k;
        p.w += k;
        p.n += (2.0 * own_cancelled as f32).min(8.0);
        let rank = gain * 8 + opp_cancelled * 2 - own_cancelled * 2;
        let to = u16::try_from(e.to).unwrap_or(u16::MAX);
        scored.push((rank, Act::Time { stone: e.stone, to }, p));
    }
    // Stable: among equals, the latest target first.
    scored.sort_by_key(|&(rank, _, _)| std::cmp::Reverse(rank));
    scored.truncate(MAX_TIME_CANDIDATES);
    scored.into_iter().map(|(_, a, p)| (a, p)).collect()
}
