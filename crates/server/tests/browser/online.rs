//! Online tables in two real headless Chromium sessions on one server (SQLite): a table created
//! on the Online page, the friend seated through the invite link, moves by keyboard and mouse,
//! an undo request accepted, a dropped connection that catches up, two reviews (different
//! proposals resume play; matching ones finish with the count), the SGF, "Your tables".

use crate::common;

use common::Session;
use fantoccini::key::Key;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// Waits until a JavaScript expression is truthy in `s` (up to 15 s).
async fn wait(s: &Session, expr: &str) {
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        // A page still loading may not have the element yet: that is "not yet", not a failure.
        let check = format!("try {{ return !!({expr}); }} catch (e) {{ return false; }}");
        if s.js(&check).await == json!(true) {
            return;
        }
        if Instant::now() > deadline {
            let status = s.text("#tb-status").await;
            let message = s.text("#tb-message").await;
            let error = s.text("#on-error").await;
            panic!("timed out waiting for {expr}; status: {status}; message: {message} {error}");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The table's last event number as this page knows it.
async fn seq(s: &Session) -> u64 {
    s.js("return window.__online ? window.__online.seq() : 0;")
        .await
        .as_u64()
        .unwrap_or(0)
}

async fn view(s: &Session) -> Value {
    s.js("return window.__online.view();").await
}

/// The screen reader's label of a point of the table board.
async fn label(s: &Session, point: &str) -> String {
    s.js(&format!(
        "return document.getElementById('tb-pt-{point}').getAttribute('aria-label');"
    ))
    .await
    .as_str()
    .unwrap_or_default()
    .to_string()
}

/// Clicks something that sends an action and waits for the table to move on (in `also` too).
async fn act(s: &Session, css: &str, also: &Session) {
    let before = seq(s).await;
    s.click(css).await;
    wait(s, &format!("window.__online.seq() > {before}")).await;
    let now = seq(s).await;
    wait(also, &format!("window.__online.seq() >= {now}")).await;
}

/// Waits until the server's dead-stone suggestion after event `after` has arrived (the
/// reviewer's marks start from it).
async fn suggestion_after(s: &Session, after: u64) {
    wait(
        s,
        &format!(
            "[...document.querySelectorAll('#tb-log li')].some((li) => \
             Number(li.dataset.seq) > {after} && li.textContent.includes('the server suggests'))"
        ),
    )
    .await;
}

/// Marks exactly `dead` among `stones` in the reviewer's page, one group tap at a time.
async fn mark(s: &Session, other: &Session, stones: &[&str], dead: &[&str]) {
    for p in stones {
        let marked = view(s).await["review"]["dead"]
            .as_array()
            .unwrap()
            .contains(&json!(p));
        if marked != dead.contains(p) {
            act(s, &format!("#tb-pt-{p}"), other).await;
            let now = view(s).await["review"]["dead"]
                .as_array()
                .unwrap()
                .contains(&json!(p));
            assert_eq!(now, dead.contains(p), "{p} toggled");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_players_play_through_the_invite_link_and_agree_in_review() {
    let (base, server) = common::table_server().await;
    let Some(mut sessions) = common::browsers_on(&base, 2).await else {
        server.abort();
        return;
    };
    let bob = sessions.pop().unwrap();
    let alice = sessions.pop().unwrap();

    // Alice creates a 9×9 table (Japanese territory, komi 6.5, simple ko by default).
    alice.open("#/").await;
    alice.click("#mode-online").await;
    alice.find("#on-form").await;
    assert_eq!(
        alice
            .js("return document.getElementById('on-komi').value;")
            .await,
        json!("6.5")
    );
    alice
        .find("#on-name")
        .await
        .send_keys("Alice <b>x</b>")
        .await
        .unwrap();
    alice.screenshot("online-create").await;
    alice.click("#on-create").await;
    wait(&alice, "!document.getElementById('on-created').hidden").await;
    alice.screenshot("online-created").await;
    let invite = alice
        .js("return document.getElementById('on-invite').value;")
        .await
        .as_str()
        .unwrap()
        .to_string();
    let watch = alice
        .js("return document.getElementById('on-watch').value;")
        .await
        .as_str()
        .unwrap()
        .to_string();
    assert!(invite.starts_with(&format!("{base}/#/table/")), "{invite}");
    assert!(invite.contains("/invite/"), "{invite}");
    let id = watch.rsplit('/').next().unwrap().to_string();
    assert_eq!(watch, format!("{base}/#/table/{id}"));
    assert!(invite.starts_with(&watch));
    let held = alice
        .js("return JSON.parse(localStorage.getItem('tengen.tables'));")
        .await;
    assert_eq!(held[0]["id"], json!(id));
    assert_eq!(held[0]["seat"], json!("black"));

    // Bob opens the invite link: the join card names Alice as text, never as HTML.
    bob.client.goto(&invite).await.unwrap();
    wait(&bob, "!document.getElementById('tb-join').hidden").await;
    let card = bob.text("#tb-join-text").await;
    assert!(card.contains("Alice <b>x</b> plays Black"), "{card}");
    assert_eq!(
        bob.js("return document.querySelector('#tb-join-text b');")
            .await,
        Value::Null
    );
    bob.screenshot("online-invited").await;
    bob.find("#tb-join-name")
        .await
        .send_keys("Bob")
        .await
        .unwrap();
    bob.click("#tb-join-go").await;
    wait(
        &bob,
        "window.__online.seat() === 'white' && window.__online.ready()",
    )
    .await;
    assert_eq!(
        bob.js("return location.hash;").await,
        json!(format!("#/table/{id}"))
    );

    // Alice goes to her table; each sees the other connected.
    alice.click("#on-open").await;
    wait(
        &alice,
        "window.__online.seat() === 'black' && window.__online.ready()",
    )
    .await;
    wait(
        &alice,
        "document.getElementById('tb-presence-white').textContent === 'connected'",
    )
    .await;
    wait(
        &bob,
        "document.getElementById('tb-presence-black').textContent === 'connected'",
    )
    .await;
    assert!(alice.text("#tb-name-white").await.contains("Bob"));
    assert!(bob.text("#tb-name-black").await.contains("Alice <b>x</b>"));
    assert!(alice.text("#tb-status").await.contains("Your move (Black)"));
    assert!(bob.text("#tb-status").await.contains("to play"));

    // Alice clicks the center (E5); Bob's screen reader hears it.
    let before = seq(&alice).await;
    alice.click("#tb-board").await;
    wait(&alice, &format!("window.__online.seq() > {before}")).await;
    assert!(label(&alice, "E5").await.contains("black stone"));
    // Bob clicks where Alice played: refused and explained, nothing sent.
    wait(
        &bob,
        "document.getElementById('tb-pt-E5').getAttribute('aria-label').includes('black stone')",
    )
    .await;
    wait(
        &bob,
        "document.getElementById('tb-live').textContent.includes('played E5')",
    )
    .await;
    bob.click("#tb-pt-E5").await;
    wait(
        &bob,
        "document.getElementById('tb-message').textContent.includes('occupied')",
    )
    .await;
    act(&bob, "#tb-pt-J9", &alice).await;
    let board = alice.find("#tb-board").await;
    board.send_keys(&format!("{}", Key::Home)).await.unwrap();
    for _ in 0..2 {
        board.send_keys(&format!("{}", Key::Left)).await.unwrap();
        board.send_keys(&format!("{}", Key::Down)).await.unwrap();
    }
    let before = seq(&alice).await;
    board.send_keys(&format!("{}", Key::Enter)).await.unwrap();
    wait(&alice, &format!("window.__online.seq() > {before}")).await;
    wait(
        &bob,
        "document.getElementById('tb-pt-C3').getAttribute('aria-label').includes('black stone')",
    )
    .await;

    // Alice asks to take C3 back; Bob is asked and accepts.
    alice.click("#tb-undo").await;
    wait(&bob, "!document.getElementById('tb-undo-ask').hidden").await;
    bob.screenshot("online-undo-asked").await;
    assert!(bob
        .text("#tb-undo-text")
        .await
        .contains("asks to take back"));
    act(&bob, "#tb-undo-accept", &alice).await;
    wait(
        &alice,
        "document.getElementById('tb-pt-C3').getAttribute('aria-label').startsWith('C3, empty')",
    )
    .await;
    assert!(bob.text("#tb-status").await.contains("Black"));
    assert_eq!(view(&alice).await["to_move"], json!("black"));

    // Bob's connection drops; Alice moves meanwhile; Bob catches up with exactly that event.
    assert_eq!(bob.js("return window.__online.drop();").await, json!(true));
    act(&alice, "#tb-pt-G7", &alice).await;
    wait(&bob, "window.__online.ready()").await;
    wait(
        &bob,
        "document.getElementById('tb-pt-G7').getAttribute('aria-label').includes('black stone')",
    )
    .await;
    let logs = "return [...document.querySelectorAll('#tb-log li')].map((li) => li.dataset.seq).join(',');";
    wait(
        &bob,
        &format!("window.__online.seq() === {}", seq(&alice).await),
    )
    .await;
    assert_eq!(
        alice.js(logs).await,
        bob.js(logs).await,
        "the same events, none twice"
    );

    // Two passes: White (whose turn follows) reviews first; both review timers are shown.
    act(&bob, "#tb-pass", &alice).await;
    let status = alice.text("#tb-status").await;
    assert!(
        status.contains("White passed") && status.contains("Another pass opens the score review"),
        "{status}"
    );
    let passed = seq(&alice).await;
    act(&alice, "#tb-pass", &bob).await;
    wait(&bob, "window.__online.phase() === 'review'").await;
    wait(&alice, "window.__online.phase() === 'review'").await;
    wait(&bob, "!document.getElementById('tb-propose').hidden").await;
    let turn = alice.text("#tb-review-turn").await;
    assert!(turn.contains("White (Bob) is reviewing"), "{turn}");
    assert_eq!(
        alice
            .js("return document.getElementById('tb-propose').hidden;")
            .await,
        json!(true)
    );
    for s in [&alice, &bob] {
        for c in ["black", "white"] {
            let t = s.text(&format!("#tb-review-{c}")).await;
            assert!(t.starts_with("Review "), "{t}");
        }
    }
    // The suggestion comes as its own event right after the passes.
    suggestion_after(&bob, passed).await;
    let stones = ["E5", "G7", "J9"];
    // First review: Bob says J9 lives, Alice says it is dead: play resumes, White to move.
    mark(&bob, &alice, &stones, &[]).await;
    let proposed = seq(&bob).await;
    act(&bob, "#tb-propose", &alice).await;
    wait(&alice, "!document.getElementById('tb-propose').hidden").await;
    suggestion_after(&alice, proposed).await;
    let proposals = alice.text("#tb-proposals").await;
    assert!(
        proposals.contains("White proposed 0 dead stones"),
        "{proposals}"
    );
    mark(&alice, &bob, &stones, &["J9"]).await;
    alice.screenshot("online-review-second").await;
    bob.screenshot("online-review-waiting").await;
    act(&alice, "#tb-propose", &bob).await;
    wait(&bob, "window.__online.phase() === 'playing'").await;
    wait(
        &alice,
        "document.getElementById('tb-message').textContent.includes('proposals differ')",
    )
    .await;
    assert_eq!(view(&bob).await["to_move"], json!("white"));
    assert!(!label(&bob, "J9").await.contains("marked dead"));

    alice.screenshot("online-review-resumed").await;

    // Second review: both mark J9 dead: the game ends with the count.
    act(&bob, "#tb-pass", &alice).await;
    let passed = seq(&alice).await;
    act(&alice, "#tb-pass", &bob).await;
    wait(&bob, "window.__online.phase() === 'review'").await;
    suggestion_after(&bob, passed).await;
    mark(&bob, &alice, &stones, &["J9"]).await;
    let proposed = seq(&bob).await;
    act(&bob, "#tb-propose", &alice).await;
    wait(&alice, "!document.getElementById('tb-propose').hidden").await;
    suggestion_after(&alice, proposed).await;
    mark(&alice, &bob, &stones, &["J9"]).await;
    act(&alice, "#tb-propose", &bob).await;
    for s in [&alice, &bob] {
        wait(s, "window.__online.phase() === 'finished'").await;
        let result = s.text("#tb-result").await;
        assert!(result.starts_with("Black wins by"), "{result}");
        assert!(label(s, "J9").await.contains("dead"));
        assert!(label(s, "A1").await.contains("Black territory"));
        assert_eq!(s.text("#tb-review-title").await, "Final score");
    }

    alice.screenshot("online-finished").await;

    // Download SGF: the moves (the one taken back is not there) and the result.
    let sgf = alice
        .js("return fetch(document.getElementById('tb-sgf').href).then((r) => r.text());")
        .await;
    let sgf = sgf.as_str().unwrap();
    assert!(sgf.contains("RE[B+"), "{sgf}");
    assert!(sgf.contains(";B[ee];W[ia];B[gc]"), "{sgf}");

    // "Your tables" on the home page finds the finished game.
    alice.open("#/").await;
    wait(&alice, "!document.getElementById('home-tables').hidden").await;
    let line = alice.text("#home-tables-list").await;
    assert!(
        line.contains("9 × 9 Go vs Bob") && line.contains("finished"),
        "{line}"
    );
    alice.screenshot("online-home").await;

    alice.close().await;
    bob.close().await;
    server.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_timego_table_with_a_time_move_a_lock_a_watcher_and_a_resignation() {
    let (base, server) = common::table_server().await;
    let Some(mut sessions) = common::browsers_on(&base, 3).await else {
        server.abort();
        return;
    };
    let watcher = sessions.pop().unwrap();
    let bob = sessions.pop().unwrap();
    let alice = sessions.pop().unwrap();

    // A TimeGo table: scoring, ko and review time do not apply.
    alice.open("#/online").await;
    alice.click("input[name='variant'][value='timego']").await;
    assert_eq!(
        alice.js("return document.getElementById('on-scoring').disabled && document.getElementById('on-review').disabled;").await,
        json!(true)
    );
    assert_eq!(
        alice
            .js("return document.getElementById('on-komi').value;")
            .await,
        json!("7.5")
    );
    alice.click("#on-create").await;
    wait(&alice, "!document.getElementById('on-created').hidden").await;
    let invite = alice
        .js("return document.getElementById('on-invite').value;")
        .await;
    let watch = alice
        .js("return document.getElementById('on-watch').value;")
        .await;
    bob.client.goto(invite.as_str().unwrap()).await.unwrap();
    wait(&bob, "!document.getElementById('tb-join').hidden").await;
    bob.click("#tb-join-go").await;
    wait(
        &bob,
        "window.__online.seat() === 'white' && window.__online.ready()",
    )
    .await;
    alice.click("#on-open").await;
    wait(
        &alice,
        "window.__online.seat() === 'black' && window.__online.ready()",
    )
    .await;

    // The watcher: the same board, no controls, every event.
    watcher.client.goto(watch.as_str().unwrap()).await.unwrap();
    wait(&watcher, "window.__online.ready()").await;
    assert_eq!(
        watcher.js("return window.__online.seat();").await,
        Value::Null
    );
    assert_eq!(watcher.js("return document.getElementById('tb-pass').hidden && document.getElementById('tb-timego').hidden;").await, json!(true));
    assert!(!watcher
        .js("return document.getElementById('tb-timego-records').hidden;")
        .await
        .as_bool()
        .unwrap());

    act(&alice, "#tb-pt-D5", &bob).await;
    act(&bob, "#tb-pt-F5", &alice).await;
    act(&alice, "#tb-pt-E6", &bob).await;
    act(&bob, "#tb-pt-F6", &alice).await;
    // A time move: Alice selects her stone at E6 (placement 2) and sends it to index 0.
    alice.click("#tb-pt-E6").await;
    wait(&alice, "!document.getElementById('tb-targets').hidden && document.querySelector('#tb-target-list button[data-to=\"0\"]')").await;
    assert!(label(&alice, "E6")
        .await
        .contains("selected for a time move"));
    alice.screenshot("online-timego-time-move").await;
    act(&alice, "#tb-target-list button[data-to='0']", &bob).await;
    let order = alice.text("#tb-order").await;
    assert!(order.starts_with("0BlackE6"), "{order}");
    // Bob locks the past.
    assert_eq!(
        bob.js("return document.getElementById('tb-lock').disabled;")
            .await,
        json!(false)
    );
    act(&bob, "#tb-lock", &alice).await;
    let now = seq(&alice).await;
    wait(&watcher, &format!("window.__online.seq() === {now}")).await;
    let log = watcher.text("#tb-log").await;
    assert!(
        log.contains("moved the placement of E6 to index 0"),
        "{log}"
    );
    assert!(log.contains("locked the past"), "{log}");
    watcher.click("#tb-pt-A1").await;
    wait(
        &watcher,
        "document.getElementById('tb-message').textContent.includes('watching')",
    )
    .await;

    // Resign asks first; Cancel keeps playing, Resign ends the game for everyone.
    alice.click("#tb-resign").await;
    wait(&alice, "document.getElementById('confirm-dialog').open").await;
    alice.click("#confirm-cancel").await;
    assert_eq!(
        alice.js("return window.__online.phase();").await,
        json!("playing")
    );
    alice.click("#tb-resign").await;
    wait(&alice, "document.getElementById('confirm-dialog').open").await;
    alice.click("#confirm-ok").await;
    for s in [&alice, &bob, &watcher] {
        wait(s, "window.__online.phase() === 'finished'").await;
        assert_eq!(s.text("#tb-result").await, "White wins by resignation.");
    }
    alice.close().await;
    bob.close().await;
    watcher.close().await;
    server.abort();
}

/// Creates a table on Alice's Online page after `setup` (JavaScript run on the form), seats Bob
/// through the invite link and opens both tables.
async fn seat_both(alice: &Session, bob: &Session, setup: &str) {
    alice.open("#/online").await;
    wait(alice, "document.getElementById('on-form')").await;
    alice.js(setup).await;
    alice.click("#on-create").await;
    wait(alice, "!document.getElementById('on-created').hidden").await;
    let invite = alice
        .js("return document.getElementById('on-invite').value;")
        .await;
    bob.client.goto(invite.as_str().unwrap()).await.unwrap();
    wait(bob, "!document.getElementById('tb-join').hidden").await;
    bob.click("#tb-join-go").await;
    wait(
        bob,
        "window.__online.seat() === 'white' && window.__online.ready()",
    )
    .await;
    alice.click("#on-open").await;
    wait(
        alice,
        "window.__online.seat() === 'black' && window.__online.ready()",
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_review_deadline_submits_the_marks_and_a_clock_runs_out() {
    let (base, server) = common::table_server().await;
    let Some(mut sessions) = common::browsers_on(&base, 2).await else {
        server.abort();
        return;
    };
    let bob = sessions.pop().unwrap();
    let alice = sessions.pop().unwrap();

    // 12 seconds of review time each.
    seat_both(
        &alice,
        &bob,
        "document.getElementById('on-review').value = '0.2'; return true;",
    )
    .await;
    act(&alice, "#tb-pt-E5", &bob).await;
    act(&bob, "#tb-pass", &alice).await;
    let passed = seq(&alice).await;
    act(&alice, "#tb-pass", &bob).await;
    suggestion_after(&bob, passed).await;
    // Bob (White) reviews first: he changes E5's mark and leaves it to his deadline.
    let before = view(&bob).await["review"]["dead"].as_array().unwrap().len();
    act(&bob, "#tb-pt-E5", &alice).await;
    assert_ne!(
        view(&bob).await["review"]["dead"].as_array().unwrap().len(),
        before
    );
    let first = alice.text("#tb-review-white").await;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_ne!(
        alice.text("#tb-review-white").await,
        first,
        "Bob's review timer ticks for Alice too"
    );
    assert_eq!(alice.text("#tb-review-black").await, "Review 0:12");
    // At the deadline Bob's page submits his marks itself (the event carries his seat).
    wait(&bob, "window.__online.view() && window.__online.view().review && window.__online.view().review.reviewer === 'black'").await;
    let events = "return [...document.querySelectorAll('#tb-log li')].map((li) => li.textContent);";
    let log = alice.js(events).await;
    assert!(
        log.as_array()
            .unwrap()
            .iter()
            .any(|t| t == "White submitted a proposal."),
        "{log}"
    );
    wait(
        &bob,
        "document.getElementById('tb-message').textContent.includes('review time ran out')",
    )
    .await;

    // Alice submits the suggestion: it differs from Bob's marks, so play resumes with White.
    let proposed = seq(&alice).await;
    wait(&alice, "!document.getElementById('tb-propose').hidden").await;
    suggestion_after(&alice, proposed - 1).await;
    act(&alice, "#tb-propose", &bob).await;
    wait(&alice, "window.__online.phase() === 'playing'").await;
    assert_eq!(view(&alice).await["to_move"], json!("white"));

    // A byo-yomi clock with no main time and one 3-second period: Black's runs out.
    seat_both(
        &alice,
        &bob,
        "document.querySelector(\"input[name='clock'][value='byoyomi']\").click(); \
         document.getElementById('on-byo-main').value = '0'; \
         document.getElementById('on-byo-periods').value = '1'; \
         document.getElementById('on-byo-seconds').value = '3'; return true;",
    )
    .await;
    let clock = bob.text("#tb-clock-black").await;
    assert!(clock.ends_with("· 1 period"), "{clock}");
    for s in [&alice, &bob] {
        wait(s, "window.__online.phase() === 'finished'").await;
        assert_eq!(s.text("#tb-result").await, "White wins on time.");
    }
    alice.close().await;
    bob.close().await;
    server.abort();
}
