//! Connection bounds against a real listener: a half-open request, an idle keep-alive
//! connection and a stalled body are closed by their timeouts; the connection cap holds new
//! clients until a slot frees; a request past its deadline is answered 503; an answer the
//! client stops reading fails after the stall limit (a slow reader that keeps reading does not).

use std::net::SocketAddr;
use std::time::{Duration, Instant};
use tengen_server::connections::{serve, ConnectionLimits};
use tengen_server::{app_with, AppState};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

fn limits() -> ConnectionLimits {
    ConnectionLimits {
        header_read: Duration::from_millis(500),
        body_read: Duration::from_millis(500),
        request_deadline: Duration::from_secs(5),
        write_stall: Duration::from_secs(1),
        max_connections: 8,
    }
}

async fn start(limits: ConnectionLimits) -> SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let app = app_with(AppState::default());
    tokio::spawn(serve(listener, app, limits, std::future::pending()));
    addr
}

/// Reads until the server closes the connection (or 5 s pass: a failure); what it sent.
async fn read_until_closed(stream: &mut TcpStream) -> (Vec<u8>, Duration) {
    let started = Instant::now();
    let mut out = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(5), stream.read_to_end(&mut out)).await;
    assert!(read.is_ok(), "the server kept the connection open for 5 s");
    (out, started.elapsed())
}

const EVALUATE: &str = r#"{"rules": {"size": 9}, "actions": [{"place": "E5"}]}"#;

fn request(body: &str, keep_alive: bool) -> String {
    format!(
        "POST /api/evaluate HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: {}\r\n\r\n{body}",
        body.len(),
        if keep_alive { "keep-alive" } else { "close" }
    )
}

#[tokio::test]
async fn a_half_open_request_is_closed_after_the_header_timeout() {
    let addr = start(limits()).await;
    let mut stream = TcpStream::connect(addr).await.unwrap();
    stream
        .write_all(b"POST /api/evaluate HTTP/1.1\r\nHost: test\r\n")
        .await
        .unwrap();
    let (_, waited) = read_until_closed(&mut stream).await;
    assert!(
        waited >= Duration::from_millis(400),
        "closed too early: {waited:?}"
    );
}

#[tokio::test]
async fn a_connection_that_never_speaks_is_closed() {
    let addr = start(limits()).await;
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let (sent, _) = read_until_closed(&mut stream).await;
    assert!(sent.is_empty() || sent.starts_with(b"HTTP/1.1 408"));
}

#[tokio::test]
async fn an_idle_keep_alive_connection_is_closed_after_its_answer() {
    let addr = start(limits()).await;
    let mut stream = TcpStream::connect(addr).await.unwrap();
    stream
        .write_all(request(EVALUATE, true).as_bytes())
        .await
        .unwrap();
    let (sent, _) = read_until_closed(&mut stream).await;
    let text = String::from_utf8_lossy(&sent);
    assert!(text.starts_with("HTTP/1.1 200"), "{text}");
}

#[tokio::test]
async fn a_body_that_stops_arriving_is_cut_off() {
    let addr = start(limits()).await;
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let full = request(EVALUATE, true);
    // Headers and half the body, then silence.
    stream
        .write_all(&full.as_bytes()[..full.len() - EVALUATE.len() / 2])
        .await
        .unwrap();
    let (sent, waited) = read_until_closed(&mut stream).await;
    let text = String::from_utf8_lossy(&sent);
    assert!(
        text.is_empty() || text.starts_with("HTTP/1.1 4"),
        "answered {text}"
    );
    assert!(waited >= Duration::from_millis(400), "{waited:?}");
}

#[tokio::test]
async fn the_connection_cap_holds_a_new_client_until_a_slot_frees() {
    let addr = start(ConnectionLimits {
        max_connections: 1,
        ..limits()
    })
    .await;
    let mut hog = TcpStream::connect(addr).await.unwrap();
    hog.write_all(b"GET / HTTP/1.1\r\n").await.unwrap();
    tokio::time::sleep(Duration::from_millis(50)).await;
    let started = Instant::now();
    let mut next = TcpStream::connect(addr).await.unwrap();
    next.write_all(request(EVALUATE, false).as_bytes())
        .await
        .unwrap();
    let (sent, _) = read_until_closed(&mut next).await;
    let waited = started.elapsed();
    assert!(String::from_utf8_lossy(&sent).starts_with("HTTP/1.1 200"));
    assert!(
        waited >= Duration::from_millis(300),
        "served before the first connection's header timeout freed its slot: {waited:?}"
    );
    let _ = read_until_closed(&mut hog).await;
}

#[tokio::test]
async fn a_request_past_its_deadline_is_stopped_and_answered_503() {
    let addr = start(ConnectionLimits {
        request_deadline: Duration::from_millis(20),
        ..limits()
    })
    .await;
    // The estimator on a 19x19 position takes far longer than 20 ms.
    let body = r#"{"rules": {"size": 19}, "actions": [{"place": "D4"}, {"place": "Q16"}]}"#;
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let text = request(body, false).replace("/api/evaluate", "/api/estimate");
    stream.write_all(text.as_bytes()).await.unwrap();
    let (sent, _) = read_until_closed(&mut stream).await;
    let text = String::from_utf8_lossy(&sent);
    assert!(text.starts_with("HTTP/1.1 503"), "{text}");
    assert!(text.contains("took longer than 20ms"), "{text}");
}

#[tokio::test]
async fn a_client_that_stops_reading_fails_the_write_after_the_stall_limit() {
    use tengen_server::connections::StallLimit;
    // A 64-byte pipe nobody reads from: the first 64 bytes go through, then the writer waits.
    let (client, server) = tokio::io::duplex(64);
    let mut stalled = StallLimit::new(server, Duration::from_millis(200));
    let started = Instant::now();
    let result = tokio::time::timeout(Duration::from_secs(5), stalled.write_all(&[b'x'; 1024]))
        .await
        .expect("the write gave up by itself");
    let error = result.expect_err("nobody read the answer");
    assert_eq!(error.kind(), std::io::ErrorKind::TimedOut);
    assert!(
        started.elapsed() >= Duration::from_millis(150),
        "{:?}",
        started.elapsed()
    );
    drop(client);
}

#[tokio::test]
async fn a_slow_reader_that_keeps_reading_is_not_cut_off() {
    use tengen_server::connections::StallLimit;
    let (mut client, server) = tokio::io::duplex(64);
    let mut writer = StallLimit::new(server, Duration::from_millis(200));
    let reader = tokio::spawn(async move {
        let mut got = Vec::new();
        let mut buf = [0u8; 32];
        while got.len() < 1024 {
            // Slower than the pipe, but never silent for the whole limit.
            tokio::time::sleep(Duration::from_millis(20)).await;
            let n = client.read(&mut buf).await.unwrap();
            got.extend_from_slice(&buf[..n]);
        }
        got.len()
    });
    writer.write_all(&[b'x'; 1024]).await.unwrap();
    assert_eq!(reader.await.unwrap(), 1024);
}
