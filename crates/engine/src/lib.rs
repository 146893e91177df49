//! The computer player: a fast playout board, Monte-Carlo tree search with RAVE and priors,
//! heavy playouts, tree reuse, multi-threaded search, time management, strength levels and
//! dead-stone estimation (playout ownership + Benson pass-alive analysis + seki).
//!
//! The public surface is [`Engine`] ([`Engine::genmove`], [`Engine::estimate`]) and its
//! [`EngineConfig`]; the modules below are public for benchmarks and tools.

#![warn(missing_docs)]

pub mod adapt;
pub mod balance;
pub(crate) mod behind;
pub(crate) mod benson;
pub mod board;
pub(crate) mod bounded;
pub(crate) mod choice;
pub(crate) mod criticality;
pub(crate) mod dynkomi;
pub mod estimate;
pub(crate) mod eyes;
pub mod features;
pub mod gamma;
pub(crate) mod guard;
pub(crate) mod ladder;
pub mod levels;
pub mod life;
pub(crate) mod life_prior;
pub(crate) mod nakade;
pub(crate) mod pattern;
pub mod policy;
pub(crate) mod ponder;
pub(crate) mod prior;
pub(crate) mod reading;
pub(crate) mod reply;
pub mod rng;
pub(crate) mod sacrifice;
pub(crate) mod search;
pub(crate) mod second_look;
pub mod spatial;
pub(crate) mod standoff;
pub(crate) mod tactical_prior;
pub(crate) mod tactics;
pub(crate) mod time;
pub mod timego;
pub(crate) mod tree;
pub mod value;

use board::{PlayoutBoard, PASS};
use policy::Policy;
use search::SearchParams;
use std::collections::BTreeSet;
use tengen_rules::{Color, Game, Phase, Point};
use tree::Tree;

pub use levels::{level_description, level_kyu, MAX_LEVEL, MIN_LEVEL};
pub use ponder::{Pondered, PONDER_PLAYOUTS};
pub use search::{Progress, ProgressFn, SearchControl};

/// The playout budget of a search that only the time stops.
const UNLIMITED_PLAYOUTS: u32 = u32::MAX / 2;

