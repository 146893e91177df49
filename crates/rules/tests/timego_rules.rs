//! TimeGo: one test per clause of the rules ("Keep these rules together", seed 000), named
//! after the situation it checks. Boards are 5x5 unless said; `A1` is bottom-left.

mod timego_support;

use tengen_rules::timego::{CancelReason, Placement, TurnKind};
use tengen_rules::{Action, Color, GameResult, Phase, Rules, TimeError, TimeGame};
use timego_support::{action, game, p, snapshot, try_act};

const B: Color = Color::Black;
const W: Color = Color::White;

fn order(g: &TimeGame) -> Vec<(Color, String)> {
    g.order()
        .iter()
        .map(|x| (x.color, x.point.to_string()))
        .collect()
}

fn ord(list: &[(Color, &str)]) -> Vec<(Color, String)> {
    list.iter().map(|&(c, s)| (c, s.to_string())).collect()
}

fn cancelled(g: &TimeGame) -> Vec<(usize, Color, String, CancelReason)> {
    g.last_cancelled()
        .iter()
        .map(|c| (c.index, c.color, c.point.to_string(), c.reason))
        .collect()
}

/// Black C1, White B1, Black A1, White A2 (captures A1), Black B2, White E1, Black E5, White D5.
const CAPTURE_GAME: [&str; 8] = ["C1", "B1", "A1", "A2", "B2", "E1", "E5", "D5"];

/// A ko at B1/C1: White captures at B1 (index 7), Black passes, White plays E5, Black
/// recaptures at C1 (index 9), White passes, Black captures E5 with E4 (index 10), White A3.
const KO_GAME: [&str; 14] = [
    "A1", "C2", "C1", "D1", "B2", "A4", "D5", "B1", "pass", "E5", "C1", "pass", "E4", "A3",
];

#[test]
fn black_starts_and_players_alternate_every_turn() {
    let mut g = game(5, &[]);
    assert_eq!(g.to_move(), B);
    for (a, next) in [
        ("C3", W),
        ("pass", B),
        ("D4", W),
        ("E5", B),
        ("time D4 0", W),
        ("lock", B),
    ] {
        try_act(&mut g, a).unwrap();
        assert_eq!(g.to_move(), next, "after {a}");
    }
}

#[test]
fn place_appends_the_stone_to_the_placement_order() {
    let g = game(5, &["C3", "D4"]);
    assert_eq!(order(&g), ord(&[(B, "C3"), (W, "D4")]));
    assert_eq!(g.placement_of(p("D4")), Some(1));
    assert_eq!(
        g.turns()[1].kind,
        TurnKind::Place {
            point: p("D4"),
            index: 1
        }
    );
}

#[test]
fn place_captures_opposing_groups_without_liberties() {
    let g = game(5, &["A2", "A1", "B1"]);
    assert_eq!(g.board().get(p("A1")), None);
    assert_eq!(g.captures(), [1, 0]);
}

#[test]
fn place_refuses_an_occupied_point_and_suicide() {
    let mut g = game(5, &["A2", "E5", "B1"]);
    assert_eq!(try_act(&mut g, "A2"), Err(TimeError::Occupied(p("A2"))));
    assert_eq!(try_act(&mut g, "A1"), Err(TimeError::Suicide(p("A1"))));
}

#[test]
fn place_refuses_to_repeat_an_earlier_position_of_the_replay() {
    // White has just taken the ko at B1; retaking at C1 at once recreates the position.
    let mut g = game(5, &KO_GAME[..8]);
    let before = snapshot(&g);
    let err = try_act(&mut g, "C1").unwrap_err();
    assert_eq!(err, TimeError::RepeatedPosition(p("C1")));
    assert_eq!(err.to_string(), "C1 would repeat an earlier position");
    assert_eq!(snapshot(&g), before);
    assert_eq!(g.view().illegal.get(&p("C1")), Some(&"superko"));
}

#[test]
fn time_move_keeps_color_and_point_and_moves_the_placement_earlier() {
    let mut g = game(5, &["C3", "D4", "B2", "E1"]);
    try_act(&mut g, "time B2 1").unwrap();
    assert_eq!(
        order(&g),
        ord(&[(B, "C3"), (B, "B2"), (W, "D4"), (W, "E1")])
    );
    assert_eq!(g.board().get(p("B2")), Some(B));
    assert_eq!(
        g.turns().last().unwrap().kind,
        TurnKind::Time {
            stone: p("B2"),
            from: 2,
            to: 1,
            cancelled: vec![]
        }
    );
}

