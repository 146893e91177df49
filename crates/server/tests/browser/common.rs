//! Browser test harness: the app on a random port, chromedriver on a free port, and a fresh
//! headless Chromium profile per session. Tests skip (with a message) where Chromium or
//! chromedriver is not installed.

#![allow(dead_code)]

use fantoccini::elements::Element;
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::json;
use std::net::TcpListener as StdListener;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Where Debian installs the browser and its driver (override with CHROMIUM / CHROMEDRIVER).
fn chromium_paths() -> Option<(PathBuf, PathBuf)> {
    let chromium = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
    let driver = std::env::var("CHROMEDRIVER").unwrap_or_else(|_| "/usr/bin/chromedriver".into());
    let (c, d) = (PathBuf::from(chromium), PathBuf::from(driver));
    (c.exists() && d.exists()).then_some((c, d))
}

/// One browser test session.
pub struct Session {
    /// The WebDriver client.
    pub client: Client,
    /// `http://127.0.0.1:PORT`.
    pub base: String,
    driver: Child,
    profile: PathBuf,
    server: Option<tokio::task::JoinHandle<()>>,
    _turn: Option<StdListener>,
}

fn free_port() -> u16 {
    StdListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// Chromium and chromedriver, or None after saying why the test is skipped.
fn browser_or_skip() -> Option<(PathBuf, PathBuf)> {
    let found = chromium_paths();
    if found.is_none() {
        assert!(
            std::env::var_os("TENGEN_REQUIRE_BROWSER").is_none(),
            "TENGEN_REQUIRE_BROWSER is set but Chromium or chromedriver is not installed"
        );
        eprintln!("SKIPPED: Chromium or chromedriver is not installed (see docs/WEB.md)");
    }
    found
}

/// Starts the server, chromedriver and Chromium; None (after printing why) when the browser
/// is not installed.
pub async fn start() -> Option<Session> {
    let (chromium, driver_path) = browser_or_skip()?;
    let turn = browser_turn().await;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let server = tokio::spawn(async move {
        axum::serve(listener, tengen_server::app()).await.unwrap();
    });
    Some(launch(&chromium, &driver_path, base, Some(server), turn).await)
}

/// Chromium sessions (each with its own chromedriver and fresh profile) on a server the caller
/// started at `base`, e.g. two players of an online table; None when the browser is not
/// installed. The first session holds the machine-wide browser turn for all of them.
pub async fn browsers_on(base: &str, count: usize) -> Option<Vec<Session>> {
    let (chromium, driver_path) = browser_or_skip()?;
    let mut turn = browser_turn().await;
    let mut sessions = Vec::with_capacity(count);
    for _ in 0..count {
        sessions.push(launch(&chromium, &driver_path, base.to_string(), None, turn.take()).await);
    }
    Some(sessions)
}

async fn launch(
    chromium: &std::path::Path,
    driver_path: &std::path::Path,
    base: String,
    server: Option<tokio::task::JoinHandle<()>>,
    turn: Option<StdListener>,
) -> Session {
    let port = free_port();
    let driver = Command::new(driver_path)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    let profile =
        std::env::temp_dir().join(format!("tengen-chromium-{}-{}", std::process::id(), port));
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        json!({
            "binary": chromium,
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--window-size=1280,900",
                format!("--user-data-dir={}", profile.display()),
            ],
        }),
    );
    let url = format!("http://127.0.0.1:{port}");
    let deadline = Instant::now() + Duration::from_secs(20);
    let client = loop {
        match ClientBuilder::native()
            .capabilities(caps.clone())
            .connect(&url)
            .await
        {
            Ok(c) => break c,
            Err(e) if Instant::now() < deadline => {
                let _ = e;
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            Err(e) => panic!("cannot start Chromium through chromedriver: {e}"),
        }
    };
    Session {
        client,
        base,
        driver,
        profile,
        server,
        _turn: turn,
    }
}

impl Session {
    /// Closes the browser and stops chromedriver and the server.
    pub async fn close(mut self) {
        let _ = self.client.clone().close().await;
        self.cleanup();
    }

    fn cleanup(&mut self) {
        let _ = self.driver.kill();
        let _ = self.driver.wait();
        if let Some(server) = &self.server {
            server.abort();
        }
        let _ = std::fs::remove_dir_all(&self.profile);
    }

    /// Opens a page of the app (`#/local` ...).
    pub async fn open(&self, hash: &str) {
        self.client
            .goto(&format!("{}/{hash}", self.base))
            .await
            .expect("page opens");
    }

    /// Waits for a CSS selector to appear.
    pub async fn find(&self, css: &str) -> Element {
        self.client
            .wait()
            .at_most(Duration::from_secs(10))
            .for_element(Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("{css} never appeared: {e}"))
    }

    /// Runs JavaScript and returns its JSON value.
    pub async fn js(&self, script: &str) -> serde_json::Value {
        self.client
            .execute(script, vec![])
            .await
            .unwrap_or_else(|e| panic!("script failed: {e}\n{script}"))
    }

