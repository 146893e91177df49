//! [`Record`] → SGF FF\[4\] text.

use super::ruleset::ru_value;
use super::text::encode;
use crate::action::Action;
use crate::color::Color;
use crate::game::{Game, Phase};
use crate::point::Point;
use crate::record::{Record, ReplayError};
use crate::rules::Variant;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use thiserror::Error;

/// Why a record has no faithful SGF form.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum SgfWriteError {
    /// TimeGo records change the past; SGF cannot say that.
    #[error("TimeGo records cannot be written as SGF")]
    TimeGo,
    /// The record does not replay.
    #[error(transparent)]
    Replay(#[from] ReplayError),
}

/// Moves per line of output.
const MOVES_PER_LINE: usize = 10;

/// Writes a standard Go record as SGF FF\[4\], refusing TimeGo and records that do not replay.
pub fn try_to_sgf(record: &Record) -> Result<String, SgfWriteError> {
    if record.rules.variant == Variant::TimeGo {
        return Err(SgfWriteError::TimeGo);
    }
    record.replay_go()?;
    Ok(to_sgf(record))
}

/// Writes a record as SGF FF\[4\].
///
/// Placements and passes become `B`/`W` nodes (passes as `[]`); resignation and score-review
/// actions are not moves: they are left out, and a finished game's result is written as `RE`
/// (`B+3.5`, `W+R`, `0`, or the record's own result: `B+T`, `Void`...). A game finished by
/// counting marks the counted territory on its last node: `TB`/`TW` on every empty point and
/// every dead stone that counts for Black/White, as other programs show a scored game.
/// Handicap stones (Black setup stones only, White to move) get `HA`. A `resume` after two
/// passes that finished the game (a GTP session's record, see [`Record::replay_go_playing_on`])
/// continues it. Comments stay on the node after the same moves. For a record that does
/// not replay, the moves are written up to the illegal one (none when the start position itself
/// is unusable), and TimeGo records get no moves. Use [`try_to_sgf`] to refuse such records.
pub fn to_sgf(record: &Record) -> String {
    let size = record.rules.size;
    let moves = colored_moves(record);
    let mut out = String::from("(;FF[4]GM[1]CA[UTF-8]");
    let _ = write!(out, "AP[Tengen:{}]", env!("CARGO_PKG_VERSION"));
    let _ = write!(out, "SZ[{size}]KM[{}]", record.rules.komi);
    let _ = write!(out, "RU[{}]", encode(&ru_value(&record.rules)));
    if let Some(name) = &record.players.black {
        let _ = write!(out, "PB[{}]", encode(name));
    }
    if let Some(name) = &record.players.white {
        let _ = write!(out, "PW[{}]", encode(name));
    }
    if let Some(date) = &record.date {
        let _ = write!(out, "DT[{}]", encode(date));
    }
    if let Some(result) = moves.result {
        let _ = write!(out, "RE[{result}]");
    }
    let setup = &record.setup;
    if setup.white.is_empty() && setup.black.len() >= 2 && setup.to_move == Some(Color::White) {
        let _ = write!(out, "HA[{}]", setup.black.len());
    }
    for (ident, stones) in [("AB", &record.setup.black), ("AW", &record.setup.white)] {
        let stones: Vec<&Point> = stones.iter().filter(|p| p.is_on(size)).collect();
        if !stones.is_empty() {
            out.push_str(ident);
            for p in stones {
                let _ = write!(out, "[{}]", p.to_sgf(size));
            }
        }
    }
    if let Some(color) = record.setup.to_move {
        let _ = write!(out, "PL[{}]", color.letter());
    }
    let comments = node_comments(record, &moves.written_after);
    let last_node = moves.moves.len();
    if let Some(c) = comments.get(&0) {
        let _ = write!(out, "C[{}]", encode(c));
    }
    if last_node == 0 {
        out.push_str(&moves.territory);
    }
    for (i, (color, point)) in moves.moves.iter().enumerate() {
        if i % MOVES_PER_LINE == 0 {
            out.push('\n');
        }
        let value = point.map_or(String::new(), |p| p.to_sgf(size));
        let _ = write!(out, ";{}[{value}]", color.letter());
        if let Some(c) = comments.get(&(i + 1)) {
            let _ = write!(out, "C[{}]", encode(c));
        }
        if i + 1 == last_node {
            out.push_str(&moves.territory);
        }
    }
    out.push_str(")\n");
    out
}

