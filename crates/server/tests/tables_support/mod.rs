//! Online-table test harness: a real server on a loopback port over a real database (a fresh
//! SQLite file, or a fresh database on the PostgreSQL of `TENGEN_TEST_POSTGRES_URL`), and real
//! WebSocket clients.

#![allow(dead_code)]

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::collections::VecDeque;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tengen_server::store::Store;
use tengen_server::AppState;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// Which database a test runs on.
#[derive(Debug, Clone, Copy)]
pub enum Db {
    /// A fresh SQLite file.
    Sqlite,
    /// The PostgreSQL server of `TENGEN_TEST_POSTGRES_URL`.
    Postgres,
}

/// The database URL for `db`: a fresh SQLite file, or a fresh PostgreSQL database on the server
/// of `TENGEN_TEST_POSTGRES_URL` (each test its own, so that `tengen serve` nodes, which hold
/// every unfinished table in their database, hold only this test's tables). None (after saying
/// why) when PostgreSQL is not configured and not required.
pub async fn database_url(db: Db) -> Option<String> {
    match db {
        Db::Sqlite => {
            let dir = std::env::temp_dir().join(format!(
                "tengen-tables-{}-{}",
                std::process::id(),
                rand_suffix()
            ));
            std::fs::create_dir_all(&dir).unwrap();
            Some(format!("sqlite://{}", dir.join("tables.db").display()))
        }
        Db::Postgres => match std::env::var("TENGEN_TEST_POSTGRES_URL") {
            Ok(url) => Some(fresh_postgres_database(&url).await),
            Err(_) => {
                assert!(
                    std::env::var_os("TENGEN_REQUIRE_POSTGRES").is_none(),
                    "TENGEN_REQUIRE_POSTGRES is set but TENGEN_TEST_POSTGRES_URL is not"
                );
                eprintln!(
                    "SKIPPED: TENGEN_TEST_POSTGRES_URL is not set (scripts/postgres-test-db)"
                );
                None
            }
        },
    }
}

/// Prefix of the per-test PostgreSQL databases; the creating process id follows it.
const FRESH_PREFIX: &str = "tengen_t_";

/// Creates an empty database named after this test process on the server of `base` and returns
/// its URL; first drops the databases of test processes that have ended.
async fn fresh_postgres_database(base: &str) -> String {
    use sqlx::{Connection, Row};
    let mut admin = sqlx::PgConnection::connect(base)
        .await
        .expect("the PostgreSQL test server accepts connections");
    let names: Vec<String> = sqlx::query("SELECT datname FROM pg_database")
        .fetch_all(&mut admin)
        .await
        .expect("the database list reads")
        .iter()
        .map(|row| row.get(0))
        .collect();
    for name in names {
        let Some(rest) = name.strip_prefix(FRESH_PREFIX) else {
            continue;
        };
        let pid = rest.split('_').next().unwrap_or("");
        let ended = pid.parse::<u32>().is_ok_and(|pid| {
            pid != std::process::id() && !std::path::Path::new(&format!("/proc/{pid}")).exists()
        });
        if ended {
            // Another test may be dropping it too; either way it goes.
            let _ = sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                .execute(&mut admin)
                .await;
        }
    }
    let name = format!(
        "{FRESH_PREFIX}{}_{}",
        std::process::id(),
        rand_suffix() % 1_000_000_000
    );
    sqlx::query(&format!("CREATE DATABASE {name}"))
        .execute(&mut admin)
        .await
        .expect("the test role may create databases");
    let _ = admin.close().await;
    let (url, query) = base.split_once('?').unwrap_or((base, ""));
    let (server, _) = url
        .rsplit_once('/')
        .expect("the PostgreSQL URL names a database");
    let query = if query.is_empty() {
        String::new()
    } else {
        format!("?{query}")
    };
    format!("{server}/{name}{query}")
}

fn rand_suffix() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static N: AtomicU64 = AtomicU64::new(0);
    let t = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos() as u64;
    t ^ N.fetch_add(1, Ordering::Relaxed) << 48
}

