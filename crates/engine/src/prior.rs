//! Prior knowledge for new tree nodes: virtual visits and wins from captures, atari escapes,
//! self-atari, 3×3 patterns, distance to the last move and edge heuristics.

use crate::board::{other, PlayoutBoard, BLACK, PASS, WHITE};
use crate::ladder::{atari_is_ladder, reads_ladders};
use crate::nakade::is_nakade_self_atari;
use crate::pattern;
use crate::policy::{escape_moves, runs_into_ladder, short_of_liberties_moves, Candidates};

/// Virtual visits every move starts with (at a 50% win rate).
const EVEN: f32 = 4.0;
/// Virtual wins for a move on a chain short of liberties (see [`Escapes::add_short_of_liberties`]).
const SHORT_OF_LIBERTIES: f32 = 8.0;
/// The largest board on which the tree looks for chains short of liberties (as the playouts'
/// scan: measured on 9×9 only).
const SHORT_OF_LIBERTIES_MAX_SIZE: usize = 11;

/// Prior statistics of a move: virtual visits and virtual wins.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Prior {
    /// Virtual visits.
    pub n: f32,
    /// Virtual wins (for the player making the move).
    pub w: f32,
}

impl Prior {
    fn even() -> Prior {
        Prior {
            n: EVEN,
            w: EVEN / 2.0,
        }
    }
    fn good(&mut self, k: f32) {
        self.n += k;
        self.w += k;
    }
    fn bad(&mut self, k: f32) {
        self.n += k;
    }
}

/// The atari situation of the side to move, computed once per expansion.
#[derive(Debug, Default)]
pub struct Escapes {
    /// Moves that save an own chain in atari.
    saving: Candidates,
    /// Extensions of own chains in atari that only run along a working ladder.
    doomed_runs: Candidates,
    /// Moves on chains short of liberties anywhere on the board (filled only on request).
    short_of_liberties: Candidates,
}

impl Escapes {
    /// Whether `m` saves an own chain in atari.
    pub fn saves(&self, m: usize) -> bool {
        self.saving.contains(m)
    }

    /// Adds the moves on chains of two or more stones with two liberties (extend an own one to
    /// three, put in atari an opponent one that cannot get three) and captures of opponent
    /// chains in atari, anywhere on a board up to 11×11: the tree then tries the moves that
    /// decide a capturing race even far from the last move (docs/ENGINE.md, "Race priors").
    pub fn add_short_of_liberties(&mut self, board: &mut PlayoutBoard, me: u8) {
        if board.size() <= SHORT_OF_LIBERTIES_MAX_SIZE {
            short_of_liberties_moves(board, me, &mut self.short_of_liberties);
        }
    }
}

/// Moves that save own chains in atari, and ladder runs that do not, computed once per
/// expansion.
pub fn escapes(board: &mut PlayoutBoard, me: u8) -> Escapes {
    let mut out = Escapes::default();
    let mut seen = Candidates::new();
    for r in 0..board.size() {
        for c in 0..board.size() {
            let i = (r + 1) * board.stride() + c + 1;
            if board.cell(i) == me {
                let h = board.chain(i);
                if board.in_atari(h) && !seen.contains(h) {
                    seen.push(h);
                    escape_moves(board, h, me, true, &mut out.saving);
                    let lib = board.atari_liberty(h);
                    if board.is_legal(lib, me) && runs_into_ladder(board, h, lib, me) {
                        out.doomed_runs.push(lib);
                    }
                }
            }
        }
    }
    out
}

/// Whether any stone lies in the 5×5 box around `i`.
pub fn stones_near(board: &PlayoutBoard, i: usize) -> bool {
    let s = board.stride() as isize;
    for dr in -2isize..=2 {
        for dc in -2isize..=2 {
            let j = i as isize + dr * s + dc;
            if j < 0 || j as usize >= board.len() {
                continue;
            }
            let c = board.cell(j as usize);
            if c == BLACK || c == WHITE {
                return true;
            }
        }
    }
    false
}