/// How hard the engine thinks.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EngineConfig {
    /// Strength level 1 (beginner) ..= 10 (full engine); sets the playout budget. At level 10
    /// a [`Clock`] given to [`Engine::genmove`] replaces the budget: the search uses the
    /// clock's share for the move.
    pub level: u8,
    /// Overrides the level's playouts per move.
    pub playouts: Option<u32>,
    /// Search threads.
    pub threads: usize,
    /// Overrides the budget with seconds per move.
    pub seconds_per_move: Option<f64>,
    /// Whether the engine may resign hopeless games.
    pub allow_resign: bool,
    /// Whether the search's playouts use the last good reply with forgetting (LGRF-2). Off by
    /// default: it lost an A/B match against the engine without it (docs/ENGINE.md, "Last
    /// good reply"). The dead-stone estimator's playouts never use it.
    pub last_good_reply: bool,
    /// The learning rate of adaptive playouts (module `adapt`: the random step of the search's
    /// playouts prefers the points that won in this search's earlier playouts); 0, the
    /// default, leaves it uniform: it won no more games at equal time (docs/ENGINE.md,
    /// "Adaptive playouts").
    pub adaptive_playouts: f32,
    /// Whether the search's heavy playouts on boards up to 11×11 also look over the whole
    /// board for chains short of liberties (`Policy::Heavy`; without it, the policy that
    /// `playout_shapes` names). Off by default: it makes the playouts judge lost capturing races right, but it costs a
    /// third of the playout speed and did not win more games at equal playouts
    /// (docs/ENGINE.md, "Collapses").
    pub liberty_scan: bool,
    /// Weight of the final score in each playout's result (0 = win or loss only): the result
    /// is `(1 - w)·win + w·s`, with `s` the margin mapped linearly from losing everything (0)
    /// to winning everything (1). A little of it makes the search keep a lead and lose by as
    /// little as it can instead of throwing stones into a lost fight (docs/ENGINE.md, "Score
    /// term"). `None` (the default): [`default_score_weight`], 0.2 in a 9×9 search by time
    /// and 0.1 elsewhere.
    pub score_weight: Option<f32>,
    /// [`EngineConfig::score_weight`] in a game the engine has found lost (while
    /// `behind_komi` shifts the komi). 1 by default: the search then plays for the best
    /// expected margin, keeping its groups instead of gambling them on a win it no longer
    /// expects; on the lost-games protocol it lost the games lost either way by 8 points a game
    /// less than 0.1, with half the whole-board losses (docs/ENGINE.md, "Behind").
    pub lost_score_weight: f32,
    /// Whether the tree's priors favour, anywhere on a board up to 11×11, the moves on chains
    /// short of liberties (extending an own chain with two liberties, attacking an opponent
    /// one that cannot get three, capturing one in atari), so that the search reads capturing
    /// races away from the last move. Off by default: it won no more games, at equal playouts
    /// or against GNU Go (docs/ENGINE.md, "Race priors").
    pub race_priors: bool,
    /// Whether a move played on a clock in main time may think on past its share (up to
    /// twice it) while the search is unsure: the best move by visits is not the best by win
    /// rate, or it is behind but not lost. Off by default: at time parity against GNU Go it
    /// won 90 of 100 games against 93 without it (docs/ENGINE.md, "Time extension").
    pub extend_time: bool,
    /// Virtual visits of the learned move model's prior for each new tree node (0 = off): a
    /// move gets `k` visits at a win rate of `√r / (1 + √r)`, where `r` is its learned
    /// strength (`gamma`, the 9×9 table up to 11×11, the 19×19 one above) over the mean
    /// strength of the position's moves. 30 by default: at equal playouts it won 74 of 100
    /// games on 9×9 and 34 of 40 on 19×19 against the engine without it (docs/ENGINE.md,
    /// "Learned patterns").
    pub pattern_prior: f32,
    /// How the search's playouts (without `liberty_scan`) pick their 3×3 shape answer around
    /// the last move. `BySize` by default: `Weighted` on 12×12 and larger, where it won its A/B
    /// match on 19×19, the hand-made patterns below, where it won 134 of 260 at equal time on
    /// 9×9 (docs/ENGINE.md, "Learned patterns"); `Balanced` won 100 of 200 at equal time on
    /// 9×9 (docs/ENGINE.md, "Simulation balancing").
    pub playout_shapes: PlayoutShapes,
    /// Virtual visits of the criticality prior for each new tree node (0 = off): a move on a
    /// point whose owner at the end of the search's playouts tends to win them (criticality
    /// 0.1 or more, module `criticality`) gets `k` visits at a win rate of `0.5 + criticality`
    /// (at most 1). Off by default: at equal playouts it won 102 of 200 games against the
    /// engine without it (docs/ENGINE.md, "Criticality").
    pub criticality: f32,
    /// The tree's RAVE equivalence: about how many real visits of a move weigh as much as its
    /// AMAF statistics. `None` (the default): 1 000 on boards up to 11×11, where it won 115 of
    /// 200 games at equal playouts against 3 000, and 3 000 above, where it won no more
    /// (docs/ENGINE.md, "RAVE equivalence").
    pub rave_equiv: Option<f32>,
    /// How much less the tree's AMAF statistics count a move first played at the end of an
    /// iteration than one played at once (the weight falls linearly from 1 to `1 - decay`
    /// along the iteration, after Fuego's weighted RAVE updates). 0 by default, plain AMAF: on 9×9 at
    /// equal playouts 0.5 won 204 of 400 games against it and 0.8 62 of 145 (docs/ENGINE.md,
    /// "AMAF decay").
    pub amaf_decay: f32,
    /// The tree's exploration coefficient `c` of `c·√(ln N / n)`. 0.02 by default: 0 won 46 of
    /// 100 games at equal playouts against it (docs/ENGINE.md, "RAVE equivalence").
    pub exploration: f32,
    /// Whether, once a search finds the game clearly lost (win rate under 0.2 at the real
    /// komi), the next searches count with komi shifted towards the engine by about the points
    /// it expects to lose, so that it plays for the smallest loss instead of throwing stones
    /// into the opponent's area (module `behind`, docs/ENGINE.md, "Behind"). On by default.
    pub behind_komi: bool,
    /// How many times the first search's budget a bimodal search of the full engine (level
    /// 10) may use in all (0 or 1: off): a search that rates the game open (win rate 0.2–0.5)
    /// while its playouts' mean says the engine is 10 or more points behind searches again on
    /// the same tree, with `factor - 1` times the playouts and, on a clock in main time, the
    /// move's share (at most 15% of the time left). 4 by default: on the lost-games protocol
    /// it won 99 of 160 games against 90 (module `second_look`, docs/ENGINE.md, "Second
    /// look"); fixed seconds per move and byo-yomi are never extended.
    pub second_look: u32,
    /// Whether the search's move is read tactically before it is played: when another
    /// searched move (not much worse by the search) comes out four stones better by capture
    /// reading — own chains of four or more left to be captured, opponent ones that can no
    /// longer be saved — that move is played (module `guard`). Off by default: on the lost-games protocol it won 101
    /// of 160 games against 99 without it, five won only with it and three only without
    /// (docs/ENGINE.md, "Tactical check").
    pub tactical_check: bool,
    /// Depth of the tree nodes whose children get the tactical priors: the moves that capture
    /// or save a chain of three liberties or fewer whose fate depends on who moves first, read
    /// to the end (module `tactical_prior`). 0: off; 1: the root's moves only; 2: the root's
    /// and the replies to them. Off by default: at depth 2 it won 99 and 98 of 200 against
    /// itself without them at equal playouts, and 104 of 160 against 102 on the lost-games
    /// protocol against GNU Go (docs/ENGINE.md, "Tactical priors").
    pub tactical_priors: u8,
    /// Whether the root's moves get the life priors: the moves that decide the life of a
    /// group of five stones or more whose fate depends on who moves first, read by a bounded
    /// life-and-death search (modules `life`, `life_prior`). Off by default (docs/ENGINE.md,
    /// "Life priors").
    pub life_priors: bool,
    /// Virtual visits the learned evaluation (module `value`) gives each node of the search
    /// tree when it is expanded, at the network's win chance; 0 is off. Only on 9×9 while the
    /// search counts with komi 7.5, the games it was fitted on. `None` (the default): 20 in a
    /// search by time on a processor with AVX2 and FMA, where it won 199 of 360 games at equal
    /// time against none, and off at the levels' fixed budgets, which their ranks were
    /// measured without (docs/ENGINE.md, "Learned evaluation").
    pub value_prior: Option<f32>,
    /// The deepest nodes of the search tree that get the learned evaluation's prior (the
    /// root's moves are at depth 1).
    pub value_depth: u8,
    /// The real visits at which a node gets the learned evaluation's prior; 0, the default,
    /// when it is expanded.
    pub value_visits: f32,
    /// The learned evaluation's share, 0 to 1, of each search iteration's result: the result
    /// backed up the path is `(1 - mix) * playout + mix * network`, the network's chance at
    /// the deepest valued node on the path (AlphaGo's mixed evaluation). It needs the
    /// network's prior ([`EngineConfig::value_prior`]), whose valuations it reuses; 0 is off.
    /// `None` (the default): [`value::TIMED_VALUE_MIX`] (0.25) in a search by time on a
    /// processor with AVX2 and FMA, where it won at equal time and halved the losses by more
    /// than 20 points, and off at the levels' fixed budgets (docs/ENGINE.md, "The mix,
    /// again").
    pub value_mix: Option<f32>,
    /// The learned move prior: each child of a new node of the search tree gets this many
    /// times the move head's chance of GNU Go playing its move as virtual visits, all won; 0
    /// is off. Only on 9×9, where the network has a move head. `None` (the default):
    /// [`value::TIMED_MOVE_PRIOR`] (50) in a search by time on a processor with AVX2 and FMA,
    /// where it won at equal time, and off at the levels' fixed budgets (docs/ENGINE.md,
    /// "Learned moves").
    pub move_prior: Option<f32>,
    /// Nodes of the search tree shallower than this (the root is 0) are valued, and their
    /// children given the learned move prior, by the wide network (32 channels) instead of the
    /// shipped one (16); 0 is none. Only on 9×9, where those priors are on. `None` (the
    /// default): [`value::TIMED_WIDE_DEPTH`] (4) where the priors are on by default (a
    /// search by time and the top level, on a processor with AVX2 and FMA), where it won at
    /// equal time, and 0 at the lower levels' fixed budgets (docs/ENGINE.md, "The wide network
    /// near the root").
    pub wide_depth: Option<u8>,
    /// Real visits a leaf of the search tree needs before it is expanded (at least 1).
    /// `None` (the default): 4 for a search by time (seconds per move, or a clock at level 10
    /// without `playouts`) on boards up to 11×11, where it won 117 of 200 games at equal time
    /// against 2, and 2 otherwise, which the levels' fixed budgets were measured with
    /// (docs/ENGINE.md, "Expansion threshold").
    pub expand_at: Option<f32>,
}

