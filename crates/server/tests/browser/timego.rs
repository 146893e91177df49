//! TimeGo as a mode in real headless Chromium: a game on one device to the final count (a time
//! move, a Lock, two passes, the count table and the counted board, undo, resign, new round),
//! saved apart from the Go rounds; and a short game against the computer in which the computer
//! moves a stone into the past, shown in the order panel, on the board and in words.

use crate::common;

use common::Session;
use serde_json::json;

async fn ready(s: &Session) {
    s.wait_for("window.__timego && window.__timego.ready()")
        .await;
}

async fn actions(s: &Session) -> u64 {
    s.js("return window.__timego.actions();")
        .await
        .as_u64()
        .unwrap()
}

/// Clicks a point of the TimeGo board and waits until the record grew.
async fn play(s: &Session, point: &str) {
    let before = actions(s).await;
    s.click(&format!("#tg-pt-{point}")).await;
    s.wait_for(&format!(
        "window.__timego.actions() > {before} && window.__timego.ready()"
    ))
    .await;
}

/// Clicks a button that changes the record and waits for it to change.
async fn press(s: &Session, css: &str) {
    let before = actions(s).await;
    s.click(css).await;
    s.wait_for(&format!(
        "window.__timego.actions() !== {before} && window.__timego.ready()"
    ))
    .await;
}

