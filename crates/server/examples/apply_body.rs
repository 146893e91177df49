//! Writes the body of a `POST /api/apply` benchmark request: a 19x19 record of `N` (default
//! 250) legal moves, chosen by a fixed pseudo-random sequence, and one more legal placement.
//! `cargo run --release -p tengen-server --example apply_body -- 250 > /tmp/apply.json`

use tengen_rules::{Action, Game, Point, Record, Rules};

fn main() {
    let moves: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(250);
    let mut record = Record::new(Rules::same_device(19));
    let mut game = Game::new(record.rules).expect("19x19 is a valid size");
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut pick = |game: &Game| -> Option<Point> {
        let legal: Vec<Point> = game
            .board()
            .points()
            .filter(|&p| game.is_legal(p))
            .collect();
        (!legal.is_empty()).then(|| legal[(next() % legal.len() as u64) as usize])
    };
    while record.actions.len() < moves {
        let p = pick(&game).expect("a legal point on a 19x19 board in 250 moves");
        game.place(p).expect("picked among legal points");
        record.actions.push(Action::Place(p));
    }
    let action = Action::Place(pick(&game).expect("a legal point"));
    let body = serde_json::json!({ "record": record, "action": action });
    println!("{body}");
}
