//! The JSON API through the router (`tower::ServiceExt::oneshot`): valid games, each kind of
//! illegal action, malformed and oversized input, and the static assets.

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tower::ServiceExt;

mod api_support;

async fn send(request: Request<Body>) -> (StatusCode, Vec<u8>, axum::http::HeaderMap) {
    let response = tengen_server::app().oneshot(request).await.unwrap();
    let status = response.status();
    let headers = response.headers().clone();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (status, bytes.to_vec(), headers)
}

async fn post_raw(path: &str, body: impl Into<Body>) -> (StatusCode, Value) {
    let request = Request::post(path)
        .header(header::CONTENT_TYPE, "application/json")
        .body(body.into())
        .unwrap();
    let (status, bytes, _) = send(request).await;
    let value = serde_json::from_slice(&bytes)
        .unwrap_or(Value::String(String::from_utf8_lossy(&bytes).into_owned()));
    (status, value)
}

async fn post(path: &str, body: Value) -> (StatusCode, Value) {
    post_raw(path, body.to_string()).await
}

/// A 9×9 record with these moves.
fn record(moves: &[&str]) -> Value {
    api_support::record(9, moves)
}

/// The ko shape: after these moves Black has just taken the ko at D4 (capturing C4).
const KO: &[&str] = &["C5", "D5", "B4", "C4", "C3", "D3", "J9", "E4", "D4"];

#[tokio::test]
async fn evaluate_returns_the_view_of_a_valid_record() {
    let (status, view) = post("/api/evaluate", record(&["E5", "C3"])).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(view["size"], 9);
    assert_eq!(view["to_move"], "black");
    assert_eq!(view["phase"], "playing");
    assert_eq!(view["board"][4], "....X....");
    assert_eq!(view["last_move"]["point"], "C3");
}

#[tokio::test]
async fn apply_appends_a_legal_move_and_returns_record_and_view() {
    let body = json!({"record": record(&["E5"]), "action": {"place": "D4"}});
    let (status, answer) = post("/api/apply", body).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(answer["record"]["actions"].as_array().unwrap().len(), 2);
    assert_eq!(answer["view"]["board"][5], "...O.....");
    assert_eq!(answer["view"]["to_move"], "black");
}

#[tokio::test]
async fn apply_counts_a_capture_for_the_capturing_color() {
    let body = json!({"record": record(&KO[..8]), "action": {"place": "D4"}});
    let (status, answer) = post("/api/apply", body).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(answer["view"]["captures"]["black"], 1);
    assert_eq!(answer["view"]["illegal"]["C4"], "ko");
}

async fn assert_illegal(moves: &[&str], action: Value, reason: &str) {
    let body = json!({"record": record(moves), "action": action});
    let (status, error) = post("/api/apply", body).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{error}");
    assert_eq!(error["index"], moves.len(), "{error}");
    let message = error["error"].as_str().unwrap();
    assert!(
        message.contains(reason),
        "{message} should mention {reason}"
    );
}

#[tokio::test]
async fn placing_on_an_occupied_point_is_a_422_naming_the_index() {
    assert_illegal(&["E5"], json!({"place": "E5"}), "occupied").await;
}

#[tokio::test]
async fn suicide_is_a_422() {
    assert_illegal(&["A2", "J9", "B1"], json!({"place": "A1"}), "suicide").await;
}

#[tokio::test]
async fn retaking_a_ko_at_once_is_a_422() {
    assert_illegal(KO, json!({"place": "C4"}), "ko").await;
}

/// Three kos at once (from the rules crate's ko tests): retaking all three returns to the
/// start after six moves.
const TRIPLE_KO: [&str; 9] = [
    ".XO...XO.",
    "XO.O.X.XO",
    ".XO...XO.",
    ".........",
    ".XO......",
    "XO.O.....",
    ".XO......",
    ".........",
    ".........",
];

