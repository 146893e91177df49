//! The computer player on the server: engine calls run on tokio's blocking pool, at most one per
//! core at a time, with a bounded queue so a burst of requests never blocks the server. The
//! engines of recent games are kept ([`engines`]) so the computer's next move in a game reuses
//! its search tree.

pub mod engines;

use crate::http::error::ApiError;
use engines::{EngineCache, GameKey, ENGINE_CACHE_CAPACITY};
use std::collections::hash_map::DefaultHasher;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use tengen_engine::timego::TimeEngine;
use tengen_engine::{
    levels, Engine, EngineConfig, EngineMove, Estimate, Progress, ProgressFn, SearchControl,
    SearchInfo,
};
use tengen_rules::{Action, AnyGame, Color, Game, Point, Record, TimeGame};
use tokio::sync::{OwnedSemaphorePermit, Semaphore, TryAcquireError};

/// The lowest and highest strength levels offered to players.
pub const LEVELS: std::ops::RangeInclusive<u8> = 1..=10;

/// How many estimates of review positions are remembered.
const CACHE_CAPACITY: usize = 512;

/// Runs engine work off the async threads, bounded by a semaphore.
#[derive(Debug)]
pub struct ComputerPool {
    permits: Arc<Semaphore>,
    concurrent: usize,
    waiting: Arc<AtomicUsize>,
    max_waiting: usize,
    suggestions: Mutex<HashMap<u64, Vec<Point>>>,
    engines: Arc<EngineCache>,
}

/// Decrements the waiting count when a queued request is served or dropped.
#[derive(Debug)]
struct Waiting(Arc<AtomicUsize>);

impl Drop for Waiting {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Sets the search's cancel flag when dropped: a request whose client went away (its future is
/// dropped) stops its search instead of keeping a core busy.
struct CancelOnDrop(Arc<AtomicBool>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::SeqCst);
    }
}

/// A place in the pool, taken before any work starts (so a full pool is known at once): a free
/// engine slot, or a place in the queue.
#[derive(Debug)]
pub struct Ticket {
    slot: Slot,
    permits: Arc<Semaphore>,
    engines: Arc<EngineCache>,
}

#[derive(Debug)]
enum Slot {
    Free(OwnedSemaphorePermit),
    Queued(Waiting),
}

/// The computer's move and what its search did.
#[derive(Debug, Clone)]
pub struct Thought {
    /// The action to append to the record.
    pub action: Action,
    /// The search behind it (playouts, whether the tree was reused, ...).
    pub search: Option<SearchInfo>,
}

impl ComputerPool {
    /// A pool running at most `concurrent` engine calls at once, with at most `max_waiting`
    /// requests queued behind them (more are answered 503 at once; 0: no queue).
    pub fn new(concurrent: usize, max_waiting: usize) -> ComputerPool {
        let concurrent = concurrent.max(1);
        ComputerPool {
            permits: Arc::new(Semaphore::new(concurrent)),
            concurrent,
            waiting: Arc::new(AtomicUsize::new(0)),
            max_waiting,
            suggestions: Mutex::new(HashMap::new()),
            engines: Arc::new(EngineCache::new(ENGINE_CACHE_CAPACITY)),
        }
    }

    /// A pool sized for this machine: one engine call per core, 64 queued.
    pub fn for_this_machine() -> ComputerPool {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        ComputerPool::new(cores, 64)
    }

    /// Takes a place in the pool: a free slot, or a place in the queue; [`ApiError::Busy`] when
    /// the queue is full.
    pub fn reserve(&self) -> Result<Ticket, ApiError> {
        let slot = match self.permits.clone().try_acquire_owned() {
            Ok(permit) => Slot::Free(permit),
            Err(TryAcquireError::Closed) => {
                return Err(ApiError::Internal("the computer pool is closed".into()))
            }
            Err(TryAcquireError::NoPermits) => {
                if self.waiting.fetch_add(1, Ordering::SeqCst) >= self.max_waiting {
                    self.waiting.fetch_sub(1, Ordering::SeqCst);
                    return Err(ApiError::Busy);
                }
                Slot::Queued(Waiting(self.waiting.clone()))
            }
        };
        Ok(Ticket {
            slot,
            permits: self.permits.clone(),
            engines: self.engines.clone(),
        })
    }

