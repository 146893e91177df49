//! Dynamic komi for handicap games (linear, as in Pachi): at the start of a handicap game
//! Black is so far ahead that every move "wins" for Black and "loses" for White, and a
//! search that sees no difference between moves plays slack (as Black) or desperate (as
//! White) moves. The search therefore counts with extra komi for White, 7 points per handicap
//! stone, shrinking linearly to nothing by the time half the board's points have been played.
//! The real komi still decides passing and the count.

use tengen_rules::{Color, Game};

/// Extra komi per handicap stone, in points.
const POINTS_PER_STONE: i32 = 7;

/// The handicap Black has: the stones Black placed beyond normal alternation, plus one (a
/// two-stone handicap is one extra stone). 0 in an even game.
fn handicap_stones(game: &Game) -> i32 {
    let b = game.board();
    let captures = game.captures();
    let black = (b.stone_count(Color::Black) + captures[Color::White.index()]) as i32;
    let white = (b.stone_count(Color::White) + captures[Color::Black.index()]) as i32;
    let extra = black - white - i32::from(game.to_move() == Color::White);
    if extra >= 1 {
        extra + 1
    } else if extra <= -1 {
        // White has the extra stones (a reversed setup): the same, the other way round.
        extra - 1
    } else {
        0
    }
}

/// The extra komi (half points, a whole number of points, positive: more for White) the search
/// uses at this point of `game`.
pub(crate) fn extra_komi_halves(game: &Game) -> i32 {
    let stones = handicap_stones(game);
    if stones == 0 {
        return 0;
    }
    let area = game.rules().size as i32 * game.rules().size as i32;
    let horizon = (area / 2).max(1);
    let played = game.move_number() as i32;
    if played >= horizon {
        return 0;
    }
    let full = (POINTS_PER_STONE * stones).clamp(-area / 4, area / 4);
    let points = full * (horizon - played) / horizon;
    2 * points
}

#[cfg(test)]
mod tests {
    use super::*;
    use tengen_rules::{Board, Komi, Point, Rules};

    fn handicap_game(size: u8, stones: &[(u8, u8)]) -> Game {
        let mut board = Board::new(size).unwrap();
        for &(c, r) in stones {
            board.set_stone(Point::new(c, r), Color::Black);
        }
        let rules = Rules::chinese(size).with_komi(Komi::HALF);
        Game::with_setup(rules, board, Color::White).unwrap()
    }

    #[test]
    fn an_even_game_has_no_extra_komi() {
        let mut game = Game::new(Rules::chinese(9)).unwrap();
        assert_eq!(extra_komi_halves(&game), 0);
        game.place(Point::new(4, 4)).unwrap();
        assert_eq!(extra_komi_halves(&game), 0);
        game.place(Point::new(2, 2)).unwrap();
        assert_eq!(extra_komi_halves(&game), 0);
    }

    #[test]
    fn a_handicap_game_starts_with_seven_points_a_stone_and_ends_with_none() {
        let mut game = handicap_game(19, &[(3, 3), (15, 15), (3, 15), (15, 3)]);
        assert_eq!(extra_komi_halves(&game), 2 * 28);
        game.place(Point::new(9, 9)).unwrap();
        let after_one = extra_komi_halves(&game);
        assert!(after_one <= 2 * 28 && after_one > 2 * 20, "{after_one}");
        let mut k = 0u32;
        while game.move_number() < 180 && k < 361 {
            let p = Point::new((k % 19) as u8, (k / 19) as u8);
            if game.is_legal(p) {
                game.place(p).unwrap();
            }
            k += 1;
        }
        assert!(game.move_number() >= 180);
        assert_eq!(extra_komi_halves(&game), 0);
    }

    #[test]
    fn small_boards_cap_the_extra_komi() {
        let game = handicap_game(9, &[(2, 2), (6, 6), (2, 6), (6, 2), (4, 4)]);
        assert_eq!(extra_komi_halves(&game), 2 * 20);
    }
}
