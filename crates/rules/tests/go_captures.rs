//! Captures, suicide and the board's bookkeeping in named situations.

mod common;
use common::*;
use tengen_rules::{ActionError, Color, Game, PlayError, Rules};

#[test]
fn corner_stone_captured_by_two_stones() {
    let mut g = Game::new(Rules::chinese(9)).unwrap();
    play(&mut g, &["B1", "A1", "A2"]);
    assert_eq!(g.board().get(pt("A1")), None);
    assert_eq!(g.captures(), [1, 0]);
}

#[test]
fn edge_pair_captured_by_four_stones() {
    let mut g = game_from(
        Rules::chinese(9),
        &[
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            "...XX....",
            "..XOO....",
        ],
        Color::Black,
    );
    play(&mut g, &["F1"]);
    assert_eq!(g.board().get(pt("D1")), None);
    assert_eq!(g.board().get(pt("E1")), None);
    assert_eq!(g.captures()[Color::Black.index()], 2);
}

#[test]
fn centre_stone_captured_by_four_stones() {
    let mut g = Game::new(Rules::chinese(9)).unwrap();
    play(&mut g, &["E4", "E5", "D5", "A1", "F5", "A2", "E6"]);
    assert_eq!(g.board().get(pt("E5")), None);
    assert_eq!(g.captures(), [1, 0]);
}

#[test]
fn one_stone_captures_two_separate_groups() {
    // White A2 and B1 each have only A1 left; Black A1 takes both.
    let mut g = game_from(
        Rules::chinese(5),
        &[".....", ".....", "X....", "OX...", ".OX.."],
        Color::Black,
    );
    let captured = g.place(pt("A1")).unwrap();
    assert_eq!(captured, 2);
    assert_eq!(g.board().get(pt("A2")), None);
    assert_eq!(g.board().get(pt("B1")), None);
}

#[test]
fn capture_saves_from_self_atari() {
    // A1 has no empty neighbour, but it captures, so it is not suicide.
    let g = game_from(
        Rules::chinese(5),
        &[".....", ".....", "X....", "OX...", ".OX.."],
        Color::Black,
    );
    assert!(g.is_legal(pt("A1")));
    assert_eq!(g.check_place(pt("A1")).unwrap().captures, 2);
}

#[test]
fn snapback_captures_five() {
    let mut g = game_from(
        Rules::chinese(5),
        &[".....", ".....", "XXXX.", "OOOX.", "..OX."],
        Color::Black,
    );
    // Black throws in at B1, White captures it at A1 and is left with one liberty.
    assert_eq!(g.place(pt("B1")).unwrap(), 0);
    assert_eq!(g.place(pt("A1")).unwrap(), 1);
    assert_eq!(g.board().liberties(pt("A1")), 1);
    assert_eq!(g.place(pt("B1")).unwrap(), 5);
    assert_eq!(g.captures(), [5, 1]);
}

#[test]
fn single_stone_suicide_is_illegal() {
    let mut g = game_from(
        Rules::chinese(5),
        &[".....", ".....", ".....", "OO...", ".O..."],
        Color::Black,
    );
    let before = g.clone().view();
    assert_eq!(
        g.place(pt("A1")),
        Err(ActionError::Play(PlayError::Suicide(pt("A1"))))
    );
    assert_eq!(g.view(), before, "a refused move changes nothing");
}

#[test]
fn multi_stone_suicide_is_illegal() {
    // Black A1-B1 has only C1 left; filling it captures nothing.
    let mut g = game_from(
        Rules::chinese(5),
        &[".....", ".....", ".....", "OOO..", "XX.O."],
        Color::Black,
    );
    assert_eq!(
        g.place(pt("C1")),
        Err(ActionError::Play(PlayError::Suicide(pt("C1"))))
    );
    assert_eq!(g.board().get(pt("C1")), None);
    assert_eq!(g.to_move(), Color::Black);
}

#[test]
fn occupied_point_is_refused() {
    let mut g = Game::new(Rules::chinese(9)).unwrap();
    play(&mut g, &["E5"]);
    assert_eq!(
        g.place(pt("E5")),
        Err(ActionError::Play(PlayError::Occupied(pt("E5"))))
    );
    assert_eq!(g.to_move(), Color::White);
}

#[test]
fn off_board_point_is_refused() {
    let mut g = Game::new(Rules::chinese(9)).unwrap();
    assert_eq!(
        g.place(pt("K10")),
        Err(ActionError::Play(PlayError::OffBoard(pt("K10"), 9)))
    );
    assert_eq!(g.move_number(), 0);
}

#[test]
fn illegal_points_list_reasons_for_empty_points_only() {
    let g = game_from(
        Rules::chinese(5),
        &[".....", ".....", ".....", "OO...", ".O..."],
        Color::Black,
    );
    let illegal = g.illegal_points();
    assert_eq!(illegal.len(), 1);
    assert_eq!(illegal[0].0, pt("A1"));
    assert_eq!(illegal[0].1.reason(), "suicide");
}
