//! The engine's moves: always legal, passes when the game is over, captures and saves groups
//! in atari, never fills its own last eye.

mod common;

use common::{position, pt};
use tengen_engine::{Engine, EngineConfig, EngineMove};
use tengen_rules::{Color, Game, KoRule, Phase, Rules};

fn engine(playouts: u32) -> Engine {
    Engine::new(EngineConfig {
        playouts: Some(playouts),
        ..EngineConfig::default()
    })
}

#[test]
fn genmove_is_always_legal_in_self_play_under_superko() {
    for (size, seed) in [(5u8, 1u64), (7, 2), (9, 3)] {
        let rules = Rules {
            ko: KoRule::PositionalSuperko,
            ..Rules::chinese(size)
        };
        let mut game = Game::new(rules).unwrap();
        let mut engines = [engine(60).with_seed(seed), engine(60).with_seed(seed + 100)];
        let mut moves = 0;
        while game.phase() == Phase::Playing && moves < size as usize * size as usize * 2 {
            let color = game.to_move();
            match engines[color.index()].genmove(&game, color, None) {
                EngineMove::Place(p) => {
                    assert!(game.is_legal(p), "{p} illegal after {moves} moves");
                    game.place(p).unwrap();
                }
                EngineMove::Pass => game.pass().unwrap(),
                EngineMove::Resign => panic!("resign is off"),
            }
            moves += 1;
        }
    }
}

#[test]
fn genmove_for_the_other_color_answers_as_after_a_pass() {
    let game = position(
        &[".....", "..X..", ".....", ".....", "....."],
        Color::White,
        7.5,
    );
    let mv = engine(50).genmove(&game, Color::Black, None);
    let mut after_pass = game.clone();
    after_pass.pass().unwrap();
    assert!(
        matches!(mv, EngineMove::Place(p) if after_pass.is_legal(p)),
        "{mv:?}"
    );
}

#[test]
fn genmove_after_play_has_ended_passes() {
    let mut game = position(
        &[".....", "..X..", ".....", ".....", "....."],
        Color::Black,
        0.5,
    );
    game.pass().unwrap();
    game.pass().unwrap();
    assert_eq!(game.phase(), Phase::ScoreReview);
    assert_eq!(
        engine(10).genmove(&game, Color::Black, None),
        EngineMove::Pass
    );
}

#[test]
fn passes_in_a_finished_position_it_wins() {
    let game = position(
        &[
            ".X.XO.O.O",
            "XXXXOOOOO",
            ".X.XO.O.O",
            "XXXXOOOOO",
            ".X.XO.O.O",
            "XXXXOOOOO",
            ".X.XO.O.O",
            "XXXXOOOOO",
            ".X.XO.O.O",
        ],
        Color::Black,
        -9.5,
    );
    assert_eq!(
        engine(300).genmove(&game, Color::Black, None),
        EngineMove::Pass
    );
}

#[test]
fn captures_a_group_in_atari_when_that_wins() {
    // The white chain B6-E6, C5-E5 has one liberty at F5; capturing it wins the game.
    let game = position(
        &[
            "..X.X.O..",
            ".XXXXXO..",
            "XXXXXXO..",
            "XOOOOXO..",
            "XXOOO.O..",
            "XXXXXXO..",
            ".X...XO..",
            ".XXXXXO..",
            "..X.X.O..",
        ],
        Color::Black,
        0.5,
    );
    let mv = engine(400).genmove(&game, Color::Black, None);
    assert_eq!(mv, EngineMove::Place(pt("F5")));
}

#[test]
fn saves_its_own_group_in_atari_when_it_can() {
    // Black's three stones D6-F6 are in atari at G6; extending there connects them to the
    // black wall on the right. (An earlier version with no wall was a lost position where
    // every move was as bad, so the test passed by the seed. At komi 7.5 this one is still
    // behind whatever Black plays — win rate 0.10–0.19 — and with the learned prior one seed
    // in eight played C7; at komi -4.5 the save is what keeps the game open.) A search of 400
    // playouts still plays a big point of the empty lower left (C3, C4) or C7 with a few
    // seeds — 19 of 24 seeds saved at 0bf354a, 20 of 24 with the race moves — so the test
    // counts seeds rather than trusting one.
    let game = position(
        &[
            ".........",
            ".........",
            "...OOO...",
            "..OXXX.X.",
            "...OOO.X.",
            ".......X.",
            "......XX.",
            ".........",
            ".........",
        ],
        Color::Black,
        -4.5,
    );
    let saved = (0..24u64)
        .filter(|&seed| {
            engine(400)
                .with_seed(seed)
                .genmove(&game, Color::Black, None)
                == EngineMove::Place(pt("G6"))
        })
        .count();
    assert!(saved >= 16, "G6 with {saved} of 24 seeds");
}

