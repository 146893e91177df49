//! SGF games replayed on a playout board, for the examples that look at every position of
//! match games.

use tengen_engine::board::{PlayoutBoard, PASS};
use tengen_rules::sgf::from_sgf;
use tengen_rules::Action;

/// Replays the game in each SGF file of `paths`, calling `visit(path, k, board)` with the
/// position before the `k`-th move (0-based), up to the end or the first move that is not a
/// legal placement or a pass. An unreadable file is reported on stderr and skipped.
pub fn for_each_position(
    paths: impl IntoIterator<Item = String>,
    mut visit: impl FnMut(&str, usize, &mut PlayoutBoard),
) {
    for path in paths {
        let Ok(text) = std::fs::read_to_string(&path) else {
            eprintln!("cannot read {path}");
            continue;
        };
        let Ok(record) = from_sgf(&text) else {
            eprintln!("{path}: not a readable SGF");
            continue;
        };
        let mut board = PlayoutBoard::new(record.rules.size);
        for (k, action) in record.actions.iter().enumerate() {
            visit(&path, k, &mut board);
            let m = match action {
                Action::Place(p) => board.index(*p),
                Action::Pass {} => PASS,
                _ => break,
            };
            if m != PASS && !board.is_legal(m, board.to_move()) {
                break;
            }
            board.play(m);
        }
    }
}
