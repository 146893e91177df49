//! The task that owns one table: it serialises every request, checks it against the game,
//! **stores each accepted event before broadcasting it**, and fires the review timers and game
//! clocks. Requests arrive on a channel; updates leave on a broadcast channel as ready-made
//! JSON lines shared by every client.

use super::core::{TableCore, TableState, TableSummary};
use super::event::{now_ms, Cause, Event, EventKind};
use super::presence::{self, Presence};
use super::settings::clean_name;
use super::{load, secret, stored, TableError};
use crate::computer::ComputerPool;
use crate::store::{AppendError, Backend, Store, TableRow};
use std::sync::Arc;
use tengen_rules::{Action, AnyGame, Color, Phase, Record};
use tokio::sync::{broadcast, mpsc, oneshot};

/// How many requests may wait for a table before senders are told it is busy.
const INBOX: usize = 256;
/// How many updates a slow client may fall behind before it must resync.
const UPDATES: usize = 256;

/// A seat's request.
#[derive(Debug, Clone)]
pub enum SeatRequest {
    /// A game action.
    Action(Action),
    /// Ask to take back the last move.
    Undo,
    /// Answer the opponent's undo request.
    UndoReply(bool),
}

/// What a new connection receives.
#[derive(Debug)]
pub struct Connected {
    /// The seat the token holds (None: a watcher).
    pub seat: Option<Color>,
    /// The events after the client's `since`, as JSON (None when it sent no `since`).
    pub missed: Option<Vec<Arc<str>>>,
    /// The table state, as JSON.
    pub state: String,
    /// Every later update, as JSON lines.
    pub updates: broadcast::Receiver<Arc<str>>,
}

enum Command {
    Connect {
        token: Option<String>,
        since: Option<u64>,
        reply: oneshot::Sender<Result<Connected, TableError>>,
    },
    Disconnect {
        seat: Option<Color>,
    },
    Act {
        seat: Color,
        request: SeatRequest,
        reply: oneshot::Sender<Result<u64, TableError>>,
    },
    Join {
        invite: String,
        name: Option<String>,
        reply: oneshot::Sender<Result<(Color, String), TableError>>,
    },
    State {
        reply: oneshot::Sender<TableState>,
    },
    Summary {
        token: String,
        reply: oneshot::Sender<Option<TableSummary>>,
    },
    Record {
        reply: oneshot::Sender<(Record, AnyGame)>,
    },
    /// Another node stored event `seq` (`line`: as clients receive it, when it fit).
    Remote {
        seq: u64,
        line: Option<String>,
    },
    /// Events may have been missed: read what is new from the store.
    CatchUp,
    /// Another node announced which seats it has connected.
    RemotePresence {
        node: u64,
        seats: [bool; 2],
    },
    /// Time to forget silent nodes and repeat this node's presence.
    PresenceTick,
}

/// The way to a table's task.
#[derive(Debug, Clone)]
pub struct TableHandle {
    commands: mpsc::Sender<Command>,
}

impl std::fmt::Debug for Command {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Command")
    }
}

impl TableHandle {
    /// Whether the task has stopped.
    pub fn is_closed(&self) -> bool {
        self.commands.is_closed()
    }

    async fn ask<T>(
        &self,
        make: impl FnOnce(oneshot::Sender<T>) -> Command,
    ) -> Result<T, TableError> {
        let (reply, answer) = oneshot::channel();
        self.commands
            .send(make(reply))
            .await
            .map_err(|_| TableError::Gone)?;
        answer.await.map_err(|_| TableError::Gone)
    }

    /// Opens a connection as the holder of `token` (or as a watcher).
    pub async fn connect(
        &self,
        token: Option<String>,
        since: Option<u64>,
    ) -> Result<Connected, TableError> {
        self.ask(|reply| Command::Connect {
            token,
            since,
            reply,
        })
        .await?
    }

