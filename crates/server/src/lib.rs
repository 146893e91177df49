//! The Tengen server: the stateless JSON API for local games (Same device, Vs computer), the
//! computer player on a bounded blocking pool, and the embedded browser client.
//!
//! [`app`] builds the whole router (usable from tests with `tower::ServiceExt::oneshot`);
//! [`serve`] runs it until Ctrl-C or SIGTERM.

pub mod assets;
pub mod computer;
pub mod connections;
pub mod http;
pub mod store;
pub mod tables;
pub mod work;

use axum::extract::{DefaultBodyLimit, OriginalUri};
use axum::http::StatusCode;
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::{Json, Router};
use computer::ComputerPool;
use http::error::ApiError;
use std::net::SocketAddr;
use std::sync::Arc;
use store::Store;
use tables::limit::PerAddress;
use tables::Tables;
use tower_http::compression::predicate::{DefaultPredicate, NotForContentType, Predicate};
use tower_http::compression::CompressionLayer;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::TraceLayer;

/// Shared server state.
#[derive(Debug)]
pub struct AppState {
    /// The computer player's work pool.
    pub computer: Arc<ComputerPool>,
    /// The online tables (None: a server without a database, e.g. router tests).
    pub tables: Option<Tables>,
    /// Table creation per client address.
    pub table_creation: PerAddress,
    /// WebSocket messages to tables per client address, over all its connections.
    pub table_messages: Arc<PerAddress>,
    /// Rules work on long records (replays, views, SGF), off the async threads.
    pub rules_work: work::WorkPool,
}

/// Tables a client address may create per minute, on average and in a burst.
pub const TABLES_PER_MINUTE: f64 = 20.0;
const TABLES_BURST: f64 = 20.0;

/// WebSocket messages a client address may send to tables per second over all its connections
/// (ten players behind one address moving at the per-connection limit), and in a burst.
pub const TABLE_MESSAGES_PER_SECOND: f64 = 100.0;
const TABLE_MESSAGES_BURST: f64 = 300.0;

fn table_messages() -> Arc<PerAddress> {
    Arc::new(PerAddress::per_minute(
        TABLE_MESSAGES_PER_SECOND * 60.0,
        TABLE_MESSAGES_BURST,
    ))
}

impl AppState {
    /// State with this computer pool and no online tables.
    pub fn with_computer(computer: ComputerPool) -> AppState {
        AppState {
            computer: Arc::new(computer),
            tables: None,
            table_creation: PerAddress::per_minute(TABLES_PER_MINUTE, TABLES_BURST),
            table_messages: table_messages(),
            rules_work: work::WorkPool::for_this_machine(),
        }
    }

    /// State with online tables kept in `store`.
    pub fn with_store(store: Store) -> AppState {
        AppState::with_store_and_limit(store, TABLES_PER_MINUTE)
    }

    /// State with online tables kept in `store`, each address creating at most
    /// `tables_per_minute` tables a minute (load tests raise it).
    pub fn with_store_and_limit(store: Store, tables_per_minute: f64) -> AppState {
        let computer = Arc::new(ComputerPool::for_this_machine());
        AppState {
            tables: Some(Tables::new(store, computer.clone())),
            computer,
            table_creation: PerAddress::per_minute(
                tables_per_minute,
                tables_per_minute.max(TABLES_BURST),
            ),
            table_messages: table_messages(),
            rules_work: work::WorkPool::for_this_machine(),
        }
    }
}

impl Default for AppState {
    fn default() -> AppState {
        AppState::with_computer(ComputerPool::for_this_machine())
    }
}

/// Why the server could not start or stopped.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// Listening or serving failed.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// The database could not be opened.
    #[error(transparent)]
    Store(#[from] store::StoreError),
}

