//! `POST /api/timego/targets` through the router: previews of a time move that cancels a
//! placement, and a clear 4xx for each kind of bad input.

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tower::ServiceExt;

async fn post_raw(body: impl Into<Body>) -> (StatusCode, Value) {
    let request = Request::post("/api/timego/targets")
        .header(header::CONTENT_TYPE, "application/json")
        .body(body.into())
        .unwrap();
    let response = tengen_server::app().oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let value = serde_json::from_slice(&bytes)
        .unwrap_or(Value::String(String::from_utf8_lossy(&bytes).into_owned()));
    (status, value)
}

async fn targets(record: Value, stone: &str) -> (StatusCode, Value) {
    post_raw(json!({"record": record, "stone": stone}).to_string()).await
}

/// A 9x9 TimeGo record of these actions (`lock`, `pass`, or a point to place).
fn timego(actions: &[&str]) -> Value {
    let actions: Vec<Value> = actions
        .iter()
        .map(|a| match *a {
            "lock" => json!({"lock": {}}),
            "pass" => json!({"pass": {}}),
            p => json!({"place": p}),
        })
        .collect();
    json!({"rules": {"variant": "timego", "size": 9, "komi": 7.5}, "actions": actions})
}

/// Black B1, White A1, Black A2 captures A1, White E5: Black to move. Moving A2 before A1
/// makes White's A1 suicide in the new past, so it would be cancelled.
const CAPTURE_IN_THE_CORNER: [&str; 4] = ["B1", "A1", "A2", "E5"];

#[tokio::test]
async fn a_stone_that_can_travel_lists_each_target_with_what_it_would_cancel() {
    let (status, body) = targets(timego(&CAPTURE_IN_THE_CORNER), "A2").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["stone"], "A2");
    assert_eq!(body["color"], "black");
    assert_eq!(body["index"], 2);
    assert_eq!(body["boundary"], 0);
    let cancelled_a1 = json!([{"index": 1, "color": "white", "point": "A1", "reason": "suicide"}]);
    assert_eq!(
        body["targets"],
        json!([{"to": 0, "cancels": cancelled_a1}, {"to": 1, "cancels": cancelled_a1}])
    );
    assert!(body.get("note").is_none());
}

#[tokio::test]
async fn a_target_that_cancels_nothing_has_no_cancels_field() {
    // Black D4, White E5, Black C3: C3 may travel to 0 or 1 and nothing changes but the order.
    let (status, body) = targets(timego(&["D4", "E5", "C3", "F6"]), "C3").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["targets"], json!([{"to": 0}, {"to": 1}]));
}

#[tokio::test]
async fn the_first_unlocked_placement_has_no_target_and_a_note_says_why() {
    let (status, body) = targets(timego(&["D4", "E5"]), "D4").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["targets"], json!([]));
    assert!(
        body["note"]
            .as_str()
            .unwrap()
            .contains("first unlocked one"),
        "{body}"
    );
}

#[tokio::test]
async fn a_malformed_body_is_a_400() {
    let (status, body) = post_raw("{not json").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body["error"].as_str().unwrap().contains("malformed JSON"));
    let (status, body) = post_raw(json!({"record": timego(&[])}).to_string()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body["error"].as_str().unwrap().contains("stone"), "{body}");
    let (status, body) = targets(timego(&["D4"]), "hello").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        body["error"].as_str().unwrap().starts_with("stone:"),
        "{body}"
    );
}

#[tokio::test]
async fn a_standard_go_record_is_refused() {
    let record = json!({"rules": {"variant": "go", "size": 9}, "actions": [{"place": "D4"}]});
    let (status, body) = targets(record, "D4").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body["error"]
        .as_str()
        .unwrap()
        .contains("TimeGo records only"));
}

#[tokio::test]
async fn an_illegal_record_action_is_a_422_with_its_index() {
    let (status, body) = targets(timego(&["D4", "D4"]), "D4").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["index"], 1);
    assert_eq!(body["error"], "action 1 is illegal: D4 is occupied");
}

#[tokio::test]
async fn an_off_board_point_is_a_422() {
    let (status, body) = targets(timego(&CAPTURE_IN_THE_CORNER), "K5").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["error"], "K5 is off the 9 × 9 board");
}

#[tokio::test]
async fn an_empty_point_has_no_stone_to_move() {
    let (status, body) = targets(timego(&CAPTURE_IN_THE_CORNER), "A1").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["error"], "there is no stone at A1");
}

#[tokio::test]
async fn the_opponents_stone_is_not_yours() {
    let (status, body) = targets(timego(&CAPTURE_IN_THE_CORNER), "E5").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["error"], "the stone at E5 is not yours");
}

#[tokio::test]
async fn a_locked_stone_cannot_travel() {
    // Black locks all four placements, White places F5: Black to move again.
    let mut actions = CAPTURE_IN_THE_CORNER.to_vec();
    actions.extend(["lock", "F5"]);
    let (status, body) = targets(timego(&actions), "A2").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["error"], "that stone's placement is locked");
}

#[tokio::test]
async fn a_finished_game_has_no_time_moves() {
    let mut actions = CAPTURE_IN_THE_CORNER.to_vec();
    actions.extend(["pass", "pass"]);
    let (status, body) = targets(timego(&actions), "A2").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["error"], "the game is over");
}