    /// Closes a connection opened by [`TableHandle::connect`].
    pub fn disconnect(&self, seat: Option<Color>) {
        let _ = self.commands.try_send(Command::Disconnect { seat });
    }

    /// A seat's request; the answer is the stored event's number.
    pub async fn act(&self, seat: Color, request: SeatRequest) -> Result<u64, TableError> {
        self.ask(|reply| Command::Act {
            seat,
            request,
            reply,
        })
        .await?
    }

    /// Takes the free seat with the invite code: the seat and its new token.
    pub async fn join(
        &self,
        invite: String,
        name: Option<String>,
    ) -> Result<(Color, String), TableError> {
        self.ask(|reply| Command::Join {
            invite,
            name,
            reply,
        })
        .await?
    }

    /// The table state as a watcher sees it.
    pub async fn state(&self) -> Result<TableState, TableError> {
        self.ask(|reply| Command::State { reply }).await
    }

    /// "Your tables" line for the holder of `token`; None when it holds no seat here.
    pub async fn summary(&self, token: String) -> Result<Option<TableSummary>, TableError> {
        self.ask(|reply| Command::Summary { token, reply }).await
    }

    /// The game record and game.
    pub async fn record(&self) -> Result<(Record, AnyGame), TableError> {
        self.ask(|reply| Command::Record { reply }).await
    }

    /// Another node stored event `seq` of this table. Never waits: when the inbox is full the
    /// table catches up from the store later.
    pub fn remote(&self, seq: u64, line: Option<String>) -> bool {
        self.commands
            .try_send(Command::Remote { seq, line })
            .is_ok()
    }

    /// Another node's presence announcement (dropped when the inbox is full: it is repeated).
    pub fn remote_presence(&self, node: u64, seats: [bool; 2]) {
        let _ = self
            .commands
            .try_send(Command::RemotePresence { node, seats });
    }

    /// See [`Command::PresenceTick`] (dropped when the inbox is full).
    pub fn presence_tick(&self) {
        let _ = self.commands.try_send(Command::PresenceTick);
    }

    /// Asks the table to read what is new from the store.
    pub async fn catch_up(&self) {
        let _ = self.commands.send(Command::CatchUp).await;
    }
}

/// Starts the task of a table.
pub fn spawn(
    core: TableCore,
    row: TableRow,
    store: Store,
    computer: Arc<ComputerPool>,
    node: u64,
) -> TableHandle {
    let (commands, inbox) = mpsc::channel(INBOX);
    let (updates, _) = broadcast::channel(UPDATES);
    let task = TableTask {
        published: core.seq(),
        core,
        row,
        store,
        computer,
        updates,
        presence: Presence::default(),
        node,
    };
    tokio::spawn(task.run(inbox));
    TableHandle { commands }
}

struct TableTask {
    core: TableCore,
    /// The last event sent to this node's clients.
    published: u64,
    row: TableRow,
    store: Store,
    computer: Arc<ComputerPool>,
    updates: broadcast::Sender<Arc<str>>,
    /// Who is connected, here and on other nodes.
    presence: Presence,
    /// This node's id in presence announcements.
    node: u64,
}

fn sleep_until_ms(deadline: i64) -> tokio::time::Sleep {
    let wait = (deadline - now_ms()).max(0) as u64;
    tokio::time::sleep(std::time::Duration::from_millis(wait))
}

impl TableTask {
    async fn run(mut self, mut inbox: mpsc::Receiver<Command>) {
        // A table loaded after a crash may owe a suggestion or a timeout.
        self.settle().await;
        loop {
            let deadline = self.core.next_deadline();
            tokio::select! {
                command = inbox.recv() => match command {
                    Some(command) => self.handle(command).await,
                    None => break,
                },
                _ = sleep_until_ms(deadline.unwrap_or(0)), if deadline.is_some() => {}
            }
            self.settle().await;
        }
    }

