//! The computer player: a fast playout board, Monte-Carlo tree search with RAVE and priors,
//! heavy playouts, tree reuse, multi-threaded search, time management, strength levels and
//! dead-stone estimation (playout ownership + Benson pass-alive analysis + seki).
//!
//! The public surface is [`Engine`] ([`Engine::genmove`], [`Engine::estimate`]) and its
//! [`EngineConfig`]; the modules below are public for benchmarks and tools.

#![warn(missing_docs)]

pub mod benson;
pub mod board;
pub mod estimate;
pub mod ladder;
pub mod levels;
pub mod pattern;
pub mod policy;
pub mod prior;
pub mod rng;
pub mod search;
pub mod time;
pub mod timego;
pub mod tree;

use board::{PlayoutBoard, PASS};
use search::{SearchParams, SearchStats};
use std::collections::BTreeSet;
use tengen_rules::{Color, Game, Phase, Point};
use tree::Tree;

pub use levels::{level_description, MAX_LEVEL, MIN_LEVEL};
pub use search::{Progress, ProgressFn, SearchControl};

/// Win rate under which a search result counts as hopeless (for resigning).
const RESIGN_BELOW: f32 = 0.08;
/// Win rate under which a settled game counts as lost (then the engine passes back).
const LOST_BELOW: f32 = 0.05;
/// After the opponent passes, the engine passes back (when the count wins) only if no empty
/// region bordered by both colors is larger than this; otherwise it takes the free move.
const MAX_OPEN_TO_PASS_BACK: usize = 4;
/// A position is finished when no empty region bordered by both colors is larger than this.
const MAX_OPEN_WHEN_FINISHED: usize = 1;
/// Ownership beyond which a point counts as settled (playing there changes nothing).
const SETTLED_ABOVE: f32 = 0.85;

/// How hard the engine thinks.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EngineConfig {
    /// Strength level 1 (beginner) ..= 10 (full engine); sets the playout budget.
    pub level: u8,
    /// Overrides the level's playouts per move.
    pub playouts: Option<u32>,
    /// Search threads.
    pub threads: usize,
    /// Overrides the budget with seconds per move.
    pub seconds_per_move: Option<f64>,
    /// Whether the engine may resign hopeless games.
    pub allow_resign: bool,
}

impl Default for EngineConfig {
    fn default() -> EngineConfig {
        EngineConfig {
            level: 10,
            playouts: None,
            threads: 1,
            seconds_per_move: None,
            allow_resign: false,
        }
    }
}

/// The engine's choice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EngineMove {
    /// Place a stone here.
    Place(Point),
    /// Pass.
    Pass,
    /// Resign.
    Resign,
}

/// Remaining time for the side to move (GTP `time_left`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Clock {
    /// Seconds left in the current period.
    pub seconds: f64,
    /// Stones left in the byo-yomi period (0: main time).
    pub stones: u32,
}

/// The dead-stone estimate of a position.
#[derive(Debug, Clone, PartialEq)]
pub struct Estimate {
    /// Stones judged dead.
    pub dead: BTreeSet<Point>,
    /// Per point (row-major from the bottom-left, `size*size`), -1 (White) ..= 1 (Black).
    pub ownership: Vec<f32>,
    /// Expected area score, Black minus White, komi included.
    pub score: f64,
}

/// What the last search did (for logs, GTP and the "thinking" display).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SearchInfo {
    /// Playouts run.
    pub playouts: u32,
    /// Seconds spent.
    pub seconds: f64,
    /// Win rate of the chosen move for the engine (0..=1).
    pub winrate: f32,
    /// Whether the search started from a reused tree.
    pub reused_tree: bool,
    /// Nodes in the search tree afterwards.
    pub nodes: usize,
}

/// The tree kept after a move, to reuse when the game continues as expected.
#[derive(Debug, Clone)]
struct Saved {
    tree: Tree,
    chosen: usize,
    komi_halves: i32,
}

/// A computer player.
#[derive(Debug, Clone)]
pub struct Engine {
    config: EngineConfig,
    seed: u64,
    saved: Option<Saved>,
    last: Option<SearchInfo>,
}

impl Engine {
    /// An engine with this configuration.
    pub fn new(config: EngineConfig) -> Engine {
        Engine {
            config,
            seed: 0x7E46_E11D,
            saved: None,
            last: None,
        }
    }

    /// The same engine with another random seed (games vary with the seed).
    pub fn with_seed(mut self, seed: u64) -> Engine {
        self.seed = seed;
        self
    }

    /// The configuration.
    pub fn config(&self) -> &EngineConfig {
        &self.config
    }

    /// Changes the configuration (the reusable tree is dropped).
    pub fn set_config(&mut self, config: EngineConfig) {
        self.config = config;
        self.saved = None;
    }

    /// Forgets the search tree kept for reuse (call when a new game starts).
    pub fn clear(&mut self) {
        self.saved = None;
    }

