//! Accessibility in real headless Chromium: axe-core finds no violation on any route (home,
//! Same device in play, review and finished, Vs computer setup and play, Online's form, a
//! created table and a table, Learn TimeGo exercises and free game) at desktop and phone
//! widths, light and dark; the board's coordinates have
//! 4.5:1 contrast on every wood color; each route has its own title and navigation takes the
//! focus to the new view's heading; the mode table scrolls by keyboard on a phone.

use crate::common;

use common::Session;
use serde_json::json;

/// (name, how to get there) for every view a player reaches.
const VIEWS: &[(&str, &str)] = &[
    ("home", "#/"),
    ("same device, in play", "#/local"),
    ("same device, in review", "review"),
    ("same device, finished", "finished"),
    ("vs computer, setup", "#/computer/new"),
    ("vs computer, in play", "computer"),
    ("online, the form", "#/online"),
    ("online, a table created", "online-created"),
    ("online, at the table", "table"),
    ("learn, exercise 1", "#/learn/1"),
    ("learn, exercise 4 with time targets", "time-targets"),
    ("learn, free game", "#/learn/play"),
];

/// Brings the page to the view `how` names.
async fn reach(s: &Session, how: &str) {
    match how {
        "review" | "finished" => {
            s.save_round("local", &common::walls_record(how == "finished"))
                .await;
            s.open("#/").await;
            s.client.refresh().await.unwrap();
            s.find("#home-title").await;
            s.open("#/local").await;
            s.ready().await;
        }
        "computer" => {
            s.open("#/computer/new").await;
            s.find("#setup-form").await;
            s.click("#setup-start").await;
            s.ready().await;
        }
        "online-created" => {
            s.open("#/online").await;
            s.find("#on-form").await;
            s.click("#on-create").await;
            s.wait_for("!document.getElementById('on-created').hidden")
                .await;
        }
        "table" => {
            // The table created just before, seen from its Black seat.
            let watch = s
                .js("return document.getElementById('on-watch').value;")
                .await;
            let id = watch
                .as_str()
                .unwrap()
                .rsplit('/')
                .next()
                .unwrap()
                .to_string();
            s.open(&format!("#/table/{id}")).await;
            s.wait_for("window.__online && window.__online.ready()")
                .await;
        }
        "time-targets" => {
            s.open("#/learn/4").await;
            s.wait_for("window.__learn && window.__learn.ready() && window.__learn.lesson() === 4")
                .await;
            s.click("#learn-time").await;
            s.click("#learn-pt-A2").await;
            s.wait_for("window.__learn.ready()").await;
            s.find("#learn-target-list button").await;
        }
        hash if hash.starts_with("#/learn") => {
            s.open(hash).await;
            s.wait_for("window.__learn && window.__learn.ready()").await;
        }
        hash => {
            s.open(hash).await;
            s.find("main section:not([hidden]) h1").await;
            if hash == "#/local" {
                s.ready().await;
                if s.actions().await == 0 {
                    for p in ["E5", "C3", "D4"] {
                        s.play(p).await;
                    }
                }
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn axe_finds_no_violation_on_any_route_at_desktop_and_phone_widths_in_both_themes() {
    let Some(source) = common::axe_source() else {
        return;
    };
    // A server with online tables (SQLite), so that the Online pages work too.
    let (base, server) = common::table_server().await;
    let Some(mut sessions) = common::browsers_on(&base, 1).await else {
        server.abort();
        return;
    };
    let s = sessions.pop().unwrap();
    // The check itself works: an image without a text alternative is reported.
    s.open("#/").await;
    s.find("#home-title").await;
    s.js(
        "const i = document.createElement('img'); i.id = 'no-alt'; i.src = '/favicon.svg'; \
          document.getElementById('home').prepend(i); return true;",
    )
    .await;
    let found = s.axe(&source).await;
    assert!(
        found.iter().any(|v| v.starts_with("image-alt")),
        "axe-core reports a missing alt: {found:?}"
    );
    s.js("document.getElementById('no-alt').remove(); return true;")
        .await;

    let mut failures = Vec::new();
    let mut runs = 0;
    for (name, how) in VIEWS {
        s.client.set_window_size(1280, 900).await.unwrap();
        reach(&s, how).await;
        for (width, height) in [(1280, 900), (390, 844)] {
            s.set_viewport(width, height).await;
            for theme in ["light", "dark"] {
                s.theme(theme).await;
                runs += 1;
                for v in s.axe(&source).await {
                    failures.push(format!("{name} at {width} px, {theme}: {v}"));
                }
            }
        }
        s.theme("auto").await;
    }
    assert_eq!(runs, VIEWS.len() * 4);
    assert!(failures.is_empty(), "axe-core:\n{}", failures.join("\n"));
    s.close().await;
    server.abort();
}

/// WCAG contrast of two CSS colors `rgb(r, g, b)`.
const CONTRAST_JS: &str = "
  const lum = (css) => {
    const [r, g, b] = css.match(/\\d+(\\.\\d+)?/g).slice(0, 3).map(Number).map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (a, b) => {
    const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  };
  const text = getComputedStyle(document.querySelector('#board .coords text')).fill;
  const stops = [...document.querySelectorAll('#wood stop')].map((s) => getComputedStyle(s).stopColor);
  return stops.map((s) => ratio(text, s));
";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn board_coordinates_have_aa_contrast_on_every_wood_color_in_both_themes() {
    let Some(s) = common::start().await else {
        return;
    };
    s.open("#/local").await;
    s.ready().await;
    for theme in ["light", "dark"] {
        s.theme(theme).await;
        let ratios = s.js(CONTRAST_JS).await;
        let ratios: Vec<f64> = ratios
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r.as_f64().unwrap())
            .collect();
        assert_eq!(ratios.len(), 3, "three wood colors");
        for r in &ratios {
            assert!(*r >= 4.5, "{theme}: coordinates at {ratios:?} : 1");
        }
    }
    s.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_route_has_its_title_and_navigation_focuses_the_new_heading() {
    let Some(s) = common::start().await else {
        return;
    };
    s.open("#/").await;
    s.find("#home-title").await;
    s.wait_for("document.title === 'Tengen · Go for two'").await;
    // Following the main navigation: the title names the view, the focus is on its heading.
    for (link, title, heading) in [
        ("#/local", "Same device · Tengen", "play-title"),
        ("#/computer", "Vs computer · Tengen", "setup-title"),
        ("#/online", "Online · Tengen", "online-title"),
        (
            "#/learn",
            "1. Place a stone · Learn TimeGo · Tengen",
            "learn-lesson-title",
        ),
    ] {
        s.click(&format!(".top nav a[href='{link}']")).await;
        s.wait_for(&format!("document.title === {}", json!(title)))
            .await;
        assert_eq!(
            s.js("return document.activeElement.id;").await,
            json!(heading),
            "{link}"
        );
    }
    // Back home by the brand link; then the Learn exercises each have their own title.
    s.click(".brand").await;
    s.wait_for("document.title === 'Tengen · Go for two'").await;
    assert_eq!(
        s.js("return document.activeElement.id;").await,
        json!("home-title")
    );
    s.open("#/learn/3").await;
    s.wait_for("document.title.startsWith('3. Your first time move')")
        .await;
    s.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_mode_table_scrolls_by_keyboard_on_a_phone_and_the_score_table_names_every_column() {
    let Some(s) = common::start().await else {
        return;
    };
    s.client.set_window_size(360, 780).await.unwrap();
    s.open("#/").await;
    s.find("#home-title").await;
    let wrap = s
        .js("const w = document.querySelector('.table-wrap'); \
             return [w.scrollWidth > w.clientWidth, w.tabIndex, w.getAttribute('role'), \
                     w.getAttribute('aria-label')];")
        .await;
    assert_eq!(wrap, json!([true, 0, "region", "Modes compared"]));
    // Tab reaches it, and the arrow keys scroll it.
    s.js("document.querySelector('.table-wrap').focus(); return true;")
        .await;
    let right = char::from(fantoccini::key::Key::Right).to_string();
    s.client
        .active_element()
        .await
        .unwrap()
        .send_keys(&right.repeat(5))
        .await
        .unwrap();
    s.wait_for("document.querySelector('.table-wrap').scrollLeft > 0")
        .await;
    let heads = s
        .js(
            "return [...document.querySelectorAll('table.score thead th')] \
             .map((th) => th.textContent.trim());",
        )
        .await;
    assert_eq!(
        heads,
        json!(["Color", "Stones", "Territory", "Komi", "Total"])
    );
    s.close().await;
}