/// How the playouts pick their 3×3 shape answer around the last move
/// ([`EngineConfig::playout_shapes`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PlayoutShapes {
    /// [`PlayoutShapes::Weighted`] on boards of 12×12 and larger (measured on 19×19),
    /// [`PlayoutShapes::Patterns`] on smaller ones (the default).
    #[default]
    BySize,
    /// Uniformly among the points matching the hand-made (MoGo) patterns.
    Patterns,
    /// Among the same points, in proportion to their learned shape gammas.
    Weighted,
    /// Among the points whose learned shape gamma is at least 2, in proportion to it.
    Learned,
    /// The balanced policy (module `balance`): its chances of trying each step, and a draw
    /// among the hand-made patterns' matches or elsewhere, fitted by simulation balancing.
    Balanced,
}

/// The default [`EngineConfig::pattern_prior`].
pub const DEFAULT_PATTERN_PRIOR: f32 = 30.0;

/// The default [`EngineConfig::exploration`].
pub const DEFAULT_EXPLORATION: f32 = 0.02;

/// The default [`EngineConfig::second_look`].
pub const DEFAULT_SECOND_LOOK: u32 = 4;

/// [`EngineConfig::score_weight`] unless the engine is told another, outside a 9×9 search by
/// time: the levels' fixed budgets (their ranks were measured with it) and larger boards.
pub const DEFAULT_SCORE_WEIGHT: f32 = 0.1;

