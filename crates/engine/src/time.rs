//! Time management: how long to think about one move, from a per-move budget or a clock.

use crate::Clock;
use std::time::Duration;

/// Seconds kept in reserve against lag.
const SAFETY: f64 = 0.3;

/// Share of one byo-yomi stone's time added to a move played in main time (the rest is a
/// margin: running past the main time only starts the byo-yomi).
const BYO_YOMI_SHARE_IN_MAIN: f64 = 0.5;

/// A move played in main time may think on up to this many times its share when the search
/// is still unsure at the end of the share (see [`extended_time`]).
const EXTEND_FACTOR: f64 = 2.0;

/// An extended move never takes more than this share of the main time left.
const EXTEND_MAX_SHARE: f64 = 0.15;

/// The moves still expected from one player on a board with `empty_points` empty points.
pub(crate) fn moves_left(empty_points: usize) -> f64 {
    (empty_points as f64 / 3.0).max(20.0)
}

/// The time to spend on this move, if any limit applies.
///
/// - `seconds_per_move` (configured): exactly that.
/// - A [`Clock`] in byo-yomi (`stones > 0`): the period divided by its stones, less a margin.
/// - A clock in main time: the time left divided by the moves still expected (about a third
///   of the empty points, at least 20), so play speeds up as time runs out, plus half a
///   byo-yomi stone's time when byo-yomi follows.
/// - A clock with no time left plays at once (0.05 s); "no time limit" is no clock at all.
pub fn move_time(
    seconds_per_move: Option<f64>,
    clock: Option<Clock>,
    empty_points: usize,
) -> Option<Duration> {
    let mut limit: Option<f64> = seconds_per_move.filter(|s| s.is_finite() && *s > 0.0);
    if let Some(c) = clock.and_then(clock_time(empty_points)) {
        limit = Some(limit.map_or(c, |l| l.min(c)));
    }
    limit.map(Duration::from_secs_f64)
}

/// How long a move may think when its search is still unsure once `share` (from
/// [`move_time`]) is spent: only in main time on a clock (a fixed budget per move and a
/// byo-yomi period are limits, not shares), up to [`EXTEND_FACTOR`] times the share and at
/// most [`EXTEND_MAX_SHARE`] of the time left. `None`: no extension.
pub fn extended_time(
    seconds_per_move: Option<f64>,
    clock: Option<Clock>,
    share: Option<Duration>,
) -> Option<Duration> {
    if seconds_per_move.is_some_and(|s| s.is_finite() && s > 0.0) {
        return None;
    }
    let (clock, share) = (clock?, share?.as_secs_f64());
    if clock.stones > 0 || !clock.seconds.is_finite() {
        return None;
    }
    let longest = (share * EXTEND_FACTOR).min(clock.seconds * EXTEND_MAX_SHARE);
    (longest > share).then(|| Duration::from_secs_f64(longest))
}

/// The clock's share for this move, in seconds (`None`: the clock sets no limit).
fn clock_time(empty_points: usize) -> impl Fn(Clock) -> Option<f64> {
    move |c: Clock| {
        if !c.seconds.is_finite() {
            return None;
        }
        let t = if c.stones > 0 {
            c.seconds / c.stones as f64 - SAFETY
        } else {
            let byo = if c.byo_yomi_stones > 0 && c.byo_yomi_seconds.is_finite() {
                c.byo_yomi_seconds / c.byo_yomi_stones as f64 - SAFETY
            } else {
                0.0
            };
            c.seconds / moves_left(empty_points) - SAFETY / 2.0
                + BYO_YOMI_SHARE_IN_MAIN * byo.max(0.0)
        };
        Some(t.max(0.05))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byo_yomi_splits_the_period_between_its_stones() {
        let t = move_time(None, Some(Clock::byo_yomi(30.0, 5)), 300).unwrap();
        assert!((t.as_secs_f64() - 5.7).abs() < 1e-9);
    }

    #[test]
    fn main_time_is_spread_over_the_expected_moves() {
        let t = move_time(None, Some(Clock::main_time(600.0)), 300).unwrap();
        assert!(t.as_secs_f64() > 5.0 && t.as_secs_f64() < 6.1);
    }

    #[test]
    fn per_move_budget_and_clock_take_the_smaller() {
        let t = move_time(Some(2.0), Some(Clock::byo_yomi(10.0, 1)), 81).unwrap();
        assert_eq!(t, Duration::from_secs_f64(2.0));
        let out_of_time = move_time(None, Some(Clock::main_time(0.0)), 81).unwrap();
        assert!(out_of_time.as_secs_f64() <= 0.05);
        assert_eq!(move_time(Some(f64::NAN), None, 81), None);
        let nearly_out = move_time(None, Some(Clock::byo_yomi(0.1, 1)), 81).unwrap();
        assert!(nearly_out.as_secs_f64() >= 0.05);
    }

    #[test]
    fn an_unsure_move_in_main_time_may_think_twice_its_share() {
        let clock = Some(Clock::main_time(600.0));
        let share = move_time(None, clock, 300);
        let longest = extended_time(None, clock, share).unwrap();
        let ratio = longest.as_secs_f64() / share.unwrap().as_secs_f64();
        assert!((ratio - EXTEND_FACTOR).abs() < 1e-9, "{ratio}");
    }

    #[test]
    fn extension_is_capped_by_the_time_left() {
        let clock = Some(Clock::main_time(10.0));
        let share = Some(Duration::from_secs_f64(1.0));
        let longest = extended_time(None, clock, share).unwrap();
        assert!((longest.as_secs_f64() - 10.0 * EXTEND_MAX_SHARE).abs() < 1e-9);
        let nearly_out = Some(Clock::main_time(4.0));
        assert_eq!(extended_time(None, nearly_out, share), None);
    }

    #[test]
    fn fixed_budgets_and_byo_yomi_are_not_extended() {
        let share = Some(Duration::from_secs_f64(1.0));
        let clock = Some(Clock::main_time(600.0));
        assert_eq!(extended_time(Some(1.0), clock, share), None);
        assert_eq!(
            extended_time(None, Some(Clock::byo_yomi(30.0, 5)), share),
            None
        );
        assert_eq!(extended_time(None, None, share), None);
    }

    #[test]
    fn main_time_followed_by_byo_yomi_adds_half_a_stone_of_it() {
        let sudden = move_time(None, Some(Clock::main_time(60.0)), 81).unwrap();
        let with_byo = move_time(
            None,
            Some(Clock {
                byo_yomi_seconds: 30.0,
                byo_yomi_stones: 3,
                ..Clock::main_time(60.0)
            }),
            81,
        )
        .unwrap();
        let extra = with_byo.as_secs_f64() - sudden.as_secs_f64();
        assert!((extra - 0.5 * (10.0 - SAFETY)).abs() < 1e-9, "{extra}");
    }
}
