//! The TimeGo computer player: Monte-Carlo tree search over the whole TimeGo action set —
//! placements, time moves, Lock and pass — on the rules crate's [`TimeGame`].
//!
//! - The tree's actions are replayed on a copy of the root game for every iteration with the
//!   rules crate's incremental replay (a time move replays from its target only and stops when
//!   the replay converges); the rules decide every action's legality, so the player never
//!   chooses an illegal one.
//! - Time moves come from [`TimeGame::time_move_effects`], which previews every legal time
//!   move and what it does to the board in one sweep of the order. Those that leave the board
//!   as it is are not searched; the others get priors from the stones they save or capture and
//!   the opponent placements they cancel, and join a node's children one at a time as its
//!   visits grow (progressive widening).
//! - Playouts stay cheap: the leaf's board is played out with the Go engine's placement
//!   policy, and area-counted.
//! - Passing: a pass that ends the game is taken exactly when the count of the board wins; a
//!   first pass only when the count wins and the search expects it to keep winning after the
//!   opponent's reply (so dead stones are captured before passing, and the player does not
//!   pass while the opponent could take a dead group of its own and win the count).
//! - Levels 1–10 are the Go engine's fixed playout budgets ([`crate::levels`]).
//!
//! See docs/TIMEGO.md ("The computer player").

mod act;
mod expand;
mod search;
mod tree;

pub use act::TimeMove;

use crate::levels;
use crate::policy::Policy;
use crate::search::SearchControl;
use crate::{Clock, SearchInfo};
use expand::count_wins;
use search::Params;
use tengen_rules::{Phase, TimeGame};
use tree::Tree;

/// Win rate under which a search result counts as hopeless (for resigning).
const RESIGN_BELOW: f32 = 0.08;
/// Win rate under which the game counts as lost: then the player passes back after the
/// opponent's pass (when it may not resign) instead of playing on.
const LOST_BELOW: f32 = 0.05;
/// Playouts a search needs before its win rate is trusted for resigning or giving up.
const TRUSTED_AFTER: u32 = 200;

/// One root action of the last search and what the search thought of it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RootStat {
    /// The action.
    pub action: TimeMove,
    /// Real visits.
    pub visits: u32,
    /// Win rate for the side to move (0.5 without visits).
    pub winrate: f32,
    /// The prior win rate it started with.
    pub prior: f32,
}

/// A computer player for TimeGo.
#[derive(Debug, Clone)]
pub struct TimeEngine {
    config: crate::EngineConfig,
    time_moves: bool,
    seed: u64,
    last: Option<SearchInfo>,
    root: Vec<RootStat>,
}

impl TimeEngine {
    /// A player with this configuration (level, playouts or seconds per move, resigning).
    /// It searches with one thread whatever `threads` says.
    pub fn new(config: crate::EngineConfig) -> TimeEngine {
        TimeEngine {
            config,
            time_moves: true,
            seed: 0x71AE_6000,
            last: None,
            root: Vec::new(),
        }
    }

    /// The same player restricted to placements and passes, for both sides in its search (a
    /// plain Go player inside TimeGo; the baseline of the benchmarks).
    pub fn placements_only(mut self) -> TimeEngine {
        self.time_moves = false;
        self
    }

    /// Whether the player uses time moves and Lock.
    pub fn uses_time_moves(&self) -> bool {
        self.time_moves
    }

    /// The same player with another random seed.
    pub fn with_seed(mut self, seed: u64) -> TimeEngine {
        self.seed = seed;
        self
    }

    /// The configuration.
    pub fn config(&self) -> &crate::EngineConfig {
        &self.config
    }

    /// Changes the configuration.
    pub fn set_config(&mut self, config: crate::EngineConfig) {
        self.config = config;
    }

    /// What the last search did.
    pub fn last_search(&self) -> Option<SearchInfo> {
        self.last
    }

    /// The root actions of the last search, most visited first (empty when the last call did
    /// not search).
    pub fn last_root(&self) -> &[RootStat] {
        &self.root
    }

    /// Chooses an action for the side to move. Always legal; `Pass` when the game is over.
    pub fn genmove(&mut self, game: &TimeGame, clock: Option<Clock>) -> TimeMove {
        self.genmove_with(game, clock, &SearchControl::default())
    }

