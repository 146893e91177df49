//! Page weight and time to first board of the Same device page, in headless Chromium with a
//! fresh profile (nothing cached), against the server built in this profile (use `--release`
//! for the embedded assets): `cargo run --release -p tengen-server --example first_load -- 5`.
//!
//! Page weight is the compressed transfer size of every response of the first load (HTML,
//! CSS, JS, icon), from the browser's Resource Timing; the API call that evaluates the round is
//! reported apart. Time to first board is `performance.mark('first-board')`, set by the client
//! when the board is first drawn, measured from navigation start.

#[path = "../tests/browser/common.rs"]
mod common;

use serde_json::Value;

#[tokio::main]
async fn main() {
    let runs: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(5);
    let mut times = Vec::new();
    let mut last: Value = Value::Null;
    for _ in 0..runs {
        let Some(s) = common::start().await else {
            return;
        };
        s.open("#/local").await;
        s.wait_for("performance.getEntriesByName('first-board').length > 0")
            .await;
        let m = s
            .js(r#"
                const nav = performance.getEntriesByType('navigation')[0];
                const res = performance.getEntriesByType('resource');
                const assets = res.filter((r) => !r.name.includes('/api/'));
                const api = res.filter((r) => r.name.includes('/api/'));
                const sum = (xs, k) => xs.reduce((a, r) => a + r[k], 0);
                return {
                  first_board_ms: performance.getEntriesByName('first-board')[0].startTime,
                  html_ms: nav.responseEnd,
                  dom_ready_ms: nav.domContentLoadedEventEnd,
                  api_ms: api.map((r) => [Math.round(r.startTime), Math.round(r.responseEnd)]),
                  files: 1 + assets.length,
                  transfer_bytes: nav.transferSize + sum(assets, 'transferSize'),
                  encoded_body_bytes: nav.encodedBodySize + sum(assets, 'encodedBodySize'),
                  decoded_body_bytes: nav.decodedBodySize + sum(assets, 'decodedBodySize'),
                  api_transfer_bytes: sum(api, 'transferSize'),
                  per_file: [[nav.name, nav.transferSize]].concat(assets.map((r) => [r.name.replace(location.origin, ''), r.transferSize])),
                };
            "#)
            .await;
        times.push(m["first_board_ms"].as_f64().unwrap_or(f64::NAN));
        last = m;
        s.close().await;
    }
    times.sort_by(|a, b| a.total_cmp(b));
    println!("first load of /#/local, {runs} runs, fresh profile each:");
    println!(
        "  time to first board: median {:.0} ms (min {:.0}, max {:.0})",
        times[times.len() / 2],
        times[0],
        times[times.len() - 1]
    );
    println!(
        "  page weight: {} files, {} bytes transferred (compressed bodies {} bytes, {} bytes uncompressed)",
        last["files"], last["transfer_bytes"], last["encoded_body_bytes"], last["decoded_body_bytes"]
    );
    println!(
        "  API calls during load: {} bytes",
        last["api_transfer_bytes"]
    );
    println!(
        "  last run: HTML received {:.0} ms, DOMContentLoaded {:.0} ms, API calls (start, end) {}",
        last["html_ms"].as_f64().unwrap_or(0.0),
        last["dom_ready_ms"].as_f64().unwrap_or(0.0),
        last["api_ms"]
    );
    if let Some(files) = last["per_file"].as_array() {
        for f in files {
            println!("    {:>6}  {}", f[1], f[0].as_str().unwrap_or(""));
        }
    }
}
