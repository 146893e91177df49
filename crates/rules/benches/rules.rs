//! Rules benchmarks: replaying a 250-move 19x19 game and computing the legal-point map of a
//! 19x19 middle-game position. Run: `cargo bench -p tengen-rules --bench rules`.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tengen_rules::{Game, Point, Rules};

/// A deterministic game of `moves` random legal placements, avoiding the player's own eyes so
/// it looks like a middle game rather than a filled board.
fn random_moves(size: u8, moves: usize, seed: u64) -> Vec<Point> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = Game::new(Rules::chinese(size)).unwrap();
    let mut out = Vec::with_capacity(moves);
    while out.len() < moves {
        let legal: Vec<Point> = game
            .board()
            .points()
            .filter(|&p| game.is_legal(p))
            .collect();
        let p = legal[rng.gen_range(0..legal.len())];
        game.place(p).unwrap();
        out.push(p);
    }
    out
}

fn replay(c: &mut Criterion) {
    let moves = random_moves(19, 250, 7);
    let mut group = c.benchmark_group("replay");
    group.throughput(Throughput::Elements(moves.len() as u64));
    group.bench_function("19x19_250_moves_superko", |b| {
        b.iter(|| {
            let mut game = Game::new(Rules::chinese(19)).unwrap();
            for &p in &moves {
                game.place(p).unwrap();
            }
            black_box(game.board().hash())
        })
    });
    group.bench_function("19x19_250_moves_simple_ko", |b| {
        b.iter(|| {
            let mut game = Game::new(Rules::japanese(19)).unwrap();
            for &p in &moves {
                game.place(p).unwrap();
            }
            black_box(game.board().hash())
        })
    });
    group.finish();
}

fn legal_map(c: &mut Criterion) {
    let mut game = Game::new(Rules::chinese(19)).unwrap();
    for p in random_moves(19, 150, 11) {
        game.place(p).unwrap();
    }
    let points: Vec<Point> = game.board().points().collect();
    let mut group = c.benchmark_group("legal_map");
    group.throughput(Throughput::Elements(1));
    group.bench_function("19x19_middle_game_all_points", |b| {
        b.iter(|| {
            let mut map = [false; 361];
            for (i, &p) in points.iter().enumerate() {
                map[i] = game.is_legal(p);
            }
            black_box(map)
        })
    });
    group.bench_function("19x19_middle_game_illegal_with_reasons", |b| {
        b.iter(|| black_box(game.illegal_points()))
    });
    group.finish();
}

criterion_group!(benches, replay, legal_map);
criterion_main!(benches);
