//! Game clocks and review timers as pure arithmetic on milliseconds: the table task charges the
//! time between stored events, so a clock rebuilt from the events after a restart is exactly
//! the clock that was running.

use super::settings::ClockSettings;
use serde::Serialize;
use tengen_rules::Color;

/// One player's game clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct SideClock {
    /// Main time left.
    pub main_ms: i64,
    /// Byo-yomi periods left (0 under Fischer).
    pub periods: u32,
    /// Length of one period (0 under Fischer).
    pub period_ms: i64,
}

impl SideClock {
    /// A full clock.
    pub fn new(settings: ClockSettings) -> SideClock {
        match settings {
            ClockSettings::Byoyomi {
                main_seconds,
                periods,
                period_seconds,
            } => SideClock {
                main_ms: main_seconds as i64 * 1000,
                periods,
                period_ms: period_seconds as i64 * 1000,
            },
            ClockSettings::Fischer { main_seconds, .. } => SideClock {
                main_ms: main_seconds as i64 * 1000,
                periods: 0,
                period_ms: 0,
            },
        }
    }

    /// How long this clock can run before its player loses on time.
    pub fn until_flag_ms(&self) -> i64 {
        self.main_ms + self.periods as i64 * self.period_ms
    }

    /// Charges `elapsed` ms of thinking. `moved`: the turn ended with a move (a byo-yomi period
    /// in progress is kept, a Fischer increment is added). Returns false when the time ran out.
    pub fn charge(&mut self, settings: ClockSettings, elapsed: i64, moved: bool) -> bool {
        let elapsed = elapsed.max(0);
        if elapsed < self.main_ms {
            self.main_ms -= elapsed;
        } else {
            let over = elapsed - self.main_ms;
            self.main_ms = 0;
            if self.period_ms == 0 {
                return false;
            }
            let used = (over / self.period_ms) as u32;
            if used >= self.periods {
                self.periods = 0;
                return false;
            }
            self.periods -= used;
        }
        if moved {
            if let ClockSettings::Fischer {
                increment_seconds, ..
            } = settings
            {
                self.main_ms += increment_seconds as i64 * 1000;
            }
        }
        true
    }
}

/// Both game clocks and which one runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Clocks {
    /// The settings.
    pub settings: ClockSettings,
    /// Each player's clock, indexed by [`Color::index`].
    pub sides: [SideClock; 2],
    /// The running clock and since when (unix ms); None while stopped.
    pub running: Option<(Color, i64)>,
}

impl Clocks {
    /// Two full, stopped clocks.
    pub fn new(settings: ClockSettings) -> Clocks {
        Clocks {
            settings,
            sides: [SideClock::new(settings); 2],
            running: None,
        }
    }

    /// Stops the running clock at `now`, charging its player. `moved`: that player moved.
    /// Returns false when the player's time had run out.
    pub fn stop(&mut self, now: i64, moved: bool) -> bool {
        match self.running.take() {
            Some((color, since)) => {
                self.sides[color.index()].charge(self.settings, now - since, moved)
            }
            None => true,
        }
    }

    /// Starts `color`'s clock at `now`.
    pub fn start(&mut self, color: Color, now: i64) {
        self.running = Some((color, now));
    }

    /// When the running player loses on time (unix ms), if a clock runs.
    pub fn deadline(&self) -> Option<(Color, i64)> {
        self.running
            .map(|(color, since)| (color, since + self.sides[color.index()].until_flag_ms()))
    }

    /// Both clocks as they stand at `now` (the running one charged so far).
    pub fn at(&self, now: i64) -> [SideClock; 2] {
        let mut sides = self.sides;
        if let Some((color, since)) = self.running {
            sides[color.index()].charge(self.settings, now - since, false);
        }
        sides
    }
}

/// The two review timers of a table review.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReviewTimers {
    /// Time left to each player, indexed by [`Color::index`].
    pub left_ms: [i64; 2],
    /// The reviewer whose timer runs, and since when (unix ms).
    pub running: (Color, i64),
}

impl ReviewTimers {
    /// Full timers, `reviewer`'s running from `now`.
    pub fn new(review_ms: i64, reviewer: Color, now: i64) -> ReviewTimers {
        ReviewTimers {
            left_ms: [review_ms; 2],
            running: (reviewer, now),
        }
    }

    /// The running reviewer submitted at `now`; `next`'s timer runs from now.
    pub fn hand_over(&mut self, now: i64, next: Color) {
        let (color, since) = self.running;
        let left = &mut self.left_ms[color.index()];
        *left = (*left - (now - since)).max(0);
        self.running = (next, now);
    }

    /// When the running reviewer's time runs out (unix ms).
    pub fn deadline(&self) -> (Color, i64) {
        let (color, since) = self.running;
        (color, since + self.left_ms[color.index()])
    }

    /// Time left to each player at `now`.
    pub fn at(&self, now: i64) -> [i64; 2] {
        let mut left = self.left_ms;
        let (color, since) = self.running;
        left[color.index()] = (left[color.index()] - (now - since)).max(0);
        left
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BYO: ClockSettings = ClockSettings::Byoyomi {
        main_seconds: 10,
        periods: 3,
        period_seconds: 5,
    };
    const FISCHER: ClockSettings = ClockSettings::Fischer {
        main_seconds: 10,
        increment_seconds: 2,
    };

    #[test]
    fn byoyomi_move_within_a_period_keeps_it() {
        let mut c = SideClock::new(BYO);
        assert!(c.charge(BYO, 12_000, true));
        assert_eq!((c.main_ms, c.periods), (0, 3));
        assert!(c.charge(BYO, 4_999, true));
        assert_eq!(c.periods, 3);
    }

    #[test]
    fn byoyomi_overrun_uses_up_periods_then_flags() {
        let mut c = SideClock::new(BYO);
        assert!(c.charge(BYO, 10_000 + 5_000 + 1, true));
        assert_eq!(c.periods, 2);
        assert!(!c.charge(BYO, 10_000, true));
    }

    #[test]
    fn fischer_adds_the_increment_after_a_move_only() {
        let mut c = SideClock::new(FISCHER);
        assert!(c.charge(FISCHER, 3_000, true));
        assert_eq!(c.main_ms, 9_000);
        assert!(c.charge(FISCHER, 1_000, false));
        assert_eq!(c.main_ms, 8_000);
        assert!(!c.charge(FISCHER, 8_000, true));
    }

    #[test]
    fn deadline_counts_main_time_and_every_period() {
        let mut clocks = Clocks::new(BYO);
        clocks.start(Color::Black, 1_000);
        assert_eq!(
            clocks.deadline(),
            Some((Color::Black, 1_000 + 10_000 + 15_000))
        );
        assert_eq!(clocks.at(3_000)[0].main_ms, 8_000);
    }

    #[test]
    fn review_timer_hands_over_with_the_time_left() {
        let mut t = ReviewTimers::new(120_000, Color::White, 0);
        t.hand_over(30_000, Color::Black);
        assert_eq!(t.left_ms, [120_000, 90_000]);
        assert_eq!(t.deadline(), (Color::Black, 150_000));
        assert_eq!(t.at(40_000), [110_000, 90_000]);
    }
}