    /// Fires every timer that is due and stores the suggestion the review waits for.
    async fn settle(&mut self) {
        loop {
            if let Some(event) = self.core.due(now_ms()) {
                // Every node holding the table runs its timers; the (table, sequence) key lets
                // exactly one store the timeout. A node that loses catches up and finds the
                // timer no longer due.
                if self.commit_once(event).await.is_err() && self.core.due(now_ms()).is_some() {
                    return;
                }
                continue;
            }
            if self.core.wants_suggestion() {
                let dead = self.suggest().await;
                if !self.core.wants_suggestion() {
                    continue;
                }
                let event = self.core.next_event(
                    now_ms(),
                    EventKind::Action {
                        seat: None,
                        action: Action::SetDead(dead),
                        cause: Some(Cause::Suggestion),
                    },
                );
                if self.commit_once(event).await.is_err() && self.core.wants_suggestion() {
                    return;
                }
                continue;
            }
            return;
        }
    }

    /// The engine's dead stones for the current position (none when it is busy).
    async fn suggest(&self) -> Vec<tengen_rules::Point> {
        let AnyGame::Go(game) = self.core.game() else {
            return Vec::new();
        };
        match self.computer.suggested_dead(game).await {
            Ok(dead) => dead,
            Err(e) => {
                tracing::warn!(table = %self.core.id, error = %e, "no dead-stone suggestion");
                Vec::new()
            }
        }
    }

    fn seat_of(&self, token: &str) -> Option<Color> {
        if !secret::is_code(token) {
            return None;
        }
        let hash = secret::hash_code(token);
        [Color::Black, Color::White]
            .into_iter()
            .find(|c| self.row.token_hashes[c.index()].as_deref() == Some(hash.as_str()))
    }

    fn connected(&self) -> [bool; 2] {
        self.presence.connected()
    }

    fn state_json(&self) -> String {
        serde_json::to_string(&self.core.state(now_ms(), self.connected()))
            .expect("states serialise")
    }

