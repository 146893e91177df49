//! The five TimeGo actions: Place, Time, Lock, Pass, Resign. Each either succeeds as one turn
//! or returns a [`TimeError`] and leaves the game exactly as it was.

use super::errors::TimeError;
use super::placement::{combination_key, Placement};
use super::replay::{Outcome, Start};
use super::state::{TimeGame, NONE, SNAP};
use super::turn::{Cancelled, Turn, TurnKind};
use crate::action::Action;
use crate::board::PlaceError;
use crate::color::Color;
use crate::nohash::HashSet64;
use crate::point::Point;
use crate::score::GameResult;

/// What a successful action did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Applied {
    /// The placements a time move cancelled (empty for other actions).
    pub cancelled: Vec<Cancelled>,
    /// Whether the action ended the game.
    pub finished: bool,
}

impl TimeGame {
    fn require_playing(&self) -> Result<(), TimeError> {
        if self.result.is_some() {
            Err(TimeError::GameOver)
        } else {
            Ok(())
        }
    }

    /// Whether the side to move may place at `p` now (why not, if not).
    pub fn check_place(&self, p: Point) -> Result<(), TimeError> {
        self.place_key(p).map(|_| ())
    }

    fn place_key(&self, p: Point) -> Result<u64, TimeError> {
        self.require_playing()?;
        let color = self.to_move;
        let probe = self.board.probe(p, color).map_err(|e| match e {
            PlaceError::OffBoard => TimeError::OffBoard(p, self.board.size()),
            PlaceError::Occupied => TimeError::Occupied(p),
            PlaceError::Suicide => TimeError::Suicide(p),
        })?;
        if self.pos_index.contains_key(&probe.hash) {
            return Err(TimeError::RepeatedPosition(p));
        }
        let n = self.order.len();
        let x = Placement::new(color, p);
        let hash = self.prefix[n].wrapping_add(x.key().wrapping_mul(self.powers.pow(n)));
        let key = combination_key(hash, self.boundary);
        let repeats = self.reached_matches(key, self.boundary, |o| {
            o.len() == n + 1 && o[..n] == self.order[..] && o[n] == x
        });
        if repeats {
            return Err(TimeError::RepeatedOrder);
        }
        Ok(key)
    }

    /// Places a stone of the side to move at `p`, appending it to the order.
    pub fn place(&mut self, p: Point) -> Result<Applied, TimeError> {
        self.place_key(p)?;
        let color = self.to_move;
        let x = Placement::new(color, p);
        let n = self.order.len();
        let captured = self.board.play(p, color).expect("checked as legal");
        let hash = self.board.hash();
        self.order.push(x);
        self.captured.push(captured as u16);
        self.hashes.push(hash);
        self.pos_index.insert(hash, n as u32 + 1);
        self.powers.reserve(n + 2);
        let s = self.prefix[n].wrapping_add(self.powers.term(x, n));
        self.prefix.push(s);
        if (n + 1).is_multiple_of(SNAP) {
            self.snapshots.push(self.board.clone());
        }
        self.refresh_placed_by();
        self.end_turn(TurnKind::Place { point: p, index: n });
        Ok(Applied {
            cancelled: Vec::new(),
            finished: false,
        })
    }

    /// Validates a time move of the stone at `stone` to index `to`; returns its placement index.
    pub(crate) fn check_time_target(&self, stone: Point, to: usize) -> Result<usize, TimeError> {
        let i = self.check_time_stone(stone)?;
        if to >= i {
            return Err(TimeError::NotEarlier { index: i, to });
        }
        if to < self.boundary {
            return Err(TimeError::TargetLocked {
                to,
                boundary: self.boundary,
            });
        }
        Ok(i)
    }

    /// Whether the side to move may time-move the stone at `stone` at all (game in play, a
    /// stone of theirs, placement unlocked); returns its placement index.
    pub fn check_time_stone(&self, stone: Point) -> Result<usize, TimeError> {
        self.require_playing()?;
        if !self.board.contains(stone) {
            return Err(TimeError::OffBoard(stone, self.board.size()));
        }
        let color = self.board.get(stone).ok_or(TimeError::NoStone(stone))?;
        if color != self.to_move {
            return Err(TimeError::NotYourStone(stone));
        }
        let i = self
            .placement_of(stone)
            .expect("a stone on the board has a placement");
        if i < self.boundary {
            return Err(TimeError::Locked(stone));
        }
        Ok(i)
    }

    /// Moves the placement of the side to move's stone at `stone` to index `to` of the order
    /// and replays from there, cancelling later placements that became illegal.
    pub fn time(&mut self, stone: Point, to: usize) -> Result<Applied, TimeError> {
        let i = self.check_time_target(stone, to)?;
        let mut board = self.board_at(to);
        let mut fresh = HashSet64::with_capacity_and_hasher(2 * (i - to) + 16, Default::default());
        let out = self
            .simulate(&mut board, i, Start::Arrive { t: to }, true, &mut fresh)
            .expect("an arriving replay never depends on other targets")?;
        if self.outcome_repeats(i, to, to, out.key, &out) {
            return Err(TimeError::RepeatedOrder);
        }
        self.commit_time(i, to, out, board);
        let cancelled = self.turns.last().expect("just pushed").cancelled().to_vec();
        Ok(Applied {
            cancelled,
            finished: false,
        })
    }

