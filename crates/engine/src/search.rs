//! Multi-threaded Monte-Carlo tree search: each thread descends the shared tree (visits count
//! as a virtual loss until the result arrives), builds the children of the leaves it claims,
//! plays a playout on its own board and backs up the result with AMAF statistics. The tree
//! takes no lock: its nodes' statistics are atomics (module `tree`).

use crate::adapt::{Adaptation, Key};
use crate::board::{other, PlayoutBoard, BLACK};
use crate::policy::{black_wins, playout_with, Policy};
use crate::reply::LastGoodReply;
use crate::rng::FastRng;
use crate::tree::{amaf_weight, Tree};
use crate::value;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Progress of a running search, reported to [`SearchControl::progress`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Progress {
    /// Playouts done so far.
    pub playouts: u32,
    /// The playout budget (may be far above `playouts` for timed searches).
    pub budget: u32,
    /// Seconds since the search began.
    pub elapsed: f64,
    /// Win rate of the currently best move for the side to move (0..=1), at the komi the
    /// search counts with (in a lost game, shifted towards the engine: module `behind`).
    pub winrate: f32,
}

/// A progress callback.
pub type ProgressFn = dyn Fn(Progress) + Send + Sync;

/// Outside control of a search: a cancel flag and a progress callback.
#[derive(Clone, Default)]
pub struct SearchControl {
    /// When set to true, the search stops as soon as possible and the best move so far is used.
    pub cancel: Option<Arc<AtomicBool>>,
    /// Called about every 200 ms from a search thread.
    pub progress: Option<Arc<ProgressFn>>,
}

impl std::fmt::Debug for SearchControl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SearchControl")
            .field("cancel", &self.cancel)
            .field("progress", &self.progress.as_ref().map(|_| "callback"))
            .finish()
    }
}

/// How long and how a search runs.
#[derive(Debug, Clone)]
pub struct SearchParams {
    /// Playouts to run (at most).
    pub playouts: u32,
    /// Stop at this time even when playouts remain (the move's share of the clock).
    pub time_limit: Option<Duration>,
    /// Think on past `time_limit`, up to this long, while the search is unsure (see
    /// [`unsure`]); `None` stops at `time_limit`.
    pub time_extension: Option<Duration>,
    /// Threads (at least 1).
    pub threads: usize,
    /// Playout policy.
    pub policy: Policy,
    /// Whether the playouts use the last good reply with forgetting (a table per thread,
    /// learned during this search).
    pub last_good_reply: bool,
    /// The learning rate of the adaptive playouts (a table per thread, learned during this
    /// search; module `adapt`); 0 leaves the random step uniform.
    pub adaptive_rate: f32,
    /// Komi in half points.
    pub komi_halves: i32,
    /// Komi of the real count, in half points: `komi_halves` without the shift a lost game
    /// searches with (module `behind`). The playouts Black wins at it are counted in
    /// [`SearchStats::black_wins_at_count`].
    pub count_komi_halves: i32,
    /// Weight of the final margin in a playout's result (see [`black_value`]).
    pub score_weight: f32,
    /// Whether the root moves' visits from before this search count in the lead that stops
    /// it early (the most visited move can no longer be overtaken). False after pondering
    /// (module `ponder`), whose visits would otherwise end the search at once, so that the
    /// engine spends its own time as it does without pondering and pondering adds to it.
    pub lead_counts_kept_visits: bool,
    /// Random seed.
    pub seed: u64,
}

/// What a search learned besides the tree.
#[derive(Debug, Clone)]
pub struct SearchStats {
    /// Playouts run.
    pub playouts: u32,
    /// Mean final ownership per point (row-major from the bottom-left; +1 Black, -1 White).
    pub ownership: Vec<f32>,
    /// Mean final area score, Black minus White, komi included.
    pub mean_score: f32,
    /// Playouts Black won at [`SearchParams::count_komi_halves`].
    pub black_wins_at_count: u32,
    /// Wall time.
    pub elapsed: Duration,
}

