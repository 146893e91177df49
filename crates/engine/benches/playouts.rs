//! Criterion benchmarks: one playout from the empty board (9×9 and 19×19, light and heavy), and
//! a dead-stone estimate. `cargo bench -p tengen-engine`; see also `examples/bench.rs`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use tengen_engine::board::PlayoutBoard;
use tengen_engine::policy::{playout, Policy};
use tengen_engine::rng::FastRng;
use tengen_engine::{Engine, EngineConfig};
use tengen_rules::{Game, Rules};

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("playout");
    for size in [9u8, 19] {
        for policy in [Policy::Light, Policy::Heavy] {
            let empty = PlayoutBoard::new(size);
            let mut b = empty.clone();
            let mut rng = FastRng::new(7);
            let mut moves = Vec::with_capacity(size as usize * size as usize * 3);
            group.bench_with_input(
                BenchmarkId::new(format!("{policy:?}"), format!("{size}x{size}")),
                &size,
                |bench, _| {
                    bench.iter(|| {
                        b.copy_from(&empty);
                        playout(&mut b, &mut rng, policy, &mut moves)
                    })
                },
            );
        }
    }
    group.finish();
}

fn estimate(c: &mut Criterion) {
    let engine = Engine::new(EngineConfig::default());
    let game = Game::new(Rules::chinese(19)).expect("size");
    let mut group = c.benchmark_group("estimate");
    group.sample_size(10);
    group.bench_function("19x19 empty", |b| b.iter(|| engine.estimate(&game)));
    group.finish();
}

criterion_group!(benches, playouts, estimate);
criterion_main!(benches);
