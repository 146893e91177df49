//! What the engine's per-move decision costs in real games: `estimate::decide_within` (dead
//! stones, seki reading, count) with the reading budget `genmove` gives it after every search to
//! decide whether to pass (`MOVE_BUDGET`), and with the full estimate's (`ESTIMATE_BUDGET`),
//! timed on every position of the SGF games in the given folders (the ownership is left
//! neutral; the reading does not use it).
//!
//! `cargo run --release -p tengen-engine --example decide_cost -- target/p9 target/p19x`

use std::path::PathBuf;
use std::time::Instant;
use tengen_engine::estimate::{decide_within, ESTIMATE_BUDGET, MOVE_BUDGET};
use tengen_rules::sgf::from_sgf;

fn main() {
    let mut by_size: std::collections::BTreeMap<(u8, u32), Vec<f64>> = Default::default();
    for dir in std::env::args().skip(1).map(PathBuf::from) {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            eprintln!("cannot read {}", dir.display());
            continue;
        };
        for path in entries.filter_map(|e| e.ok().map(|e| e.path())) {
            if path.extension().is_none_or(|x| x != "sgf") {
                continue;
            }
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue;
            };
            let Ok(record) = from_sgf(&text) else {
                eprintln!("{}: not a readable SGF", path.display());
                continue;
            };
            let Ok(mut game) = record.start() else {
                continue;
            };
            let size = game.board().size();
            let area = size as usize * size as usize;
            for action in &record.actions {
                if game.apply(action).is_err() {
                    break;
                }
                for budget in [MOVE_BUDGET, ESTIMATE_BUDGET] {
                    let start = Instant::now();
                    let analysis = decide_within(&game, vec![0.0; area], budget);
                    by_size
                        .entry((size, budget))
                        .or_default()
                        .push(start.elapsed().as_secs_f64() * 1000.0);
                    std::hint::black_box(analysis);
                }
            }
        }
    }
    for ((size, budget), mut ms) in by_size {
        ms.sort_by(f64::total_cmp);
        let n = ms.len();
        let mean = ms.iter().sum::<f64>() / n.max(1) as f64;
        let at = |q: f64| ms[((n as f64 * q) as usize).min(n - 1)];
        println!(
            "{size}x{size}, reading budget {budget}: {n} positions, mean {mean:.2} ms, median {:.2}, 99th percentile {:.2}, max {:.2}",
            at(0.5),
            at(0.99),
            at(1.0)
        );
    }
}
