//! Criterion benchmarks: one valuation (win chance and move chances, one pass through the
//! convolutions) of a 9×9 middle-game position by each network the engine carries.
//! `cargo bench -p tengen-engine --bench valuation`; docs/ENGINE.md, "The wide network near the root".

use criterion::{criterion_group, criterion_main, Criterion};
use tengen_engine::board::{PlayoutBoard, BLACK, EMPTY};
use tengen_engine::value::ValueNet;

/// A 9×9 position after 24 moves spread over the board (every seventh point from the corner).
fn middle_game() -> PlayoutBoard {
    let mut board = PlayoutBoard::new(9);
    let mut moves = 0;
    let mut flat = 0;
    while moves < 24 {
        flat = (flat + 7) % 81;
        let i = board.points().nth(flat).expect("a point on the board");
        if board.cell(i) == EMPTY && board.is_legal(i, board.to_move()) {
            board.play(i);
            moves += 1;
        }
    }
    board
}

fn valuation(c: &mut Criterion) {
    let mut group = c.benchmark_group("valuation");
    for (name, net) in [("shipped", ValueNet::shipped()), ("wide", ValueNet::wide())] {
        let mut board = middle_game();
        group.bench_function(name, |b| b.iter(|| net.evaluate(&mut board, BLACK)));
    }
    group.finish();
}

criterion_group!(benches, valuation);
criterion_main!(benches);