/// Per-thread buffers, allocated once per search.
struct Worker {
    board: PlayoutBoard,
    rng: FastRng,
    path: Vec<usize>,
    seq: Vec<(u16, u8)>,
    moves: Vec<(u16, u8)>,
    first_idx: Vec<u32>,
    first_color: Vec<u8>,
    stamp: Vec<u32>,
    generation: u32,
    owners: Vec<i8>,
    /// The thread's last good replies, learned from its own playouts during this search.
    replies: Option<LastGoodReply>,
    /// The thread's adaptive playout weights, learned from its own playouts during this search.
    adapt: Option<Adaptation>,
    own_sum: Vec<i64>,
    score_sum: i64,
    wins_at_count: u32,
    done: u32,
}

impl Worker {
    fn new(root: &PlayoutBoard, seed: u64, last_good_reply: bool, adaptive_rate: f32) -> Worker {
        let len = root.len();
        let area = root.size() * root.size();
        Worker {
            board: root.clone(),
            rng: FastRng::new(seed),
            path: Vec::with_capacity(64),
            seq: Vec::with_capacity(64),
            moves: Vec::with_capacity(area * 3),
            first_idx: vec![0; len],
            first_color: vec![0; len],
            stamp: vec![0; len],
            generation: 0,
            owners: vec![0; area],
            replies: last_good_reply.then(|| LastGoodReply::new(len)),
            adapt: (adaptive_rate > 0.0).then(|| Adaptation::new(len, adaptive_rate, Key::Point)),
            own_sum: vec![0; area],
            score_sum: 0,
            wins_at_count: 0,
            done: 0,
        }
    }

    /// Marks the first occurrence of each point in the tree moves followed by the playout.
    fn mark_first_moves(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.generation = 1;
        }
        let g = self.generation;
        for (k, &(m, c)) in self.seq.iter().chain(self.moves.iter()).enumerate() {
            let m = m as usize;
            if self.stamp[m] != g {
                self.stamp[m] = g;
                self.first_idx[m] = k as u32;
                self.first_color[m] = c;
            }
        }
    }
}

/// Starts a search iteration's descent at the root: resets the worker's board and path and
/// walks down (see [`walk`]).
fn descend(tree: &Tree, w: &mut Worker) -> Option<usize> {
    w.board.copy_from(&tree.root_board);
    w.path.clear();
    w.seq.clear();
    w.path.push(0);
    tree.node(0).visits.add(1.0);
    walk(tree, w, 0)
}

/// Walks down from `node` (the last of the worker's path, its position on the worker's board),
/// playing the selected moves on the board and counting each visit at once (the virtual loss).
/// Stops at a leaf; returns it when it is due for expansion (it has enough visits), claimed
/// so that no other thread expands it too. The caller builds its children
/// ([`crate::tree::Expansion::children`]), attaches them and walks on from it; meanwhile
/// other threads treat it as a leaf.
fn walk(tree: &Tree, w: &mut Worker, mut node: usize) -> Option<usize> {
    loop {
        if !tree.node(node).is_expanded() {
            return tree.claim_for_expansion(node).then_some(node);
        }
        let c = tree.select(node)?;
        let child = tree.node(c);
        let visits = child.visits.add(1.0);
        let stone = w.board.to_move();
        let mv = child.mv();
        w.board.play(mv);
        w.seq.push((mv as u16, stone));
        w.path.push(c);
        if tree.values_at(Some(visits)) {
            // Visits only grow, so exactly one descent crosses the mark.
            tree.add_value_prior(c, w.path.len() - 1, &mut w.board);
        }
        node = c;
    }
}

/// One iteration's way down the shared tree: walks, and builds and attaches the children of
/// each leaf it claims on the way, while the other threads walk too.
fn descend_shared(tree: &Tree, w: &mut Worker) {
    let expansion = tree.expansion();
    let mut pending = descend(tree, w);
    while let Some(leaf) = pending {
        let depth = w.path.len() - 1;
        let values = tree.values_at(None) && tree.wants_value(leaf, depth);
        // One pass through the network serves both priors where both are wanted.
        let (win, moves) = if values && expansion.wants_moves() {
            value::net_at(depth, tree.wide_depth)
                .evaluate(&mut w.board, tree.root_board.to_move())
                .map_or((None, None), |(win, moves)| (Some(win), moves))
        } else {
            (None, None)
        };
        let children = expansion.children(&mut w.board, depth, &|_| true, moves.as_ref());
        tree.attach(leaf, children, &w.board);
        match win {
            Some(win) => tree.give_value(leaf, win, w.board.to_move()),
            None if values => tree.add_value_prior(leaf, depth, &mut w.board),
            None => {}
        }
        pending = walk(tree, w, leaf);
    }
}

