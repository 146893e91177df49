//! The replay of a time move: the moved placement arrives at its target index, and every later
//! placement is replayed in order, cancelled when it has become illegal.
//!
//! The replay stops early once it has *converged*: after the moved placement's old index, when
//! the board equals the old replay's board at the same point of the order and none of the new
//! positions reappears later in the old replay, every remaining placement is legal and
//! produces the same positions as before, so only the changed part is replayed.

use super::errors::TimeError;
use super::placement::{combination_key, inv_pow};
use super::state::{TimeGame, SNAP};
use super::turn::{CancelReason, Cancelled};
use crate::board::{Board, PlaceError};
use crate::nohash::HashSet64;

/// Where a replay may start late: the moved stone `s` arrived at `t` and every placement
/// before index `at` did what it did in the old replay, so the board is "old board after `at`
/// placements plus `s`".
#[derive(Debug, Clone, Copy)]
pub(crate) struct Resume {
    /// The first placement to replay for real.
    pub at: usize,
    /// The largest old index at which "old board at k plus s" occurs, k in `[t, at]`.
    pub latest: usize,
    /// The Zobrist key of `s`.
    pub key: u64,
}

/// What a time move would do.
#[derive(Debug, Clone)]
pub(crate) struct Outcome {
    /// The placements it cancels.
    pub cancelled: Vec<Cancelled>,
    /// The key of the resulting (order, boundary) combination.
    pub key: u64,
    /// The old indices of the replayed placements that stay, in their new order (the moved
    /// placement first), up to `converged`.
    pub kept: Vec<u32>,
    /// The old index after which the order is unchanged (None: replayed to the end).
    pub converged: Option<usize>,
    /// Full mode: the position after each kept placement.
    pub hashes: Vec<u64>,
    /// Full mode: the stones captured by each kept placement.
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

    /// Replays the move of placement `i` to index `t`. `board` must be the board after the
    /// first `t` placements (with `resume`, after the first `resume.at`); it ends as the board
    /// at convergence (or at the end). `full` keeps what a commit needs; `fresh` is scratch.
    pub(crate) fn simulate(
        &self,
        board: &mut Board,
        i: usize,
        t: usize,
        resume: Option<Resume>,
        full: bool,
        fresh: &mut HashSet64,
    ) -> Result<Outcome, TimeError> {
        let n = self.order.len();
        let s = self.order[i];
        let mut out = Outcome {
            cancelled: Vec::new(),
            key: 0,
            kept: Vec::with_capacity(i + 1 - t),
            converged: None,
            hashes: Vec::new(),
            captured: Vec::new(),
            snapshots: Vec::new(),
        };
        fresh.clear();
        // `start`: the first old index still to replay; `latest`: the largest old index at
        // which one of the new positions occurs (0: none); `implicit`: new positions known as
        // "old position at k plus s" for k in [t, at], without being in `fresh`.
        let (start, mut latest, implicit) = match resume {
            None => {
                let probe = board.probe(s.point, s.color).map_err(|e| match e {
                    PlaceError::Suicide => TimeError::ArrivalSuicide,
                    PlaceError::Occupied | PlaceError::OffBoard => TimeError::ArrivalOccupied,
                })?;
                if self.seen_within(probe.hash, t) {
                    return Err(TimeError::ArrivalRepeats);
                }
                (t, 0, None)
            }
            Some(r) => (r.at, r.latest, Some((r.key, r.at))),
        };
        let captured = board
            .play(s.point, s.color)
            .expect("the arrival was checked as legal");
        out.kept.push(i as u32);
        let mut hash = self.powers.term(s, t);
        let mut new_len = start + 1;
        if start > t {
            out.kept.extend((t..start).map(|k| k as u32));
            let moved = self.prefix[start].wrapping_sub(self.prefix[t]);
            hash = hash.wrapping_add(moved.wrapping_mul(self.powers.pow(1)));
        }
        self.note_position(board, captured, full, &mut latest, &mut out, fresh, new_len);
        let is_new = |h: u64, fresh: &HashSet64| {
            !self.seen_within(h, t)
                && !fresh.contains(&h)
                && !implicit.is_some_and(|(key, at)| {
                    self.pos_index
                        .get(&(h ^ key))
                        .is_some_and(|&j| (t..=at).contains(&(j as usize)))
                })
        };
        for m in start..n {
            if m != i {
                let x = self.order[m];
                let reason = match board.probe(x.point, x.color) {
                    Err(PlaceError::Suicide) => Some(CancelReason::Suicide),
                    Err(_) => Some(CancelReason::Occupied),
                    Ok(p) if !is_new(p.hash, fresh) => Some(CancelReason::RepeatedPosition),
                    Ok(_) => {
                        let c = board
                            .play(x.point, x.color)
                            .expect("probed as legal just before");
                        hash = hash.wrapping_add(self.powers.term(x, new_len));
                        new_len += 1;
                        out.kept.push(m as u32);
                        self.note_position(board, c, full, &mut latest, &mut out, fresh, new_len);
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
        let mut order_hash = self.prefix[t].wrapping_add(hash);
        if let Some(m) = out.converged {
            let suffix = self.prefix[n].wrapping_sub(self.prefix[m + 1]);
            let shifted = suffix.wrapping_mul(inv_pow(out.cancelled.len()));
            order_hash = order_hash.wrapping_add(shifted);
        }
        out.key = combination_key(order_hash, self.boundary);
        Ok(out)
    }

    /// Records the position just reached by a kept placement (`new_len` placements so far).
    #[allow(clippy::too_many_arguments)]
    fn note_position(
        &self,
        board: &Board,
        captured: u32,
        full: bool,
        latest: &mut usize,
        out: &mut Outcome,
        fresh: &mut HashSet64,
        new_len: usize,
    ) {
        let h = board.hash();
        fresh.insert(h);
        if let Some(&j) = self.pos_index.get(&h) {
            *latest = (*latest).max(j as usize);
        }
        if full {
            out.hashes.push(h);
            out.captured.push(captured as u16);
            if new_len.is_multiple_of(SNAP) {
                out.snapshots.push(board.clone());
            }
        }
    }

    /// The order a time move with this outcome would produce.
    pub(crate) fn order_after(&self, t: usize, out: &Outcome) -> Vec<super::Placement> {
        let mut order = Vec::with_capacity(self.order.len());
        order.extend_from_slice(&self.order[..t]);
        order.extend(out.kept.iter().map(|&k| self.order[k as usize]));
        if let Some(m) = out.converged {
            order.extend_from_slice(&self.order[m + 1..]);
        }
        order
    }

    /// Whether the outcome's (order, boundary) was reached before (exact).
    pub(crate) fn outcome_repeats(&self, t: usize, out: &Outcome) -> bool {
        if !self.reached.contains_key(&out.key) {
            return false;
        }
        let order = self.order_after(t, out);
        self.reached_matches(out.key, self.boundary, |o| o == order.as_slice())
    }
}
