//! The computer's next move in a game starts from the search tree of its last move: the pool
//! keeps the engine filed under the game after its move, and the record plus one reply finds it.

use tengen_rules::{Action, Point, Record};
use tengen_server::computer::{ComputerPool, Thought};

/// A level whose budget expands the tree below the chosen move, with no randomness in the
/// choice.
const LEVEL: u8 = 6;

fn empty_9x9() -> Record {
    serde_json::from_str(r#"{"rules": {"size": 9}, "actions": []}"#).unwrap()
}

async fn think(pool: &ComputerPool, record: &Record, level: u8) -> Thought {
    let game = record.replay_go().expect("a valid record");
    pool.genmove(record, game.into(), level)
        .await
        .expect("the computer moves")
}

/// A legal reply away from the edge: the tree holds every such move below the computer's move.
fn reply(record: &Record) -> Action {
    let game = record.replay_go().unwrap();
    ["C3", "G7", "C7", "G3", "E5", "E3"]
        .iter()
        .map(|p| p.parse::<Point>().unwrap())
        .find(|&p| game.is_legal(p))
        .map(Action::Place)
        .expect("a free point")
}

fn with(record: &Record, action: Action) -> Record {
    let mut next = record.clone();
    next.actions.push(action);
    next
}

#[tokio::test]
async fn the_next_computer_move_of_a_game_reuses_the_search_tree() {
    let pool = ComputerPool::new(1, 4);
    let start = empty_9x9();
    let first = think(&pool, &start, LEVEL).await;
    assert!(!first.search.unwrap().reused_tree, "nothing to reuse yet");
    assert!(matches!(first.action, Action::Place(_)));
    assert_eq!(pool.kept_engines(), 1);

    let after_move = with(&start, first.action.clone());
    let record = with(&after_move, reply(&after_move));
    let second = think(&pool, &record, LEVEL).await;
    let search = second.search.unwrap();
    assert!(
        search.reused_tree,
        "the second move reuses the first move's tree"
    );
    assert!(search.nodes > 1);
    // The engine went out of the cache for the search and came back under the new position.
    assert_eq!(pool.kept_engines(), 1);
}

#[tokio::test]
async fn another_game_or_another_level_starts_a_fresh_search() {
    let pool = ComputerPool::new(1, 4);
    let start = empty_9x9();
    let first = think(&pool, &start, LEVEL).await;
    let Action::Place(chosen) = first.action else {
        panic!("the computer opens with a stone");
    };

    // The same game at another level: that level's engine has no tree of this game.
    let after_move = with(&start, first.action.clone());
    let record = with(&after_move, reply(&after_move));
    let other_level = think(&pool, &record, LEVEL + 1).await;
    assert!(!other_level.search.unwrap().reused_tree);

    // Another game: the computer's first stone elsewhere, then the same kind of reply.
    let elsewhere = ["E5", "D4"]
        .iter()
        .map(|p| p.parse::<Point>().unwrap())
        .find(|&p| p != chosen)
        .unwrap();
    let other_game = with(&start, Action::Place(elsewhere));
    let other_record = with(&other_game, reply(&other_game));
    let fresh = think(&pool, &other_record, LEVEL).await;
    assert!(!fresh.search.unwrap().reused_tree);

    // The first game's engine is still kept for its own next move.
    let own = think(&pool, &record, LEVEL).await;
    assert!(own.search.unwrap().reused_tree);
    assert!(pool.kept_engines() <= 4);
}
