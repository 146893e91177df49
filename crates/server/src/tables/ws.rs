//! The WebSocket protocol of a table (docs/TABLES.md): `hello` first, then actions; every
//! update of the table is forwarded as it is broadcast. Messages are bounded in size and rate;
//! a client that falls too far behind is closed and resumes with `since`.

use super::limit::{Bucket, PerAddress};
use super::task::{Connected, SeatRequest, TableHandle};
use super::TableError;
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket};
use futures_util::StreamExt;
use serde::Deserialize;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;
use tengen_rules::{Action, Color};
use tokio::sync::broadcast::error::RecvError;
use tokio::time::{timeout, Instant};

/// The largest message a client may send.
pub const MAX_MESSAGE_BYTES: usize = 4096;
/// How long a client has to say hello.
const HELLO_TIMEOUT: Duration = Duration::from_secs(10);
/// How long one send to a client may take before the client is dropped.
const SEND_TIMEOUT: Duration = Duration::from_secs(10);
/// A connection with no message from the client for this long is closed (browsers answer the
/// server's pings, which counts).
const IDLE_TIMEOUT: Duration = Duration::from_secs(120);
/// How often the server pings.
const PING_EVERY: Duration = Duration::from_secs(30);
/// Messages a client may send per second, on average, and in a burst.
const RATE_PER_SECOND: f64 = 10.0;
const BURST: f64 = 30.0;

/// A message from a client.
#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
enum ClientMessage {
    Hello {
        #[serde(default)]
        token: Option<String>,
        #[serde(default)]
        since: Option<u64>,
    },
    Action {
        #[serde(default)]
        id: Option<u64>,
        action: Action,
    },
    Undo {
        #[serde(default)]
        id: Option<u64>,
    },
    UndoReply {
        #[serde(default)]
        id: Option<u64>,
        accept: bool,
    },
    Ping {
        #[serde(default)]
        id: Option<u64>,
    },
}

fn error_line(id: Option<u64>, message: &str) -> String {
    serde_json::json!({"type": "error", "id": id, "message": message}).to_string()
}

async fn send(socket: &mut WebSocket, text: impl Into<Utf8Bytes>) -> bool {
    matches!(
        timeout(SEND_TIMEOUT, socket.send(Message::Text(text.into()))).await,
        Ok(Ok(()))
    )
}

async fn close(socket: &mut WebSocket, code: u16, reason: &'static str) {
    let frame = CloseFrame {
        code,
        reason: reason.into(),
    };
    let _ = timeout(SEND_TIMEOUT, socket.send(Message::Close(Some(frame)))).await;
}

/// Reads the client's `hello`.
async fn hello(socket: &mut WebSocket) -> Result<(Option<String>, Option<u64>), &'static str> {
    loop {
        let message = match timeout(HELLO_TIMEOUT, socket.next()).await {
            Err(_) => return Err("no hello within 10 seconds"),
            Ok(None) | Ok(Some(Err(_))) => return Err("closed"),
            Ok(Some(Ok(m))) => m,
        };
        match message {
            Message::Text(text) => {
                return match serde_json::from_str::<ClientMessage>(&text) {
                    Ok(ClientMessage::Hello { token, since }) => Ok((token, since)),
                    _ => Err("the first message must be {\"type\":\"hello\",...}"),
                };
            }
            Message::Ping(_) | Message::Pong(_) => continue,
            _ => return Err("the first message must be {\"type\":\"hello\",...}"),
        }
    }
}

/// The client's address and the limit shared by all connections from it.
#[derive(Debug, Clone)]
pub struct AddressLimit {
    /// The client's address.
    pub ip: IpAddr,
    /// Messages per address (`AppState::table_messages`).
    pub limits: Arc<PerAddress>,
}

/// Serves one WebSocket client of `table` until it leaves.
pub async fn session(mut socket: WebSocket, table: TableHandle, limit: AddressLimit) {
    let (token, since) = match hello(&mut socket).await {
        Ok(h) => h,
        Err(reason) => {
            let _ = send(&mut socket, error_line(None, reason)).await;
            close(&mut socket, 1008, "hello expected").await;
            return;
        }
    };
    let connected = match table.connect(token, since).await {
        Ok(c) => c,
        Err(e) => {
            let _ = send(&mut socket, error_line(None, &e.to_string())).await;
            close(&mut socket, 1008, "refused").await;
            return;
        }
    };
    let seat = connected.seat;
    serve_connected(&mut socket, &table, connected, &limit).await;
    table.disconnect(seat);
}

