//! Screenshots of the board at 9x9 and 19x19, desktop and 360-px phone, light and dark, in
//! play and in score review, into /tmp/shots/ (not committed) for a person to look at.

use crate::common;

const MOVES_19: &[&str] = &[
    "D4", "Q16", "Q4", "D16", "C14", "R6", "F17", "O3", "K10", "K4", "P9", "E10", "R14", "C6",
    "F3", "O17", "H16", "M16", "D10", "Q10", "L3", "H3", "N10", "G10", "P12", "C11", "S16", "B3",
    "T19", "A1",
];

/// A 360-px phone never needs to scroll sideways.
async fn assert_no_sideways_scroll(s: &common::Session) {
    let wide = s
        .js("return [document.documentElement.scrollWidth, window.innerWidth];")
        .await;
    let culprits = s
        .js("return [...document.querySelectorAll('body *')] \
             .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1) \
             .slice(0, 5).map((e) => e.tagName + '#' + e.id + '.' + e.getAttribute('class'));")
        .await;
    assert!(
        wide[0].as_u64() <= wide[1].as_u64(),
        "page wider than the screen: {wide}; {culprits}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn screenshots_of_the_board_on_desktop_and_phone() {
    let Some(s) = common::start().await else {
        return;
    };
    s.open("#/local").await;
    s.ready().await;
    for p in ["E5", "C3", "D4", "G7", "E4", "F5", "F4", "C5"] {
        s.play(p).await;
    }
    // The keyboard focus ring and the preview of the next stone.
    let board = s.find("#board").await;
    let key = |k: fantoccini::key::Key| char::from(k).to_string();
    board
        .send_keys(&(key(fantoccini::key::Key::Home) + &key(fantoccini::key::Key::Up)))
        .await
        .unwrap();
    s.screenshot("local-9x9-desktop").await;
    s.act("#pass").await;
    s.act("#pass").await;
    for p in ["C3", "G7", "F5", "C5"] {
        s.play(p).await;
    }
    s.screenshot("review-9x9-desktop").await;
    // The high-contrast rules, applied unconditionally for a look (a copy of the
    // `prefers-contrast: more` block at the end of the sheet), then removed again.
    let added = s
        .js("let n = 0; for (const sheet of document.styleSheets) { \
               for (const rule of [...sheet.cssRules]) { \
                 if (rule.media && rule.media.mediaText.includes('prefers-contrast')) { \
                   for (const inner of [...rule.cssRules]) { \
                     sheet.insertRule(inner.cssText, sheet.cssRules.length); n++; } } } } \
             return n;")
        .await;
    assert!(added.as_u64().unwrap() > 3, "high-contrast rules exist");
    s.screenshot("review-9x9-high-contrast").await;
    s.client.refresh().await.unwrap();
    s.ready().await;
    s.client.set_window_size(360, 780).await.unwrap();
    s.screenshot("review-9x9-phone").await;
    s.act("#resume").await;
    s.screenshot("local-9x9-phone").await;

    // 19x19.
    s.client.set_window_size(1280, 900).await.unwrap();
    s.click("#size-select option[value='19']").await;
    s.wait_for("document.getElementById('confirm-dialog').open")
        .await;
    s.screenshot("dialog-desktop").await;
    s.click("#confirm-ok").await;
    s.wait_for("window.__tengen.view().size === 19").await;
    for p in MOVES_19 {
        s.play(p).await;
    }
    s.screenshot("local-19x19-desktop").await;
    s.client.set_window_size(360, 780).await.unwrap();
    s.screenshot("local-19x19-phone").await;
    assert_no_sideways_scroll(&s).await;
    s.js("document.documentElement.dataset.theme = 'dark'; return true;")
        .await;
    s.screenshot("local-19x19-phone-dark").await;
    s.client.set_window_size(1280, 900).await.unwrap();
    s.screenshot("local-19x19-desktop-dark").await;
    s.js("delete document.documentElement.dataset.theme; return true;")
        .await;

    s.open("#/").await;
    s.find("#home-title").await;
    s.screenshot("home-desktop").await;
    s.client.set_window_size(360, 780).await.unwrap();
    s.screenshot("home-phone").await;
    assert_no_sideways_scroll(&s).await;
    s.open("#/computer/new").await;
    s.find("#setup-form").await;
    s.screenshot("computer-setup-phone").await;

    // Vs computer with the Estimate view.
    s.client.set_window_size(1280, 900).await.unwrap();
    s.click("#setup-start").await;
    s.ready().await;
    for p in ["E5", "C3", "G4"] {
        let before = s.actions().await;
        s.click(&format!("#pt-{p}")).await;
        s.wait_for(&format!(
            "window.__tengen.actions() >= {} && window.__tengen.ready()",
            before + 2
        ))
        .await;
    }
    s.click("#estimate-toggle").await;
    s.wait_for("document.querySelectorAll('.terr.estimate').length > 0")
        .await;
    s.screenshot("computer-estimate-desktop").await;
    s.close().await;
}
