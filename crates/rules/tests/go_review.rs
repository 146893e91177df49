//! Score review end to end: the shared-board and table protocols, resume, resign.

mod common;
use common::*;
use tengen_rules::{
    Action, ActionError, Color, Game, GameResult, Phase, PlayError, ReviewError, ReviewProtocol,
    Rules,
};

fn in_review(protocol: ReviewProtocol) -> Game {
    let mut g = game_from(
        Rules {
            review: protocol,
            ..Rules::chinese(9)
        },
        &SPLIT,
        Color::Black,
    );
    play(&mut g, &["pass", "pass"]);
    assert_eq!(g.phase(), Phase::ScoreReview);
    g
}

fn act(g: &mut Game, a: Action) {
    g.apply(&a).unwrap_or_else(|e| panic!("{a:?}: {e}"));
}

#[test]
fn shared_review_marks_dead_group_and_both_confirm() {
    let mut g = in_review(ReviewProtocol::Shared);
    assert!(
        g.review().unwrap().dead().is_empty(),
        "no marks before a suggestion"
    );
    act(&mut g, Action::ToggleDead(pt("H6")));
    assert_eq!(g.current_score().unwrap().result.to_string(), "B+1.5");
    assert_eq!(g.review().unwrap().next_confirm(), Color::Black);
    act(&mut g, Action::Confirm(Color::Black));
    assert_eq!(g.review().unwrap().next_confirm(), Color::White);
    act(&mut g, Action::Confirm(Color::White));
    assert_eq!(g.phase(), Phase::Finished);
    assert_eq!(g.result().unwrap().to_string(), "B+1.5");
    assert_eq!(g.final_score().unwrap().black.territory, 36);
}

#[test]
fn shared_review_change_clears_both_confirmations() {
    let mut g = in_review(ReviewProtocol::Shared);
    act(&mut g, Action::ToggleDead(pt("H6")));
    act(&mut g, Action::Confirm(Color::Black));
    act(&mut g, Action::ToggleDead(pt("H6")));
    assert_eq!(g.review().unwrap().confirmed(), [false, false]);
    assert_eq!(g.review().unwrap().next_confirm(), Color::Black);
    act(&mut g, Action::ToggleDead(pt("H6")));
    act(&mut g, Action::Confirm(Color::Black));
    // Setting the same marks again is not a change.
    act(&mut g, Action::SetDead(vec![pt("H6")]));
    assert_eq!(g.review().unwrap().confirmed(), [true, false]);
}

#[test]
fn shared_review_confirmations_go_black_then_white() {
    let mut g = in_review(ReviewProtocol::Shared);
    assert_eq!(
        g.apply(&Action::Confirm(Color::White)),
        Err(ActionError::Review(ReviewError::WrongConfirmation {
            expected: Color::Black
        }))
    );
    assert_eq!(g.review().unwrap().confirmed(), [false, false]);
}

#[test]
fn resume_play_clears_marks_and_gives_move_to_player_after_the_passes() {
    let mut g = game_from(Rules::chinese(9), &SPLIT, Color::White);
    play(&mut g, &["pass", "pass"]);
    assert_eq!(
        g.to_move(),
        Color::White,
        "White passed first, so White moves next"
    );
    act(&mut g, Action::ToggleDead(pt("H6")));
    act(&mut g, Action::Resume {});
    assert_eq!(g.phase(), Phase::Playing);
    assert_eq!(g.to_move(), Color::White);
    assert!(g.review().is_none());
    assert_eq!(g.consecutive_passes(), 0);
    // Settle the dispute on the board, then pass again into a fresh review.
    play(&mut g, &["G6", "pass", "pass"]);
    assert!(g.review().unwrap().dead().is_empty());
}

#[test]
fn marking_an_empty_point_is_refused() {
    let mut g = in_review(ReviewProtocol::Shared);
    assert_eq!(
        g.apply(&Action::ToggleDead(pt("G5"))),
        Err(ActionError::Review(ReviewError::NoStone(pt("G5"))))
    );
}

#[test]
fn marking_selects_the_whole_chain() {
    let mut g = in_review(ReviewProtocol::Shared);
    act(&mut g, Action::ToggleDead(pt("D5")));
    assert_eq!(g.review().unwrap().dead().len(), 9);
    act(&mut g, Action::ToggleDead(pt("D1")));
    assert!(g.review().unwrap().dead().is_empty());
}

#[test]
fn placing_during_review_is_refused() {
    let mut g = in_review(ReviewProtocol::Shared);
    assert_eq!(
        g.place(pt("G5")),
        Err(ActionError::Play(PlayError::InReview))
    );
    assert_eq!(g.pass(), Err(ActionError::Play(PlayError::InReview)));
}

#[test]
fn review_actions_outside_review_are_refused() {
    let mut g = Game::new(Rules::chinese(9)).unwrap();
    assert_eq!(
        g.apply(&Action::Confirm(Color::Black)),
        Err(ActionError::Review(ReviewError::NotInReview))
    );
}

