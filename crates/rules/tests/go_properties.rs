//! Property tests: invariants that must hold in every random legal game.

mod common;
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tengen_rules::{Board, Game, KoRule, Phase, Point, Rules};

/// Plays up to `moves` random legal placements (rarely a pass); returns the moves made.
fn random_game(size: u8, ko: KoRule, seed: u64, moves: usize) -> (Game, Vec<Option<Point>>) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = Game::new(Rules {
        ko,
        ..Rules::chinese(size)
    })
    .unwrap();
    let mut played = Vec::new();
    for _ in 0..moves {
        if game.phase() != Phase::Playing {
            break;
        }
        let legal: Vec<Point> = game
            .board()
            .points()
            .filter(|&p| game.is_legal(p))
            .collect();
        if legal.is_empty() || rng.gen_ratio(1, 40) {
            game.pass().unwrap();
            played.push(None);
        } else {
            let p = legal[rng.gen_range(0..legal.len())];
            game.place(p).unwrap();
            played.push(Some(p));
        }
    }
    (game, played)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn random_games_never_leave_a_chain_without_liberties(
        seed in any::<u64>(), size in prop::sample::select(vec![5u8, 9, 13]),
    ) {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut game = Game::new(Rules::chinese(size)).unwrap();
        for _ in 0..(size as usize * size as usize) {
            let legal: Vec<Point> = game.board().points().filter(|&p| game.is_legal(p)).collect();
            if legal.is_empty() { break; }
            game.place(legal[rng.gen_range(0..legal.len())]).unwrap();
            for p in game.board().points() {
                if game.board().get(p).is_some() {
                    prop_assert!(game.board().liberties(p) > 0, "{p} has no liberties");
                }
            }
        }
        prop_assert_eq!(game.board().check_invariants(), Ok(()));
    }

    #[test]
    fn incremental_board_equals_a_fresh_replay(seed in any::<u64>()) {
        let (game, moves) = random_game(9, KoRule::PositionalSuperko, seed, 150);
        let mut again = Game::new(*game.rules()).unwrap();
        for m in &moves {
            match m {
                Some(p) => { again.place(*p).unwrap(); }
                None => again.pass().unwrap(),
            }
        }
        prop_assert_eq!(again.board(), game.board());
        prop_assert_eq!(again.captures(), game.captures());
        let rebuilt = Board::from_stones(9, game.board().stones()).unwrap();
        prop_assert_eq!(&rebuilt, game.board());
        prop_assert_eq!(rebuilt.hash(), game.board().hash());
        prop_assert_eq!(game.board().check_invariants(), Ok(()));
    }

    #[test]
    fn equal_positions_have_equal_hashes(seed in any::<u64>()) {
        // Placing the same stones in another order (no captures) gives the same hash.
        let (game, _) = random_game(9, KoRule::Simple, seed, 60);
        let mut stones: Vec<_> = game.board().stones().collect();
        let mut rng = SmallRng::seed_from_u64(seed ^ 0x5eed);
        for i in (1..stones.len()).rev() {
            stones.swap(i, rng.gen_range(0..=i));
        }
        let shuffled = Board::from_stones(9, stones).unwrap();
        prop_assert_eq!(shuffled.hash(), game.board().hash());
    }

    #[test]
    fn probe_predicts_the_hash_and_captures_of_every_legal_move(seed in any::<u64>()) {
        let (game, _) = random_game(9, KoRule::PositionalSuperko, seed, 80);
        for p in game.board().points() {
            if let Ok(probe) = game.board().probe(p, game.to_move()) {
                let mut b = game.board().clone();
                let captured = b.play(p, game.to_move()).unwrap();
                prop_assert_eq!(probe.hash, b.hash());
                prop_assert_eq!(probe.captures, captured);
            }
        }
    }

    #[test]
    fn refused_moves_change_nothing(seed in any::<u64>()) {
        let (mut game, _) = random_game(9, KoRule::PositionalSuperko, seed, 80);
        let before = game.view();
        for p in game.board().points().collect::<Vec<_>>() {
            if !game.is_legal(p) {
                prop_assert!(game.place(p).is_err());
                prop_assert_eq!(&game.view(), &before);
            }
        }
    }
}

#[test]
fn positional_superko_never_repeats_a_position() {
    for seed in 0..20 {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut game = Game::new(Rules::chinese(5)).unwrap();
        let mut seen = std::collections::HashSet::from([game.board().hash()]);
        for _ in 0..300 {
            let legal: Vec<Point> = game
                .board()
                .points()
                .filter(|&p| game.is_legal(p))
                .collect();
            if legal.is_empty() {
                break;
            }
            game.place(legal[rng.gen_range(0..legal.len())]).unwrap();
            assert!(
                seen.insert(game.board().hash()),
                "position repeated (seed {seed})"
            );
        }
    }
}