    /// Runs `work` on the blocking pool once a permit is free.
    pub async fn run<T, F>(&self, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        self.reserve()?.run(work).await
    }

    /// The engine's move for the side to move of `game` (the replay of `record`) at `level`:
    /// the Go engine for Go, the TimeGo player for TimeGo.
    pub async fn genmove(
        &self,
        record: &Record,
        game: AnyGame,
        level: u8,
    ) -> Result<Thought, ApiError> {
        self.reserve()?.genmove(record, game, level, None).await
    }

    /// How many engine calls run right now.
    pub fn running(&self) -> usize {
        self.concurrent
            .saturating_sub(self.permits.available_permits())
    }

    /// How many engines (with their search trees) are kept for the next move of their games.
    pub fn kept_engines(&self) -> usize {
        self.engines.len()
    }

    /// The engine's estimate of the position.
    pub async fn estimate(&self, game: Game) -> Result<Estimate, ApiError> {
        self.run(move || Engine::new(EngineConfig::default()).estimate(&game))
            .await
    }

    /// The suggested dead stones for a game in review (cached by position: the position does
    /// not change while the marks are edited).
    pub async fn suggested_dead(&self, game: &Game) -> Result<Vec<Point>, ApiError> {
        let key = position_key(game);
        if let Some(hit) = self.cache().get(&key) {
            return Ok(hit.clone());
        }
        let estimate = self.estimate(game.clone()).await?;
        let dead: Vec<Point> = estimate.dead.into_iter().collect();
        let mut cache = self.cache();
        if cache.len() >= CACHE_CAPACITY {
            cache.clear();
        }
        cache.insert(key, dead.clone());
        Ok(dead)
    }

    fn cache(&self) -> std::sync::MutexGuard<'_, HashMap<u64, Vec<Point>>> {
        self.suggestions.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl Ticket {
    /// Runs `work` on the blocking pool, after waiting in the queue for a free slot if needed.
    pub async fn run<T, F>(self, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        let permit = match self.slot {
            Slot::Free(permit) => permit,
            Slot::Queued(queued) => {
                let permit = self
                    .permits
                    .acquire_owned()
                    .await
                    .map_err(|_| ApiError::Internal("the computer pool is closed".into()))?;
                drop(queued);
                permit
            }
        };
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            work()
        })
        .await
        .map_err(|e| ApiError::Internal(format!("engine task failed: {e}")))
    }

    /// The engine's move for the side to move of `game` (the replay of `record`) at `level`,
    /// reporting to `progress` once when the search starts (0 playouts) and then about every
    /// 200 ms. For Go, the engine kept after this game's previous computer move is reused when
    /// the record is that position plus one reply; the TimeGo player searches afresh (a time
    /// move can rewrite the position its tree was about). Dropping the future cancels the
    /// search.
    pub async fn genmove(
        self,
        record: &Record,
        game: AnyGame,
        level: u8,
        progress: Option<Arc<ProgressFn>>,
    ) -> Result<Thought, ApiError> {
        let game = match game {
            AnyGame::Go(game) => game,
            AnyGame::TimeGo(game) => return self.genmove_timego(game, level, progress).await,
        };
        let n = record.actions.len();
        let kept = (n > 0).then(|| GameKey::after(record, level, n - 1).value());
        let mut key = GameKey::after(record, level, n);
        let engines = self.engines.clone();
        let cancel = Arc::new(AtomicBool::new(false));
        let _cancel_on_drop = CancelOnDrop(cancel.clone());
        self.run(move || {
            let color = game.to_move();
            let mut engine = kept
                .and_then(|k| engines.take(k))
                .filter(|e| e.config().level == level)
                .unwrap_or_else(|| {
                    Engine::new(EngineConfig {
                        level,
                        // The web's levels keep their fixed budgets (the thinking display
                        // counts up to the level's playouts), bimodal positions included.
                        second_look: 1,
                        ..EngineConfig::default()
                    })
                });
            if let Some(report) = &progress {
                report(Progress {
                    playouts: 0,
                    budget: levels::level(level).playouts,
                    elapsed: 0.0,
                    winrate: 0.5,
                });
            }
            let control = SearchControl {
                cancel: Some(cancel.clone()),
                progress,
            };
            let action = match engine.genmove_with(&game, color, None, &control) {
                EngineMove::Place(p) => Action::Place(p),
                EngineMove::Pass => Action::pass(),
                EngineMove::Resign => Action::Resign(color),
            };
            let search = engine.last_search();
            // Keep the engine for the game's next move, unless its answer goes nowhere.
            if matches!(action, Action::Place(_)) && !cancel.load(Ordering::SeqCst) {
                key.push(&action);
                engines.put(key.value(), engine);
            }
            Thought { action, search }
        })
        .await
    }
}