#[test]
fn table_review_matching_proposals_finish_the_game() {
    let mut g = in_review(ReviewProtocol::Table);
    // Black passed first, White second: Black's turn follows, so Black reviews first.
    assert_eq!(g.review().unwrap().reviewer(), Color::Black);
    act(&mut g, Action::ToggleDead(pt("H6")));
    act(
        &mut g,
        Action::Propose {
            color: Color::Black,
            dead: None,
        },
    );
    assert_eq!(g.review().unwrap().reviewer(), Color::White);
    assert!(
        g.review().unwrap().dead().is_empty(),
        "White starts from a clean slate"
    );
    act(
        &mut g,
        Action::Propose {
            color: Color::White,
            dead: Some(vec![pt("H6")]),
        },
    );
    assert_eq!(g.phase(), Phase::Finished);
    assert_eq!(g.result().unwrap().to_string(), "B+1.5");
}

#[test]
fn table_review_mismatch_cancels_and_resumes_play() {
    let mut g = in_review(ReviewProtocol::Table);
    act(
        &mut g,
        Action::Propose {
            color: Color::Black,
            dead: Some(vec![pt("H6")]),
        },
    );
    act(
        &mut g,
        Action::Propose {
            color: Color::White,
            dead: Some(vec![]),
        },
    );
    assert_eq!(g.phase(), Phase::Playing);
    assert!(g.review().is_none());
    assert_eq!(g.to_move(), Color::Black);
    play(&mut g, &["G6"]);
}

#[test]
fn table_review_refuses_the_wrong_reviewer_and_shared_actions() {
    let mut g = in_review(ReviewProtocol::Table);
    assert_eq!(
        g.apply(&Action::Propose {
            color: Color::White,
            dead: None
        }),
        Err(ActionError::Review(ReviewError::NotReviewer {
            expected: Color::Black
        }))
    );
    assert!(matches!(
        g.apply(&Action::Confirm(Color::Black)),
        Err(ActionError::Review(ReviewError::WrongProtocol(_)))
    ));
    assert!(matches!(
        g.apply(&Action::Resume {}),
        Err(ActionError::Review(ReviewError::WrongProtocol(_)))
    ));
}

#[test]
fn resign_awards_the_win_to_the_other_color() {
    let mut g = Game::new(Rules::chinese(9)).unwrap();
    play(&mut g, &["E5"]);
    act(&mut g, Action::Resign(Color::Black));
    assert_eq!(g.phase(), Phase::Finished);
    assert_eq!(
        g.result(),
        Some(GameResult::Resignation {
            winner: Color::White
        })
    );
    assert_eq!(g.result().unwrap().to_string(), "W+R");
    assert_eq!(
        g.apply(&Action::Resign(Color::White)),
        Err(ActionError::GameOver)
    );
}

#[test]
fn resign_during_review_ends_the_game() {
    let mut g = in_review(ReviewProtocol::Shared);
    act(&mut g, Action::Resign(Color::White));
    assert_eq!(g.result().unwrap().to_string(), "B+R");
    assert!(g.review().is_none());
}

#[test]
fn time_moves_are_refused_in_standard_go() {
    let mut g = Game::new(Rules::chinese(9)).unwrap();
    assert!(matches!(
        g.apply(&Action::Lock {}),
        Err(ActionError::WrongVariant(_))
    ));
}

#[test]
fn play_on_after_an_empty_board_double_pass_continues_with_black() {
    // GTP has no end of game: a session goes on where the app would have finished.
    let mut g = Game::new(Rules::chinese(9)).unwrap();
    play(&mut g, &["pass", "pass"]);
    assert_eq!(g.phase(), Phase::Finished);
    g.play_on().unwrap();
    assert_eq!(g.phase(), Phase::Playing);
    assert_eq!(g.to_move(), Color::Black);
    assert_eq!(g.result(), None);
    assert_eq!(g.consecutive_passes(), 0);
    play(&mut g, &["E5"]);
    assert_eq!(g.board().get(pt("E5")), Some(Color::Black));
}

#[test]
fn play_on_from_review_drops_the_marks_and_black_moves_next() {
    let mut g = in_review(ReviewProtocol::Shared);
    act(&mut g, Action::ToggleDead(pt("H6")));
    g.play_on().unwrap();
    assert_eq!(g.phase(), Phase::Playing);
    assert!(g.review().is_none());
    assert_eq!(g.to_move(), Color::Black, "Black follows White's pass");
}

#[test]
fn play_on_is_refused_after_a_resignation_and_a_no_op_in_play() {
    let mut g = Game::new(Rules::chinese(9)).unwrap();
    g.play_on().unwrap();
    assert_eq!(g.phase(), Phase::Playing);
    act(&mut g, Action::Resign(Color::White));
    assert_eq!(g.play_on(), Err(ActionError::GameOver));
}

#[test]
fn a_record_that_plays_on_replays_only_with_replay_go_playing_on_and_writes_its_moves() {
    let mut record = tengen_rules::Record::new(Rules::chinese(9));
    record.actions = vec![
        Action::pass(),
        Action::pass(),
        Action::Resume {},
        Action::place(pt("E5")),
    ];
    assert!(record.replay_go().is_err(), "the app's games end there");
    let g = record.replay_go_playing_on().unwrap();
    assert_eq!(g.board().get(pt("E5")), Some(Color::Black));
    let sgf = tengen_rules::sgf::to_sgf(&record);
    assert!(sgf.contains(";B[];W[];B[ee])"), "{sgf}");
}
