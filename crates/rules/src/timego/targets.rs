//! Legal time-move targets with previews of what each would cancel.
//!
//! One pass over the order from the lock boundary keeps the replay's board at each index `k`
//! and asks, for each candidate stone `s` (at index `i`, point `p`):
//! - could `s` arrive at `k` (point empty, a liberty, no earlier position repeated)?
//! - is the placement at `k` *independent* of `s`: does it capture the same stones, stay legal
//!   and leave `s` alone when `s` is on the board too ([`independence`])?
//! - where does the position "board at `k` plus `s`" occur in the current replay, if at all?
//!
//! A move of `s` to `t` whose arrival captures nothing, whose old placement captured nothing,
//! with every placement in `[t, i)` independent of `s` and none of the positions "board at `k`
//! plus `s`" repeating the replay before `t` or reappearing after `i + 1`, cancels nothing and
//! is decided in O(1) from these arrays (the *fast path*). Any other candidate is replayed from
//! its target until the replay converges ([`TimeGame::simulate`]), from one shared sweep.

use super::independence::{self, neighbours, AroundStone};
use super::placement::combination_key;
use super::replay::{Outcome, Start};
use super::state::TimeGame;
use super::turn::Cancelled;
use super::Placement;
use super::TimeError;
use crate::board::Board;
use crate::nohash::HashSet64;
use crate::point::Point;
use crate::zobrist::KEYS;
use std::collections::HashMap;

/// A legal target index for a time move, with the placements the move would cancel.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct TargetPreview {
    /// The target index in the placement order.
    pub to: usize,
    /// The later placements that would be removed from the order.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Vec::is_empty"))]
    pub cancels: Vec<Cancelled>,
}

/// What a legal time move does to the final board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoardAfter {
    /// The board stays as it is (only the placement order changes).
    Unchanged,
    /// The board changes.
    Changed {
        /// The position hash of the new board.
        hash: u64,
        /// Stones on the new board: Black, White.
        stones: [u32; 2],
    },
}

/// A legal time move of the side to move and what it would do (see
/// [`TimeGame::time_move_effects`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimeEffect {
    /// The stone that travels.
    pub stone: Point,
    /// Its placement's index now.
    pub from: usize,
    /// The target index.
    pub to: usize,
    /// The later placements the move cancels.
    pub cancels: Vec<Cancelled>,
    /// What the board becomes.
    pub after: BoardAfter,
}

/// The legal time moves of one stone.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct StoneTargets {
    /// The stone's point.
    pub stone: Point,
    /// The index of its placement in the order.
    pub index: usize,
    /// Its legal targets, by increasing index.
    pub targets: Vec<TargetPreview>,
}

impl StoneTargets {
    /// Why the stone has no legal target, in words (None when it has some), given the lock
    /// boundary of its game.
    pub fn why_none(&self, boundary: usize) -> Option<String> {
        if !self.targets.is_empty() {
            return None;
        }
        Some(if self.index == boundary {
            format!(
                "its placement is the first unlocked one (index {}): there is no earlier \
                 unlocked position",
                self.index
            )
        } else {
            "every earlier unlocked position is illegal for it now".to_string()
        })
    }

    /// The number of legal targets.
    pub fn len(&self) -> usize {
        self.targets.len()
    }

