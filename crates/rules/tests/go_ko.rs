//! Simple ko, positional superko and passing.

mod common;
use common::*;
use tengen_rules::{Action, ActionError, Color, Game, KoRule, Phase, PlayError, Rules};

/// One ko shape at the left edge: White B8 can be taken by Black C8.
const ONE_KO: [&str; 9] = [
    ".XO......",
    "XO.O.....",
    ".XO......",
    ".........",
    ".........",
    ".........",
    ".........",
    ".........",
    ".........",
];

/// Three ko shapes: Black can take at C8 and C4, White at G8. Taking all three in turn and
/// retaking all three returns to the start after six moves (a triple-ko cycle).
const TRIPLE_KO: [&str; 9] = [
    ".XO...XO.",
    "XO.O.X.XO",
    ".XO...XO.",
    ".........",
    ".XO......",
    "XO.O.....",
    ".XO......",
    ".........",
    ".........",
];

#[test]
fn simple_ko_recapture_is_refused_at_once() {
    for ko in [KoRule::Simple, KoRule::PositionalSuperko] {
        let mut g = game_from(
            Rules {
                ko,
                ..Rules::chinese(9)
            },
            &ONE_KO,
            Color::Black,
        );
        assert_eq!(g.place(pt("C8")).unwrap(), 1);
        assert_eq!(g.ko_point(), Some(pt("B8")));
        assert_eq!(
            g.place(pt("B8")),
            Err(ActionError::Play(PlayError::Ko(pt("B8"))))
        );
        assert_eq!(g.view().illegal.get(&pt("B8")), Some(&"ko"));
    }
}

#[test]
fn ko_recapture_allowed_after_a_ko_threat() {
    let mut g = game_from(Rules::japanese(9), &ONE_KO, Color::Black);
    play(&mut g, &["C8", "H2", "H3"]); // take, threat, answer
    assert_eq!(g.ko_point(), None);
    assert_eq!(g.place(pt("B8")).unwrap(), 1, "White retakes the ko");
    assert_eq!(
        g.place(pt("C8")),
        Err(ActionError::Play(PlayError::Ko(pt("C8"))))
    );
}

#[test]
fn ko_retake_after_passes_allowed_only_under_simple_ko() {
    for (rules, retake_legal) in [(Rules::japanese(9), true), (Rules::chinese(9), false)] {
        let mut g = game_from(rules, &ONE_KO, Color::Black);
        play(&mut g, &["C8", "pass", "pass"]);
        assert_eq!(g.phase(), Phase::ScoreReview);
        g.apply(&Action::Resume {}).unwrap();
        assert_eq!(
            g.to_move(),
            Color::White,
            "the player whose turn follows the passes"
        );
        let retake = g.place(pt("B8"));
        if retake_legal {
            assert_eq!(retake, Ok(1));
        } else {
            assert_eq!(retake, Err(ActionError::Play(PlayError::Superko(pt("B8")))));
        }
    }
}

#[test]
fn triple_ko_cycle_refused_only_under_superko() {
    let cycle = ["C8", "G8", "C4", "B8", "H8"];
    let mut superko = game_from(Rules::chinese(9), &TRIPLE_KO, Color::Black);
    play(&mut superko, &cycle);
    assert_eq!(
        superko.place(pt("B4")),
        Err(ActionError::Play(PlayError::Superko(pt("B4")))),
        "White's retake would recreate the starting position"
    );
    assert_eq!(superko.view().illegal.get(&pt("B4")), Some(&"superko"));

    let mut simple = game_from(Rules::japanese(9), &TRIPLE_KO, Color::Black);
    play(&mut simple, &cycle);
    assert_eq!(
        simple.place(pt("B4")).unwrap(),
        1,
        "simple ko allows the cycle"
    );
    assert_eq!(simple.board(), &common::diagram(&TRIPLE_KO));
}

#[test]
fn pass_resets_the_ko_and_the_pass_count() {
    let mut g = Game::new(Rules::chinese(9)).unwrap();
    play(&mut g, &["E5", "pass"]);
    assert_eq!(g.consecutive_passes(), 1);
    play(&mut g, &["D4"]);
    assert_eq!(g.consecutive_passes(), 0);
    play(&mut g, &["pass", "pass"]);
    assert_eq!(g.phase(), Phase::ScoreReview);
}

#[test]
fn double_pass_on_empty_board_finishes_at_once() {
    let mut g = Game::new(Rules::chinese(9)).unwrap();
    play(&mut g, &["pass", "pass"]);
    assert_eq!(g.phase(), Phase::Finished);
    assert!(g.review().is_none());
    assert_eq!(g.result().unwrap().to_string(), "W+7.5");
    assert_eq!(g.place(pt("E5")), Err(ActionError::GameOver));
}

#[test]
fn passes_are_not_repetitions_under_superko() {
    let mut g = Game::new(Rules::chinese(9)).unwrap();
    play(&mut g, &["E5", "pass", "D5"]);
    assert_eq!(g.move_number(), 3);
}