/// How to run the server.
#[derive(Debug, Clone)]
pub struct ServeOptions {
    /// Where to listen.
    pub addr: SocketAddr,
    /// The database URL (SQLite file by default).
    pub database: Option<String>,
    /// Tables one address may create per minute.
    pub tables_per_minute: f64,
    /// Timeouts and the connection cap.
    pub limits: connections::ConnectionLimits,
}

/// The application with default state.
pub fn app() -> Router {
    app_with(AppState::default())
}

/// The application with this state (shared with the caller when given as an `Arc`).
pub fn app_with(state: impl Into<Arc<AppState>>) -> Router {
    let state: Arc<AppState> = state.into();
    let api = http::routes()
        .merge(tables::routes::routes())
        .fallback(api_not_found)
        .method_not_allowed_fallback(api_wrong_method)
        .layer(DefaultBodyLimit::max(http::body::BODY_LIMIT))
        .with_state(state.clone());
    Router::new()
        .route("/healthz", axum::routing::get(healthz).with_state(state))
        .nest("/api", api)
        .merge(assets::router())
        // A streamed answer (NDJSON progress) must reach the client line by line, uncompressed.
        .layer(CompressionLayer::new().compress_when(
            DefaultPredicate::new().and(NotForContentType::const_new(
                http::api::genmove_stream::NDJSON,
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

/// `GET /healthz`: 200 when the server and its database answer, 503 otherwise.
async fn healthz(axum::extract::State(state): axum::extract::State<Arc<AppState>>) -> Response {
    let database = match &state.tables {
        None => "none",
        Some(t) => match t.store().ping().await {
            Ok(()) => "ok",
            Err(e) => {
                tracing::warn!(error = %e, "health check: database down");
                return (
                    StatusCode::SERVICE_UNAVAILABLE,
                    Json(serde_json::json!({"status": "down", "database": "unreachable"})),
                )
                    .into_response();
            }
        },
    };
    Json(serde_json::json!({"status": "ok", "database": database})).into_response()
}

async fn api_not_found(OriginalUri(uri): OriginalUri) -> ApiError {
    ApiError::NotFound(uri.path().to_string())
}

async fn api_wrong_method(OriginalUri(uri): OriginalUri) -> ApiError {
    ApiError::MethodNotAllowed(uri.path().to_string())
}

/// Serves the app on `addr` until Ctrl-C (or SIGTERM), finishing requests in flight. Online
/// tables are kept in `database` (default: `tengen.db` in the working directory).
pub async fn serve(addr: SocketAddr, database: Option<String>) -> Result<(), ServeError> {
    serve_with(ServeOptions {
        addr,
        database,
        tables_per_minute: TABLES_PER_MINUTE,
        limits: connections::ConnectionLimits::default(),
    })
    .await
}

/// [`serve`] with every option.
pub async fn serve_with(options: ServeOptions) -> Result<(), ServeError> {
    let url = options
        .database
        .unwrap_or_else(|| store::DEFAULT_URL.to_string());
    let store = Store::connect(&url).await?;
    tracing::info!(backend = ?store.backend(), "online tables are stored in the database");
    let state = Arc::new(AppState::with_store_and_limit(
        store,
        options.tables_per_minute,
    ));
    if let Some(tables) = &state.tables {
        match tables.resume_open().await {
            Ok(n) => tracing::info!(tables = n, "unfinished tables resumed"),
            Err(e) => tracing::error!(error = %e, "cannot resume unfinished tables"),
        }
        if tables.store().backend() == store::Backend::Postgres {
            // Several nodes may share this database: hear their events, hold their tables.
            tokio::spawn(tables::fanout::listen(tables.clone()));
            tokio::spawn(tables::fanout::scan(tables.clone()));
            tokio::spawn(tables::fanout::presence(tables.clone()));
        }
    }
    let listener = tokio::net::TcpListener::bind(options.addr).await?;
    tracing::info!("Tengen is ready at http://{}", listener.local_addr()?);
    connections::serve(listener, app_with(state), options.limits, shutdown_signal()).await?;
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
