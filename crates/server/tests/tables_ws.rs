//! Online tables through real WebSocket clients against a real server on a loopback port, on
//! SQLite and on PostgreSQL: seats and invites, play, the table review of seed 003 with its
//! timers, watchers, reconnection, bad input, and simultaneous moves.

mod tables_support;

use serde_json::json;
use tables_support::{create, http, join, Client, TestServer};

on_both_databases!(
    invite_seats_the_second_player_once,
    matching_review_proposals_finish_the_game,
    different_review_proposals_resume_play_after_the_passes,
    review_timeout_submits_the_marks_and_hands_over,
    watcher_sees_every_event_in_order,
    reconnect_with_since_receives_exactly_the_missed_events,
    bad_messages_get_errors_and_change_nothing,
    simultaneous_moves_leave_exactly_one_accepted,
    undo_request_accepted_takes_back_the_move,
    game_clock_running_out_loses_on_time,
    your_tables_says_whose_turn_it_is,
    one_address_over_its_message_limit_is_slowed_down,
);

/// A table with both players connected: (table, black, white).
async fn seated(
    server: &TestServer,
    settings: serde_json::Value,
) -> (tables_support::Table, Client, Client) {
    let table = create(server.addr, settings).await;
    let white_token = join(server.addr, &table, "Bob").await;
    let black = Client::connect(server.addr, &table.id, Some(&table.creator_token), None).await;
    let white = Client::connect(server.addr, &table.id, Some(&white_token), None).await;
    assert_eq!(
        (black.seat.clone(), white.seat.clone()),
        (json!("black"), json!("white"))
    );
    (table, black, white)
}

/// Black E5, White passes, Black passes: review starts with White reviewing first.
async fn play_to_review(black: &mut Client, white: &mut Client) -> u64 {
    black.act(json!({"place": "E5"})).await.unwrap();
    white.act(json!({"pass": {}})).await.unwrap();
    let seq = black.act(json!({"pass": {}})).await.unwrap();
    // The server stores its dead-stone suggestion right after the review begins.
    white.wait_seq(seq + 1).await;
    assert_eq!(white.view()["phase"], "review");
    assert_eq!(white.view()["review"]["reviewer"], "white");
    seq + 1
}

