//! The computer never blocks the server: while every engine slot is busy, game requests are
//! answered at once, and computer requests beyond the queue get a 503.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use std::time::{Duration, Instant};
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
