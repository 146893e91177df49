//! Shared helpers of the HTTP API tests (the browser tests have their own in `common`).

#![allow(dead_code)]

use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Duration;
use tengen_server::computer::ComputerPool;
use tengen_server::AppState;

/// A JSON record of a `size`×`size` game with these moves (`"pass"` or a point).
pub fn record(size: u8, moves: &[&str]) -> Value {
    let actions: Vec<Value> = moves
        .iter()
        .map(|m| match *m {
            "pass" => json!({"pass": {}}),
            p => json!({"place": p}),
        })
        .collect();
    json!({"rules": {"size": size}, "actions": actions})
}

/// The app with one engine slot and no queue, that slot taken for `think` by a blocking job;
/// returns once the job holds the slot. Await the handle to let the slot go.
pub async fn app_with_busy_computer(
    think: Duration,
) -> (
    axum::Router,
    tokio::task::JoinHandle<Result<(), tengen_server::http::error::ApiError>>,
) {
    let state = Arc::new(AppState::with_computer(ComputerPool::new(1, 0)));
    let app = tengen_server::app_with(state.clone());
    let job =
        tokio::spawn(async move { state.computer.run(move || std::thread::sleep(think)).await });
    tokio::time::sleep(Duration::from_millis(100)).await;
    (app, job)
}
