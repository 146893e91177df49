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
fn genmove_for_the_wrong_color_or_after_play_passes() {
    let game = position(
        &[".....", ".....", ".....", ".....", "....."],
        Color::Black,
        0.5,
    );
    assert_eq!(
        engine(10).genmove(&game, Color::White, None),
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
    // Black's three stones D6-F6 are in atari at G6; extending there escapes to the open side.
    let game = position(
        &[
            ".........",
            ".........",
            "...OOO...",
            "..OXXX...",
            "...OOO...",
            ".........",
            ".........",
            ".........",
            ".........",
        ],
        Color::Black,
        7.5,
    );
    let mv = engine(400).genmove(&game, Color::Black, None);
    assert_eq!(mv, EngineMove::Place(pt("G6")));
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
        let mv = engine(200)
            .with_seed(seed)
            .genmove(&game, Color::Black, None);
        assert!(
            mv != EngineMove::Place(pt("B2")) && mv != EngineMove::Place(pt("D2")),
            "filled an eye: {mv:?}"
        );
    }
}