/// `TB[..]TW[..]` for a game finished by counting: the points each color's count includes
/// beyond its living stones (empty points and dead stones); empty when there is no count. A
/// count with no such point at all (every empty region neutral, nothing dead) is written
/// `TB[]`, the empty list: the file still says the game was counted, so reading it finishes the
/// game by the same count instead of keeping a bare recorded result.
fn territory_marks(game: &Game) -> String {
    let Some(score) = game.final_score() else {
        return String::new();
    };
    let board = game.board();
    let size = board.size();
    let mut out = String::new();
    for (ident, letter, color) in [("TB", 'B', Color::Black), ("TW", 'W', Color::White)] {
        let mut points = Vec::new();
        for (i, line) in score.ownership.iter().enumerate() {
            let row = size - 1 - i as u8;
            for (col, owner) in line.chars().enumerate() {
                let p = Point::new(col as u8, row);
                if owner == letter && board.get(p) != Some(color) {
                    points.push(p.to_sgf(size));
                }
            }
        }
        if !points.is_empty() {
            out.push_str(ident);
            for p in points {
                let _ = write!(out, "[{p}]");
            }
        }
    }
    if out.is_empty() {
        out.push_str("TB[]");
    }
    out
}

/// The moves of play with their colors, found by replaying.
struct Moves {
    moves: Vec<(Color, Option<Point>)>,
    /// For each `k` in `0..=actions.len()`: how many moves are written for the first `k` actions.
    written_after: Vec<usize>,
    /// The result if the replayed game finished.
    result: Option<String>,
    /// `TB`/`TW` for the last node when the game finished by counting.
    territory: String,
}

fn colored_moves(record: &Record) -> Moves {
    let mut moves = Vec::new();
    let mut written_after = vec![0];
    // A record whose start position is unusable (bad size or setup) and a TimeGo record have
    // no moves to write.
    let mut game: Option<Game> = match record.rules.variant {
        Variant::Go => record.start().ok(),
        Variant::TimeGo => None,
    };
    for action in &record.actions {
        let Some(g) = game.as_mut() else { break };
        let color = g.to_move();
        if g.apply_playing_on(action).is_err() {
            break;
        }
        match action {
            Action::Place(p) => moves.push((color, Some(*p))),
            Action::Pass {} => moves.push((color, None)),
            _ => {}
        }
        written_after.push(moves.len());
    }
    // The record's own result ends the game after its actions, as in a replay.
    if let (Some(g), Some(result)) = (game.as_mut(), record.result) {
        let _ = g.finish_recorded(result);
    }
    let finished = game.filter(|g| g.phase() == Phase::Finished);
    let result = finished
        .as_ref()
        .and_then(|g| g.result())
        .map(|r| r.to_sgf());
    let territory = finished.as_ref().map(territory_marks).unwrap_or_default();
    Moves {
        moves,
        written_after,
        result,
        territory,
    }
}

/// Comments keyed by written node (0: root); comments after the last written action go on the
/// last node, and comments that land on one node are joined by a blank line.
fn node_comments(record: &Record, written_after: &[usize]) -> BTreeMap<usize, String> {
    let last = *written_after.last().expect("starts with 0");
    let mut out: BTreeMap<usize, String> = BTreeMap::new();
    for (&key, text) in &record.comments {
        let node = written_after.get(key).copied().unwrap_or(last);
        out.entry(node)
            .and_modify(|c| {
                c.push_str("\n\n");
                c.push_str(text);
            })
            .or_insert_with(|| text.clone());
    }
    out
}
