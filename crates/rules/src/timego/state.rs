//! The TimeGo game state and its caches.
//!
//! The rules state is the placement order, the lock boundary, the reached (order, boundary)
//! combinations, the turn record, the side to move and the passes in a row. Everything else
//! here is a cache of the replay of the order, kept so that a time move replays only from its
//! target index: the position hash after every placement, an index from position hash to
//! placement count, board snapshots every [`SNAP`] placements, prefix sums of the order hash.

use super::placement::{combination_key, Placement, Powers};
use super::turn::Turn;
use crate::board::{Board, SizeError};
use crate::color::Color;
use crate::game::Phase;
use crate::nohash::PassThrough;
use crate::point::Point;
use crate::rules::{Rules, Scoring, Variant};
use crate::score::{count, GameResult, Score};
use std::collections::{BTreeSet, HashMap};
use std::hash::BuildHasherDefault;
use std::sync::Arc;

/// Board snapshots are kept after every `SNAP` placements.
pub(crate) const SNAP: usize = 64;

/// A map keyed by values that are already uniformly random hashes.
pub(crate) type HashMap64<V> = HashMap<u64, V, BuildHasherDefault<PassThrough>>;

/// No placement: the marker in [`TimeGame::placed_by`].
pub(crate) const NONE: u32 = u32::MAX;

/// A game of TimeGo.
#[derive(Debug, Clone)]
pub struct TimeGame {
    pub(crate) rules: Rules,
    /// The placement order.
    pub(crate) order: Vec<Placement>,
    /// How many leading placements are locked.
    pub(crate) boundary: usize,
    /// The replay's final position.
    pub(crate) board: Board,
    /// `hashes[k]`: the position after the first `k` placements (`hashes[0] == 0`).
    pub(crate) hashes: Vec<u64>,
    /// Position hash → `k` such that `hashes[k]` is it (positions of a replay are distinct).
    pub(crate) pos_index: HashMap64<u32>,
    /// Stones captured by each placement in the replay.
    pub(crate) captured: Vec<u16>,
    /// `snapshots[j]`: the board after `j * SNAP` placements.
    pub(crate) snapshots: Vec<Board>,
    /// `prefix[k]`: the order hash of the first `k` placements.
    pub(crate) prefix: Vec<u64>,
    pub(crate) powers: Powers,
    /// Per point (`row * size + col`): the index of the placement of the stone on it.
    pub(crate) placed_by: Vec<u32>,
    /// Combination key → indices into `reached_list`.
    pub(crate) reached: HashMap64<Vec<u32>>,
    /// Every reached (order, boundary), in the order reached.
    pub(crate) reached_list: Vec<(Arc<[Placement]>, usize)>,
    pub(crate) turns: Vec<Turn>,
    pub(crate) to_move: Color,
    pub(crate) consecutive_passes: u32,
    pub(crate) result: Option<GameResult>,
    pub(crate) final_score: Option<Score>,
}

impl TimeGame {
    /// A new game on an empty board; Black moves first. The variant is set to TimeGo and the
    /// scoring to area whatever `rules` says.
    pub fn new(rules: Rules) -> Result<TimeGame, SizeError> {
        let board = Board::new(rules.size)?;
        let mut powers = Powers::default();
        powers.reserve(1);
        let mut pos_index = HashMap64::default();
        pos_index.insert(0, 0);
        let mut game = TimeGame {
            rules: Rules {
                variant: Variant::TimeGo,
                scoring: Scoring::Area,
                ..rules
            },
            order: Vec::new(),
            boundary: 0,
            snapshots: vec![board.clone()],
            board,
            hashes: vec![0],
            pos_index,
            captured: Vec::new(),
            prefix: vec![0],
            powers,
            placed_by: vec![NONE; rules.size as usize * rules.size as usize],
            reached: HashMap64::default(),
            reached_list: Vec::new(),
            turns: Vec::new(),
            to_move: Color::Black,
            consecutive_passes: 0,
            result: None,
            final_score: None,
        };
        game.remember_combination();
        Ok(game)
    }

    /// The rule settings.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The current board: the replay of the placement order from the empty board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The placement order.
    pub fn order(&self) -> &[Placement] {
        &self.order
    }

    /// How many leading placements are locked.
    pub fn boundary(&self) -> usize {
        self.boundary
    }

    /// Every turn so far.
    pub fn turns(&self) -> &[Turn] {
        &self.turns
    }

    /// The color to move.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// Passes in a row so far.
    pub fn consecutive_passes(&self) -> u32 {
        self.consecutive_passes
    }

    /// Playing, or finished (two passes or a resignation).
    pub fn phase(&self) -> Phase {
        if self.result.is_some() {
            Phase::Finished
        } else {
            Phase::Playing
        }
    }

    /// The result once finished.
    pub fn result(&self) -> Option<GameResult> {
        self.result
    }

    /// The final count once finished by two passes.
    pub fn final_score(&self) -> Option<&Score> {
        self.final_score.as_ref()
    }

    /// How many (order, boundary) combinations have been reached, the start included.
    pub fn reached_count(&self) -> usize {
        self.reached_list.len()
    }

