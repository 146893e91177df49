//! Helpers shared by the engine's integration tests.

#![allow(dead_code)]

use tengen_rules::{Board, Color, Game, Komi, Point, Rules};

/// A game from rows drawn top row first: `X` Black, `O` White, anything else empty.
pub fn position(rows: &[&str], to_move: Color, komi: f64) -> Game {
    let size = rows.len() as u8;
    let mut stones = Vec::new();
    for (k, row) in rows.iter().enumerate() {
        let r = size - 1 - k as u8;
        for (c, ch) in row.chars().filter(|c| !c.is_whitespace()).enumerate() {
            match ch {
                'X' => stones.push((Point::new(c as u8, r), Color::Black)),
                'O' => stones.push((Point::new(c as u8, r), Color::White)),
                _ => {}
            }
        }
    }
    let board = Board::from_stones(size, stones).unwrap();
    let rules = Rules::chinese(size).with_komi(Komi::from_points(komi).unwrap());
    Game::with_setup(rules, board, to_move).unwrap()
}

/// A point from a GTP vertex.
pub fn pt(s: &str) -> Point {
    Point::parse_gtp(s).unwrap()
}
