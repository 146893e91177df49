//! The TimeGo Monte-Carlo tree search (one thread): each iteration copies the root game,
//! replays the tree's actions on it with the rules crate's incremental TimeGo replay (a time
//! move replays from its target only, until the replay converges), expands the leaf and plays
//! a cheap placements-only playout from the leaf's board with the Go engine's playout policy.
//! Time moves are searched in the tree, not in playouts.

use super::act::Act;
use super::expand::{expand, list_time_moves, playout_board, Allowed};
use super::tree::Tree;
use crate::board::{BLACK, PASS, WHITE};
use crate::policy::{black_wins, playout, Policy};
use crate::rng::FastRng;
use crate::search::{Progress, SearchControl};
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};
use tengen_rules::{Color, Phase, TimeGame};

/// Real visits a leaf needs before it is expanded.
const EXPAND_AT: f32 = 2.0;
/// Visits a node needs before its time moves are listed (the root lists them at once).
const TIME_MOVES_AT: f32 = 6.0;

/// How a search runs.
#[derive(Debug, Clone)]
pub(crate) struct Params {
    pub playouts: u32,
    pub time_limit: Option<Duration>,
    pub policy: Policy,
    pub komi_halves: i32,
    pub seed: u64,
    /// Whether time moves and Lock are searched (for both players).
    pub time_moves: bool,
    /// Whether the root may pass.
    pub root_pass: bool,
}

/// What a search learnt besides the tree.
#[derive(Debug, Clone)]
pub(crate) struct Stats {
    pub playouts: u32,
    /// Mean final area score of the playouts, Black minus White, komi included.
    pub mean_score: f32,
    pub elapsed: Duration,
}

/// Scratch buffers of one search.
struct Worker {
    rng: FastRng,
    stride: usize,
    path: Vec<usize>,
    /// The tree part's placements as (padded index or PASS, stone), one per action.
    seq: Vec<(u16, u8)>,
    moves: Vec<(u16, u8)>,
    first_idx: Vec<u32>,
    first_color: Vec<u8>,
    stamp: Vec<u32>,
    generation: u32,
    score_sum: i64,
    scored: u32,
}

/// The stone value of a color.
fn stone(c: Color) -> u8 {
    match c {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}

/// Runs the search from `root` into `tree`.
pub(crate) fn search(
    root: &TimeGame,
    tree: &mut Tree,
    params: &Params,
    control: &SearchControl,
) -> Stats {
    let start = Instant::now();
    let deadline = params.time_limit.map(|d| start + d);
    let size = root.board().size() as usize;
    let stride = size + 2;
    let len = stride * stride;
    let area = size * size;
    let mut w = Worker {
        rng: FastRng::new(params.seed),
        stride,
        path: Vec::with_capacity(64),
        seq: Vec::with_capacity(64),
        moves: Vec::with_capacity(area * 3),
        first_idx: vec![0; len],
        first_color: vec![0; len],
        stamp: vec![0; len],
        generation: 0,
        score_sum: 0,
        scored: 0,
    };
    let root_allowed = Allowed {
        time_moves: params.time_moves,
        pass: params.root_pass,
    };
    let inner_allowed = Allowed {
        time_moves: params.time_moves,
        pass: true,
    };
    expand(tree, 0, root, root_allowed);
    if params.time_moves {
        list_time_moves(tree, 0, root);
    }
    let mut done = 0u32;
    let mut last_report = Instant::now();
    while done < params.playouts {
        let cancelled = control
            .cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed));
        let late = deadline.is_some_and(|d| Instant::now() >= d);
        if done > 0 && (late || cancelled) {
            break;
        }
        if tree.nodes[0].children.is_empty() {
            break;
        }
        let mut game = root.clone();
        descend(tree, &mut w, &mut game, inner_allowed, params);
        let leaf = *w.path.last().expect("the path holds the root");
        let black_won = match tree.nodes[leaf].terminal {
            Some(winner) => {
                w.moves.clear();
                match winner {
                    Some(c) => c == Color::Black,
                    None => w.rng.chance(0.5),
                }
            }
            None => {
                let mut pb = playout_board(&game);
                let score = playout(&mut pb, &mut w.rng, params.policy, &mut w.moves);
                w.score_sum += score as i64;
                w.scored += 1;
                black_wins(score, params.komi_halves)
            }
        };
        mark_first_moves(&mut w);
        backup(tree, &w, stone(root.to_move()), black_won);
        done += 1;
        if done.is_multiple_of(64) {
            if unreachable_lead(tree, params.playouts.saturating_sub(done)) {
                break;
            }
            if let Some(cb) = &control.progress {
                if last_report.elapsed() >= Duration::from_millis(200) {
                    last_report = Instant::now();
                    let winrate = tree
                        .ranked(0)
                        .first()
                        .map_or(0.5, |&c| tree.nodes[c].winrate());
                    cb(Progress {
                        playouts: done,
                        budget: params.playouts,
                        elapsed: start.elapsed().as_secs_f64(),
                        winrate,
                    });
                }
            }
        }
    }
    let denom = w.scored.max(1) as f32;
    let mean_score = w.score_sum as f32 / denom - params.komi_halves as f32 / 2.0;
    Stats {
        playouts: done,
        mean_score,
        elapsed: start.elapsed(),
    }
}

