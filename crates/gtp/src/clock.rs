//! Time control in GTP: the settings of `time_settings`, each color's clock as `time_left`
//! reports it, and the time the engine spends on its own moves, so that a controller which
//! sends `time_settings` but no `time_left` still gets an engine that keeps to its time.
//! `kgs-time_settings` adds Japanese byo-yomi, which the engine plays as one stone per
//! period: every move within one period, the spare periods never counted on.

use crate::command::KgsTime;
use tengen_engine::Clock;
use tengen_rules::Color;

/// The byo-yomi after the main time, in seconds: `stones` moves in each period of `byo_yomi`
/// (Canadian; Japanese byo-yomi is one stone a period, `japanese` set).
#[derive(Debug, Clone, Copy, PartialEq)]
struct Settings {
    main: f64,
    byo_yomi: f64,
    stones: u32,
    /// Japanese byo-yomi: `time_left`'s stones are the periods left, not stones to play.
    japanese: bool,
}

/// Both colors' clocks.
#[derive(Debug, Clone, Default)]
pub struct Clocks {
    settings: Option<Settings>,
    /// Per color (index by [`Color::index`]).
    left: [Option<Clock>; 2],
}

impl Clocks {
    /// `time_settings`: both clocks start afresh. Byo-yomi time with no stones means no time
    /// limit (GTP); so does `0 0 0`.
    pub fn set(&mut self, main: u32, byo_yomi: u32, stones: u32) {
        let unlimited = byo_yomi > 0 && stones == 0 || main == 0 && byo_yomi == 0;
        self.settings = (!unlimited).then_some(Settings {
            main: main as f64,
            byo_yomi: byo_yomi as f64,
            stones,
            japanese: false,
        });
        self.start();
    }

    /// `kgs-time_settings`: as `time_settings` for `none`, `absolute` and `canadian`; Japanese
    /// byo-yomi (`byoyomi MAIN PERIOD PERIODS`) becomes one stone a period, so each move in
    /// byo-yomi is planned within one period. No periods, or a zero period, is sudden death.
    pub fn set_kgs(&mut self, system: KgsTime) {
        match system {
            KgsTime::None => self.set(0, 0, 0),
            KgsTime::Absolute { main_time } => self.set(main_time, 0, 0),
            KgsTime::Canadian {
                main_time,
                byo_yomi_time,
                byo_yomi_stones,
            } => self.set(main_time, byo_yomi_time, byo_yomi_stones),
            KgsTime::Byoyomi {
                main_time,
                period_time,
                periods,
            } => {
                if period_time == 0 || periods == 0 {
                    self.set(main_time, 0, 0);
                    return;
                }
                self.settings = Some(Settings {
                    main: main_time as f64,
                    byo_yomi: period_time as f64,
                    stones: 1,
                    japanese: true,
                });
                self.start();
            }
        }
    }

    /// Both clocks full, from the settings.
    fn start(&mut self) {
        let start = self.settings.map(|s| {
            if s.main > 0.0 {
                Clock {
                    seconds: s.main,
                    stones: 0,
                    byo_yomi_seconds: s.byo_yomi,
                    byo_yomi_stones: s.stones,
                }
            } else {
                Clock::byo_yomi(s.byo_yomi, s.stones)
            }
        });
        self.left = [start, start];
    }

    /// `time_left COLOR SECONDS STONES`: `stones` 0 means main time. `0 0` without time
    /// settings means no limit; with settings, a clock that has run out. Under Japanese
    /// byo-yomi `stones` counts the periods left and `seconds` what is left of this one: one
    /// stone to play in it.
    pub fn time_left(&mut self, color: Color, seconds: u32, stones: u32) {
        if self.settings.is_none() && seconds == 0 && stones == 0 {
            self.left[color.index()] = None;
            return;
        }
        let (byo_yomi_seconds, byo_yomi_stones) =
            self.settings.map_or((0.0, 0), |s| (s.byo_yomi, s.stones));
        let japanese = self.settings.is_some_and(|s| s.japanese);
        self.left[color.index()] = Some(Clock {
            seconds: seconds as f64,
            stones: if japanese { stones.min(1) } else { stones },
            byo_yomi_seconds,
            byo_yomi_stones,
        });
    }

    /// The clock of `color` (None: no time limit).
    pub fn clock(&self, color: Color) -> Option<Clock> {
        self.left[color.index()]
    }