#[test]
fn time_move_captures_differently_in_the_new_past() {
    let mut g = game(5, &CAPTURE_GAME);
    // Originally White A2 captured Black A1 and Black B2 captured nothing.
    assert_eq!(g.board().get(p("A1")), None);
    assert_eq!(g.board().get(p("B1")), Some(W));
    assert_eq!(g.captures(), [0, 1]);
    // Black B2 travels to index 3, when White B1 had only B2 left: it captures B1 on arrival,
    // and White A2 no longer captures A1.
    try_act(&mut g, "time B2 3").unwrap();
    assert_eq!(g.board().get(p("B1")), None);
    assert_eq!(g.board().get(p("A1")), Some(B));
    assert_eq!(g.board().get(p("A2")), Some(W));
    assert_eq!(g.captures(), [1, 0]);
    assert!(g.last_cancelled().is_empty());
    g.check_invariants().unwrap();
}

#[test]
fn later_placement_is_cancelled_when_its_point_is_now_occupied() {
    // White A1 (index 1) was captured by Black A2; Black later played A1 itself (index 4).
    let mut g = game(5, &["B1", "A1", "A2", "E5", "A1", "E4"]);
    try_act(&mut g, "time A1 1").unwrap();
    assert_eq!(
        cancelled(&g),
        vec![(1, W, "A1".into(), CancelReason::Occupied)]
    );
    assert_eq!(
        order(&g),
        ord(&[(B, "B1"), (B, "A1"), (B, "A2"), (W, "E5"), (W, "E4")])
    );
    g.check_invariants().unwrap();
}

#[test]
fn later_placement_is_cancelled_as_suicide() {
    // White A1-A2 was captured by Black A3 (index 6). Sent before White A2 (index 3), Black A3
    // leaves White A2 without liberties when its turn comes: it is removed from the order.
    let mut g = game(5, &["B1", "A1", "B2", "A2", "E5", "E1", "A3", "E2"]);
    try_act(&mut g, "time A3 3").unwrap();
    assert_eq!(
        cancelled(&g),
        vec![(3, W, "A2".into(), CancelReason::Suicide)]
    );
    assert_eq!(g.board().get(p("A1")), Some(W));
    assert_eq!(g.board().get(p("A2")), None);
    assert_eq!(g.order().len(), 7);
    g.check_invariants().unwrap();
}

#[test]
fn later_placement_is_cancelled_as_a_repeated_position() {
    // Black E4 (index 10) travels before White's ko capture at B1 (index 7). White E5 becomes
    // suicide, so Black's recapture at C1 (index 9) now recreates the position right after
    // E4's arrival: it is cancelled too.
    let mut g = game(5, &KO_GAME);
    try_act(&mut g, "time E4 7").unwrap();
    assert_eq!(
        cancelled(&g),
        vec![
            (8, W, "E5".into(), CancelReason::Suicide),
            (9, B, "C1".into(), CancelReason::RepeatedPosition),
        ]
    );
    assert_eq!(
        order(&g),
        ord(&[
            (B, "A1"),
            (W, "C2"),
            (B, "C1"),
            (W, "D1"),
            (B, "B2"),
            (W, "A4"),
            (B, "D5"),
            (B, "E4"),
            (W, "B1"),
            (W, "A3"),
        ])
    );
    assert_eq!(g.board().get(p("C1")), None);
    assert_eq!(g.board().get(p("B1")), Some(W));
    g.check_invariants().unwrap();
}

#[test]
fn the_turn_record_keeps_what_each_time_move_cancelled_and_where() {
    let mut g = game(5, &KO_GAME);
    try_act(&mut g, "time E4 7").unwrap();
    try_act(&mut g, "pass").unwrap();
    let time_turn = &g.turns()[g.turns().len() - 2];
    assert_eq!(time_turn.color, B);
    let where_: Vec<(usize, String)> = time_turn
        .cancelled()
        .iter()
        .map(|c| (c.index, c.point.to_string()))
        .collect();
    assert_eq!(where_, vec![(8, "E5".into()), (9, "C1".into())]);
    assert!(g.last_cancelled().is_empty(), "a pass cancels nothing");
}

