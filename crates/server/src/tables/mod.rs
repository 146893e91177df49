//! Online tables: one task per table owning its game, timers and numbered events
//! ([`task`]), the registry that finds or loads a table ([`Tables`]), the HTTP routes
//! ([`routes`]) and the WebSocket protocol ([`ws`]). See docs/TABLES.md.

pub mod clock;
pub mod core;
pub mod event;
pub mod fanout;
pub mod limit;
pub mod presence;
pub mod routes;
pub mod secret;
pub mod settings;
pub mod task;
pub mod ws;

use crate::computer::ComputerPool;
use crate::store::{Store, StoreError, StoredEvent, TableRow};
use event::{now_ms, EventKind};
use settings::{clean_name, CreateTable, SettingsError};
use std::collections::HashMap;
use std::sync::Arc;
use task::TableHandle;
use tengen_rules::{ActionError, Color};
use thiserror::Error;
use tokio::sync::Mutex;

/// Why a table request was refused.
#[derive(Debug, Error)]
pub enum TableError {
    /// The rules refused the action.
    #[error(transparent)]
    Rules(#[from] ActionError),
    /// A table-level request that does not fit now (undo with no move to take back, ...).
    #[error("{0}")]
    Refused(&'static str),
    /// A watcher tried to act.
    #[error("watchers cannot act: only the two seated players play")]
    Watcher,
    /// The token does not hold a seat at this table.
    #[error("this token holds no seat at this table")]
    BadToken,
    /// The invite code is wrong.
    #[error("this invite link is not valid for this table")]
    BadInvite,
    /// Both seats are taken.
    #[error("both seats are taken: you can watch")]
    SeatsTaken,
    /// No table with this id.
    #[error("no such table")]
    NotFound,
    /// The settings are unusable.
    #[error(transparent)]
    Settings(#[from] SettingsError),
    /// Another node stored an event with the same number first (retried internally).
    #[error("the table changed at that moment; try again")]
    Conflict,
    /// The action could not be stored; nothing changed.
    #[error("the server could not store this; nothing changed, try again")]
    Store,
    /// The table task has stopped (server shutting down).
    #[error("the table is not available right now; try again")]
    Gone,
    /// A stored event does not replay (a bug or a damaged database).
    #[error("the table's stored record is damaged: {0}")]
    Corrupt(String),
}

impl From<StoreError> for TableError {
    fn from(e: StoreError) -> TableError {
        tracing::error!(error = %e, "table store failed");
        TableError::Store
    }
}

/// What the creator of a table receives.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Created {
    /// The table id.
    pub id: String,
    /// The creator's seat.
    pub seat: Color,
    /// The creator's seat token.
    pub token: String,
    /// The invite code for the other seat.
    pub invite: String,
}

/// Every live table of this server, loaded from the store on first use.
#[derive(Debug, Clone)]
pub struct Tables {
    store: Store,
    /// This node's random id in presence announcements.
    node: u64,
    computer: Arc<ComputerPool>,
    live: Arc<Mutex<HashMap<String, TableHandle>>>,
}

impl Tables {
    /// The tables kept in `store`; suggestions come from `computer`.
    pub fn new(store: Store, computer: Arc<ComputerPool>) -> Tables {
        Tables {
            store,
            node: rand::random(),
            computer,
            live: Arc::default(),
        }
    }

    /// The store.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// Creates a table and seats its creator.
    pub async fn create(&self, request: &CreateTable) -> Result<Created, TableError> {
        let settings = request.settings()?;
        let name = clean_name(request.name.as_deref())?;
        let seat = request.creator_color();
        let (id, token, invite) = (
            secret::random_code(),
            secret::random_code(),
            secret::random_code(),
        );
        let mut token_hashes = [None, None];
        token_hashes[seat.index()] = Some(secret::hash_code(&token));
        let mut core = core::TableCore::new(id.clone(), settings.clone())?;
        let event = core.next_event(now_ms(), EventKind::Seated { seat, name });
        core.apply(&event)?;
        let row = TableRow {
            id: id.clone(),
            created_at: event.at,
            settings: serde_json::to_string(&settings).expect("settings serialise"),
            invite_hash: secret::hash_code(&invite),
            token_hashes,
            finished: false,
        };
        self.store.create_table(&row, &stored(&event)).await?;
        let handle = task::spawn(
            core,
            row,
            self.store.clone(),
            self.computer.clone(),
            self.node,
        );
        self.live.lock().await.insert(id.clone(), handle);
        Ok(Created {
            id,
            seat,
            token,
            invite,
        })
    }

    /// The live table `id`, loading it from the store (and starting its timers) if needed.
    pub async fn get(&self, id: &str) -> Result<TableHandle, TableError> {
        if !secret::is_code(id) {
            return Err(TableError::NotFound);
        }
        let mut live = self.live.lock().await;
        if let Some(handle) = live.get(id) {
            if !handle.is_closed() {
                return Ok(handle.clone());
            }
        }
        let (core, row) = load(&self.store, id).await?;
        let handle = task::spawn(
            core,
            row,
            self.store.clone(),
            self.computer.clone(),
            self.node,
        );
        live.insert(id.to_string(), handle.clone());
        Ok(handle)
    }

    /// Loads every unfinished table not held yet, so that its timers run (at server start,
    /// and periodically when several nodes share PostgreSQL).
    pub async fn resume_open(&self) -> Result<usize, TableError> {
        let ids = self.store.open_tables().await?;
        let missing: Vec<String> = {
            let live = self.live.lock().await;
            ids.into_iter()
                .filter(|id| live.get(id).is_none_or(|h| h.is_closed()))
                .collect()
        };
        for id in &missing {
            if let Err(e) = self.get(id).await {
                tracing::error!(table = %id, error = %e, "cannot resume table");
            }
        }
        Ok(missing.len())
    }

    /// A `NOTIFY tengen_tables` payload from some node: `TABLE SEQ [EVENT]`.
    pub async fn notified(&self, payload: &str) {
        let mut parts = payload.splitn(3, ' ');
        let (Some(id), Some(seq)) = (parts.next(), parts.next().and_then(|s| s.parse().ok()))
        else {
            return;
        };
        let line = parts.next().map(str::to_string);
        let handle = self.live.lock().await.get(id).cloned();
        if let Some(handle) = handle {
            if !handle.remote(seq, line) {
                handle.catch_up().await;
            }
        }
    }

    /// A `NOTIFY tengen_presence` payload from some node (this node's own are ignored).
    pub async fn presence_notified(&self, payload: &str) {
        let Some((id, node, seats)) = presence::parse(payload) else {
            return;
        };
        if node == self.node {
            return;
        }
        if let Some(handle) = self.live.lock().await.get(id) {
            handle.remote_presence(node, seats);
        }
    }

    /// Every [`presence::ANNOUNCE_EVERY`]: each table forgets silent nodes' players and repeats
    /// the presence of its own.
    pub async fn presence_tick(&self) {
        for handle in self.live.lock().await.values() {
            handle.presence_tick();
        }
    }

    /// Asks every live table to read what is new from the store.
    pub async fn catch_up_all(&self) {
        let handles: Vec<_> = self.live.lock().await.values().cloned().collect();
        for handle in handles {
            handle.catch_up().await;
        }
    }
}

/// The stored form of an event.
pub(crate) fn stored(event: &event::Event) -> StoredEvent {
    StoredEvent {
        seq: event.seq,
        at: event.at,
        body: serde_json::to_string(&event.kind).expect("events serialise"),
    }
}

/// Rebuilds a table from its stored row and events.
pub(crate) async fn load(
    store: &Store,
    id: &str,
) -> Result<(core::TableCore, TableRow), TableError> {
    let row = store.table(id).await?.ok_or(TableError::NotFound)?;
    let settings = serde_json::from_str(&row.settings)
        .map_err(|e| TableError::Corrupt(format!("settings: {e}")))?;
    let mut core = core::TableCore::new(id.to_string(), settings)?;
    for stored in store.events_after(id, 0).await? {
        let kind: EventKind = serde_json::from_str(&stored.body)
            .map_err(|e| TableError::Corrupt(format!("event {}: {e}", stored.seq)))?;
        let event = event::Event {
            seq: stored.seq,
            at: stored.at,
            kind,
        };
        core.apply(&event)
            .map_err(|e| TableError::Corrupt(format!("event {}: {e}", stored.seq)))?;
    }
    Ok((core, row))
}
