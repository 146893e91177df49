//! Persistence of online tables with sqlx: SQLite by default (a file, WAL mode), PostgreSQL when
//! the URL says `postgres://`. One code path for both (sqlx's `Any` driver, portable SQL); the
//! schema is created by the migrations in `crates/server/migrations`, run at start.
//!
//! A table is a row of settings and seat-token hashes plus its append-only events, keyed by
//! (table, sequence number): an event is stored exactly once or not at all.

mod writer;

use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::{AnyPool, Executor, Row};
use tengen_rules::Color;
use thiserror::Error;

/// Why the store failed.
#[derive(Debug, Error)]
pub enum StoreError {
    /// The database refused or failed a statement.
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
    /// The schema could not be brought up to date.
    #[error("cannot migrate the database: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    /// The URL names no supported database.
    #[error("unsupported database URL {0:?}: use sqlite://FILE or postgres://…")]
    Url(String),
}

/// Why an event could not be appended.
#[derive(Debug, Error)]
pub enum AppendError {
    /// Another writer already stored an event with this number.
    #[error("event {seq} of the table is already stored")]
    Conflict {
        /// The number that was taken.
        seq: u64,
    },
    /// The database failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl From<sqlx::Error> for AppendError {
    fn from(e: sqlx::Error) -> AppendError {
        AppendError::Store(StoreError::Database(e))
    }
}

/// Which database is behind the store.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    /// A SQLite file.
    Sqlite,
    /// A PostgreSQL server.
    Postgres,
}

/// A stored table row.
#[derive(Debug, Clone)]
pub struct TableRow {
    /// The table id.
    pub id: String,
    /// Unix milliseconds.
    pub created_at: i64,
    /// The settings, as JSON.
    pub settings: String,
    /// SHA-256 of the invite code (hex).
    pub invite_hash: String,
    /// SHA-256 of each seat's token (hex), indexed by [`Color::index`]; None while free.
    pub token_hashes: [Option<String>; 2],
    /// Whether the game has ended.
    pub finished: bool,
}

/// A stored event.
#[derive(Debug, Clone)]
pub struct StoredEvent {
    /// Its number in the table, from 1.
    pub seq: u64,
    /// Unix milliseconds when it was accepted.
    pub at: i64,
    /// The event, as JSON.
    pub body: String,
}

/// The database of online tables.
#[derive(Debug, Clone)]
pub struct Store {
    pool: AnyPool,
    /// The group-commit writers that store table events.
    writers: writer::Writers,
    backend: Backend,
    url: String,
}

/// The largest NOTIFY payload PostgreSQL accepts is 8000 bytes; longer events are announced by
/// number only and read back from the table.
const MAX_PAYLOAD: usize = 7_900;

/// `TABLE SEQ LINE`, or `TABLE SEQ` when the line is too long for a notification.
fn notification(table: &str, seq: u64, line: &str) -> String {
    let head = format!("{table} {seq}");
    if head.len() + 1 + line.len() <= MAX_PAYLOAD {
        format!("{head} {line}")
    } else {
        head
    }
}

/// The default database: `tengen.db` in the working directory.
pub const DEFAULT_URL: &str = "sqlite://tengen.db";

fn token_column(color: Color) -> &'static str {
    match color {
        Color::Black => "black_token_hash",
        Color::White => "white_token_hash",
    }
}

fn is_unique_violation(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Database(d) if d.is_unique_violation())
}

impl Store {
    /// Connects to `url` (`sqlite://FILE`, `sqlite::memory:`, `postgres://…`) and runs the
    /// migrations. A SQLite file is created when missing.
    pub async fn connect(url: &str) -> Result<Store, StoreError> {
        sqlx::any::install_default_drivers();
        let (backend, url) = if url.starts_with("sqlite:") {
            let url = if url.contains("mode=") || url.contains(":memory:") {
                url.to_string()
            } else if url.contains('?') {
                format!("{url}&mode=rwc")
            } else {
                format!("{url}?mode=rwc")
            };
            (Backend::Sqlite, url)
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            (Backend::Postgres, url.to_string())
        } else {
            return Err(StoreError::Url(url.to_string()));
        };
        let options = AnyPoolOptions::new()
            .max_connections(match backend {
                // One writer at a time in SQLite: more connections only wait on its lock.
                Backend::Sqlite => 4,
                Backend::Postgres => 16,
            })
            .acquire_timeout(std::time::Duration::from_secs(10))
            .after_connect(move |conn, _meta| {
                Box::pin(async move {
                    if backend == Backend::Sqlite {
                        // WAL: readers never wait for the writer; NORMAL sync is durable against
                        // a killed process (the OS has every committed page); busy_timeout lets
                        // the pool's writers queue instead of failing.
                        conn.execute("PRAGMA journal_mode = WAL").await?;
                        conn.execute("PRAGMA synchronous = NORMAL").await?;
                        conn.execute("PRAGMA busy_timeout = 5000").await?;
                        conn.execute("PRAGMA foreign_keys = ON").await?;
                    }
                    Ok(())
                })
            });
        let pool = options.connect(&url).await?;
        if backend == Backend::Postgres {
            // Several nodes may start at once: one migrates, the others wait for its lock.
            let mut conn = pool.acquire().await?;
            conn.execute("SELECT pg_advisory_lock(7391)").await?;
            let migrated = sqlx::migrate!("./migrations").run(&mut *conn).await;
            conn.execute("SELECT pg_advisory_unlock(7391)").await?;
            migrated?;
        } else {
            sqlx::migrate!("./migrations").run(&pool).await?;
        }
        let writers = writer::Writers::start(&pool, backend);
        Ok(Store {
            pool,
            writers,
            backend,
            url,
        })
    }