/// One descent from the root: selects children, applies their actions to `game`, expands
/// leaves with enough visits, lists time moves at nodes with enough visits, counts visits.
fn descend(
    tree: &mut Tree,
    w: &mut Worker,
    game: &mut TimeGame,
    allowed: Allowed,
    params: &Params,
) {
    w.path.clear();
    w.seq.clear();
    w.path.push(0);
    tree.nodes[0].visits += 1.0;
    let mut node = 0;
    loop {
        if tree.nodes[node].terminal.is_some() {
            break;
        }
        if !tree.nodes[node].expanded {
            if tree.nodes[node].visits < EXPAND_AT {
                break;
            }
            expand(tree, node, game, allowed);
        }
        if params.time_moves
            && !tree.nodes[node].times_listed
            && tree.nodes[node].visits >= TIME_MOVES_AT
        {
            list_time_moves(tree, node, game);
        }
        tree.widen(node);
        let Some(c) = tree.select(node) else { break };
        let mover = stone(game.to_move());
        let act = tree.nodes[c].act;
        if act.apply(game).is_err() {
            // Generated from this very position, so never expected; the child is dropped.
            debug_assert!(false, "{act:?} refused in the search");
            tree.nodes[node].children.retain(|&x| x as usize != c);
            continue;
        }
        tree.nodes[c].visits += 1.0;
        if game.phase() == Phase::Finished {
            tree.nodes[c].terminal = Some(game.result().and_then(|r| r.winner()));
        }
        let at = match act {
            Act::Place(p) => ((p.row as usize + 1) * w.stride + p.col as usize + 1) as u16,
            _ => PASS as u16,
        };
        w.seq.push((at, mover));
        w.path.push(c);
        node = c;
    }
}

/// Marks the first occurrence of each point in the tree's placements followed by the playout.
fn mark_first_moves(w: &mut Worker) {
    w.generation = w.generation.wrapping_add(1);
    if w.generation == 0 {
        w.stamp.iter_mut().for_each(|s| *s = 0);
        w.generation = 1;
    }
    let g = w.generation;
    for (k, &(m, c)) in w.seq.iter().chain(w.moves.iter()).enumerate() {
        let m = m as usize;
        if m != PASS && w.stamp[m] != g {
            w.stamp[m] = g;
            w.first_idx[m] = k as u32;
            w.first_color[m] = c;
        }
    }
}

/// Adds one result to the path, and to the AMAF statistics of the placements beside it.
fn backup(tree: &mut Tree, w: &Worker, root_stone: u8, black_won: bool) {
    let g = w.generation;
    for d in 0..w.path.len() {
        let node = w.path[d];
        if d > 0 {
            let mover = w.seq[d - 1].1;
            if (mover == BLACK) == black_won {
                tree.nodes[node].wins += 1.0;
            }
        }
        // Every action, time moves and Lock included, passes the turn.
        let to_move = if d % 2 == 0 {
            root_stone
        } else {
            3 - root_stone
        };
        let r = if (to_move == BLACK) == black_won {
            1.0
        } else {
            0.0
        };
        for k in 0..tree.nodes[node].children.len() {
            let c = tree.nodes[node].children[k] as usize;
            let Act::Place(p) = tree.nodes[c].act else {
                continue;
            };
            let m = (p.row as usize + 1) * w.stride + p.col as usize + 1;
            if w.stamp[m] == g && w.first_idx[m] as usize >= d && w.first_color[m] == to_move {
                let n = &mut tree.nodes[c];
                n.amaf_n += 1.0;
                n.amaf_w += r;
            }
        }
    }
}

/// Whether the most visited root child can no longer be overtaken with `remaining` playouts.
fn unreachable_lead(tree: &Tree, remaining: u32) -> bool {
    let mut best = 0.0f32;
    let mut second = 0.0f32;
    for &c in &tree.nodes[0].children {
        let v = tree.nodes[c as usize].visits;
        if v > best {
            second = best;
            best = v;
        } else if v > second {
            second = v;
        }
    }
    // Time moves still pending at the root could overtake: only stop when none are left.
    tree.nodes[0].children.len() > 1
        && tree.nodes[0].pending.is_empty()
        && best - second > remaining as f32
}
