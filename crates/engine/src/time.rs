//! Time management: how long to think about one move, from a per-move budget or a clock.

use crate::Clock;
use std::time::Duration;

/// Seconds kept in reserve against lag.
const SAFETY: f64 = 0.3;

/// The time to spend on this move, if any limit applies.
///
/// - `seconds_per_move` (configured): exactly that.
/// - A [`Clock`] in byo-yomi (`stones > 0`): the period divided by its stones, less a margin.
/// - A clock in main time: the time left divided by the moves still expected (about a third
///   of the empty points, at least 20), so play speeds up as time runs out.
/// - A clock with no time at all (`0 0`, GTP's "no limit") sets no limit.
pub fn move_time(
    seconds_per_move: Option<f64>,
    clock: Option<Clock>,
    empty_points: usize,
) -> Option<Duration> {
    let mut limit: Option<f64> = seconds_per_move.filter(|s| s.is_finite() && *s > 0.0);
    if let Some(c) = clock {
        if c.seconds.is_finite() && (c.seconds > 0.0 || c.stones > 0) {
            let t = if c.stones > 0 {
                c.seconds / c.stones as f64 - SAFETY
            } else {
                let moves_left = (empty_points as f64 / 3.0).max(20.0);
                c.seconds / moves_left - SAFETY / 2.0
            };
            let t = t.max(0.05);
            limit = Some(limit.map_or(t, |l| l.min(t)));
        }
    }
    limit.map(Duration::from_secs_f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byo_yomi_splits_the_period_between_its_stones() {
        let t = move_time(
            None,
            Some(Clock {
                seconds: 30.0,
                stones: 5,
            }),
            300,
        )
        .unwrap();
        assert!((t.as_secs_f64() - 5.7).abs() < 1e-9);
    }

    #[test]
    fn main_time_is_spread_over_the_expected_moves() {
        let t = move_time(
            None,
            Some(Clock {
                seconds: 600.0,
                stones: 0,
            }),
            300,
        )
        .unwrap();
        assert!(t.as_secs_f64() > 5.0 && t.as_secs_f64() < 6.1);
    }

    #[test]
    fn per_move_budget_and_clock_take_the_smaller() {
        let t = move_time(
            Some(2.0),
            Some(Clock {
                seconds: 10.0,
                stones: 1,
            }),
            81,
        )
        .unwrap();
        assert_eq!(t, Duration::from_secs_f64(2.0));
        assert_eq!(
            move_time(
                None,
                Some(Clock {
                    seconds: 0.0,
                    stones: 0
                }),
                81
            ),
            None
        );
        assert_eq!(move_time(Some(f64::NAN), None, 81), None);
        let nearly_out = move_time(
            None,
            Some(Clock {
                seconds: 0.1,
                stones: 1,
            }),
            81,
        )
        .unwrap();
        assert!(nearly_out.as_secs_f64() >= 0.05);
    }
}
