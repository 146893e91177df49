//! A second look at a bimodal position: a search that rates the game open while its playouts'
//! mean margin says the engine is far behind searches again, on the same tree.
//!
//! Such a search is the sign of a big group alive in some of the playouts and dead in the
//! rest, and its win rate is the wrong figure to trust: in Tengen's 9×9 games against GNU Go,
//! 27 of the 35 that passed through one were lost (docs/ENGINE.md, "Playout accuracy"). The
//! state is rare (a few moves in one game of twenty), so thinking several times longer there
//! costs little of the clock, and a deeper tree may read the contested group.

use crate::search::{SearchParams, SearchStats};
use crate::Clock;
use std::time::Duration;
use tengen_rules::Color;

/// The lowest win rate (for the engine) of a bimodal search: below it the game is lost anyway.
const OPEN_FROM: f32 = 0.2;
/// The win rate under which a search may be bimodal: above it the engine is not behind.
const OPEN_UNDER: f32 = 0.5;
/// Points the playouts' mean margin must say the engine is behind.
const BEHIND_BY: f32 = 10.0;
/// The second look never takes more than this share of the main time left.
const MAX_SHARE_OF_CLOCK: f64 = 0.15;
/// A second look shorter than this is not worth starting.
const SHORTEST: f64 = 0.05;

/// The first search of a move, as the second look judges it.
pub(crate) struct First<'a> {
    /// How it ran.
    pub params: &'a SearchParams,
    /// What its playouts found: the mean score at the komi the search counted with (dynamic
    /// komi in a handicap game; the second look only follows a search without the shift of a
    /// lost game).
    pub stats: &'a SearchStats,
    /// The win rate of its best move, for the engine.
    pub winrate: f32,
    /// The engine's color.
    pub color: Color,
}

impl First<'_> {
    /// The parameters of the second search when the first was bimodal and the budget leaves
    /// room for one (see [`extra_budget`]); `None` otherwise. `fixed_seconds`: the time per
    /// move is a set limit; `clock_share`: the move's share of a clock, when one limits it.
    pub(crate) fn again(
        &self,
        factor: u32,
        fixed_seconds: bool,
        clock: Option<Clock>,
        clock_share: Option<Duration>,
    ) -> Option<SearchParams> {
        let margin = match self.color {
            Color::Black => self.stats.mean_score,
            Color::White => -self.stats.mean_score,
        };
        if !is_bimodal(self.winrate, margin) {
            return None;
        }
        let (playouts, time_limit) = extra_budget(
            factor,
            self.params.playouts,
            fixed_seconds,
            clock,
            clock_share,
            self.stats.elapsed,
        )?;
        Some(SearchParams {
            playouts,
            time_limit,
            time_extension: None,
            seed: self.params.seed.rotate_left(17) ^ 0x5EC0_1D10,
            ..self.params.clone()
        })
    }
}

/// Whether a search with this win rate and mean margin (both the engine's) is bimodal: the
/// win rate says the game is open, the mean says the engine is at least [`BEHIND_BY`] behind.
pub(crate) fn is_bimodal(winrate: f32, margin: f32) -> bool {
    (OPEN_FROM..OPEN_UNDER).contains(&winrate) && margin <= -BEHIND_BY
}

/// The budget of the second search: `factor - 1` times the first one's playouts (or no limit
/// when the first searched by the clock) and, on a clock in main time, `factor - 1` times the
/// move's share, capped by [`MAX_SHARE_OF_CLOCK`] of the time left after the first search.
/// `None` when there is none: the factor is 1 or less, the time per move is a fixed limit
/// (`--seconds-per-move`), or the clock is in byo-yomi or nearly out.
pub(crate) fn extra_budget(
    factor: u32,
    playouts: u32,
    fixed_seconds: bool,
    clock: Option<Clock>,
    share: Option<Duration>,
    spent: Duration,
) -> Option<(u32, Option<Duration>)> {
    if factor <= 1 || fixed_seconds {
        return None;
    }
    let more = factor - 1;
    let Some(share) = share else {
        return Some((playouts.saturating_mul(more), None));
    };
    let clock = clock.filter(|c| c.stones == 0 && c.seconds.is_finite())?;
    let left = (clock.seconds - spent.as_secs_f64()).max(0.0);
    let longest = (share.as_secs_f64() * more as f64).min(left * MAX_SHARE_OF_CLOCK);
    (longest >= SHORTEST).then(|| {
        (
            playouts.saturating_mul(more),
            Some(Duration::from_secs_f64(longest)),
        )
    })
}

