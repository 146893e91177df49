//! Shows a TimeGo position and what the TimeGo player thinks of it: the board, the order,
//! every time move that changes the board (for both players) and the search's root actions.
//!
//! `cargo run --release -p tengen-engine --example timego_analyse -- SIZE PLAYOUTS ACTION...`
//! with actions `D4`, `pass`, `lock`, `time D4 3` (one argument each, quoted); komi from the
//! `KOMI` environment variable (7.5 by default).

use tengen_engine::timego::TimeEngine;
use tengen_engine::EngineConfig;
use tengen_rules::timego::BoardAfter;
use tengen_rules::{Action, Color, Point, Rules, TimeGame};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let size: u8 = args[1].parse().expect("SIZE");
    let playouts: u32 = args[2].parse().expect("PLAYOUTS");
    let komi: f64 = std::env::var("KOMI").map_or(7.5, |k| k.parse().expect("KOMI"));
    let rules = Rules::timego(size).with_komi(tengen_rules::Komi::from_points(komi).unwrap());
    let mut g = TimeGame::new(rules).unwrap();
    for a in &args[3..] {
        let w: Vec<&str> = a.split_whitespace().collect();
        let action = match w.as_slice() {
            ["pass"] => Action::pass(),
            ["lock"] => Action::Lock {},
            ["time", s, t] => Action::Time {
                stone: Point::parse_gtp(s).unwrap(),
                to: t.parse().unwrap(),
            },
            [p] => Action::place(Point::parse_gtp(p).unwrap()),
            _ => panic!("bad action {a}"),
        };
        if let Err(e) = g.apply(&action) {
            panic!("{a}: {e}");
        }
    }
    for row in g.board().rows() {
        println!("  {row}");
    }
    let order: Vec<String> = g
        .order()
        .iter()
        .enumerate()
        .map(|(k, x)| {
            format!(
                "{k}:{}{}",
                if x.color == Color::Black { "B" } else { "W" },
                x.point
            )
        })
        .collect();
    println!("order (boundary {}): {}", g.boundary(), order.join(" "));
    println!("{} to move; count now: {}", g.to_move(), g.score().result);
    for color in [Color::Black, Color::White] {
        let count = |c: Color| g.board().stone_count(c) as i32;
        let before = [count(Color::Black), count(Color::White)];
        for e in g.time_move_effects_of(color) {
            if let BoardAfter::Changed { stones, .. } = e.after {
                let gain = (stones[color.index()] as i32 - before[color.index()])
                    - (stones[color.opponent().index()] as i32 - before[color.opponent().index()]);
                println!(
                    "  {color} time {} {} -> {}: gain {gain}, cancels {}",
                    e.stone,
                    e.from,
                    e.to,
                    e.cancels.len()
                );
            }
        }
    }
    if playouts > 0 {
        let mut e = TimeEngine::new(EngineConfig {
            playouts: Some(playouts),
            ..EngineConfig::default()
        });
        let mv = e.genmove(&g, None);
        println!("choice: {mv:?}");
        for r in e.last_root().iter().take(10) {
            println!(
                "  {:?} visits {} winrate {:.3} prior {:.2}",
                r.action, r.visits, r.winrate, r.prior
            );
        }
    }
}
