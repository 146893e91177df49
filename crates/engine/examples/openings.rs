//! Balanced two-move openings for matches: every first move of Black on the third line or
//! higher and every reply of White on the third line or higher, one per symmetry class, each
//! judged by a search for Black's third move; those whose win rate for Black lies within the
//! window are printed, one opening a line (`E5 C3  0.512`), for `bench/engine/match_gnugo.py
//! --openings`.
//!
//! `cargo run --release -p tengen-engine --example openings -- [size] [playouts] [low] [high]`
//! (defaults: 9, 20000, 0.40, 0.60).

use std::collections::BTreeSet;
use tengen_engine::{Engine, EngineConfig};
use tengen_rules::{Color, Game, Komi, Point, Rules};

/// The eight symmetries of the square board applied to `p`.
fn symmetries(p: Point, size: u8) -> [Point; 8] {
    let n = size - 1;
    let (c, r) = (p.col, p.row);
    [
        (c, r),
        (n - c, r),
        (c, n - r),
        (n - c, n - r),
        (r, c),
        (n - r, c),
        (r, n - c),
        (n - r, n - c),
    ]
    .map(|(c, r)| Point::new(c, r))
}

/// The canonical form of a pair of points under the symmetries of the board.
fn canonical(a: Point, b: Point, size: u8) -> (u8, u8, u8, u8) {
    let sa = symmetries(a, size);
    let sb = symmetries(b, size);
    (0..8)
        .map(|k| (sa[k].col, sa[k].row, sb[k].col, sb[k].row))
        .min()
        .expect("eight symmetries")
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, default: &str| args.get(i).cloned().unwrap_or(default.to_string());
    let size: u8 = arg(0, "9").parse().expect("size");
    let playouts: u32 = arg(1, "20000").parse().expect("playouts");
    let low: f32 = arg(2, "0.40").parse().expect("low");
    let high: f32 = arg(3, "0.60").parse().expect("high");
    let rules = Rules::chinese(size).with_komi(Komi::from_points(7.5).expect("komi"));
    let third_line = |p: Point| {
        let n = size - 1;
        p.col >= 2 && p.row >= 2 && p.col <= n - 2 && p.row <= n - 2
    };
    let mut seen = BTreeSet::new();
    let mut kept = 0;
    let mut judged = 0;
    for bc in 0..size {
        for br in 0..size {
            let b = Point::new(bc, br);
            // One first move per symmetry class: the canonical corner triangle.
            if !third_line(b)
                || symmetries(b, size)
                    .iter()
                    .any(|q| (q.col, q.row) < (bc, br))
            {
                continue;
            }
            for wc in 0..size {
                for wr in 0..size {
                    let w = Point::new(wc, wr);
                    if w == b || !third_line(w) || !seen.insert(canonical(b, w, size)) {
                        continue;
                    }
                    let mut game = Game::new(rules).expect("size");
                    game.place(b).expect("empty board");
                    game.place(w).expect("empty point");
                    let mut engine = Engine::new(EngineConfig {
                        playouts: Some(playouts),
                        threads: 1,
                        ..EngineConfig::default()
                    })
                    .with_seed(judged);
                    engine.genmove(&game, Color::Black, None);
                    judged += 1;
                    let winrate = engine.last_search().map_or(0.5, |s| s.winrate);
                    let line = format!("{} {}  {winrate:.3}", b.to_gtp(), w.to_gtp());
                    if (low..=high).contains(&winrate) {
                        kept += 1;
                        println!("{line}");
                    } else {
                        eprintln!("# outside the window: {line}");
                    }
                }
            }
        }
    }
    eprintln!("# {kept} of {judged} openings within {low}..={high} for Black after two moves");
}