async fn label(s: &Session, point: &str) -> String {
    s.js(&format!(
        "const c = document.getElementById('tg-pt-{point}'); return c ? c.getAttribute('aria-label') : '';"
    ))
    .await
    .as_str()
    .unwrap_or_default()
    .to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_timego_game_on_one_device_ends_with_the_full_count() {
    let Some(s) = common::start().await else {
        return;
    };
    s.open("#/").await;
    s.find("#mode-timego a[href='#/timego']").await;
    s.click("#mode-timego a[href='#/timego']").await;
    ready(&s).await;
    assert_eq!(s.text("#tg-title").await, "TimeGo on this device");
    for p in ["D4", "F6", "E5", "C3"] {
        play(&s, p).await;
    }
    // Black selects its own stone E5 (placement 2) and moves it to index 1.
    s.click("#tg-pt-E5").await;
    s.find("#tg-target-list button[data-to='1']").await;
    assert!(label(&s, "E5").await.contains("selected for a time move"));
    press(&s, "#tg-target-list button[data-to='1']").await;
    assert!(s
        .text("#tg-message")
        .await
        .contains("Black moved E5 from index 2 to 1"));
    assert_eq!(
        s.js("return document.querySelector('#tg-order tr.moved th').textContent;")
            .await,
        json!("1")
    );
    // White locks: the order panel sets the locked part apart.
    press(&s, "#tg-lock").await;
    assert!(s
        .text("#tg-order tr.lock-boundary")
        .await
        .contains("placements 0 to 3 above are locked"));
    assert_eq!(
        s.js("return document.querySelectorAll('#tg-order tr.locked-row').length;")
            .await,
        json!(4)
    );
    // Undo takes the Lock back; lock again, then two passes end the game.
    press(&s, "#tg-undo").await;
    assert_eq!(actions(&s).await, 5);
    press(&s, "#tg-lock").await;
    press(&s, "#tg-pass").await;
    press(&s, "#tg-pass").await;
    assert_eq!(
        s.js("return window.__timego.view().phase;").await,
        json!("finished")
    );
    s.find("#tg-count:not([hidden])").await;
    assert_eq!(s.text("#tg-result").await, "White wins by 7.5 points.");
    assert_eq!(s.text("#tg-b-stones").await, "2");
    assert_eq!(s.text("#tg-b-total").await, "2");
    assert_eq!(s.text("#tg-w-komi").await, "7.5");
    assert_eq!(s.text("#tg-w-total").await, "9.5");
    assert_eq!(
        s.js("return document.querySelectorAll('#tg-turns li').length;")
            .await,
        json!(8)
    );
    // Saved apart from the Go rounds.
    let saved = s
        .js("return JSON.parse(localStorage.getItem('tengen.timego.local'));")
        .await;
    assert_eq!(saved["summary"]["phase"], "finished");
    assert_eq!(saved["record"]["actions"].as_array().unwrap().len(), 8);
    assert_eq!(
        s.js("return [localStorage.getItem('tengen.round.local'), localStorage.getItem('tengen.learn.sandbox')];")
            .await,
        json!([null, null])
    );
    // Undo reopens the game; Resign asks, then ends it.
    press(&s, "#tg-undo").await;
    s.click("#tg-resign").await;
    s.find("#confirm-dialog[open]").await;
    assert!(s
        .text("#confirm-title")
        .await
        .starts_with("Resign as White"));
    press(&s, "#confirm-ok").await;
    assert_eq!(s.text("#tg-result").await, "Black wins by resignation.");
    // New round on a finished game does not ask.
    press(&s, "#tg-new").await;
    assert_eq!(actions(&s).await, 0);
    s.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn against_the_computer_its_time_move_is_shown_in_the_order_and_in_words() {
    let Some(s) = common::start().await else {
        return;
    };
    s.open("#/").await;
    // A 5x5 round where the computer (Black) is to move and only a time move captures: D3
    // moved back before White's C5 captures C1-C3 and saves C4.
    let places = [
        "B1", "C1", "B2", "C2", "B3", "C3", "D1", "B4", "D2", "D4", "C4", "C5", "pass", "C4", "D3",
        "E5",
    ];
    let actions_json: Vec<serde_json::Value> = places
        .iter()
        .map(|p| {
            if *p == "pass" {
                json!({"pass": {}})
            } else {
                json!({"place": p})
            }
        })
        .collect();
    let saved = json!({
        "record": {"rules": {"variant": "timego", "size": 5, "komi": 7.5}, "actions": actions_json},
        "computer": {"you": "white", "level": 8},
    });
    s.js(&format!(
        "localStorage.setItem('tengen.timego.computer', JSON.stringify({saved})); return true;"
    ))
    .await;
    s.open("#/timego/computer").await;
    s.wait_for("window.__timego && window.__timego.actions() === 17 && window.__timego.ready()")
        .await;
    let last = s
        .js("const t = window.__timego.view().timego.turns; return t[t.length - 1];")
        .await;
    assert_eq!(last["action"], "time", "{last}");
    assert_eq!(last["stone"], "D3");
    let message = s.text("#tg-message").await;
    assert!(
        message.starts_with("Computer: Black moved D3 from index 13 to"),
        "{message}"
    );
    assert!(message.contains("cancelled White C4"), "{message}");
    // The moved stone's row is highlighted; the cancelled placement is crossed on the board.
    let to = last["to"].as_u64().unwrap();
    assert_eq!(
        s.js("return document.querySelector('#tg-order tr.moved th').textContent;")
            .await,
        json!(to.to_string())
    );
    assert!(label(&s, "C4").await.contains("cancelled placement"));
    // Under the order, the placement it cancelled (gone from the order), struck through.
    s.find("#tg-order-cancelled:not([hidden])").await;
    assert!(s
        .text("#tg-order-cancelled-title")
        .await
        .starts_with("Last turn: the computer moved D3 from index 13 to"));
    assert!(s
        .text("#tg-order-cancelled-list li.cancelled")
        .await
        .starts_with("White C4 (index 12)"));
    assert_eq!(s.text("#tg-name-white").await, "White · You");
    // White answers; the computer answers that too.
    play(&s, "A5").await;
    s.wait_for("window.__timego.actions() === 19 && window.__timego.ready()")
        .await;
    assert!(s.text("#tg-message").await.starts_with("Computer: Black"));
    assert!(s.text("#tg-status").await.starts_with("Your turn"));
    s.close().await;
}