    /// Which database this is.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Whether the database answers (for health checks).
    pub async fn ping(&self) -> Result<(), StoreError> {
        sqlx::query("SELECT 1").execute(&self.pool).await?;
        Ok(())
    }

    /// Stores a new table with its first event, in one transaction.
    pub async fn create_table(
        &self,
        row: &TableRow,
        first: &StoredEvent,
    ) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "INSERT INTO tables (id, created_at, settings, invite_hash, black_token_hash, \
             white_token_hash, finished) VALUES ($1, $2, $3, $4, $5, $6, 0)",
        )
        .bind(&row.id)
        .bind(row.created_at)
        .bind(&row.settings)
        .bind(&row.invite_hash)
        .bind(row.token_hashes[0].clone())
        .bind(row.token_hashes[1].clone())
        .execute(&mut *tx)
        .await?;
        insert_event(&mut *tx, &row.id, first).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Appends one event, committed together with the events of other tables that are waiting
    /// too (see `writer.rs`); [`AppendError::Conflict`] when its number is already taken. With
    /// PostgreSQL the insert also notifies every node (`NOTIFY tengen_tables`, delivered on
    /// commit, with `line`: the event as clients receive it, so the nodes need not read it back).
    pub async fn append(
        &self,
        table: &str,
        event: &StoredEvent,
        line: &str,
    ) -> Result<(), AppendError> {
        let payload = match self.backend {
            Backend::Sqlite => String::new(),
            Backend::Postgres => notification(table, event.seq, line),
        };
        self.writers.append(table, event, payload).await
    }

    /// Sends `payload` on the PostgreSQL channel `channel` to every node (nothing with SQLite,
    /// which has one node).
    pub async fn notify(&self, channel: &str, payload: &str) -> Result<(), StoreError> {
        if self.backend == Backend::Postgres {
            sqlx::query("SELECT pg_notify($1, $2)")
                .bind(channel)
                .bind(payload)
                .execute(&self.pool)
                .await?;
        }
        Ok(())
    }

    /// The database URL (for the PostgreSQL listener).
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Gives the free seat `color` to the holder of `token_hash` and appends the seating event,
    /// in one transaction. `Ok(false)`: the seat was already taken (nothing stored).
    pub async fn claim_seat(
        &self,
        table: &str,
        color: Color,
        token_hash: &str,
        event: &StoredEvent,
    ) -> Result<bool, AppendError> {
        let mut tx = self.pool.begin().await?;
        let column = token_column(color);
        let claimed = sqlx::query(&format!(
            "UPDATE tables SET {column} = $1 WHERE id = $2 AND {column} IS NULL"
        ))
        .bind(token_hash)
        .bind(table)
        .execute(&mut *tx)
        .await?
        .rows_affected()
            == 1;
        if !claimed {
            tx.rollback().await?;
            return Ok(false);
        }
        match insert_event(&mut *tx, table, event).await {
            Err(e) if is_unique_violation(&e) => {
                tx.rollback().await?;
                return Err(AppendError::Conflict { seq: event.seq });
            }
            other => other?,
        }
        tx.commit().await?;
        Ok(true)
    }

    /// Marks a table finished (it no longer needs timers at start).
    pub async fn mark_finished(&self, table: &str) -> Result<(), StoreError> {
        sqlx::query("UPDATE tables SET finished = 1 WHERE id = $1")
            .bind(table)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The table row, if the table exists.
    pub async fn table(&self, table: &str) -> Result<Option<TableRow>, StoreError> {
        let row = sqlx::query(
            "SELECT id, created_at, settings, invite_hash, black_token_hash, white_token_hash, \
             finished FROM tables WHERE id = $1",
        )
        .bind(table)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| table_row(&r)).transpose()
    }

    /// The table's events after number `after`, in order.
    pub async fn events_after(
        &self,
        table: &str,
        after: u64,
    ) -> Result<Vec<StoredEvent>, StoreError> {
        let rows = sqlx::query(
            "SELECT seq, at, body FROM table_events WHERE table_id = $1 AND seq > $2 ORDER BY seq",
        )
        .bind(table)
        .bind(after as i64)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(StoredEvent {
                    seq: r.try_get::<i64, _>("seq")? as u64,
                    at: r.try_get("at")?,
                    body: r.try_get("body")?,
                })
            })
            .collect()
    }

    /// The ids of the tables whose games have not ended.
    pub async fn open_tables(&self) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query("SELECT id FROM tables WHERE finished = 0")
            .fetch_all(&self.pool)
            .await?;
        Ok(rows
            .iter()
            .map(|r| r.try_get("id"))
            .collect::<Result<_, _>>()?)
    }
}

async fn insert_event<'e, E>(
    executor: E,
    table: &str,
    event: &StoredEvent,
) -> Result<(), sqlx::Error>
where
    E: Executor<'e, Database = sqlx::Any>,
{
    sqlx::query("INSERT INTO table_events (table_id, seq, at, body) VALUES ($1, $2, $3, $4)")
        .bind(table)
        .bind(event.seq as i64)
        .bind(event.at)
        .bind(&event.body)
        .execute(executor)
        .await?;
    Ok(())
}

fn table_row(r: &AnyRow) -> Result<TableRow, StoreError> {
    Ok(TableRow {
        id: r.try_get("id")?,
        created_at: r.try_get("created_at")?,
        settings: r.try_get("settings")?,
        invite_hash: r.try_get("invite_hash")?,
        token_hashes: [
            r.try_get("black_token_hash")?,
            r.try_get("white_token_hash")?,
        ],
        finished: r.try_get::<i64, _>("finished")? != 0,
    })
}