    /// [`TimeEngine::genmove`] with a cancel flag and a progress callback.
    pub fn genmove_with(
        &mut self,
        game: &TimeGame,
        clock: Option<Clock>,
        control: &SearchControl,
    ) -> TimeMove {
        self.last = None;
        self.root.clear();
        if game.phase() != Phase::Playing {
            return TimeMove::Pass;
        }
        let me = game.to_move();
        let wins_now = count_wins(game, me);
        if game.consecutive_passes() == 1 && wins_now {
            // Passing back ends the game, and the count wins.
            return TimeMove::Pass;
        }
        let lv = levels::level(self.config.level);
        let empties = game.board().points().count() - game.board().stones().count();
        let time_limit = crate::time::move_time(self.config.seconds_per_move, clock, empties);
        let playouts = match (self.config.playouts, self.config.seconds_per_move) {
            (Some(n), _) => n.max(1),
            (None, Some(s)) if s.is_finite() && s > 0.0 => u32::MAX / 2,
            _ => lv.playouts,
        };
        let seed = self.seed
            ^ game.board().hash()
            ^ (game.turns().len() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let params = Params {
            playouts,
            time_limit,
            // TimeGo keeps the playouts it was measured with (no whole-board scan for
            // chains short of liberties; only Go was measured with it).
            policy: match lv.policy {
                Policy::Heavy => Policy::HeavyLocal,
                p => p,
            },
            komi_halves: game.rules().komi.halves(),
            seed,
            time_moves: self.time_moves,
            root_pass: wins_now,
        };
        let mut tree = Tree::new();
        let stats = search::search(game, &mut tree, &params, control);
        let ranked = tree.ranked(0);
        let winrate = ranked.first().map_or(0.5, |&c| tree.nodes[c].winrate());
        self.last = Some(SearchInfo {
            playouts: stats.playouts,
            seconds: stats.elapsed.as_secs_f64(),
            winrate,
            reused_tree: false,
            kept_playouts: 0,
            nodes: tree.nodes.len(),
            score: stats.mean_score,
            komi_shift: 0,
            looked_again: false,
            replaced: None,
            value_prior: 0.0,
            value_mix: 0.0,
            move_prior: 0.0,
            wide_depth: 0,
            score_weight: 0.0,
        });
        self.root = ranked
            .iter()
            .map(|&c| {
                let n = &tree.nodes[c];
                RootStat {
                    action: n.act.to_move(),
                    visits: n.visits as u32,
                    winrate: n.winrate(),
                    prior: if n.prior_n > 0.0 {
                        n.prior_w / n.prior_n
                    } else {
                        0.5
                    },
                }
            })
            .collect();
        let Some(&best) = ranked.first() else {
            // Nothing but a pass the search may not take: only reachable with no legal
            // placement, no time move and nothing to lock.
            return TimeMove::Pass;
        };
        let trusted = stats.playouts >= TRUSTED_AFTER;
        if self.config.allow_resign && trusted && winrate < RESIGN_BELOW {
            return TimeMove::Resign;
        }
        if game.consecutive_passes() == 1 && trusted && winrate < LOST_BELOW {
            // Lost whatever happens: end the game rather than play on.
            return TimeMove::Pass;
        }
        let mut chosen = best;
        if lv.temperature > 0.0 {
            chosen = sample(&tree, &ranked, lv.temperature, seed).unwrap_or(best);
        }
        if tree.nodes[chosen].act == act::Act::Pass {
            let pass_holds = tree.nodes[chosen].winrate() >= 0.5 && {
                let sign = if me == tengen_rules::Color::Black {
                    1.0
                } else {
                    -1.0
                };
                stats.mean_score * sign > 0.0
            };
            if !(wins_now && pass_holds) {
                match ranked
                    .iter()
                    .find(|&&c| tree.nodes[c].act != act::Act::Pass)
                {
                    Some(&c) => chosen = c,
                    None if wins_now => {}
                    None => return TimeMove::Pass,
                }
            }
        }
        tree.nodes[chosen].act.to_move()
    }
}

/// A root child sampled in proportion to visits^(1/temperature), never a pass unless the pass
/// is the most visited child.
fn sample(tree: &Tree, ranked: &[usize], temperature: f32, seed: u64) -> Option<usize> {
    let best_is_pass = ranked
        .first()
        .is_some_and(|&c| tree.nodes[c].act == act::Act::Pass);
    let weights: Vec<(usize, f64)> = ranked
        .iter()
        .filter(|&&c| best_is_pass || tree.nodes[c].act != act::Act::Pass)
        .map(|&c| {
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
    let mut x = crate::rng::FastRng::new(seed ^ 0x5A5A).unit() * total;
    for &(c, w) in &weights {
        if x < w {
            return Some(c);
        }
        x -= w;
    }
    weights.last().map(|&(c, _)| c)
}
