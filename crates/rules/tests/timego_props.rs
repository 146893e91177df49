//! TimeGo property tests: random games checked against a from-scratch reference replay.

mod timego_support;

use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::BTreeMap;
use tengen_rules::timego::{Placement, StoneTargets};
use tengen_rules::{Action, Point, Rules, TimeError, TimeGame};
use timego_support::{ref_replay, ref_time, snapshot};

/// Every (stone, target) the reference replay allows for the side to move, with the indices
/// it cancels.
fn reference_time_moves(g: &TimeGame) -> BTreeMap<(Point, usize), Vec<usize>> {
    let mut out = BTreeMap::new();
    let size = g.rules().size;
    for (i, x) in g.order().iter().enumerate().skip(g.boundary()) {
        if x.color != g.to_move() || g.placement_of(x.point) != Some(i) {
            continue;
        }
        for t in g.boundary()..i {
            if let Some((order, cancelled)) = ref_time(size, g.order(), i, t) {
                if !g.was_reached(&order, g.boundary()) {
                    out.insert((x.point, t), cancelled);
                }
            }
        }
    }
    out
}

fn listed(moves: &[StoneTargets]) -> BTreeMap<(Point, usize), Vec<usize>> {
    let mut out = BTreeMap::new();
    for s in moves {
        for t in &s.targets {
            out.insert((s.stone, t.to), t.cancels.iter().map(|c| c.index).collect());
        }
    }
    out
}

/// Plays a random game, checking the invariants after every action.
fn random_game(
    size: u8,
    actions: usize,
    seed: u64,
    exhaustive: bool,
    locks: bool,
) -> Result<(), TestCaseError> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut g = TimeGame::new(Rules::timego(size)).unwrap();
    for _ in 0..actions {
        if g.result().is_some() {
            break;
        }
        let moves = g.legal_time_moves();
        if exhaustive {
            prop_assert_eq!(
                listed(&moves),
                reference_time_moves(&g),
                "previews vs reference"
            );
        }
        let empty: Vec<Point> = g
            .board()
            .points()
            .filter(|&p| g.check_place(p).is_ok())
            .collect();
        let roll = rng.gen_range(0..100);
        let place =
            (!empty.is_empty()).then(|| Action::place(empty[rng.gen_range(0..empty.len())]));
        let time = (!moves.is_empty()).then(|| {
            let s = &moves[rng.gen_range(0..moves.len())];
            let t = &s.targets[rng.gen_range(0..s.targets.len())];
            Action::Time {
                stone: s.stone,
                to: t.to,
            }
        });
        let lock = (locks && g.boundary() < g.order().len()).then_some(Action::Lock {});
        let pass = (g.consecutive_passes() == 0).then(Action::pass);
        let preferred = match roll {
            0..40 => [&place, &time, &lock, &pass],
            40..85 => [&time, &place, &lock, &pass],
            85..92 => [&lock, &place, &time, &pass],
            _ => [&pass, &place, &time, &lock],
        };
        let action = preferred
            .into_iter()
            .flatten()
            .next()
            .cloned()
            .unwrap_or_else(Action::pass);

        // A random time move, legal or not, must agree with the listing; refused, it changes
        // nothing.
        if let Some(&x) = g.order().get(rng.gen_range(0..g.order().len().max(1))) {
            let to = rng.gen_range(0..g.order().len());
            let mut probe = g.clone();
            let expected = listed(&moves).get(&(x.point, to)).cloned();
            match probe.apply(&Action::Time { stone: x.point, to }) {
                Ok(applied) => {
                    let got: Vec<usize> = applied.cancelled.iter().map(|c| c.index).collect();
                    prop_assert_eq!(Some(got), expected);
                }
                Err(_) => {
                    prop_assert_eq!(expected, None);
                    prop_assert_eq!(snapshot(&probe), snapshot(&g));
                }
            }
        }

        let before_order: Vec<Placement> = g.order().to_vec();
        let before_boundary = g.boundary();
        let before_reached = g.reached_count();
        let reference = match action {
            Action::Time { stone, to } => {
                let i = g.placement_of(stone).unwrap();
                Some(ref_time(size, &before_order, i, to).unwrap())
            }
            _ => None,
        };
        g.apply(&action)
            .map_err(|e: TimeError| TestCaseError::fail(format!("{action:?} refused: {e}")))?;

        // Replaying the stored order from scratch gives the current board, and every stored
        // placement is legal in that replay.
        let board = ref_replay(size, g.order()).map_err(TestCaseError::fail)?;
        prop_assert_eq!(board.rows(), g.board().rows());
        // The locked prefix never changes and the boundary never goes back.
        prop_assert!(g.boundary() >= before_boundary);
        prop_assert_eq!(
            &g.order()[..before_boundary],
            &before_order[..before_boundary]
        );
        // The reached set grows by exactly one per non-pass action.
        let grew = g.reached_count() - before_reached;
        prop_assert_eq!(grew, usize::from(action != Action::pass()));
        // A time move gives exactly the reference replay's order.
        if let Some((order, _)) = reference {
            prop_assert_eq!(g.order(), &order[..]);
        }
        g.check_invariants().map_err(TestCaseError::fail)?;
    }
    if std::env::var_os("TIMEGO_STATS").is_some() {
        let times = g
            .turns()
            .iter()
            .filter(|t| matches!(t.kind, tengen_rules::timego::TurnKind::Time { .. }))
            .count();
        let cancels: usize = g.turns().iter().map(|t| t.cancelled().len()).sum();
        eprintln!(
            "size {size} turns {} order {} times {times} cancels {cancels}",
            g.turns().len(),
            g.order().len()
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 64,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn random_games_keep_every_invariant(size in 3u8..=7, seed in any::<u64>()) {
        random_game(size, 60, seed, true, true)?;
    }
}

#[test]
fn a_long_9x9_game_without_locks_agrees_with_the_reference_replay() {
    random_game(9, 100, 42, true, false).unwrap();
}

#[test]
fn a_long_19x19_game_keeps_its_caches_exact() {
    random_game(19, 150, 7, false, true).unwrap();
}