    /// Every reached (order, boundary) combination, the start first.
    pub fn reached(&self) -> impl Iterator<Item = (&[Placement], usize)> + '_ {
        self.reached_list.iter().map(|(o, b)| (&o[..], *b))
    }

    /// Whether `(order, boundary)` has been reached.
    pub fn was_reached(&self, order: &[Placement], boundary: usize) -> bool {
        let key = combination_key(super::placement::order_hash(order), boundary);
        self.reached_matches(key, boundary, |o| o == order)
    }

    /// The index in the order of the placement of the stone now at `p`.
    pub fn placement_of(&self, p: Point) -> Option<usize> {
        if !self.board.contains(p) {
            return None;
        }
        let k = self.placed_by[self.point_slot(p)];
        (k != NONE).then_some(k as usize)
    }

    /// Stones captured in the replay of the order by each color (for reference; area scoring
    /// does not add them).
    pub fn captures(&self) -> [u32; 2] {
        let mut out = [0u32; 2];
        for (x, &c) in self.order.iter().zip(&self.captured) {
            out[x.color.index()] += c as u32;
        }
        out
    }

    /// The count of the current board: area, komi to White, no dead stones removed.
    pub fn score(&self) -> Score {
        count(
            &self.board,
            &BTreeSet::new(),
            self.captures(),
            self.rules.komi,
            Scoring::Area,
        )
    }

    /// The placements cancelled by the last turn.
    pub fn last_cancelled(&self) -> &[super::turn::Cancelled] {
        self.turns.last().map(|t| t.cancelled()).unwrap_or(&[])
    }

    #[inline]
    pub(crate) fn point_slot(&self, p: Point) -> usize {
        p.row as usize * self.rules.size as usize + p.col as usize
    }

    /// The key of the current (order, boundary).
    pub(crate) fn current_key(&self) -> u64 {
        combination_key(self.prefix[self.order.len()], self.boundary)
    }

    /// Whether a reached combination with this key, this boundary and an order accepted by
    /// `same` exists.
    pub(crate) fn reached_matches(
        &self,
        key: u64,
        boundary: usize,
        same: impl Fn(&[Placement]) -> bool,
    ) -> bool {
        self.reached.get(&key).is_some_and(|ids| {
            ids.iter().any(|&id| {
                let (o, b) = &self.reached_list[id as usize];
                *b == boundary && same(o)
            })
        })
    }

    /// Adds the current (order, boundary) to the reached combinations.
    pub(crate) fn remember_combination(&mut self) {
        let key = self.current_key();
        let id = self.reached_list.len() as u32;
        self.reached_list
            .push((Arc::from(self.order.as_slice()), self.boundary));
        self.reached.entry(key).or_default().push(id);
    }

    /// Recomputes which placement put each stone on the board.
    pub(crate) fn refresh_placed_by(&mut self) {
        self.placed_by.fill(NONE);
        for (k, x) in self.order.iter().enumerate() {
            let slot = self.point_slot(x.point);
            self.placed_by[slot] = k as u32;
        }
        for p in self.board.points() {
            if self.board.get(p).is_none() {
                let slot = self.point_slot(p);
                self.placed_by[slot] = NONE;
            }
        }
    }

    /// The board after the first `k` placements (from the nearest snapshot).
    pub(crate) fn board_at(&self, k: usize) -> Board {
        let j = (k / SNAP).min(self.snapshots.len() - 1);
        let mut board = self.snapshots[j].clone();
        for x in &self.order[j * SNAP..k] {
            board
                .play(x.point, x.color)
                .expect("stored placements are legal in the replay");
        }
        board
    }

    /// Recomputes every cache after index `t` from the order (after a change of the order).
    pub(crate) fn rebuild_from(&mut self, t: usize) {
        let n = self.order.len();
        self.powers.reserve(n + 1);
        for &h in &self.hashes[t + 1..] {
            self.pos_index.remove(&h);
        }
        self.hashes.truncate(t + 1);
        self.captured.truncate(t);
        self.prefix.truncate(t + 1);
        self.snapshots.truncate(t / SNAP + 1);
        let mut board = self.board_at(t);
        for k in t..n {
            let x = self.order[k];
            let c = board
                .play(x.point, x.color)
                .expect("stored placements are legal in the replay");
            self.captured.push(c as u16);
            self.hashes.push(board.hash());
            self.pos_index.insert(board.hash(), k as u32 + 1);
            let s = self.prefix[k].wrapping_add(self.powers.term(x, k));
            self.prefix.push(s);
            if (k + 1).is_multiple_of(SNAP) {
                self.snapshots.push(board.clone());
            }
        }
        self.board = board;
        self.refresh_placed_by();
    }
}

impl TimeGame {
    /// Checks that every cache agrees with a replay of the order from scratch (for tests and
    /// debugging): board, position hashes and their index, captures, snapshots, order-hash
    /// prefix sums, stone placements, and that the current combination is reached.
    pub fn check_invariants(&self) -> Result<(), String> {
        let mut fresh = TimeGame::new(self.rules).map_err(|e| e.to_string())?;
        fresh.order = self.order.clone();
        fresh.boundary = self.boundary;
        fresh.rebuild_from(0);
        if fresh.board != self.board {
            return Err("the board is not the replay of the order".into());
        }
        if fresh.hashes != self.hashes {
            return Err("cached position hashes differ from the replay".into());
        }
        if fresh.pos_index != self.pos_index {
            return Err("the position index differs from the replay".into());
        }
        if fresh.captured != self.captured {
            return Err("cached captures differ from the replay".into());
        }
        if fresh.snapshots != self.snapshots {
            return Err("board snapshots differ from the replay".into());
        }
        if fresh.prefix != self.prefix {
            return Err("order hash prefix sums differ".into());
        }
        if fresh.placed_by != self.placed_by {
            return Err("stone placements differ".into());
        }
        if self.pos_index.len() != self.order.len() + 1 {
            return Err("two placements of the replay give the same position".into());
        }
        if !self.was_reached(&self.order, self.boundary) {
            return Err("the current combination is not among the reached ones".into());
        }
        Ok(())
    }
}