async fn invite_seats_the_second_player_once(server: TestServer) {
    let table = create(server.addr, json!({})).await;
    let (status, body) = http(
        server.addr,
        "POST",
        &format!("/api/tables/{}/join", table.id),
        Some(json!({"invite": "0".repeat(32)})),
    )
    .await;
    assert_eq!(status, 403, "{body}");
    join(server.addr, &table, "Bob").await;
    let (status, body) = http(
        server.addr,
        "POST",
        &format!("/api/tables/{}/join", table.id),
        Some(json!({"invite": table.invite})),
    )
    .await;
    assert_eq!(
        (status, body["error"].as_str()),
        (409, Some("both seats are taken: you can watch"))
    );
    let (status, state) = http(
        server.addr,
        "GET",
        &format!("/api/tables/{}", table.id),
        None,
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(state["players"]["white"]["name"], "Bob");
    assert_eq!(state["seq"], 2);
}

async fn matching_review_proposals_finish_the_game(server: TestServer) {
    let (table, mut black, mut white) = seated(&server, json!({})).await;
    play_to_review(&mut black, &mut white).await;
    white
        .act(json!({"propose": {"color": "white", "dead": []}}))
        .await
        .unwrap();
    // Black is next, again starting from the suggestion.
    let seq = black
        .act(json!({"propose": {"color": "black", "dead": []}}))
        .await
        .unwrap();
    white.wait_seq(seq).await;
    assert_eq!(white.view()["phase"], "finished");
    // Japanese counting: 80 points of black territory against 6.5 komi.
    assert_eq!(white.view()["result"], "B+73.5");
    let (status, sgf) = http(
        server.addr,
        "GET",
        &format!("/api/tables/{}/sgf", table.id),
        None,
    )
    .await;
    assert_eq!(status, 200);
    assert!(sgf.as_str().unwrap().contains("RE[B+73.5]"), "{sgf}");
}

async fn different_review_proposals_resume_play_after_the_passes(server: TestServer) {
    let (_, mut black, mut white) = seated(&server, json!({})).await;
    play_to_review(&mut black, &mut white).await;
    white
        .act(json!({"propose": {"color": "white", "dead": ["E5"]}}))
        .await
        .unwrap();
    let seq = black
        .act(json!({"propose": {"color": "black", "dead": []}}))
        .await
        .unwrap();
    white.wait_seq(seq).await;
    let view = white.view().clone();
    assert_eq!(view["phase"], "playing");
    assert_eq!(
        view["to_move"], "white",
        "the player whose turn followed the passes moves"
    );
    assert!(view["review"].is_null());
    assert_eq!(
        black.act(json!({"place": "C3"})).await.unwrap_err(),
        "it is not your turn: White is to play"
    );
    white.act(json!({"place": "C3"})).await.unwrap();
}

async fn review_timeout_submits_the_marks_and_hands_over(server: TestServer) {
    let (_, mut black, mut white) = seated(&server, json!({"review_seconds": 8})).await;
    let started = std::time::Instant::now();
    let seq = play_to_review(&mut black, &mut white).await;
    let toggled = white.act(json!({"toggle_dead": "E5"})).await.unwrap();
    white.wait_seq(toggled).await;
    assert_eq!(white.state["review_timer"]["running"], "white");
    assert_eq!(toggled, seq + 1);
    // White's eight seconds run out: the server submits White's marks (E5 dead).
    black.wait_seq(seq + 2).await;
    assert!(started.elapsed().as_secs_f64() > 7.5);
    let timeout_event = black.state.clone();
    assert_eq!(timeout_event["view"]["phase"], "review");
    assert_eq!(timeout_event["view"]["review"]["reviewer"], "black");
    assert_eq!(
        timeout_event["view"]["review"]["proposals"]["white"],
        json!(["E5"])
    );
    assert_eq!(timeout_event["review_timer"]["running"], "black");
    assert_eq!(timeout_event["review_timer"]["white_ms"], 0);
    // Not a forfeit: Black reviews and agrees.
    let seq = black
        .act(json!({"propose": {"color": "black", "dead": ["E5"]}}))
        .await
        .unwrap();
    white.wait_seq(seq).await;
    assert_eq!(white.view()["phase"], "finished");
    // E5 is a prisoner; the empty board borders no stone, so no territory: 1 + 6.5 komi.
    assert_eq!(white.view()["result"], "W+7.5");
}

async fn watcher_sees_every_event_in_order(server: TestServer) {
    let (table, mut black, mut white) = seated(&server, json!({})).await;
    let mut watcher = Client::connect(server.addr, &table.id, None, None).await;
    assert!(watcher.seat.is_null());
    black.act(json!({"place": "C3"})).await.unwrap();
    white.act(json!({"place": "G7"})).await.unwrap();
    let last = black.act(json!({"resign": "black"})).await.unwrap();
    watcher.wait_seq(last).await;
    let first = watcher.seqs[0];
    assert_eq!(watcher.seqs, (first..=last).collect::<Vec<_>>());
    assert_eq!(watcher.view()["result"], "W+R");
    assert_eq!(
        watcher.act(json!({"pass": {}})).await.unwrap_err(),
        "watchers cannot act: only the two seated players play"
    );
}

async fn reconnect_with_since_receives_exactly_the_missed_events(server: TestServer) {
    let (table, mut black, mut white) = seated(&server, json!({})).await;
    let mut watcher = Client::connect(server.addr, &table.id, None, None).await;
    black.act(json!({"place": "C3"})).await.unwrap();
    let seen = white.act(json!({"place": "G7"})).await.unwrap();
    watcher.wait_seq(seen).await;
    watcher.close().await;
    black.act(json!({"place": "C7"})).await.unwrap();
    let last = white.act(json!({"place": "D4"})).await.unwrap();
    let back = Client::connect(server.addr, &table.id, None, Some(seen)).await;
    assert_eq!(back.seqs, vec![seen + 1, last]);
    assert_eq!(back.state["seq"].as_u64(), Some(last));
    assert_eq!(back.view()["move_number"], 4);
}

async fn bad_messages_get_errors_and_change_nothing(server: TestServer) {
    let (table, mut black, mut white) = seated(&server, json!({})).await;
    let before = black.state["seq"].as_u64().unwrap();
    assert_eq!(
        white.act(json!({"place": "E5"})).await.unwrap_err(),
        "it is not your turn: Black is to play"
    );
    assert!(black.act(json!({"place": "Z99"})).await.is_err());
    assert_eq!(
        black.act(json!({"resign": "white"})).await.unwrap_err(),
        "a player may resign only for their own color"
    );
    assert_eq!(
        black.act(json!({"timeout": "white"})).await.unwrap_err(),
        "only the game clock can end a game on time"
    );
    black.send_text("{not json").await;
    let m = black.recv().await;
    assert_eq!(m["type"], "error");
    assert!(
        m["message"]
            .as_str()
            .unwrap()
            .starts_with("malformed message"),
        "{m}"
    );
    black.send_text(&"x".repeat(10_000)).await;
    // A message over the size limit closes the connection; the table is unchanged.
    let wrong = Client::connect(server.addr, &table.id, None, None).await;
    assert_eq!(wrong.state["seq"].as_u64().unwrap(), before);
    let url = format!("ws://{}/api/tables/{}/ws", server.addr, table.id);
    let (mut ws, _) = tokio_tungstenite::connect_async(url).await.unwrap();
    use futures_util::{SinkExt, StreamExt};
    ws.send(tokio_tungstenite::tungstenite::Message::text(
        json!({"type": "hello", "token": "f".repeat(32)}).to_string(),
    ))
    .await
    .unwrap();
    let reply = ws.next().await.unwrap().unwrap();
    assert!(reply
        .to_text()
        .unwrap()
        .contains("this token holds no seat at this table"));
    let (status, state) = http(
        server.addr,
        "GET",
        &format!("/api/tables/{}", table.id),
        None,
    )
    .await;
    assert_eq!((status, state["seq"].as_u64().unwrap()), (200, before));
    let (status, _) = http(server.addr, "GET", "/api/tables/nope", None).await;
    assert_eq!(status, 404);
}

async fn simultaneous_moves_leave_exactly_one_accepted(server: TestServer) {
    let (table, mut black, mut white) = seated(&server, json!({})).await;
    // Black's seat open on two devices: both send a move at the same instant.
    let mut black2 =
        Client::connect(server.addr, &table.id, Some(&table.creator_token), None).await;
    for round in 1..=5 {
        let (a, b) = tokio::join!(
            black.act(json!({"place": format!("C{round}")})),
            black2.act(json!({"place": format!("G{round}")})),
        );
        assert_eq!(
            [&a, &b].iter().filter(|r| r.is_ok()).count(),
            1,
            "{a:?} {b:?}"
        );
        let refused = a.err().or(b.err()).unwrap();
        assert_eq!(refused, "it is not your turn: White is to play");
        let seq = white
            .act(json!({"place": format!("E{round}")}))
            .await
            .unwrap();
        black.wait_seq(seq).await;
    }
    let (_, state) = http(
        server.addr,
        "GET",
        &format!("/api/tables/{}", table.id),
        None,
    )
    .await;
    assert_eq!(state["view"]["move_number"], 10);
}

async fn undo_request_accepted_takes_back_the_move(server: TestServer) {
    let (_, mut black, mut white) = seated(&server, json!({})).await;
    black.act(json!({"place": "C3"})).await.unwrap();
    assert!(
        white.request(json!({"type": "undo"})).await.is_err(),
        "White has no move to take back"
    );
    black.request(json!({"type": "undo"})).await.unwrap();
    let seq = white
        .request(json!({"type": "undo_reply", "accept": true}))
        .await
        .unwrap();
    black.wait_seq(seq).await;
    assert_eq!(black.view()["move_number"], 0);
    assert_eq!(black.view()["to_move"], "black");
    black.act(json!({"place": "D4"})).await.unwrap();
    black.request(json!({"type": "undo"})).await.unwrap();
    white
        .request(json!({"type": "undo_reply", "accept": false}))
        .await
        .unwrap();
    let seq = white.act(json!({"place": "F6"})).await.unwrap();
    white.wait_seq(seq).await;
    assert_eq!(white.view()["move_number"], 2);
}

async fn game_clock_running_out_loses_on_time(server: TestServer) {
    let (_, mut black, mut white) = seated(
        &server,
        json!({"clock": {"kind": "fischer", "main_seconds": 2, "increment_seconds": 0}}),
    )
    .await;
    assert_eq!(black.state["clock"]["running"], "black");
    let seq = black.act(json!({"place": "C3"})).await.unwrap();
    // White does not move: two seconds later the server ends the game on time.
    white.wait_seq(seq + 1).await;
    assert_eq!(white.view()["result"], "B+T");
    assert!(white.act(json!({"place": "E5"})).await.is_err());
}

async fn your_tables_says_whose_turn_it_is(server: TestServer) {
    let table = create(server.addr, json!({})).await;
    let white = join(server.addr, &table, "Bob").await;
    let (status, mine) = http(
        server.addr,
        "POST",
        "/api/tables/mine",
        Some(json!({"tables": [
            {"id": table.id, "token": table.creator_token},
            {"id": table.id, "token": white},
            {"id": table.id, "token": "0".repeat(32)},
        ]})),
    )
    .await;
    assert_eq!(status, 200, "{mine}");
    let list = mine["tables"].as_array().unwrap();
    assert_eq!(list.len(), 2);
    assert_eq!(
        (list[0]["seat"].clone(), list[0]["your_turn"].clone()),
        (json!("black"), json!(true))
    );
    assert_eq!(
        (list[1]["opponent"].clone(), list[1]["your_turn"].clone()),
        (json!("Ann"), json!(false))
    );
}

/// Many connections from one address share its limit (100 messages a second, 300 at once): each
/// connection stays under its own limit (30 at once), yet together they go over, and the extra
/// messages are answered with an error while the table is unchanged.
async fn one_address_over_its_message_limit_is_slowed_down(server: TestServer) {
    let table = create(server.addr, json!({})).await;
    let mut watchers = Vec::new();
    for _ in 0..20 {
        watchers.push(Client::connect(server.addr, &table.id, None, None).await);
    }
    let mut answered = 0;
    let mut slowed = 0;
    let started = std::time::Instant::now();
    for watcher in &mut watchers {
        for n in 0..25 {
            watcher.send(json!({"type": "ping", "id": n})).await;
        }
        for _ in 0..25 {
            let m = watcher.recv().await;
            match m["type"].as_str() {
                Some("pong") => answered += 1,
                Some("error") => {
                    assert_eq!(
                        m["message"], "too many messages from this address: slow down",
                        "{m}"
                    );
                    slowed += 1;
                }
                _ => panic!("unexpected {m}"),
            }
        }
    }
    let refilled = (100.0 * started.elapsed().as_secs_f64()).ceil() as usize;
    assert_eq!(answered + slowed, 20 * 25);
    assert!(
        (300..=300 + refilled + 1).contains(&answered),
        "the burst of 300 and the refill of {refilled} answered, got {answered}"
    );
    assert!(slowed > 0, "the rest refused");
}
