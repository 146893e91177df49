//! The store's group commit, on SQLite and on PostgreSQL: events of many tables appended at the
//! same moment are committed together, each table gets its own answer, and a number already
//! taken is refused without failing the other events of its batch.

mod tables_support;

use futures_util::future::join_all;
use tables_support::TestServer;
use tengen_server::store::{AppendError, Store, StoredEvent, TableRow};

on_both_databases!(
    events_of_many_tables_appended_at_once_are_all_stored_in_order,
    a_taken_number_is_refused_without_failing_its_batch,
);

fn store(server: &TestServer) -> Store {
    server
        .state
        .tables
        .as_ref()
        .expect("tables")
        .store()
        .clone()
}

fn event(seq: u64, body: &str) -> StoredEvent {
    StoredEvent {
        seq,
        at: 1_700_000_000_000 + seq as i64,
        body: body.to_string(),
    }
}

/// Stores `count` fresh tables (ids unique across runs: PostgreSQL keeps them) with event 1.
async fn tables(store: &Store, count: usize) -> Vec<String> {
    let run = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    let mut ids = Vec::new();
    for n in 0..count {
        let id = format!("gc{run}x{n}");
        let row = TableRow {
            id: id.clone(),
            created_at: 1_700_000_000_000,
            settings: "{}".into(),
            invite_hash: "00".into(),
            token_hashes: [Some("11".into()), None],
            finished: false,
        };
        store
            .create_table(&row, &event(1, "created"))
            .await
            .unwrap();
        ids.push(id);
    }
    ids
}

async fn events_of_many_tables_appended_at_once_are_all_stored_in_order(server: TestServer) {
    let store = store(&server);
    let ids = tables(&store, 60).await;
    // Each table appends its events one after another (as a table task does); the tables run
    // at the same time, so their events share batches.
    join_all(ids.iter().map(|id| {
        let store = store.clone();
        async move {
            for seq in 2..=6 {
                store
                    .append(id, &event(seq, &format!("{id} move {seq}")), "line")
                    .await
                    .expect("stored");
            }
        }
    }))
    .await;
    for id in &ids {
        let stored = store.events_after(id, 0).await.unwrap();
        let seqs: Vec<u64> = stored.iter().map(|e| e.seq).collect();
        assert_eq!(seqs, vec![1, 2, 3, 4, 5, 6], "table {id}");
        assert_eq!(stored[3].body, format!("{id} move 4"));
    }
}

async fn a_taken_number_is_refused_without_failing_its_batch(server: TestServer) {
    let store = store(&server);
    let ids = tables(&store, 30).await;
    let contested = ids[0].clone();
    // Two writers race for event 2 of the first table while every other table appends its own.
    let mut appends: Vec<(String, &str)> = ids.iter().map(|id| (id.clone(), "only")).collect();
    appends.push((contested.clone(), "rival"));
    let outcomes = join_all(appends.iter().map(|(id, body)| {
        let store = store.clone();
        async move { store.append(id, &event(2, body), "line").await }
    }))
    .await;
    let contested_outcomes: Vec<&Result<(), AppendError>> = appends
        .iter()
        .zip(&outcomes)
        .filter(|((id, _), _)| *id == contested)
        .map(|(_, outcome)| outcome)
        .collect();
    assert_eq!(contested_outcomes.iter().filter(|o| o.is_ok()).count(), 1);
    assert!(contested_outcomes
        .iter()
        .any(|o| matches!(o, Err(AppendError::Conflict { seq: 2 }))));
    for ((id, _), outcome) in appends.iter().zip(&outcomes) {
        if *id != contested {
            assert!(outcome.is_ok(), "table {id}: {outcome:?}");
            assert_eq!(store.events_after(id, 1).await.unwrap().len(), 1);
        }
    }
    let winner = store.events_after(&contested, 1).await.unwrap();
    assert_eq!(winner.len(), 1, "exactly one event 2 stored");
}
