//! Dead-stone estimation on hand-made finished positions.

mod common;

use common::{position, pt};
use std::collections::BTreeSet;
use tengen_engine::{Engine, EngineConfig};
use tengen_rules::{Color, Point};

fn dead(points: &[&str]) -> BTreeSet<Point> {
    points.iter().map(|p| pt(p)).collect()
}

fn engine() -> Engine {
    Engine::new(EngineConfig::default())
}

#[test]
fn dead_stones_inside_large_territories_are_found() {
    let game = position(
        &[
            "....XO...",
            "....XO...",
            "..O.XO...",
            "..O.XO...",
            "....XO...",
            "....XO...",
            "....XO.X.",
            "....XO...",
            "....XO...",
        ],
        Color::Black,
        7.5,
    );
    let est = engine().estimate_with_playouts(&game, 600);
    assert_eq!(est.dead, dead(&["C7", "C6", "H3"]));
    // Black 9 stones + 36 points, White 9 stones + 27 points, komi 7.5.
    assert_eq!(est.score, 1.5);
    let own = |p: &str| {
        let p = pt(p);
        est.ownership[p.row as usize * 9 + p.col as usize]
    };
    assert!(own("C7") > 0.5 && own("H3") < -0.5);
}

#[test]
fn seki_groups_stay_alive() {
    // Black A2-C2-B1 and White D2-F2-D1-F1 each have one eye and share C1.
    let game = position(
        &[
            "...OX....",
            "...OX....",
            "...OX....",
            "...OX....",
            "...OX....",
            "OOOOX....",
            "OOOXXXXXX",
            "XXXOOOX..",
            ".X.O.OX..",
        ],
        Color::Black,
        7.5,
    );
    let est = engine().estimate_with_playouts(&game, 600);
    assert_eq!(est.dead, BTreeSet::new());
}

#[test]
fn a_settled_position_has_no_dead_stones_and_an_exact_score() {
    let game = position(
        &[
            ".X.XO.O.O",
            "XXXXOOOOO",
            ".X.XO.O.O",
            "XXXXOOOOO",
            ".X.XO.O.O",
            "XXXXOOOOO",
            ".X.XO.O.O",
            "XXXXOOOOO",
            ".X.XO.O.O",
        ],
        Color::White,
        7.5,
    );
    let est = engine().estimate_with_playouts(&game, 300);
    assert!(est.dead.is_empty());
    assert_eq!(est.score, 36.0 - 45.0 - 7.5);
    assert!(
        est.ownership.iter().all(|o| o.abs() == 1.0),
        "pass-alive everywhere"
    );
}

#[test]
fn a_dead_corner_group_with_one_eye_is_dead_as_a_whole() {
    // White's corner group (A1-C2 area) has one eye at A1 inside Black's living wall.
    let game = position(
        &[
            ".........",
            ".........",
            "..X......",
            ".......X.",
            ".........",
            "XXXXX....",
            "OOOOX..X.",
            "X.OOX....",
            ".OO.X....",
        ],
        Color::Black,
        7.5,
    );
    let est = engine().estimate_with_playouts(&game, 600);
    let white: BTreeSet<Point> = game
        .board()
        .stones()
        .filter(|&(_, c)| c == Color::White)
        .map(|(p, _)| p)
        .collect();
    assert_eq!(est.dead, white);
    assert!(
        !est.dead.contains(&pt("A2")),
        "black A2 is captured with it, not dead"
    );
    assert!(est.score > 0.0);
}

#[test]
fn estimate_of_an_empty_board_is_komi() {
    let game = position(
        &[".....", ".....", ".....", ".....", "....."],
        Color::Black,
        0.5,
    );
    let est = engine().estimate_with_playouts(&game, 50);
    assert!(est.dead.is_empty());
    assert_eq!(est.ownership.len(), 25);
}

