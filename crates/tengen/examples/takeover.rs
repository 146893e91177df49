//! How late a table's timers fire when the node its players were on dies (SIGKILL): `tengen
//! serve` nodes on one PostgreSQL database, a table in review on node A, node A killed, and a
//! watcher on node B timing the review timeout against its deadline. Two cases per trial:
//!
//! - **running**: A dies 1.5 s before the deadline, after the other nodes' scan has loaded the
//!   table (the usual case: every node runs every open table's timers);
//! - **fresh**: A dies right after the passes of a table it created under 2 s before, so the
//!   other nodes may not hold it yet and must find it by their scan (every 2 s).
//!
//! The delay reported is the moment the watcher on B receives the timeout event minus the
//! deadline (the event is stamped with its deadline); the timeout must be stored exactly once.
//!
//! ```text
//! cargo build --release -p tengen && cargo build --release -p tengen --example takeover
//! TENGEN_BINARY=target/release/tengen target/release/examples/takeover postgres://… [trials=10]
//! ```

#[path = "../../server/tests/tables_support/mod.rs"]
mod tables_support;

#[path = "../tests/nodes/mod.rs"]
mod nodes;

use nodes::Node;
use serde_json::json;
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use tables_support::{create, join, Client};

/// The shortest review time a table allows.
const REVIEW_SECONDS: i64 = 5;

fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .expect("a clock after 1970")
        .as_millis() as i64
}

/// One trial: returns how many ms after its deadline the watcher on `survivor` saw the timeout.
async fn trial(database: &str, survivor: &Node, kill_early: bool) -> i64 {
    let doomed = Node::start(database).await;
    let table = create(doomed.addr, json!({"review_seconds": REVIEW_SECONDS})).await;
    let white_token = join(doomed.addr, &table, "Bob").await;
    let mut black = Client::connect(doomed.addr, &table.id, Some(&table.creator_token), None).await;
    let mut white = Client::connect(doomed.addr, &table.id, Some(&white_token), None).await;
    black.act(json!({"place": "E5"})).await.expect("E5");
    white.act(json!({"pass": {}})).await.expect("pass");
    let passes = black.act(json!({"pass": {}})).await.expect("pass");
    let passed_at = black
        .events
        .iter()
        .chain(white.events.iter())
        .find(|e| e["seq"] == passes)
        .and_then(|e| e["at"].as_i64())
        .unwrap_or_else(now_ms);
    // The review timer starts with the passes (the exact deadline is read from the timeout).
    let deadline = passed_at + REVIEW_SECONDS * 1000;
    if !kill_early {
        let kill_at = deadline - 1_500;
        tokio::time::sleep(Duration::from_millis((kill_at - now_ms()).max(0) as u64)).await;
    }
    drop(black);
    drop(white);
    doomed.kill();
    let mut watcher = Client::connect(survivor.addr, &table.id, None, Some(passes)).await;
    loop {
        if let Some(timeout) = watcher
            .events
            .iter()
            .find(|e| e["cause"] == "review_timeout")
        {
            let seen = now_ms();
            // The server stamps a timeout with its deadline.
            let stamped = timeout["at"].as_i64().expect("a time");
            assert!(
                (stamped - deadline).abs() < 1_000,
                "the deadline is {stamped}, not about {deadline}: the kill was not timed"
            );
            let deadline = stamped;
            let history = Client::connect(survivor.addr, &table.id, None, Some(0)).await;
            let fired = history
                .events
                .iter()
                .filter(|e| e["cause"] == "review_timeout")
                .count();
            assert_eq!(fired, 1, "the review timeout is stored exactly once");
            return seen - deadline;
        }
        let next = watcher.seqs.last().copied().unwrap_or(passes) + 1;
        watcher.wait_seq(next).await;
    }
}

fn summary(name: &str, delays: &mut [i64]) {
    if delays.is_empty() {
        return;
    }
    delays.sort_unstable();
    let n = delays.len();
    println!(
        "{name}: {n} trials, timeout seen after its deadline: median {} ms, max {} ms (all: {:?})",
        delays[n / 2],
        delays[n - 1],
        delays
    );
}

#[tokio::main]
async fn main() {
    let mut args = std::env::args().skip(1);
    let Some(database) = args.next().filter(|u| u.starts_with("postgres")) else {
        eprintln!("usage: takeover postgres://USER:PASS@HOST/DB [trials=10]");
        std::process::exit(2);
    };
    let trials: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(10);
    let survivor = Node::start(&database).await;
    let mut running = Vec::new();
    let mut fresh = Vec::new();
    for n in 0..trials {
        running.push(trial(&database, &survivor, false).await);
        fresh.push(trial(&database, &survivor, true).await);
        eprintln!(
            "trial {}: running {} ms, fresh {} ms",
            n + 1,
            running[n],
            fresh[n]
        );
    }
    summary("running (A killed 1.5 s before the deadline)", &mut running);
    summary("fresh (A killed right after the passes)", &mut fresh);
}
