//! The browser client: files of `web/` embedded in the binary (read from disk in debug builds,
//! so editing the client needs no rebuild), with ETags and cache headers.
//!
//! `index.html` is served with `no-cache`; it names every other file under
//! `/assets/<version>/`, where `<version>` is a digest of all embedded files, so those files can
//! be cached for a year (`immutable`) and a new build is picked up at once.

use axum::body::Body;
use axum::extract::Path;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use rust_embed::RustEmbed;
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::sync::OnceLock;

/// The client files.
#[derive(RustEmbed)]
#[folder = "../../web/"]
struct Web;

/// The placeholder in `index.html` replaced by the asset version.
const VERSION_PLACEHOLDER: &str = "__V__";

/// The version of the embedded assets: `dev` in debug builds (files change on disk), else a
/// digest of every file.
pub fn version() -> &'static str {
    static VERSION: OnceLock<String> = OnceLock::new();
    VERSION.get_or_init(|| {
        if cfg!(debug_assertions) {
            return "dev".into();
        }
        let mut names: Vec<_> = Web::iter().collect();
        names.sort();
        let mut h = DefaultHasher::new();
        for name in names {
            name.hash(&mut h);
            if let Some(file) = Web::get(&name) {
                file.metadata.sha256_hash().hash(&mut h);
            }
        }
        format!("{:012x}", h.finish() & 0xffff_ffff_ffff)
    })
}

/// The routes for the client: `/`, `/assets/<version>/<path>` and top-level files.
pub fn router<S: Clone + Send + Sync + 'static>() -> Router<S> {
    Router::new()
        .route("/", get(index))
        .route("/index.html", get(index))
        .route("/assets/{version}/{*path}", get(versioned))
        .fallback(get(top_level))
}

fn etag_of(bytes: &[u8]) -> String {
    let mut h = DefaultHasher::new();
    bytes.hash(&mut h);
    format!("\"{:016x}\"", h.finish())
}

fn not_modified(headers: &HeaderMap, etag: &str) -> bool {
    headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag))
}

fn respond(headers: &HeaderMap, path: &str, bytes: Vec<u8>, cache: &'static str) -> Response {
    let etag = etag_of(&bytes);
    let mut response = if not_modified(headers, &etag) {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        let mime = mime_guess::from_path(path).first_or_octet_stream();
        let mut r = Body::from(bytes).into_response();
        if let Ok(v) = HeaderValue::from_str(mime.essence_str()) {
            r.headers_mut().insert(header::CONTENT_TYPE, v);
        }
        r
    };
    let h = response.headers_mut();
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    if let Ok(v) = HeaderValue::from_str(&etag) {
        h.insert(header::ETAG, v);
    }
    response
}

fn not_found(path: &str) -> Response {
    (StatusCode::NOT_FOUND, format!("Not found: /{path}\n")).into_response()
}

async fn index(headers: HeaderMap) -> Response {
    match Web::get("index.html") {
        Some(file) => {
            let text = String::from_utf8_lossy(&file.data).replace(VERSION_PLACEHOLDER, version());
            respond(&headers, "index.html", text.into_bytes(), "no-cache")
        }
        None => not_found("index.html"),
    }
}

async fn versioned(Path((v, path)): Path<(String, String)>, headers: HeaderMap) -> Response {
    let cache = if v == version() && !cfg!(debug_assertions) {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    };
    if path.split('/').any(|part| part == "..") {
        return not_found(&path);
    }
    match Web::get(&path) {
        Some(file) => respond(&headers, &path, file.data.into_owned(), cache),
        None => not_found(&path),
    }
}

async fn top_level(uri: axum::http::Uri, headers: HeaderMap) -> Response {
    let path = uri.path().trim_start_matches('/');
    if path.starts_with("api/") || path.contains("..") {
        return not_found(path);
    }
    match Web::get(path) {
        Some(file) if path != "index.html" => {
            respond(&headers, path, file.data.into_owned(), "no-cache")
        }
        _ => not_found(path),
    }
}
