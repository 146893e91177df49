//! `POST /api/genmove` with `Accept: application/x-ndjson`: progress lines while the computer
//! thinks and a final line equal to the plain answer; errors found before the search keep their
//! status; a client that goes away cancels the search.

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tengen_server::computer::ComputerPool;
use tengen_server::AppState;
use tower::ServiceExt;

mod api_support;
use api_support::{app_with_busy_computer, record};

const NDJSON: &str = "application/x-ndjson";

fn request(body: &Value, stream: bool) -> Request<Body> {
    let mut builder =
        Request::post("/api/genmove").header(header::CONTENT_TYPE, "application/json");
    if stream {
        builder = builder.header(header::ACCEPT, NDJSON);
    }
    builder.body(Body::from(body.to_string())).unwrap()
}

/// Status, content type and the body's lines parsed as JSON.
async fn stream(app: &axum::Router, body: &Value) -> (StatusCode, String, Vec<Value>) {
    let response = app.clone().oneshot(request(body, true)).await.unwrap();
    let status = response.status();
    let content_type = response.headers()[header::CONTENT_TYPE]
        .to_str()
        .unwrap()
        .to_string();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let text = String::from_utf8(bytes.to_vec()).unwrap();
    if content_type == NDJSON {
        assert!(
            text.ends_with('\n'),
            "every line ends with a newline: {text}"
        );
    }
    let lines = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    (status, content_type, lines)
}

async fn plain(app: &axum::Router, body: &Value) -> (StatusCode, Value) {
    let response = app.clone().oneshot(request(body, false)).await.unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (status, serde_json::from_slice(&bytes).unwrap())
}

fn assert_progress(line: &Value) {
    let p = &line["progress"];
    let fraction = p["fraction"].as_f64().expect("a fraction");
    assert!((0.0..=1.0).contains(&fraction), "{line}");
    assert!(p["playouts"].as_u64().unwrap() <= p["budget"].as_u64().unwrap());
    assert_eq!(line.as_object().unwrap().len(), 1, "{line}");
}

#[tokio::test]
async fn a_streamed_genmove_reports_progress_then_the_plain_answer() {
    let body = json!({"record": record(9, &["E5"]), "level": 1});
    let (status, content_type, lines) = stream(&tengen_server::app(), &body).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(content_type, NDJSON);
    let (last, progress) = lines.split_last().expect("a final line");
    assert!(!progress.is_empty(), "the search's start is reported");
    assert_eq!(progress[0]["progress"]["playouts"], 0);
    assert_eq!(
        progress[0]["progress"]["budget"], 40,
        "level 1 runs 40 playouts"
    );
    progress.iter().for_each(assert_progress);

    // The final line is the plain answer (a fresh server thinks the same).
    let (status, answer) = plain(&tengen_server::app(), &body).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(last, &answer);
    assert_eq!(last["record"]["actions"].as_array().unwrap().len(), 2);
    assert_eq!(last["view"]["last_move"]["color"], "white");
}

#[tokio::test]
async fn streamed_genmove_errors_before_the_search_keep_their_status() {
    let app = tengen_server::app();
    let cases = [
        (
            json!({"record": record(9, &[]), "level": 0}),
            StatusCode::BAD_REQUEST,
        ),
        (
            json!({"record": record(9, &["E5", "pass", "pass"]), "level": 3}),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            json!({"record": record(9, &["E5", "E5"]), "level": 3}),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            json!({"record": "not a record", "level": 3}),
            StatusCode::BAD_REQUEST,
        ),
    ];
    for (body, expected) in cases {
        let (status, content_type, lines) = stream(&app, &body).await;
        assert_eq!(status, expected, "{body}");
        assert!(
            content_type.starts_with("application/json"),
            "{content_type}"
        );
        assert_eq!(lines.len(), 1);
        assert!(lines[0]["error"].is_string(), "{}", lines[0]);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_streamed_genmove_with_a_full_queue_is_a_plain_503() {
    let (app, long_think) = app_with_busy_computer(Duration::from_millis(500)).await;
    let body = json!({"record": record(9, &["E5"]), "level": 1});
    let (status, content_type, lines) = stream(&app, &body).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert!(content_type.starts_with("application/json"));
    assert!(lines[0]["error"].as_str().unwrap().contains("busy"));
    long_think.await.unwrap().unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_long_search_reports_playouts_and_stops_when_the_client_leaves() {
    let state = Arc::new(AppState::with_computer(ComputerPool::new(1, 0)));
    let app = tengen_server::app_with(state.clone());
    // The full engine on an empty 19x19 board thinks for seconds.
    let body = json!({"record": record(19, &[]), "level": 10});
    let response = app.oneshot(request(&body, true)).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let mut body = response.into_body();
    let deadline = Instant::now() + Duration::from_secs(60);
    let mut pending = String::new();
    let report = 'read: loop {
        let frame = tokio::time::timeout_at(deadline.into(), body.frame())
            .await
            .expect("a progress report within a minute")
            .expect("the stream goes on while the computer thinks")
            .unwrap();
        pending.push_str(std::str::from_utf8(&frame.into_data().unwrap()).unwrap());
        while let Some(end) = pending.find('\n') {
            let line: Value = serde_json::from_str(&pending[..end]).unwrap();
            pending.drain(..=end);
            assert!(line.get("progress").is_some(), "still thinking: {line}");
            assert_progress(&line);
            if line["progress"]["playouts"].as_u64().unwrap() > 0 {
                break 'read line;
            }
        }
    };
    assert_eq!(report["progress"]["budget"], 10_000);
    assert_eq!(state.computer.running(), 1);

    // The client goes away: the search is cancelled and frees its slot at once (the whole
    // search takes seconds in a test build; a cancelled one stops within milliseconds).
    drop(body);
    let freed = Instant::now() + Duration::from_secs(1);
    while state.computer.running() > 0 {
        assert!(Instant::now() < freed, "the cancelled search kept its slot");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(
        state.computer.kept_engines(),
        0,
        "a cancelled search's engine is not kept"
    );
}
