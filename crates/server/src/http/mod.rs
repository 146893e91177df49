//! The stateless HTTP API for local games (Same device, Vs computer): every request carries the
//! whole record and nothing is kept between requests. See docs/API.md.

pub mod api;
pub mod body;
pub mod chain;
pub mod error;
pub mod limits;
pub mod sgf;
pub mod timego;

use crate::AppState;
use axum::routing::post;
use axum::Router;
use std::sync::Arc;

/// The stateless routes, to be nested under `/api`.
pub fn routes() -> Router<Arc<AppState>> {
    Router::new()
        .route("/evaluate", post(api::evaluate))
        .route("/apply", post(api::apply))
        .route("/sgf/export", post(api::sgf_export))
        .route("/sgf/import", post(api::sgf_import))
        .route("/genmove", post(api::genmove))
        .route("/estimate", post(api::estimate))
        .route("/timego/targets", post(timego::targets_handler))
        .route("/chain", post(chain::chain_handler))
}
