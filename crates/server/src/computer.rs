//! The computer player on the server: engine calls run on tokio's blocking pool, at most one per
//! core at a time, with a bounded queue so a burst of requests never blocks the server.

use crate::error::ApiError;
use std::collections::hash_map::DefaultHasher;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use tengen_engine::{Engine, EngineConfig, EngineMove, Estimate};
use tengen_rules::{Action, Color, Game, Point};
use tokio::sync::{Semaphore, TryAcquireError};

/// The lowest and highest strength levels offered to players.
pub const LEVELS: std::ops::RangeInclusive<u8> = 1..=10;

/// How many estimates of review positions are remembered.
const CACHE_CAPACITY: usize = 512;

/// Runs engine work off the async threads, bounded by a semaphore.
#[derive(Debug)]
pub struct ComputerPool {
    permits: Arc<Semaphore>,
    waiting: Arc<AtomicUsize>,
    max_waiting: usize,
    suggestions: Mutex<HashMap<u64, Vec<Point>>>,
}

/// Decrements the waiting count when a queued request is served or dropped.
struct Waiting(Arc<AtomicUsize>);

impl Drop for Waiting {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl ComputerPool {
    /// A pool running at most `concurrent` engine calls at once, with at most `max_waiting`
    /// requests queued behind them (more are answered 503 at once; 0: no queue).
    pub fn new(concurrent: usize, max_waiting: usize) -> ComputerPool {
        ComputerPool {
            permits: Arc::new(Semaphore::new(concurrent.max(1))),
            waiting: Arc::new(AtomicUsize::new(0)),
            max_waiting,
            suggestions: Mutex::new(HashMap::new()),
        }
    }

    /// A pool sized for this machine: one engine call per core, 64 queued.
    pub fn for_this_machine() -> ComputerPool {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        ComputerPool::new(cores, 64)
    }

    /// Runs `work` on the blocking pool once a permit is free.
    pub async fn run<T, F>(&self, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        let permit =
            match self.permits.clone().try_acquire_owned() {
                Ok(permit) => permit,
                Err(TryAcquireError::Closed) => {
                    return Err(ApiError::Internal("the computer pool is closed".into()))
                }
                Err(TryAcquireError::NoPermits) => {
                    if self.waiting.fetch_add(1, Ordering::SeqCst) >= self.max_waiting {
                        self.waiting.fetch_sub(1, Ordering::SeqCst);
                        return Err(ApiError::Busy);
                    }
                    let queued = Waiting(self.waiting.clone());
                    let permit =
                        self.permits.clone().acquire_owned().await.map_err(|_| {
                            ApiError::Internal("the computer pool is closed".into())
                        })?;
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

    /// The engine's move for the side to move at `level`.
    pub async fn genmove(&self, game: Game, level: u8) -> Result<Action, ApiError> {
        self.run(move || {
            let color = game.to_move();
            let mut engine = Engine::new(EngineConfig {
                level,
                ..EngineConfig::default()
            });
            match engine.genmove(&game, color, None) {
                EngineMove::Place(p) => Action::Place(p),
                EngineMove::Pass => Action::pass(),
                EngineMove::Resign => Action::Resign(color),
            }
        })
        .await
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
