//! Pondering (docs/ENGINE.md, "Pondering"): after its move the engine searches the
//! opponent's turn on its kept tree, and the search after the opponent's reply starts from
//! what pondering found there; in any other position pondering does nothing.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tengen_engine::{Engine, EngineConfig, EngineMove, Pondered, SearchControl, SearchInfo};
use tengen_rules::{Game, Point, Rules};

/// An engine at a small fixed budget, one thread.
fn engine() -> Engine {
    Engine::new(EngineConfig {
        playouts: Some(300),
        threads: 1,
        ..EngineConfig::default()
    })
    .with_seed(11)
}

/// A 9×9 game after Black's C3 and White's G7.
fn opening() -> Game {
    let mut game = Game::new(Rules::chinese(9)).unwrap();
    game.place(Point::parse_gtp("C3").unwrap()).unwrap();
    game.place(Point::parse_gtp("G7").unwrap()).unwrap();
    game
}

/// Plays the engine's move for the side to move and returns it.
fn play_engine_move(engine: &mut Engine, game: &mut Game) -> Point {
    let color = game.to_move();
    match engine.genmove(game, color, None) {
        EngineMove::Place(p) => {
            game.place(p).unwrap();
            p
        }
        other => panic!("expected a stone in the opening, got {other:?}"),
    }
}

/// Ponders `game` until `millis` milliseconds have passed (the opponent "answers" then).
fn ponder_for(engine: &mut Engine, game: &Game, millis: u64) -> Option<Pondered> {
    let cancel = Arc::new(AtomicBool::new(false));
    let control = SearchControl {
        cancel: Some(cancel.clone()),
        progress: None,
    };
    std::thread::scope(|s| {
        s.spawn(|| {
            std::thread::sleep(Duration::from_millis(millis));
            cancel.store(true, Ordering::Relaxed);
        });
        engine.ponder(game, &control)
    })
}

/// Plays the reply, searches Black's next move and returns what that search did.
fn next_search(engine: &mut Engine, game: &mut Game, reply: Point) -> SearchInfo {
    game.place(reply).unwrap();
    play_engine_move(engine, game);
    engine.last_search().expect("a search ran")
}

#[test]
fn pondering_puts_its_playouts_into_the_search_after_the_opponents_reply() {
    let mut pondering = engine();
    let mut plain = engine();
    let mut game = opening();
    let mut same_game = opening();
    let mine = play_engine_move(&mut pondering, &mut game);
    assert_eq!(play_engine_move(&mut plain, &mut same_game), mine);

    let pondered = ponder_for(&mut pondering, &game, 800).expect("the position after its move");
    assert!(pondered.playouts >= 300, "{pondered:?}");

    let reply = pondered.expected_reply.expect("a stone to expect");
    let with = next_search(&mut pondering, &mut game, reply);
    let without = next_search(&mut plain, &mut same_game, reply);
    assert!(
        with.reused_tree && without.reused_tree,
        "{with:?} {without:?}"
    );
    assert!(
        with.kept_playouts >= without.kept_playouts + 100,
        "pondering's playouts through {reply:?} are kept: {with:?} against {without:?}"
    );
    // The pondered lead does not end the search at once (it did after 64 playouts when the
    // kept visits counted in the early stop's lead; 192 or 256 now, as without pondering).
    assert!(with.playouts >= 128, "{with:?}");
}

/// An engine that has played Black's third move of [`opening`] and pondered 100 ms after it,
/// with the game.
fn pondered_after_its_move() -> (Engine, Game) {
    let mut e = engine();
    let mut game = opening();
    play_engine_move(&mut e, &mut game);
    assert!(ponder_for(&mut e, &game, 100).is_some());
    (e, game)
}

#[test]
fn pondering_twice_on_one_turn_does_nothing_the_second_time() {
    let (mut e, game) = pondered_after_its_move();
    assert_eq!(ponder_for(&mut e, &game, 100), None);
}

#[test]
fn pondering_does_nothing_in_a_position_the_engine_did_not_move_into() {
    let mut e = engine();
    let mut game = opening();
    let mine = play_engine_move(&mut e, &mut game);

    // Before its move, and after another stone than the one it chose.
    let before = opening();
    assert_eq!(ponder_for(&mut e, &before, 50), None);
    let mut other = opening();
    let elsewhere = if mine == Point::parse_gtp("E5").unwrap() {
        "D5"
    } else {
        "E5"
    };
    other.place(Point::parse_gtp(elsewhere).unwrap()).unwrap();
    assert_eq!(ponder_for(&mut e, &other, 50), None);

    // The kept tree is still there for the position it was searched for.
    assert!(ponder_for(&mut e, &game, 50).is_some());
}

#[test]
fn a_new_engine_has_nothing_to_ponder() {
    let mut e = engine();
    assert_eq!(ponder_for(&mut e, &opening(), 50), None);
}

#[test]
fn after_pondering_an_unexpected_reply_still_gets_a_legal_move() {
    let (mut e, mut game) = pondered_after_its_move();
    // White passes: pondering searched stones, the next search starts afresh or from the
    // pass's node, and plays a legal move either way.
    game.pass().unwrap();
    let color = game.to_move();
    match e.genmove(&game, color, None) {
        EngineMove::Place(p) => assert!(game.is_legal(p)),
        other => panic!("expected a stone in the opening, got {other:?}"),
    }
}