#[test]
fn a_corner_group_with_only_a_bent_three_is_dead_whoever_moves() {
    // White's 13 stones in the lower left have one eye space, the bent three A1 A2 B1: if Black
    // plays A1 first, White cannot make two eyes. Random playouts let White live whenever White
    // happens to play A1 first; the static eye analysis calls the group dead.
    let rows = [
        "....XO...",
        "....XO...",
        "....XO...",
        "....XO...",
        "XXXXXO...",
        "OOOOXO...",
        "OOOOXO...",
        ".OOOXO...",
        "..OOXO...",
    ];
    for to_move in [Color::Black, Color::White] {
        let game = position(&rows, to_move, 7.5);
        let est = engine().estimate(&game);
        let corner: BTreeSet<Point> = game
            .board()
            .stones()
            .filter(|&(p, c)| c == Color::White && p.col < 4)
            .map(|(p, _)| p)
            .collect();
        assert_eq!(corner.len(), 13);
        assert_eq!(est.dead, corner, "{to_move:?} to move");
        // Black: 9 + 4 stones, 16 + 16 points; White: 9 stones, 27 points; komi 7.5.
        assert_eq!(est.score, 1.5);
    }
}

#[test]
fn a_group_whose_second_eye_is_false_is_dead() {
    // White's lower-left group has a real eye at A2 and a false one at D1 (Black E2 on its
    // diagonal, on the edge).
    let rows = [
        ".....XO..",
        ".....XO..",
        ".....XO..",
        ".....XO..",
        ".....XO..",
        "XXXXXXO..",
        "OOOOOXO..",
        ".OOOXXO..",
        "OOO.OXO..",
    ];
    let game = position(&rows, Color::Black, 7.5);
    let est = engine().estimate(&game);
    let corner: BTreeSet<Point> = game
        .board()
        .stones()
        .filter(|&(p, c)| c == Color::White && p.col < 5)
        .map(|(p, _)| p)
        .collect();
    assert_eq!(est.dead, corner);
}

#[test]
fn chains_of_both_colors_in_atari_on_one_point_both_stay() {
    // OGS game 17150 as the players left it: Black B9 and White's A8-B7 block both have only A9
    // left, and so have Black J2 and White's F2-H1 block with J1. Whoever moves first captures,
    // so neither is dead: both points stay neutral. The dead stones are the ones inside White's
    // upper right.
    let rows = [
        ".XOO..OO.",
        "OOXO.OXOX",
        "OOXOOOXX.",
        "XXXOXXOX.",
        "..XOOX.O.",
        "..XOOOOOO",
        "..XXXXXXO",
        "..X.XOOOX",
        "..X.XXOO.",
    ];
    for to_move in [Color::Black, Color::White] {
        let game = position(&rows, to_move, 7.5);
        let est = engine().estimate(&game);
        assert_eq!(
            est.dead,
            dead(&["G8", "J8", "G7", "H7", "E6", "F6", "H6", "F5"]),
            "{to_move:?} to move"
        );
    }
}

