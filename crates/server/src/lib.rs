//! The Tengen server: the stateless JSON API for local games (Same device, Vs computer), the
//! computer player on a bounded blocking pool, and the embedded browser client.
//!
//! [`app`] builds the whole router (usable from tests with `tower::ServiceExt::oneshot`);
//! [`serve`] runs it until Ctrl-C or SIGTERM.

pub mod api;
pub mod assets;
pub mod body;
pub mod computer;
pub mod error;
pub mod sgf;
pub mod timego;

use axum::extract::{DefaultBodyLimit, OriginalUri};
use axum::http::{header, HeaderValue};
use axum::routing::post;
use axum::Router;
use computer::ComputerPool;
use error::ApiError;
use std::net::SocketAddr;
use std::sync::Arc;
use tower_http::compression::predicate::{DefaultPredicate, NotForContentType, Predicate};
use tower_http::compression::CompressionLayer;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::TraceLayer;

/// Shared server state.
#[derive(Debug)]
pub struct AppState {
    /// The computer player's work pool.
    pub computer: ComputerPool,
}

impl Default for AppState {
    fn default() -> AppState {
        AppState {
            computer: ComputerPool::for_this_machine(),
        }
    }
}

/// The application with default state.
pub fn app() -> Router {
    app_with(AppState::default())
}

/// The application with this state (shared with the caller when given as an `Arc`).
pub fn app_with(state: impl Into<Arc<AppState>>) -> Router {
    let state: Arc<AppState> = state.into();
    let api = Router::new()
        .route("/evaluate", post(api::evaluate))
        .route("/apply", post(api::apply))
        .route("/sgf/export", post(api::sgf_export))
        .route("/sgf/import", post(api::sgf_import))
        .route("/genmove", post(api::genmove))
        .route("/estimate", post(api::estimate))
        .route("/timego/targets", post(timego::targets_handler))
        .fallback(api_not_found)
        .method_not_allowed_fallback(api_wrong_method)
        .layer(DefaultBodyLimit::max(body::BODY_LIMIT))
        .with_state(state);
    Router::new()
        .nest("/api", api)
        .merge(assets::router())
        // A streamed answer (NDJSON progress) must reach the client line by line, uncompressed.
        .layer(CompressionLayer::new().compress_when(
            DefaultPredicate::new().and(NotForContentType::const_new(
                api::genmove_stream::NDJSON,
            )),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::REFERRER_POLICY,
            HeaderValue::from_static("no-referrer"),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(
                "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; \
                 object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
            ),
        ))
        .layer(TraceLayer::new_for_http())
}

async fn api_not_found(OriginalUri(uri): OriginalUri) -> ApiError {
    ApiError::NotFound(uri.path().to_string())
}

async fn api_wrong_method(OriginalUri(uri): OriginalUri) -> ApiError {
    ApiError::MethodNotAllowed(uri.path().to_string())
}

/// Serves the app on `addr` until Ctrl-C (or SIGTERM), finishing requests in flight.
pub async fn serve(addr: SocketAddr, database: Option<String>) -> std::io::Result<()> {
    if let Some(db) = database {
        tracing::info!(
            database = %db,
            "no database is used yet: local games keep their records in the browser"
        );
    }
    let listener = tokio::net::TcpListener::bind(addr).await?;
    tracing::info!("Tengen is ready at http://{}", listener.local_addr()?);
    axum::serve(listener, app())
        .with_graceful_shutdown(shutdown_signal())
        .await?;
    tracing::info!("Tengen stopped");
    Ok(())
}

/// Resolves on Ctrl-C or (on Unix) SIGTERM.
async fn shutdown_signal() {
    let ctrl_c = async {
        if let Err(e) = tokio::signal::ctrl_c().await {
            tracing::warn!(error = %e, "cannot listen for Ctrl-C");
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {},
        _ = terminate => {},
    }
    tracing::info!("shutting down: finishing requests in flight");
}
