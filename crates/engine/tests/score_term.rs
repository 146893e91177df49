//! The score term in the playouts' result (docs/ENGINE.md, "Score term"): a search that loses
//! whatever it plays still loses by as little as it can, and its weight unless the player sets
//! one: 0.2 in a 9×9 search by time, where it won at equal time, 0.1 elsewhere.

mod common;

use common::{first_search, position, pt, LOST_WITH_A_BIG_CHAIN_IN_ATARI};
use tengen_engine::{
    Clock, Engine, EngineConfig, EngineMove, DEFAULT_SCORE_WEIGHT, TIMED_SCORE_WEIGHT,
};
use tengen_rules::Color;

fn engine_with_weight(score_weight: f32, seed: u64) -> Engine {
    Engine::new(EngineConfig {
        playouts: Some(3000),
        threads: 1,
        score_weight: Some(score_weight),
        ..EngineConfig::default()
    })
    .with_seed(seed)
}

#[test]
fn a_lost_game_still_saves_its_eleven_stones() {
    // Every move loses, so the playouts' margins (and the few playouts White wins) must tell
    // E7 from the rest: a search of 3 000 playouts finds it with 16 of 16 seeds at RAVE
    // equivalence 3 000 and with 13 of 16 at the shipped 1 000 (15 of 16 at 6 000 playouts).
    let game = position(&LOST_WITH_A_BIG_CHAIN_IN_ATARI, Color::White, 0.5);
    let saved: Vec<u64> = (1..=16u64)
        .filter(|&seed| {
            let mut engine = engine_with_weight(DEFAULT_SCORE_WEIGHT, seed);
            engine.genmove(&game, Color::White, None) == EngineMove::Place(pt("E7"))
        })
        .collect();
    assert!(saved.len() >= 12, "E7 only with seeds {saved:?}");
}

/// The score weight the engine's first search counted with, Black to move on an empty board.
fn first_search_weight(size: u8, config: EngineConfig, clock: Option<Clock>) -> f32 {
    let config = EngineConfig {
        threads: 1,
        ..config
    };
    first_search(size, 7.5, config, clock).score_weight
}

fn level(level: u8) -> EngineConfig {
    EngineConfig {
        level,
        ..EngineConfig::default()
    }
}

#[test]
fn nine_by_nine_search_by_the_clock_weighs_the_margin_more() {
    let clock = Some(Clock::main_time(2.0));
    assert_eq!(first_search_weight(9, level(10), clock), TIMED_SCORE_WEIGHT);
    assert_eq!(TIMED_SCORE_WEIGHT, 0.2);
    let by_seconds = EngineConfig {
        seconds_per_move: Some(0.05),
        ..level(10)
    };
    assert_eq!(first_search_weight(9, by_seconds, None), TIMED_SCORE_WEIGHT);
}

#[test]
fn a_levels_fixed_budget_and_other_boards_keep_the_old_weight() {
    let clock = Some(Clock::main_time(2.0));
    assert_eq!(
        first_search_weight(9, level(3), clock),
        DEFAULT_SCORE_WEIGHT
    );
    assert_eq!(first_search_weight(9, level(3), None), DEFAULT_SCORE_WEIGHT);
    assert_eq!(
        first_search_weight(13, level(10), clock),
        DEFAULT_SCORE_WEIGHT
    );
    assert_eq!(DEFAULT_SCORE_WEIGHT, 0.1);
}

#[test]
fn a_score_weight_set_by_the_player_wins_over_the_default() {
    let set = |weight: f32, config: EngineConfig| EngineConfig {
        score_weight: Some(weight),
        ..config
    };
    let clock = Some(Clock::main_time(2.0));
    assert_eq!(first_search_weight(9, set(0.0, level(10)), clock), 0.0);
    assert_eq!(first_search_weight(9, set(0.5, level(3)), None), 0.5);
}
