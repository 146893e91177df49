//! The learned evaluation's two priors as the engine uses them unless told another. The value
//! prior: on in a 9×9 search by time at komi 7.5, where it won at equal time, and at the top
//! level's own budget (the web's strongest level), where it won at equal playouts; off at the
//! lower levels' fixed budgets (their ranks were measured without it), on other boards and at
//! other komi (the network was fitted on 9×9 games at 7.5). The move prior: on in a 9×9
//! search by time or at the top level's budget at any komi (the move head does not count),
//! off at the lower levels' budgets and on other boards. Both: what they are told when they
//! are told. The mix (the network's share of each iteration's result) goes with the value
//! prior, whose valuations it reuses.

mod common;

use common::first_search;
use tengen_engine::{value, Clock, EngineConfig};

/// The value prior the engine's first search gave its new nodes.
fn first_search_prior(size: u8, komi: f64, config: EngineConfig, clock: Option<Clock>) -> f32 {
    first_search(size, komi, config, clock).value_prior
}

/// The move prior the engine's first search gave its new nodes' children.
fn first_search_move_prior(size: u8, komi: f64, config: EngineConfig, clock: Option<Clock>) -> f32 {
    first_search(size, komi, config, clock).move_prior
}

/// The network's share of the results in the engine's first search.
fn first_search_mix(komi: f64, config: EngineConfig, clock: Option<Clock>) -> f32 {
    first_search(9, komi, config, clock).value_mix
}

fn threads_one(level: u8) -> EngineConfig {
    EngineConfig {
        level,
        threads: 1,
        ..EngineConfig::default()
    }
}

/// Each prior: its name, how a player sets it, and what the first search gave.
type Prior = (
    &'static str,
    fn(EngineConfig, f32) -> EngineConfig,
    fn(u8, f64, EngineConfig, Option<Clock>) -> f32,
);

const PRIORS: [Prior; 2] = [
    (
        "value prior",
        |config, k| EngineConfig {
            value_prior: Some(k),
            ..config
        },
        first_search_prior,
    ),
    (
        "move prior",
        |config, k| EngineConfig {
            move_prior: Some(k),
            ..config
        },
        first_search_move_prior,
    ),
];

/// What a default prior of `k` comes to: on where the processor values fast (AVX2 and FMA),
/// as every machine these tests have run on does; off elsewhere.
fn when_fast(k: f32) -> f32 {
    if value::fast_valuation() {
        k
    } else {
        0.0
    }
}

#[test]
fn nine_by_nine_search_by_the_clock_gets_the_network_prior() {
    let prior = first_search_prior(9, 7.5, threads_one(10), Some(Clock::main_time(2.0)));
    assert_eq!(prior, when_fast(value::TIMED_PRIOR));
    assert_eq!(value::default_prior(true), when_fast(value::TIMED_PRIOR));
}

#[test]
fn nine_by_nine_search_by_the_clock_gets_the_move_prior_at_any_komi() {
    let clock = Some(Clock::main_time(2.0));
    let expected = when_fast(value::TIMED_MOVE_PRIOR);
    for komi in [7.5, 6.5] {
        let prior = first_search_move_prior(9, komi, threads_one(10), clock);
        assert_eq!(prior, expected, "komi {komi}");
    }
    assert_eq!(value::default_move_prior(true), expected);
}

#[test]
fn the_top_levels_own_budget_gets_the_network_and_its_mix() {
    // Level 10 without a clock: its fixed 10 000 playouts, as the web plays it.
    let info = common::first_search(9, 7.5, threads_one(10), None);
    assert_eq!(info.value_prior, when_fast(value::TIMED_PRIOR));
    assert_eq!(info.move_prior, when_fast(value::TIMED_MOVE_PRIOR));
    assert_eq!(info.value_mix, when_fast(value::TIMED_VALUE_MIX));
    // A budget the player sets at level 10 keeps the lower levels' default: off.
    let counted = EngineConfig {
        playouts: Some(300),
        ..threads_one(10)
    };
    for (name, _, first) in PRIORS {
        assert_eq!(
            first(9, 7.5, counted, None),
            0.0,
            "{name}, level 10 at 300 playouts"
        );
    }
}