    /// Waits until a JavaScript expression is truthy.
    pub async fn wait_for(&self, expr: &str) {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let v = self.js(&format!("return !!({expr});")).await;
            if v == json!(true) {
                return;
            }
            if Instant::now() > deadline {
                let status = self.text("#status").await;
                let message = self.text("#message").await;
                panic!("timed out waiting for {expr}; status: {status}; message: {message}");
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// The text of an element (empty if missing).
    pub async fn text(&self, css: &str) -> String {
        let script = format!(
            "const e = document.querySelector({}); return e ? e.textContent : '';",
            json!(css)
        );
        self.js(&script)
            .await
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    /// Clicks an element.
    pub async fn click(&self, css: &str) {
        self.find(css)
            .await
            .click()
            .await
            .unwrap_or_else(|e| panic!("click {css}: {e}"));
    }

    /// The stone at a point: "black", "white" or "" (from the rendered view).
    pub async fn stone(&self, point: &str) -> String {
        let script = format!(
            "const c = document.getElementById('pt-{point}'); return c ? c.getAttribute('aria-label') : '';"
        );
        let label = self
            .js(&script)
            .await
            .as_str()
            .unwrap_or_default()
            .to_string();
        if label.contains("black stone") {
            "black".into()
        } else if label.contains("white stone") {
            "white".into()
        } else {
            String::new()
        }
    }

    /// Clicks the intersection `point` and waits until the record has grown by one action.
    pub async fn play(&self, point: &str) {
        let before = self.actions().await;
        self.click(&format!("#pt-{point}")).await;
        self.wait_for(&format!(
            "window.__tengen && window.__tengen.actions() > {before}"
        ))
        .await;
    }

    /// The number of actions in the current round's record.
    pub async fn actions(&self) -> u64 {
        self.js("return window.__tengen ? window.__tengen.actions() : 0;")
            .await
            .as_u64()
            .unwrap_or(0)
    }

    /// The current game phase.
    pub async fn phase(&self) -> String {
        self.js("return window.__tengen ? window.__tengen.phase() : '';")
            .await
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    /// Waits for the app to have a round loaded (and not be busy).
    pub async fn ready(&self) {
        self.wait_for("window.__tengen && window.__tengen.ready()")
            .await;
    }

    /// Clicks a button that changes the record and waits for it to change.
    pub async fn act(&self, css: &str) {
        let before = self.actions().await;
        self.click(css).await;
        self.wait_for(&format!(
            "window.__tengen.actions() !== {before} && window.__tengen.ready()"
        ))
        .await;
    }

    /// Saves a screenshot under /tmp/shots/.
    pub async fn screenshot(&self, name: &str) {
        let png = self.client.screenshot().await.expect("screenshot");
        let dir = PathBuf::from("/tmp/shots");
        let _ = std::fs::create_dir_all(&dir);
        let _ = std::fs::write(dir.join(format!("{name}.png")), png);
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        self.cleanup();
    }
}

/// The port whose listener is the machine-wide turn of the browser tests.
const TURN_PORT: u16 = 47_931;

/// Waits for this process's turn to drive a browser: two Chromiums at once on a 2-core machine
/// only slow both down. Binding a fixed local port succeeds for one listener at a time, across
/// threads and processes (nextest runs each test in its own), and the kernel releases it when
/// the holder ends, even by a crash. After five minutes the test goes ahead without a turn.
async fn browser_turn() -> Option<StdListener> {
    let deadline = Instant::now() + Duration::from_secs(300);
    loop {
        match StdListener::bind(("127.0.0.1", TURN_PORT)) {
            Ok(listener) => return Some(listener),
            Err(_) if Instant::now() < deadline => {
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            Err(_) => return None,
        }
    }
}

/// Where axe-core's browser build is: `TENGEN_AXE`, else `target/axe-core/` of the workspace,
/// where `scripts/test` installs it (`npm install --prefix target/axe-core axe-core@4`).
pub fn axe_path() -> PathBuf {
    if let Some(path) = std::env::var_os("TENGEN_AXE") {
        return PathBuf::from(path);
    }
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../target/axe-core/node_modules/axe-core/axe.min.js")
}

/// axe-core's source, or None (after printing why) where it is not installed; a test run that
/// requires the browser tests (`TENGEN_REQUIRE_BROWSER`) requires it too.
pub fn axe_source() -> Option<String> {
    let path = axe_path();
    match std::fs::read_to_string(&path) {
        Ok(source) => Some(source),
        Err(e) => {
            assert!(
                std::env::var_os("TENGEN_REQUIRE_BROWSER").is_none(),
                "TENGEN_REQUIRE_BROWSER is set but axe-core is missing at {} ({e}); run \
                 `npm install --prefix target/axe-core axe-core@4` (scripts/test does)",
                path.display()
            );
            eprintln!("SKIPPED: axe-core is not installed at {}", path.display());
            None
        }
    }
}

impl Session {
    /// Runs axe-core on the page as it is (injecting it first if the page has not got it) and
    /// returns its violations, each as "rule (impact): help — up to 5 targets".
    pub async fn axe(&self, source: &str) -> Vec<String> {
        // WebDriver scripts run outside the page's Content-Security-Policy; the source's
        // top-level `axe` would be local to the script's function, so it is kept on window.
        let loaded = self.js("return typeof window.axe === 'object';").await;
        if loaded != json!(true) {
            self.js(&format!(
                "{source}\n;window.axe = typeof axe === 'object' ? axe : window.axe; return true;"
            ))
            .await;
        }
        let script = "const done = arguments[arguments.length - 1]; \
            window.axe.run(document, { resultTypes: ['violations'] }) \
              .then((r) => done({ passed: r.passes.length, violations: r.violations.map((v) => \
                 `${v.id} (${v.impact}): ${v.help} — ` + \
                 v.nodes.slice(0, 5).map((n) => n.target.join(' ')).join(', ')) })) \
              .catch((e) => done({ passed: 0, violations: ['axe failed: ' + e] }));";
        let value = self
            .client
            .execute_async(script, vec![])
            .await
            .unwrap_or_else(|e| panic!("axe run failed: {e}"));
        // A run that checked nothing would find nothing: make sure rules really ran.
        assert!(
            value["passed"].as_u64().unwrap_or(0) > 10,
            "axe-core checked too little: {value}"
        );
        value["violations"]
            .as_array()
            .map(|a| {
                a.iter()
                    .map(|v| v.as_str().unwrap_or_default().to_string())
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Stores a round for `mode` ('local' | 'computer') as the app saves it, so a test can
    /// start from any position; open the mode's page afterwards.
    pub async fn save_round(&self, mode: &str, record: &serde_json::Value) {
        let data = json!({"v": 1, "record": record});
        self.js(&format!(
            "localStorage.setItem('tengen.round.{mode}', JSON.stringify({data})); return true;"
        ))
        .await;
    }

    /// Makes the page's viewport `width` × `height` CSS px (the window's size less the
    /// browser's own frame), as on a phone of that screen.
    pub async fn set_viewport(&self, width: u32, height: u32) {
        self.client.set_window_size(width, height).await.unwrap();
        let inner = self
            .js("return [window.innerWidth, window.innerHeight];")
            .await;
        let frame =
            |i: usize, want: u32| want.saturating_sub(inner[i].as_u64().unwrap_or(0) as u32);
        let (dw, dh) = (frame(0, width), frame(1, height));
        if dw > 0 || dh > 0 {
            self.client
                .set_window_size(width + dw, height + dh)
                .await
                .unwrap();
        }
    }

    /// Sets the theme the header button would ('light' | 'dark' | 'auto').
    pub async fn theme(&self, theme: &str) {
        self.js(&format!(
            "if ('{theme}' === 'auto') delete document.documentElement.dataset.theme; \
             else document.documentElement.dataset.theme = '{theme}'; return true;"
        ))
        .await;
    }
}

/// A 9x9 Same device round in score review: Black's wall on column D, White's on column F, a
/// White stone at B5 inside Black's area and a Black one at H5 inside White's, both marked
/// dead. With `confirmed`, both colors have confirmed: the game is finished, White wins by
/// 7.5 (36 to 36 plus komi).
pub fn walls_record(confirmed: bool) -> serde_json::Value {
    let mut actions = Vec::new();
    for row in 1..=9 {
        actions.push(json!({"place": format!("D{row}")}));
        actions.push(json!({"place": format!("F{row}")}));
    }
    actions.push(json!({"place": "H5"}));
    actions.push(json!({"place": "B5"}));
    actions.push(json!({"pass": {}}));
    actions.push(json!({"pass": {}}));
    actions.push(json!({"set_dead": ["B5", "H5"]}));
    if confirmed {
        actions.push(json!({"confirm": "black"}));
        actions.push(json!({"confirm": "white"}));
    }
    json!({
        "rules": {"variant": "go", "size": 9, "komi": 7.5, "ko": "superko", "scoring": "area",
                  "review": "shared"},
        "players": {"black": "Player 1", "white": "Player 2"},
        "actions": actions,
    })
}

/// A server with online tables over a fresh SQLite file: `(base URL, its task)`.
pub async fn table_server() -> (String, tokio::task::JoinHandle<()>) {
    let dir = std::env::temp_dir().join(format!(
        "tengen-browser-online-{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let url = format!("sqlite://{}", dir.join("tables.db").display());
    let store = tengen_server::store::Store::connect(&url)
        .await
        .expect("the test database opens");
    let state = std::sync::Arc::new(tengen_server::AppState::with_store(store));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let app = tengen_server::app_with(state);
    let task = tokio::spawn(async move {
        axum::serve(
            listener,
            app.into_make_service_with_connect_info::<std::net::SocketAddr>(),
        )
        .await
        .unwrap();
    });
    (base, task)
}