/// The statistics of both searches together, each weighted by its playouts.
pub(crate) fn merge(first: SearchStats, second: SearchStats) -> SearchStats {
    let (a, b) = (first.playouts as f32, second.playouts as f32);
    let total = (a + b).max(1.0);
    SearchStats {
        playouts: first.playouts + second.playouts,
        ownership: first
            .ownership
            .iter()
            .zip(&second.ownership)
            .map(|(x, y)| (x * a + y * b) / total)
            .collect(),
        mean_score: (first.mean_score * a + second.mean_score * b) / total,
        black_wins_at_count: first.black_wins_at_count + second.black_wins_at_count,
        elapsed: first.elapsed + second.elapsed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stats(playouts: u32, mean_score: f32, wins: u32, owner: f32) -> SearchStats {
        SearchStats {
            playouts,
            ownership: vec![owner; 4],
            mean_score,
            black_wins_at_count: wins,
            elapsed: Duration::from_millis(100),
        }
    }

    #[test]
    fn an_open_win_rate_with_the_mean_far_behind_is_bimodal() {
        assert!(is_bimodal(0.35, -15.0));
        assert!(is_bimodal(0.2, -10.0));
    }

    #[test]
    fn a_lost_game_a_winning_one_or_a_small_deficit_is_not_bimodal() {
        assert!(!is_bimodal(0.1, -30.0), "lost: nothing to read");
        assert!(!is_bimodal(0.55, -20.0), "the search is not behind");
        assert!(
            !is_bimodal(0.4, -6.0),
            "a few points behind is an ordinary game"
        );
    }

    #[test]
    fn fixed_playouts_get_factor_less_one_times_more() {
        assert_eq!(
            extra_budget(4, 500, false, None, None, Duration::ZERO),
            Some((1500, None))
        );
        assert_eq!(
            extra_budget(1, 500, false, None, None, Duration::ZERO),
            None
        );
    }

    #[test]
    fn main_time_gives_more_of_the_share_capped_by_the_time_left() {
        let share = Some(Duration::from_secs_f64(0.5));
        let spent = Duration::from_secs_f64(0.5);
        let (_, t) = extra_budget(4, 100, false, Some(Clock::main_time(20.5)), share, spent)
            .expect("room on the clock");
        assert!((t.unwrap().as_secs_f64() - 1.5).abs() < 1e-9);
        let (_, t) = extra_budget(4, 100, false, Some(Clock::main_time(4.5)), share, spent)
            .expect("a little room");
        assert!((t.unwrap().as_secs_f64() - 4.0 * MAX_SHARE_OF_CLOCK).abs() < 1e-9);
    }

    #[test]
    fn fixed_seconds_byo_yomi_and_an_empty_clock_get_no_second_look() {
        let share = Some(Duration::from_secs_f64(0.5));
        let spent = Duration::from_secs_f64(0.5);
        assert_eq!(extra_budget(4, 100, true, None, share, spent), None);
        let byo = Some(Clock::byo_yomi(30.0, 5));
        assert_eq!(extra_budget(4, 100, false, byo, share, spent), None);
        let out = Some(Clock::main_time(0.6));
        assert_eq!(extra_budget(4, 100, false, out, share, spent), None);
    }

    #[test]
    fn merged_statistics_weigh_each_search_by_its_playouts() {
        let m = merge(stats(100, -4.0, 30, 1.0), stats(300, -12.0, 60, -1.0));
        assert_eq!(m.playouts, 400);
        assert_eq!(m.black_wins_at_count, 90);
        assert!((m.mean_score + 10.0).abs() < 1e-5);
        assert!(m.ownership.iter().all(|o| (o + 0.5).abs() < 1e-6));
        assert_eq!(m.elapsed, Duration::from_millis(200));
    }
}
