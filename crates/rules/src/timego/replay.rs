//! The replay of a time move: the moved placement arrives at its target index, and every later
//! placement is replayed in order, cancelled when it has become illegal.
//!
//! The replay stops early once it has *converged*: after the moved placement's old index, when
//! the board equals the old replay's board at the same point of the order and none of the new
//! positions reappears later in the old replay, every remaining placement is legal and
//! produces the same positions as before, so only the changed part is replayed.
//!
//! A replay may also start late ([`Start::Resume`]) when the caller knows that every placement
//! before some index did exactly what it did in the old replay with the moved stone added
//! (see [`super::independence`]); and one late replay may serve several targets at once
//! ([`Start::Shared`]) when none of its repetition checks depends on the target.

use super::errors::TimeError;
use super::placement::{combination_key, inv_pow};
use super::state::{TimeGame, SNAP};
use super::turn::{CancelReason, Cancelled};
use super::Placement;
use crate::board::{Board, PlaceError};
use crate::nohash::HashSet64;

/// How a replay begins. In every case the moved placement is `order[i]`, here called `s`.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Start {
    /// `s` arrives at `t` on the board after `t` placements (its legality is checked).
    Arrive {
        /// The target index.
        t: usize,
    },
    /// `s` arrived at `t` and every placement before index `at` did what it did in the old
    /// replay: the board given is the one after `at` placements, and `s` is added to it.
    Resume {
        /// The target index.
        t: usize,
        /// The first placement to replay for real.
        at: usize,
        /// The largest old index at which "old board at k plus s" occurs, k in `[t, at]`.
        latest: usize,
        /// The Zobrist key of `s`.
        key: u64,
    },
    /// Like `Resume` for every target in `t_min..=t_max` that resumes at the same `at`; fails
    /// with [`Dependent`] as soon as a repetition check would differ between those targets.
    Shared {
        /// The smallest target served.
        t_min: usize,
        /// The largest target served.
        t_max: usize,
        /// The first placement to replay for real.
        at: usize,
        /// The Zobrist key of `s`.
        key: u64,
    },
}

/// A shared replay met a repetition check whose answer depends on the target.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Dependent;

/// What a time move would do.
#[derive(Debug, Clone)]
pub(crate) struct Outcome {
    /// The placements it cancels.
    pub cancelled: Vec<Cancelled>,
    /// The key of the resulting (order, boundary) combination (0 for a shared replay).
    pub key: u64,
    /// The old indices of the placements replayed for real that stay, in their new order.
    pub kept: Vec<u32>,
    /// The order hash of those kept placements at their new indices.
    pub kept_hash: u64,
    /// The old index after which the order is unchanged (None: replayed to the end).
    pub converged: Option<usize>,
    /// The largest old index at which one of the positions replayed for real occurs.
    pub latest: usize,
    /// Full mode: the position after each kept placement (the moved one first).
    pub hashes: Vec<u64>,
    /// Full mode: the stones captured by each kept placement (the moved one first).
    pub captured: Vec<u16>,
    /// Full mode: snapshots taken at new indices that are multiples of [`SNAP`].
    pub snapshots: Vec<Board>,
}

impl TimeGame {
    /// Whether the position `h` occurred among the first `t + 1` positions of the replay.
    #[inline]
    pub(crate) fn seen_within(&self, h: u64, t: usize) -> bool {
        self.pos_index.get(&h).is_some_and(|&j| j as usize <= t)
    }

    /// Whether the position `h` reached while replaying is new, given how the replay started.
    fn is_new(
        &self,
        h: u64,
        old: Option<usize>,
        start: Start,
        fresh: &HashSet64,
    ) -> Result<bool, Dependent> {
        if fresh.contains(&h) {
            return Ok(false);
        }
        match start {
            Start::Arrive { t } => Ok(old.is_none_or(|j| j > t)),
            Start::Resume { t, at, key, .. } => {
                let plus_s = self.pos_index.get(&(h ^ key)).map(|&j| j as usize);
                Ok(old.is_none_or(|j| j > t) && plus_s.is_none_or(|j| j < t || j > at))
            }
            Start::Shared {
                t_min,
                t_max,
                at,
                key,
            } => {
                // Repeated for the targets t >= j (an old position) and t <= j (a position
                // "old board at j plus s", j <= at): the same answer for all, or Dependent.
                let mut repeated = false;
                if let Some(j) = old {
                    if j <= t_min {
                        repeated = true;
                    } else if j <= t_max {
                        return Err(Dependent);
                    }
                }
                if let Some(j) = self.pos_index.get(&(h ^ key)).map(|&j| j as usize) {
                    if j <= at && j >= t_max {
                        repeated = true;
                    } else if j <= at && j >= t_min {
                        return Err(Dependent);
                    }
                }
                Ok(!repeated)
            }
        }
    }

