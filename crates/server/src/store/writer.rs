//! Group commit of table events: a writer task takes every event waiting to be stored, from every
//! table, and stores them in one transaction, then answers each table. The cost of a commit
//! (SQLite's write lock and WAL write, PostgreSQL's WAL flush) is paid once per batch instead of
//! once per move, and no writer waits on another's lock. A batch forms from whatever arrived
//! while the previous one was being written: a lone event is written at once, with no added delay.
//!
//! An event whose number is taken is skipped (`ON CONFLICT DO NOTHING`) and answered
//! [`AppendError::Conflict`] without failing its batch. If a batch fails for any other reason,
//! each of its events is retried alone, so each table gets its own answer.

use super::{AppendError, Backend, StoredEvent};
use sqlx::{AnyPool, Executor};
use tokio::sync::{mpsc, oneshot};

/// The most events stored in one transaction.
const MAX_BATCH: usize = 512;

/// Events waiting per writer before appenders wait for room.
const QUEUE: usize = 4_096;

/// One event to store and where to send the outcome.
#[derive(Debug)]
struct Pending {
    table: String,
    event: StoredEvent,
    /// PostgreSQL's notification payload (unused with SQLite).
    payload: String,
    reply: oneshot::Sender<Result<(), AppendError>>,
}

/// The handles to a store's writer tasks. Events of one table always go to the same writer.
#[derive(Debug, Clone)]
pub(super) struct Writers {
    queues: Vec<mpsc::Sender<Pending>>,
}

impl Writers {
    /// Starts the writer tasks: one for SQLite (it has one writer at a time anyway), a few for
    /// PostgreSQL so that several WAL flushes overlap.
    pub(super) fn start(pool: &AnyPool, backend: Backend) -> Writers {
        let count = match backend {
            Backend::Sqlite => 1,
            Backend::Postgres => 4,
        };
        let queues = (0..count)
            .map(|_| {
                let (tx, rx) = mpsc::channel(QUEUE);
                tokio::spawn(run(pool.clone(), backend, rx));
                tx
            })
            .collect();
        Writers { queues }
    }

    /// Stores `event` of `table` in the next batch and waits until it is committed.
    pub(super) async fn append(
        &self,
        table: &str,
        event: &StoredEvent,
        payload: String,
    ) -> Result<(), AppendError> {
        let (reply, answer) = oneshot::channel();
        let pending = Pending {
            table: table.to_string(),
            event: event.clone(),
            payload,
            reply,
        };
        let queue = &self.queues[shard(table, self.queues.len())];
        queue.send(pending).await.map_err(|_| stopped())?;
        answer.await.map_err(|_| stopped())?
    }
}

/// The writer for a table: a stable hash of its id.
fn shard(table: &str, writers: usize) -> usize {
    let hash = table
        .bytes()
        .fold(0u64, |h, b| h.wrapping_mul(31).wrapping_add(u64::from(b)));
    (hash % writers as u64) as usize
}

fn stopped() -> AppendError {
    AppendError::Store(super::StoreError::Database(sqlx::Error::PoolClosed))
}

/// A writer's loop: wait for one event, take every other one already waiting, store them all.
async fn run(pool: AnyPool, backend: Backend, mut queue: mpsc::Receiver<Pending>) {
    let mut batch = Vec::with_capacity(MAX_BATCH);
    while queue.recv_many(&mut batch, MAX_BATCH).await > 0 {
        write_batch(&pool, backend, std::mem::take(&mut batch)).await;
    }
}

async fn write_batch(pool: &AnyPool, backend: Backend, batch: Vec<Pending>) {
    match insert_all(pool, backend, &batch).await {
        Ok(stored) => {
            for (pending, stored) in batch.into_iter().zip(stored) {
                let outcome = if stored {
                    Ok(())
                } else {
                    Err(AppendError::Conflict {
                        seq: pending.event.seq,
                    })
                };
                let _ = pending.reply.send(outcome);
            }
        }
        Err(_) if batch.len() > 1 => {
            for pending in batch {
                let outcome = insert_all(pool, backend, std::slice::from_ref(&pending)).await;
                let _ = pending.reply.send(answer(outcome, pending.event.seq));
            }
        }
        Err(e) => {
            for pending in batch {
                let _ = pending.reply.send(Err(AppendError::from(clone_error(&e))));
            }
        }
    }
}

fn answer(outcome: Result<Vec<bool>, sqlx::Error>, seq: u64) -> Result<(), AppendError> {
    match outcome {
        Ok(stored) if stored.first() == Some(&true) => Ok(()),
        Ok(_) => Err(AppendError::Conflict { seq }),
        Err(e) => Err(e.into()),
    }
}

/// sqlx errors are not `Clone`; a failed lone event keeps the database's message.
fn clone_error(e: &sqlx::Error) -> sqlx::Error {
    sqlx::Error::Protocol(e.to_string())
}

const INSERT_SQLITE: &str = "INSERT INTO table_events (table_id, seq, at, body) \
     VALUES ($1, $2, $3, $4) ON CONFLICT (table_id, seq) DO NOTHING";

/// The notification is sent on commit, and only for an event really stored; the statement's
/// row count (`SELECT n`) says whether it was.
const INSERT_POSTGRES: &str = "WITH stored AS (INSERT INTO table_events (table_id, seq, at, body) \
     VALUES ($1, $2, $3, $4) ON CONFLICT (table_id, seq) DO NOTHING RETURNING seq) \
     SELECT pg_notify('tengen_tables', $5) FROM stored";

/// Inserts every event in one transaction; for each, whether it was stored (false: its number
/// was already taken).
async fn insert_all(
    pool: &AnyPool,
    backend: Backend,
    batch: &[Pending],
) -> Result<Vec<bool>, sqlx::Error> {
    let mut tx = pool.begin().await?;
    let mut stored = Vec::with_capacity(batch.len());
    for pending in batch {
        let sql = match backend {
            Backend::Sqlite => INSERT_SQLITE,
            Backend::Postgres => INSERT_POSTGRES,
        };
        let query = sqlx::query(sql)
            .bind(&pending.table)
            .bind(pending.event.seq as i64)
            .bind(pending.event.at)
            .bind(&pending.event.body);
        let query = match backend {
            Backend::Sqlite => query,
            Backend::Postgres => query.bind(&pending.payload),
        };
        let done = (&mut *tx).execute(query).await?;
        stored.push(done.rows_affected() == 1);
    }
    tx.commit().await?;
    Ok(stored)
}