#[test]
fn never_fills_its_own_last_eye() {
    // Black's only group has two single-point eyes (B2, D2) and no other move but suicide.
    let game = position(
        &[".O.OO", "OOOOO", "XXXXX", "X.X.X", "XXXXX"],
        Color::Black,
        0.5,
    );
    for seed in 0..4 {
        let mv = engine(1000)
            .with_seed(seed)
            .genmove(&game, Color::Black, None);
        assert!(
            mv != EngineMove::Place(pt("B2")) && mv != EngineMove::Place(pt("D2")),
            "filled an eye: {mv:?}"
        );
    }
}

#[test]
fn the_tree_is_reused_after_the_expected_reply() {
    let mut game = Game::new(Rules::chinese(7)).unwrap();
    let mut e = engine(300);
    let EngineMove::Place(p) = e.genmove(&game, Color::Black, None) else {
        panic!("opening pass")
    };
    assert!(!e.last_search().unwrap().reused_tree);
    let nodes = e.last_search().unwrap().nodes;
    assert!(
        e.kept_bytes() >= nodes * 16,
        "the kept tree is counted: {} bytes for {nodes} nodes",
        e.kept_bytes()
    );
    game.place(p).unwrap();
    // Reply somewhere legal; the new search starts from the kept subtree when it exists.
    let reply = game
        .board()
        .points()
        .find(|&q| game.is_legal(q) && q.col.abs_diff(p.col) + q.row.abs_diff(p.row) == 1)
        .unwrap();
    game.place(reply).unwrap();
    let mv = e.genmove(&game, Color::Black, None);
    assert!(matches!(mv, EngineMove::Place(q) if game.is_legal(q)));
    assert!(e.last_search().unwrap().reused_tree);
    e.clear();
    assert_eq!(e.kept_bytes(), 0, "a cleared engine keeps nothing");
}

#[test]
fn several_threads_search_and_stay_legal() {
    let game = Game::new(Rules::chinese(9)).unwrap();
    let mut e = Engine::new(EngineConfig {
        playouts: Some(400),
        threads: 3,
        ..EngineConfig::default()
    });
    let mv = e.genmove(&game, Color::Black, None);
    assert!(matches!(mv, EngineMove::Place(p) if game.is_legal(p)));
    let info = e.last_search().unwrap();
    assert!(info.playouts > 0 && info.playouts <= 400);
}

#[test]
fn seconds_per_move_bounds_the_search_time() {
    let game = Game::new(Rules::chinese(9)).unwrap();
    let mut e = Engine::new(EngineConfig {
        seconds_per_move: Some(0.2),
        ..EngineConfig::default()
    });
    let start = std::time::Instant::now();
    let mv = e.genmove(&game, Color::Black, None);
    assert!(
        start.elapsed().as_secs_f64() < 1.5,
        "took {:?}",
        start.elapsed()
    );
    assert!(matches!(mv, EngineMove::Place(_)));
}

/// Search-tree nodes per playout of one search from the empty board of `size`.
fn nodes_per_playout(size: u8, config: EngineConfig) -> f64 {
    let game = Game::new(Rules::chinese(size)).unwrap();
    let mut e = Engine::new(config).with_seed(7);
    e.genmove(&game, Color::Black, None);
    let info = e.last_search().unwrap();
    info.nodes as f64 / f64::from(info.playouts.max(1))
}

#[test]
fn a_search_by_time_up_to_eleven_by_eleven_expands_leaves_later_than_a_fixed_budget() {
    let fixed = |expand_at| EngineConfig {
        playouts: Some(3000),
        expand_at,
        ..EngineConfig::default()
    };
    let timed = EngineConfig {
        seconds_per_move: Some(0.3),
        ..EngineConfig::default()
    };
    let nine_fixed = nodes_per_playout(9, fixed(None));
    let nine_fixed_at_four = nodes_per_playout(9, fixed(Some(4.0)));
    let nine_timed = nodes_per_playout(9, timed);
    assert!(
        nine_fixed_at_four < 0.6 * nine_fixed,
        "--expand-at 4: {nine_fixed_at_four:.1} nodes a playout, 2: {nine_fixed:.1}"
    );
    assert!(
        nine_timed < 0.6 * nine_fixed,
        "by time: {nine_timed:.1} nodes a playout, fixed budget: {nine_fixed:.1}"
    );
    // 19×19 keeps the levels' threshold when searching by time.
    let nineteen_fixed = nodes_per_playout(19, fixed(None));
    let nineteen_timed = nodes_per_playout(19, timed);
    assert!(
        nineteen_timed > 0.7 * nineteen_fixed,
        "19×19 by time: {nineteen_timed:.1} nodes a playout, fixed budget: {nineteen_fixed:.1}"
    );
}

