//! The computer player (interface stub; the engine issue fills in playouts, MCTS and
//! dead-stone estimation behind these same signatures).

use std::collections::BTreeSet;
use tengen_rules::{Color, Game, Point};

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

/// A computer player.
#[derive(Debug, Clone)]
pub struct Engine {
    config: EngineConfig,
}

impl Engine {
    /// An engine with this configuration.
    pub fn new(config: EngineConfig) -> Engine {
        Engine { config }
    }

    /// The configuration.
    pub fn config(&self) -> &EngineConfig {
        &self.config
    }

    /// Chooses a move for `color` in `game` (stub: the first legal point, else pass).
    pub fn genmove(&mut self, game: &Game, color: Color, _clock: Option<Clock>) -> EngineMove {
        if game.to_move() != color {
            return EngineMove::Pass;
        }
        game.board()
            .points()
            .find(|&p| game.is_legal(p))
            .map(EngineMove::Place)
            .unwrap_or(EngineMove::Pass)
    }

    /// Estimates dead stones and ownership of the current position (stub: none dead).
    pub fn estimate(&self, game: &Game) -> Estimate {
        let n = game.board().size() as usize;
        Estimate {
            dead: BTreeSet::new(),
            ownership: vec![0.0; n * n],
            score: 0.0,
        }
    }
}
