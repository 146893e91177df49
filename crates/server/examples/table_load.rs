//! Load on the online tables (docs/TABLES.md), driving the shipped `tengen serve`: many tables,
//! two WebSocket players each, making random legal moves (a random empty point that the state's
//! `view.illegal` does not forbid), at a fixed total rate.
//!
//! It starts `tengen serve` (release build) on a loopback port with a fresh SQLite file, or with
//! PostgreSQL when `--database postgres://…` is given, creates the tables over HTTP, seats both
//! players, then plays. Each table moves on its own schedule (the total rate spread evenly), so
//! latency is measured under a known load rather than a closed loop's self-made queue. Reported:
//! sustained accepted actions per second, move round trip p50/p90/p99/max (send → ack, and send →
//! the opponent sees the event), and the server's resident memory per table.
//!
//! ```text
//! cargo build --release -p tengen && cargo build --release -p tengen-server --example table_load
//! target/release/examples/table_load [--tables 1000] [--rate 2000] [--seconds 60]
//!     [--warmup 10] [--size 19] [--moves 200] [--database URL] [--binary target/release/tengen]
//!     [--server http://127.0.0.1:8080[,http://127.0.0.1:8081…]] [--nodes N]
//! ```
//! `--nodes N` starts N `tengen serve` nodes on the one PostgreSQL database of `--database`:
//! table n is created on node n mod N and its two players connect to nodes n and n + 1, so every
//! move is stored by one node and reaches the opponent through another (LISTEN/NOTIFY).
//! `--rate 0` plays a closed loop (every player moves as soon as it is its turn). A game that
//! reaches `--moves` moves ends by resignation and the pair opens a new table. See
//! bench/tables/README.md for the figures.

use futures_util::{SinkExt, StreamExt};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use serde::de::IgnoredAny;
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::{BTreeMap, HashMap};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;

// ---- options ------------------------------------------------------------------------------

#[derive(Debug, Clone)]
struct Options {
    tables: usize,
    rate: f64,
    seconds: u64,
    warmup: u64,
    size: u32,
    moves: u64,
    database: Option<String>,
    binary: String,
    /// Servers given with `--server` (comma-separated), instead of starting them.
    server: Option<String>,
    /// How many `tengen serve` nodes to start on one PostgreSQL database.
    nodes: usize,
}

fn options() -> Result<Options, String> {
    let mut o = Options {
        tables: 1000,
        rate: 2000.0,
        seconds: 60,
        warmup: 10,
        size: 19,
        moves: 200,
        database: std::env::var("TENGEN_LOAD_DATABASE").ok(),
        binary: "target/release/tengen".into(),
        server: None,
        nodes: 1,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or_else(|| format!("{flag} needs a value"));
        let num = |v: String| -> Result<f64, String> {
            v.parse::<f64>()
                .map_err(|_| format!("{flag}: not a number: {v}"))
        };
        match flag.as_str() {
            "--tables" => o.tables = num(value()?)? as usize,
            "--rate" => o.rate = num(value()?)?,
            "--seconds" => o.seconds = num(value()?)? as u64,
            "--warmup" => o.warmup = num(value()?)? as u64,
            "--size" => o.size = num(value()?)? as u32,
            "--moves" => o.moves = num(value()?)? as u64,
            "--database" => o.database = Some(value()?),
            "--binary" => o.binary = value()?,
            "--server" => o.server = Some(value()?),
            "--nodes" => o.nodes = num(value()?)? as usize,
            "-h" | "--help" => {
                return Err(
                    "usage: table_load [--tables N] [--rate MOVES_PER_S] [--seconds S] \
                            [--warmup S] [--size 9|13|19] [--moves N] [--database URL] \
                            [--binary PATH] [--server http://HOST:PORT[,…]] [--nodes N]"
                        .into(),
                )
            }
            other => return Err(format!("unknown option {other} (try --help)")),
        }
    }
    if o.tables == 0 || ![9, 13, 19].contains(&o.size) || o.moves < 2 {
        return Err("--tables > 0, --size 9|13|19 and --moves >= 2, please".into());
    }
    if o.nodes == 0 || (o.nodes > 1 && !o.database.as_deref().is_some_and(is_postgres)) {
        return Err("--nodes N > 1 needs --database postgres://… (the nodes share it)".into());
    }
    Ok(o)
}