#[test]
fn illegal_arrival_is_rejected_with_nothing_changed() {
    let mut g = game(5, &KO_GAME);
    let before = snapshot(&g);
    // At index 7 Black's own C1 (index 2) still stands there.
    let err = try_act(&mut g, "time C1 7").unwrap_err();
    assert_eq!(err, TimeError::ArrivalOccupied);
    assert_eq!(
        err.to_string(),
        "it cannot arrive there: that point was occupied then"
    );
    // Right after White's ko capture, retaking at C1 recreates the position before it.
    let err = try_act(&mut g, "time C1 8").unwrap_err();
    assert_eq!(err, TimeError::ArrivalRepeats);
    assert_eq!(
        err.to_string(),
        "its arrival would repeat an earlier position"
    );
    assert_eq!(snapshot(&g), before);
    g.check_invariants().unwrap();
}

#[test]
fn arrival_without_liberties_is_rejected() {
    // Black A1 and B2 were in atari at B1 until Black A3 captured White A2 (index 8); Black
    // then played B1 (index 10). Before that capture B1 would have had no liberty.
    let mut g = game(
        5,
        &[
            "A1", "A2", "B2", "C2", "E5", "B3", "E4", "C1", "A3", "E3", "B1", "D4",
        ],
    );
    assert_eq!(g.placement_of(p("B1")), Some(10));
    let before = snapshot(&g);
    let err = try_act(&mut g, "time B1 8").unwrap_err();
    assert_eq!(err, TimeError::ArrivalSuicide);
    assert_eq!(
        err.to_string(),
        "it cannot arrive there: it would have no liberties then"
    );
    assert_eq!(snapshot(&g), before);
    try_act(&mut g, "time B1 9").unwrap();
}

#[test]
fn only_your_own_living_unlocked_stones_can_travel() {
    let mut g = game(5, &["A2", "A1", "B1", "C3", "lock", "D4", "E5", "E4"]);
    // Black to move. White's stone is not Black's; A1 is captured; B1 is locked.
    let before = snapshot(&g);
    assert_eq!(
        try_act(&mut g, "time D4 4"),
        Err(TimeError::NotYourStone(p("D4")))
    );
    assert_eq!(
        try_act(&mut g, "time A1 4"),
        Err(TimeError::NoStone(p("A1")))
    );
    let err = try_act(&mut g, "time B1 4").unwrap_err();
    assert_eq!(err, TimeError::Locked(p("B1")));
    assert_eq!(err.to_string(), "that stone's placement is locked");
    assert_eq!(snapshot(&g), before);
}

#[test]
fn a_stone_travels_only_within_the_unlocked_part_of_the_order() {
    // Order: C3 D4 | E5 B2 A1, boundary 2; Black to move, Black B2 at index 3.
    let mut g = game(5, &["C3", "D4", "lock", "E5", "B2", "A1"]);
    assert_eq!(g.boundary(), 2);
    let before = snapshot(&g);
    assert_eq!(
        try_act(&mut g, "time B2 1"),
        Err(TimeError::TargetLocked { to: 1, boundary: 2 })
    );
    assert_eq!(
        try_act(&mut g, "time B2 3"),
        Err(TimeError::NotEarlier { index: 3, to: 3 })
    );
    assert_eq!(snapshot(&g), before);
    try_act(&mut g, "time B2 2").unwrap();
    assert_eq!(g.placement_of(p("B2")), Some(2));
}

#[test]
fn a_stone_captured_in_the_locked_past_cannot_return() {
    // White A1 is captured at index 2, then White locks the past.
    let mut g = game(5, &["A2", "A1", "B1", "lock", "E5", "D4"]);
    assert_eq!(g.boundary(), 3);
    // White's only way back would be to undo Black's capture; the captured stone cannot be
    // chosen, the capturing placement is locked, and nothing can travel into the locked past.
    assert_eq!(try_act(&mut g, "pass"), Ok(()));
    assert_eq!(
        try_act(&mut g, "time A1 0"),
        Err(TimeError::NoStone(p("A1")))
    );
    assert_eq!(
        try_act(&mut g, "time D4 2"),
        Err(TimeError::TargetLocked { to: 2, boundary: 3 })
    );
    try_act(&mut g, "time D4 3").unwrap();
    assert_eq!(g.board().get(p("A1")), None);
    assert_eq!(
        &g.order()[..3],
        &[
            Placement::new(B, p("A2")),
            Placement::new(W, p("A1")),
            Placement::new(B, p("B1")),
        ]
    );
    assert!(g.view().timego.unwrap().order[1].locked);
}

#[test]
fn lock_protects_placements_not_stones_against_future_capture() {
    // Black A1 is locked, then captured by White's later B1.
    let g = game(5, &["A1", "A2", "lock", "B1"]);
    assert_eq!(g.board().get(p("A1")), None);
    assert_eq!(g.order()[0], Placement::new(B, p("A1")));
    let view = g.view().timego.unwrap();
    assert!(view.order[0].locked && !view.order[0].on_board);
    assert!(!view.order[2].locked && view.order[2].on_board);
}

