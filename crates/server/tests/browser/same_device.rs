//! Same device in real headless Chromium: a full game, review, confirmations, Resume play,
//! reload, keyboard play, resign, new round, size change, corrupt saves, illegal points.

use crate::common;

use fantoccini::key::Key;
use serde_json::json;

/// The labels a screen reader hears for a point.
async fn label(s: &common::Session, point: &str) -> String {
    s.js(&format!(
        "return document.getElementById('pt-{point}').getAttribute('aria-label');"
    ))
    .await
    .as_str()
    .unwrap_or_default()
    .to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_9x9_game_with_a_capture_review_and_result() {
    let Some(s) = common::start().await else {
        return;
    };
    s.open("#/local").await;
    s.ready().await;
    assert_eq!(s.js("return window.__tengen.view().size;").await, json!(9));
    for p in ["E5", "E6", "D6", "J9", "F6", "J8"] {
        s.play(p).await;
    }
    s.play("E7").await; // Black fills the last liberty of E6.
    assert_eq!(s.stone("E6").await, "");
    assert_eq!(s.text("#caps-black").await, "1");
    for p in ["J7", "C3", "C2"] {
        s.play(p).await;
    }
    assert!(label(&s, "C2").await.starts_with("C2, white stone"));
    s.act("#pass").await;
    assert!(s
        .text("#status")
        .await
        .contains("Pass again to open score review"));
    s.act("#pass").await;
    assert_eq!(s.phase().await, "review");
    assert_eq!(s.text("#confirm").await, "Confirm Black");
    assert_eq!(s.text("#sc-w-komi").await, "7.5");
    assert!(s.text("#sc-prisoners").await.contains("Black took 1"));

    // Dead groups may be pre-marked from the suggestion; a tap fades or restores a group.
    for point in ["C2", "J8"] {
        let was_dead = label(&s, point).await.contains("marked dead");
        s.play(point).await;
        assert_ne!(label(&s, point).await.contains("marked dead"), was_dead);
        if was_dead {
            s.play(point).await;
        }
    }
    assert!(label(&s, "C2").await.contains("marked dead"));
    assert!(
        label(&s, "J9").await.contains("marked dead"),
        "the whole chain J7-J9"
    );
    assert!(label(&s, "C2").await.contains("Black territory"));
    s.act("#confirm").await;
    assert_eq!(s.text("#confirm").await, "Confirm White");
    assert!(s
        .text("#confirm-state")
        .await
        .contains("Black has confirmed"));
    s.act("#confirm").await;
    assert_eq!(s.phase().await, "finished");
    let result = s.text("#result").await;
    assert!(
        result.contains("wins by") && result.contains("points"),
        "{result}"
    );
    let view_result = s.js("return window.__tengen.view().result;").await;
    assert!(view_result.as_str().unwrap().contains('+'));
    // Download SGF: catch the file the page hands to the browser.
    s.js("window.__sgf = null; const make = URL.createObjectURL; \
          URL.createObjectURL = (b) => { b.text().then((t) => { window.__sgf = t; }); return make(b); }; \
          return true;")
        .await;
    s.click("#download").await;
    s.wait_for("window.__sgf !== null").await;
    let sgf = s.js("return window.__sgf;").await;
    let sgf = sgf.as_str().unwrap();
    assert!(
        sgf.contains("SZ[9]") && sgf.contains("B[ee]") && sgf.contains("RE[B+"),
        "{sgf}"
    );
    s.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn changing_a_mark_clears_the_confirmations_and_resume_play_returns_the_marks() {
    let Some(s) = common::start().await else {
        return;
    };
    s.open("#/local").await;
    s.ready().await;
    for p in ["E5", "D4"] {
        s.play(p).await;
    }
    s.act("#pass").await;
    s.act("#pass").await;
    s.act("#confirm").await;
    assert_eq!(s.text("#confirm").await, "Confirm White");
    let was_dead = label(&s, "D4").await.contains("marked dead");
    s.play("D4").await;
    assert_eq!(s.text("#confirm").await, "Confirm Black");
    assert_ne!(label(&s, "D4").await.contains("marked dead"), was_dead);
    s.act("#resume").await;
    assert_eq!(s.phase().await, "playing");
    assert!(!label(&s, "D4").await.contains("dead"));
    assert_eq!(s.stone("D4").await, "white");
    // Black passed first, White second: Black's turn follows the passes.
    assert_eq!(
        s.js("return window.__tengen.view().to_move;").await,
        json!("black")
    );
    assert!(s.text("#status").await.contains("Black to play"));
    s.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reload_restores_the_round_with_its_review_marks() {
    let Some(s) = common::start().await else {
        return;
    };
    s.open("#/local").await;
    s.ready().await;
    for p in ["E5", "D4", "C3"] {
        s.play(p).await;
    }
    s.act("#pass").await;
    s.act("#pass").await;
    s.play("D4").await;
    let before = s.js("return window.__tengen.record();").await;
    let dead = s.js("return window.__tengen.view().review.dead;").await;
    s.client.refresh().await.unwrap();
    s.ready().await;
    assert_eq!(s.js("return window.__tengen.record();").await, before);
    assert_eq!(s.phase().await, "review");
    assert_eq!(s.stone("E5").await, "black");
    assert_eq!(
        s.js("return window.__tengen.view().review.dead;").await,
        dead
    );
    // The home page offers to continue it.
    s.open("#/").await;
    s.wait_for(
        "document.getElementById('local-status').textContent.includes('Continue your round')",
    )
    .await;
    s.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn keyboard_only_play_places_stones_with_arrows_enter_and_space() {
    let Some(s) = common::start().await else {
        return;
    };
    s.open("#/local").await;
    s.ready().await;
    // Tab from the top of the page to the board.
    for _ in 0..12 {
        if s.js("return document.activeElement && document.activeElement.id;")
            .await
            == json!("board")
        {
            break;
        }
        s.client
            .active_element()
            .await
            .unwrap()
            .send_keys(&char::from(Key::Tab).to_string())
            .await
            .unwrap();
    }
    assert_eq!(
        s.js("return document.activeElement.id;").await,
        json!("board")
    );
    let board = s.find("#board").await;
    let keys = |k: Key| char::from(k).to_string();
    board.send_keys(&keys(Key::Home)).await.unwrap();
    assert_eq!(
        s.js("return document.getElementById('board').getAttribute('aria-activedescendant');")
            .await,
        json!("pt-E5")
    );
    board.send_keys(&keys(Key::Enter)).await.unwrap();
    s.wait_for("window.__tengen.actions() === 1 && window.__tengen.ready()")
        .await;
    assert_eq!(s.stone("E5").await, "black");
    board
        .send_keys(&(keys(Key::Left) + &keys(Key::Down)))
        .await
        .unwrap();
    let focused = label(&s, "D4").await;
    assert_eq!(focused, "D4, empty, last move E5");
    board.send_keys(" ").await.unwrap();
    s.wait_for("window.__tengen.actions() === 2 && window.__tengen.ready()")
        .await;
    assert_eq!(s.stone("D4").await, "white");
    assert!(label(&s, "D4")
        .await
        .starts_with("D4, white stone, last move"));
    // The focus ring shows while the keyboard is in use.
    assert_eq!(
        s.js("return document.getElementById('board').classList.contains('kbd');")
            .await,
        json!(true)
    );
    // Enter on an occupied point explains instead of playing.
    board.send_keys(&keys(Key::Enter)).await.unwrap();
    s.wait_for("document.getElementById('message').textContent.includes('occupied')")
        .await;
    assert_eq!(s.actions().await, 2);
    // Tab to Pass and press it twice with Enter; then mark a group from the board.
    let tab = keys(Key::Tab);
    s.client
        .active_element()
        .await
        .unwrap()
        .send_keys(&tab)
        .await
        .unwrap();
    assert_eq!(
        s.js("return document.activeElement.id;").await,
        json!("pass")
    );
    for n in [3, 4] {
        s.client
            .active_element()
            .await
            .unwrap()
            .send_keys(&keys(Key::Enter))
            .await
            .unwrap();
        s.wait_for(&format!(
            "window.__tengen.actions() >= {n} && window.__tengen.ready()"
        ))
        .await;
    }
    assert_eq!(s.phase().await, "review");
    // Pass is unavailable in review: the focus goes back to the board, not to the page.
    assert_eq!(
        s.js("return document.activeElement.id;").await,
        json!("board")
    );
    let was_dead = label(&s, "D4").await.contains("marked dead");
    let before = s.actions().await;
    board.send_keys(&keys(Key::Enter)).await.unwrap();
    s.wait_for(&format!(
        "window.__tengen.actions() > {before} && window.__tengen.ready()"
    ))
    .await;
    assert_ne!(label(&s, "D4").await.contains("marked dead"), was_dead);
    s.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resign_asks_for_confirmation_then_awards_the_win_to_the_other_color() {
    let Some(s) = common::start().await else {
        return;
    };
    s.open("#/local").await;
    s.ready().await;
    s.play("E5").await;
    s.click("#resign").await;
    s.wait_for("document.getElementById('confirm-dialog').open")
        .await;
    assert_eq!(s.text("#confirm-title").await, "Resign as White?");
    s.click("#confirm-cancel").await;
    s.wait_for("!document.getElementById('confirm-dialog').open")
        .await;
    assert_eq!(s.phase().await, "playing");
    s.click("#resign").await;
    s.wait_for("document.getElementById('confirm-dialog').open")
        .await;
    s.click("#confirm-ok").await;
    s.wait_for("window.__tengen.phase() === 'finished'").await;
    assert_eq!(s.text("#result").await, "Black wins by resignation.");
    s.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn size_change_and_new_round_ask_before_replacing_the_board() {
    let Some(s) = common::start().await else {
        return;
    };
    s.open("#/local").await;
    s.ready().await;
    s.play("E5").await;
    // Size change: cancel keeps the round.
    s.click("#size-select option[value='13']").await;
    s.wait_for("document.getElementById('confirm-dialog').open")
        .await;
    assert!(s
        .text("#confirm-message")
        .await
        .contains("replaces the board"));
    s.click("#confirm-cancel").await;
    s.wait_for("document.getElementById('size-select').value === '9'")
        .await;
    assert_eq!(s.actions().await, 1);
    // Size change confirmed: a new 13x13 board.
    s.click("#size-select option[value='13']").await;
    s.wait_for("document.getElementById('confirm-dialog').open")
        .await;
    s.click("#confirm-ok").await;
    s.wait_for("window.__tengen.view().size === 13 && window.__tengen.actions() === 0")
        .await;
    // New round: asks, and keeps the size.
    s.play("G7").await;
    s.click("#new-round").await;
    s.wait_for("document.getElementById('confirm-dialog').open")
        .await;
    assert!(s.text("#confirm-message").await.contains("13 × 13"));
    s.click("#confirm-cancel").await;
    assert_eq!(s.actions().await, 1);
    s.click("#new-round").await;
    s.wait_for("document.getElementById('confirm-dialog').open")
        .await;
    s.click("#confirm-ok").await;
    s.wait_for("window.__tengen.actions() === 0 && window.__tengen.ready()")
        .await;
    assert_eq!(s.js("return window.__tengen.view().size;").await, json!(13));
    s.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn undo_drops_the_last_action() {
    let Some(s) = common::start().await else {
        return;
    };
    s.open("#/local").await;
    s.ready().await;
    s.play("E5").await;
    s.play("D4").await;
    s.act("#undo").await;
    assert_eq!(s.actions().await, 1);
    assert_eq!(s.stone("D4").await, "");
    assert_eq!(
        s.js("return window.__tengen.view().to_move;").await,
        json!("white")
    );
    s.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn illegal_points_explain_why() {
    let Some(s) = common::start().await else {
        return;
    };
    s.open("#/local").await;
    s.ready().await;
    for p in ["A2", "J9", "B1"] {
        s.play(p).await;
    }
    assert!(label(&s, "A1").await.contains("illegal: suicide"));
    s.click("#pt-A1").await;
    s.wait_for("document.getElementById('message').textContent.includes('suicide')")
        .await;
    assert_eq!(s.actions().await, 3);
    s.click("#pt-A2").await;
    s.wait_for("document.getElementById('message').textContent.includes('occupied')")
        .await;
    s.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn corrupt_or_foreign_saved_data_is_reported_and_set_aside() {
    let Some(s) = common::start().await else {
        return;
    };
    s.open("#/").await;
    s.find("#home-title").await;
    s.js("localStorage.setItem('tengen.round.local', '{oops'); return true;")
        .await;
    s.open("#/local").await;
    s.ready().await;
    assert!(s.text("#notice").await.contains("could not be read"));
    assert_eq!(
        s.js("return localStorage.getItem('tengen.round.local.corrupt');")
            .await,
        json!("{oops")
    );
    assert_eq!(s.actions().await, 0);
    // A record the rules refuse is set aside too.
    let foreign = json!({"v": 1, "record": {"rules": {"size": 9}, "actions": [{"place": "E5"}, {"place": "E5"}]}});
    s.js(&format!(
        "localStorage.setItem('tengen.round.local', {}); return true;",
        json!(foreign.to_string())
    ))
    .await;
    s.client.refresh().await.unwrap();
    s.ready().await;
    assert!(s.text("#notice").await.contains("occupied"));
    assert_eq!(s.actions().await, 0);
    // Unreadable preferences fall back to the defaults.
    s.js(
        "localStorage.clear(); localStorage.setItem('tengen.size', '\"huge\"'); \
          localStorage.setItem('tengen.computer', '{\"size\": \"x\", \"level\": 99}'); \
          localStorage.setItem('tengen.theme', '5'); return true;",
    )
    .await;
    s.client.refresh().await.unwrap();
    s.ready().await;
    assert_eq!(s.js("return window.__tengen.view().size;").await, json!(9));
    s.open("#/computer/new").await;
    s.wait_for("!document.getElementById('setup').hidden").await;
    assert_eq!(
        s.js("return document.getElementById('level').value;").await,
        json!("3")
    );
    s.click("#setup-start").await;
    s.wait_for(
        "window.__tengen.ready() && \
         document.getElementById('play-title').textContent.startsWith('Vs computer')",
    )
    .await;
    assert_eq!(s.js("return window.__tengen.view().size;").await, json!(9));
    s.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn retaking_a_ko_at_once_is_explained() {
    let Some(s) = common::start().await else {
        return;
    };
    s.open("#/").await;
    s.find("#home-title").await;
    // Black has just taken the ko at D4 by capturing C4.
    let moves = ["C5", "D5", "B4", "C4", "C3", "D3", "J9", "E4", "D4"];
    let actions: Vec<_> = moves.iter().map(|p| json!({"place": p})).collect();
    let saved = json!({"v": 1, "record": {"rules": {"size": 9}, "actions": actions}});
    s.js(&format!(
        "localStorage.setItem('tengen.round.local', {}); return true;",
        json!(saved.to_string())
    ))
    .await;
    s.open("#/local").await;
    s.ready().await;
    assert_eq!(s.actions().await, 9);
    assert!(label(&s, "C4").await.contains("illegal: ko"));
    s.click("#pt-C4").await;
    s.wait_for("document.getElementById('message').textContent.includes('forbidden by ko')")
        .await;
    assert_eq!(s.actions().await, 9);
    s.close().await;
}
