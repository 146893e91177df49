//! A bounded pool for CPU work that must not run on the async threads: at most `concurrent`
//! jobs at once on tokio's blocking pool, at most `max_waiting` queued behind them, and a full
//! queue known at once (the caller answers 503 instead of piling up work).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use tokio::sync::{Semaphore, TryAcquireError};

/// Why a job did not run.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WorkError {
    /// Every slot is busy and the queue is full.
    #[error("the work queue is full")]
    Full,
    /// The job panicked or the pool is shutting down.
    #[error("the job failed: {0}")]
    Failed(String),
}

/// The pool.
#[derive(Debug)]
pub struct WorkPool {
    permits: Arc<Semaphore>,
    waiting: Arc<AtomicUsize>,
    max_waiting: usize,
}

/// Decrements the waiting count when a queued job starts or is dropped.
struct Waiting(Arc<AtomicUsize>);

impl Drop for Waiting {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl WorkPool {
    /// At most `concurrent` jobs at once (at least one), `max_waiting` queued.
    pub fn new(concurrent: usize, max_waiting: usize) -> WorkPool {
        WorkPool {
            permits: Arc::new(Semaphore::new(concurrent.max(1))),
            waiting: Arc::new(AtomicUsize::new(0)),
            max_waiting,
        }
    }

    /// One job per core, 64 queued.
    pub fn for_this_machine() -> WorkPool {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        WorkPool::new(cores, 64)
    }

    /// Runs `work` on the blocking pool once a slot is free; [`WorkError::Full`] at once when
    /// the queue is full.
    pub async fn run<T, F>(&self, work: F) -> Result<T, WorkError>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        let permit = match self.permits.clone().try_acquire_owned() {
            Ok(permit) => permit,
            Err(TryAcquireError::Closed) => return Err(WorkError::Failed("closed".into())),
            Err(TryAcquireError::NoPermits) => {
                if self.waiting.fetch_add(1, Ordering::SeqCst) >= self.max_waiting {
                    self.waiting.fetch_sub(1, Ordering::SeqCst);
                    return Err(WorkError::Full);
                }
                let queued = Waiting(self.waiting.clone());
                let permit = self
                    .permits
                    .clone()
                    .acquire_owned()
                    .await
                    .map_err(|_| WorkError::Failed("closed".into()))?;
                drop(queued);
                permit
            }
        };
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            work()
        })
        .await
        .map_err(|e| WorkError::Failed(e.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[tokio::test]
    async fn a_full_queue_is_refused_at_once_and_queued_work_runs_later() {
        let pool = Arc::new(WorkPool::new(1, 1));
        let (tx, rx) = std::sync::mpsc::channel::<()>();
        let busy = pool.clone();
        let first = tokio::spawn(async move { busy.run(move || rx.recv().ok()).await });
        tokio::time::sleep(Duration::from_millis(50)).await;
        let queued = pool.clone();
        let second = tokio::spawn(async move { queued.run(|| 2).await });
        tokio::time::sleep(Duration::from_millis(50)).await;
        assert_eq!(pool.run(|| 3).await, Err(WorkError::Full));
        tx.send(()).unwrap();
        assert!(first.await.unwrap().is_ok());
        assert_eq!(second.await.unwrap(), Ok(2));
    }
}