/// The prior of `me` playing the legal move `m`.
pub fn prior(board: &mut PlayoutBoard, m: usize, me: u8, escapes: &Escapes) -> Prior {
    let mut p = Prior::even();
    let capture = board.is_capture(m, me);
    if capture {
        p.good(12.0);
    }
    if escapes.saving.contains(m) {
        p.good(12.0);
    } else if escapes.doomed_runs.contains(m) {
        p.bad(30.0);
    }
    if escapes.short_of_liberties.contains(m) {
        p.good(SHORT_OF_LIBERTIES);
    }
    let sa = board.self_atari_size(m, me);
    if sa >= 2 && !is_nakade_self_atari(board, m, me) {
        p.bad(20.0);
    } else if sa == 1 {
        p.bad(4.0);
    }
    // Putting an opponent chain in atari.
    let opp = other(me);
    for n in board.neighbours(m) {
        if board.cell(n) == opp {
            let h = board.chain(n);
            if !board.in_atari(h) && board.count_libs(h, 3) == 2 {
                p.good(2.0);
                if reads_ladders(board) && atari_is_ladder(board, n, m) {
                    p.good(10.0);
                }
                break;
            }
        }
    }
    if pattern::matches_at(board, m) {
        p.good(6.0);
    }
    let size = board.size();
    let stride = board.stride();
    let last = board.last_move();
    if last != PASS {
        let (r1, c1) = (m / stride, m % stride);
        let (r2, c2) = (last / stride, last % stride);
        let d = r1.abs_diff(r2) + c1.abs_diff(c2);
        if d <= 2 {
            p.good(4.0);
        } else if d <= 3 {
            p.good(2.0);
        }
    }
    let (r, c) = (m / stride - 1, m % stride - 1);
    let line = r.min(c).min(size - 1 - r).min(size - 1 - c);
    if !stones_near(board, m) {
        match line {
            0 => p.bad(20.0),
            1 => p.bad(12.0),
            2 | 3 if size >= 13 => p.good(10.0),
            _ if size >= 13 => p.bad(4.0),
            _ => p.good(3.0),
        }
    }
    p
}

