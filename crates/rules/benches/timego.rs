//! TimeGo benchmarks on 19x19 with a 300-placement order: one time move to the middle of the
//! order, the legal targets (with previews) of one stone, and every legal (stone, target) time
//! move of the side to move. Run: `cargo bench -p tengen-rules --bench timego`.

use criterion::{black_box, criterion_group, criterion_main, BatchSize, Criterion};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tengen_rules::{Action, Color, Point, Rules, TimeGame};

/// A game of `placements` random legal placements that avoid filling the player's own eyes,
/// so the board looks like a middle game rather than a filled one.
fn random_game(size: u8, placements: usize, seed: u64) -> TimeGame {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = TimeGame::new(Rules::timego(size)).unwrap();
    while game.order().len() < placements {
        let me = game.to_move();
        let candidates: Vec<Point> = game
            .board()
            .points()
            .filter(|&p| game.check_place(p).is_ok())
            .filter(|&p| {
                !game
                    .board()
                    .adjacent(p)
                    .all(|n| game.board().get(n) == Some(me))
            })
            .collect();
        let action = if candidates.is_empty() {
            Action::pass()
        } else {
            Action::place(candidates[rng.gen_range(0..candidates.len())])
        };
        game.apply(&action).unwrap();
    }
    game
}

/// The side to move's latest movable stone and the first legal target from the middle.
fn pick_time_move(game: &TimeGame) -> (Point, usize) {
    let middle = game.order().len() / 2;
    for (stone, _) in game.movable_stones().into_iter().rev() {
        if let Some(t) = game.legal_targets(stone).iter().find(|t| t.to >= middle) {
            return (stone, t.to);
        }
    }
    panic!("no time move to the middle");
}

fn timego(c: &mut Criterion) {
    let game = random_game(19, 300, 11);
    let (stone, to) = pick_time_move(&game);
    let index = game.placement_of(stone).unwrap();
    let moves = game.legal_time_moves();
    let total: usize = moves.iter().map(|s| s.len()).sum();
    let with_cancels: usize = moves
        .iter()
        .flat_map(|s| &s.targets)
        .filter(|t| !t.cancels.is_empty())
        .count();
    let candidates: usize = game
        .movable_stones()
        .iter()
        .map(|&(_, i)| i - game.boundary())
        .sum();
    eprintln!(
        "19x19, {} placements, {} stones on the board; {} to move: {} movable stones, {} \
         candidate (stone, target) pairs, {} legal, {} of them cancel something; time move: \
         {} from index {} to {}, {} legal targets for it",
        game.order().len(),
        game.board().stone_count(Color::Black) + game.board().stone_count(Color::White),
        game.to_move(),
        game.movable_stones().len(),
        candidates,
        total,
        with_cancels,
        stone,
        index,
        to,
        game.legal_targets(stone).len(),
    );

    let mut group = c.benchmark_group("timego_19x19_300");
    group.bench_function("time_move_to_middle", |b| {
        b.iter_batched(
            || game.clone(),
            |mut g| {
                g.time(stone, to).unwrap();
                g
            },
            BatchSize::SmallInput,
        )
    });
    group.bench_function("legal_targets_one_stone", |b| {
        b.iter(|| black_box(game.legal_targets(black_box(stone))))
    });
    group.bench_function("legal_time_moves_all", |b| {
        b.iter(|| black_box(game.legal_time_moves()))
    });
    group.finish();
}

criterion_group!(benches, timego);
criterion_main!(benches);