#[test]
fn lock_is_refused_with_nothing_unlocked_and_allowed_again_after_a_new_placement() {
    let mut g = game(5, &[]);
    let err = try_act(&mut g, "lock").unwrap_err();
    assert_eq!(err, TimeError::NothingToLock);
    assert_eq!(err.to_string(), "nothing new to lock");
    try_act(&mut g, "C3").unwrap();
    try_act(&mut g, "lock").unwrap();
    assert_eq!(g.boundary(), 1);
    let before = snapshot(&g);
    assert_eq!(try_act(&mut g, "lock"), Err(TimeError::NothingToLock));
    assert_eq!(snapshot(&g), before);
    try_act(&mut g, "D4").unwrap();
    try_act(&mut g, "lock").unwrap();
    assert_eq!(g.boundary(), 2);
    assert_eq!(
        g.turns().last().unwrap().kind,
        TurnKind::Lock { boundary: 2 }
    );
}

#[test]
fn time_move_is_rejected_when_order_and_boundary_were_reached_before_though_the_board_differs() {
    let mut g = game(5, &CAPTURE_GAME);
    let original = g.order().to_vec();
    try_act(&mut g, "time B2 3").unwrap();
    let board_now = g.board().rows();
    // White sends A2 back before B2: exactly the order reached before Black's time move, whose
    // board (B1 White, A1 empty) differs from the board now (B1 empty, A1 Black).
    let before = snapshot(&g);
    let err = try_act(&mut g, "time A2 3").unwrap_err();
    assert_eq!(err, TimeError::RepeatedOrder);
    assert_eq!(
        err.to_string(),
        "this would repeat an earlier placement order"
    );
    assert_eq!(snapshot(&g), before);
    assert!(g.was_reached(&original, 0));
    let earlier = game(5, &CAPTURE_GAME);
    assert_ne!(earlier.board().rows(), board_now);
    assert!(g.legal_targets(p("A2")).iter().all(|t| t.to != 3));
}

#[test]
fn the_same_board_with_a_different_order_is_not_a_repetition() {
    let mut g = game(5, &["C3", "pass", "D4", "E1"]);
    let board = g.board().rows();
    try_act(&mut g, "time D4 0").unwrap();
    assert_eq!(g.board().rows(), board, "same stones, same board");
    assert_eq!(order(&g), ord(&[(B, "D4"), (B, "C3"), (W, "E1")]));
    // Also with a cancellation: the board after it equals the board before it.
    let mut g = game(5, &["B1", "A1", "A2", "E5", "A1", "E4"]);
    let board = g.board().rows();
    try_act(&mut g, "time A1 1").unwrap();
    assert_eq!(g.board().rows(), board);
}

#[test]
fn the_same_order_with_the_same_boundary_is_a_repetition() {
    let mut g = game(5, &["C3", "pass", "D4", "E1", "time D4 0", "pass"]);
    assert_eq!(try_act(&mut g, "time C3 0"), Err(TimeError::RepeatedOrder));
}

#[test]
fn passing_does_not_erase_the_record() {
    // Black moves D4 before C3, White passes, Black tries to move C3 back before D4: the
    // combination reached before the pass still counts.
    let mut g = game(5, &["C3", "pass", "D4", "E1", "time D4 0"]);
    let reached = g.reached_count();
    try_act(&mut g, "pass").unwrap();
    assert_eq!(
        g.reached_count(),
        reached,
        "a pass adds no combination and removes none"
    );
    assert_eq!(try_act(&mut g, "time C3 0"), Err(TimeError::RepeatedOrder));
    assert_eq!(g.turns().len(), 6);
    assert_eq!(g.turns()[5].kind, TurnKind::Pass);
}

#[test]
fn lock_does_not_erase_the_record() {
    let mut g = game(5, &["C3", "D4"]);
    let before_lock: Vec<Vec<Placement>> = g.reached().map(|(o, _)| o.to_vec()).collect();
    try_act(&mut g, "lock").unwrap();
    assert_eq!(g.reached_count(), before_lock.len() + 1);
    for (k, o) in before_lock.iter().enumerate() {
        assert!(g.was_reached(o, 0), "combination {k} forgotten");
    }
    assert!(g.was_reached(g.order(), 2));
    assert_eq!(g.turns().len(), 3);
}