/// A server on a loopback port.
pub struct TestServer {
    /// Where it listens.
    pub addr: SocketAddr,
    /// Its state.
    pub state: Arc<AppState>,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for TestServer {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// Starts a server over `db`; None when that database is not available.
pub async fn server(db: Db) -> Option<TestServer> {
    let url = database_url(db).await?;
    let store = Store::connect(&url).await.expect("the test database opens");
    let state = Arc::new(AppState::with_store_and_limit(store, 10_000.0));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let app = tengen_server::app_with(state.clone());
    let task = tokio::spawn(async move {
        axum::serve(
            listener,
            app.into_make_service_with_connect_info::<SocketAddr>(),
        )
        .await
        .unwrap();
    });
    Some(TestServer { addr, state, task })
}

/// A JSON HTTP call: (status, body).
pub async fn http(addr: SocketAddr, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).await.unwrap();
    let text = String::from_utf8_lossy(&raw);
    let status: u16 = text[9..12].parse().unwrap();
    let (head, rest) = text.split_once("\r\n\r\n").unwrap();
    let rest = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        dechunk(rest)
    } else {
        rest.to_string()
    };
    (
        status,
        serde_json::from_str(&rest).unwrap_or(Value::String(rest)),
    )
}

fn dechunk(mut s: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = s.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 {
            break;
        }
        out.push_str(&rest[..n]);
        s = &rest[n + 2..];
    }
    out
}

/// A created table: its id, the creator's seat token and the invite code.
pub struct Table {
    pub id: String,
    pub creator_token: String,
    pub invite: String,
}

/// Creates a table with these settings (merged over a 9x9 Japanese table, creator Black).
pub async fn create(addr: SocketAddr, settings: Value) -> Table {
    let mut body = json!({"size": 9, "color": "black", "name": "Ann"});
    body.as_object_mut()
        .unwrap()
        .extend(settings.as_object().unwrap().clone());
    let (status, created) = http(addr, "POST", "/api/tables", Some(body)).await;
    assert_eq!(status, 201, "{created}");
    Table {
        id: created["id"].as_str().unwrap().into(),
        creator_token: created["token"].as_str().unwrap().into(),
        invite: created["invite"].as_str().unwrap().into(),
    }
}

/// Joins by invite: the seat token.
pub async fn join(addr: SocketAddr, table: &Table, name: &str) -> String {
    let (status, joined) = http(
        addr,
        "POST",
        &format!("/api/tables/{}/join", table.id),
        Some(json!({"invite": table.invite, "name": name})),
    )
    .await;
    assert_eq!(status, 200, "{joined}");
    joined["token"].as_str().unwrap().into()
}

/// A real WebSocket client of a table.
pub struct Client {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// Messages received and not yet taken.
    pub inbox: VecDeque<Value>,
    /// The seat the server gave (from `welcome`).
    pub seat: Value,
    /// The last state received.
    pub state: Value,
    /// Numbers of every event received, in order.
    pub seqs: Vec<u64>,
    /// Every event received, in order.
    pub events: Vec<Value>,
    next_id: u64,
}

const WAIT: Duration = Duration::from_secs(10);

impl Client {
    /// Connects and says hello; returns after the first `state`.
    pub async fn connect(
        addr: SocketAddr,
        table: &str,
        token: Option<&str>,
        since: Option<u64>,
    ) -> Client {
        let url = format!("ws://{addr}/api/tables/{table}/ws");
        let (ws, _) = tokio_tungstenite::connect_async(url)
            .await
            .expect("ws connects");
        let mut client = Client {
            ws,
            inbox: VecDeque::new(),
            seat: Value::Null,
            state: Value::Null,
            seqs: Vec::new(),
            events: Vec::new(),
            next_id: 1,
        };
        client
            .send(json!({"type": "hello", "token": token, "since": since}))
            .await;
        let welcome = client.recv().await;
        assert_eq!(welcome["type"], "welcome", "{welcome}");
        client.seat = welcome["seat"].clone();
        loop {
            let m = client.recv().await;
            match m["type"].as_str() {
                Some("event") => client.note_event(&m),
                Some("state") => {
                    client.state = m["state"].clone();
                    break;
                }
                _ => panic!("unexpected before state: {m}"),
            }
        }
        client
    }