impl Ticket {
    /// [`Ticket::genmove`] for TimeGo: the TimeGo player at `level`, with the same progress
    /// reports and cancellation.
    async fn genmove_timego(
        self,
        game: TimeGame,
        level: u8,
        progress: Option<Arc<ProgressFn>>,
    ) -> Result<Thought, ApiError> {
        let cancel = Arc::new(AtomicBool::new(false));
        let _cancel_on_drop = CancelOnDrop(cancel.clone());
        self.run(move || {
            let color = game.to_move();
            let mut engine = TimeEngine::new(EngineConfig {
                level,
                ..EngineConfig::default()
            })
            .with_seed(game.board().hash() ^ game.turns().len() as u64);
            if let Some(report) = &progress {
                report(Progress {
                    playouts: 0,
                    budget: levels::level(level).playouts,
                    elapsed: 0.0,
                    winrate: 0.5,
                });
            }
            let control = SearchControl {
                cancel: Some(cancel),
                progress,
            };
            let action = engine.genmove_with(&game, None, &control).to_action(color);
            Thought {
                action,
                search: engine.last_search(),
            }
        })
        .await
    }
}

/// A key for the position a review is about: rules, stones, captures and the side to move.
fn position_key(game: &Game) -> u64 {
    let mut h = DefaultHasher::new();
    game.rules().hash(&mut h);
    game.board().hash().hash(&mut h);
    game.board().rows().hash(&mut h);
    game.captures().hash(&mut h);
    (game.to_move() == Color::Black).hash(&mut h);
    h.finish()
}

/// Ownership as rows, top row first like the view's board: +1 Black ..= -1 White.
pub fn ownership_rows(size: u8, ownership: &[f32]) -> Vec<Vec<f32>> {
    let n = size as usize;
    (0..n)
        .rev()
        .map(|row| {
            (0..n)
                .map(|col| {
                    let v = ownership.get(row * n + col).copied().unwrap_or(0.0);
                    (v.clamp(-1.0, 1.0) * 100.0).round() / 100.0
                })
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ownership_rows_put_the_top_row_first() {
        // Bottom-left row-major: row 0 is [1, 0], row 1 is [0, -1].
        let rows = ownership_rows(2, &[1.0, 0.0, 0.0, -1.0]);
        assert_eq!(rows, vec![vec![0.0, -1.0], vec![1.0, 0.0]]);
    }

    #[tokio::test]
    async fn a_full_queue_answers_busy_instead_of_waiting() {
        let pool = Arc::new(ComputerPool::new(1, 1));
        assert_eq!(pool.running(), 0);
        let (tx, rx) = std::sync::mpsc::channel::<()>();
        let busy = pool.clone();
        let first = tokio::spawn(async move { busy.run(move || rx.recv().ok()).await });
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        let queued_pool = pool.clone();
        let second = tokio::spawn(async move { queued_pool.run(|| 2).await });
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        assert!(matches!(pool.run(|| 3).await, Err(ApiError::Busy)));
        tx.send(()).unwrap();
        assert!(first.await.unwrap().is_ok());
        assert_eq!(second.await.unwrap().unwrap(), 2);
    }
}
