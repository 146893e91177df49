//! What a new player meets at the end of a game, in real headless Chromium: the finished board
//! shows exactly what was counted (dead stones faded, territory squares, also after a reload and
//! in the downloaded SGF); score review on a phone keeps the totals, the confirmation state and
//! Confirm / Resume play on screen with the board (390 × 844 and 360 × 640); the home page
//! describes a finished round as finished; an empty-board finish says what happened; the zoom
//! button stays off the board's labels; Learn TimeGo's texts say what really happened, and its
//! stylesheet loads only with it. Screenshots go to /tmp/shots/ for a person to look at.

use crate::common;

use common::Session;
use serde_json::{json, Value};

/// What the board draws: faded stones, territory squares (with their color) and stones.
async fn drawn(s: &Session) -> Value {
    s.js("const b = document.getElementById('board'); \
          return { dead: b.querySelectorAll('.stone.dead').length, \
                   stones: b.querySelectorAll('.stone').length, \
                   black: b.querySelectorAll('.terr.black').length, \
                   white: b.querySelectorAll('.terr.white').length };")
        .await
}

/// The screen-reader label of a point of the main board.
async fn label(s: &Session, point: &str) -> String {
    s.js(&format!(
        "return document.getElementById('pt-{point}').getAttribute('aria-label');"
    ))
    .await
    .as_str()
    .unwrap_or_default()
    .to_string()
}