/// A playout's result for Black, in 0..=1: `(1 - weight)` for the win plus `weight` times the
/// margin mapped linearly onto 0..=1 (Black owning nothing and losing the komi is 0, the
/// whole board 1). With the margin in it, a search far behind still tells a move that loses
/// by 5 from one that loses everything, and a search far ahead does not give points away.
pub(crate) fn black_value(score: i32, komi_halves: i32, area: usize, weight: f32) -> f32 {
    let win = if black_wins(score, komi_halves) {
        1.0
    } else {
        0.0
    };
    if weight <= 0.0 {
        return win;
    }
    let margin = score as f32 - komi_halves as f32 / 2.0;
    let span = 2.0 * (area as f32 + komi_halves.unsigned_abs() as f32 / 2.0);
    let share = (0.5 + margin / span).clamp(0.0, 1.0);
    (1.0 - weight) * win + weight * share
}

/// Adds the result of one iteration (`black_value`, Black's result in 0..=1) to the path and
/// the AMAF statistics of its siblings, each weighted by how soon its move was played
/// ([`amaf_weight`]).
fn backup(tree: &Tree, w: &Worker, black_value: f32) {
    let root_stone = tree.root_board.to_move();
    let g = w.generation;
    let result_for = |stone: u8| {
        if stone == BLACK {
            black_value
        } else {
            1.0 - black_value
        }
    };
    let (length, decay) = (w.seq.len() + w.moves.len(), tree.amaf_decay);
    for d in 0..w.path.len() {
        let node = w.path[d];
        if d > 0 {
            tree.node(node).wins.add(result_for(w.seq[d - 1].1));
        }
        let to_move = if d % 2 == 0 {
            root_stone
        } else {
            other(root_stone)
        };
        let r = result_for(to_move);
        for c in tree.children(node) {
            let n = tree.node(c);
            let m = n.mv();
            if w.stamp[m] == g && w.first_idx[m] as usize >= d && w.first_color[m] == to_move {
                let weight = amaf_weight(w.first_idx[m] as usize, d, length, decay);
                n.amaf_n.add_relaxed(weight);
                n.amaf_w.add_relaxed(weight * r);
            }
        }
    }
}

