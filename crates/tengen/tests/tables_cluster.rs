//! Several `tengen serve` nodes on one PostgreSQL (loopback ports, real processes): players and
//! watchers on different nodes play through the review, simultaneous moves through two nodes
//! leave exactly one accepted, a review timeout fires exactly once after a node is killed, and a
//! node's clients continue through another node; players on different nodes see each other
//! come and go. Skipped without `TENGEN_TEST_POSTGRES_URL`.

#[path = "../../server/tests/tables_support/mod.rs"]
mod tables_support;

mod nodes;

use nodes::Node;
use serde_json::json;
use std::time::Duration;
use tables_support::{create, http, join, Client, Db};

async fn three_nodes() -> Option<(Node, Node, Node)> {
    let url = tables_support::database_url(Db::Postgres).await?;
    let (a, b, c) = tokio::join!(Node::start(&url), Node::start(&url), Node::start(&url));
    Some((a, b, c))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_and_watcher_on_three_nodes_play_through_the_review() {
    let Some((a, b, c)) = three_nodes().await else {
        return;
    };
    let table = create(a.addr, json!({})).await;
    let white_token = join(b.addr, &table, "Bob").await;
    let mut black = Client::connect(a.addr, &table.id, Some(&table.creator_token), None).await;
    let mut white = Client::connect(b.addr, &table.id, Some(&white_token), None).await;
    let mut watcher = Client::connect(c.addr, &table.id, None, None).await;
    black.act(json!({"place": "E5"})).await.unwrap();
    white.act(json!({"pass": {}})).await.unwrap();
    let passes = black.act(json!({"pass": {}})).await.unwrap();
    white.wait_seq(passes + 1).await;
    assert_eq!(white.view()["review"]["reviewer"], "white");
    white
        .act(json!({"propose": {"color": "white", "dead": []}}))
        .await
        .unwrap();
    black.wait_seq(passes + 3).await;
    let last = black
        .act(json!({"propose": {"color": "black", "dead": []}}))
        .await
        .unwrap();
    watcher.wait_seq(last).await;
    white.wait_seq(last).await;
    assert_eq!(watcher.view()["result"], "B+73.5");
    assert_eq!(white.view()["result"], "B+73.5");
    let first = watcher.seqs[0];
    assert_eq!(
        watcher.seqs,
        (first..=last).collect::<Vec<_>>(),
        "no event lost or repeated"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn simultaneous_moves_through_two_nodes_leave_exactly_one() {
    let Some((a, b, _c)) = three_nodes().await else {
        return;
    };
    let table = create(a.addr, json!({})).await;
    let white_token = join(a.addr, &table, "Bob").await;
    let mut black_a = Client::connect(a.addr, &table.id, Some(&table.creator_token), None).await;
    let mut black_b = Client::connect(b.addr, &table.id, Some(&table.creator_token), None).await;
    let mut white = Client::connect(b.addr, &table.id, Some(&white_token), None).await;
    for round in 1..=5 {
        let (x, y) = tokio::join!(
            black_a.act(json!({"place": format!("C{round}")})),
            black_b.act(json!({"place": format!("G{round}")})),
        );
        assert_eq!(
            [&x, &y].iter().filter(|r| r.is_ok()).count(),
            1,
            "{x:?} {y:?}"
        );
        let seq = white
            .act(json!({"place": format!("E{round}")}))
            .await
            .unwrap();
        black_a.wait_seq(seq).await;
        black_b.wait_seq(seq).await;
    }
    for node in [&a, &b] {
        let (_, state) = http(node.addr, "GET", &format!("/api/tables/{}", table.id), None).await;
        assert_eq!(state["view"]["move_number"], 10);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn review_timeout_fires_once_after_the_creating_node_dies() {
    let Some((a, b, c)) = three_nodes().await else {
        return;
    };
    let table = create(a.addr, json!({"review_seconds": 6})).await;
    let white_token = join(a.addr, &table, "Bob").await;
    let mut black = Client::connect(a.addr, &table.id, Some(&table.creator_token), None).await;
    let mut white = Client::connect(a.addr, &table.id, Some(&white_token), None).await;
    black.act(json!({"place": "E5"})).await.unwrap();
    white.act(json!({"pass": {}})).await.unwrap();
    let passes = black.act(json!({"pass": {}})).await.unwrap();
    // Let the other nodes pick the table up (their scan runs every 2 s), then kill the node
    // the players were on, mid-review.
    tokio::time::sleep(Duration::from_secs(3)).await;
    a.kill();
    let mut watcher = Client::connect(c.addr, &table.id, None, Some(passes)).await;
    // The suggestion, then White's timeout ~6 s after the passes, then Black's suggestion.
    watcher.wait_seq(passes + 3).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let (_, state) = http(b.addr, "GET", &format!("/api/tables/{}", table.id), None).await;
    assert_eq!(state["view"]["review"]["reviewer"], "black");
    let history = Client::connect(b.addr, &table.id, None, Some(0)).await;
    let numbers: Vec<u64> = (1..=history.seqs.len() as u64).collect();
    assert_eq!(
        history.seqs, numbers,
        "events are numbered without gaps or repeats"
    );
    let timeouts = history
        .events
        .iter()
        .filter(|e| e["cause"] == "review_timeout")
        .count();
    assert_eq!(timeouts, 1, "the review timeout fired exactly once");
    let (_, other) = http(c.addr, "GET", &format!("/api/tables/{}", table.id), None).await;
    assert_eq!(state["seq"], other["seq"], "both nodes agree");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn clients_of_a_killed_node_continue_through_another() {
    let Some((a, b, _c)) = three_nodes().await else {
        return;
    };
    let table = create(a.addr, json!({})).await;
    let white_token = join(b.addr, &table, "Bob").await;
    let mut black = Client::connect(a.addr, &table.id, Some(&table.creator_token), None).await;
    let mut white = Client::connect(b.addr, &table.id, Some(&white_token), None).await;
    black.act(json!({"place": "C3"})).await.unwrap();
    let seen = white.act(json!({"place": "G7"})).await.unwrap();
    a.kill();
    // Black's client reconnects to another node with the last event it saw.
    let mut black =
        Client::connect(b.addr, &table.id, Some(&table.creator_token), Some(seen)).await;
    assert!(black.seqs.is_empty());
    let seq = black.act(json!({"place": "C7"})).await.unwrap();
    assert_eq!(seq, seen + 1, "nothing was lost or stored twice");
    white.wait_seq(seq).await;
    assert_eq!(white.view()["move_number"], 3);
}

/// Waits until `client` is told the presence `black`, `white` (the caller bounds the wait). It
/// pings once a second so that the connection is never silent.
async fn wait_presence(client: &mut Client, black: bool, white: bool) {
    let wanted = json!({"type": "presence", "black": black, "white": white});
    loop {
        if let Some(i) = client.inbox.iter().position(|m| *m == wanted) {
            client.inbox.drain(..=i);
            return;
        }
        client.send(json!({"type": "ping"})).await;
        loop {
            let m = client.recv().await;
            let pong = m["type"] == "pong";
            client.inbox.push_back(m);
            if pong {
                break;
            }
        }
        if !client.inbox.contains(&wanted) {
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
    }
}

/// [`wait_presence`] for at most `seconds`.
async fn presence_within(seconds: u64, client: &mut Client, black: bool, white: bool) {
    let wait = wait_presence(client, black, white);
    let found = tokio::time::timeout(Duration::from_secs(seconds), wait).await;
    assert!(
        found.is_ok(),
        "presence black {black}, white {white} within {seconds} s"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_on_different_nodes_see_each_other_connect_and_leave() {
    let Some((a, b, _c)) = three_nodes().await else {
        return;
    };
    let table = create(a.addr, json!({})).await;
    let white_token = join(a.addr, &table, "Bob").await;
    let mut black = Client::connect(a.addr, &table.id, Some(&table.creator_token), None).await;
    assert_eq!(black.state["players"]["white"]["connected"], false);
    // Node B may not hold the table until its scan; White's connection loads it there. Each
    // change is announced at once, and an announcement that comes late on a loaded machine,
    // or is lost, is repeated within 10 s (`ANNOUNCE_EVERY`): hence 15 s.
    let white = Client::connect(b.addr, &table.id, Some(&white_token), None).await;
    presence_within(15, &mut black, true, true).await;
    white.close().await;
    presence_within(15, &mut black, true, false).await;
    // White comes back through B, which is then killed: after the grace time White is gone.
    let _white = Client::connect(b.addr, &table.id, Some(&white_token), None).await;
    presence_within(15, &mut black, true, true).await;
    b.kill();
    // Forgotten 25 s after B's last announcement (B repeats it every 10 s).
    presence_within(40, &mut black, true, false).await;
}
