//! Touch in real headless Chromium on a 360-px phone: pinch to enlarge, drag to explore, tap
//! to place, and no stone placed by a pinch or a drag.

use crate::common;

use fantoccini::actions::{InputSource, PointerAction, TouchActions};
use serde_json::Value;
use std::time::Duration;

fn down_move_up(id: &str, from: (i64, i64), by: (i64, i64)) -> TouchActions {
    let step = |d: i64| d / 4;
    let mut t = TouchActions::new(id.into())
        .then(PointerAction::MoveTo {
            duration: None,
            x: from.0,
            y: from.1,
        })
        .then(PointerAction::Down { button: 0 });
    for _ in 0..4 {
        t = t.then(PointerAction::MoveBy {
            duration: Some(Duration::from_millis(40)),
            x: step(by.0),
            y: step(by.1),
        });
    }
    t.then(PointerAction::Up { button: 0 })
}

async fn view_box(s: &common::Session) -> Vec<f64> {
    let v: Value = s
        .js("return document.getElementById('board').getAttribute('viewBox');")
        .await;
    v.as_str()
        .unwrap()
        .split(' ')
        .map(|x| x.parse().unwrap())
        .collect()
}

/// The centre of a point on screen, in CSS pixels.
async fn centre(s: &common::Session, point: &str) -> (i64, i64) {
    let r = s
        .js(&format!(
            "const r = document.getElementById('pt-{point}').getBoundingClientRect(); \
             return [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)];"
        ))
        .await;
    (r[0].as_i64().unwrap(), r[1].as_i64().unwrap())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pinch_enlarges_drag_explores_and_only_a_tap_places_a_stone() {
    let Some(s) = common::start().await else {
        return;
    };
    s.client.set_window_size(360, 780).await.unwrap();
    s.open("#/").await;
    s.find("#home-title").await;
    s.click("input[name='home-size'][value='19']").await;
    s.open("#/local").await;
    s.ready().await;
    assert_eq!(s.js("return window.__tengen.view().size;").await, 19);
    s.js("document.getElementById('board').scrollIntoView({block: 'center'}); return true;")
        .await;
    assert_eq!(view_box(&s).await[2], 20.0);

    // Pinch: two fingers move apart around K10.
    let (cx, cy) = centre(&s, "K10").await;
    let pinch = fantoccini::actions::Actions::from(down_move_up("a", (cx - 20, cy), (-80, 0)))
        .and(down_move_up("b", (cx + 20, cy), (80, 0)));
    s.client.perform_actions(pinch).await.unwrap();
    s.client.release_actions().await.unwrap();
    let zoomed = view_box(&s).await;
    assert!(
        zoomed[2] < 15.0,
        "pinch should enlarge the board: {zoomed:?}"
    );
    assert_eq!(s.actions().await, 0, "a pinch places no stone");
    assert!(!s
        .js("return document.getElementById('zoom-reset').hidden;")
        .await
        .as_bool()
        .unwrap());

    // Drag: one finger moves the view.
    let (cx, cy) = centre(&s, "K10").await;
    s.client
        .perform_actions(down_move_up("c", (cx, cy), (-60, -40)))
        .await
        .unwrap();
    s.client.release_actions().await.unwrap();
    let dragged = view_box(&s).await;
    assert!(
        (dragged[0] - zoomed[0]).abs() > 0.5,
        "{zoomed:?} → {dragged:?}"
    );
    assert_eq!(s.actions().await, 0, "a drag places no stone");

    // Tap: places exactly where the finger lands.
    let (x, y) = centre(&s, "L9").await;
    let tap = TouchActions::new("d".into())
        .then(PointerAction::MoveTo {
            duration: None,
            x,
            y,
        })
        .then(PointerAction::Down { button: 0 })
        .then(PointerAction::Up { button: 0 });
    s.client.perform_actions(tap).await.unwrap();
    s.client.release_actions().await.unwrap();
    s.wait_for("window.__tengen.actions() === 1 && window.__tengen.ready()")
        .await;
    assert_eq!(s.stone("L9").await, "black");
    s.screenshot("touch-19x19-zoomed-phone").await;

    s.click("#zoom-reset").await;
    assert_eq!(view_box(&s).await[2], 20.0);
    s.close().await;
}
