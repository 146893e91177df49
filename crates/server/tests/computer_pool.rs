//! Neither the computer nor long records block the server: while every engine slot (or every
//! slot of the rules pool for long records) is busy, short game requests are answered at once,
//! and requests beyond the queue get a 503 at once.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tengen_server::work::WorkPool;
use tengen_server::AppState;
use tower::ServiceExt;

mod api_support;
use api_support::app_with_busy_computer;

async fn post(app: &axum::Router, path: &str, body: Value) -> (StatusCode, Value) {
    let request = Request::post(path)
        .header(axum::http::header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (status, serde_json::from_slice(&bytes).unwrap())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_busy_computer_neither_blocks_play_nor_queues_without_bound() {
    // One engine slot and no queue, taken.
    let (app, long_think) = app_with_busy_computer(Duration::from_millis(800)).await;

    let record = json!({"rules": {"size": 9}, "actions": [{"place": "E5"}]});
    let started = Instant::now();
    let (status, _) = post(
        &app,
        "/api/apply",
        json!({"record": record, "action": {"place": "D4"}}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        started.elapsed() < Duration::from_millis(400),
        "play waited for the engine"
    );

    let (status, error) = post(&app, "/api/genmove", json!({"record": record, "level": 1})).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert!(error["error"].as_str().unwrap().contains("busy"));

    long_think.await.unwrap().unwrap();
    let (status, _) = post(&app, "/api/genmove", json!({"record": record, "level": 1})).await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_long_record_while_the_rules_pool_is_full_is_a_503_and_a_short_one_is_answered() {
    // One slot for long records and no queue, taken until `release` is sent.
    let state = Arc::new(AppState {
        rules_work: WorkPool::new(1, 0),
        ..AppState::default()
    });
    let app = tengen_server::app_with(state.clone());
    let (release, hold) = std::sync::mpsc::channel::<()>();
    let busy = state.clone();
    let job = tokio::spawn(async move { busy.rules_work.run(move || hold.recv().ok()).await });
    tokio::time::sleep(Duration::from_millis(100)).await;

    // A TimeGo record of 60 placements costs more than the inline budget: it needs the pool.
    let mut actions = Vec::new();
    for col in "ABCDEFGHJ".chars() {
        for row in 1..=3 {
            actions.push(json!({"place": format!("{col}{row}")}));
            actions.push(json!({"place": format!("{col}{}", row + 5)}));
        }
    }
    actions.extend([json!({"place": "A5"}), json!({"place": "B5"})]);
    let long = json!({"rules": {"variant": "timego", "size": 9}, "actions": actions});
    let started = Instant::now();
    let (status, error) = post(&app, "/api/evaluate", long.clone()).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{error}");
    assert!(error["error"].as_str().unwrap().contains("busy"), "{error}");
    assert!(
        started.elapsed() < Duration::from_millis(500),
        "a full pool is refused at once, not queued"
    );

    let short = json!({"rules": {"size": 9}, "actions": [{"place": "E5"}]});
    let (status, _) = post(&app, "/api/evaluate", short).await;
    assert_eq!(status, StatusCode::OK, "a short record is answered inline");

    release.send(()).unwrap();
    job.await.unwrap().unwrap();
    let (status, view) = post(&app, "/api/evaluate", long).await;
    assert_eq!(status, StatusCode::OK, "{view}");
}
