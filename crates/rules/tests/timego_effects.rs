//! What a time move does to the board, as previewed for computer players
//! ([`TimeGame::time_move_effects`], [`TimeGame::time_move_effects_of`],
//! [`TimeGame::stone_effects`]), checked against really making each move in random games.

use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::BTreeMap;
use tengen_rules::timego::{BoardAfter, TimeEffect};
use tengen_rules::{Action, Color, Point, Rules, TimeGame};

type Key = (Point, usize);

fn by_move(effects: Vec<TimeEffect>) -> BTreeMap<Key, (Vec<usize>, BoardAfter)> {
    effects
        .into_iter()
        .map(|e| {
            let cancels = e.cancels.iter().map(|c| c.index).collect();
            ((e.stone, e.to), (cancels, e.after))
        })
        .collect()
}

/// Checks every previewed effect of the side to move against the move itself.
fn check_effects(g: &TimeGame) -> Result<(), TestCaseError> {
    let effects = by_move(g.time_move_effects());
    let listed: BTreeMap<Key, Vec<usize>> = g
        .legal_time_moves()
        .into_iter()
        .flat_map(|s| {
            s.targets
                .into_iter()
                .map(move |t| ((s.stone, t.to), t.cancels.iter().map(|c| c.index).collect()))
        })
        .collect();
    let same_moves: BTreeMap<Key, Vec<usize>> =
        effects.iter().map(|(k, (c, _))| (*k, c.clone())).collect();
    prop_assert_eq!(&same_moves, &listed, "effects list the legal time moves");
    for (&(stone, to), (_, after)) in &effects {
        let mut moved = g.clone();
        moved
            .time(stone, to)
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        let b = moved.board();
        match *after {
            BoardAfter::Unchanged => prop_assert_eq!(b.hash(), g.board().hash()),
            BoardAfter::Changed { hash, stones } => {
                prop_assert_ne!(hash, g.board().hash());
                prop_assert_eq!(hash, b.hash());
                prop_assert_eq!(
                    stones,
                    [b.stone_count(Color::Black), b.stone_count(Color::White)]
                );
            }
        }
    }
    // The same moves per stone, and for the player not to move as after a pass.
    for (p, _) in g.board().stones() {
        let mine = by_move(g.stone_effects(p));
        let expected: BTreeMap<_, _> = if g.board().get(p) == Some(g.to_move()) {
            effects
                .iter()
                .filter(|((s, _), _)| *s == p)
                .map(|(k, v)| (*k, v.clone()))
                .collect()
        } else {
            by_move(g.time_move_effects_of(g.to_move().opponent()))
                .into_iter()
                .filter(|((s, _), _)| *s == p)
                .collect()
        };
        prop_assert_eq!(mine, expected, "stone_effects of {}", p);
    }
    if g.consecutive_passes() == 0 {
        let mut passed = g.clone();
        passed.pass().unwrap();
        prop_assert_eq!(
            by_move(g.time_move_effects_of(g.to_move().opponent())),
            by_move(passed.time_move_effects()),
            "the opponent's effects are its moves after a pass"
        );
    }
    Ok(())
}

fn random_game(size: u8, actions: usize, seed: u64) -> Result<(), TestCaseError> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut g = TimeGame::new(Rules::timego(size)).unwrap();
    for _ in 0..actions {
        if g.result().is_some() {
            break;
        }
        check_effects(&g)?;
        let moves = g.legal_time_moves();
        let empty: Vec<Point> = g
            .board()
            .points()
            .filter(|&p| g.check_place(p).is_ok())
            .collect();
        let roll = rng.gen_range(0..100);
        let action = if roll < 45 && !moves.is_empty() {
            let s = &moves[rng.gen_range(0..moves.len())];
            let t = &s.targets[rng.gen_range(0..s.targets.len())];
            Action::Time {
                stone: s.stone,
                to: t.to,
            }
        } else if roll < 50 && g.boundary() < g.order().len() {
            Action::Lock {}
        } else if !empty.is_empty() {
            Action::place(empty[rng.gen_range(0..empty.len())])
        } else {
            Action::pass()
        };
        g.apply(&action).unwrap();
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 32,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn previewed_effects_match_the_moves_made(size in 3u8..=7, seed in any::<u64>()) {
        random_game(size, 50, seed)?;
    }
}

#[test]
fn a_9x9_game_previews_its_effects_exactly() {
    random_game(9, 80, 11).unwrap();
}
