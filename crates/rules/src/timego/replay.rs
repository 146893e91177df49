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
    /// first `t` placements; it ends as the board at convergence (or at the end). `full`
    /// keeps what a commit needs; `fresh` is scratch space.
    pub(crate) fn simulate(
        &self,
        board: &mut Board,
        i: usize,
        t: usize,
        full: bool,
        fresh: &mut HashSet64,
    ) -> Result<Outcome, TimeError> {
        let n = self.order.len();
        let s = self.order[i];
        let probe = board.probe(s.point, s.color).map_err(|e| match e {
            PlaceError::Suicide => TimeError::ArrivalSuicide,
            PlaceError::Occupied | PlaceError::OffBoard => TimeError::ArrivalOccupied,
        })?;
        if self.seen_within(probe.hash, t) {
            return Err(TimeError::ArrivalRepeats);
        }
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
        // The largest old index at which one of the new positions occurs (0: none).
        let mut latest_old = 0usize;
        let mut new_len = t;
        let mut hash = 0u64;
        let mut keep = |board: &mut Board,
                        k: usize,
                        h: u64,
                        new_len: &mut usize,
                        hash: &mut u64,
                        out: &mut Outcome,
                        fresh: &mut HashSet64| {
            let x = self.order[k];
            let c = board
                .play(x.point, x.color)
                .expect("probed as legal just before");
            debug_assert_eq!(board.hash(), h);
            fresh.insert(h);
            if let Some(&j) = self.pos_index.get(&h) {
                latest_old = latest_old.max(j as usize);
            }
            *hash = hash.wrapping_add(self.powers.term(x, *new_len));
            *new_len += 1;
            out.kept.push(k as u32);
            if full {
                out.hashes.push(h);
                out.captured.push(c as u16);
                if new_len.is_multiple_of(SNAP) {
                    out.snapshots.push(board.clone());
                }
            }
            latest_old
        };
        let mut latest = keep(
            board,
            i,
            probe.hash,
            &mut new_len,
            &mut hash,
            &mut out,
            fresh,
        );
        for m in t..n {
            if m != i {
                let x = self.order[m];
                let reason = match board.probe(x.point, x.color) {
                    Err(PlaceError::Suicide) => Some(CancelReason::Suicide),
                    Err(_) => Some(CancelReason::Occupied),
                    Ok(p) if self.seen_within(p.hash, t) || fresh.contains(&p.hash) => {
                        Some(CancelReason::RepeatedPosition)
                    }
                    Ok(p) => {
                        latest = keep(board, m, p.hash, &mut new_len, &mut hash, &mut out, fresh);
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