/// Runs the search on `tree` and returns it with the statistics.
pub fn search(
    mut tree: Tree,
    params: &SearchParams,
    allow_root: &(dyn Fn(usize) -> bool + Sync),
    control: &SearchControl,
) -> (Tree, SearchStats) {
    let start = Instant::now();
    let deadline = params.time_limit.map(|d| start + d);
    // The latest stop: past `deadline` only while the search is unsure.
    let hard_deadline = params
        .time_extension
        .filter(|_| deadline.is_some())
        .map(|d| start + d)
        .or(deadline);
    let root = tree.root_board.clone();
    let area = root.size() * root.size();
    if !tree.node(0).is_expanded() {
        // Before the threads start, so that every playout goes through one of the root's moves.
        let mut board = root.clone();
        let children = tree.expansion().children(&mut board, 0, allow_root, None);
        tree.attach(0, children, &board);
    }
    tree.add_life_priors();
    // The root moves' visits the early stop's lead leaves out.
    let kept: Vec<f32> = if params.lead_counts_kept_visits {
        Vec::new()
    } else {
        tree.children(0).map(|c| tree.node(c).visits()).collect()
    };
    let started = AtomicU32::new(0);
    let stop = AtomicBool::new(false);
    let threads = params.threads.max(1);
    let workers: Vec<Worker> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let tree = &tree;
                let started = &started;
                let stop = &stop;
                let root = &root;
                let kept = &kept;
                s.spawn(move || {
                    let mut w = Worker::new(
                        root,
                        params.seed ^ (t as u64).wrapping_mul(0x9E37),
                        params.last_good_reply,
                        params.adaptive_rate,
                    );
                    let mut last_report = Instant::now();
                    let mut iter = 0u32;
                    loop {
                        if stop.load(Ordering::Relaxed) {
                            break;
                        }
                        let k = started.fetch_add(1, Ordering::Relaxed);
                        if k >= params.playouts {
                            break;
                        }
                        // The first playout always runs, so the root has its moves.
                        let cancelled = control
                            .cancel
                            .as_ref()
                            .is_some_and(|c| c.load(Ordering::Relaxed));
                        let late = hard_deadline.is_some_and(|d| Instant::now() >= d);
                        if k > 0 && (late || cancelled) {
                            stop.store(true, Ordering::Relaxed);
                            break;
                        }
                        descend_shared(tree, &mut w);
                        let score = playout_with(
                            &mut w.board,
                            &mut w.rng,
                            params.policy,
                            w.replies.as_ref(),
                            w.adapt.as_mut(),
                            &mut w.moves,
                        );
                        w.board.owners(&mut w.owners);
                        for (s, &o) in w.own_sum.iter_mut().zip(&w.owners) {
                            *s += o as i64;
                        }
                        w.score_sum += score as i64;
                        w.wins_at_count += u32::from(black_wins(score, params.count_komi_halves));
                        w.done += 1;
                        w.mark_first_moves();
                        let black_won = black_wins(score, params.komi_halves);
                        if let Some(r) = &mut w.replies {
                            r.update(w.seq.iter().chain(w.moves.iter()), black_won);
                        }
                        if let Some(a) = &mut w.adapt {
                            a.update(black_won);
                        }
                        let value = tree.mixed_value(
                            &w.path,
                            black_value(score, params.komi_halves, area, params.score_weight),
                        );
                        backup(tree, &w, value);
                        if tree.wants_criticality() {
                            tree.crit.lock().add(&w.owners, black_won);
                        }
                        iter += 1;
                        if t == 0 && iter.is_multiple_of(64) {
                            let done = started.load(Ordering::Relaxed).min(params.playouts);
                            let past_share = deadline.is_some_and(|d| Instant::now() >= d);
                            let until = if past_share { hard_deadline } else { deadline };
                            let remaining = remaining_playouts(params, done, start, until);
                            if unreachable_lead(tree, remaining, kept)
                                || (past_share && !unsure(tree))
                            {
                                stop.store(true, Ordering::Relaxed);
                            }
                            if let Some(cb) = &control.progress {
                                if last_report.elapsed() >= Duration::from_millis(200) {
                                    last_report = Instant::now();
                                    let winrate = tree
                                        .best_child(0)
                                        .map(|c| tree.node(c).winrate())
                                        .unwrap_or(0.5);
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
                    w
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("search thread panicked"))
            .collect()
    });
    let done: u32 = workers.iter().map(|w| w.done).sum();
    let mut ownership = vec![0f32; area];
    let mut score_sum = 0i64;
    for w in &workers {
        for (o, &s) in ownership.iter_mut().zip(&w.own_sum) {
            *o += s as f32;
        }
        score_sum += w.score_sum;
    }
    let denom = done.max(1) as f32;
    ownership.iter_mut().for_each(|o| *o /= denom);
    let mean_score = score_sum as f32 / denom - params.komi_halves as f32 / 2.0;
    let black_wins_at_count = workers.iter().map(|w| w.wins_at_count).sum();
    (
        tree,
        SearchStats {
            playouts: done,
            ownership,
            mean_score,
            black_wins_at_count,
            elapsed: start.elapsed(),
        },
    )
}

/// The playouts the search can still run: what is left of the budget and, with a time
/// limit, what the speed so far allows before the deadline.
fn remaining_playouts(
    params: &SearchParams,
    done: u32,
    start: Instant,
    deadline: Option<Instant>,
) -> u32 {
    let budget = params.playouts.saturating_sub(done);
    let Some(deadline) = deadline else {
        return budget;
    };
    let now = Instant::now();
    let elapsed = now.duration_since(start).as_secs_f64().max(1e-3);
    let left = deadline.saturating_duration_since(now).as_secs_f64();
    let by_time = done as f64 / elapsed * left;
    budget.min(by_time.min(u32::MAX as f64) as u32)
}

/// A root move whose win rate is higher than the most visited move's, with at least this
/// share of its visits, makes the search unsure: the two may still swap.
const UNSURE_VISIT_SHARE: f32 = 0.3;
/// The search is also unsure while its best win rate lies in this range: behind but not lost,
/// where a misread fight is most costly and more time most often finds the way out.
const UNSURE_WINRATE: std::ops::Range<f32> = 0.15..0.45;

/// Whether the search should think on past its share of the clock: the most visited root
/// move is not the one with the best win rate among the well-visited moves, or it is behind
/// but not lost (time management after Huang, Coulom and Lin, "Time management for
/// Monte-Carlo tree search applied to the game of Go", 2010).
fn unsure(tree: &Tree) -> bool {
    let Some(best) = tree.best_child(0) else {
        return false;
    };
    let b = tree.node(best);
    if UNSURE_WINRATE.contains(&b.winrate()) {
        return true;
    }
    tree.children(0).any(|c| {
        let n = tree.node(c);
        c != best && n.visits() >= b.visits() * UNSURE_VISIT_SHARE && n.winrate() > b.winrate()
    })
}

/// Whether the most visited root move can no longer be overtaken with `remaining` playouts,
/// counting each root move's visits less its entry in `kept` (the visits it had before the
/// search; empty: count them all).
fn unreachable_lead(tree: &Tree, remaining: u32, kept: &[f32]) -> bool {
    let mut best = 0.0f32;
    let mut second = 0.0f32;
    for (k, c) in tree.children(0).enumerate() {
        let v = tree.node(c).visits() - kept.get(k).copied().unwrap_or(0.0);
        if v > best {
            second = best;
            best = v;
        } else if v > second {
            second = v;
        }
    }
    tree.node(0).n_children() > 1 && best - second > remaining as f32
}

#[cfg(test)]
mod tests {
    use super::{black_value, search, unreachable_lead, unsure, SearchControl, SearchParams};
    use crate::board::PlayoutBoard;
    use crate::policy::Policy;
    use crate::tree::Tree;

    /// A 9×9 root whose first root moves have these (visits, wins); the others are unvisited.
    fn root_with(stats: &[(f32, f32)]) -> Tree {
        let mut board = PlayoutBoard::new(9);
        let tree = Tree::new(board.clone());
        tree.expand(0, &mut board, &|_| true);
        let children: Vec<usize> = tree.children(0).collect();
        for (&c, &(visits, wins)) in children.iter().zip(stats) {
            tree.node(c).set_results(visits, wins);
        }
        tree
    }

    #[test]
    fn a_lead_made_of_pondered_visits_does_not_stop_the_search() {
        let tree = root_with(&[(1000.0, 600.0), (300.0, 150.0)]);
        // 700 ahead with 500 playouts left: cannot be overtaken.
        assert!(unreachable_lead(&tree, 500, &[]));
        // 900 and 250 of those visits came from pondering: 100 against 50 in this search.
        assert!(!unreachable_lead(&tree, 500, &[900.0, 250.0]));
        assert!(unreachable_lead(&tree, 40, &[900.0, 250.0]));
    }

    #[test]
    fn a_clear_best_move_ahead_is_sure() {
        assert!(!unsure(&root_with(&[(1000.0, 600.0), (200.0, 110.0)])));
    }

    #[test]
    fn a_well_visited_rival_with_a_better_win_rate_makes_the_search_unsure() {
        assert!(unsure(&root_with(&[(1000.0, 600.0), (400.0, 260.0)])));
        // A rival with few visits may just be lucky.
        assert!(!unsure(&root_with(&[(1000.0, 600.0), (100.0, 70.0)])));
    }

    #[test]
    fn behind_but_not_lost_is_unsure_and_lost_is_not() {
        assert!(unsure(&root_with(&[(1000.0, 300.0), (100.0, 20.0)])));
        assert!(!unsure(&root_with(&[(1000.0, 50.0), (100.0, 5.0)])));
    }

    const AREA_9: usize = 81;
    const KOMI_7_5: i32 = 15;

    #[test]
    fn without_weight_the_value_is_the_win() {
        assert_eq!(black_value(41, KOMI_7_5, AREA_9, 0.0), 1.0);
        assert_eq!(black_value(8, KOMI_7_5, AREA_9, 0.0), 1.0);
        assert_eq!(black_value(7, KOMI_7_5, AREA_9, 0.0), 0.0);
        assert_eq!(black_value(-81, KOMI_7_5, AREA_9, 0.0), 0.0);
    }

    #[test]
    fn the_value_orders_results_by_win_then_margin() {
        // Area scores (Black minus White, before komi 7.5): from losing everything to winning
        // everything, each result is worth more to Black than the one before.
        let results = [-81, -60, -20, 0, 7, 8, 9, 20, 60, 81];
        let values: Vec<f32> = results
            .iter()
            .map(|&s| black_value(s, KOMI_7_5, AREA_9, 0.1))
            .collect();
        for pair in values.windows(2) {
            assert!(pair[0] < pair[1], "{values:?}");
        }
        // A win by half a point is worth more than any loss.
        assert!(
            black_value(8, KOMI_7_5, AREA_9, 0.1) > black_value(7, KOMI_7_5, AREA_9, 0.1) + 0.8
        );
        for &s in &results {
            let v = black_value(s, KOMI_7_5, AREA_9, 0.1);
            assert!((0.0..=1.0).contains(&v), "{s}: {v}");
        }
    }

    #[test]
    fn the_margin_is_worth_at_most_the_weight() {
        let lose_all = black_value(-81, KOMI_7_5, AREA_9, 0.1);
        let lose_by_half = black_value(7, KOMI_7_5, AREA_9, 0.1);
        let win_by_half = black_value(8, KOMI_7_5, AREA_9, 0.1);
        let win_all = black_value(81, KOMI_7_5, AREA_9, 0.1);
        assert!(lose_all >= 0.0 && lose_by_half <= 0.1);
        assert!(win_by_half >= 0.9 && win_all <= 1.0);
    }

    /// A search of `playouts` on `threads` with the search's heavy playouts, komi 7.5 and the
    /// default score weight, seeded with `seed`.
    fn heavy_search(playouts: u32, threads: usize, seed: u64) -> SearchParams {
        SearchParams {
            playouts,
            time_limit: None,
            time_extension: None,
            threads,
            policy: Policy::HeavyLocal,
            last_good_reply: false,
            adaptive_rate: 0.0,
            komi_halves: 15,
            count_komi_halves: 15,
            score_weight: 0.1,
            lead_counts_kept_visits: true,
            seed,
        }
    }

    /// Searches the empty 9×9 board on `threads` threads with the value prior given at six
    /// visits and checks which nodes got it.
    fn value_prior_at_visits_goes_once_to_each_node_that_reaches_them(threads: usize) {
        // With `value_visits`, the descent that brings a node to that many visits values it:
        // every node with as many visits or more, and no other, gets the prior, and only once
        // (its weight, far above the other priors', shows in each node's prior visits).
        let mut tree = Tree::new(PlayoutBoard::new(9));
        tree.value_prior = 1_000.0;
        tree.value_depth = u8::MAX;
        tree.value_visits = 6.0;
        let params = heavy_search(3_000, threads, 5);
        let (tree, _) = search(tree, &params, &|_| true, &SearchControl::default());
        let mut valued = 0;
        for i in 1..tree.len() {
            let n = tree.node(i);
            let got = n.prior_n.get() >= 1_000.0;
            assert_eq!(got, n.visits() >= 6.0, "node {i}: {} visits", n.visits());
            assert!(n.prior_n.get() < 2_000.0, "node {i} valued twice");
            valued += usize::from(got);
        }
        assert!(valued > 20, "{valued} nodes valued");
        assert!(
            tree.node(0).prior_n.get() < 1_000.0,
            "the root is not valued"
        );
    }

    #[test]
    fn value_prior_at_visits_on_one_thread() {
        value_prior_at_visits_goes_once_to_each_node_that_reaches_them(1);
    }

    #[test]
    fn value_prior_at_visits_on_two_threads() {
        value_prior_at_visits_goes_once_to_each_node_that_reaches_them(2);
    }

    /// Searches the empty 9×9 board on `threads` threads sharing the tree and checks the
    /// arena and the visits afterwards.
    fn shared_tree_expands_each_leaf_once(threads: usize) {
        // The threads share the tree without a lock: a leaf claimed by one thread must not be
        // expanded by another meanwhile, or its first set of children would be orphaned in
        // the arena and the visits would split between two sets; and no visit may be lost.
        let board = PlayoutBoard::new(9);
        let params = heavy_search(4_000, threads, 11);
        let (tree, stats) = search(
            Tree::new(board),
            &params,
            &|_| true,
            &SearchControl::default(),
        );
        let children: usize = tree.nodes().iter().map(|n| n.n_children()).sum();
        assert_eq!(tree.len(), 1 + children, "orphaned nodes in the arena");
        // Every child range lies after its parent and no two ranges overlap.
        let mut ranges: Vec<(usize, usize)> = (0..tree.len())
            .filter(|&i| tree.node(i).n_children() > 0)
            .map(|i| {
                assert!(tree.children(i).start > i);
                (tree.children(i).start, tree.children(i).end)
            })
            .collect();
        ranges.sort_unstable();
        assert!(ranges.windows(2).all(|w| w[0].1 <= w[1].0));
        // All the visits in flight came back: the root's visits are the playouts run.
        assert_eq!(tree.node(0).visits(), stats.playouts as f32);
        // The root is expanded before the threads start: every playout went through one of
        // its moves.
        let child_visits: f32 = tree.children(0).map(|c| tree.node(c).visits()).sum();
        assert_eq!(child_visits, stats.playouts as f32);
        assert!(stats.playouts > 1_000, "{}", stats.playouts);
    }

    #[test]
    fn two_threads_sharing_the_tree_expand_each_leaf_once() {
        shared_tree_expands_each_leaf_once(2);
    }

    #[test]
    fn eight_threads_sharing_the_tree_expand_each_leaf_once_and_lose_no_visit() {
        // More threads than this machine's cores: they are preempted mid-descent, between
        // claiming a leaf and attaching its children, which is where a race would show.
        shared_tree_expands_each_leaf_once(8);
    }

    #[test]
    fn a_long_search_in_a_small_arena_keeps_expanding_its_main_line() {
        // 16 000 nodes hold about 200 expansions of an empty 9×9 board's 81 moves: at two
        // visits a leaf, 400 playouts fill the arena and the main line stops growing (without
        // the rising threshold a 170-visit node two moves deep had no children); with it the
        // lines the search visits most keep room to grow.
        let board = PlayoutBoard::new(9);
        let tree = Tree::with_capacity(board, 16_000);
        let params = SearchParams {
            playouts: 6_000,
            time_limit: None,
            time_extension: None,
            threads: 1,
            policy: Policy::Light,
            last_good_reply: false,
            adaptive_rate: 0.0,
            komi_halves: 15,
            count_komi_halves: 15,
            score_weight: 0.0,
            lead_counts_kept_visits: true,
            seed: 7,
        };
        let (tree, stats) = search(tree, &params, &|_| true, &SearchControl::default());
        assert!(stats.playouts > 2_000, "{}", stats.playouts);
        assert!(tree.len() <= 16_000);
        // Every node on the main line with the visits an expansion now needs has children.
        let threshold = tree.expand_threshold();
        let mut node = 0;
        let mut depth = 0;
        while tree.node(node).visits() >= threshold {
            let n = tree.node(node);
            assert!(
                n.n_children() > 0,
                "depth {depth}: {} visits, no children (threshold {threshold})",
                n.visits()
            );
            node = tree.best_child(node).expect("children");
            depth += 1;
        }
        assert!(depth >= 3, "main line of {depth} expanded nodes");
    }
}