#[test]
fn a_placement_time_move_or_lock_breaks_the_sequence_of_passes() {
    // Black E5, White C3, Black passes; White then acts and Black passes again: play goes on.
    for a in ["D4", "lock", "time C3 0"] {
        let mut g = game(5, &["E5", "C3", "pass"]);
        assert_eq!(g.consecutive_passes(), 1);
        try_act(&mut g, a).unwrap();
        assert_eq!(g.consecutive_passes(), 0, "after {a}");
        try_act(&mut g, "pass").unwrap();
        assert_eq!(g.phase(), Phase::Playing, "after {a} and a pass");
    }
}

#[test]
fn two_consecutive_passes_end_the_game_and_score_area_with_komi() {
    let mut g = game(5, &["C3", "pass", "pass"]);
    assert_eq!(g.phase(), Phase::Finished);
    // Black's one stone owns the whole empty board: 25 against White's komi 7.5.
    assert_eq!(
        g.result(),
        Some(GameResult::Score {
            winner: B,
            margin_halves: 35
        })
    );
    let score = g.final_score().unwrap();
    assert_eq!((score.black.stones, score.black.territory), (1, 24));
    assert_eq!(try_act(&mut g, "D4"), Err(TimeError::GameOver));
    let view = g.view();
    assert_eq!(view.result, g.result());
    assert!(view.score.is_some());
}

#[test]
fn an_empty_board_after_two_passes_goes_to_white_by_komi() {
    let g = game(9, &["pass", "pass"]);
    assert_eq!(
        g.result(),
        Some(GameResult::Score {
            winner: W,
            margin_halves: 15
        })
    );
}

#[test]
fn presumed_dead_stones_are_not_removed_at_the_end() {
    // A lone White stone inside Black's area still counts for White.
    let g = game(
        5,
        &["B2", "D4", "B4", "pass", "D2", "pass", "C3", "pass", "pass"],
    );
    let score = g.final_score().unwrap();
    assert_eq!(score.white.stones, 1);
    assert_eq!(g.board().get(p("D4")), Some(W));
}

#[test]
fn resign_ends_the_game_for_either_color() {
    let mut g = game(5, &["C3"]);
    try_act(&mut g, "resign black").unwrap();
    assert_eq!(g.result(), Some(GameResult::Resignation { winner: W }));
    assert_eq!(try_act(&mut g, "pass"), Err(TimeError::GameOver));
}

#[test]
fn an_action_for_the_wrong_seat_is_refused() {
    let mut g = game(5, &["C3"]);
    let before = snapshot(&g);
    assert_eq!(
        g.apply_as(B, &action("D4")).unwrap_err(),
        TimeError::NotYourTurn(B)
    );
    assert_eq!(snapshot(&g), before);
    g.apply_as(W, &action("D4")).unwrap();
    g.apply_as(W, &Action::Resign(W)).unwrap();
}

#[test]
fn score_review_actions_do_not_exist_in_timego() {
    let mut g = game(5, &["C3", "pass", "pass"]);
    let mut h = TimeGame::new(Rules::timego(5)).unwrap();
    assert_eq!(
        h.apply(&Action::ToggleDead(p("C3"))),
        Err(TimeError::NoReview)
    );
    assert_eq!(g.apply(&Action::Resume {}), Err(TimeError::NoReview));
}

#[test]
fn previews_list_each_legal_target_with_the_placements_it_would_cancel() {
    let g = game(5, &KO_GAME);
    let targets = g.legal_targets(p("E4"));
    let to_7 = targets
        .iter()
        .find(|t| t.to == 7)
        .expect("index 7 is legal");
    let cancels: Vec<(usize, CancelReason)> =
        to_7.cancels.iter().map(|c| (c.index, c.reason)).collect();
    assert_eq!(
        cancels,
        vec![
            (8, CancelReason::Suicide),
            (9, CancelReason::RepeatedPosition)
        ]
    );
    // Every listed target is accepted with exactly the previewed cancellations.
    for t in &targets {
        let mut h = g.clone();
        let applied = h.time(p("E4"), t.to).unwrap();
        assert_eq!(applied.cancelled, t.cancels, "target {}", t.to);
    }
    // The side to move's full list agrees with the per-stone lists.
    for s in g.legal_time_moves() {
        assert_eq!(s.targets, g.legal_targets(s.stone), "stone {}", s.stone);
    }
    // Not Black's stone, or game over: no targets.
    assert!(g.legal_targets(p("A3")).is_empty());
}