#[test]
fn a_cancelled_search_still_answers_a_legal_move() {
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;
    let game = Game::new(Rules::chinese(9)).unwrap();
    let mut e = engine(1_000_000);
    let control = tengen_engine::SearchControl {
        cancel: Some(Arc::new(AtomicBool::new(true))),
        progress: None,
    };
    let mv = e.genmove_with(&game, Color::Black, None, &control);
    assert!(matches!(mv, EngineMove::Place(p) if game.is_legal(p)));
    assert!(e.last_search().unwrap().playouts < 1000);
}

#[test]
fn every_level_plays_a_legal_move_on_an_empty_board() {
    let game = Game::new(Rules::chinese(9)).unwrap();
    for level in [1u8, 2, 3, 4, 5] {
        let mut e = Engine::new(EngineConfig {
            level,
            ..EngineConfig::default()
        });
        let mv = e.genmove(&game, Color::Black, None);
        assert!(
            matches!(mv, EngineMove::Place(p) if game.is_legal(p)),
            "level {level}"
        );
        assert!(!tengen_engine::level_description(level).is_empty());
    }
}

#[test]
fn resigns_a_hopeless_game_only_when_allowed() {
    // White has nothing; Black owns the board.
    let game = position(
        &[
            ".X.X.X.X.",
            "XXXXXXXXX",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            "XXXXXXXXX",
            ".X.X.X.X.",
        ],
        Color::White,
        7.5,
    );
    let mut e = Engine::new(EngineConfig {
        playouts: Some(300),
        allow_resign: true,
        ..EngineConfig::default()
    });
    assert_eq!(e.genmove(&game, Color::White, None), EngineMove::Resign);
    let mv = engine(300).genmove(&game, Color::White, None);
    assert_ne!(mv, EngineMove::Resign);
}

#[test]
fn tiny_and_huge_boards_work() {
    for size in [2u8, 3, 25] {
        let mut game = Game::new(Rules::chinese(size)).unwrap();
        let mut e = engine(50);
        for _ in 0..6 {
            if game.phase() != Phase::Playing {
                break;
            }
            let color = game.to_move();
            match e.genmove(&game, color, None) {
                EngineMove::Place(p) => {
                    game.place(p).unwrap();
                }
                EngineMove::Pass => game.pass().unwrap(),
                EngineMove::Resign => unreachable!("resign is off"),
            }
        }
        let est = e.estimate_with_playouts(&game, 20);
        assert_eq!(est.ownership.len(), size as usize * size as usize);
    }
}

/// Black owns the left (with two dead White stones), White the right (one dead Black stone).
const SPLIT: [&str; 9] = [
    "....XO...",
    "....XO...",
    "..O.XO...",
    "..O.XO...",
    "....XO...",
    "....XO...",
    "....XO.X.",
    "....XO...",
    "....XO...",
];

#[test]
fn passes_back_when_the_count_wins_but_cleans_up_dead_stones_when_asked() {
    let mut game = position(&SPLIT, Color::White, 7.5);
    game.pass().unwrap();
    assert_eq!(
        engine(400).genmove(&game, Color::Black, None),
        EngineMove::Pass
    );
    let EngineMove::Place(p) = engine(400).genmove_cleanup(&game, Color::Black, None) else {
        panic!("cleanup passed with dead stones on the board")
    };
    let liberties = ["B7", "D7", "C8", "B6", "D6", "C5"].map(pt);
    assert!(liberties.contains(&p), "{p} is not next to the dead stones");
}

#[test]
fn does_not_run_out_a_stone_caught_in_a_ladder() {
    // White C3 is in atari; extending at D3 leaves two liberties, and Black chases it up the
    // long diagonal to the far edge (no white stone on the way), so running only feeds Black.
    let game = position(
        &[
            ".............",
            ".............",
            ".............",
            "...O.........",
            ".............",
            ".............",
            ".............",
            ".............",
            ".............",
            "..X......X...",
            ".XO..........",
            "..XX.........",
            ".............",
        ],
        Color::White,
        7.5,
    );
    for seed in 0..3 {
        let mv = engine(1000)
            .with_seed(seed)
            .genmove(&game, Color::White, None);
        assert_ne!(
            mv,
            EngineMove::Place(pt("D3")),
            "ran out the ladder (seed {seed})"
        );
    }
}