#[test]
fn seki_that_random_playouts_break_are_read_out_and_stay() {
    // OGS game 64848549 (the goban library's test data, Apache 2.0), a finished Japanese game
    // full of seki. The playouts fill shared liberties at random and killed the corners below;
    // reading each sealed cluster out with both colors first keeps them standing: the lower
    // left (White B1-B2 among three short Black chains), the top right (Black's capture at L19
    // is answered by a throw-in, leaving Black's two one-eyed groups and White's Q18-Q19 in
    // seki), and the lower right (White S1 and T2 sharing S2 and T1 beside Black's R1-R4).
    let rows = [
        " b Wb  bWb WWb W b ",
        "bWWWb  bWbbbbbbWbbb",
        "b Wbb  bWWWWWWWbbWW",
        "WWWb   bW     WWW  ",
        "bbbb   bWWWWWWW WWW",
        "WWWWb b bbWbbWbbbbb",
        " W Wb    b b bb WWW",
        "  WWb    b bbWWWWb ",
        "WWWbWb   bW bW  WWW",
        " WWb b   bW bWbbW  ",
        " Wb     bbWbbW  Wbb",
        "bWb bbbbWW WWbbbbb ",
        "WbbbW  bW    WWW bb",
        "W  bWW bWWWWW W WWW",
        "WWWW Wbb bbW WWWWbb",
        "bbbWWb bbb bbbbWb  ",
        " b bWbbb bbW  bWbbb",
        "bWbbW bWWWWWWWbWb W",
        " W bW bW bbb WbWbW ",
    ];
    let rows: Vec<String> = rows
        .iter()
        .map(|r| r.replace('b', "X").replace('W', "O").replace(' ', "."))
        .collect();
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let game = position(&rows, Color::Black, 6.5);
    let est = engine().estimate(&game);
    for p in [
        "B1", "B2", "A2", "B3", "C2", "Q19", "Q18", "K18", "S19", "S1", "T2", "R1",
    ] {
        assert!(!est.dead.contains(&pt(p)), "{p} is in seki, not dead");
    }
    // Black's capture at L19 stands: White's M19-N19 are dead.
    assert!(est.dead.contains(&pt("M19")) && est.dead.contains(&pt("N19")));
}

#[test]
fn a_bulky_five_holding_the_killers_stone_on_its_vital_point_is_dead() {
    // Game 8202 of the 77th parity sample as both players left it (docs/ENGINE.md, "Scoring a
    // finished game"): Black's ten stones in the upper left enclose A9 B9 C9 B8 C8, a bulky
    // five whose vital point B9 White already holds. Black can take B9 but not make two eyes
    // (GNU Go's `owl_defend A7` fails), so the group is dead, whoever moves.
    let rows = [
        ".O.XXO...",
        "X..XO.OOX",
        "XXXXO.O.O",
        "XOXO..O.O",
        "OOOOOOXOO",
        "OXOXOXXXO",
        "XXXXXX.XX",
        "..OXO....",
        "..X......",
    ];
    for to_move in [Color::Black, Color::White] {
        let game = position(&rows, to_move, 7.5);
        let est = engine().estimate(&game);
        assert_eq!(
            est.dead,
            dead(&["A6", "A7", "A8", "B7", "C2", "C6", "C7", "D7", "D8", "D9", "E2", "E9", "J8"]),
            "{to_move:?} to move"
        );
    }
}

#[test]
fn two_shared_liberties_are_no_seki_when_a_two_stone_sacrifice_leaves_a_bent_three() {
    // Game 7924 (bench/data/games-9/m9s57e) as both players left it: Black's ten stones in the
    // upper left and White's A9-A8 share their only liberties, B9 and A7. White fills B9,
    // Black must take three stones with A7, White plays A9 on the bent three's vital point,
    // then sacrifices A8: Black is left one eye. GNU Go 3.8 scores it W+22.5.
    let rows = [
        "O.XXXOO.O",
        "OXXOOOOO.",
        ".XXOXOOOO",
        "XXOXXOO.O",
        "XOOXXOXOO",
        "OOOX.XXXX",
        ".OXXXXXXX",
        "OOXX.XXXX",
        ".OX.XX.X.",
    ];
    for to_move in [Color::Black, Color::White] {
        let game = position(&rows, to_move, 7.5);
        let est = engine().estimate(&game);
        let upper_left = dead(&["C9", "D9", "E9", "B8", "C8", "B7", "C7", "A6", "B6", "A5"]);
        assert!(
            upper_left.is_subset(&est.dead),
            "{to_move:?} to move: {:?}",
            est.dead
        );
        assert!(!est.dead.contains(&pt("A9")) && !est.dead.contains(&pt("A8")));
        assert_eq!(est.score, -22.5, "{to_move:?} to move");
    }
}
