//! Learn TimeGo in real headless Chromium: lessons solved by mouse and by keyboard only, a
//! cancelled placement shown by a cross and in the turn record, wrong tries with their reason,
//! progress kept apart from the saved games, the free game, and screenshots for a person.

use crate::common;

use common::Session;
use fantoccini::actions::{InputSource, PointerAction, TouchActions};
use fantoccini::key::Key;
use serde_json::json;

fn key(k: Key) -> String {
    char::from(k).to_string()
}

/// Opens a lesson (1-based) or `play` and waits until its view is loaded.
async fn open_learn(s: &Session, which: &str) {
    s.open(&format!("#/learn/{which}")).await;
    s.wait_for("window.__learn && window.__learn.ready()").await;
}

/// The Learn page's feedback line.
async fn message(s: &Session) -> String {
    s.text("#learn-message").await
}

/// The screen-reader label of a point of the Learn board.
async fn label(s: &Session, point: &str) -> String {
    s.js(&format!(
        "const c = document.getElementById('learn-pt-{point}'); return c ? c.getAttribute('aria-label') : '';"
    ))
    .await
    .as_str()
    .unwrap_or_default()
    .to_string()
}

/// Clicks a point of the Learn board and waits for the page to settle.
async fn click_point(s: &Session, point: &str) {
    s.click(&format!("#learn-pt-{point}")).await;
    s.wait_for("window.__learn.ready()").await;
}