#[test]
fn a_levels_fixed_budget_and_other_boards_keep_both_priors_off() {
    let clock = Some(Clock::main_time(2.0));
    for (name, _, first) in PRIORS {
        assert_eq!(
            first(9, 7.5, threads_one(3), clock),
            0.0,
            "{name}, level 3 on a clock"
        );
        assert_eq!(first(9, 7.5, threads_one(3), None), 0.0, "{name}, level 3");
        assert_eq!(first(13, 7.5, threads_one(10), clock), 0.0, "{name}, 13×13");
    }
}

#[test]
fn other_komi_keeps_the_network_off() {
    let clock = Some(Clock::main_time(1.0));
    assert_eq!(first_search_prior(9, 6.5, threads_one(10), clock), 0.0);
}

#[test]
fn a_prior_set_by_the_player_wins_over_the_default() {
    for (name, set, first) in PRIORS {
        // Off where the default is on: a 9×9 search by the clock.
        let off = set(threads_one(10), 0.0);
        assert_eq!(
            first(9, 7.5, off, Some(Clock::main_time(2.0))),
            0.0,
            "{name}"
        );
        // On where the default is off: a level's fixed budget.
        let on = EngineConfig {
            playouts: Some(300),
            ..set(threads_one(3), 12.0)
        };
        assert_eq!(first(9, 7.5, on, None), 12.0, "{name}");
    }
}

#[test]
fn nine_by_nine_search_by_the_clock_mixes_the_network_into_the_results() {
    let mix = first_search_mix(7.5, threads_one(10), Some(Clock::main_time(2.0)));
    assert_eq!(mix, when_fast(value::TIMED_VALUE_MIX));
    assert_eq!(value::TIMED_VALUE_MIX, 0.25);
    assert_eq!(
        value::default_value_mix(true),
        when_fast(value::TIMED_VALUE_MIX)
    );
    assert_eq!(value::default_value_mix(false), 0.0);
}

#[test]
fn the_mix_goes_only_where_the_network_prior_values_nodes() {
    let clock = Some(Clock::main_time(2.0));
    let mixed = |config: EngineConfig| EngineConfig {
        value_mix: Some(0.5),
        ..config
    };
    // A level's fixed budget: no prior, so no mix, asked for or not.
    assert_eq!(first_search_mix(7.5, threads_one(3), None), 0.0);
    assert_eq!(first_search_mix(7.5, mixed(threads_one(3)), None), 0.0);
    // Other komi: the network is off.
    assert_eq!(first_search_mix(6.5, mixed(threads_one(10)), clock), 0.0);
    // The prior turned off by the player takes the mix with it.
    let no_prior = EngineConfig {
        value_prior: Some(0.0),
        ..mixed(threads_one(10))
    };
    assert_eq!(first_search_mix(7.5, no_prior, clock), 0.0);
    // The prior asked for at a level's budget: the mix is off by default there, on when asked.
    let with_prior = EngineConfig {
        value_prior: Some(12.0),
        playouts: Some(300),
        ..threads_one(3)
    };
    assert_eq!(first_search_mix(7.5, with_prior, None), 0.0);
    assert_eq!(first_search_mix(7.5, mixed(with_prior), None), 0.5);
}

#[test]
fn the_wide_network_goes_where_the_network_priors_are_on_by_default() {
    let clock = Some(Clock::main_time(2.0));
    let depth = |size: u8, config: EngineConfig, clock: Option<Clock>| {
        first_search(size, 7.5, config, clock).wide_depth
    };
    let when_fast_depth = |d: u8| if value::fast_valuation() { d } else { 0 };
    // A 9×9 search by the clock, and the top level's own budget.
    let by_default = when_fast_depth(value::TIMED_WIDE_DEPTH);
    assert_eq!(depth(9, threads_one(10), clock), by_default);
    assert_eq!(depth(9, threads_one(10), None), by_default);
    // A lower level's fixed budget, and a board the network does not value: none.
    assert_eq!(depth(9, threads_one(3), None), 0);
    assert_eq!(depth(13, threads_one(10), clock), 0);
    // What the player sets, where the priors are on.
    let set = |d: u8, config: EngineConfig| EngineConfig {
        wide_depth: Some(d),
        ..config
    };
    assert_eq!(depth(9, set(0, threads_one(10)), clock), 0);
    assert_eq!(depth(9, set(2, threads_one(10)), clock), when_fast_depth(2));
    // With both priors turned off there is no network for it to stand in for.
    let no_network = EngineConfig {
        value_prior: Some(0.0),
        move_prior: Some(0.0),
        ..set(3, threads_one(10))
    };
    assert_eq!(depth(9, no_network, clock), 0);
}
