//! `showboard`: the position as text, in the style of GNU Go.

use tengen_rules::{Board, Color, Game, Point};

const COLUMNS: &[u8] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// The board with coordinates, `X` Black, `O` White, `.` empty, `+` hoshi, plus captures and
/// the side to move. The text starts with a newline so that it begins below the `=` line.
pub fn show_board(game: &Game) -> String {
    show_position(game.board(), game.captures(), game.to_move())
}

/// [`show_board`] for any board: stones, captures per color and the side to move.
pub fn show_position(board: &Board, captures: [u32; 2], to_move: Color) -> String {
    let size = board.size();
    let letters: String = COLUMNS[..size as usize]
        .iter()
        .map(|&c| format!(" {}", c as char))
        .collect();
    let mut out = format!("\n   {letters}\n");
    for row in (0..size).rev() {
        let mut line = format!("{:>2} ", row + 1);
        for col in 0..size {
            let p = Point::new(col, row);
            let c = match board.get(p) {
                Some(Color::Black) => 'X',
                Some(Color::White) => 'O',
                None if is_hoshi(size, col, row) => '+',
                None => '.',
            };
            line.push(c);
            line.push(' ');
        }
        line.push_str(&format!("{:<2}", row + 1));
        if row == size - 1 {
            line.push_str(&format!(
                "   WHITE (O) has captured {} stones",
                captures[Color::White.index()]
            ));
        } else if row == size.saturating_sub(2) {
            line.push_str(&format!(
                "   BLACK (X) has captured {} stones",
                captures[Color::Black.index()]
            ));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out.push_str(&format!("   {letters}\n"));
    out.push_str(&format!("{to_move} to move"));
    out
}

/// Star points: the 3-3 (small boards) or 4-4 points from 7x7 up, the centre of odd boards,
/// and the side stars of odd boards from 13x13 up.
fn is_hoshi(size: u8, col: u8, row: u8) -> bool {
    if size < 7 {
        return false;
    }
    let edge = if size < 13 { 2 } else { 3 };
    let far = size - 1 - edge;
    let odd = size & 1 == 1;
    let mid = size / 2;
    let corner = |v: u8| v == edge || v == far;
    let middle = |v: u8| odd && v == mid;
    match (corner(col) || middle(col), corner(row) || middle(row)) {
        (true, true) => {
            let centre_line = middle(col) || middle(row);
            !centre_line || (middle(col) && middle(row)) || size >= 13
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tengen_rules::Rules;

    #[test]
    fn empty_9x9_board_shows_coordinates_and_star_points() {
        let game = Game::new(Rules::chinese(9)).unwrap();
        let text = show_board(&game);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "");
        assert_eq!(lines[1], "    A B C D E F G H J");
        assert_eq!(
            lines[2],
            " 9 . . . . . . . . . 9    WHITE (O) has captured 0 stones"
        );
        assert_eq!(lines[6], " 5 . . . . + . . . . 5");
        assert_eq!(lines[8], " 3 . . + . . . + . . 3");
        assert_eq!(lines[11], "    A B C D E F G H J");
        assert_eq!(lines[12], "Black to move");
        assert!(
            !text.contains("\n\n"),
            "no blank line may end the response early"
        );
    }

    #[test]
    fn star_points_by_board_size() {
        let stars = |size: u8| {
            (0..size)
                .flat_map(|r| (0..size).map(move |c| (c, r)))
                .filter(|&(c, r)| is_hoshi(size, c, r))
                .count()
        };
        assert_eq!(stars(5), 0);
        assert_eq!(stars(8), 4);
        assert_eq!(stars(9), 5);
        assert_eq!(stars(13), 9);
        assert_eq!(stars(19), 9);
    }
}