/// Whether `m` is a first- or second-line move with no stone near it on a board of 13×13 or
/// more: such moves are never worth searching (they stay legal for the game).
pub fn pointless_edge_move(board: &PlayoutBoard, m: usize) -> bool {
    let size = board.size();
    if size < 13 {
        return false;
    }
    let stride = board.stride();
    let (r, c) = (m / stride - 1, m % stride - 1);
    let line = r.min(c).min(size - 1 - r).min(size - 1 - c);
    line <= 1 && !stones_near(board, m)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ladder::tests::{at, board};

    /// White C11 in atari (liberty D11), chased up to the top edge if it extends (13×13: the
    /// engine reads ladders from 13×13 up).
    const LADDER: [&str; 13] = [
        ".............", //
        "..X..........", //
        ".XO..........", //
        "..XX.........", //
        ".............", //
        ".............", //
        ".............", //
        ".............", //
        ".............", //
        ".............", //
        ".............", //
        ".............", //
        ".............", //
    ];

    fn prior_of(rows: &[&str], col: usize, row_from_top: usize, me: u8) -> Prior {
        prior_at(rows, col, row_from_top, me, false)
    }

    fn prior_at(rows: &[&str], col: usize, row_from_top: usize, me: u8, races: bool) -> Prior {
        let mut b = board(rows);
        b.set_to_move(me);
        let m = at(&b, col, row_from_top);
        let mut esc = escapes(&mut b, me);
        if races {
            esc.add_short_of_liberties(&mut b, me);
        }
        prior(&mut b, m, me, &esc)
    }

    fn rate(p: Prior) -> f32 {
        p.w / p.n
    }

    /// Virtual wins minus virtual losses.
    fn net(p: Prior) -> f32 {
        2.0 * p.w - p.n
    }

    #[test]
    fn running_along_a_working_ladder_gets_a_bad_prior() {
        let p = prior_of(&LADDER, 3, 2, WHITE);
        assert!(rate(p) < 0.35, "running D11 looks {:.2}", rate(p));
    }

    #[test]
    fn running_past_a_ladder_breaker_gets_a_good_prior() {
        let mut rows = LADDER;
        rows[1] = "..X.O........";
        let p = prior_of(&rows, 3, 2, WHITE);
        assert!(rate(p) > 0.6, "escaping at D11 looks {:.2}", rate(p));
    }

    #[test]
    fn an_atari_that_starts_a_working_ladder_gets_a_good_prior() {
        let mut rows = LADDER;
        rows[1] = ".............";
        let ladder = net(prior_of(&rows, 2, 1, BLACK));
        let other_side = net(prior_of(&rows, 3, 2, BLACK));
        assert!(
            ladder >= other_side + 8.0,
            "C12 (ladder) {ladder:.1} vs D11 (white escapes) {other_side:.1}"
        );
    }

    #[test]
    fn small_boards_do_not_read_ladders() {
        let small: Vec<&str> = LADDER[..9].iter().map(|r| &r[..9]).collect();
        let p = prior_of(&small, 3, 2, WHITE);
        assert!(
            rate(p) > 0.6,
            "9×9 keeps the plain escape prior: {:.2}",
            rate(p)
        );
    }

    /// Black's two stones C7–C8 have two liberties, B8 and D8: far from any last move,
    /// extending at D8 gives them three.
    const SHORT_CHAIN: [&str; 9] = [
        "..O......", //
        "..X......", //
        ".OXO.....", //
        "..O......", //
        ".........", //
        ".........", //
        "......X..", //
        ".....O...", //
        ".........", //
    ];

    fn prior_with_races(rows: &[&str], col: usize, row_from_top: usize, me: u8) -> Prior {
        prior_at(rows, col, row_from_top, me, true)
    }

    #[test]
    fn race_priors_favour_extending_a_chain_with_two_liberties() {
        let plain = net(prior_of(&SHORT_CHAIN, 3, 1, BLACK));
        let races = net(prior_with_races(&SHORT_CHAIN, 3, 1, BLACK));
        assert_eq!(races, plain + SHORT_OF_LIBERTIES);
        // A move with no chain short of liberties near it gains nothing.
        let quiet = net(prior_with_races(&SHORT_CHAIN, 7, 4, BLACK));
        assert_eq!(quiet, net(prior_of(&SHORT_CHAIN, 7, 4, BLACK)));
    }

    /// Black's C9–D9 on the edge has two liberties, C8 and D8, and extending at either gives
    /// it only two: White can attack it from either side.
    const CAUGHT_ON_THE_EDGE: [&str; 9] = [
        ".OXXO....", //
        ".O..O....", //
        ".........", //
        ".........", //
        ".........", //
        ".........", //
        "......X..", //
        ".....O...", //
        ".........", //
    ];

    #[test]
    fn race_priors_favour_attacking_a_chain_that_cannot_get_three_liberties() {
        let plain = net(prior_of(&CAUGHT_ON_THE_EDGE, 2, 1, WHITE));
        let races = net(prior_with_races(&CAUGHT_ON_THE_EDGE, 2, 1, WHITE));
        assert_eq!(races, plain + SHORT_OF_LIBERTIES);
        // Where Black could get three liberties, attacking gets no race prior: the chain
        // C7-C8 of the other position escapes at B8 or D8.
        let open = net(prior_with_races(&SHORT_CHAIN, 1, 1, WHITE));
        assert_eq!(open, net(prior_of(&SHORT_CHAIN, 1, 1, WHITE)));
    }
}