/// [`EngineConfig::score_weight`] in a 9×9 search by time unless the engine is told another:
/// 0.2 since 2026-12-05, which won 217 of 400 games against 0.1 at equal time and lost 20
/// by more than 20 points against 43 (docs/ENGINE.md, "Score term").
pub const TIMED_SCORE_WEIGHT: f32 = 0.2;

/// The score term's weight the engine uses unless told another: [`TIMED_SCORE_WEIGHT`] in a
/// search by time on the board it was measured on (9×9), [`DEFAULT_SCORE_WEIGHT`] elsewhere.
pub fn default_score_weight(board_size: usize, by_time: bool) -> f32 {
    if by_time && board_size == value::VALUE_BOARD {
        TIMED_SCORE_WEIGHT
    } else {
        DEFAULT_SCORE_WEIGHT
    }
}

/// The default [`EngineConfig::lost_score_weight`].
pub const DEFAULT_LOST_SCORE_WEIGHT: f32 = 1.0;

impl Default for EngineConfig {
    fn default() -> EngineConfig {
        EngineConfig {
            level: 10,
            playouts: None,
            threads: 1,
            seconds_per_move: None,
            allow_resign: false,
            last_good_reply: false,
            adaptive_playouts: 0.0,
            liberty_scan: false,
            score_weight: None,
            lost_score_weight: DEFAULT_LOST_SCORE_WEIGHT,
            race_priors: false,
            extend_time: false,
            pattern_prior: DEFAULT_PATTERN_PRIOR,
            playout_shapes: PlayoutShapes::BySize,
            criticality: 0.0,
            rave_equiv: None,
            amaf_decay: 0.0,
            exploration: DEFAULT_EXPLORATION,
            behind_komi: true,
            second_look: DEFAULT_SECOND_LOOK,
            tactical_check: false,
            tactical_priors: 0,
            life_priors: false,
            value_prior: None,
            value_depth: 255,
            value_visits: 0.0,
            value_mix: None,
            move_prior: None,
            wide_depth: None,
            expand_at: None,
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

/// Remaining time for the side to move (GTP `time_left`), and the byo-yomi that follows the
/// main time (GTP `time_settings`).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Clock {
    /// Seconds left in the current period (main time, or the byo-yomi period).
    pub seconds: f64,
    /// Stones left in the byo-yomi period (0: main time).
    pub stones: u32,
    /// Seconds of each byo-yomi period after the main time (0: none, sudden death).
    pub byo_yomi_seconds: f64,
    /// Stones to play in each byo-yomi period (0: none).
    pub byo_yomi_stones: u32,
}

impl Clock {
    /// A clock in main time with no byo-yomi after it (sudden death).
    pub fn main_time(seconds: f64) -> Clock {
        Clock {
            seconds,
            ..Clock::default()
        }
    }

    /// A clock in a byo-yomi period: `seconds` left for `stones` stones.
    pub fn byo_yomi(seconds: f64, stones: u32) -> Clock {
        Clock {
            seconds,
            stones,
            byo_yomi_seconds: seconds,
            byo_yomi_stones: stones,
        }
    }
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
    /// Playouts the reused tree already held through the position searched (0 for a new
    /// tree): the earlier search's through the opponent's reply, and pondering's.
    pub kept_playouts: u32,
    /// Nodes in the search tree afterwards.
    pub nodes: usize,
    /// Mean final area score of the search's playouts, Black minus White, komi included
    /// (dynamic komi in a handicap game, never the shift of a lost game).
    pub score: f32,
    /// Points of komi the search counted towards the engine because the game was lost
    /// ([`EngineConfig::behind_komi`]); 0 in a game that is not. `winrate` is then the share
    /// of all the search's playouts won at the real komi.
    pub komi_shift: i32,
    /// Whether the search was bimodal and searched again ([`EngineConfig::second_look`]);
    /// `playouts` and `seconds` count both searches.
    pub looked_again: bool,
    /// The search's move when the tactical check replaced it ([`EngineConfig::tactical_check`]).
    pub replaced: Option<Point>,
    /// Virtual visits of the learned evaluation's prior the search gave its new nodes
    /// ([`EngineConfig::value_prior`]); 0 when it had none.
    pub value_prior: f32,
    /// The learned evaluation's share of each iteration's result ([`EngineConfig::value_mix`]);
    /// 0 when it had none.
    pub value_mix: f32,
    /// Weight of the learned move prior the search gave its new nodes' children (each got
    /// that many times GNU Go's chance of its move as won visits, [`EngineConfig::move_prior`]);
    /// 0 when it had none.
    pub move_prior: f32,
    /// Depth of the search tree above which the wide network valued the nodes
    /// ([`EngineConfig::wide_depth`]); 0 when it valued none.
    pub wide_depth: u8,
    /// Weight of the margin in the search's playout results ([`EngineConfig::score_weight`],
    /// or [`EngineConfig::lost_score_weight`] in a game found lost); 0 in TimeGo, whose
    /// playouts count the win alone.
    pub score_weight: f32,
}

/// The last search's tree, kept so that the next search (or pondering) starts from it.
#[derive(Debug, Clone)]
struct Saved {
    tree: Tree,
    /// The engine's move at the tree's root, still to be descended; `None` once pondering has
    /// re-rooted the tree at the position after it (module `ponder`).
    chosen: Option<usize>,
    komi_halves: i32,
    /// The search's settings, which pondering searches the opponent's turn with.
    params: SearchParams,
}

/// A computer player.
#[derive(Debug, Clone)]
pub struct Engine {
    config: EngineConfig,
    seed: u64,
    saved: Option<Saved>,
    last: Option<SearchInfo>,
    /// The komi shift for each color's next search, in points towards it (module `behind`),
    /// indexed by `Color::index`.
    behind: [i32; 2],
}

impl Engine {
    /// An engine with this configuration.
    pub fn new(config: EngineConfig) -> Engine {
        Engine {
            config,
            seed: 0x7E46_E11D,
            saved: None,
            last: None,
            behind: [0; 2],
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
        self.behind = [0; 2];
    }

    /// Starts a new game with its own random seed: the tree is forgotten and the searches and
    /// the choice among nearly equal moves follow `seed`, so two games differ even when the
    /// opponent repeats itself (a seed per game, not per process).
    pub fn new_game(&mut self, seed: u64) {
        self.saved = None;
        self.behind = [0; 2];
        self.seed = seed;
    }

    /// The random seed of the current game.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// About how many bytes the tree kept for reuse holds: its nodes (a level-10 search on
    /// 19 × 19 keeps about 30 MB); 0 when none is kept. Callers that keep many engines bound
    /// their memory with it.
    pub fn kept_bytes(&self) -> usize {
        self.saved.as_ref().map_or(0, |saved| {
            saved.tree.len() * std::mem::size_of::<tree::Node>()
        })
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
        let (count_komi_halves, shift, komi_halves) = self.search_komi(game, color);
        let allow = |m: usize| game.is_legal(root.point(m));
        let (mut tree, reused, pondered) = match self.reuse(&root, game, komi_halves, &allow) {
            Some((t, pondered)) => (t, true, pondered),
            None => (Tree::new(root.clone()), false, false),
        };
        let kept_playouts = if reused {
            tree.node(0).visits() as u32
        } else {
            0
        };
        tree.race_priors = self.config.race_priors;
        tree.tactical_depth = self.config.tactical_priors;
        tree.life_priors = self.config.life_priors;
        tree.value_depth = self.config.value_depth;
        tree.value_visits = self.config.value_visits;
        tree.pattern_prior = self.config.pattern_prior;
        tree.set_criticality(self.config.criticality);
        tree.set_selection(self.config.rave_equiv, self.config.exploration);
        tree.set_amaf_decay(self.config.amaf_decay);
        let lv = levels::level(self.config.level);
        let time_limit = time::move_time(self.config.seconds_per_move, clock, root.empties().len());
        // The full engine searches by the clock when the player gives it one (GTP
        // `time_settings`); lower levels keep their fixed budgets, capped by the clock.
        let clock_limits = time::move_time(None, clock, root.empties().len()).is_some();
        let time_extension = if self.config.extend_time {
            time::extended_time(self.config.seconds_per_move, clock, time_limit)
        } else {
            None
        };
        let playouts = match (self.config.playouts, self.config.seconds_per_move) {
            (Some(n), _) => n.max(1),
            (None, Some(s)) if s.is_finite() && s > 0.0 => UNLIMITED_PLAYOUTS,
            (None, None) if clock_limits && self.config.level >= MAX_LEVEL => UNLIMITED_PLAYOUTS,
            _ => lv.playouts,
        };
        let by_time = playouts == UNLIMITED_PLAYOUTS;
        // The learned evaluation's defaults: in a search by time, where they won at equal
        // time, and at the top level's own budget, the strongest level on the web (with them
        // it won 71 of 100 against the same budget without; docs/ENGINE.md, "Learned
        // evaluation"). The lower levels keep the budgets their ranks were measured with.
        let full_strength =
            by_time || (self.config.level >= MAX_LEVEL && self.config.playouts.is_none());
        // The network judges at the komi it was fitted with: not when the search counts with
        // another (a handicap game's dynamic komi, a lost game's shifted komi).
        let board_size = game.board().size() as usize;
        tree.value_prior =
            if board_size == value::VALUE_BOARD && komi_halves == value::FITTED_KOMI_HALVES {
                self.config
                    .value_prior
                    .unwrap_or_else(|| value::default_prior(full_strength))
            } else {
                0.0
            };
        // The mix reuses the prior's valuations, so it is on only where they are made (a
        // reused tree's values from another komi are not mixed in).
        tree.value_mix = if tree.value_prior > 0.0 {
            self.config
                .value_mix
                .unwrap_or_else(|| value::default_value_mix(full_strength))
        } else {
            0.0
        };
        tree.move_prior =
            if board_size == value::VALUE_BOARD && value::ValueNet::shipped().has_moves() {
                self.config
                    .move_prior
                    .unwrap_or_else(|| value::default_move_prior(full_strength))
            } else {
                0.0
            };
        // The wide network stands in for the shipped one, so only where that one is used.
        tree.wide_depth = if tree.value_prior > 0.0 || tree.move_prior > 0.0 {
            self.config
                .wide_depth
                .unwrap_or_else(|| value::default_wide_depth(full_strength))
        } else {
            0
        };
        tree.set_expand_at(
            self.config
                .expand_at
                .unwrap_or_else(|| tree::default_expand_at(board_size, by_time)),
        );
        let seed = self.seed
            ^ game.board().hash()
            ^ (game.move_number() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let params = SearchParams {
            playouts,
            time_limit,
            time_extension,
            threads: self.config.threads.max(1),
            policy: if lv.policy == Policy::Heavy && !self.config.liberty_scan {
                match self.config.playout_shapes {
                    // The 19×19 table's boards, where it won; on 9×9 it did not (docs/ENGINE.md).
                    PlayoutShapes::BySize if game.board().size() as usize > gamma::SMALL_BOARD => {
                        Policy::HeavyWeighted
                    }
                    PlayoutShapes::BySize | PlayoutShapes::Patterns => Policy::HeavyLocal,
                    PlayoutShapes::Weighted => Policy::HeavyWeighted,
                    PlayoutShapes::Learned => Policy::HeavyLearned,
                    PlayoutShapes::Balanced => Policy::HeavyBalanced,
                }
            } else {
                lv.policy
            },
            last_good_reply: self.config.last_good_reply,
            adaptive_rate: self.config.adaptive_playouts,
            komi_halves,
            count_komi_halves,
            score_weight: if shift != 0 {
                self.config.lost_score_weight
            } else {
                self.config
                    .score_weight
                    .unwrap_or_else(|| default_score_weight(board_size, by_time))
            }
            .clamp(0.0, 1.0),
            lead_counts_kept_visits: !pondered,
            seed,
        };
        let (mut tree, mut stats) = search::search(tree, &params, &allow, control);
        let mut looked_again = false;
        if shift == 0 && self.config.level >= MAX_LEVEL && !cancelled(control) {
            let winrate = tree.best_child(0).map_or(0.5, |c| tree.node(c).winrate());
            let clock_share = time_limit.filter(|_| clock_limits);
            let fixed_seconds = self
                .config
                .seconds_per_move
                .is_some_and(|s| s.is_finite() && s > 0.0);
            let first = second_look::First {
                params: &params,
                stats: &stats,
                winrate,
                color,
            };
            if let Some(again) =
                first.again(self.config.second_look, fixed_seconds, clock, clock_share)
            {
                let (deeper, more_stats) = search::search(tree, &again, &allow, control);
                tree = deeper;
                stats = second_look::merge(stats, more_stats);
                looked_again = true;
            }
        }
        let black_rate = stats.black_wins_at_count as f32 / stats.playouts.max(1) as f32;
        let real_winrate = if color == Color::Black {
            black_rate
        } else {
            1.0 - black_rate
        };
        // The playouts' mean area score at the real komi, Black minus White.
        let real_score = stats.mean_score + (komi_halves - count_komi_halves) as f32 / 2.0;
        let margin = if color == Color::Black {
            real_score
        } else {
            -real_score
        };
        let searched_winrate = tree.best_child(0).map_or(0.5, |c| tree.node(c).winrate());
        self.behind[color.index()] = if self.config.behind_komi {
            behind::next_shift(shift, real_winrate, margin, searched_winrate)
        } else {
            0
        };
        let choice = choice::choose(
            &tree,
            &stats,
            &choice::Context {
                game,
                color,
                temperature: lv.temperature,
                seed,
                cleanup,
                allow_resign: self.config.allow_resign,
                real_winrate: (shift != 0).then_some(real_winrate),
                tactical_check: self.config.tactical_check,
            },
        );
        let winrate = if shift != 0 {
            real_winrate
        } else {
            searched_winrate
        };
        self.last = Some(SearchInfo {
            playouts: stats.playouts,
            seconds: stats.elapsed.as_secs_f64(),
            winrate,
            reused_tree: reused,
            kept_playouts,
            nodes: tree.len(),
            score: real_score,
            komi_shift: shift,
            looked_again,
            replaced: choice.replaced,
            value_prior: tree.value_prior,
            value_mix: tree.value_mix,
            move_prior: tree.move_prior,
            wide_depth: tree.wide_depth,
            score_weight: params.score_weight,
        });
        let choice = choice.mv;
        self.saved = match choice {
            EngineMove::Place(p) => Some(Saved {
                chosen: Some(tree.root_board.index(p)),
                tree,
                komi_halves,
                params,
            }),
            _ => None,
        };
        choice
    }

    /// The komi a search for `color` in `game` counts with, in half points: the real count's
    /// (with dynamic komi in handicap games), the shift of a lost game towards the engine
    /// (module `behind`, in points) and the komi with the shift, which the search uses;
    /// passing uses the real count.
    fn search_komi(&self, game: &Game, color: Color) -> (i32, i32, i32) {
        let count_komi_halves = game.rules().komi.halves() + dynkomi::extra_komi_halves(game);
        let shift = if self.config.behind_komi {
            self.behind[color.index()]
        } else {
            0
        };
        let towards_engine = if color == Color::White { 1 } else { -1 };
        (
            count_komi_halves,
            shift,
            count_komi_halves + towards_engine * 2 * shift,
        )
    }

    /// The kept tree re-rooted at the current position, when the game went on from the last
    /// search through the chosen move (unless pondering already descended it) and one
    /// opponent move; the flag says whether the tree was pondered.
    fn reuse(
        &mut self,
        root: &PlayoutBoard,
        game: &Game,
        komi_halves: i32,
        allow: &dyn Fn(usize) -> bool,
    ) -> Option<(Tree, bool)> {
        let saved = self.saved.take()?;
        if saved.komi_halves != komi_halves {
            return None;
        }
        let reply = game.last_move()?.point?;
        let mut b = saved.tree.root_board.clone();
        let mut after_chosen = 0;
        if let Some(chosen) = saved.chosen {
            if !b.is_legal(chosen, b.to_move()) {
                return None;
            }
            b.play(chosen);
            after_chosen = saved.tree.child_with_move(0, chosen)?;
        }
        let reply = b.index(reply);
        if !b.is_legal(reply, b.to_move()) {
            return None;
        }
        b.play(reply);
        if !b.same_stones(root) || b.to_move() != root.to_move() {
            return None;
        }
        let c2 = saved.tree.child_with_move(after_chosen, reply)?;
        Some((
            saved.tree.reroot(c2, root.clone(), allow),
            saved.chosen.is_none(),
        ))
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

/// Whether the caller cancelled the search ([`SearchControl::cancel`]).
fn cancelled(control: &SearchControl) -> bool {
    control
        .cancel
        .as_ref()
        .is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed))
}
