//! What the playout diagnostics (`playout_probe`, `playout_accuracy`) share: a position written
//! as rows, and the policy named on the command line.

use tengen_engine::policy::Policy;
use tengen_rules::{Board, Color, Point};

/// A board from rows, top row first, separated by commas: `X` black, `O` white, anything else
/// empty.
pub fn board_from_rows(rows: &str) -> Result<Board, String> {
    let rows: Vec<&str> = rows.split(',').collect();
    let size = rows.len() as u8;
    let mut stones = Vec::new();
    for (k, row) in rows.iter().enumerate() {
        let r = size - 1 - k as u8;
        for (c, ch) in row.chars().enumerate() {
            match ch {
                'X' => stones.push((Point::new(c as u8, r), Color::Black)),
                'O' => stones.push((Point::new(c as u8, r), Color::White)),
                _ => {}
            }
        }
    }
    Board::from_stones(size, stones).map_err(|e| e.to_string())
}

/// The playout policy named `local` (the search's up to 11×11, the default) or `heavy` (with
/// the whole-board scan).
pub fn policy_named(name: Option<&str>) -> Result<Policy, String> {
    match name {
        None | Some("local") => Ok(Policy::HeavyLocal),
        Some("heavy") => Ok(Policy::Heavy),
        Some(other) => Err(format!("unknown policy {other}: local or heavy")),
    }
}