    /// Whether the stone has no legal target.
    pub fn is_empty(&self) -> bool {
        self.targets.is_empty()
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Arrival {
    Illegal,
    /// Legal and captures nothing.
    Plain,
    /// Legal but captures: needs a replay.
    Captures,
}

/// Candidates that need a real replay, from the board after `start` placements: either one
/// target whose arrival captures, or all the targets of one stone that resume at `start`
/// (each with the largest old index its skipped positions occur at).
struct Job {
    start: usize,
    scan: usize,
    arrive: Option<usize>,
    resumed: Vec<(usize, usize)>,
}

/// One candidate stone and what the sweep learnt about it, per index `k - boundary`.
struct Scan {
    i: usize,
    s: Placement,
    key: u64,
    around: [Option<Point>; 4],
    arrival: Vec<Arrival>,
    independent: Vec<bool>,
    /// Where "board at k plus s" occurs in the replay (`u32::MAX`: nowhere).
    seen_at: Vec<u32>,
}

impl TimeGame {
    /// The index of the stone at `stone` if the side to move may time-move it somewhere.
    fn movable(&self, stone: Point) -> Option<usize> {
        self.movable_by(stone, self.to_move)
    }

    /// The index of the stone at `stone` if `color` could time-move it on its turn.
    fn movable_by(&self, stone: Point, color: crate::color::Color) -> Option<usize> {
        if self.result.is_some() || self.board.get(stone) != Some(color) {
            return None;
        }
        let i = self.placement_of(stone)?;
        (i > self.boundary).then_some(i)
    }

    /// The side to move's stones that can travel (placement unlocked and not the first
    /// unlocked one), by increasing index.
    pub fn movable_stones(&self) -> Vec<(Point, usize)> {
        self.movable_stones_of(self.to_move)
    }

    /// The stones of `color` that could travel on its turn.
    fn movable_stones_of(&self, color: crate::color::Color) -> Vec<(Point, usize)> {
        if self.result.is_some() {
            return Vec::new();
        }
        let mut out: Vec<(Point, usize)> = self.order[self.boundary..]
            .iter()
            .filter(|x| x.color == color)
            .filter_map(|x| self.movable_by(x.point, color).map(|i| (x.point, i)))
            .collect();
        out.sort_by_key(|&(_, i)| i);
        out.dedup();
        out
    }

    /// Every index the stone at `stone` may legally travel to now, each with the placements
    /// the move would cancel. Empty when the stone cannot move (not the side to move's, locked,
    /// no stone, game over).
    pub fn legal_targets(&self, stone: Point) -> Vec<TargetPreview> {
        match self.movable(stone) {
            Some(i) => self
                .targets_of(&[(stone, i)])
                .pop()
                .map(|s| s.targets)
                .unwrap_or_default(),
            None => Vec::new(),
        }
    }

    /// The legal targets of the side to move's stone at `stone` with previews, or why the
    /// stone cannot travel at all ([`TimeGame::check_time_stone`]). A stone that may travel
    /// can still have no legal target: see [`StoneTargets::why_none`].
    pub fn stone_targets(&self, stone: Point) -> Result<StoneTargets, TimeError> {
        let index = self.check_time_stone(stone)?;
        Ok(StoneTargets {
            stone,
            index,
            targets: self.legal_targets(stone),
        })
    }

    /// Every legal time move of the side to move: per movable stone, its legal targets with
    /// previews. Stones without a legal target are left out.
    pub fn legal_time_moves(&self) -> Vec<StoneTargets> {
        let stones = self.movable_stones();
        self.targets_of(&stones)
            .into_iter()
            .filter(|s| !s.is_empty())
            .collect()
    }

    /// The number of legal (stone, target) time moves of the side to move.
    pub fn time_move_count(&self) -> usize {
        self.legal_time_moves().iter().map(StoneTargets::len).sum()
    }

    fn targets_of(&self, stones: &[(Point, usize)]) -> Vec<StoneTargets> {
        self.targets_with_effects(stones)
            .into_iter()
            .map(|(stone, index, found)| StoneTargets {
                stone,
                index,
                targets: found.into_iter().map(|(p, _)| p).collect(),
            })
            .collect()
    }

    /// Every legal time move of the side to move with what it does to the final board (for
    /// computer players: a time move that leaves the board as it is only changes the order).
    /// Computed in the same sweep as [`TimeGame::legal_time_moves`].
    pub fn time_move_effects(&self) -> Vec<TimeEffect> {
        self.time_move_effects_of(self.to_move)
    }

    /// The time moves `color` could make if it were to move now (same boundary, same reached
    /// combinations), with their effects: the threats of the player who is not to move.
    pub fn time_move_effects_of(&self, color: crate::color::Color) -> Vec<TimeEffect> {
        let stones = self.movable_stones_of(color);
        let mut out = Vec::new();
        for (stone, from, found) in self.targets_with_effects(&stones) {
            for (preview, after) in found {
                out.push(TimeEffect {
                    stone,
                    from,
                    to: preview.to,
                    cancels: preview.cancels,
                    after,
                });
            }
        }
        out
    }

    /// The time moves of the stone at `stone` for its owner, as if it were that player's turn,
    /// with their effects (empty when the stone cannot travel).
    pub fn stone_effects(&self, stone: Point) -> Vec<TimeEffect> {
        let Some(color) = self.board.get(stone) else {
            return Vec::new();
        };
        let Some(from) = self.movable_by(stone, color) else {
            return Vec::new();
        };
        self.targets_with_effects(&[(stone, from)])
            .into_iter()
            .flat_map(|(stone, from, found)| {
                found.into_iter().map(move |(preview, after)| TimeEffect {
                    stone,
                    from,
                    to: preview.to,
                    cancels: preview.cancels,
                    after,
                })
            })
            .collect()
    }

    /// What the final board is after a replay that ended on `board` with outcome `out`.
    fn board_after(&self, out: &Outcome, board: &Board) -> BoardAfter {
        if out.converged.is_some() || board.hash() == self.board.hash() {
            BoardAfter::Unchanged
        } else {
            BoardAfter::Changed {
                hash: board.hash(),
                stones: [
                    board.stone_count(crate::color::Color::Black),
                    board.stone_count(crate::color::Color::White),
                ],
            }
        }
    }

    #[allow(clippy::type_complexity)]
    fn targets_with_effects(
        &self,
        stones: &[(Point, usize)],
    ) -> Vec<(Point, usize, Vec<(TargetPreview, BoardAfter)>)> {
        let b = self.boundary;
        let size = self.rules.size;
        let Some(last) = stones.iter().map(|&(_, i)| i).max() else {
            return Vec::new();
        };
        let mut scans: Vec<Scan> = stones
            .iter()
            .map(|&(p, i)| Scan {
                i,
                s: self.order[i],
                key: KEYS[self.order[i].color.index()][self.board.index(p)],
                around: neighbours(p, size),
                arrival: Vec::with_capacity(i - b),
                independent: Vec::with_capacity(i - b),
                seen_at: Vec::with_capacity(i - b),
            })
            .collect();

        // Pass 1: one sweep of the replay from the boundary.
        let mut board = self.board_at(b);
        for k in b..last {
            let x = self.order[k];
            for scan in scans.iter_mut().filter(|s| s.i > k) {
                let p = scan.s.point;
                let arrival = match board.probe(p, scan.s.color) {
                    Err(_) => Arrival::Illegal,
                    Ok(pr) if self.seen_within(pr.hash, k) => Arrival::Illegal,
                    Ok(pr) if pr.captures > 0 => Arrival::Captures,
                    Ok(_) => Arrival::Plain,
                };
                scan.arrival.push(arrival);
                let independent = board.get(p).is_none() && {
                    let around = AroundStone::read(&board, scan.s, scan.around);
                    independence::independent(&board, &around, x)
                };
                scan.independent.push(independent);
                let h = self.hashes[k] ^ scan.key;
                scan.seen_at
                    .push(self.pos_index.get(&h).copied().unwrap_or(u32::MAX));
            }
            board
                .play(x.point, x.color)
                .expect("stored placements are legal");
        }

        // Per stone, from the last target down: decide plain moves at once, and find where
        // the others must start replaying for real.
        let n = self.order.len();
        let mut results: Vec<Vec<(TargetPreview, BoardAfter)>> = Vec::with_capacity(scans.len());
        let mut jobs: Vec<Job> = Vec::new();
        for (si, scan) in scans.iter().enumerate() {
            let i = scan.i;
            let mut found = Vec::new();
            let old_captured = self.captured[i] > 0;
            let tail = self.prefix[n].wrapping_sub(self.prefix[i + 1]);
            // Where "board at j plus s" occurs in the old replay, for j in (b, i], when it does.
            let seen_i = self
                .pos_index
                .get(&(self.hashes[i] ^ scan.key))
                .map_or(u32::MAX, |&j| j);
            let sparse: Vec<(usize, usize)> = (b + 1..=i)
                .filter_map(|j| {
                    let seen = if j == i { seen_i } else { scan.seen_at[j - b] };
                    (seen != u32::MAX).then_some((j, seen as usize))
                })
                .collect();
            let mut next_dependent = i;
            // Jobs of this stone by the index they resume at.
            let mut groups: HashMap<usize, usize> = HashMap::new();
            for t in (b..i).rev() {
                let d = t - b;
                if !scan.independent[d] {
                    next_dependent = t;
                }
                match scan.arrival[d] {
                    Arrival::Illegal => continue,
                    Arrival::Captures => {
                        jobs.push(Job {
                            start: t,
                            scan: si,
                            arrive: Some(t),
                            resumed: Vec::new(),
                        });
                        continue;
                    }
                    Arrival::Plain => {}
                }
                // The first placement that does something else with s on the board: one that
                // is not independent, or whose position repeats the replay before t.
                let mut at = next_dependent;
                let mut latest = scan.seen_at[d] as usize; // > t: the arrival is legal
                if latest == u32::MAX as usize {
                    latest = 0;
                }
                let from = sparse.partition_point(|&(j, _)| j <= t);
                for &(j, seen) in &sparse[from..] {
                    if j > at {
                        break;
                    }
                    if seen <= t {
                        at = at.min(j - 1);
                        break;
                    }
                    latest = latest.max(seen);
                }
                if at == i && !old_captured && latest <= i + 1 {
                    let moved = self.prefix[i].wrapping_sub(self.prefix[t]);
                    let hash = self.prefix[t]
                        .wrapping_add(self.powers.term(scan.s, t))
                        .wrapping_add(moved.wrapping_mul(self.powers.pow(1)))
                        .wrapping_add(tail);
                    let key = combination_key(hash, b);
                    if !self.reached.contains_key(&key) || !self.plain_move_repeats(i, t, key) {
                        let preview = TargetPreview {
                            to: t,
                            cancels: Vec::new(),
                        };
                        found.push((preview, BoardAfter::Unchanged));
                    }
                } else {
                    match groups.get(&at) {
                        Some(&j) => jobs[j].resumed.push((t, latest)),
                        None => {
                            groups.insert(at, jobs.len());
                            jobs.push(Job {
                                start: at,
                                scan: si,
                                arrive: None,
                                resumed: vec![(t, latest)],
                            });
                        }
                    }
                }
            }
            found.reverse();
            results.push(found);
        }

        // Replay the other candidates from where they diverge, sharing one sweep for the
        // starting boards and one replay for the targets of a stone that diverge together.
        if !jobs.is_empty() {
            jobs.sort_by_key(|j| j.start);
            let mut fresh = HashSet64::default();
            let mut k = jobs[0].start;
            let mut board = self.board_at(k);
            for job in &jobs {
                while k < job.start {
                    let x = self.order[k];
                    board
                        .play(x.point, x.color)
                        .expect("stored placements are legal");
                    k += 1;
                }
                let scan = &scans[job.scan];
                let found = &mut results[job.scan];
                if let Some(t) = job.arrive {
                    let start = Start::Arrive { t };
                    self.preview_one(&board, scan.i, t, t, start, &mut fresh, found);
                    continue;
                }
                let (t_min, t_max) = job
                    .resumed
                    .iter()
                    .fold((usize::MAX, 0), |(lo, hi), &(t, _)| (lo.min(t), hi.max(t)));
                let at = job.start;
                let shared = Start::Shared {
                    t_min,
                    t_max,
                    at,
                    key: scan.key,
                };
                let mut trial = board.clone();
                let outcome = match self.simulate(&mut trial, scan.i, shared, false, &mut fresh) {
                    Ok(Ok(out)) => Some(out),
                    _ => None,
                };
                for &(t, latest) in &job.resumed {
                    let fits = |out: &Outcome| out.converged.is_none_or(|m| latest <= m + 1);
                    match &outcome {
                        Some(out) if fits(out) => {
                            let key = self.outcome_key(scan.i, t, at, out);
                            if !self.outcome_repeats(scan.i, t, at, key, out) {
                                let preview = TargetPreview {
                                    to: t,
                                    cancels: out.cancelled.clone(),
                                };
                                found.push((preview, self.board_after(out, &trial)));
                            }
                        }
                        _ => {
                            let start = Start::Resume {
                                t,
                                at,
                                latest,
                                key: scan.key,
                            };
                            self.preview_one(&board, scan.i, t, at, start, &mut fresh, found);
                        }
                    }
                }
            }
            for r in &mut results {
                r.sort_by_key(|(p, _)| p.to);
            }
        }

        scans
            .iter()
            .zip(results)
            .map(|(scan, targets)| (scan.s.point, scan.i, targets))
            .collect()
    }

    /// Replays one candidate from `board` and adds its preview to `found` when it is legal.
    #[allow(clippy::too_many_arguments)]
    fn preview_one(
        &self,
        board: &Board,
        i: usize,
        t: usize,
        at: usize,
        start: Start,
        fresh: &mut HashSet64,
        found: &mut Vec<(TargetPreview, BoardAfter)>,
    ) {
        let mut trial = board.clone();
        let mut result = self.simulate(&mut trial, i, start, false, fresh);
        if result.is_err() {
            trial = self.board_at(t);
            result = self.simulate(&mut trial, i, Start::Arrive { t }, false, fresh);
        }
        if let Ok(Ok(out)) = result {
            if !self.outcome_repeats(i, t, at, out.key, &out) {
                let after = self.board_after(&out, &trial);
                let preview = TargetPreview {
                    to: t,
                    cancels: out.cancelled,
                };
                found.push((preview, after));
            }
        }
    }

    /// Whether moving placement `i` to `t` with no cancellation repeats a reached combination.
    fn plain_move_repeats(&self, i: usize, t: usize, key: u64) -> bool {
        let s = self.order[i];
        self.reached_matches(key, self.boundary, |o| {
            o.len() == self.order.len()
                && o[..t] == self.order[..t]
                && o[t] == s
                && o[t + 1..=i] == self.order[t..i]
                && o[i + 1..] == self.order[i + 1..]
        })
    }
}