    /// What the last [`Engine::genmove`] search did.
    pub fn last_search(&self) -> Option<SearchInfo> {
        self.last
    }

    /// Chooses a move for `color` in `game`. Always legal for the game's ko rule. Passes when
    /// the game is not in play. When `color` is not the side to move (GTP allows that), it
    /// answers for the position after a pass by the side to move, which is where the caller
    /// must play the move.
    pub fn genmove(&mut self, game: &Game, color: Color, clock: Option<Clock>) -> EngineMove {
        self.genmove_with(game, color, clock, &SearchControl::default())
    }

    /// Like [`Engine::genmove`] but does not pass while the estimate finds dead opponent
    /// stones on the board: it captures them first (GTP `kgs-genmove_cleanup`).
    pub fn genmove_cleanup(
        &mut self,
        game: &Game,
        color: Color,
        clock: Option<Clock>,
    ) -> EngineMove {
        self.think(game, color, clock, &SearchControl::default(), true)
    }

    /// [`Engine::genmove`] with a cancel flag and a progress callback.
    pub fn genmove_with(
        &mut self,
        game: &Game,
        color: Color,
        clock: Option<Clock>,
        control: &SearchControl,
    ) -> EngineMove {
        self.think(game, color, clock, control, false)
    }

    fn think(
        &mut self,
        game: &Game,
        color: Color,
        clock: Option<Clock>,
        control: &SearchControl,
        cleanup: bool,
    ) -> EngineMove {
        if game.phase() != Phase::Playing {
            return EngineMove::Pass;
        }
        if game.to_move() != color {
            // GTP allows asking either color: think as if the side to move had passed.
            let mut passed = game.clone();
            if passed.pass().is_ok() && passed.phase() == Phase::Playing {
                return self.think(&passed, color, clock, control, cleanup);
            }
            return match Game::with_setup(*game.rules(), game.board().clone(), color) {
                Ok(setup) => self.think(&setup, color, clock, control, cleanup),
                Err(_) => EngineMove::Pass,
            };
        }
        let mut root = PlayoutBoard::from_board(game.board(), color);
        let last_index = game
            .last_move()
            .and_then(|m| m.point)
            .map(|p| root.index(p))
            .unwrap_or(PASS);
        root.set_last_move(last_index);
        let komi_halves = game.rules().komi.halves();
        let stride = root.stride();
        let allow = |m: usize| {
            let p = Point::new((m % stride - 1) as u8, (m / stride - 1) as u8);
            game.is_legal(p)
        };
        let (tree, reused) = match self.reuse(&root, game, komi_halves, &allow) {
            Some(t) => (t, true),
            None => (Tree::new(root.clone()), false),
        };
        let lv = levels::level(self.config.level);
        let time_limit = time::move_time(self.config.seconds_per_move, clock, root.empties().len());
        let playouts = match (self.config.playouts, self.config.seconds_per_move) {
            (Some(n), _) => n.max(1),
            (None, Some(s)) if s.is_finite() && s > 0.0 => u32::MAX / 2,
            _ => lv.playouts,
        };
        let seed = self.seed
            ^ game.board().hash()
            ^ (game.move_number() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let params = SearchParams {
            playouts,
            time_limit,
            threads: self.config.threads.max(1),
            policy: lv.policy,
            komi_halves,
            seed,
        };
        let (tree, stats) = search::search(tree, &params, &allow, control);
        let choice = self.choose(&tree, &stats, game, color, lv.temperature, seed, cleanup);
        let winrate = tree
            .best_child(0)
            .map(|c| tree.nodes[c].winrate())
            .unwrap_or(0.5);
        self.last = Some(SearchInfo {
            playouts: stats.playouts,
            seconds: stats.elapsed.as_secs_f64(),
            winrate,
            reused_tree: reused,
            nodes: tree.nodes.len(),
        });
        self.saved = match choice {
            EngineMove::Place(p) => Some(Saved {
                chosen: tree.root_board.index(p),
                tree,
                komi_halves,
            }),
            _ => None,
        };
        choice
    }

    /// The kept tree re-rooted at the current position, when the game went on from the last
    /// search through the chosen move and one opponent move.
    fn reuse(
        &mut self,
        root: &PlayoutBoard,
        game: &Game,
        komi_halves: i32,
        allow: &dyn Fn(usize) -> bool,
    ) -> Option<Tree> {
        let saved = self.saved.take()?;
        if saved.komi_halves != komi_halves {
            return None;
        }
        let reply = game.last_move()?.point?;
        let mut b = saved.tree.root_board.clone();
        let me = b.to_move();
        if !b.is_legal(saved.chosen, me) {
            return None;
        }
        b.play(saved.chosen);
        let reply = b.index(reply);
        if !b.is_legal(reply, b.to_move()) {
            return None;
        }
        b.play(reply);
        if !b.same_stones(root) || b.to_move() != root.to_move() {
            return None;
        }
        let c1 = saved.tree.child_with_move(0, saved.chosen)?;
        let c2 = saved.tree.child_with_move(c1, reply)?;
        Some(saved.tree.reroot(c2, root.clone(), allow))
    }

    #[allow(clippy::too_many_arguments)]
    fn choose(
        &self,
        tree: &Tree,
        stats: &SearchStats,
        game: &Game,
        color: Color,
        temperature: f32,
        seed: u64,
        cleanup: bool,
    ) -> EngineMove {
        let Some(best) = tree.best_child(0) else {
            return EngineMove::Pass;
        };
        let board = &tree.root_board;
        let winrate = tree.nodes[best].winrate();
        if self.config.allow_resign && stats.playouts >= 200 && winrate < RESIGN_BELOW {
            return EngineMove::Resign;
        }
        let mut chosen = best;
        if temperature > 0.0 {
            chosen = sample(tree, temperature, seed).unwrap_or(best);
        }
        let mv = tree.nodes[chosen].mv as usize;
        let to_point = |m: usize| board.point(m);
        // Passing: only when the count with the estimated dead stones does not lose.
        let analysis = estimate::decide(game, stats.ownership.clone());
        let sign = if color == Color::Black { 1.0 } else { -1.0 };
        let pass_wins = analysis.counted * sign > 0.0;
        let finished = analysis.largest_open <= MAX_OPEN_WHEN_FINISHED;
        let opponent_passed = game.last_move().is_some_and(|m| m.point.is_none());
        let own_at = |m: usize| stats.ownership[board.flat(m)];
        let settled = own_at(mv).abs() > SETTLED_ABOVE;
        let opp_dead: Vec<Point> = analysis
            .dead
            .iter()
            .copied()
            .filter(|&p| game.board().get(p) == Some(color.opponent()))
            .collect();
        if cleanup && !opp_dead.is_empty() {
            // Capture the dead stones: prefer the most visited move on one of their liberties.
            let targets: BTreeSet<Point> = opp_dead
                .iter()
                .flat_map(|&p| game.board().liberty_points(p))
                .collect();
            let capture = tree
                .children(0)
                .filter(|&c| targets.contains(&to_point(tree.nodes[c].mv as usize)))
                .max_by(|&a, &b| tree.nodes[a].visits.total_cmp(&tree.nodes[b].visits));
            return EngineMove::Place(to_point(tree.nodes[capture.unwrap_or(chosen)].mv as usize));
        }
        let b = game.board();
        let stones = (b.stone_count(Color::Black) + b.stone_count(Color::White)) as usize;
        let area = b.size() as usize * b.size() as usize;
        // A quarter-full board at least: an opening with a lone stone "dead" is not finished.
        let nearly_finished = analysis.largest_open <= MAX_OPEN_TO_PASS_BACK && stones * 4 >= area;
        if opponent_passed && ((pass_wins && nearly_finished) || (settled && winrate < LOST_BELOW))
        {
            // Passing ends the game: do it when the count wins, or when the game is lost and
            // the best move changes nothing.
            return EngineMove::Pass;
        }
        if pass_wins && finished && nothing_left(game, tree) {
            // Every move left is inside pass-alive territory: playing on changes nothing.
            return EngineMove::Pass;
        }
        EngineMove::Place(to_point(mv))
    }

    /// Estimates dead stones, ownership and score of the current position.
    pub fn estimate(&self, game: &Game) -> Estimate {
        self.estimate_with_playouts(game, estimate::default_playouts(game.board().size()))
    }

    /// [`Engine::estimate`] with a chosen number of playouts.
    pub fn estimate_with_playouts(&self, game: &Game, playouts: u32) -> Estimate {
        let a = estimate::analyse(game, playouts.max(1), self.config.threads, self.seed);
        Estimate {
            dead: a.dead,
            ownership: a.ownership,
            score: a.score,
        }
    }

    /// The stones the estimate judges dead (for the review's suggested marks).
    pub fn suggest_dead(&self, game: &Game) -> BTreeSet<Point> {
        self.estimate(game).dead
    }
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
        .all(|c| pa.territory[tree.root_board.flat(tree.nodes[c].mv as usize)] != 0)
}

/// A root move sampled with probability proportional to visits^(1/temperature).
fn sample(tree: &Tree, temperature: f32, seed: u64) -> Option<usize> {
    let weights: Vec<(usize, f64)> = tree
        .children(0)
        .map(|c| {
            (
                c,
                (tree.nodes[c].visits as f64).powf(1.0 / temperature as f64),
            )
        })
        .filter(|&(_, w)| w > 0.0)
        .collect();
    let total: f64 = weights.iter().map(|&(_, w)| w).sum();
    if total <= 0.0 {
        return None;
    }
    let mut x = rng::FastRng::new(seed ^ 0x5A5A).unit() * total;
    for &(c, w) in &weights {
        if x < w {
            return Some(c);
        }
        x -= w;
    }
    weights.last().map(|&(c, _)| c)
}
