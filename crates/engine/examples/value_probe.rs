//! The learned evaluation (module `value`) on the positions of SGF games: for each position,
//! the side to move's chance of winning as the shipped network gives it, and at the end how
//! many positions a second it values (docs/ENGINE.md, "Learned evaluation").
//!
//! `cargo run --release -p tengen-engine --example value_probe -- target/p9s45t12/game-9-4250.sgf`

use std::time::Instant;

use tengen_engine::board::BLACK;
use tengen_engine::value::ValueNet;

#[path = "common/games.rs"]
mod games;

fn main() {
    let net = ValueNet::shipped();
    let mut positions = Vec::new();
    games::for_each_position(std::env::args().skip(1), |path, k, board| {
        let side = if board.to_move() == BLACK { "b" } else { "w" };
        // Valued as the engine sees its own moves: the side to move is the engine.
        let me = board.to_move();
        if let Some(v) = net.win_chance(board, me) {
            println!("{path}\t{k}\t{side}\t{v:.3}");
        }
        positions.push(board.clone());
    });
    let start = Instant::now();
    let mut valued = 0u32;
    for _ in 0..5 {
        for b in &mut positions {
            let me = b.to_move();
            valued += u32::from(net.win_chance(b, me).is_some());
        }
    }
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "{valued} positions valued in {secs:.3} s: {:.0} a second",
        f64::from(valued) / secs
    );
}