    /// Replays the move of placement `i` as `start` says. `board` is the board after `t`
    /// placements (`Arrive`) or `at` placements (`Resume`, `Shared`); it ends as the board at
    /// convergence (or at the end). `full` keeps what a commit needs; `fresh` is scratch.
    pub(crate) fn simulate(
        &self,
        board: &mut Board,
        i: usize,
        start: Start,
        full: bool,
        fresh: &mut HashSet64,
    ) -> Result<Result<Outcome, TimeError>, Dependent> {
        let n = self.order.len();
        let s = self.order[i];
        let (t, at, mut latest) = match start {
            Start::Arrive { t } => {
                let arrival = board.probe(s.point, s.color).map_err(|e| match e {
                    PlaceError::Suicide => TimeError::ArrivalSuicide,
                    PlaceError::Occupied | PlaceError::OffBoard => TimeError::ArrivalOccupied,
                });
                match arrival {
                    Err(e) => return Ok(Err(e)),
                    Ok(probe) if self.seen_within(probe.hash, t) => {
                        return Ok(Err(TimeError::ArrivalRepeats))
                    }
                    Ok(_) => {}
                }
                (t, t, 0)
            }
            Start::Resume { t, at, latest, .. } => (t, at, latest),
            Start::Shared { t_max, at, .. } => (t_max, at, 0),
        };
        let mut out = Outcome {
            cancelled: Vec::new(),
            key: 0,
            kept: Vec::with_capacity(i + 1 - at),
            kept_hash: 0,
            converged: None,
            latest: 0,
            hashes: Vec::new(),
            captured: Vec::new(),
            snapshots: Vec::new(),
        };
        fresh.clear();
        // Probed above, or known to capture nothing and keep a liberty when resuming; should
        // that ever not hold, the caller replays from the target instead.
        let captured = match board.play(s.point, s.color) {
            Ok(c) if c == 0 || matches!(start, Start::Arrive { .. }) => c,
            _ => return Err(Dependent),
        };
        let mut new_len = at + 1;
        if let Some(&j) = self.pos_index.get(&board.hash()) {
            latest = latest.max(j as usize);
        }
        self.note_position(board, captured, full, &mut out, fresh, new_len);
        for m in at..n {
            if m != i {
                let x = self.order[m];
                let probe = board.probe(x.point, x.color);
                let old = probe
                    .ok()
                    .and_then(|p| self.pos_index.get(&p.hash).map(|&j| j as usize));
                let reason = match probe {
                    Err(PlaceError::Suicide) => Some(CancelReason::Suicide),
                    Err(_) => Some(CancelReason::Occupied),
                    Ok(p) if !self.is_new(p.hash, old, start, fresh)? => {
                        Some(CancelReason::RepeatedPosition)
                    }
                    Ok(_) => {
                        let c = board
                            .play(x.point, x.color)
                            .expect("probed as legal just before");
                        out.kept_hash = out.kept_hash.wrapping_add(self.powers.term(x, new_len));
                        new_len += 1;
                        out.kept.push(m as u32);
                        if let Some(j) = old {
                            latest = latest.max(j);
                        }
                        self.note_position(board, c, full, &mut out, fresh, new_len);
                        None
                    }
                };
                if let Some(reason) = reason {
                    out.cancelled.push(Cancelled {
                        index: m,
                        color: x.color,
                        point: x.point,
                        reason,
                    });
                }
            }
            if m >= i && board.hash() == self.hashes[m + 1] && latest <= m + 1 {
                out.converged = Some(m);
                break;
            }
        }
        out.latest = latest;
        if !matches!(start, Start::Shared { .. }) {
            out.key = self.outcome_key(i, t, at, &out);
        }
        Ok(Ok(out))
    }

    /// The combination key after moving placement `i` to `t`, when the placements before `at`
    /// kept their relative order and the rest is `out`.
    pub(crate) fn outcome_key(&self, i: usize, t: usize, at: usize, out: &Outcome) -> u64 {
        let n = self.order.len();
        let moved = self.prefix[at].wrapping_sub(self.prefix[t]);
        let mut hash = self.prefix[t]
            .wrapping_add(self.powers.term(self.order[i], t))
            .wrapping_add(moved.wrapping_mul(self.powers.pow(1)))
            .wrapping_add(out.kept_hash);
        if let Some(m) = out.converged {
            let suffix = self.prefix[n].wrapping_sub(self.prefix[m + 1]);
            let shifted = suffix.wrapping_mul(inv_pow(out.cancelled.len()));
            hash = hash.wrapping_add(shifted);
        }
        combination_key(hash, self.boundary)
    }

    /// Records the position just reached by a kept placement (`new_len` placements so far).
    fn note_position(
        &self,
        board: &Board,
        captured: u32,
        full: bool,
        out: &mut Outcome,
        fresh: &mut HashSet64,
        new_len: usize,
    ) {
        let h = board.hash();
        fresh.insert(h);
        if full {
            out.hashes.push(h);
            out.captured.push(captured as u16);
            if new_len.is_multiple_of(SNAP) {
                out.snapshots.push(board.clone());
            }
        }
    }

    /// The order after moving placement `i` to `t`, the placements before `at` keeping their
    /// relative order, the rest as in `out`.
    pub(crate) fn order_after(
        &self,
        i: usize,
        t: usize,
        at: usize,
        out: &Outcome,
    ) -> Vec<Placement> {
        let mut order = Vec::with_capacity(self.order.len());
        order.extend_from_slice(&self.order[..t]);
        order.push(self.order[i]);
        order.extend_from_slice(&self.order[t..at]);
        order.extend(out.kept.iter().map(|&k| self.order[k as usize]));
        if let Some(m) = out.converged {
            order.extend_from_slice(&self.order[m + 1..]);
        }
        order
    }

    /// Whether the (order, boundary) of this outcome with this key was reached before (exact).
    pub(crate) fn outcome_repeats(
        &self,
        i: usize,
        t: usize,
        at: usize,
        key: u64,
        out: &Outcome,
    ) -> bool {
        if !self.reached.contains_key(&key) {
            return false;
        }
        let order = self.order_after(i, t, at, out);
        self.reached_matches(key, self.boundary, |o| o == order.as_slice())
    }
}
