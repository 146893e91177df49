//! `POST /api/chain`: the chain at a point and its liberties, from the rules crate's board, for
//! Go and TimeGo records; clear 4xx answers for bad input.

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tower::ServiceExt;

async fn chain(record: Value, point: &str) -> (StatusCode, Value) {
    let request = Request::post("/api/chain")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(
            json!({"record": record, "point": point}).to_string(),
        ))
        .unwrap();
    let response = tengen_server::app().oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (status, serde_json::from_slice(&bytes).unwrap())
}

fn record(variant: &str, places: &[&str]) -> Value {
    let actions: Vec<Value> = places.iter().map(|p| json!({"place": p})).collect();
    json!({"rules": {"variant": variant, "size": 7, "komi": 7.5}, "actions": actions})
}

#[tokio::test]
async fn a_chain_lists_its_stones_and_liberties() {
    for variant in ["go", "timego"] {
        // Black D4 and D5 form one chain; White C4 takes one of its liberties.
        let (status, answer) = chain(record(variant, &["D4", "C4", "D5"]), "D5").await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        assert_eq!(answer["color"], "black");
        assert_eq!(answer["stones"], json!(["D4", "D5"]));
        assert_eq!(answer["liberties"], json!(["C5", "D3", "D6", "E4", "E5"]));
    }
}

#[tokio::test]
async fn an_empty_point_has_no_chain() {
    let (status, answer) = chain(record("timego", &["D4"]), "A1").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(answer["color"], Value::Null);
    assert_eq!(answer["stones"], json!([]));
    assert_eq!(answer["liberties"], json!([]));
}

#[tokio::test]
async fn bad_points_and_records_are_refused() {
    let (status, _) = chain(record("go", &["D4"]), "Z0").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, answer) = chain(record("go", &["D4"]), "H8").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    let (status, answer) = chain(record("go", &["D4", "D4"]), "D4").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(answer["index"], 1);
}
