//! The second look at a bimodal position (docs/ENGINE.md, "Second look"): a search that rates
//! the game open while its playouts' mean says the engine is far behind searches again, with
//! more playouts, on the same tree; an ordinary position does not.

mod common;

use common::position;
use tengen_engine::{Engine, EngineConfig, SearchInfo};
use tengen_rules::{Color, Game, Komi, Rules};

/// Black to move before move 25 of game 702 of the lost-games protocol (`--playouts 500`
/// against GNU Go): Black's four stones B2–E2 live under White's wall on the third line only
/// if Black gets there first, and GNU Go's estimate swings between B+23 and W+88 on them. The
/// search rates the game about 0.4 with its playouts' mean some 20 points behind.
const BIMODAL_BOTTOM_GROUP: [&str; 9] = [
    ".........",
    "...OO..O.",
    "..OXXO...",
    "..OX...X.",
    ".XXX.X...",
    ".......O.",
    ".OOOOO...",
    ".XXXX....",
    ".........",
];

/// What the search of `game` for Black at 2 000 playouts did, with the second look at `factor`.
fn search(game: &Game, factor: u32) -> SearchInfo {
    let mut e = Engine::new(EngineConfig {
        playouts: Some(2000),
        threads: 1,
        second_look: factor,
        ..EngineConfig::default()
    })
    .with_seed(7);
    e.genmove(game, Color::Black, None);
    e.last_search().expect("a search ran")
}

#[test]
fn a_bimodal_search_looks_again_with_more_playouts() {
    let info = search(&position(&BIMODAL_BOTTOM_GROUP, Color::Black, 7.5), 4);
    assert!(info.looked_again, "{info:?}");
    assert!(
        info.playouts > 2000 && info.playouts <= 8000,
        "both searches together: {info:?}"
    );
}

#[test]
fn without_the_switch_a_bimodal_search_keeps_its_budget() {
    let info = search(&position(&BIMODAL_BOTTOM_GROUP, Color::Black, 7.5), 1);
    assert!(!info.looked_again);
    assert!(info.playouts <= 2000, "{info:?}");
    // The position is what the switch is for: open by the win rate, far behind by the mean.
    assert!((0.2..0.5).contains(&info.winrate), "{info:?}");
    assert!(
        info.score <= -10.0,
        "Black 10 or more behind on the mean: {info:?}"
    );
}

#[test]
fn an_even_opening_does_not_look_again() {
    let game = Game::new(Rules::chinese(9).with_komi(Komi::from_points(7.5).unwrap())).unwrap();
    let info = search(&game, 4);
    assert!(!info.looked_again);
    assert!(info.playouts <= 2000, "{info:?}");
}

#[test]
fn a_lower_level_keeps_its_fixed_budget_in_a_bimodal_position() {
    let game = position(&BIMODAL_BOTTOM_GROUP, Color::Black, 7.5);
    let mut e = Engine::new(EngineConfig {
        level: 8,
        threads: 1,
        second_look: 4,
        ..EngineConfig::default()
    })
    .with_seed(7);
    e.genmove(&game, Color::Black, None);
    assert!(!e.last_search().expect("a search ran").looked_again);
}
