//! Crash safety of online tables: the shipped `tengen serve` killed with SIGKILL and restarted
//! on the same database — mid-game, mid-review, with a game clock running — loses no accepted
//! action and resumes its timers, on SQLite and on PostgreSQL.

#[path = "../../server/tests/tables_support/mod.rs"]
mod tables_support;

mod nodes;

use nodes::Node;
use serde_json::json;
use std::time::{Duration, Instant};
use tables_support::{create, http, join, Client, Db};

macro_rules! on_both_databases {
    ($($name:ident),* $(,)?) => {
        mod sqlite { $(
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn $name() {
                if let Some(url) = super::tables_support::database_url(super::Db::Sqlite).await {
                    super::$name(url).await;
                }
            }
        )* }
        mod postgres { $(
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn $name() {
                if let Some(url) = super::tables_support::database_url(super::Db::Postgres).await {
                    super::$name(url).await;
                }
            }
        )* }
    };
}

on_both_databases!(
    killed_mid_game_loses_no_accepted_move,
    killed_mid_review_keeps_the_review_timer_running,
    killed_with_a_clock_running_keeps_the_clock_running,
);

async fn killed_mid_game_loses_no_accepted_move(url: String) {
    let node = Node::start(&url).await;
    let table = create(node.addr, json!({})).await;
    let white_token = join(node.addr, &table, "Bob").await;
    let mut black = Client::connect(node.addr, &table.id, Some(&table.creator_token), None).await;
    let mut white = Client::connect(node.addr, &table.id, Some(&white_token), None).await;
    let mut last = 0;
    for (b, w) in [("C3", "G7"), ("C7", "G3"), ("E5", "D4")] {
        black.act(json!({"place": b})).await.unwrap();
        last = white.act(json!({"place": w})).await.unwrap();
    }
    node.kill();
    let node = Node::start(&url).await;
    let mut black =
        Client::connect(node.addr, &table.id, Some(&table.creator_token), Some(last)).await;
    assert!(
        black.seqs.is_empty(),
        "nothing after the last acknowledged event"
    );
    assert_eq!(black.state["seq"].as_u64(), Some(last));
    assert_eq!(black.view()["move_number"], 6);
    assert_eq!(black.view()["to_move"], "black");
    black.act(json!({"place": "F4"})).await.unwrap();
}

async fn killed_mid_review_keeps_the_review_timer_running(url: String) {
    let node = Node::start(&url).await;
    let table = create(node.addr, json!({"review_seconds": 6})).await;
    let white_token = join(node.addr, &table, "Bob").await;
    let mut black = Client::connect(node.addr, &table.id, Some(&table.creator_token), None).await;
    let mut white = Client::connect(node.addr, &table.id, Some(&white_token), None).await;
    black.act(json!({"place": "E5"})).await.unwrap();
    white.act(json!({"pass": {}})).await.unwrap();
    let passes = black.act(json!({"pass": {}})).await.unwrap();
    let review_started = Instant::now();
    let toggled = white.act(json!({"toggle_dead": "E5"})).await;
    // The suggestion may already mark E5; either way White's marks are now settled.
    let marks_seq = toggled.unwrap();
    node.kill();
    tokio::time::sleep(Duration::from_secs(1)).await;
    let node = Node::start(&url).await;
    let mut watcher = Client::connect(node.addr, &table.id, None, Some(passes)).await;
    assert_eq!(watcher.view()["phase"], "review");
    let left = watcher.state["review_timer"]["white_ms"].as_i64().unwrap();
    assert!(
        left < 5_000,
        "White's review time kept running while the server was down: {left}"
    );
    // The timeout fires once, about six seconds after the review began, not six after restart.
    watcher.wait_seq(marks_seq + 1).await;
    assert!(review_started.elapsed() < Duration::from_secs(9));
    assert_eq!(watcher.view()["review"]["reviewer"], "black");
    let (_, state) = http(node.addr, "GET", &format!("/api/tables/{}", table.id), None).await;
    let timeouts = state["view"]["review"]["proposals"]["white"].clone();
    assert!(timeouts.is_array(), "White's marks were submitted: {state}");
}

async fn killed_with_a_clock_running_keeps_the_clock_running(url: String) {
    let node = Node::start(&url).await;
    let table = create(
        node.addr,
        json!({"clock": {"kind": "fischer", "main_seconds": 4, "increment_seconds": 0}}),
    )
    .await;
    let white_token = join(node.addr, &table, "Bob").await;
    let mut black = Client::connect(node.addr, &table.id, Some(&table.creator_token), None).await;
    let moved = black.act(json!({"place": "C3"})).await.unwrap();
    let white_clock_started = Instant::now();
    node.kill();
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let node = Node::start(&url).await;
    let white = Client::connect(node.addr, &table.id, Some(&white_token), Some(moved)).await;
    assert_eq!(white.state["clock"]["running"], "white");
    let left = white.state["clock"]["white"]["main_ms"].as_i64().unwrap();
    assert!(
        left <= 2_600,
        "White's clock ran while the server was down: {left} ms left"
    );
    let mut white = white;
    white.wait_seq(moved + 1).await;
    assert_eq!(white.view()["result"], "B+T");
    assert!(white_clock_started.elapsed() < Duration::from_secs(7));
}
