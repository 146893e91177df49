//! Counting: area and territory, dead stones, prisoners, seki, komi and results.

mod common;
use common::*;
use std::collections::BTreeSet;
use tengen_rules::score::count;
use tengen_rules::{Color, GameResult, Komi, Scoring};

/// A seki at the bottom edge: Black A2-C2-B1 and White D2-F2-D1-F1 each have one eye (A1, E1)
/// and share C1. Neither can fill C1 without being captured.
const SEKI: [&str; 9] = [
    "...OX....",
    "...OX....",
    "...OX....",
    "...OX....",
    "...OX....",
    "OOOOX....",
    "OOOXXXXXX",
    "XXXOOOX..",
    ".X.O.OX..",
];

fn dead(points: &[&str]) -> BTreeSet<tengen_rules::Point> {
    points.iter().map(|p| pt(p)).collect()
}

fn komi(points: f64) -> Komi {
    Komi::from_points(points).unwrap()
}

#[test]
fn area_and_territory_differ_on_the_same_final_position() {
    let board = diagram(&SPLIT);
    let captures = [3, 1]; // Black took 3 stones during play, White took 1.
    let area = count(&board, &dead(&["H6"]), captures, komi(7.5), Scoring::Area);
    // Black: 9 stones + 36 points (the dead stone's point included); prisoners not added.
    assert_eq!((area.black.stones, area.black.territory), (9, 36));
    assert_eq!(area.black.total, 45.0);
    assert_eq!((area.white.stones, area.white.territory), (9, 27));
    assert_eq!(area.white.total, 36.0 + 7.5);
    assert_eq!(area.result.to_string(), "B+1.5");

    let territory = count(
        &board,
        &dead(&["H6"]),
        captures,
        komi(6.5),
        Scoring::Territory,
    );
    // Black: 36 territory + 3 captures + 1 dead White stone.
    assert_eq!(
        (territory.black.territory, territory.black.prisoners),
        (36, 4)
    );
    assert_eq!(territory.black.total, 40.0);
    assert_eq!(
        (territory.white.territory, territory.white.prisoners),
        (27, 1)
    );
    assert_eq!(territory.white.total, 28.0 + 6.5);
    assert_eq!(territory.result.to_string(), "B+5.5");
}

#[test]
fn unmarked_dead_stone_spoils_the_territory_around_it() {
    let board = diagram(&SPLIT);
    let score = count(&board, &BTreeSet::new(), [0, 0], komi(7.5), Scoring::Area);
    // The White stone at H6 makes Black's right side a region bordered by both colors.
    assert_eq!(score.black.territory, 0);
    assert_eq!(score.white.stones, 10);
    assert_eq!(
        &score.ownership[3][5..],
        "..W.",
        "neutral points unmarked, living stones owned"
    );
}

#[test]
fn seki_shared_liberty_is_neutral_and_eyes_count_only_under_area() {
    let board = diagram(&SEKI);
    let area = count(&board, &BTreeSet::new(), [0, 0], komi(7.5), Scoring::Area);
    assert_eq!((area.black.stones, area.black.territory), (18, 29));
    assert_eq!((area.white.stones, area.white.territory), (17, 16));
    assert_eq!(
        &area.ownership[8][..3],
        "BB.",
        "A1 eye counts for Black under area"
    );
    assert_eq!(
        area.ownership[8].chars().nth(2),
        Some('.'),
        "C1 is shared: neutral"
    );
    assert_eq!(area.result.to_string(), "B+6.5");

    let territory = count(
        &board,
        &BTreeSet::new(),
        [0, 0],
        komi(7.5),
        Scoring::Territory,
    );
    // The seki eyes A1 and E1 are not territory; only the open areas count.
    assert_eq!(territory.black.territory, 28);
    assert_eq!(territory.white.territory, 15);
    assert_eq!(
        territory.ownership[8].chars().next(),
        Some('.'),
        "A1: seki eye, not counted"
    );
    assert_eq!(
        territory.ownership[8].chars().nth(4),
        Some('.'),
        "E1: seki eye, not counted"
    );
    assert_eq!(territory.result.to_string(), "B+5.5");
}

#[test]
fn dame_between_settled_groups_is_not_seki() {
    let mut rows = SPLIT;
    rows[4] = "...O.X...";
    rows[3] = "...OX....";
    let board = diagram(&rows);
    let seki = tengen_rules::score::seki_chains(&board);
    assert!(seki.is_empty(), "a dame point is not a seki");
}

#[test]
fn integer_komi_can_draw() {
    let board = diagram(&SPLIT);
    let score = count(&board, &dead(&["H6"]), [0, 0], komi(9.0), Scoring::Area);
    assert_eq!(score.black.total, 45.0);
    assert_eq!(score.white.total, 45.0);
    assert_eq!(score.result, GameResult::Draw);
    assert_eq!(score.result.to_string(), "Draw");
    assert_eq!(score.result.to_sgf(), "0");
}

#[test]
fn negative_komi_goes_to_black() {
    let board = diagram(&SPLIT);
    let score = count(&board, &dead(&["H6"]), [0, 0], komi(-3.5), Scoring::Area);
    assert_eq!(score.white.total, 36.0 - 3.5);
    assert_eq!(score.result.to_string(), "B+12.5");
}

#[test]
fn zero_komi_and_half_point_komi_are_accepted_others_refused() {
    assert_eq!(komi(0.0).halves(), 0);
    assert_eq!(komi(-0.5).halves(), -1);
    assert!(Komi::from_points(7.25).is_err());
    assert!(Komi::from_points(f64::NAN).is_err());
}

#[test]
fn empty_board_is_white_by_komi() {
    let board = diagram(&["...", "...", "..."]);
    let score = count(&board, &BTreeSet::new(), [0, 0], komi(7.5), Scoring::Area);
    assert_eq!(
        score.black.territory + score.white.territory,
        0,
        "region touching neither"
    );
    assert_eq!(
        score.result,
        GameResult::Score {
            winner: Color::White,
            margin_halves: 15
        }
    );
}

#[test]
fn results_parse_and_print() {
    for s in [
        "B+3.5", "W+R", "B+12", "Draw", "W+T", "B+F", "W+", "Void", "?",
    ] {
        assert_eq!(GameResult::parse(s).unwrap().to_string(), s);
    }
    assert_eq!(GameResult::parse("W+Resign").unwrap().to_string(), "W+R");
    assert_eq!(GameResult::parse("B+Time").unwrap().to_string(), "B+T");
    assert_eq!(GameResult::parse("W+Forfeit").unwrap().to_string(), "W+F");
    assert_eq!(GameResult::parse("0"), Some(GameResult::Draw));
    assert_eq!(GameResult::parse("?"), Some(GameResult::Unknown));
    assert_eq!(GameResult::parse("Void").unwrap().winner(), None);
    assert_eq!(GameResult::parse("B+0.3"), None);
    assert_eq!(GameResult::parse("X+3"), None);
    assert_eq!(GameResult::parse("whatever"), None);
}