    fn commit_time(&mut self, i: usize, t: usize, out: Outcome, board: crate::board::Board) {
        let stone = self.order[i].point;
        let new_order = self.order_after(i, t, t, &out);
        let cancelled = out.cancelled.clone();
        match out.converged {
            Some(m) if cancelled.is_empty() => {
                // Same length, the same placements after `m`: only (t, m + 1] changed.
                for k in t + 1..=m + 1 {
                    self.pos_index.remove(&self.hashes[k]);
                }
                for (j, (&h, &c)) in out.hashes.iter().zip(&out.captured).enumerate() {
                    self.hashes[t + 1 + j] = h;
                    self.pos_index.insert(h, (t + 1 + j) as u32);
                    self.captured[t + j] = c;
                }
                self.order = new_order;
                let old_total = self.prefix[m + 1];
                for k in t..=m {
                    let x = self.order[k];
                    self.prefix[k + 1] = self.prefix[k].wrapping_add(self.powers.term(x, k));
                }
                // Later prefix sums include the changed segment: shift them by its change.
                let delta = self.prefix[m + 1].wrapping_sub(old_total);
                for s in &mut self.prefix[m + 2..] {
                    *s = s.wrapping_add(delta);
                }
                let first = t / SNAP + 1;
                for (j, snap) in out.snapshots.into_iter().enumerate() {
                    self.snapshots[first + j] = snap;
                }
                // The board is unchanged: only stones last placed within [t, m] change index.
                for k in t..=m {
                    let point = self.order[k].point;
                    let slot = self.point_slot(point);
                    let last = self.placed_by[slot];
                    if last != NONE && last as usize <= m {
                        self.placed_by[slot] = k as u32;
                    }
                }
            }
            Some(_) => {
                self.order = new_order;
                self.rebuild_from(t);
            }
            None => {
                self.order = new_order;
                self.rebuild_from(t);
                debug_assert_eq!(self.board.hash(), board.hash());
            }
        }
        self.end_turn(TurnKind::Time {
            stone,
            from: i,
            to: t,
            cancelled,
        });
    }

    /// Locks every current placement. Refused when nothing is unlocked.
    pub fn lock(&mut self) -> Result<Applied, TimeError> {
        self.require_playing()?;
        let n = self.order.len();
        if self.boundary >= n {
            return Err(TimeError::NothingToLock);
        }
        let key = combination_key(self.prefix[n], n);
        if self.reached_matches(key, n, |o| o == self.order.as_slice()) {
            return Err(TimeError::RepeatedOrder);
        }
        self.boundary = n;
        self.end_turn(TurnKind::Lock { boundary: n });
        Ok(Applied {
            cancelled: Vec::new(),
            finished: false,
        })
    }

    /// The side to move passes; the second pass in a row ends the game and counts it.
    pub fn pass(&mut self) -> Result<Applied, TimeError> {
        self.require_playing()?;
        let color = self.to_move;
        self.turns.push(Turn {
            color,
            kind: TurnKind::Pass,
        });
        self.consecutive_passes += 1;
        self.to_move = color.opponent();
        let finished = self.consecutive_passes >= 2;
        if finished {
            let score = self.score();
            self.result = Some(score.result);
            self.final_score = Some(score);
        }
        Ok(Applied {
            cancelled: Vec::new(),
            finished,
        })
    }

    /// `color` resigns (either color, at any time of play); the other color wins.
    pub fn resign(&mut self, color: Color) -> Result<Applied, TimeError> {
        self.require_playing()?;
        self.turns.push(Turn {
            color,
            kind: TurnKind::Resign,
        });
        self.result = Some(GameResult::Resignation {
            winner: color.opponent(),
        });
        Ok(Applied {
            cancelled: Vec::new(),
            finished: true,
        })
    }

    /// `color` ran out of time on the game clock; the other color wins.
    pub fn time_out(&mut self, color: Color) -> Result<Applied, TimeError> {
        self.require_playing()?;
        self.turns.push(Turn {
            color,
            kind: TurnKind::Timeout,
        });
        self.result = Some(GameResult::Time {
            winner: color.opponent(),
        });
        Ok(Applied {
            cancelled: Vec::new(),
            finished: true,
        })
    }

    /// Applies any action of a TimeGo record for the side to move.
    pub fn apply(&mut self, action: &Action) -> Result<Applied, TimeError> {
        match action {
            Action::Place(p) => self.place(*p),
            Action::Time { stone, to } => self.time(*stone, *to),
            Action::Lock {} => self.lock(),
            Action::Pass {} => self.pass(),
            Action::Resign(c) => self.resign(*c),
            Action::Timeout(c) => self.time_out(*c),
            Action::ToggleDead(_)
            | Action::SetDead(_)
            | Action::Confirm(_)
            | Action::Resume {}
            | Action::Propose { .. } => Err(TimeError::NoReview),
        }
    }

    /// Applies `action` sent by `color` (a seat): refused when it is not that color's turn,
    /// except for a resignation of that color.
    pub fn apply_as(&mut self, color: Color, action: &Action) -> Result<Applied, TimeError> {
        self.require_playing()?;
        match action {
            Action::Resign(c) if *c == color => self.resign(color),
            Action::Resign(_) | Action::Timeout(_) => Err(TimeError::NotYourTurn(color)),
            _ if color != self.to_move => Err(TimeError::NotYourTurn(color)),
            _ => self.apply(action),
        }
    }

    /// Ends a non-pass turn: records it and the new combination, passes the move.
    fn end_turn(&mut self, kind: TurnKind) {
        self.turns.push(Turn {
            color: self.to_move,
            kind,
        });
        self.consecutive_passes = 0;
        self.to_move = self.to_move.opponent();
        self.remember_combination();
    }
}
