//! `POST /api/genmove` on TimeGo records: the TimeGo player answers with a legal action (a
//! time move when that is what the position needs), plain or streamed with progress.

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tower::ServiceExt;

fn request(body: &Value, stream: bool) -> Request<Body> {
    let mut builder =
        Request::post("/api/genmove").header(header::CONTENT_TYPE, "application/json");
    if stream {
        builder = builder.header(header::ACCEPT, "application/x-ndjson");
    }
    builder.body(Body::from(body.to_string())).unwrap()
}

async fn genmove(body: &Value) -> (StatusCode, Value) {
    let response = tengen_server::app()
        .oneshot(request(body, false))
        .await
        .unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (status, serde_json::from_slice(&bytes).unwrap())
}

/// A TimeGo record of this size: `pass`, `lock`, or a point to place.
fn timego(size: u8, actions: &[&str]) -> Value {
    let actions: Vec<Value> = actions
        .iter()
        .map(|a| match *a {
            "lock" => json!({"lock": {}}),
            "pass" => json!({"pass": {}}),
            p => json!({"place": p}),
        })
        .collect();
    json!({"rules": {"variant": "timego", "size": size, "komi": 7.5}, "actions": actions})
}

#[tokio::test]
async fn the_computer_answers_a_timego_record_with_a_legal_action() {
    let record = timego(9, &["E5", "D4", "C3"]);
    let (status, answer) = genmove(&json!({"record": record, "level": 1})).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["record"]["actions"].as_array().unwrap().len(), 4);
    assert_eq!(answer["view"]["variant"], "timego");
    assert_eq!(answer["view"]["to_move"], "black");
    assert_eq!(answer["record"]["actions"][3], answer["action"]);
}

#[tokio::test]
async fn the_computer_moves_a_stone_into_the_past_when_only_that_captures() {
    // 5x5: White's C1-C3 were in atari (liberty D3) right after Black's C4 and escaped by
    // capturing C4 with C5; Black has since played D3. Only D3 moved back before C5 captures.
    let record = timego(
        5,
        &[
            "B1", "C1", "B2", "C2", "B3", "C3", "D1", "B4", "D2", "D4", "C4", "C5", "pass", "C4",
            "D3", "E5",
        ],
    );
    let (status, answer) = genmove(&json!({"record": record, "level": 8})).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let time = &answer["action"]["time"];
    assert_eq!(time["stone"], "D3", "{answer}");
    assert!(time["to"].as_u64().unwrap() <= 11, "{answer}");
    let last = answer["view"]["timego"]["turns"]
        .as_array()
        .unwrap()
        .last()
        .unwrap()
        .clone();
    assert_eq!(last["action"], "time");
    assert_eq!(
        last["cancelled"][0]["point"], "C4",
        "White's C4 is cancelled: {last}"
    );
}

#[tokio::test]
async fn a_streamed_timego_genmove_reports_progress_then_the_answer() {
    let body = json!({"record": timego(9, &["E5"]), "level": 2});
    let response = tengen_server::app()
        .oneshot(request(&body, true))
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let lines: Vec<Value> = String::from_utf8(bytes.to_vec())
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let (last, progress) = lines.split_last().unwrap();
    assert_eq!(progress[0]["progress"]["playouts"], 0);
    assert_eq!(progress[0]["progress"]["budget"], 80);
    assert_eq!(last["view"]["variant"], "timego");
    assert_eq!(last["record"]["actions"].as_array().unwrap().len(), 2);
}

#[tokio::test]
async fn a_finished_timego_game_gets_no_computer_move() {
    let record = timego(9, &["E5", "pass", "pass"]);
    let (status, answer) = genmove(&json!({"record": record, "level": 1})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    assert_eq!(answer["error"], "the game is over");
}
