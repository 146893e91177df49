//! Playout speed: playouts per second on one thread, 9×9 and 19×19: light, heavy (with the
//! whole-board liberty scan) and heavy-local (the search's shipped policy).
//!
//! `cargo run --release -p tengen-engine --example bench [seconds-per-case]`

use std::time::{Duration, Instant};
use tengen_engine::board::PlayoutBoard;
use tengen_engine::policy::{playout, Policy};
use tengen_engine::rng::FastRng;

fn rate(size: u8, policy: Policy, secs: f64) -> (f64, f64) {
    let empty = PlayoutBoard::new(size);
    let mut b = empty.clone();
    let mut rng = FastRng::new(42);
    let mut moves = Vec::with_capacity(size as usize * size as usize * 3);
    let start = Instant::now();
    let mut n = 0u64;
    let mut total_moves = 0u64;
    while start.elapsed() < Duration::from_secs_f64(secs) {
        for _ in 0..100 {
            b.copy_from(&empty);
            playout(&mut b, &mut rng, policy, &mut moves);
            total_moves += moves.len() as u64;
            n += 1;
        }
    }
    let s = start.elapsed().as_secs_f64();
    (n as f64 / s, total_moves as f64 / n as f64)
}

fn main() {
    let secs: f64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(3.0);
    let only: Option<String> = std::env::args().nth(2);
    println!("| board | policy | playouts/s (1 thread) | moves/playout |");
    println!("|---|---|---|---|");
    for size in [9u8, 19] {
        for policy in [
            Policy::Light,
            Policy::Heavy,
            Policy::HeavyLocal,
            Policy::HeavyWeighted,
            Policy::HeavyBalanced,
        ] {
            if only
                .as_ref()
                .is_some_and(|o| *o != format!("{size}{policy:?}"))
            {
                continue;
            }
            let (r, m) = rate(size, policy, secs);
            println!("| {size}x{size} | {policy:?} | {r:.0} | {m:.0} |");
        }
    }
}
