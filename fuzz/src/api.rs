//! Request bodies sent to the stateless HTTP API through the real router.

use axum::body::Body;
use axum::http::{header, Method, Request, StatusCode};
use http_body_util::BodyExt;
use std::sync::OnceLock;
use tengen_server::computer::ComputerPool;
use tengen_server::{app_with, AppState};
use tower::ServiceExt;

/// The routes fuzzed: every stateless route whose work does not include an engine search.
const ROUTES: [&str; 5] = [
    "/api/evaluate",
    "/api/apply",
    "/api/sgf/export",
    "/api/sgf/import",
    "/api/timego/targets",
];

/// Content types sent (the last: none).
const CONTENT_TYPES: [Option<&str>; 5] = [
    Some("application/json"),
    Some("application/json; charset=utf-8"),
    Some("application/x-go-sgf"),
    Some("text/plain"),
    None,
];

/// The largest answer allowed (a generous multiple of what the API's limits produce).
pub const ANSWER_BOUND: usize = 4 << 20;

struct Server {
    runtime: tokio::runtime::Runtime,
    app: axum::Router,
}

fn server() -> &'static Server {
    static SERVER: OnceLock<Server> = OnceLock::new();
    SERVER.get_or_init(|| Server {
        runtime: tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .expect("a runtime"),
        app: app_with(AppState::with_computer(ComputerPool::new(1, 16))),
    })
}

/// The first byte picks the route and the content type, the rest is the body. The answer is
/// never a 5xx; an error is JSON `{"error": "..."}` with a message; an answer is bounded.
pub fn api_body(data: &[u8]) {
    let Some((&first, body)) = data.split_first() else {
        return;
    };
    let route = ROUTES[first as usize % ROUTES.len()];
    let content_type = CONTENT_TYPES[(first as usize / ROUTES.len()) % CONTENT_TYPES.len()];
    let mut request = Request::builder().method(Method::POST).uri(route);
    if let Some(ct) = content_type {
        request = request.header(header::CONTENT_TYPE, ct);
    }
    let request = request.body(Body::from(body.to_vec())).expect("a request");
    let server = server();
    let (status, bytes) = server.runtime.block_on(async {
        let response = server
            .app
            .clone()
            .oneshot(request)
            .await
            .expect("the router never fails");
        let status = response.status();
        let bytes = response
            .into_body()
            .collect()
            .await
            .expect("a body")
            .to_bytes();
        (status, bytes)
    });
    assert!(
        !status.is_server_error() || status == StatusCode::SERVICE_UNAVAILABLE,
        "{route}: {status} {}",
        String::from_utf8_lossy(&bytes)
    );
    assert!(
        bytes.len() <= ANSWER_BOUND,
        "{route}: a {} byte answer",
        bytes.len()
    );
    if !status.is_success() {
        let json: serde_json::Value = serde_json::from_slice(&bytes)
            .unwrap_or_else(|_| panic!("{route}: {status} without a JSON error body"));
        let message = json["error"].as_str().unwrap_or_default();
        assert!(
            !message.is_empty(),
            "{route}: {status} with no message: {json}"
        );
    }
}