/// Clicks a time target (after a stone was selected) and waits for the page to settle.
async fn choose_target(s: &Session, to: usize) {
    let css = format!("#learn-target-list button[data-to='{to}']");
    s.find(&css).await;
    s.click(&css).await;
    s.wait_for("window.__learn.ready()").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lesson_one_by_mouse_is_solved_by_placing_on_a_liberty_and_progress_is_kept_apart() {
    let Some(s) = common::start().await else {
        return;
    };
    open_learn(&s, "1").await;
    assert_eq!(s.text("#learn-lesson-title").await, "1. Place a stone");
    assert!(s.text("#learn-task").await.contains("four liberties"));
    // Dots on the four liberties, a ring on D4.
    assert_eq!(
        s.js("return document.querySelectorAll('#learn-board .liberty').length;")
            .await,
        json!(4)
    );
    assert!(label(&s, "D5").await.contains("liberty"));
    let d4 = label(&s, "D4").await;
    assert!(
        d4.contains("white stone") && d4.contains("highlighted"),
        "{d4}"
    );
    click_point(&s, "D5").await;
    assert_eq!(s.js("return window.__learn.solved();").await, json!(true));
    let text = message(&s).await;
    assert!(
        text.starts_with("Solved!") && text.contains("3 liberties"),
        "{text}"
    );
    // Progress under its own key; the Same device and Vs computer saves are untouched.
    let progress = s
        .js("return JSON.parse(localStorage.getItem('tengen.learn'));")
        .await;
    assert_eq!(progress["solved"], json!([0]));
    assert_eq!(
        s.js("return [localStorage.getItem('tengen.round.local'), localStorage.getItem('tengen.round.computer')];")
            .await,
        json!([null, null])
    );
    // The lesson list marks it solved, and Next opens lesson 2.
    assert!(s
        .text("#learn-lessons a[href='#/learn/1']")
        .await
        .contains('✓'));
    s.click("#learn-next").await;
    s.wait_for("window.__learn.lesson() === 2 && window.__learn.ready()")
        .await;
    assert_eq!(s.text("#learn-lesson-title").await, "2. Capture a stone");
    s.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wrong_try_says_why_and_the_board_is_taken_back() {
    let Some(s) = common::start().await else {
        return;
    };
    open_learn(&s, "1").await;
    let before = s.js("return window.__learn.actions();").await;
    click_point(&s, "G7").await;
    let text = message(&s).await;
    assert!(
        text.starts_with("Not quite. G7 does not touch D4"),
        "{text}"
    );
    assert_eq!(s.js("return window.__learn.actions();").await, before);
    assert!(label(&s, "G7").await.starts_with("G7, empty"));
    // An illegal placement shows the engine's reason.
    click_point(&s, "D4").await;
    assert_eq!(message(&s).await, "Not allowed: D4 is occupied.");
    // So does an illegal time target (lesson 7: it would repeat an earlier placement order).
    open_learn(&s, "7").await;
    click_point(&s, "C3").await;
    choose_target(&s, 1).await;
    assert_eq!(
        message(&s).await,
        "Not allowed: this would repeat an earlier placement order."
    );
    // Passing ends the game after White's pass, with the area score.
    s.click("#learn-pass").await;
    s.wait_for("window.__learn.solved()").await;
    assert_eq!(
        s.js("return window.__learn.view().phase;").await,
        json!("finished")
    );
    assert!(message(&s)
        .await
        .contains("Area score: Black 49, White 7.5"));
    assert!(s.text("#learn-turns").await.contains("Black passed"));
    s.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lesson_three_by_mouse_moves_a_placement_earlier_in_the_order() {
    let Some(s) = common::start().await else {
        return;
    };
    open_learn(&s, "3").await;
    assert_eq!(
        s.text("#learn-order tr:nth-child(3) td:nth-of-type(2)")
            .await,
        "E3"
    );
    click_point(&s, "E3").await;
    assert!(label(&s, "E3").await.contains("selected for a time move"));
    assert_eq!(
        s.text("#learn-target-list button[data-to='0']").await,
        "Index 0: cancels nothing"
    );
    choose_target(&s, 0).await;
    assert_eq!(s.js("return window.__learn.solved();").await, json!(true));
    assert!(message(&s).await.contains("E3 is now placement 0"));
    assert_eq!(
        s.text("#learn-order tr:nth-child(1) td:nth-of-type(2)")
            .await,
        "E3"
    );
    assert_eq!(
        s.text("#learn-turns li:last-child").await,
        "Black moved E3 from index 2 to 0; nothing cancelled"
    );
    s.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lesson_five_by_mouse_cancels_a_placement_shown_by_a_cross_and_in_the_turn_record() {
    let Some(s) = common::start().await else {
        return;
    };
    open_learn(&s, "5").await;
    click_point(&s, "A2").await;
    let target = "#learn-target-list button[data-to='1']";
    assert_eq!(
        s.text(target).await,
        "Index 1: cancels White A1 (index 1): it would have had no liberties"
    );
    s.click(target).await;
    s.wait_for("window.__learn.ready()").await;
    assert_eq!(s.js("return window.__learn.solved();").await, json!(true));
    assert_eq!(
        s.js("return document.querySelectorAll('#learn-board .cross:not(.preview-cross)').length;")
            .await,
        json!(1)
    );
    let a1 = label(&s, "A1").await;
    assert!(
        a1.contains("empty") && a1.contains("cancelled placement"),
        "{a1}"
    );
    assert_eq!(
        s.text("#learn-turns li:last-child").await,
        "Black moved A2 from index 2 to 1; cancelled White A1 (index 1): it would have had no liberties"
    );
    let order = s.text("#learn-order").await;
    assert!(!order.contains("A1"), "{order}");
    s.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_time_target_under_the_pointer_previews_its_cancellation() {
    let Some(s) = common::start().await else {
        return;
    };
    open_learn(&s, "5").await;
    click_point(&s, "A2").await;
    // Keyboard focus on a target shows the same preview as hovering it.
    s.js(
        "document.querySelector(\"#learn-target-list button[data-to='0']\").focus(); return true;",
    )
    .await;
    assert_eq!(
        s.js("return document.querySelectorAll('#learn-board .preview-cross').length;")
            .await,
        json!(1)
    );
    assert!(label(&s, "A1").await.contains("would be cancelled"));
    // Escape leaves the time move, and the focus returns to the board.
    s.client
        .active_element()
        .await
        .unwrap()
        .send_keys(&key(Key::Escape))
        .await
        .unwrap();
    assert_eq!(
        s.js("return document.activeElement.id;").await,
        json!("learn-board")
    );
    assert_eq!(message(&s).await, "Time move cancelled.");
    assert_eq!(
        s.js("return document.querySelectorAll('#learn-board .preview-cross').length;")
            .await,
        json!(0)
    );
    assert!(s
        .js("return document.getElementById('learn-targets').hidden;")
        .await
        .as_bool()
        .unwrap());
    s.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lesson_three_by_keyboard_only() {
    let Some(s) = common::start().await else {
        return;
    };
    open_learn(&s, "3").await;
    let board = s.find("#learn-board").await;
    // Home is D4 on the 7x7 board; E3 is one right and one down.
    board
        .send_keys(&(key(Key::Home) + &key(Key::Right) + &key(Key::Down)))
        .await
        .unwrap();
    assert_eq!(
        s.js(
            "return document.getElementById('learn-board').getAttribute('aria-activedescendant');"
        )
        .await,
        json!("learn-pt-E3")
    );
    board.send_keys(&key(Key::Enter)).await.unwrap();
    s.wait_for("document.activeElement && document.activeElement.dataset.to === '0'")
        .await;
    s.client
        .active_element()
        .await
        .unwrap()
        .send_keys(&key(Key::Tab))
        .await
        .unwrap();
    s.wait_for("document.activeElement.dataset.to === '1'")
        .await;
    s.client
        .active_element()
        .await
        .unwrap()
        .send_keys(" ")
        .await
        .unwrap();
    s.wait_for("window.__learn.solved()").await;
    assert!(message(&s).await.contains("E3 is now placement 1"));
    // The chosen target is gone: the focus is back on the board for the next move.
    assert_eq!(
        s.js("return document.activeElement.id;").await,
        json!("learn-board")
    );
    s.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lessons_two_four_and_six_by_mouse() {
    let Some(s) = common::start().await else {
        return;
    };
    open_learn(&s, "2").await;
    click_point(&s, "D3").await;
    assert!(message(&s).await.starts_with("Solved! Captured!"));

    open_learn(&s, "4").await;
    click_point(&s, "B1").await; // a placement captures too, but it is not a time move
    assert!(message(&s).await.contains("B1 captures A1 too"));
    click_point(&s, "A2").await;
    choose_target(&s, 3).await;
    assert_eq!(s.js("return window.__learn.solved();").await, json!(true));
    assert!(label(&s, "B1").await.contains("black stone"));
    assert_eq!(label(&s, "A1").await, "A1, empty");

    open_learn(&s, "6").await;
    s.click("#learn-lock").await;
    s.wait_for("window.__learn.solved()").await;
    assert!(message(&s).await.contains("All 4 placements are locked"));
    assert_eq!(
        s.text("#learn-order tr:nth-child(1) td:nth-of-type(3)")
            .await,
        "Locked"
    );
    // White answered at C5; A2's placement is locked, so it cannot travel.
    assert_eq!(
        s.text("#learn-turns li:last-child").await,
        "White placed C5 (index 4)"
    );
    click_point(&s, "A2").await;
    assert_eq!(
        message(&s).await,
        "Not allowed: that stone's placement is locked."
    );
    assert_eq!(s.js("return window.__learn.solved();").await, json!(true));
    s.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_free_game_is_saved_under_its_own_key() {
    let Some(s) = common::start().await else {
        return;
    };
    open_learn(&s, "play").await;
    assert_eq!(
        s.text("#learn-lesson-title").await,
        "Play TimeGo on this device"
    );
    for p in ["E5", "D4", "C3"] {
        click_point(&s, p).await;
    }
    assert_eq!(s.js("return window.__learn.actions();").await, json!(3));
    let saved = s
        .js("return JSON.parse(localStorage.getItem('tengen.learn.sandbox')).record.actions.length;")
        .await;
    assert_eq!(saved, json!(3));
    s.open("#/").await;
    open_learn(&s, "play").await;
    assert_eq!(s.js("return window.__learn.actions();").await, json!(3));
    assert_eq!(
        s.js("return localStorage.getItem('tengen.round.local');")
            .await,
        json!(null)
    );
    s.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn screenshots_of_learn_timego_on_desktop_and_phone() {
    let Some(s) = common::start().await else {
        return;
    };
    s.open("#/").await;
    s.find("#mode-learn").await;
    s.js("document.getElementById('mode-learn').scrollIntoView({block: 'center'}); return true;")
        .await;
    s.screenshot("learn-home-desktop").await;
    open_learn(&s, "5").await;
    click_point(&s, "A2").await;
    s.js(
        "document.querySelector(\"#learn-target-list button[data-to='1']\").focus(); return true;",
    )
    .await;
    s.screenshot("learn-desktop-preview").await;
    choose_target(&s, 1).await;
    s.screenshot("learn-desktop-cancelled").await;
    s.js("document.querySelector('.learn-records').scrollIntoView(); return true;")
        .await;
    s.screenshot("learn-desktop-records").await;
    // Dark theme.
    s.js("document.documentElement.dataset.theme = 'dark'; return true;")
        .await;
    s.js("document.querySelector('.learn-grid').scrollIntoView(); return true;")
        .await;
    s.screenshot("learn-desktop-dark").await;
    s.js("delete document.documentElement.dataset.theme; return true;")
        .await;
    open_learn(&s, "1").await;
    s.client.set_window_size(360, 780).await.unwrap();
    s.js("window.scrollTo(0, 0); return true;").await;
    s.screenshot("learn-phone-top").await;
    s.js("document.getElementById('learn-board').scrollIntoView(); return true;")
        .await;
    s.screenshot("learn-phone-board").await;
    s.js("document.querySelector('.learn-panel').scrollIntoView(); return true;")
        .await;
    s.screenshot("learn-phone-panel").await;
    s.js("document.querySelector('.learn-rules').scrollIntoView(); return true;")
        .await;
    s.screenshot("learn-phone-rules").await;
    let wide = s
        .js("return [document.documentElement.scrollWidth, window.innerWidth];")
        .await;
    assert!(
        wide[0].as_u64() <= wide[1].as_u64(),
        "page wider than the screen: {wide}"
    );
    s.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lesson_five_by_touch_on_a_phone() {
    let Some(s) = common::start().await else {
        return;
    };
    s.client.set_window_size(360, 780).await.unwrap();
    open_learn(&s, "5").await;
    let r = s
        .js("const c = document.getElementById('learn-pt-A2'); c.scrollIntoView({block: 'center'}); \
             const r = c.getBoundingClientRect(); \
             return [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)];")
        .await;
    let (x, y) = (r[0].as_i64().unwrap(), r[1].as_i64().unwrap());
    let tap = TouchActions::new("finger".into())
        .then(PointerAction::MoveTo {
            duration: None,
            x,
            y,
        })
        .then(PointerAction::Down { button: 0 })
        .then(PointerAction::Up { button: 0 });
    s.client.perform_actions(tap).await.unwrap();
    s.client.release_actions().await.unwrap();
    s.find("#learn-target-list button[data-to='0']").await;
    assert!(label(&s, "A2").await.contains("selected for a time move"));
    choose_target(&s, 0).await;
    assert_eq!(s.js("return window.__learn.solved();").await, json!(true));
    s.screenshot("learn-phone-solved").await;
    s.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_home_card_opens_learn_timego_and_an_unreadable_free_game_starts_afresh() {
    let Some(s) = common::start().await else {
        return;
    };
    s.open("#/").await;
    s.find("#home-title").await;
    s.click("#mode-learn").await;
    s.wait_for("window.__learn && window.__learn.ready()").await;
    assert_eq!(s.text("#learn-lesson-title").await, "1. Place a stone");
    assert_eq!(
        s.js("return document.querySelector('.top nav a[aria-current]').getAttribute('href');")
            .await,
        json!("#/learn")
    );
    assert!(s.text("#learn").await.contains("Keep these rules together"));
    // A free game whose record the server refuses is replaced by a new one, with a notice.
    s.js(
        "localStorage.setItem('tengen.learn.sandbox', JSON.stringify({record: \
          {rules: {variant: 'timego', size: 9}, actions: [{place: 'E5'}, {place: 'E5'}]}})); \
          return true;",
    )
    .await;
    open_learn(&s, "play").await;
    assert_eq!(s.js("return window.__learn.actions();").await, json!(0));
    assert!(message(&s).await.contains("could not be read"));
    s.close().await;
}