async fn serve_connected(
    socket: &mut WebSocket,
    table: &TableHandle,
    connected: Connected,
    limit: &AddressLimit,
) {
    let Connected {
        seat,
        missed,
        state,
        mut updates,
    } = connected;
    let welcome = serde_json::json!({"type": "welcome", "seat": seat}).to_string();
    if !send(socket, welcome).await {
        return;
    }
    for event in missed.into_iter().flatten() {
        if !send(socket, format!(r#"{{"type":"event","event":{event}}}"#)).await {
            return;
        }
    }
    if !send(socket, format!(r#"{{"type":"state","state":{state}}}"#)).await {
        return;
    }
    let mut bucket = Bucket::new(RATE_PER_SECOND, BURST);
    let mut last_heard = Instant::now();
    let mut ping = tokio::time::interval(PING_EVERY);
    ping.tick().await;
    loop {
        tokio::select! {
            update = updates.recv() => match update {
                Ok(line) => {
                    if !send(socket, line.as_ref()).await {
                        return;
                    }
                }
                Err(RecvError::Lagged(_)) => {
                    close(socket, 1013, "too far behind: reconnect with since").await;
                    return;
                }
                Err(RecvError::Closed) => {
                    close(socket, 1012, "table restarting: reconnect").await;
                    return;
                }
            },
            message = socket.next() => {
                let Some(Ok(message)) = message else { return };
                last_heard = Instant::now();
                let text = match message {
                    Message::Text(text) => text,
                    Message::Close(_) => return,
                    Message::Binary(_) => {
                        if !send(socket, error_line(None, "messages are JSON text")).await {
                            return;
                        }
                        continue;
                    }
                    Message::Ping(_) | Message::Pong(_) => continue,
                };
                if !bucket.take() {
                    if !send(socket, error_line(None, "too many messages: slow down")).await {
                        return;
                    }
                    continue;
                }
                if !limit.limits.allow(limit.ip) {
                    let line = error_line(None, "too many messages from this address: slow down");
                    if !send(socket, line).await {
                        return;
                    }
                    continue;
                }
                let answer = answer(table, seat, &text).await;
                if !send(socket, answer).await {
                    return;
                }
            }
            _ = ping.tick() => {
                if last_heard.elapsed() > IDLE_TIMEOUT {
                    close(socket, 1001, "idle").await;
                    return;
                }
                if timeout(SEND_TIMEOUT, socket.send(Message::Ping(Default::default()))).await.is_err() {
                    return;
                }
            }
        }
    }
}

/// The answer to one client message after hello.
async fn answer(table: &TableHandle, seat: Option<Color>, text: &str) -> String {
    let message = match serde_json::from_str::<ClientMessage>(text) {
        Ok(m) => m,
        Err(e) => {
            // Echo the id of a well-formed JSON object whose content is wrong.
            let id = serde_json::from_str::<serde_json::Value>(text)
                .ok()
                .and_then(|v| v.get("id").and_then(serde_json::Value::as_u64));
            return error_line(id, &format!("malformed message: {e}"));
        }
    };
    let (id, request) = match message {
        ClientMessage::Hello { .. } => return error_line(None, "hello was already received"),
        ClientMessage::Ping { id } => {
            return serde_json::json!({"type": "pong", "id": id}).to_string();
        }
        ClientMessage::Action { id, action } => (id, SeatRequest::Action(action)),
        ClientMessage::Undo { id } => (id, SeatRequest::Undo),
        ClientMessage::UndoReply { id, accept } => (id, SeatRequest::UndoReply(accept)),
    };
    let Some(seat) = seat else {
        return error_line(id, &TableError::Watcher.to_string());
    };
    match table.act(seat, request).await {
        Ok(seq) => serde_json::json!({"type": "ack", "id": id, "seq": seq}).to_string(),
        Err(e) => error_line(id, &e.to_string()),
    }
}