    fn note_event(&mut self, m: &Value) {
        self.seqs.push(m["event"]["seq"].as_u64().unwrap());
        self.events.push(m["event"].clone());
        if !m["state"].is_null() {
            self.state = m["state"].clone();
        }
    }

    /// Sends raw JSON.
    pub async fn send(&mut self, v: Value) {
        self.ws.send(Message::text(v.to_string())).await.unwrap();
    }

    /// Sends raw text.
    pub async fn send_text(&mut self, text: &str) {
        self.ws.send(Message::text(text.to_string())).await.unwrap();
    }

    /// The next JSON message (panics after 10 s).
    pub async fn recv(&mut self) -> Value {
        loop {
            let m = tokio::time::timeout(WAIT, self.ws.next())
                .await
                .expect("a message within 10 s")
                .expect("the socket is open")
                .expect("a frame");
            match m {
                Message::Text(t) => return serde_json::from_str(&t).unwrap(),
                Message::Ping(_) | Message::Pong(_) => continue,
                other => panic!("unexpected frame {other:?}"),
            }
        }
    }

    /// Sends a game action and waits for its answer: Ok(seq) or Err(message). Events that
    /// arrive meanwhile are noted.
    pub async fn act(&mut self, action: Value) -> Result<u64, String> {
        let id = self.next_id;
        self.next_id += 1;
        self.send(json!({"type": "action", "id": id, "action": action}))
            .await;
        self.answer(id).await
    }

    /// Sends an undo request or reply (`{"type":"undo"}`...) and waits for its answer.
    pub async fn request(&mut self, mut message: Value) -> Result<u64, String> {
        let id = self.next_id;
        self.next_id += 1;
        message["id"] = json!(id);
        self.send(message).await;
        self.answer(id).await
    }

    /// Waits for the answer to message `id`.
    pub async fn answer(&mut self, id: u64) -> Result<u64, String> {
        loop {
            let m = self.recv().await;
            match m["type"].as_str() {
                Some("event") => self.note_event(&m),
                Some("ack") if m["id"] == id => return Ok(m["seq"].as_u64().unwrap()),
                Some("error") if m["id"] == id => {
                    return Err(m["message"].as_str().unwrap().to_string())
                }
                _ => self.inbox.push_back(m),
            }
        }
    }

    /// Waits until an event numbered `seq` (or later) has arrived, and the state that comes
    /// with the last event of its batch: when a node sends several events at once (after a
    /// catch-up, or when another node stored a timeout first) only the last carries the state.
    pub async fn wait_seq(&mut self, seq: u64) {
        while self.seqs.last().copied().unwrap_or(0) < seq
            || self.state["seq"].as_u64().unwrap_or(0) < seq
        {
            let m = self.recv().await;
            if m["type"] == "event" {
                self.note_event(&m);
            } else {
                self.inbox.push_back(m);
            }
        }
    }

    /// The game view in the last state.
    pub fn view(&self) -> &Value {
        &self.state["view"]
    }

    /// Closes the connection.
    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}

/// Runs `scenario` against SQLite and (when configured) PostgreSQL.
#[macro_export]
macro_rules! on_both_databases {
    ($($name:ident),* $(,)?) => {
        mod sqlite {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    if let Some(server) = super::tables_support::server(super::tables_support::Db::Sqlite).await {
                        super::$name(server).await;
                    }
                }
            )*
        }
        mod postgres {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    if let Some(server) = super::tables_support::server(super::tables_support::Db::Postgres).await {
                        super::$name(server).await;
                    }
                }
            )*
        }
    };
}
