//! Playing on in a lost game: once a search says the engine is clearly behind, the next
//! searches count with komi shifted towards it by about the points it expects to lose, so that
//! the moves that lose by least look best. Without it every move "loses" alike, and the search
//! prefers the ones whose few won playouts come from wild invasions: it throws stones into the
//! opponent's area and a 15-point loss becomes an 88-point one (docs/ENGINE.md, "Behind").
//! The shift shrinks as the game improves, but grows as it goes worse only once the search is
//! hopeless at the shifted komi too: a ratchet, so that it does not follow every further loss
//! down and settle for it.
//! While the komi is shifted the search counts with `EngineConfig::lost_score_weight` (1 by
//! default: the best expected margin alone), not the even game's small score term.
//! The real komi still decides passing and the count, and resigning uses the real win rate.

/// Win rate (at the real komi, over all the search's playouts) under which the engine counts
/// itself behind and starts shifting the komi.
pub(crate) const BEHIND_BELOW: f32 = 0.2;
/// Win rate at the real komi at which the shift is dropped again: the game has turned.
pub(crate) const RECOVERED_AT: f32 = 0.35;
/// The shifted komi asks for this many points more than the playouts' mean margin, so the
/// search still looks for gains rather than settling for the expected loss.
const AMBITION: i32 = 2;
/// The shift shrinks only when the target has moved by at least this many points, so that the
/// kept tree (searched with the old komi) can be reused between most moves.
const STEP: i32 = 3;

/// The komi shift, in whole points towards the engine, for the next search, from the current
/// one and what the last search saw: at the real komi the engine's win rate over all its
/// playouts and its mean margin in points (negative when behind), and at the komi it counted
/// with its best move's win rate (`searched_winrate`). That is the tree's value: at the default
/// `lost_score_weight` of 1 a share of the margin, which stays near 0.5 at the shifted komi, so
/// the shift then does not grow — and at that weight it only offsets the value anyway.
pub(crate) fn next_shift(
    current: i32,
    real_winrate: f32,
    mean_margin: f32,
    searched_winrate: f32,
) -> i32 {
    if !real_winrate.is_finite() || !mean_margin.is_finite() || real_winrate >= RECOVERED_AT {
        return 0;
    }
    if current == 0 && real_winrate >= BEHIND_BELOW {
        return 0;
    }
    // Margins are bounded by the board's area plus komi; the clamp keeps the cast exact.
    let expected_loss = (-mean_margin).clamp(0.0, 10_000.0).floor() as i32;
    let target = (expected_loss - AMBITION).max(0);
    if current > 0 && target > current && searched_winrate >= BEHIND_BELOW {
        // A ratchet: a game going worse does not lower the aim while the search can still
        // reach it, or the shift would follow every further loss down and settle for it.
        return current;
    }
    if target == 0 || (target - current).abs() >= STEP {
        target
    } else {
        current
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_even_game_keeps_the_real_komi() {
        assert_eq!(next_shift(0, 0.5, -1.0, 0.5), 0);
        assert_eq!(next_shift(0, 0.25, -12.0, 0.5), 0);
    }

    #[test]
    fn a_lost_game_counts_with_the_expected_loss_less_the_ambition() {
        assert_eq!(next_shift(0, 0.1, -15.4, 0.5), 13);
        assert_eq!(next_shift(0, 0.02, -40.0, 0.5), 38);
    }

    #[test]
    fn a_small_expected_loss_shifts_nothing() {
        assert_eq!(next_shift(0, 0.1, -2.0, 0.5), 0);
        assert_eq!(next_shift(5, 0.1, 3.0, 0.5), 0);
    }

    #[test]
    fn the_shift_stays_put_for_small_gains_and_shrinks_for_large_ones() {
        assert_eq!(next_shift(13, 0.3, -16.0, 0.5), 13);
        assert_eq!(next_shift(13, 0.3, -13.5, 0.5), 13);
        assert_eq!(next_shift(13, 0.3, -11.0, 0.5), 9);
    }

    #[test]
    fn a_game_going_worse_keeps_the_aim_while_the_search_can_reach_it() {
        assert_eq!(next_shift(13, 0.1, -30.0, 0.5), 13);
        assert_eq!(next_shift(13, 0.01, -60.0, 0.2), 13);
    }

    #[test]
    fn an_aim_the_search_cannot_reach_follows_the_expected_loss() {
        assert_eq!(next_shift(9, 0.1, -30.0, 0.15), 28);
        assert_eq!(next_shift(9, 0.0, -88.5, 0.0), 86);
    }

    #[test]
    fn a_game_that_has_turned_drops_the_shift() {
        assert_eq!(next_shift(13, 0.35, -16.0, 0.5), 0);
        assert_eq!(next_shift(13, 0.6, 2.0, 0.5), 0);
    }

    #[test]
    fn a_search_without_figures_keeps_the_real_komi() {
        assert_eq!(next_shift(13, f32::NAN, -16.0, 0.5), 0);
        assert_eq!(next_shift(13, 0.1, f32::NAN, 0.5), 0);
    }
}
