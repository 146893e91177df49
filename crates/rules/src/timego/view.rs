//! The TimeGo part of the game view, and the whole [`GameView`] of a [`TimeGame`].

use super::state::TimeGame;
use super::turn::{Cancelled, Turn, TurnKind};
use crate::color::Color;
use crate::game::Phase;
use crate::point::Point;
use crate::rules::Variant;
use crate::view::{GameView, LastMoveView, PerColor};
use serde::Serialize;

/// One entry of the placement order as the client shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OrderEntry {
    /// Its index in the order (0-based).
    pub index: usize,
    /// Who placed it.
    pub color: Color,
    /// Where.
    pub point: Point,
    /// Whether it is before the lock boundary.
    pub locked: bool,
    /// Whether the stone it placed is still on the board.
    pub on_board: bool,
}

/// TimeGo state for clients: placement order, boundary, turns, cancellations, time moves.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TimeGoView {
    /// The current placement order.
    pub order: Vec<OrderEntry>,
    /// How many leading placements are locked.
    pub boundary: usize,
    /// Whether Lock is legal now (some placement is unlocked).
    pub can_lock: bool,
    /// The actual turns: every action taken, including time moves, Lock and passes.
    pub turns: Vec<Turn>,
    /// The placements the last turn cancelled (crosses on the board).
    pub last_cancelled: Vec<Cancelled>,
    /// How many (order, boundary) combinations have been reached, the start included.
    pub reached: usize,
    /// The side to move's stones whose placement is unlocked and may travel (not the first
    /// unlocked one), by index. Their targets, with previews of what each would cancel, come
    /// one stone at a time from `TimeGame::legal_targets` (`POST /api/timego/targets`): a view
    /// carries only what the board needs, so its size and cost grow linearly with the game.
    pub movable: Vec<Point>,
}

impl TimeGame {
    /// The TimeGo part of the view.
    pub fn timego_view(&self) -> TimeGoView {
        let playing = self.result.is_none();
        TimeGoView {
            order: self
                .order
                .iter()
                .enumerate()
                .map(|(index, x)| OrderEntry {
                    index,
                    color: x.color,
                    point: x.point,
                    locked: index < self.boundary,
                    on_board: self.placement_of(x.point) == Some(index),
                })
                .collect(),
            boundary: self.boundary,
            can_lock: playing && self.boundary < self.order.len(),
            turns: self.turns.clone(),
            last_cancelled: self.last_cancelled().to_vec(),
            reached: self.reached_count(),
            movable: self
                .movable_stones()
                .into_iter()
                .map(|(point, _)| point)
                .collect(),
        }
    }

    /// The game view: the common fields plus [`TimeGoView`].
    pub fn view(&self) -> GameView {
        let phase = self.phase();
        let last_move = self
            .turns
            .iter()
            .rev()
            .find(|t| !t.kind.is_ending())
            .map(|t| LastMoveView {
                color: t.color,
                point: match t.kind {
                    TurnKind::Place { point, .. } => Some(point),
                    TurnKind::Time { stone, .. } => Some(stone),
                    _ => None,
                },
                pass: t.kind == TurnKind::Pass,
            });
        let illegal = if phase == Phase::Playing {
            self.board
                .points()
                .filter(|&p| self.board.get(p).is_none())
                .filter_map(|p| self.check_place(p).err().map(|e| (p, e.reason())))
                .collect()
        } else {
            Default::default()
        };
        GameView {
            variant: Variant::TimeGo,
            rules: self.rules,
            size: self.board.size(),
            board: self.board.rows(),
            to_move: self.to_move,
            phase,
            move_number: self.turns.iter().filter(|t| !t.kind.is_ending()).count() as u32,
            captures: PerColor::from_array(self.captures()),
            last_move,
            ko_point: None,
            consecutive_passes: self.consecutive_passes,
            illegal,
            review: None,
            score: self.final_score.clone(),
            result: self.result,
            timego: Some(self.timego_view()),
        }
    }
}