    /// Charges `seconds` to `color`'s clock for one move: main time first, then byo-yomi; a
    /// period whose stones are all played starts again. (A `time_left` from the controller
    /// overrides this bookkeeping.)
    pub fn spend(&mut self, color: Color, seconds: f64) {
        let Some(clock) = &mut self.left[color.index()] else {
            return;
        };
        let mut rest = seconds.max(0.0);
        if clock.stones == 0 {
            if rest < clock.seconds || clock.byo_yomi_stones == 0 {
                clock.seconds = (clock.seconds - rest).max(0.0);
                return;
            }
            rest -= clock.seconds;
            clock.seconds = clock.byo_yomi_seconds;
            clock.stones = clock.byo_yomi_stones;
        }
        clock.seconds = (clock.seconds - rest).max(0.0);
        clock.stones -= 1;
        if clock.stones == 0 {
            clock.seconds = clock.byo_yomi_seconds;
            clock.stones = clock.byo_yomi_stones;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn main_time_runs_down_then_byo_yomi_periods_restart() {
        let mut clocks = Clocks::default();
        clocks.set(10, 30, 5);
        clocks.spend(Color::Black, 4.0);
        assert_eq!(clocks.clock(Color::Black).unwrap().seconds, 6.0);
        // Running past the main time enters byo-yomi: 2 s of the move go to the period.
        clocks.spend(Color::Black, 8.0);
        let c = clocks.clock(Color::Black).unwrap();
        assert_eq!((c.seconds, c.stones), (28.0, 4));
        for _ in 0..4 {
            clocks.spend(Color::Black, 1.0);
        }
        let c = clocks.clock(Color::Black).unwrap();
        assert_eq!((c.seconds, c.stones), (30.0, 5), "a new period");
        assert_eq!(clocks.clock(Color::White).unwrap().seconds, 10.0);
    }

    #[test]
    fn byo_yomi_without_stones_means_no_limit() {
        let mut clocks = Clocks::default();
        clocks.set(0, 30, 0);
        assert_eq!(clocks.clock(Color::White), None);
        clocks.set(0, 0, 0);
        assert_eq!(clocks.clock(Color::White), None);
        clocks.set(0, 60, 10);
        assert_eq!(clocks.clock(Color::White), Some(Clock::byo_yomi(60.0, 10)));
    }

    #[test]
    fn japanese_byo_yomi_is_one_stone_a_period() {
        let mut clocks = Clocks::default();
        clocks.set_kgs(KgsTime::Byoyomi {
            main_time: 60,
            period_time: 30,
            periods: 5,
        });
        let c = clocks.clock(Color::Black).unwrap();
        assert_eq!((c.seconds, c.stones), (60.0, 0));
        assert_eq!((c.byo_yomi_seconds, c.byo_yomi_stones), (30.0, 1));
        // 10 s into byo-yomi: the move was within the period, which starts again in full.
        clocks.spend(Color::Black, 70.0);
        let c = clocks.clock(Color::Black).unwrap();
        assert_eq!((c.seconds, c.stones), (30.0, 1));
        // KGS's time_left in byo-yomi: 25 s of this period, 3 periods left.
        clocks.time_left(Color::White, 25, 3);
        let c = clocks.clock(Color::White).unwrap();
        assert_eq!((c.seconds, c.stones), (25.0, 1));
    }

    #[test]
    fn kgs_time_systems_without_byo_yomi() {
        let mut clocks = Clocks::default();
        clocks.set_kgs(KgsTime::Absolute { main_time: 600 });
        assert_eq!(clocks.clock(Color::White), Some(Clock::main_time(600.0)));
        clocks.set_kgs(KgsTime::None);
        assert_eq!(clocks.clock(Color::White), None);
        clocks.set_kgs(KgsTime::Byoyomi {
            main_time: 300,
            period_time: 30,
            periods: 0,
        });
        assert_eq!(clocks.clock(Color::White), Some(Clock::main_time(300.0)));
        clocks.set_kgs(KgsTime::Canadian {
            main_time: 0,
            byo_yomi_time: 300,
            byo_yomi_stones: 25,
        });
        assert_eq!(clocks.clock(Color::White), Some(Clock::byo_yomi(300.0, 25)));
    }

    #[test]
    fn time_left_keeps_the_byo_yomi_of_the_settings() {
        let mut clocks = Clocks::default();
        clocks.set(300, 30, 5);
        clocks.time_left(Color::White, 120, 0);
        let c = clocks.clock(Color::White).unwrap();
        assert_eq!((c.seconds, c.stones, c.byo_yomi_seconds), (120.0, 0, 30.0));
        // Sudden death: the clock stays at zero rather than wrapping.
        clocks.set(5, 0, 0);
        clocks.spend(Color::Black, 9.0);
        assert_eq!(clocks.clock(Color::Black), Some(Clock::main_time(0.0)));
    }
}