#[tokio::test]
async fn repeating_an_earlier_position_is_a_422_for_superko() {
    let columns = "ABCDEFGHJ";
    let (mut black, mut white) = (vec![], vec![]);
    for (r, row) in TRIPLE_KO.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            let point = format!("{}{}", &columns[c..=c], 9 - r);
            match ch {
                'X' => black.push(point),
                'O' => white.push(point),
                _ => {}
            }
        }
    }
    let cycle = ["C8", "G8", "C4", "B8", "H8"];
    let actions: Vec<Value> = cycle.iter().map(|p| json!({"place": p})).collect();
    let record = json!({"rules": {"size": 9}, "setup": {"black": black, "white": white},
                        "actions": actions});
    let (status, error) = post(
        "/api/apply",
        json!({"record": record, "action": {"place": "B4"}}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{error}");
    assert_eq!(error["index"], 5);
    assert!(
        error["error"].as_str().unwrap().contains("superko"),
        "{error}"
    );
}

#[tokio::test]
async fn a_point_off_the_board_is_a_422() {
    assert_illegal(&[], json!({"place": "T19"}), "T19 is off the 9 × 9 board").await;
}

#[tokio::test]
async fn placing_during_score_review_is_a_422() {
    assert_illegal(&["E5", "pass", "pass"], json!({"place": "D4"}), "review").await;
}

#[tokio::test]
async fn confirming_white_before_black_is_a_422() {
    assert_illegal(
        &["E5", "pass", "pass"],
        json!({"confirm": "white"}),
        "Black",
    )
    .await;
}

#[tokio::test]
async fn marking_an_empty_point_dead_is_a_422() {
    assert_illegal(
        &["E5", "pass", "pass"],
        json!({"toggle_dead": "D4"}),
        "no stone",
    )
    .await;
}

#[tokio::test]
async fn a_move_after_resignation_is_a_422() {
    let mut r = record(&["E5"]);
    r["actions"]
        .as_array_mut()
        .unwrap()
        .push(json!({"resign": "white"}));
    let (status, error) = post(
        "/api/apply",
        json!({"record": r, "action": {"place": "D4"}}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(error["index"], 2);
    assert!(error["error"].as_str().unwrap().contains("over"));
}

#[tokio::test]
async fn an_illegal_action_inside_the_record_is_reported_with_its_index() {
    let (status, error) = post("/api/evaluate", record(&["E5", "D4", "E5"])).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(error["index"], 2);
    assert!(error["error"].as_str().unwrap().contains("occupied"));
}

#[tokio::test]
async fn two_passes_open_review_with_a_suggestion_and_both_confirmations_finish() {
    let mut r = record(&["E5", "D4", "pass", "pass"]);
    let (status, view) = post("/api/evaluate", r.clone()).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(view["phase"], "review");
    assert!(view["review"]["suggested_dead"].is_array());
    assert_eq!(view["review"]["next_confirm"], "black");
    assert_eq!(view["score"]["white"]["komi"], 7.5);
    let actions = r["actions"].as_array_mut().unwrap();
    actions.push(json!({"toggle_dead": "D4"}));
    actions.push(json!({"confirm": "black"}));
    let (status, answer) = post(
        "/api/apply",
        json!({"record": r, "action": {"confirm": "white"}}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["view"]["phase"], "finished");
    // Black: E5 and 80 points of territory (D4 removed) = 81; White 7.5.
    assert_eq!(answer["view"]["result"], "B+73.5");
}

#[tokio::test]
async fn malformed_json_is_a_400_with_a_json_error() {
    for body in ["", "{", "{\"rules\": ", "[1,2]", "null", "\u{0}"] {
        let (status, error) = post_raw("/api/evaluate", body.to_string()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "body {body:?}");
        assert!(!error["error"].as_str().unwrap().is_empty(), "{error}");
    }
}

#[tokio::test]
async fn a_record_of_the_wrong_shape_is_a_400() {
    let cases = [
        json!({"actions": []}),
        json!({"rules": {"size": 9}, "actions": [{"jump": "E5"}]}),
        json!({"rules": {"size": 9, "komi": 7.3}, "actions": []}),
        json!({"rules": {"size": 9}, "actions": [], "extra": 1}),
        json!({"rules": "no-such-preset", "actions": []}),
    ];
    for body in cases {
        let (status, error) = post("/api/evaluate", body.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body} → {error}");
        assert!(error["error"].is_string());
    }
}

#[tokio::test]
async fn an_unusable_board_size_is_a_400() {
    let (status, error) = post(
        "/api/evaluate",
        json!({"rules": {"size": 40}, "actions": []}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{error}");
}

#[tokio::test]
async fn an_apply_body_without_an_action_is_a_400() {
    let (status, _) = post("/api/apply", json!({"record": record(&[])})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn an_oversized_body_is_a_413() {
    let big = format!(
        "{{\"rules\": {{\"size\": 9}}, \"actions\": [], \"date\": \"{}\"}}",
        "x".repeat(400_000)
    );
    let (status, error) = post_raw("/api/evaluate", big).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(error["error"].as_str().unwrap().contains("larger"));
}

#[tokio::test]
async fn an_unknown_api_route_is_a_json_404() {
    let (status, error) = post("/api/nothing", json!({})).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(error["error"].as_str().unwrap().contains("/api/nothing"));
}

#[tokio::test]
async fn a_get_on_an_api_route_is_a_json_405() {
    let (status, body, _) = send(Request::get("/api/apply").body(Body::empty()).unwrap()).await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
    let error: Value = serde_json::from_slice(&body).unwrap();
    assert!(error["error"].as_str().unwrap().contains("POST"));
}

#[tokio::test]
async fn genmove_plays_a_legal_move_for_the_side_to_move() {
    let (status, answer) = post(
        "/api/genmove",
        json!({"record": record(&["E5"]), "level": 1}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["record"]["actions"].as_array().unwrap().len(), 2);
    assert_eq!(answer["view"]["to_move"], "black");
    assert_eq!(answer["view"]["last_move"]["color"], "white");
    assert!(answer["action"].is_object());
}

#[tokio::test]
async fn genmove_refuses_a_level_out_of_range() {
    for level in [0, 11] {
        let (status, error) = post(
            "/api/genmove",
            json!({"record": record(&[]), "level": level}),
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert!(error["error"].as_str().unwrap().contains("level"));
    }
}

#[tokio::test]
async fn genmove_during_review_is_a_422() {
    let (status, _) = post(
        "/api/genmove",
        json!({"record": record(&["E5", "pass", "pass"]), "level": 3}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
}

#[tokio::test]
async fn estimate_returns_ownership_rows_for_every_point() {
    let (status, est) = post("/api/estimate", record(&["E5", "C3"])).await;
    assert_eq!(status, StatusCode::OK, "{est}");
    let rows = est["ownership"].as_array().unwrap();
    assert_eq!(rows.len(), 9);
    assert!(rows.iter().all(|r| r.as_array().unwrap().len() == 9));
    assert!(est["dead"].is_array());
    assert!(est["score"].is_number());
}

#[tokio::test]
async fn sgf_export_and_import_round_trip() {
    let request = Request::post("/api/sgf/export")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(record(&["E5", "C3", "pass"]).to_string()))
        .unwrap();
    let (status, bytes, headers) = send(request).await;
    assert_eq!(status, StatusCode::OK);
    assert!(headers[header::CONTENT_TYPE]
        .to_str()
        .unwrap()
        .starts_with("application/x-go-sgf"));
    let sgf = String::from_utf8(bytes).unwrap();
    assert!(sgf.contains("SZ[9]") && sgf.contains(";B[ee]"), "{sgf}");
    let (status, answer) = post_raw("/api/sgf/import", sgf).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["view"]["last_move"]["pass"], true);
    assert_eq!(answer["record"]["actions"].as_array().unwrap().len(), 3);
}

#[tokio::test]
async fn exporting_a_record_with_an_illegal_action_is_a_422() {
    let (status, error) = post("/api/sgf/export", record(&["E5", "E5"])).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{error}");
    assert_eq!(error["index"], 1);
}

#[tokio::test]
async fn importing_broken_sgf_is_a_400_and_an_illegal_sgf_move_a_422() {
    let (status, error) = post_raw("/api/sgf/import", "(;GM[1]SZ[9];B[ee]").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{error}");
    assert!(error["error"].as_str().unwrap().contains("line"));
    let (status, error) = post_raw("/api/sgf/import", "(;GM[1]SZ[9];B[ee];W[ee])").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{error}");
    assert_eq!(error["index"], 1);
}

#[tokio::test]
async fn importing_an_sgf_in_the_charset_its_ca_names() {
    let latin1: &[u8] = b"(;GM[1]CA[ISO-8859-1]SZ[9]PB[M\xFCller]RE[W+F];B[ee])";
    let (status, answer) = post_raw("/api/sgf/import", latin1.to_vec()).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["record"]["players"]["black"], "Müller");
    // The recorded result is kept: the game opens finished, by forfeit.
    assert_eq!(answer["record"]["result"], "W+F");
    assert_eq!(answer["view"]["phase"], "finished");
    assert_eq!(answer["view"]["result"], "W+F");
    let bad: &[u8] = b"(;CA[UTF-8]SZ[9]PB[M\xFCller])";
    let (status, error) = post_raw("/api/sgf/import", bad.to_vec()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{error}");
    assert!(
        error["error"].as_str().unwrap().contains("not valid UTF-8"),
        "{error}"
    );
}

#[tokio::test]
async fn the_page_is_served_with_versioned_assets_and_no_cache() {
    let (status, bytes, headers) = send(Request::get("/").body(Body::empty()).unwrap()).await;
    assert_eq!(status, StatusCode::OK);
    let html = String::from_utf8(bytes).unwrap();
    assert!(!html.contains("__V__"));
    assert!(html.contains(&format!(
        "/assets/{}/js/app.js",
        tengen_server::assets::version()
    )));
    assert_eq!(headers[header::CACHE_CONTROL], "no-cache");
    assert!(headers[header::CONTENT_TYPE]
        .to_str()
        .unwrap()
        .starts_with("text/html"));
}

#[tokio::test]
async fn assets_have_etags_answer_304_and_are_compressed() {
    let path = format!("/assets/{}/js/board.js", tengen_server::assets::version());
    let (status, _, headers) = send(Request::get(&path).body(Body::empty()).unwrap()).await;
    assert_eq!(status, StatusCode::OK);
    let etag = headers[header::ETAG].clone();
    let again = Request::get(&path)
        .header(header::IF_NONE_MATCH, etag)
        .body(Body::empty())
        .unwrap();
    assert_eq!(send(again).await.0, StatusCode::NOT_MODIFIED);
    let gz = Request::get(&path)
        .header(header::ACCEPT_ENCODING, "gzip")
        .body(Body::empty())
        .unwrap();
    let (_, _, headers) = send(gz).await;
    assert_eq!(headers[header::CONTENT_ENCODING], "gzip");
}

#[tokio::test]
async fn a_missing_file_is_a_404() {
    let (status, _, _) = send(Request::get("/nothing.js").body(Body::empty()).unwrap()).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn paths_outside_the_client_folder_are_a_404() {
    for path in [
        "/assets/dev/../../Cargo.toml",
        "/assets/dev/%2e%2e/%2e%2e/Cargo.toml",
        "/../Cargo.toml",
        "/assets/dev/js/../../../crates/server/Cargo.toml",
    ] {
        let (status, body, _) = send(Request::get(path).body(Body::empty()).unwrap()).await;
        assert_eq!(
            status,
            StatusCode::NOT_FOUND,
            "{path}: {}",
            String::from_utf8_lossy(&body)
        );
    }
}

#[tokio::test]
async fn a_json_endpoint_refuses_a_body_without_the_json_content_type() {
    for content_type in [
        None,
        Some("text/plain"),
        Some("application/x-www-form-urlencoded"),
    ] {
        let mut request = Request::post("/api/evaluate");
        if let Some(ct) = content_type {
            request = request.header(header::CONTENT_TYPE, ct);
        }
        let request = request
            .body(Body::from(record(&["E5"]).to_string()))
            .unwrap();
        let (status, bytes, _) = send(request).await;
        assert_eq!(
            status,
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "{content_type:?}"
        );
        let body: Value = serde_json::from_slice(&bytes).unwrap();
        assert!(body["error"].as_str().unwrap().contains("application/json"));
    }
    let request = Request::post("/api/evaluate")
        .header(header::CONTENT_TYPE, "Application/JSON; charset=utf-8")
        .body(Body::from(record(&["E5"]).to_string()))
        .unwrap();
    assert_eq!(send(request).await.0, StatusCode::OK);
}

#[tokio::test]
async fn bad_rule_values_are_400s_in_the_players_words() {
    let (status, body) = post(
        "/api/evaluate",
        json!({"rules": {"size": 256}, "actions": []}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let message = body["error"].as_str().unwrap();
    assert!(
        message.contains("board size must be 2 to 25 (got 256)"),
        "{message}"
    );
    assert!(!message.contains("untagged"), "{message}");
    let (status, body) = post(
        "/api/evaluate",
        json!({"rules": {"size": 9, "komi": 7.25}, "actions": []}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body["error"]
        .as_str()
        .unwrap()
        .contains("komi must be a multiple of 0.5 (got 7.25)"));
}

#[tokio::test]
async fn every_off_board_point_is_a_422_naming_the_board() {
    for vertex in ["Z99", "T20", "J10"] {
        let (status, body) = post(
            "/api/evaluate",
            json!({"rules": {"size": 9}, "actions": [{"place": vertex}]}),
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{vertex}");
        assert_eq!(
            body["error"],
            format!("action 0 is illegal: {vertex} is off the 9 × 9 board")
        );
        assert_eq!(body["index"], 0);
    }
    let (status, _) = post(
        "/api/evaluate",
        json!({"rules": {"size": 9}, "setup": {"black": ["K10"]}, "actions": []}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
}

#[tokio::test]
async fn a_record_over_the_length_limit_is_a_413() {
    let actions: Vec<Value> = (0..2001).map(|_| json!({"pass": {}})).collect();
    let (status, body) = post(
        "/api/evaluate",
        json!({"rules": {"size": 9}, "actions": actions}),
    )
    .await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(
        body["error"],
        "the record has 2001 actions: a Go record may have at most 2000"
    );
}

#[tokio::test]
async fn a_timego_view_lists_movable_stones_without_previews() {
    let (status, view) = post(
        "/api/evaluate",
        json!({"rules": "timego", "actions": [{"place": "C3"}, {"pass": {}}, {"place": "D4"},
               {"pass": {}}]}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(view["timego"]["movable"], json!(["D4"]));
    assert!(view["timego"].get("time_moves").is_none());
}
