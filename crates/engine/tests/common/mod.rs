//! Helpers shared by the engine's integration tests.

#![allow(dead_code)]

use tengen_engine::{Clock, Engine, EngineConfig, SearchInfo};
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

/// White to move and lost either way (komi 0.5): with E7 White joins its eleven stones E2–F6
/// to the wall on the eighth line and loses by 18.5; anywhere else Black plays E7 and the
/// eleven stones, with one liberty left at E1, die: White loses by 44.5. (The win rate alone
/// finds E7 here too, from the few playouts White wins; `score_term.rs` keeps the score term
/// from ever steering away from it.) `behind.rs` uses it as a lost game.
///
/// ```text
///   A B C D E F G H J
/// 9 . . . . . . . . .
/// 8 O O O O O O O O O
/// 7 X X X X . X X X X
/// 6 . . . X O O X . .
/// 5 . . . X O O X . .
/// 4 . . . X O O X . .
/// 3 . . . X O O X X .
/// 2 . . . X O O X . .
/// 1 . . . X . O X . .
/// ```
pub const LOST_WITH_A_BIG_CHAIN_IN_ATARI: [&str; 9] = [
    ".........",
    "OOOOOOOOO",
    "XXXX.XXXX",
    "...XOOX..",
    "...XOOX..",
    "...XOOX..",
    "...XOOXX.",
    "...XOOX..",
    "...X.OX..",
];

/// The engine's first search (seed 5), Black to move on an empty board of `size` at `komi`.
pub fn first_search(size: u8, komi: f64, config: EngineConfig, clock: Option<Clock>) -> SearchInfo {
    let rules = Rules {
        komi: Komi::from_points(komi).unwrap(),
        ..Rules::chinese(size)
    };
    let game = Game::new(rules).unwrap();
    let mut engine = Engine::new(config).with_seed(5);
    engine.genmove(&game, Color::Black, clock);
    engine.last_search().expect("a search ran")
}
