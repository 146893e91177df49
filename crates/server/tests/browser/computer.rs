//! Vs computer in real headless Chromium: setup, a short game, a separate saved round, and the
//! computer's confirmation in score review.

use crate::common;

use serde_json::json;

/// Makes the next genmove requests ask for plain JSON, counting the plain answers.
const PLAIN_GENMOVE: &str = "window.__realFetch = window.__realFetch || window.fetch; \
    window.__plainAnswers = 0; \
    window.fetch = async (u, o) => { \
      if (!String(u).includes('genmove')) return window.__realFetch(u, o); \
      const res = await window.__realFetch(u, { ...o, headers: { 'Content-Type': 'application/json' } }); \
      if ((res.headers.get('Content-Type') || '').startsWith('application/json')) window.__plainAnswers++; \
      return res; }; \
    return true;";

/// Streams the next genmove answers slowly: a report of half the search, 2.5 s of thinking,
/// then the server's own lines. Records the Accept header the client sent.
const SLOW_STREAM: &str = "window.__realFetch = window.__realFetch || window.fetch; \
    window.fetch = async (u, o) => { \
      if (!String(u).includes('genmove')) return window.__realFetch(u, o); \
      window.__accept = o.headers.Accept; \
      const res = await window.__realFetch(u, o); \
      const text = await res.text(); \
      const enc = new TextEncoder(); \
      const body = new ReadableStream({ async start(c) { \
        c.enqueue(enc.encode('{\"progress\":{\"playouts\":20,\"budget\":40,\"fraction\":0.5}}\\n')); \
        await new Promise((r) => setTimeout(r, 2500)); \
        c.enqueue(enc.encode(text)); c.close(); } }); \
      return new Response(body, { status: res.status, headers: res.headers }); }; \
    return true;";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn vs_computer_plays_a_short_game_saved_apart_from_same_device() {
    let Some(s) = common::start().await else {
        return;
    };
    // A Same device round first, to check the two rounds stay apart.
    s.open("#/local").await;
    s.ready().await;
    s.play("C3").await;

    s.open("#/computer").await;
    s.find("#setup-form").await;
    s.wait_for("!document.getElementById('setup').hidden").await;
    s.click("input[name='color'][value='black']").await;
    s.js("const l = document.getElementById('level'); l.value = 1; l.dispatchEvent(new Event('input')); return true;").await;
    s.click("#setup-start").await;
    s.ready().await;
    assert!(s.text("#play-title").await.contains("Vs computer"));
    assert_eq!(s.text("#name-black").await, "Black · You");
    for i in 0..3 {
        // The computer varies its replies: play the first of these points still empty.
        let mut p = "";
        for candidate in ["E5", "G7", "C6", "C3", "G3", "D7", "F3", "B2"] {
            if s.stone(candidate).await.is_empty() {
                p = candidate;
                break;
            }
        }
        if i == 2 {
            // A server (or proxy) that does not stream: the plain answer works too.
            s.js(PLAIN_GENMOVE).await;
        }
        let before = s.actions().await;
        s.click(&format!("#pt-{p}")).await;
        // Your move, then the computer's reply.
        s.wait_for(&format!(
            "window.__tengen.actions() >= {} && window.__tengen.ready()",
            before + 2
        ))
        .await;
        assert_eq!(s.stone(p).await, "black");
        let last = s.js("return window.__tengen.view().last_move;").await;
        assert_eq!(last["color"], "white");
    }
    assert!(s.text("#message").await.starts_with("The computer"));
    assert_eq!(
        s.js("return window.__plainAnswers;").await,
        json!(1),
        "the third move came as plain JSON"
    );
    // While the computer thinks, the indicator shows its progress: the streamed answer is
    // slowed down, with a report of half the search first.
    s.js(SLOW_STREAM).await;
    s.click("#pt-D7").await;
    s.wait_for("!document.getElementById('thinking').hidden")
        .await;
    assert!(s.text("#thinking").await.contains("thinking"));
    s.wait_for("document.getElementById('thinking-bar').value === 0.5")
        .await;
    s.wait_for("document.getElementById('thinking-text').textContent.endsWith('50%')")
        .await;
    assert_eq!(
        s.js("const b = document.getElementById('thinking-bar'); \
              return [b.getAttribute('aria-label'), b.closest('[role=status]') === null];")
            .await,
        json!(["The computer’s search", true]),
        "the bar is labelled and outside the live region"
    );
    assert_eq!(
        s.js("return window.__accept;").await,
        json!("application/x-ndjson")
    );
    s.wait_for("document.getElementById('thinking').hidden && window.__tengen.ready()")
        .await;
    assert_eq!(s.actions().await, 8);
    // The Estimate view asks the server for the expected territory without disturbing play.
    s.click("#estimate-toggle").await;
    s.wait_for("window.__tengen.ready()").await;
    // Undo goes back to before your last move (and the computer's reply).
    s.act("#undo").await;
    assert_eq!(s.actions().await, 6);
    assert_eq!(s.stone("D7").await, "");

    // The two rounds are saved apart and both survive a reload.
    s.client.refresh().await.unwrap();
    s.ready().await;
    assert_eq!(s.actions().await, 6);
    s.open("#/local").await;
    s.wait_for("window.__tengen.ready() && window.__tengen.actions() === 1")
        .await;
    assert_eq!(s.stone("C3").await, "black");

    // New round asks once, then the setup starts the new round without asking again.
    s.open("#/computer").await;
    s.wait_for("window.__tengen.ready() && window.__tengen.actions() === 6")
        .await;
    s.click("#new-round").await;
    s.wait_for("document.getElementById('confirm-dialog').open")
        .await;
    s.click("#confirm-ok").await;
    s.wait_for("!document.getElementById('setup').hidden").await;
    s.click("#setup-start").await;
    s.wait_for("window.__tengen.ready() && window.__tengen.actions() === 0")
        .await;
    assert_eq!(
        s.js("return document.getElementById('confirm-dialog').open;")
            .await,
        json!(false)
    );
    s.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_computer_confirms_its_color_only_when_the_marks_agree_with_its_estimate() {
    let Some(s) = common::start().await else {
        return;
    };
    s.open("#/").await;
    s.find("#home-title").await;
    // You are Black; the game reached score review.
    let saved = json!({
        "v": 1,
        "computer": {"color": "black", "level": 2},
        "record": {"rules": {"size": 9}, "players": {"black": "You", "white": "Tengen level 2"},
                   "actions": [{"place": "E5"}, {"place": "C3"}, {"pass": {}}, {"pass": {}}]}
    });
    s.js(&format!(
        "localStorage.setItem('tengen.round.computer', {}); return true;",
        json!(saved.to_string())
    ))
    .await;
    s.open("#/computer").await;
    s.ready().await;
    assert_eq!(s.phase().await, "review");
    assert_eq!(s.text("#confirm").await, "Confirm Black");
    // Marks the computer's estimate does not share: it does not confirm.
    let suggested = s
        .js("return window.__tengen.view().review.suggested_dead;")
        .await;
    let suggested: Vec<String> = serde_json::from_value(suggested).unwrap();
    if suggested.is_empty() {
        s.play("C3").await;
    }
    s.act("#confirm").await;
    assert_eq!(s.phase().await, "review");
    assert!(s
        .text("#confirm-state")
        .await
        .contains("only when the marks agree"));
    // Marks equal to its estimate: after your confirmation the computer confirms White.
    let dead = s.js("return window.__tengen.view().review.dead;").await;
    let dead: Vec<String> = serde_json::from_value(dead).unwrap();
    for p in ["C3", "E5"] {
        if dead.contains(&p.to_string()) != suggested.contains(&p.to_string()) {
            s.play(p).await;
        }
    }
    s.act("#confirm").await;
    s.wait_for("window.__tengen.phase() === 'finished'").await;
    assert!(s.text("#result").await.contains("wins by"));
    s.close().await;
}
