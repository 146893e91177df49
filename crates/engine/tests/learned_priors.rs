//! The learned evaluation's two priors as the engine uses them unless told another. The value
//! prior: on in a 9×9 search by time at komi 7.5, where it won at equal time; off at a level's
//! fixed budget (the levels' ranks were measured without it), on other boards and at other
//! komi (the network was fitted on 9×9 games at 7.5). The move prior: on in a 9×9 search by
//! time at any komi (the move head does not count), off at a level's budget and on other
//! boards. Both: what they are told when they are told.

use tengen_engine::{value, Clock, Engine, EngineConfig, SearchInfo};
use tengen_rules::{Color, Game, Komi, Rules};

/// The engine's first search, Black to move on an empty board.
fn first_search(size: u8, komi: f64, config: EngineConfig, clock: Option<Clock>) -> SearchInfo {
    let rules = Rules {
        komi: Komi::from_points(komi).unwrap(),
        ..Rules::chinese(size)
    };
    let game = Game::new(rules).unwrap();
    let mut engine = Engine::new(config).with_seed(5);
    engine.genmove(&game, Color::Black, clock);
    engine.last_search().expect("a search ran")
}

/// The value prior the engine's first search gave its new nodes.
fn first_search_prior(size: u8, komi: f64, config: EngineConfig, clock: Option<Clock>) -> f32 {
    first_search(size, komi, config, clock).value_prior
}

/// The move prior the engine's first search gave its new nodes' children.
fn first_search_move_prior(size: u8, komi: f64, config: EngineConfig, clock: Option<Clock>) -> f32 {
    first_search(size, komi, config, clock).move_prior
}

fn threads_one(level: u8) -> EngineConfig {
    EngineConfig {
        level,
        threads: 1,
        ..EngineConfig::default()
    }
}

#[test]
fn nine_by_nine_search_by_the_clock_gets_the_network_prior() {
    let prior = first_search_prior(9, 7.5, threads_one(10), Some(Clock::main_time(2.0)));
    // On by default where the processor values fast (AVX2 and FMA), as every machine these
    // tests have run on does; off elsewhere.
    let expected = if value::fast_valuation() {
        value::TIMED_PRIOR
    } else {
        0.0
    };
    assert_eq!(prior, expected);
    assert_eq!(value::default_prior(true), expected);
}

#[test]
fn a_levels_fixed_budget_keeps_the_network_off() {
    let clock = Some(Clock::main_time(2.0));
    assert_eq!(first_search_prior(9, 7.5, threads_one(3), clock), 0.0);
    assert_eq!(first_search_prior(9, 7.5, threads_one(3), None), 0.0);
}

#[test]
fn other_boards_and_komi_keep_the_network_off() {
    let clock = Some(Clock::main_time(1.0));
    assert_eq!(first_search_prior(13, 7.5, threads_one(10), clock), 0.0);
    assert_eq!(first_search_prior(9, 6.5, threads_one(10), clock), 0.0);
}

#[test]
fn a_prior_set_by_the_player_wins_over_the_default() {
    let off = EngineConfig {
        value_prior: Some(0.0),
        ..threads_one(10)
    };
    assert_eq!(
        first_search_prior(9, 7.5, off, Some(Clock::main_time(2.0))),
        0.0
    );
    let on = EngineConfig {
        value_prior: Some(8.0),
        playouts: Some(300),
        ..threads_one(3)
    };
    assert_eq!(first_search_prior(9, 7.5, on, None), 8.0);
}

#[test]
fn nine_by_nine_search_by_the_clock_gets_the_move_prior() {
    let clock = Some(Clock::main_time(2.0));
    // On where the processor values fast (AVX2 and FMA), as every machine these tests have
    // run on does; off elsewhere. The move head does not depend on komi.
    let expected = if value::fast_valuation() {
        value::TIMED_MOVE_PRIOR
    } else {
        0.0
    };
    assert_eq!(
        first_search_move_prior(9, 7.5, threads_one(10), clock),
        expected
    );
    assert_eq!(
        first_search_move_prior(9, 6.5, threads_one(10), clock),
        expected
    );
    assert_eq!(value::default_move_prior(true), expected);
}

#[test]
fn a_levels_fixed_budget_and_other_boards_keep_the_move_prior_off() {
    let clock = Some(Clock::main_time(2.0));
    assert_eq!(first_search_move_prior(9, 7.5, threads_one(3), clock), 0.0);
    assert_eq!(first_search_move_prior(9, 7.5, threads_one(3), None), 0.0);
    assert_eq!(
        first_search_move_prior(13, 7.5, threads_one(10), clock),
        0.0
    );
}

#[test]
fn a_move_prior_set_by_the_player_wins_over_the_default() {
    let off = EngineConfig {
        move_prior: Some(0.0),
        ..threads_one(10)
    };
    assert_eq!(
        first_search_move_prior(9, 7.5, off, Some(Clock::main_time(2.0))),
        0.0
    );
    let on = EngineConfig {
        move_prior: Some(12.0),
        playouts: Some(300),
        ..threads_one(3)
    };
    assert_eq!(first_search_move_prior(9, 7.5, on, None), 12.0);
}
