//! The final decision after a search: which root move to play, or whether to pass or resign.
//!
//! Passing follows the count of the position (dead stones from the estimator removed); the
//! engine resigns only when allowed and hopeless; among root moves the search found nearly
//! equal, one is picked at random (seeded per game), so games differ without weakening play.

use crate::benson;
use crate::estimate;
use crate::guard::{self, Searched};
use crate::reading;
use crate::rng::FastRng;
use crate::search::SearchStats;
use crate::tree::Tree;
use crate::EngineMove;
use std::collections::BTreeSet;
use tengen_rules::{Color, Game, Point};

/// Win rate under which a search result counts as hopeless (for resigning).
const RESIGN_BELOW: f32 = 0.08;
/// Playouts a search needs before its win rate is trusted for resigning.
const RESIGN_AFTER_PLAYOUTS: u32 = 200;
/// Win rate under which a settled game counts as lost (then the engine passes back).
const LOST_BELOW: f32 = 0.05;
/// After the opponent passes, the engine passes back (when the count wins) only if no empty
/// region bordered by both colors is larger than this; otherwise it takes the free move.
const MAX_OPEN_TO_PASS_BACK: usize = 4;
/// A position is finished when no empty region bordered by both colors is larger than this.
const MAX_OPEN_WHEN_FINISHED: usize = 1;
/// Ownership beyond which a point counts as settled (playing there changes nothing).
const SETTLED_ABOVE: f32 = 0.85;
/// A root move is "nearly equal" to the most visited one when it has at least this share of
/// its visits ...
const NEAR_VISITS: f32 = 0.6;
/// ... and a win rate at most this much lower.
const NEAR_WINRATE: f32 = 0.015;

/// What the caller knows besides the searched tree.
pub(crate) struct Context<'a> {
    /// The game searched (the side to move is `color`).
    pub game: &'a Game,
    /// The color the engine plays.
    pub color: Color,
    /// Level temperature: 0 plays the best (or a nearly equal) move; higher samples by visits.
    pub temperature: f32,
    /// Seed of this decision.
    pub seed: u64,
    /// `kgs-genmove_cleanup`: capture dead opponent stones before passing.
    pub cleanup: bool,
    /// Whether the engine may resign.
    pub allow_resign: bool,
    /// The engine's win rate at the real komi when the search counted with komi shifted
    /// towards it (a lost game, module `behind`): resigning and passing a lost game go by it,
    /// not by the tree's win rate at the shifted komi.
    pub real_winrate: Option<f32>,
    /// Whether the chosen move is checked by capture reading against the other searched
    /// moves (module `guard`).
    pub tactical_check: bool,
}

/// The engine's move after a search of `tree`.
pub(crate) fn choose(tree: &Tree, stats: &SearchStats, cx: &Context<'_>) -> Choice {
    let Some(best) = tree.best_child(0) else {
        return Choice::plain(EngineMove::Pass);
    };
    let game = cx.game;
    let board = &tree.root_board;
    let winrate = cx.real_winrate.unwrap_or(tree.node(best).winrate());
    if cx.allow_resign && stats.playouts >= RESIGN_AFTER_PLAYOUTS && winrate < RESIGN_BELOW {
        return Choice::plain(EngineMove::Resign);
    }
    let mut chosen = if cx.temperature > 0.0 {
        sample(tree, cx.temperature, cx.seed).unwrap_or(best)
    } else {
        near_equal(tree, best, cx.seed)
    };
    let mut replaced = None;
    if cx.tactical_check {
        if let Some(safer) = safer_child(tree, chosen) {
            replaced = Some(board.point(tree.node(chosen).mv()));
            chosen = safer;
        }
    }
    let mv = tree.node(chosen).mv();
    let to_point = |m: usize| board.point(m);
    // Passing: only when the count with the estimated dead stones does not lose.
    let analysis = estimate::decide_within(game, stats.ownership.clone(), reading::MOVE_BUDGET);
    let sign = if cx.color == Color::Black { 1.0 } else { -1.0 };
    let pass_wins = analysis.counted * sign > 0.0;
    let finished = analysis.largest_open <= MAX_OPEN_WHEN_FINISHED;
    let opponent_passed = game.last_move().is_some_and(|m| m.point.is_none());
    let settled = stats.ownership[board.flat(mv)].abs() > SETTLED_ABOVE;
    let opp_dead: Vec<Point> = analysis
        .dead
        .iter()
        .copied()
        .filter(|&p| game.board().get(p) == Some(cx.color.opponent()))
        .collect();
    if cx.cleanup && !opp_dead.is_empty() {
        // Capture the dead stones: prefer the most visited move on one of their liberties.
        let targets: BTreeSet<Point> = opp_dead
            .iter()
            .flat_map(|&p| game.board().liberty_points(p))
            .collect();
        let capture = tree
            .children(0)
            .filter(|&c| targets.contains(&to_point(tree.node(c).mv())))
            .max_by(|&a, &b| tree.node(a).visits().total_cmp(&tree.node(b).visits()));
        return match capture {
            Some(c) => Choice::plain(EngineMove::Place(to_point(tree.node(c).mv()))),
            None => Choice {
                mv: EngineMove::Place(to_point(mv)),
                replaced,
            },
        };
    }
    let b = game.board();
    let stones = (b.stone_count(Color::Black) + b.stone_count(Color::White)) as usize;
    let area = b.size() as usize * b.size() as usize;
    // A quarter-full board at least: an opening with a lone stone "dead" is not finished.
    let nearly_finished = analysis.largest_open <= MAX_OPEN_TO_PASS_BACK && stones * 4 >= area;
    if opponent_passed && ((pass_wins && nearly_finished) || (settled && winrate < LOST_BELOW)) {
        // Passing ends the game: do it when the count wins, or when the game is lost and
        // the best move changes nothing.
        return Choice::plain(EngineMove::Pass);
    }
    if pass_wins && finished && nothing_left(game, tree) {
        // Every move left is inside pass-alive territory: playing on changes nothing.
        return Choice::plain(EngineMove::Pass);
    }
    Choice {
        mv: EngineMove::Place(to_point(mv)),
        replaced,
    }
}

