//! Serving HTTP/1 connections with bounds a public server needs (docs/API.md, "Connections"):
//!
//! - **header read and idle keep-alive**: a connection must send a request's headers within
//!   `header_read` of opening or of its last answer, else it is closed (hyper's header timer);
//! - **body read**: a request body that sends nothing for `body_read` is cut off;
//! - **request deadline**: a request must be answered within `request_deadline` (the computer's
//!   `/api/genmove` gets four times as long): then it is stopped (a search is cancelled) and
//!   answered 503;
//! - **stalled writes**: a client that stops reading its answer for `write_stall` is closed,
//!   so an unread answer is not held in memory;
//! - **connection cap**: at most `max_connections` open at once (WebSockets included); the
//!   server stops accepting until one closes.
//!
//! WebSocket upgrades leave these HTTP timers behind; the table protocol has its own (ping,
//! idle and send timeouts).

use crate::http::error::ApiError;
use axum::body::Body;
use axum::extract::{ConnectInfo, Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpListener;
use tokio::sync::{watch, Semaphore};
use tokio::time::Sleep;
use tower::ServiceExt;
use tower_http::timeout::RequestBodyTimeoutLayer;

/// The bounds on every connection.
#[derive(Debug, Clone, Copy)]
pub struct ConnectionLimits {
    /// Time to send a request's headers, from the connection's start or its last answer.
    pub header_read: Duration,
    /// Longest silence inside a request body.
    pub body_read: Duration,
    /// Time to answer one request (four times as long for `/api/genmove`).
    pub request_deadline: Duration,
    /// Longest time a client may leave an answer unread.
    pub write_stall: Duration,
    /// Connections open at once.
    pub max_connections: usize,
}

impl Default for ConnectionLimits {
    fn default() -> ConnectionLimits {
        ConnectionLimits {
            header_read: Duration::from_secs(10),
            body_read: Duration::from_secs(10),
            request_deadline: Duration::from_secs(30),
            write_stall: Duration::from_secs(30),
            max_connections: 1024,
        }
    }
}

/// How long shutting down waits for open connections to finish.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(30);

/// Adds the body timeout and the request deadline to `app`.
pub fn with_request_limits(app: Router, limits: &ConnectionLimits) -> Router {
    app.layer(axum::middleware::from_fn_with_state(
        limits.request_deadline,
        deadline,
    ))
    .layer(RequestBodyTimeoutLayer::new(limits.body_read))
}

/// Stops a request that runs past its deadline and answers 503.
async fn deadline(State(limit): State<Duration>, request: Request, next: Next) -> Response {
    let limit = if request.uri().path() == "/api/genmove" {
        limit * 4
    } else {
        limit
    };
    match tokio::time::timeout(limit, next.run(request)).await {
        Ok(response) => response,
        Err(_) => ApiError::Overloaded(format!(
            "the request took longer than {limit:?} and was stopped: the server is busy, try \
             again in a moment"
        ))
        .into_response(),
    }
}

/// Serves `app` on `listener` with `limits` until `shutdown` resolves, then lets open
/// connections finish (at most [`SHUTDOWN_GRACE`]).
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: ConnectionLimits,
    shutdown: impl Future<Output = ()>,
) -> std::io::Result<()> {
    let app = with_request_limits(app, &limits);
    let slots = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    let (stop, stopping) = watch::channel(false);
    tokio::pin!(shutdown);
    loop {
        let permit = tokio::select! {
            permit = slots.clone().acquire_owned() => permit.expect("the semaphore is never closed"),
            () = &mut shutdown => break,
        };
        let (stream, remote) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    // Out of file descriptors, or a connection reset before accept: wait a
                    // little instead of spinning.
                    tracing::warn!(error = %e, "accept failed");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let _ = stream.set_nodelay(true);
        let app = app.clone();
        let service = hyper::service::service_fn(move |mut request: hyper::Request<_>| {
            request.extensions_mut().insert(ConnectInfo(remote));
            app.clone().oneshot(request.map(Body::new))
        });
        let io = TokioIo::new(StallLimit::new(stream, limits.write_stall));
        let mut stopping = stopping.clone();
        tokio::spawn(async move {
            let _permit = permit;
            let mut builder = hyper::server::conn::http1::Builder::new();
            builder
                .timer(TokioTimer::new())
                .header_read_timeout(limits.header_read)
                .keep_alive(true);
            let connection = builder.serve_connection(io, service).with_upgrades();
            tokio::pin!(connection);
            let result = tokio::select! {
                result = connection.as_mut() => result,
                _ = stopping.changed() => {
                    connection.as_mut().graceful_shutdown();
                    connection.await
                }
            };
            if let Err(e) = result {
                tracing::debug!(error = %e, %remote, "connection closed");
            }
        });
    }
    drop(listener);
    let _ = stop.send(true);
    let all = u32::try_from(limits.max_connections.max(1)).unwrap_or(u32::MAX);
    if tokio::time::timeout(SHUTDOWN_GRACE, slots.acquire_many(all))
        .await
        .is_err()
    {
        tracing::warn!("connections still open after the shutdown grace period are closed");
    }
    Ok(())
}

/// An I/O stream whose writes fail when the peer has not read for `limit`: hyper has no
/// write timeout, and an answer nobody reads would otherwise be held until the peer leaves.
#[derive(Debug)]
pub struct StallLimit<T> {
    io: T,
    limit: Duration,
    stalled: Option<Pin<Box<Sleep>>>,
}

impl<T> StallLimit<T> {
    /// Wraps `io`.
    pub fn new(io: T, limit: Duration) -> StallLimit<T> {
        StallLimit {
            io,
            limit,
            stalled: None,
        }
    }

    /// Ready with an error once a pending write has waited `limit`.
    fn poll_stall<R>(
        &mut self,
        cx: &mut Context<'_>,
        poll: Poll<std::io::Result<R>>,
    ) -> Poll<std::io::Result<R>> {
        match poll {
            Poll::Ready(result) => {
                self.stalled = None;
                Poll::Ready(result)
            }
            Poll::Pending => {
                let limit = self.limit;
                let timer = self
                    .stalled
                    .get_or_insert_with(|| Box::pin(tokio::time::sleep(limit)));
                match timer.as_mut().poll(cx) {
                    Poll::Ready(()) => Poll::Ready(Err(std::io::Error::new(
                        std::io::ErrorKind::TimedOut,
                        "the client stopped reading",
                    ))),
                    Poll::Pending => Poll::Pending,
                }
            }
        }
    }
}

impl<T: AsyncRead + Unpin> AsyncRead for StallLimit<T> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.io).poll_read(cx, buf)
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for StallLimit<T> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        let this = &mut *self;
        let poll = Pin::new(&mut this.io).poll_write(cx, buf);
        this.poll_stall(cx, poll)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        let this = &mut *self;
        let poll = Pin::new(&mut this.io).poll_flush(cx);
        this.poll_stall(cx, poll)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.io).poll_shutdown(cx)
    }
}
