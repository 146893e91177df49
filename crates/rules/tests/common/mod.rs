//! Helpers shared by the rule tests: diagrams and move lists.
#![allow(dead_code)]

use tengen_rules::{Board, Color, Game, Point, Rules};

/// A point from a GTP vertex.
pub fn pt(s: &str) -> Point {
    s.parse().unwrap_or_else(|e| panic!("bad vertex {s}: {e}"))
}

/// A board from rows of text, top row first: `X` black, `O` white, `.` empty; spaces ignored.
pub fn diagram(rows: &[&str]) -> Board {
    let size = rows.len() as u8;
    let mut stones = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let cells: Vec<char> = row.chars().filter(|c| !c.is_whitespace()).collect();
        assert_eq!(cells.len(), rows.len(), "row {i} is not {size} wide");
        for (col, c) in cells.into_iter().enumerate() {
            let p = Point::new(col as u8, size - 1 - i as u8);
            match c {
                'X' => stones.push((p, Color::Black)),
                'O' => stones.push((p, Color::White)),
                '.' => {}
                other => panic!("unexpected {other} in diagram"),
            }
        }
    }
    let board = Board::from_stones(size, stones.iter().copied()).unwrap();
    assert_eq!(
        board.stones().count(),
        stones.len(),
        "diagram holds a dead chain"
    );
    board
}

/// A game from a diagram with `to_move` to play.
pub fn game_from(rules: Rules, rows: &[&str], to_move: Color) -> Game {
    Game::with_setup(
        Rules {
            size: rows.len() as u8,
            ..rules
        },
        diagram(rows),
        to_move,
    )
    .unwrap()
}

/// Plays placements (`"D4"`) and passes (`"pass"`) in turn, panicking on an illegal one.
pub fn play(game: &mut Game, moves: &[&str]) {
    for m in moves {
        if *m == "pass" {
            game.pass().unwrap();
        } else {
            game.place(pt(m)).unwrap_or_else(|e| panic!("{m}: {e}"));
        }
    }
}

/// A finished 9x9 position: Black owns the right, White the left; White H6 is dead inside
/// Black's area.
pub const SPLIT: [&str; 9] = [
    "...OX....",
    "...OX....",
    "...OX....",
    "...OX..O.",
    "...OX....",
    "...OX....",
    "...OX....",
    "...OX....",
    "...OX....",
];
