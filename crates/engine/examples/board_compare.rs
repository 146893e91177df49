//! Why the engine keeps its own playout board: light playouts per second on the rules crate's
//! `Board` (exact liberty bitsets, built for legality and hashing) against the engine's
//! `PlayoutBoard` (pseudo-liberties, a list of empty points), same policy, one thread.
//!
//! `cargo run --release -p tengen-engine --example board_compare [seconds-per-case]`

use std::time::{Duration, Instant};
use tengen_engine::board::PlayoutBoard;
use tengen_engine::policy::{playout, Policy};
use tengen_engine::rng::FastRng;
use tengen_rules::{Board, Color, Point};

/// A uniform light playout on the rules board: random legal points that do not fill the
/// player's own eye (every neighbour its own color), until two passes in a row.
fn rules_playout(board: &mut Board, rng: &mut FastRng, empty: &mut Vec<Point>) -> usize {
    let mut color = Color::Black;
    let mut passes = 0;
    let mut moves = 0;
    let limit = board.size() as usize * board.size() as usize * 3;
    while passes < 2 && moves < limit {
        let n = empty.len();
        let start = if n > 0 { rng.below(n) } else { 0 };
        let mut played = None;
        for k in 0..n {
            let i = (start + k) % n;
            let p = empty[i];
            if board.adjacent(p).all(|q| board.get(q) == Some(color)) {
                continue;
            }
            if board.probe(p, color).is_ok() {
                played = Some(i);
                break;
            }
        }
        match played {
            Some(i) => {
                let p = empty.swap_remove(i);
                let before: Vec<Point> = board
                    .adjacent(p)
                    .filter(|&q| board.get(q) == Some(color.opponent()) && board.liberties(q) == 1)
                    .flat_map(|q| board.chain(q))
                    .collect();
                board.play(p, color).expect("probed legal");
                for q in before {
                    if board.get(q).is_none() && !empty.contains(&q) {
                        empty.push(q);
                    }
                }
                passes = 0;
            }
            None => passes += 1,
        }
        moves += 1;
        color = color.opponent();
    }
    moves
}

fn rules_rate(size: u8, secs: f64) -> (f64, f64) {
    let start_board = Board::new(size).unwrap();
    let all: Vec<Point> = start_board.points().collect();
    let mut rng = FastRng::new(42);
    let start = Instant::now();
    let (mut n, mut total) = (0u64, 0u64);
    while start.elapsed() < Duration::from_secs_f64(secs) {
        for _ in 0..20 {
            let mut b = start_board.clone();
            let mut empty = all.clone();
            total += rules_playout(&mut b, &mut rng, &mut empty) as u64;
            n += 1;
        }
    }
    (
        n as f64 / start.elapsed().as_secs_f64(),
        total as f64 / n as f64,
    )
}

fn engine_rate(size: u8, secs: f64) -> (f64, f64) {
    let empty = PlayoutBoard::new(size);
    let mut b = empty.clone();
    let mut rng = FastRng::new(42);
    let mut moves = Vec::new();
    let start = Instant::now();
    let (mut n, mut total) = (0u64, 0u64);
    while start.elapsed() < Duration::from_secs_f64(secs) {
        for _ in 0..100 {
            b.copy_from(&empty);
            playout(&mut b, &mut rng, Policy::Light, &mut moves);
            total += moves.len() as u64;
            n += 1;
        }
    }
    (
        n as f64 / start.elapsed().as_secs_f64(),
        total as f64 / n as f64,
    )
}

fn main() {
    let secs: f64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(3.0);
    println!(
        "| board | rules Board playouts/s (moves) | PlayoutBoard playouts/s (moves) | ratio |"
    );
    println!("|---|---|---|---|");
    for size in [9u8, 19] {
        let (r, rm) = rules_rate(size, secs);
        let (e, em) = engine_rate(size, secs);
        println!(
            "| {size}x{size} | {r:.0} ({rm:.0}) | {e:.0} ({em:.0}) | {:.1}x |",
            e / r
        );
    }
}
