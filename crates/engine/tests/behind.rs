//! Playing on in a lost game (docs/ENGINE.md, "Behind"): once a search finds the game clearly
//! lost, the next one counts with komi shifted towards the engine by about the points it
//! expects to lose, and reports the win rate at the real komi; those searches play for the
//! margin (`lost_score_weight`). The lost position is the score term's
//! (`common::LOST_WITH_A_BIG_CHAIN_IN_ATARI`): White to move loses by 18.5 at best.

mod common;

use common::{position, pt, LOST_WITH_A_BIG_CHAIN_IN_ATARI};
use tengen_engine::{Engine, EngineConfig, EngineMove, DEFAULT_SCORE_WEIGHT};
use tengen_rules::{Color, Game, Komi, Rules};

fn engine(behind_komi: bool) -> Engine {
    Engine::new(EngineConfig {
        playouts: Some(2000),
        threads: 1,
        behind_komi,
        ..EngineConfig::default()
    })
    .with_seed(7)
}

/// The search's komi shift and win rate on the second of two searches of `game` for `color`.
fn second_search(engine: &mut Engine, game: &Game, color: Color) -> (i32, f32) {
    engine.genmove(game, color, None);
    let first = engine.last_search().expect("a search ran");
    assert_eq!(
        first.komi_shift, 0,
        "the first search counts with the real komi"
    );
    engine.genmove(game, color, None);
    let second = engine.last_search().expect("a search ran");
    (second.komi_shift, second.winrate)
}

#[test]
fn a_lost_game_is_searched_with_the_komi_shifted_by_about_the_expected_loss() {
    let game = position(&LOST_WITH_A_BIG_CHAIN_IN_ATARI, Color::White, 0.5);
    let mut e = engine(true);
    let (shift, winrate) = second_search(&mut e, &game, Color::White);
    assert!((10..=40).contains(&shift), "komi shifted {shift} points");
    // The reported win rate is still the real one: the game is lost.
    assert!(winrate < 0.2, "win rate {winrate}");
}

#[test]
fn without_the_switch_a_lost_game_keeps_the_real_komi() {
    let game = position(&LOST_WITH_A_BIG_CHAIN_IN_ATARI, Color::White, 0.5);
    let (shift, winrate) = second_search(&mut engine(false), &game, Color::White);
    assert_eq!(shift, 0);
    assert!(winrate < 0.2, "win rate {winrate}");
}

#[test]
fn an_even_game_keeps_the_real_komi() {
    let game = Game::new(Rules::chinese(9).with_komi(Komi::from_points(7.5).unwrap())).unwrap();
    let (shift, _) = second_search(&mut engine(true), &game, Color::Black);
    assert_eq!(shift, 0);
}

#[test]
fn the_winning_side_of_a_lost_game_keeps_the_real_komi() {
    // Black, far ahead in the same position, is never "behind".
    let game = position(&LOST_WITH_A_BIG_CHAIN_IN_ATARI, Color::Black, 0.5);
    let (shift, winrate) = second_search(&mut engine(true), &game, Color::Black);
    assert_eq!(shift, 0);
    assert!(winrate > 0.8, "win rate {winrate}");
}

#[test]
fn a_new_game_forgets_the_shift() {
    let lost = position(&LOST_WITH_A_BIG_CHAIN_IN_ATARI, Color::White, 0.5);
    let mut e = engine(true);
    let (shift, _) = second_search(&mut e, &lost, Color::White);
    assert!(shift > 0);
    e.new_game(8);
    e.genmove(&lost, Color::White, None);
    assert_eq!(e.last_search().unwrap().komi_shift, 0);
}

#[test]
fn one_engine_playing_both_colors_keeps_each_colors_shift() {
    // GTP may ask one engine for both sides' moves: Black's search in between does not
    // forget White's shift.
    let white_to_move = position(&LOST_WITH_A_BIG_CHAIN_IN_ATARI, Color::White, 0.5);
    let black_to_move = position(&LOST_WITH_A_BIG_CHAIN_IN_ATARI, Color::Black, 0.5);
    let mut e = engine(true);
    e.genmove(&white_to_move, Color::White, None);
    e.genmove(&black_to_move, Color::Black, None);
    assert_eq!(e.last_search().unwrap().komi_shift, 0);
    e.genmove(&white_to_move, Color::White, None);
    assert!(e.last_search().unwrap().komi_shift > 0);
}

/// Game 742 of the lost-games protocol (docs/ENGINE.md, "Behind"), Black to move after 46
/// moves, with the komi raised to 19.5 so that the first search finds the game lost (in the
/// game the search before it had). Searched for the win at the shifted komi, Black threw a
/// stone into White's left side at B5 and lost by 88.5; searched for the margin it played B9
/// and lost by 18.5.
const GAME_742_AFTER_46: [&str; 9] = [
    "..XX..OO.",
    ".OOX.OX..",
    ".OXX.OXX.",
    "..OXO.XO.",
    "..OOO.XO.",
    ".XXXXXXO.",
    ".O...XOOX",
    ".O.OOOXXX",
    "....X.O..",
];

/// The seeds, of 1..=8, whose second search (the komi shifted) plays B5.
fn seeds_playing_b5(lost_score_weight: f32) -> Vec<u64> {
    let game = position(&GAME_742_AFTER_46, Color::Black, 19.5);
    (1..=8u64)
        .filter(|&seed| {
            let mut e = Engine::new(EngineConfig {
                playouts: Some(2000),
                threads: 1,
                lost_score_weight,
                ..EngineConfig::default()
            })
            .with_seed(seed);
            e.genmove(&game, Color::Black, None);
            let mv = e.genmove(&game, Color::Black, None);
            assert!(
                e.last_search().unwrap().komi_shift > 0,
                "seed {seed}: not lost"
            );
            mv == EngineMove::Place(pt("B5"))
        })
        .collect()
}

#[test]
fn a_lost_game_played_for_the_margin_does_not_throw_a_stone_into_the_opponents_side() {
    let for_the_margin = seeds_playing_b5(EngineConfig::default().lost_score_weight);
    assert!(
        for_the_margin.is_empty(),
        "B5 with seeds {for_the_margin:?}"
    );
    // The weight of an even game's search, at the shifted komi, gambles there.
    let for_the_win = seeds_playing_b5(DEFAULT_SCORE_WEIGHT);
    assert!(for_the_win.len() >= 4, "B5 only with seeds {for_the_win:?}");
}