/// The engine's decision, and whether the tactical check replaced the search's move.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Choice {
    /// The move, pass or resignation.
    pub mv: EngineMove,
    /// The search's choice, when [`guard::safer_move`] replaced it.
    pub replaced: Option<Point>,
}

impl Choice {
    fn plain(mv: EngineMove) -> Choice {
        Choice { mv, replaced: None }
    }
}

/// The root child to play instead of `chosen` when capture reading finds another searched
/// move four stones better (module `guard`).
fn safer_child(tree: &Tree, chosen: usize) -> Option<usize> {
    let searched = |c: usize| Searched {
        mv: tree.node(c).mv(),
        visits: tree.node(c).visits(),
        winrate: tree.node(c).winrate(),
    };
    let children: Vec<Searched> = tree.children(0).map(searched).collect();
    let safer = guard::safer_move(&tree.root_board, &children, searched(chosen))?;
    tree.children(0).find(|&c| tree.node(c).mv() == safer)
}

/// Whether every root move lies in pass-alive territory (of either color).
fn nothing_left(game: &Game, tree: &Tree) -> bool {
    let board = game.board();
    let size = board.size() as usize;
    let mut cells = vec![0u8; size * size];
    for (p, c) in board.stones() {
        cells[p.row as usize * size + p.col as usize] = if c == Color::Black { 1 } else { 2 };
    }
    let pa = benson::pass_alive(&cells, size);
    tree.children(0)
        .all(|c| pa.territory[tree.root_board.flat(tree.node(c).mv())] != 0)
}

/// The most visited root move `best`, or, at random, a root move the search found nearly as
/// good (nearly as many visits, nearly the same win rate).
pub(crate) fn near_equal(tree: &Tree, best: usize, seed: u64) -> usize {
    let top = tree.node(best);
    let near: Vec<usize> = tree
        .children(0)
        .filter(|&c| {
            let n = tree.node(c);
            n.visits() >= NEAR_VISITS * top.visits() && n.winrate() >= top.winrate() - NEAR_WINRATE
        })
        .collect();
    if near.len() <= 1 {
        return best;
    }
    near[FastRng::new(seed ^ 0xC401_CE5E).below(near.len())]
}

/// A root move sampled with probability proportional to visits^(1/temperature).
fn sample(tree: &Tree, temperature: f32, seed: u64) -> Option<usize> {
    let weights: Vec<(usize, f64)> = tree
        .children(0)
        .map(|c| {
            (
                c,
                (tree.node(c).visits() as f64).powf(1.0 / temperature as f64),
            )
        })
        .filter(|&(_, w)| w > 0.0)
        .collect();
    let total: f64 = weights.iter().map(|&(_, w)| w).sum();
    if total <= 0.0 {
        return None;
    }
    let mut x = FastRng::new(seed ^ 0x5A5A).unit() * total;
    for &(c, w) in &weights {
        if x < w {
            return Some(c);
        }
        x -= w;
    }
    weights.last().map(|&(c, _)| c)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::PlayoutBoard;
    use crate::tree::NewNode;

    /// A root with three children: (visits, wins) each.
    fn tree_with(children: &[(f32, f32)]) -> Tree {
        let board = PlayoutBoard::new(9);
        let tree = Tree::new(board.clone());
        let nodes = (0..children.len())
            .map(|k| NewNode::new(12 + k, 0.0, 0.0))
            .collect();
        tree.attach(0, nodes, &board);
        for (c, &(visits, wins)) in tree.children(0).zip(children) {
            tree.node(c).set_results(visits, wins);
        }
        tree
    }

    #[test]
    fn nearly_equal_moves_are_each_chosen_for_some_seed() {
        let tree = tree_with(&[(1000.0, 550.0), (900.0, 492.0), (100.0, 70.0)]);
        let picks: BTreeSet<usize> = (0..64).map(|s| near_equal(&tree, 1, s)).collect();
        assert_eq!(picks, BTreeSet::from([1, 2]));
    }

    #[test]
    fn a_clearly_better_move_is_always_chosen() {
        // The second move has 90% of the visits but a win rate 5 points lower.
        let tree = tree_with(&[(1000.0, 600.0), (900.0, 495.0)]);
        assert!((0..64).all(|s| near_equal(&tree, 1, s) == 1));
        // The second move has the same win rate but far fewer visits.
        let tree = tree_with(&[(1000.0, 600.0), (300.0, 180.0)]);
        assert!((0..64).all(|s| near_equal(&tree, 1, s) == 1));
    }
}
