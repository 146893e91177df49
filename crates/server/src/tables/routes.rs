//! The HTTP side of online tables: create, join, read, SGF, "your tables", and the WebSocket
//! upgrade. Errors are `{"error": message}` with one status per kind (docs/TABLES.md).

use super::settings::CreateTable;
use super::{ws, TableError, Tables};
use crate::http::body::JsonBody;
use crate::AppState;
use axum::extract::connect_info::ConnectInfo;
use axum::extract::{FromRequestParts, Path, State, WebSocketUpgrade};
use axum::http::request::Parts;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;

/// The routes, nested under `/api`.
pub fn routes() -> Router<Arc<AppState>> {
    Router::new()
        .route("/tables", post(create))
        .route("/tables/mine", post(mine))
        .route("/tables/{id}", get(table_state))
        .route("/tables/{id}/join", post(join))
        .route("/tables/{id}/sgf", get(sgf))
        .route("/tables/{id}/timego/targets", get(timego_targets))
        .route("/tables/{id}/ws", get(upgrade))
}

impl TableError {
    /// The HTTP status of this error.
    pub fn status(&self) -> StatusCode {
        match self {
            TableError::Rules(_) | TableError::Refused(_) => StatusCode::UNPROCESSABLE_ENTITY,
            TableError::Watcher | TableError::BadToken | TableError::BadInvite => {
                StatusCode::FORBIDDEN
            }
            TableError::SeatsTaken => StatusCode::CONFLICT,
            TableError::NotFound => StatusCode::NOT_FOUND,
            TableError::Settings(_) => StatusCode::BAD_REQUEST,
            TableError::Store | TableError::Gone => StatusCode::SERVICE_UNAVAILABLE,
            TableError::Conflict => StatusCode::CONFLICT,
            TableError::Corrupt(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

impl IntoResponse for TableError {
    fn into_response(self) -> Response {
        let message = match &self {
            TableError::Corrupt(detail) => {
                tracing::error!(%detail, "damaged table");
                "internal error: this table cannot be loaded".to_string()
            }
            other => other.to_string(),
        };
        (self.status(), Json(serde_json::json!({ "error": message }))).into_response()
    }
}

/// Online tables need a database; a server built without one answers 503.
fn tables(state: &AppState) -> Result<&Tables, TableError> {
    state.tables.as_ref().ok_or(TableError::Gone)
}

/// The client's address (unspecified when the server runs without connection info, as in
/// router tests).
#[derive(Debug, Clone, Copy)]
pub struct ClientIp(pub IpAddr);

impl<S: Send + Sync> FromRequestParts<S> for ClientIp {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<ClientIp, Self::Rejection> {
        Ok(ClientIp(
            parts
                .extensions
                .get::<ConnectInfo<SocketAddr>>()
                .map(|c| c.0.ip())
                .unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED)),
        ))
    }
}

async fn create(
    State(state): State<Arc<AppState>>,
    ClientIp(ip): ClientIp,
    JsonBody(request): JsonBody<CreateTable>,
) -> Response {
    if !state.table_creation.allow(ip) {
        return (
            StatusCode::TOO_MANY_REQUESTS,
            Json(serde_json::json!({
                "error": "too many tables created from this address: wait a minute"
            })),
        )
            .into_response();
    }
    let created = match tables(&state) {
        Ok(t) => t.create(&request).await,
        Err(e) => Err(e),
    };
    match created {
        Ok(created) => (StatusCode::CREATED, Json(created)).into_response(),
        Err(e) => e.into_response(),
    }
}

/// `POST /api/tables/{id}/join` body.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct JoinRequest {
    invite: String,
    #[serde(default)]
    name: Option<String>,
}

async fn join(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    JsonBody(request): JsonBody<JoinRequest>,
) -> Result<Response, TableError> {
    let table = tables(&state)?.get(&id).await?;
    let (seat, token) = table.join(request.invite, request.name).await?;
    Ok(Json(serde_json::json!({"seat": seat, "token": token})).into_response())
}

async fn table_state(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
) -> Result<Response, TableError> {
    let table = tables(&state)?.get(&id).await?;
    Ok(Json(table.state().await?).into_response())
}

async fn sgf(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
) -> Result<Response, TableError> {
    let table = tables(&state)?.get(&id).await?;
    let (record, _) = table.record().await?;
    let text = crate::http::sgf::export(&record)
        .map_err(|e| TableError::Corrupt(format!("SGF export: {e}")))?;
    Ok((
        [
            (header::CONTENT_TYPE, "application/x-go-sgf; charset=utf-8"),
            (
                header::CONTENT_DISPOSITION,
                "attachment; filename=\"tengen-table.sgf\"",
            ),
        ],
        text,
    )
        .into_response())
}

/// `?stone=E6`.
#[derive(Debug, Deserialize)]
struct StoneQuery {
    stone: String,
}

/// `GET /api/tables/{id}/timego/targets?stone=E6`: a TimeGo table's stone's legal time-move
/// targets with previews, as `POST /api/timego/targets` answers for a record.
async fn timego_targets(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    axum::extract::Query(StoneQuery { stone }): axum::extract::Query<StoneQuery>,
) -> Result<Response, Response> {
    let table = tables(&state)
        .map_err(IntoResponse::into_response)?
        .get(&id)
        .await
        .map_err(IntoResponse::into_response)?;
    let (record, _) = table.record().await.map_err(IntoResponse::into_response)?;
    let answer = tokio::task::spawn_blocking(move || crate::http::timego::targets(&record, &stone))
        .await
        .map_err(|_| TableError::Gone.into_response())?
        .map_err(IntoResponse::into_response)?;
    Ok(Json(answer).into_response())
}

/// The most tables one "your tables" request may name.
const MAX_MINE: usize = 100;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct MineRequest {
    tables: Vec<MineEntry>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct MineEntry {
    id: String,
    token: String,
}

async fn mine(
    State(state): State<Arc<AppState>>,
    JsonBody(request): JsonBody<MineRequest>,
) -> Result<Response, TableError> {
    if request.tables.len() > MAX_MINE {
        return Err(TableError::Refused("ask for at most 100 tables at once"));
    }
    let tables = tables(&state)?;
    let mut summaries = Vec::new();
    for entry in request.tables {
        let Ok(table) = tables.get(&entry.id).await else {
            continue;
        };
        if let Ok(Some(summary)) = table.summary(entry.token).await {
            summaries.push(summary);
        }
    }
    Ok(Json(serde_json::json!({ "tables": summaries })).into_response())
}

async fn upgrade(
    State(state): State<Arc<AppState>>,
    ClientIp(ip): ClientIp,
    Path(id): Path<String>,
    upgrade: WebSocketUpgrade,
) -> Result<Response, TableError> {
    let table = tables(&state)?.get(&id).await?;
    // 8 KiB buffers instead of tungstenite's 128 KiB each: client messages are at most 4 KiB
    // and a state about 1.3 KB (19×19); larger messages still pass (the buffers grow). With
    // two connections per table this took the server from 359 to 112 KiB per table
    // (bench/tables/README.md).
    Ok(upgrade
        .read_buffer_size(8 * 1024)
        .write_buffer_size(8 * 1024)
        .max_message_size(ws::MAX_MESSAGE_BYTES)
        .max_frame_size(ws::MAX_MESSAGE_BYTES)
        .on_upgrade(move |socket| {
            let limit = ws::AddressLimit {
                ip,
                limits: state.table_messages.clone(),
            };
            ws::session(socket, table, limit)
        }))
}
