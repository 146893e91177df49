//! Several nodes on one PostgreSQL: every stored event is announced with `NOTIFY tengen_tables`
//! (in the same statement as its insert), and each node listens, applying the events of the
//! tables it holds. A node whose listening connection dropped catches every table up from the
//! store, and a periodic scan loads the unfinished tables other nodes created, so that every
//! node runs every table's timers (the (table, sequence) key lets exactly one store a timeout).

use super::{presence, Tables};
use sqlx::postgres::PgListener;
use std::time::Duration;

/// How often a node looks for unfinished tables it does not hold yet.
pub const SCAN_EVERY: Duration = Duration::from_secs(2);

/// Listens for other nodes' events until the server stops (PostgreSQL only).
pub async fn listen(tables: Tables) {
    loop {
        match PgListener::connect(tables.store().url()).await {
            Ok(mut listener) => {
                if let Err(e) = listener
                    .listen_all(["tengen_tables", presence::CHANNEL])
                    .await
                {
                    tracing::warn!(error = %e, "cannot LISTEN; retrying");
                } else {
                    // Anything stored while this node was not listening is read back.
                    tables.catch_up_all().await;
                    loop {
                        match listener.try_recv().await {
                            Ok(Some(n)) if n.channel() == presence::CHANNEL => {
                                tables.presence_notified(n.payload()).await
                            }
                            Ok(Some(n)) => tables.notified(n.payload()).await,
                            Ok(None) => {
                                tracing::warn!("lost the LISTEN connection; catching up");
                                tables.catch_up_all().await;
                            }
                            Err(e) => {
                                tracing::warn!(error = %e, "LISTEN failed; reconnecting");
                                break;
                            }
                        }
                    }
                }
            }
            Err(e) => tracing::warn!(error = %e, "cannot connect the listener; retrying"),
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}

/// Repeats this node's presence and forgets silent nodes', every [`presence::ANNOUNCE_EVERY`].
pub async fn presence(tables: Tables) {
    let mut every = tokio::time::interval(presence::ANNOUNCE_EVERY);
    loop {
        every.tick().await;
        tables.presence_tick().await;
    }
}

/// Loads the unfinished tables other nodes created, every [`SCAN_EVERY`].
pub async fn scan(tables: Tables) {
    let mut every = tokio::time::interval(SCAN_EVERY);
    loop {
        every.tick().await;
        if let Err(e) = tables.resume_open().await {
            tracing::warn!(error = %e, "cannot scan for open tables");
        }
    }
}