/// Opens `#/local` on the round saved for it (reloading, so the page reads the save).
async fn open_saved_local(s: &Session, record: &Value) {
    s.open("#/").await;
    s.save_round("local", record).await;
    s.client.refresh().await.unwrap();
    s.find("#home-title").await;
    s.open("#/local").await;
    s.ready().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_finished_board_shows_the_dead_stones_and_the_territory_that_were_counted() {
    let Some(s) = common::start().await else {
        return;
    };
    open_saved_local(&s, &common::walls_record(false)).await;
    assert_eq!(s.phase().await, "review");
    s.act("#confirm").await;
    s.act("#confirm").await;
    assert_eq!(s.phase().await, "finished");
    // Columns A-C count for Black (27 points, B5's dead White stone among them), G-J for White
    // (27, with H5's dead Black stone); column E is neutral. Every counted point has its square.
    let expected = json!({"dead": 2, "stones": 20, "black": 27, "white": 27});
    assert_eq!(drawn(&s).await, expected);
    assert_eq!(
        label(&s, "B5").await,
        "B5, white stone, dead, Black territory"
    );
    assert_eq!(
        label(&s, "H5").await,
        "H5, black stone, dead, White territory"
    );
    assert_eq!(label(&s, "E1").await, "E1, empty");
    let result = s.text("#result").await;
    assert_eq!(
        result,
        "White wins by 7.5 points. The 2 stones agreed dead are faded. Small squares mark every \
         point counted as territory."
    );
    assert_eq!(s.text("#sc-b-total").await, "36");
    assert_eq!(s.text("#sc-w-total").await, "43.5");
    s.screenshot("finished-9x9-desktop").await;
    s.set_viewport(390, 844).await;
    s.screenshot("finished-9x9-phone").await;
    s.client.set_window_size(1280, 900).await.unwrap();

    // After a reload, the same board.
    s.client.refresh().await.unwrap();
    s.ready().await;
    assert_eq!(s.phase().await, "finished");
    assert_eq!(drawn(&s).await, expected);

    // The downloaded SGF marks the same count: TB/TW on territory and dead stones, and RE.
    s.js("window.__sgf = null; const make = URL.createObjectURL; \
          URL.createObjectURL = (b) => { b.text().then((t) => { window.__sgf = t; }); return make(b); }; \
          return true;")
        .await;
    s.click("#download").await;
    s.wait_for("window.__sgf !== null").await;
    let sgf = s.js("return window.__sgf;").await;
    let sgf = sgf.as_str().unwrap();
    assert!(sgf.contains("RE[W+7.5]"), "{sgf}");
    assert!(sgf.contains("RU[Chinese]"), "{sgf}");
    assert!(
        sgf.contains("DT[") && !sgf.contains("DT[]"),
        "a download is dated: {sgf}"
    );
    let marks = |ident: &str| {
        let start = sgf.find(&format!("{ident}[")).expect(ident) + ident.len();
        let rest = &sgf[start..];
        let end = rest.find(|c: char| c != '[' && c != ']' && !c.is_ascii_lowercase());
        rest[..end.unwrap_or(rest.len())]
            .split(']')
            .filter(|v| !v.is_empty())
            .map(|v| v.trim_start_matches('[').to_string())
            .collect::<Vec<_>>()
    };
    let (tb, tw) = (marks("TB"), marks("TW"));
    assert_eq!((tb.len(), tw.len()), (27, 27), "{sgf}");
    assert!(
        tb.contains(&"be".into()) && tw.contains(&"he".into()),
        "{sgf}"
    );

    // Opened again from that file, the game comes back finished with the same board.
    s.js(&format!(
        "window.__reopened = null; fetch('/api/sgf/import', {{method: 'POST', body: {}}}) \
           .then((r) => r.json()).then((j) => {{ window.__reopened = j; }}); return true;",
        json!(sgf)
    ))
    .await;
    s.wait_for("window.__reopened !== null").await;
    let reopened = s.js("return window.__reopened.view;").await;
    let view = s.js("return window.__tengen.view();").await;
    assert_eq!(reopened["phase"], "finished");
    assert_eq!(reopened["score"], view["score"]);
    s.close().await;
}

/// The boxes of the board and of the review bar's parts, and the window's height.
async fn review_geometry(s: &Session) -> Value {
    s.js(
        "const r = (id) => { const b = document.getElementById(id).getBoundingClientRect(); \
            return { top: b.top, bottom: b.bottom, height: b.height }; }; \
          return { vh: window.innerHeight, vw: window.innerWidth, board: r('board'), \
                   bar: r('review-bar'), \
                   parts: ['review-totals', 'confirm-state', 'confirm', 'resume'].map(r) };",
    )
    .await
}

/// The board and every part of the review bar are on screen together, the bar right under
/// the board.
fn assert_together(g: &Value, what: &str) {
    let f = |v: &Value| v.as_f64().unwrap();
    let vh = f(&g["vh"]);
    let board = &g["board"];
    assert!(
        f(&board["top"]) >= -1.0 && f(&board["bottom"]) <= vh + 1.0,
        "{what}: the board is on screen: {g}"
    );
    let gap = f(&g["bar"]["top"]) - f(&board["bottom"]);
    assert!(
        (0.0..=24.0).contains(&gap),
        "{what}: the bar is right under the board: {g}"
    );
    for part in g["parts"].as_array().unwrap() {
        assert!(f(&part["height"]) > 0.0, "{what}: every part shows: {g}");
        assert!(
            f(&part["top"]) >= 0.0 && f(&part["bottom"]) <= vh + 1.0,
            "{what}: every part is on screen: {g}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn review_on_a_phone_keeps_the_totals_and_confirm_on_screen_with_the_board() {
    let Some(s) = common::start().await else {
        return;
    };
    for (width, height) in [(390u32, 844u32), (360, 640)] {
        s.set_viewport(width, height).await;
        open_saved_local(&s, &common::walls_record(false)).await;
        // The page brings the bar into view once it has laid out.
        s.wait_for(
            "document.getElementById('review-bar').getBoundingClientRect().bottom <= innerHeight + 1",
        )
        .await;
        let g = review_geometry(&s).await;
        assert_eq!(
            (g["vw"].as_u64(), g["vh"].as_u64()),
            (Some(u64::from(width)), Some(u64::from(height))),
            "the window is the phone's size"
        );
        assert_together(&g, &format!("{width} × {height}, review opened"));
        assert_eq!(
            s.text("#review-totals").await,
            "Black 36 · White 43.5 · White leads by 7.5"
        );
        s.screenshot(&format!("review-phone-{width}x{height}"))
            .await;
        // Black confirms; then a tap on the board restores B5, which clears the confirmation:
        // the bar under the board says so, and the new totals are there.
        s.act("#confirm").await;
        assert!(s
            .text("#confirm-state")
            .await
            .contains("Black has confirmed"));
        s.play("B5").await;
        let state = s.text("#confirm-state").await;
        assert_eq!(
            state,
            "The marks changed, so the confirmations were cleared: Black confirms first, then \
             White."
        );
        assert_eq!(
            s.text("#review-totals").await,
            "Black 9 · White 44.5 · White leads by 35.5"
        );
        s.wait_for(
            "document.getElementById('review-bar').getBoundingClientRect().bottom <= innerHeight + 1",
        )
        .await;
        assert_together(
            &review_geometry(&s).await,
            &format!("{width} × {height}, after a tap"),
        );
        s.screenshot(&format!("review-phone-{width}x{height}-cleared"))
            .await;
    }
    // On a desktop the bar is back in the panel beside the board, without the one-line totals.
    s.client.set_window_size(1280, 900).await.unwrap();
    s.wait_for("document.getElementById('review-bar').parentElement.id === 'review'")
        .await;
    assert_eq!(
        s.js("return getComputedStyle(document.getElementById('review-totals')).display;")
            .await,
        json!("none")
    );
    s.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn home_says_a_finished_round_is_finished_and_the_size_menu_does_not_ask() {
    let Some(s) = common::start().await else {
        return;
    };
    open_saved_local(&s, &common::walls_record(true)).await;
    assert_eq!(s.phase().await, "finished");
    s.open("#/").await;
    s.wait_for("document.getElementById('local-status').textContent.includes('finished')")
        .await;
    assert_eq!(
        s.text("#local-status").await,
        "Your last round is finished (9 × 9): White wins by 7.5 points. Open it to look back, \
         or start a new round."
    );
    // A save written before saves carried their phase is described the same (asked of the
    // server).
    s.save_round("local", &common::walls_record(true)).await;
    s.client.refresh().await.unwrap();
    s.wait_for("document.getElementById('local-status').textContent.includes('finished')")
        .await;
    // Choosing another size replaces the finished round without a question.
    s.click("input[name='home-size'][value='13']").await;
    s.wait_for("JSON.parse(localStorage.getItem('tengen.round.local')).record.rules.size === 13")
        .await;
    assert_eq!(
        s.js("return document.getElementById('confirm-dialog').open;")
            .await,
        json!(false)
    );
    s.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_empty_board_finish_says_both_passed_and_white_wins_by_komi() {
    let Some(s) = common::start().await else {
        return;
    };
    s.open("#/local").await;
    s.ready().await;
    s.act("#pass").await;
    s.act("#pass").await;
    assert_eq!(s.phase().await, "finished");
    assert_eq!(
        s.text("#result").await,
        "Both passed on an empty board: White wins by komi (7.5 points)."
    );
    assert_eq!(
        drawn(&s).await,
        json!({"dead": 0, "stones": 0, "black": 0, "white": 0})
    );
    s.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn show_whole_board_sits_under_a_zoomed_board_clear_of_its_labels() {
    let Some(s) = common::start().await else {
        return;
    };
    s.client.set_window_size(360, 780).await.unwrap();
    s.open("#/local").await;
    s.ready().await;
    // A trackpad pinch (ctrl + wheel) enlarges the board.
    s.js(
        "const b = document.getElementById('board'); const r = b.getBoundingClientRect(); \
          b.dispatchEvent(new WheelEvent('wheel', { ctrlKey: true, deltaY: -300, bubbles: true, \
            cancelable: true, clientX: r.left + r.width / 2, clientY: r.top + r.height / 2 })); \
          return true;",
    )
    .await;
    s.wait_for("!document.getElementById('zoom-reset').hidden")
        .await;
    let boxes = s
        .js(
            "const z = document.getElementById('zoom-reset').getBoundingClientRect(); \
             const b = document.getElementById('board').getBoundingClientRect(); \
             return [z.top, b.bottom];",
        )
        .await;
    assert!(
        boxes[0].as_f64().unwrap() >= boxes[1].as_f64().unwrap(),
        "the button is below the board, not over its column letters: {boxes}"
    );
    s.screenshot("zoomed-9x9-phone").await;
    s.click("#zoom-reset").await;
    s.wait_for("document.getElementById('zoom-reset').hidden")
        .await;
    s.close().await;
}

/// Opens a Learn TimeGo page (`1`..`7` or `play`) and waits for it.
async fn open_learn(s: &Session, which: &str) {
    s.open(&format!("#/learn/{which}")).await;
    s.wait_for("window.__learn && window.__learn.ready()").await;
}

/// Exercise 4's time move of A2 to index `to`; returns the feedback.
async fn exercise_four_to(s: &Session, to: usize) -> String {
    open_learn(s, "4").await;
    s.click("#learn-reset").await; // from its start, also after an earlier try
    s.wait_for("window.__learn.ready() && !window.__learn.solved()")
        .await;
    s.click("#learn-time").await;
    s.click("#learn-pt-A2").await;
    s.wait_for("window.__learn.ready()").await;
    let css = format!("#learn-target-list button[data-to='{to}']");
    s.find(&css).await;
    s.click(&css).await;
    s.wait_for("window.__learn.ready() && window.__learn.solved()")
        .await;
    s.text("#learn-message").await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn learn_timego_says_what_really_happened() {
    let Some(s) = common::start().await else {
        return;
    };
    // The stylesheet of Learn TimeGo is not loaded by the other pages.
    s.open("#/local").await;
    s.ready().await;
    assert_eq!(
        s.js("return [...document.styleSheets].some((x) => (x.href || '').includes('learn.css'));")
            .await,
        json!(false)
    );

    // Exercise 1, first solve: not "solved before"; back to it later: solved before.
    open_learn(&s, "1").await;
    assert_eq!(
        s.js("return [...document.styleSheets].some((x) => (x.href || '').includes('learn.css'));")
            .await,
        json!(true),
        "Learn TimeGo brings its stylesheet"
    );
    s.click("#learn-pt-D5").await;
    s.wait_for("window.__learn.ready() && window.__learn.solved()")
        .await;
    let progress = s.text("#learn-progress").await;
    assert!(!progress.contains("solved it before"), "{progress}");
    open_learn(&s, "2").await;
    open_learn(&s, "1").await;
    assert!(s
        .text("#learn-progress")
        .await
        .contains("You have solved it before."));

    // Exercise 4: A2 before A1 cancels A1 (and says so); A2 after A1 captures it.
    let cancelled = exercise_four_to(&s, 0).await;
    assert!(
        cancelled.contains("it was not captured but cancelled")
            && !cancelled.contains("A2 captured A1"),
        "{cancelled}"
    );
    let captured = exercise_four_to(&s, 3).await;
    assert!(captured.contains("A2 captured A1"), "{captured}");
    assert!(s.text("#learn-task").await.contains("(index 2 to 5)"));

    // The free game ends with its count, not the result alone.
    open_learn(&s, "play").await;
    for _ in 0..2 {
        s.click("#learn-pass").await;
        s.wait_for("window.__learn.ready()").await;
    }
    let status = s.text("#learn-status").await;
    assert_eq!(
        status,
        "Game over. White wins by 7.5 points. Area count: Black 0 stones + 0 territory = 0; \
         White 0 stones + 0 territory + 7.5 komi = 7.5."
    );
    s.close().await;
}