    /// Tells this node's clients when the presence they were shown changed.
    fn broadcast_presence(&mut self) {
        if let Some([black, white]) = self.presence.changed() {
            let line = format!(r#"{{"type":"presence","black":{black},"white":{white}}}"#);
            let _ = self.updates.send(line.into());
        }
    }

    /// Tells the other nodes which seats are connected here (PostgreSQL only; best effort: a
    /// lost announcement is repeated within [`presence::ANNOUNCE_EVERY`]).
    fn announce_presence(&self) {
        if self.store.backend() != Backend::Postgres {
            return;
        }
        let store = self.store.clone();
        let payload = presence::payload(&self.core.id, self.node, self.presence.local());
        tokio::spawn(async move {
            if let Err(e) = store.notify(presence::CHANNEL, &payload).await {
                tracing::warn!(error = %e, "cannot announce presence");
            }
        });
    }

    async fn handle(&mut self, command: Command) {
        match command {
            Command::Connect {
                token,
                since,
                reply,
            } => {
                if token.as_deref().is_some_and(|t| self.seat_of(t).is_none()) {
                    // The seat may have been taken through another node.
                    self.catch_up().await;
                }
                let seat = match token.as_deref() {
                    None => None,
                    Some(t) => match self.seat_of(t) {
                        Some(seat) => Some(seat),
                        None => {
                            let _ = reply.send(Err(TableError::BadToken));
                            return;
                        }
                    },
                };
                let missed = match since {
                    None => None,
                    Some(n) => match self.core.events_after(n) {
                        Some(lines) => Some(lines.to_vec()),
                        None => {
                            let _ = reply.send(Err(TableError::Refused(
                                "since is after the table's last event",
                            )));
                            return;
                        }
                    },
                };
                let updates = self.updates.subscribe();
                if let Some(seat) = seat {
                    if self.presence.open(seat) {
                        self.broadcast_presence();
                        self.announce_presence();
                    }
                }
                let _ = reply.send(Ok(Connected {
                    seat,
                    missed,
                    state: self.state_json(),
                    updates,
                }));
            }
            Command::Disconnect { seat } => {
                if let Some(seat) = seat {
                    if self.presence.close(seat) {
                        self.broadcast_presence();
                        self.announce_presence();
                    }
                }
            }
            Command::Act {
                seat,
                request,
                reply,
            } => {
                let kind = match request {
                    SeatRequest::Action(action) => EventKind::Action {
                        seat: Some(seat),
                        action,
                        cause: None,
                    },
                    SeatRequest::Undo => EventKind::UndoRequested { seat },
                    SeatRequest::UndoReply(accept) => EventKind::UndoAnswered { seat, accept },
                };
                // A timer that is due fires before the request is judged.
                self.settle().await;
                let _ = reply.send(self.commit_kind(kind).await);
            }
            Command::Join {
                invite,
                name,
                reply,
            } => {
                let _ = reply.send(self.join(&invite, name).await);
            }
            Command::State { reply } => {
                let _ = reply.send(self.core.state(now_ms(), self.connected()));
            }
            Command::Summary { token, reply } => {
                let _ = reply.send(self.seat_of(&token).map(|seat| self.core.summary(seat)));
            }
            Command::Record { reply } => {
                let _ = reply.send((self.core.record().clone(), self.core.game().clone()));
            }
            Command::Remote { seq, line } => self.remote(seq, line).await,
            Command::CatchUp => self.catch_up().await,
            Command::RemotePresence { node, seats } => {
                self.presence
                    .announced(node, seats, std::time::Instant::now());
                self.broadcast_presence();
            }
            Command::PresenceTick => {
                self.presence.expire(std::time::Instant::now());
                self.broadcast_presence();
                if self.presence.local() != [false, false] {
                    self.announce_presence();
                }
            }
        }
    }

    /// Applies an event another node stored, or catches up when it does not follow.
    async fn remote(&mut self, seq: u64, line: Option<String>) {
        if seq <= self.core.seq() {
            return;
        }
        let event = line
            .filter(|_| seq == self.core.seq() + 1)
            .and_then(|l| serde_json::from_str::<Event>(&l).ok());
        match event {
            Some(event) if matches!(event.kind, EventKind::Seated { .. }) => self.catch_up().await,
            Some(event) => match self.core.apply(&event) {
                Ok(()) => self.publish(),
                Err(e) => {
                    tracing::warn!(table = %self.core.id, error = %e, "remote event refused");
                    self.catch_up().await;
                }
            },
            None => self.catch_up().await,
        }
    }

    /// Reads the events this node has not seen (and the seats) from the store.
    async fn catch_up(&mut self) {
        match self
            .store
            .events_after(&self.core.id, self.core.seq())
            .await
        {
            Ok(events) if events.is_empty() => {}
            Ok(_) => self.reload().await,
            Err(e) => tracing::warn!(table = %self.core.id, error = %e, "cannot catch up"),
        }
        if let Ok(Some(row)) = self.store.table(&self.core.id).await {
            self.row = row;
        }
    }

    async fn join(
        &mut self,
        invite: &str,
        name: Option<String>,
    ) -> Result<(Color, String), TableError> {
        if !secret::is_code(invite) || secret::hash_code(invite) != self.row.invite_hash {
            return Err(TableError::BadInvite);
        }
        let name = clean_name(name.as_deref())?;
        let seat = [Color::Black, Color::White]
            .into_iter()
            .find(|c| !self.core.seated()[c.index()])
            .ok_or(TableError::SeatsTaken)?;
        let token = secret::random_code();
        let hash = secret::hash_code(&token);
        let event = self
            .core
            .next_event(now_ms(), EventKind::Seated { seat, name });
        self.core.apply(&event)?;
        match self
            .store
            .claim_seat(&self.core.id, seat, &hash, &stored(&event))
            .await
        {
            Ok(true) => {
                self.row.token_hashes[seat.index()] = Some(hash);
                self.publish();
                Ok((seat, token))
            }
            Ok(false) => {
                self.reload().await;
                Err(TableError::SeatsTaken)
            }
            Err(AppendError::Conflict { .. }) => {
                self.reload().await;
                Err(TableError::Refused(
                    "the table changed at that moment: open the invite link again",
                ))
            }
            Err(e) => {
                tracing::error!(table = %self.core.id, error = %e, "cannot store a seat");
                self.reload().await;
                Err(TableError::Store)
            }
        }
    }

    /// Stores a seat's request as the next event. When another node stored that number first,
    /// the table catches up and the request is judged again on the new position (so two nodes
    /// can never both accept moves for the same turn).
    async fn commit_kind(&mut self, kind: EventKind) -> Result<u64, TableError> {
        let mut checked_news = false;
        for _ in 0..8 {
            let event = self.core.next_event(now_ms(), kind.clone());
            match self.commit_once(event).await {
                Err(TableError::Conflict) => continue,
                Err(e @ (TableError::Rules(_) | TableError::Refused(_)))
                    if !checked_news && self.store.backend() == Backend::Postgres =>
                {
                    // Another node may have stored events this one has not heard of yet (the
                    // opponent's move): refuse only on the latest position.
                    checked_news = true;
                    match self
                        .store
                        .events_after(&self.core.id, self.core.seq())
                        .await
                    {
                        Ok(news) if !news.is_empty() => self.reload().await,
                        _ => return Err(e),
                    }
                }
                other => return other,
            }
        }
        Err(TableError::Store)
    }

    /// Applies `event`, stores it, then broadcasts it; when it cannot be stored the table is
    /// rebuilt from the store so that memory never holds what was not stored.
    async fn commit_once(&mut self, event: Event) -> Result<u64, TableError> {
        let was_finished = self.core.game().is_finished();
        self.core.apply(&event)?;
        let line = self
            .core
            .events_after(event.seq - 1)
            .and_then(|l| l.first().cloned())
            .unwrap_or_default();
        match self
            .store
            .append(&self.core.id, &stored(&event), &line)
            .await
        {
            Ok(()) => {}
            Err(AppendError::Conflict { .. }) => {
                self.reload().await;
                return Err(TableError::Conflict);
            }
            Err(e) => {
                tracing::error!(table = %self.core.id, error = %e, "cannot store event");
                self.reload().await;
                return Err(TableError::Store);
            }
        }
        self.publish();
        if !was_finished && self.core.game().phase() == Phase::Finished {
            if let Err(e) = self.store.mark_finished(&self.core.id).await {
                tracing::warn!(table = %self.core.id, error = %e, "cannot mark finished");
            }
        }
        Ok(event.seq)
    }

    /// Sends every event this node's clients have not had, the last with the new state.
    fn publish(&mut self) {
        let Some(lines) = self.core.events_after(self.published) else {
            return;
        };
        let lines = lines.to_vec();
        let state = self.state_json();
        for (i, event) in lines.iter().enumerate() {
            let line = if i + 1 == lines.len() {
                format!(r#"{{"type":"event","event":{event},"state":{state}}}"#)
            } else {
                format!(r#"{{"type":"event","event":{event}}}"#)
            };
            let _ = self.updates.send(line.into());
        }
        self.published = self.core.seq();
    }

    /// Rebuilds the table from the store (after a failed or conflicting write, or events
    /// stored by another node), then sends the clients what is new.
    async fn reload(&mut self) {
        match load(&self.store, &self.core.id).await {
            Ok((core, row)) => {
                self.core = core;
                self.row = row;
                self.published = self.published.min(self.core.seq());
                self.publish();
            }
            Err(e) => tracing::error!(table = %self.core.id, error = %e, "cannot reload table"),
        }
    }
}