// ---- the server ---------------------------------------------------------------------------

/// `tengen serve` started by this tool; killed when dropped.
struct Server {
    child: Child,
    _dir: Option<TempDir>,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A folder under the system temp folder, removed when dropped.
struct TempDir(std::path::PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn is_postgres(url: &str) -> bool {
    url.starts_with("postgres://") || url.starts_with("postgresql://")
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

async fn start_server(o: &Options, node: usize) -> Result<(Server, String), String> {
    let port = free_port();
    let (database, dir) = match &o.database {
        Some(url) => (url.clone(), None),
        None => {
            let dir = std::env::temp_dir()
                .join(format!("tengen-table-load-{}-{node}", std::process::id()));
            std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            let url = format!("sqlite://{}/load.db", dir.display());
            (url, Some(TempDir(dir)))
        }
    };
    let child = Command::new(&o.binary)
        .args([
            "serve",
            "--addr",
            &format!("127.0.0.1:{port}"),
            "--database",
            &database,
        ])
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .spawn()
        .map_err(|e| {
            format!(
                "cannot start {}: {e} (build it: cargo build --release -p tengen)",
                o.binary
            )
        })?;
    let server = Server { child, _dir: dir };
    let deadline = Instant::now() + Duration::from_secs(30);
    while TcpStream::connect(("127.0.0.1", port)).await.is_err() {
        if Instant::now() > deadline {
            return Err("the server did not start listening within 30 s".into());
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let kind = database.split(':').next().unwrap_or("?").to_string();
    eprintln!("started {} serve on 127.0.0.1:{port} with {kind}", o.binary);
    Ok((server, format!("http://127.0.0.1:{port}")))
}

/// CPU time (user + system) a process has used so far, in seconds (Linux), or None.
fn cpu_seconds(pid: u32) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // After the command name in parentheses: state is field 3, utime 14, stime 15.
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0) // USER_HZ is 100 on Linux
}

/// CPU time of every local process named `postgres` (a PostgreSQL server on this machine), or
/// None when there is none. Processes that exit between two readings make it an estimate.
fn postgres_cpu_seconds() -> Option<f64> {
    let mut total = None;
    for entry in std::fs::read_dir("/proc").ok()?.flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let comm = std::fs::read_to_string(format!("/proc/{pid}/comm")).unwrap_or_default();
        if comm.trim() == "postgres" {
            *total.get_or_insert(0.0) += cpu_seconds(pid).unwrap_or(0.0);
        }
    }
    total
}

/// Resident memory of a process in KiB (Linux), or None.
fn rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

// ---- HTTP (raw HTTP/1.1: one request per connection) ---------------------------------------

/// The loopback address table `n` is created from. The server limits table creation per client
/// address (20 at once, then 20 a minute); a thousand players would come from many addresses,
/// so the tool spreads its tables over 127.1.0.0/16 (all of 127/8 is loopback on Linux), ten
/// tables per address.
fn source_address(n: usize) -> std::net::IpAddr {
    let k = n / 10;
    std::net::Ipv4Addr::new(127, 1, (k / 250) as u8, (k % 250 + 1) as u8).into()
}

/// A TCP connection to `host` (HOST:PORT) from the loopback address `from`, so that the server
/// sees many client addresses and its per-address limits apply as to that many people.
async fn tcp_from(host: &str, from: std::net::IpAddr) -> Result<TcpStream, String> {
    let addr: std::net::SocketAddr = tokio::net::lookup_host(host)
        .await
        .map_err(|e| format!("{host}: {e}"))?
        .next()
        .ok_or_else(|| format!("{host}: no address"))?;
    match (from, addr) {
        (std::net::IpAddr::V4(_), std::net::SocketAddr::V4(_)) if addr.ip().is_loopback() => {
            let socket = tokio::net::TcpSocket::new_v4().map_err(|e| e.to_string())?;
            socket
                .bind((from, 0).into())
                .map_err(|e| format!("bind {from}: {e}"))?;
            socket.connect(addr).await
        }
        _ => TcpStream::connect(addr).await,
    }
    .map_err(|e| format!("connect {host}: {e}"))
}

async fn post(
    base: &str,
    path: &str,
    body: &Value,
    from: std::net::IpAddr,
) -> Result<Value, String> {
    let host = base.trim_start_matches("http://");
    let stream = tcp_from(host, from).await?;
    let body = body.to_string();
    let request = format!(
        "POST {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let mut stream = BufReader::new(stream);
    stream
        .get_mut()
        .write_all(request.as_bytes())
        .await
        .map_err(|e| e.to_string())?;
    let mut status = String::new();
    stream
        .read_line(&mut status)
        .await
        .map_err(|e| e.to_string())?;
    let mut length = None;
    loop {
        let mut line = String::new();
        if stream
            .read_line(&mut line)
            .await
            .map_err(|e| e.to_string())?
            == 0
        {
            break;
        }
        let l = line.trim_end();
        if l.is_empty() {
            break;
        }
        if let Some((k, v)) = l.split_once(':') {
            if k.eq_ignore_ascii_case("content-length") {
                length = v.trim().parse::<usize>().ok();
            }
        }
    }
    let mut answer = Vec::new();
    match length {
        Some(n) => {
            answer.resize(n, 0);
            stream
                .read_exact(&mut answer)
                .await
                .map_err(|e| e.to_string())?;
        }
        None => {
            stream
                .read_to_end(&mut answer)
                .await
                .map_err(|e| e.to_string())?;
        }
    }
    let code: u16 = status
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let text = String::from_utf8_lossy(&answer);
    if !(200..300).contains(&code) {
        return Err(format!("POST {path}: {} {}", code, text.trim()));
    }
    serde_json::from_str(&text).map_err(|e| format!("POST {path}: {e}: {text}"))
}

/// A table with both seats taken: `(id, black token, white token)`.
async fn open_table(base: &str, size: u32, n: usize) -> Result<(String, String, String), String> {
    let mut tries = 0;
    loop {
        let created = post(
            base,
            "/api/tables",
            &json!({"variant": "go", "size": size, "scoring": "area", "color": "black",
                    "name": format!("load {n} B")}),
            source_address(n),
        )
        .await;
        match created {
            Ok(t) => {
                let id = t["id"].as_str().ok_or("no id")?.to_string();
                let black = t["token"].as_str().ok_or("no token")?.to_string();
                let invite = t["invite"].as_str().ok_or("no invite")?;
                let joined = post(
                    base,
                    &format!("/api/tables/{id}/join"),
                    &json!({"invite": invite, "name": format!("load {n} W")}),
                    source_address(n),
                )
                .await?;
                let white = joined["token"].as_str().ok_or("no token")?.to_string();
                return Ok((id, black, white));
            }
            // A rate limit on table creation: wait and try again.
            Err(e) if e.contains(" 429 ") && tries < 600 => {
                tries += 1;
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            Err(e) => return Err(e),
        }
    }
}

// ---- measurements -------------------------------------------------------------------------

/// What all players counted, merged at the end.
#[derive(Default)]
struct Stats {
    ack_us: Vec<u32>,
    seen_us: Vec<u32>,
    accepted: u64,
    accepted_moves: u64,
    errors: BTreeMap<String, u64>,
    games: u64,
    behind_us: Vec<u32>,
    /// Event messages (with their state) received while recording, and their bytes.
    event_messages: u64,
    event_bytes: u64,
}

impl Stats {
    fn merge(&mut self, o: Stats) {
        self.ack_us.extend(o.ack_us);
        self.seen_us.extend(o.seen_us);
        self.accepted += o.accepted;
        self.accepted_moves += o.accepted_moves;
        for (k, v) in o.errors {
            *self.errors.entry(k).or_default() += v;
        }
        self.games += o.games;
        self.behind_us.extend(o.behind_us);
        self.event_messages += o.event_messages;
        self.event_bytes += o.event_bytes;
    }
}

fn percentiles(name: &str, v: &mut [u32]) {
    if v.is_empty() {
        println!("{name}: no samples");
        return;
    }
    v.sort_unstable();
    let at = |q: f64| v[((v.len() as f64 * q) as usize).min(v.len() - 1)] as f64 / 1000.0;
    println!(
        "{name}: p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, p99.9 {:.2} ms, max {:.2} ms ({} samples)",
        at(0.5),
        at(0.9),
        at(0.99),
        at(0.999),
        *v.last().unwrap() as f64 / 1000.0,
        v.len()
    );
}

// ---- players ------------------------------------------------------------------------------

/// What the two players of a table share: when the last move was sent (to time how soon the
/// opponent sees it) and the table's schedule.
struct TableClock {
    sent_ns: AtomicU64,
    next_due: Mutex<Instant>,
}

struct Run {
    /// Every node's `http://HOST:PORT`; table n is created on node n and its players connect to
    /// nodes n and n + 1, so with several nodes every move crosses from one node to another.
    bases: Vec<String>,
    start: Instant,
    record_from: Instant,
    end: Instant,
    interval: Option<Duration>,
    size: u32,
    moves: u64,
    stop: AtomicBool,
}

impl Run {
    /// The node for index `n` (round robin).
    fn node(&self, n: usize) -> &str {
        &self.bases[n % self.bases.len()]
    }
}

type Ws = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>;

/// A player's WebSocket from the loopback address of its table (as `open_table` used).
async fn connect(base: &str, id: &str, token: &str, n: usize) -> Result<Ws, String> {
    let url = format!(
        "{}/api/tables/{id}/ws",
        base.replacen("http://", "ws://", 1)
    );
    let stream = tcp_from(base.trim_start_matches("http://"), source_address(n)).await?;
    let (mut ws, _) =
        tokio_tungstenite::client_async(&url, tokio_tungstenite::MaybeTlsStream::Plain(stream))
            .await
            .map_err(|e| format!("websocket {url}: {e}"))?;
    ws.send(Message::text(
        json!({"type": "hello", "token": token, "since": null}).to_string(),
    ))
    .await
    .map_err(|e| e.to_string())?;
    Ok(ws)
}

// What a player reads of the server's messages (typed, so the rest of each state is skipped
// without building a JSON tree: the load tool shares the machine with the server).

#[derive(Deserialize)]
struct Incoming {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    id: Option<u64>,
    #[serde(default)]
    seq: Option<u64>,
    #[serde(default)]
    message: Option<String>,
    #[serde(default)]
    event: Option<IncomingEvent>,
    #[serde(default)]
    state: Option<IncomingState>,
}

#[derive(Deserialize)]
struct IncomingEvent {
    kind: String,
    #[serde(default)]
    seat: Option<String>,
    #[serde(default)]
    action: Option<IncomingAction>,
}

#[derive(Deserialize)]
struct IncomingAction {
    #[serde(default)]
    place: Option<IgnoredAny>,
}

#[derive(Deserialize)]
struct IncomingState {
    seq: u64,
    view: View,
}

#[derive(Deserialize)]
struct View {
    board: Vec<String>,
    to_move: String,
    phase: String,
    move_number: u64,
    #[serde(default)]
    illegal: HashMap<String, IgnoredAny>,
}

/// A random legal point for the side to move, or None.
fn random_move(view: &View, rng: &mut SmallRng) -> Option<String> {
    const COLUMNS: &[u8] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";
    let size = view.board.len();
    let mut free = Vec::new();
    for (i, row) in view.board.iter().enumerate() {
        for (col, ch) in row.bytes().enumerate() {
            if ch == b'.' {
                let name = format!("{}{}", COLUMNS[col] as char, size - i);
                if !view.illegal.contains_key(&name) {
                    free.push(name);
                }
            }
        }
    }
    if free.is_empty() {
        None
    } else {
        Some(free.swap_remove(rng.gen_range(0..free.len())))
    }
}

fn now_ns(run: &Run) -> u64 {
    run.start.elapsed().as_nanos() as u64
}

/// One player: keeps the latest state, moves on the table's schedule when it is its turn.
/// After its own action is acknowledged it waits for the state with that event before it
/// looks at the board again (the ack may come before the broadcast). Returns its counts.
async fn player(
    run: Arc<Run>,
    clock: Arc<TableClock>,
    mut ws: Ws,
    seat: &'static str,
    seed: u64,
) -> Result<(Stats, Ws), String> {
    let mut stats = Stats::default();
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut view: Option<View> = None;
    let mut view_seq = 0u64;
    let mut wait_for_seq = 0u64;
    let mut waiting: Option<(u64, Instant, bool)> = None; // (id, sent, is a move)
    let mut next_id = 1u64;
    loop {
        if run.stop.load(Ordering::Relaxed) {
            return Ok((stats, ws));
        }
        // Our turn and nothing in flight: wait for the table's due time, then send.
        let my_turn = waiting.is_none()
            && view_seq >= wait_for_seq
            && view
                .as_ref()
                .is_some_and(|v| v.phase == "playing" && v.to_move == seat);
        let due = if my_turn {
            Some(match run.interval {
                Some(_) => *clock.next_due.lock().unwrap(),
                None => Instant::now(),
            })
        } else {
            None
        };
        let msg = match due {
            Some(due) if due <= Instant::now() => None,
            Some(due) => tokio::select! {
                m = ws.next() => Some(m),
                _ = tokio::time::sleep_until(due.into()) => None,
            },
            None => tokio::select! {
                m = ws.next() => Some(m),
                _ = tokio::time::sleep(Duration::from_millis(200)) => continue,
            },
        };
        match msg {
            None => {
                // Send our move.
                let v = view.as_ref().unwrap();
                let (action, is_move) = if v.move_number >= run.moves {
                    (json!({"resign": seat}), false)
                } else {
                    match random_move(v, &mut rng) {
                        Some(p) => (json!({"place": p}), true),
                        None => (json!({"resign": seat}), false),
                    }
                };
                let now = Instant::now();
                if let Some(iv) = run.interval {
                    let mut d = clock.next_due.lock().unwrap();
                    if now >= run.record_from && now < run.end {
                        stats
                            .behind_us
                            .push(now.saturating_duration_since(*d).as_micros() as u32);
                    }
                    // The schedule goes on from the due time, never piling up more than one
                    // interval of backlog.
                    *d = (*d + iv).max(now);
                }
                clock.sent_ns.store(now_ns(&run), Ordering::Relaxed);
                let id = next_id;
                next_id += 1;
                waiting = Some((id, now, is_move));
                ws.send(Message::text(
                    json!({"type": "action", "id": id, "action": action}).to_string(),
                ))
                .await
                .map_err(|e| format!("send: {e}"))?;
            }
            Some(None) => return Err("the server closed the connection".into()),
            Some(Some(Err(e))) => return Err(format!("websocket: {e}")),
            Some(Some(Ok(Message::Text(text)))) => {
                let m: Incoming = serde_json::from_str(text.as_str())
                    .map_err(|e| format!("unreadable message: {e}"))?;
                let recording = {
                    let now = Instant::now();
                    now >= run.record_from && now < run.end
                };
                if let Some(state) = m.state {
                    view_seq = state.seq;
                    view = Some(state.view);
                }
                match m.kind.as_str() {
                    "event" => {
                        if recording {
                            stats.event_messages += 1;
                            stats.event_bytes += text.len() as u64;
                        }
                        let ev = m.event.ok_or("an event message without its event")?;
                        let theirs = ev.seat.as_deref().is_some_and(|s| s != seat);
                        let placed = ev.action.is_some_and(|a| a.place.is_some());
                        if ev.kind == "action" && theirs && placed && recording {
                            let sent = clock.sent_ns.load(Ordering::Relaxed);
                            if sent > 0 {
                                let us = now_ns(&run).saturating_sub(sent) / 1000;
                                stats.seen_us.push(us as u32);
                            }
                        }
                        if view.as_ref().is_some_and(|v| v.phase == "finished") {
                            if seat == "black" {
                                stats.games += 1;
                            }
                            return Ok((stats, ws));
                        }
                    }
                    "ack" => {
                        if let Some((id, sent, is_move)) = waiting {
                            if m.id == Some(id) {
                                waiting = None;
                                wait_for_seq = m.seq.unwrap_or(0);
                                if recording {
                                    stats.ack_us.push(sent.elapsed().as_micros() as u32);
                                    stats.accepted += 1;
                                    if is_move {
                                        stats.accepted_moves += 1;
                                    }
                                }
                            }
                        }
                    }
                    "error" => {
                        let text = m.message.unwrap_or_else(|| "?".into());
                        *stats.errors.entry(text).or_default() += 1;
                        if let Some((id, _, _)) = waiting {
                            if m.id == Some(id) {
                                waiting = None;
                            }
                        }
                    }
                    _ => {}
                }
            }
            Some(Some(Ok(Message::Close(_)))) => {
                return Err("the server closed the connection".into())
            }
            Some(Some(Ok(_))) => {}
        }
    }
}

/// A pair of players at one table after another until the run ends.
async fn table_pair(run: Arc<Run>, n: usize, first: (String, String, String)) -> Stats {
    let mut stats = Stats::default();
    let mut table = Some(first);
    let mut game = 0u64;
    // Spread the tables' schedules evenly over one interval.
    let phase = run
        .interval
        .map(|iv| iv.mul_f64(n as f64 * 0.618_034 % 1.0))
        .unwrap_or_default();
    while !run.stop.load(Ordering::Relaxed) {
        let (id, black, white) = match table.take() {
            Some(t) => t,
            None => match open_table(run.node(n), run.size, n).await {
                Ok(t) => t,
                Err(e) => {
                    *stats.errors.entry(format!("new table: {e}")).or_default() += 1;
                    return stats;
                }
            },
        };
        let clock = Arc::new(TableClock {
            sent_ns: AtomicU64::new(0),
            next_due: Mutex::new(Instant::now().max(run.start) + phase),
        });
        let (b, w) = match tokio::try_join!(
            connect(run.node(n), &id, &black, n),
            connect(run.node(n + 1), &id, &white, n)
        ) {
            Ok(p) => p,
            Err(e) => {
                *stats.errors.entry(e).or_default() += 1;
                return stats;
            }
        };
        let seed = (n as u64) << 20 | game;
        game += 1;
        let pb = tokio::spawn(player(run.clone(), clock.clone(), b, "black", seed));
        let pw = tokio::spawn(player(
            run.clone(),
            clock.clone(),
            w,
            "white",
            seed ^ 0x5555,
        ));
        for handle in [pb, pw] {
            match handle.await {
                Ok(Ok((s, mut ws))) => {
                    stats.merge(s);
                    let _ = ws.close(None).await;
                }
                Ok(Err(e)) => *stats.errors.entry(e).or_default() += 1,
                Err(e) => *stats.errors.entry(format!("player task: {e}")).or_default() += 1,
            }
        }
    }
    stats
}

// ---- main ---------------------------------------------------------------------------------

#[tokio::main]
async fn main() {
    let o = match options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    if let Err(e) = run(o).await {
        eprintln!("table_load: {e}");
        std::process::exit(1);
    }
}

async fn run(o: Options) -> Result<(), String> {
    let mut servers = Vec::new();
    let bases: Vec<String> = match &o.server {
        Some(urls) => urls
            .split(',')
            .map(|u| u.trim().trim_end_matches('/').to_string())
            .collect(),
        None => {
            let mut bases = Vec::new();
            for node in 0..o.nodes {
                let (s, b) = start_server(&o, node).await?;
                servers.push(s);
                bases.push(b);
            }
            bases
        }
    };
    let pids: Vec<u32> = servers.iter().map(|s| s.child.id()).collect();
    // Summed over the nodes this tool started (None when it started none).
    let total = |f: fn(u32) -> Option<u64>| -> Option<u64> {
        (!pids.is_empty())
            .then(|| pids.iter().map(|&p| f(p)).sum::<Option<u64>>())
            .flatten()
    };
    let cpu_total = || -> Option<f64> {
        (!pids.is_empty())
            .then(|| pids.iter().map(|&p| cpu_seconds(p)).sum::<Option<f64>>())
            .flatten()
    };
    let rss_start = total(rss_kib);

    // Create and seat every table, 32 at a time.
    let t0 = Instant::now();
    let mut tables = Vec::with_capacity(o.tables);
    let mut pending = futures_util::stream::iter(0..o.tables)
        .map(|n| {
            let base = bases[n % bases.len()].clone();
            let size = o.size;
            async move { open_table(&base, size, n).await }
        })
        .buffered(32);
    while let Some(t) = pending.next().await {
        tables.push(t?);
    }
    drop(pending);
    let setup = t0.elapsed();
    eprintln!(
        "{} tables created and seated in {:.1} s ({:.0} tables/s)",
        o.tables,
        setup.as_secs_f64(),
        o.tables as f64 / setup.as_secs_f64()
    );
    let rss_seated = total(rss_kib);

    let start = Instant::now() + Duration::from_millis(500);
    let interval = (o.rate > 0.0).then(|| Duration::from_secs_f64(o.tables as f64 / o.rate));
    let run = Arc::new(Run {
        bases: bases.clone(),
        start,
        record_from: start + Duration::from_secs(o.warmup),
        end: start + Duration::from_secs(o.warmup + o.seconds),
        interval,
        size: o.size,
        moves: o.moves,
        stop: AtomicBool::new(false),
    });
    let handles: Vec<_> = tables
        .into_iter()
        .enumerate()
        .map(|(n, t)| tokio::spawn(table_pair(run.clone(), n, t)))
        .collect();
    tokio::time::sleep_until(run.record_from.into()).await;
    let cpu_from = (cpu_total(), cpu_seconds(std::process::id()));
    let database_cpu_from = postgres_cpu_seconds();
    tokio::time::sleep_until(run.end.into()).await;
    let cpu_to = (cpu_total(), cpu_seconds(std::process::id()));
    let database_cpu_to = postgres_cpu_seconds();
    let rss_end = total(rss_kib);
    run.stop.store(true, Ordering::Relaxed);
    let mut stats = Stats::default();
    for h in handles {
        if let Ok(s) = h.await {
            stats.merge(s);
        }
    }

    println!(
        "tables {}, board {}x{}, target rate {}, measured {} s after {} s of warm-up, {} node(s), \
         database {}",
        o.tables,
        o.size,
        o.size,
        if o.rate > 0.0 {
            format!("{} moves/s", o.rate)
        } else {
            "closed loop".into()
        },
        o.seconds,
        o.warmup,
        bases.len(),
        match (&o.server, o.database.as_deref()) {
            (Some(url), _) => format!("of the server at {url}"),
            (None, Some(d)) => d.split(':').next().unwrap_or("?").to_string(),
            (None, None) => "sqlite (temporary file)".to_string(),
        }
    );
    let secs = o.seconds as f64;
    println!(
        "accepted actions: {} ({:.0}/s), of them moves: {} ({:.0}/s); games finished: {}",
        stats.accepted,
        stats.accepted as f64 / secs,
        stats.accepted_moves,
        stats.accepted_moves as f64 / secs,
        stats.games
    );
    if stats.event_messages > 0 {
        println!(
            "event messages received: {:.0}/s, {:.0} bytes each on average (event + state)",
            stats.event_messages as f64 / secs,
            stats.event_bytes as f64 / stats.event_messages as f64
        );
    }
    percentiles("send -> ack", &mut stats.ack_us);
    percentiles("send -> opponent sees the move", &mut stats.seen_us);
    if interval.is_some() {
        percentiles("behind schedule at send", &mut stats.behind_us);
    }
    if let (Some(a), Some(b), Some(c)) = (rss_start, rss_seated, rss_end) {
        println!(
            "server RSS (all nodes): {:.1} MiB at start, {:.1} MiB with the tables seated, {:.1} MiB at the end; \
             {:.1} KiB per table (end - start) / tables",
            a as f64 / 1024.0,
            b as f64 / 1024.0,
            c as f64 / 1024.0,
            (c.saturating_sub(a)) as f64 / o.tables as f64
        );
    }
    if let ((Some(a), Some(b)), (Some(c), Some(d))) = (cpu_from, cpu_to) {
        println!(
            "CPU during the measurement: server (all nodes) {:.2} cores, this load tool {:.2} cores \
             (of {} on this machine)",
            (c - a) / secs,
            (d - b) / secs,
            std::thread::available_parallelism().map_or(0, |n| n.get())
        );
    }
    if let (Some(a), Some(b)) = (database_cpu_from, database_cpu_to) {
        if o.database.as_deref().is_some_and(is_postgres) {
            println!(
                "CPU of the local PostgreSQL during the measurement: {:.2} cores",
                (b - a) / secs
            );
        }
    }
    if stats.errors.is_empty() {
        println!("errors: none");
    } else {
        println!("errors:");
        for (k, v) in &stats.errors {
            println!("  {v} × {k}");
        }
    }
    drop(servers);
    Ok(())
}
