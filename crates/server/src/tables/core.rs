//! A table's state as a pure state machine over its events: the game (kept in memory and
//! advanced one action at a time), seats, game clocks, review timers, the dead-stone suggestion
//! and undo requests. Live actions and the replay of stored events go through the same
//! [`TableCore::apply`], so a rebuilt table is the table that was running. No I/O here.

use super::clock::{Clocks, ReviewTimers, SideClock};
use super::event::{Cause, Event, EventKind};
use super::settings::TableSettings;
use super::TableError;
use serde::Serialize;
use std::sync::Arc;
use tengen_rules::{Action, AnyGame, Color, GameView, Phase, Point, Record};

/// A table in memory.
#[derive(Debug)]
pub struct TableCore {
    /// The table id.
    pub id: String,
    /// The settings.
    pub settings: TableSettings,
    record: Record,
    movers: Vec<Option<Color>>,
    game: AnyGame,
    seq: u64,
    last_at: i64,
    names: [Option<String>; 2],
    seated: [bool; 2],
    clocks: Option<Clocks>,
    review_timers: Option<ReviewTimers>,
    suggestion: Vec<Point>,
    undo_request: Option<Color>,
    log: Vec<Arc<str>>,
}

/// One player as the table state shows them.
#[derive(Debug, Clone, Serialize)]
pub struct PlayerState {
    /// The display name.
    pub name: Option<String>,
    /// Whether someone holds the seat.
    pub seated: bool,
    /// Whether the seat has a live connection.
    pub connected: bool,
}

/// Both game clocks as of `server_time`.
#[derive(Debug, Clone, Serialize)]
pub struct ClockState {
    /// The running clock.
    pub running: Option<Color>,
    /// Black's clock.
    pub black: SideClock,
    /// White's clock.
    pub white: SideClock,
}

/// Both review timers as of `server_time`.
#[derive(Debug, Clone, Serialize)]
pub struct ReviewTimerState {
    /// The reviewer whose timer runs.
    pub running: Color,
    /// Black's time left.
    pub black_ms: i64,
    /// White's time left.
    pub white_ms: i64,
}

/// Black and White.
#[derive(Debug, Clone, Serialize)]
pub struct Both<T> {
    /// Black's.
    pub black: T,
    /// White's.
    pub white: T,
}

/// What every client of a table sees (docs/TABLES.md).
#[derive(Debug, Clone, Serialize)]
pub struct TableState {
    /// The table id.
    pub id: String,
    /// The last event number.
    pub seq: u64,
    /// The settings.
    pub settings: TableSettings,
    /// Both players.
    pub players: Both<PlayerState>,
    /// The game view.
    pub view: GameView,
    /// The game clocks, if the table has them.
    pub clock: Option<ClockState>,
    /// The review timers during review.
    pub review_timer: Option<ReviewTimerState>,
    /// The server's dead-stone suggestion during review.
    pub suggested_dead: Vec<Point>,
    /// A pending undo request by that color.
    pub undo_request: Option<Color>,
    /// When this state was made (unix ms).
    pub server_time: i64,
}

/// One line of "Your tables".
#[derive(Debug, Clone, Serialize)]
pub struct TableSummary {
    /// The table id.
    pub id: String,
    /// The asker's seat.
    pub seat: Color,
    /// Go or TimeGo.
    pub variant: tengen_rules::Variant,
    /// Board size.
    pub size: u8,
    /// The game's phase.
    pub phase: Phase,
    /// The color to move (or to review).
    pub to_move: Option<Color>,
    /// Whether the game waits for the asker.
    pub your_turn: bool,
    /// The opponent's name.
    pub opponent: Option<String>,
    /// The result once finished.
    pub result: Option<String>,
    /// Moves played.
    pub move_number: u32,
}

fn is_play(action: &Action) -> bool {
    matches!(
        action,
        Action::Place(_) | Action::Pass {} | Action::Time { .. } | Action::Lock {}
    )
}

impl TableCore {
    /// A new table with no events.
    pub fn new(id: String, settings: TableSettings) -> Result<TableCore, TableError> {
        let rules = settings.rules();
        let game = AnyGame::new(rules).map_err(|e| TableError::Corrupt(e.to_string()))?;
        Ok(TableCore {
            id,
            clocks: settings.clock.map(Clocks::new),
            settings,
            record: Record::new(rules),
            movers: Vec::new(),
            game,
            seq: 0,
            last_at: 0,
            names: [None, None],
            seated: [false, false],
            review_timers: None,
            suggestion: Vec::new(),
            undo_request: None,
            log: Vec::new(),
        })
    }

    /// The last event number.
    pub fn seq(&self) -> u64 {
        self.seq
    }
    /// The game.
    pub fn game(&self) -> &AnyGame {
        &self.game
    }
    /// The game record (every action so far).
    pub fn record(&self) -> &Record {
        &self.record
    }
    /// Whether someone holds each seat.
    pub fn seated(&self) -> [bool; 2] {
        self.seated
    }
    /// The stored events after `after`, as sent to clients; None when `after` is in the future.
    pub fn events_after(&self, after: u64) -> Option<&[Arc<str>]> {
        self.log.get(after as usize..)
    }
    /// The dead stones the server suggested for this review.
    pub fn suggestion(&self) -> &[Point] {
        &self.suggestion
    }
    /// The current review marks (the reviewer's), if in review.
    pub fn marks(&self) -> Option<Vec<Point>> {
        self.game
            .review()
            .map(|r| r.dead().iter().copied().collect())
    }

    /// The event that numbers after the last one, at `now`.
    pub fn next_event(&self, now: i64, kind: EventKind) -> Event {
        Event {
            seq: self.seq + 1,
            at: now.max(self.last_at),
            kind,
        }
    }

    /// Applies an event: checks it (a seat's action is checked as that seat's), then updates
    /// the game, clocks, timers and log. On error nothing changed.
    pub fn apply(&mut self, event: &Event) -> Result<(), TableError> {
        if event.seq != self.seq + 1 {
            return Err(TableError::Corrupt(format!(
                "event {} follows event {}",
                event.seq, self.seq
            )));
        }
        let at = event.at;
        match &event.kind {
            EventKind::Seated { seat, name } => {
                if self.seated[seat.index()] {
                    return Err(TableError::SeatsTaken);
                }
                self.seated[seat.index()] = true;
                self.names[seat.index()] = name.clone();
                self.start_clock_if_ready(at);
            }
            EventKind::Action {
                seat,
                action,
                cause,
            } => {
                let before = self.game.phase();
                let reviewer_before = self.game.review().map(|r| r.reviewer());
                match seat {
                    Some(seat) => self.game.apply_as(*seat, action)?,
                    None => self.game.apply(action)?,
                }
                self.record.actions.push(action.clone());
                self.movers.push(*seat);
                if is_play(action) {
                    self.undo_request = None;
                }
                if *cause == Some(Cause::Suggestion) {
                    if let Action::SetDead(points) = action {
                        self.suggestion = points.clone();
                    }
                }
                self.after_action(action, before, reviewer_before, at);
            }
            EventKind::UndoRequested { seat } => {
                self.check_undo_request(*seat)?;
                self.undo_request = Some(*seat);
            }
            EventKind::UndoAnswered { seat, accept } => {
                if self.undo_request != Some(seat.opponent()) {
                    return Err(TableError::Refused("there is no undo request to answer"));
                }
                if *accept {
                    let mut record = self.record.clone();
                    record.actions.pop();
                    let game = record
                        .replay()
                        .map_err(|e| TableError::Corrupt(e.to_string()))?;
                    self.record = record;
                    self.movers.pop();
                    self.game = game;
                    if let Some(clocks) = self.clocks.as_mut() {
                        clocks.stop(at, false);
                    }
                    self.start_clock_if_ready(at);
                }
                self.undo_request = None;
            }
        }
        self.seq = event.seq;
        self.last_at = self.last_at.max(at);
        let line: Arc<str> = serde_json::to_string(event)
            .expect("events always serialise")
            .into();
        self.log.push(line);
        Ok(())
    }

    fn check_undo_request(&self, seat: Color) -> Result<(), TableError> {
        if self.game.phase() != Phase::Playing {
            return Err(TableError::Refused(
                "a move can be taken back only during play",
            ));
        }
        if self.undo_request.is_some() {
            return Err(TableError::Refused("an undo request is already waiting"));
        }
        match (self.record.actions.last(), self.movers.last()) {
            (Some(action), Some(Some(mover))) if is_play(action) && *mover == seat => Ok(()),
            _ => Err(TableError::Refused(
                "you can ask to take back only your own last move, before your opponent moves",
            )),
        }
    }

    /// Clocks and review timers after a game action at `at`.
    fn after_action(
        &mut self,
        action: &Action,
        before: Phase,
        reviewer_before: Option<Color>,
        at: i64,
    ) {
        let after = self.game.phase();
        if let Some(clocks) = self.clocks.as_mut() {
            if is_play(action) || after != Phase::Playing {
                clocks.stop(at, is_play(action));
            }
        }
        match (before, after) {
            (Phase::Playing, Phase::Playing) => self.start_clock_if_ready(at),
            (Phase::Playing, Phase::ScoreReview) => {
                let reviewer = self.game.review().map(|r| r.reviewer());
                if let Some(reviewer) = reviewer {
                    self.review_timers = Some(ReviewTimers::new(
                        self.settings.review_seconds as i64 * 1000,
                        reviewer,
                        at,
                    ));
                }
            }
            (Phase::ScoreReview, Phase::ScoreReview) => {
                let reviewer = self.game.review().map(|r| r.reviewer());
                if let (Some(timers), Some(now_reviewer)) = (self.review_timers.as_mut(), reviewer)
                {
                    if reviewer_before != Some(now_reviewer) {
                        timers.hand_over(at, now_reviewer);
                    }
                }
            }
            (Phase::ScoreReview, Phase::Playing) => {
                self.review_timers = None;
                self.suggestion.clear();
                self.start_clock_if_ready(at);
            }
            (_, Phase::Finished) => {
                self.review_timers = None;
                if let Some(clocks) = self.clocks.as_mut() {
                    clocks.running = None;
                }
            }
            _ => {}
        }
    }

    fn start_clock_if_ready(&mut self, at: i64) {
        let playing = self.game.phase() == Phase::Playing;
        let to_move = self.game.to_move();
        if let Some(clocks) = self.clocks.as_mut() {
            if playing && self.seated == [true, true] && clocks.running.is_none() {
                clocks.start(to_move, at);
            }
        }
    }

    /// The next moment a timer fires (unix ms), if one runs.
    pub fn next_deadline(&self) -> Option<i64> {
        let clock = self.clocks.and_then(|c| c.deadline()).map(|(_, t)| t);
        let review = self.review_timers.map(|t| t.deadline().1);
        match (clock, review) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// The server's action when a timer has run out by `now`: the review timeout submits the
    /// reviewer's current marks; a game clock ends the game on time.
    pub fn due(&self, now: i64) -> Option<Event> {
        if let Some(timers) = self.review_timers {
            let (reviewer, deadline) = timers.deadline();
            if now >= deadline {
                return Some(self.next_event(
                    deadline,
                    EventKind::Action {
                        seat: None,
                        action: Action::Propose {
                            color: reviewer,
                            dead: None,
                        },
                        cause: Some(Cause::ReviewTimeout),
                    },
                ));
            }
        }
        if let Some((color, deadline)) = self.clocks.and_then(|c| c.deadline()) {
            if now >= deadline {
                return Some(self.next_event(
                    deadline,
                    EventKind::Action {
                        seat: None,
                        action: Action::Timeout(color),
                        cause: Some(Cause::Clock),
                    },
                ));
            }
        }
        None
    }

    /// Whether the table waits for the server's dead-stone suggestion: a review has begun (or
    /// passed to the second reviewer) and the reviewer's marks are not yet set from it.
    pub fn wants_suggestion(&self) -> bool {
        let Some(review) = self.game.review() else {
            return false;
        };
        // After each review action the last event is a seat's or a timeout; the suggestion
        // is due when the reviewer has just changed (start of review, or hand-over).
        let last_is_suggestion = matches!(self.movers.last(), Some(None))
            && matches!(self.record.actions.last(), Some(Action::SetDead(_)));
        if last_is_suggestion {
            return false;
        }
        let started_now = matches!(self.record.actions.last(), Some(Action::Pass {}));
        let handed_over = matches!(self.record.actions.last(), Some(Action::Propose { .. }))
            && review.proposals().iter().filter(|p| p.is_some()).count() == 1;
        started_now || handed_over
    }

    /// The state every client sees, at `now`, with each seat's connection.
    pub fn state(&self, now: i64, connected: [bool; 2]) -> TableState {
        let mut view = self.game.view();
        if let Some(review) = view.review.as_mut() {
            review.suggested_dead = self.suggestion.clone();
        }
        let player = |c: Color| PlayerState {
            name: self.names[c.index()].clone(),
            seated: self.seated[c.index()],
            connected: connected[c.index()],
        };
        TableState {
            id: self.id.clone(),
            seq: self.seq,
            settings: self.settings.clone(),
            players: Both {
                black: player(Color::Black),
                white: player(Color::White),
            },
            view,
            clock: self.clocks.map(|c| {
                let sides = c.at(now);
                ClockState {
                    running: c.running.map(|(color, _)| color),
                    black: sides[0],
                    white: sides[1],
                }
            }),
            review_timer: self.review_timers.map(|t| {
                let left = t.at(now);
                ReviewTimerState {
                    running: t.running.0,
                    black_ms: left[0],
                    white_ms: left[1],
                }
            }),
            suggested_dead: if self.game.review().is_some() {
                self.suggestion.clone()
            } else {
                Vec::new()
            },
            undo_request: self.undo_request,
            server_time: now,
        }
    }

    /// "Your tables" line for the holder of `seat`.
    pub fn summary(&self, seat: Color) -> TableSummary {
        let view = self.game.view();
        let awaited = self.game.awaited();
        TableSummary {
            id: self.id.clone(),
            seat,
            variant: self.settings.variant,
            size: self.settings.size,
            phase: self.game.phase(),
            to_move: awaited,
            your_turn: awaited == Some(seat) && self.seated == [true, true],
            opponent: self.names[seat.opponent().index()].clone(),
            result: self.game.result().map(|r| r.to_string()),
            move_number: view.move_number,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::settings::{ClockSettings, CreateTable};

    fn table(json: &str) -> TableCore {
        let req: CreateTable = serde_json::from_str(json).unwrap();
        TableCore::new("t".into(), req.settings().unwrap()).unwrap()
    }

    fn push(t: &mut TableCore, at: i64, kind: EventKind) -> Result<(), TableError> {
        let e = t.next_event(at, kind);
        t.apply(&e)
    }

    fn seat_both(t: &mut TableCore) {
        for seat in [Color::Black, Color::White] {
            push(t, 0, EventKind::Seated { seat, name: None }).unwrap();
        }
    }

    fn play(t: &mut TableCore, at: i64, seat: Color, action: Action) -> Result<(), TableError> {
        push(
            t,
            at,
            EventKind::Action {
                seat: Some(seat),
                action,
                cause: None,
            },
        )
    }

    fn p(name: &str) -> Point {
        name.parse().unwrap()
    }

    #[test]
    fn out_of_turn_move_changes_nothing() {
        let mut t = table("{}");
        seat_both(&mut t);
        let err = play(&mut t, 1, Color::White, Action::Place(p("E5"))).unwrap_err();
        assert!(err.to_string().contains("not your turn"), "{err}");
        assert_eq!((t.seq(), t.record().actions.len()), (2, 0));
    }

    #[test]
    fn byoyomi_clock_runs_for_the_side_to_move_once_both_are_seated() {
        let mut t = table(
            r#"{"clock":{"kind":"byoyomi","main_seconds":60,"periods":1,"period_seconds":10}}"#,
        );
        push(
            &mut t,
            0,
            EventKind::Seated {
                seat: Color::Black,
                name: None,
            },
        )
        .unwrap();
        assert_eq!(t.next_deadline(), None);
        push(
            &mut t,
            1_000,
            EventKind::Seated {
                seat: Color::White,
                name: None,
            },
        )
        .unwrap();
        assert_eq!(t.next_deadline(), Some(1_000 + 70_000));
        play(&mut t, 11_000, Color::Black, Action::Place(p("E5"))).unwrap();
        assert_eq!(t.next_deadline(), Some(11_000 + 70_000));
        let due = t.due(81_000).expect("white's time is up");
        t.apply(&due).unwrap();
        assert_eq!(t.game().result().unwrap().to_string(), "B+T");
        assert_eq!(t.next_deadline(), None);
        let _ = ClockSettings::Fischer {
            main_seconds: 1,
            increment_seconds: 0,
        };
    }

    #[test]
    fn review_timeout_submits_marks_and_hands_over() {
        let mut t = table(r#"{"review_seconds":30}"#);
        seat_both(&mut t);
        play(&mut t, 1, Color::Black, Action::Place(p("E5"))).unwrap();
        play(&mut t, 2, Color::White, Action::Pass {}).unwrap();
        play(&mut t, 3, Color::Black, Action::Pass {}).unwrap();
        assert!(t.wants_suggestion());
        assert_eq!(t.game().review().unwrap().reviewer(), Color::White);
        assert_eq!(t.next_deadline(), Some(30_003));
        assert!(t.due(30_002).is_none());
        let due = t.due(30_003).unwrap();
        t.apply(&due).unwrap();
        assert_eq!(t.game().review().unwrap().reviewer(), Color::Black);
        assert!(t.wants_suggestion());
        assert_eq!(t.next_deadline(), Some(60_003));
    }

    #[test]
    fn undo_accepted_takes_back_the_last_move() {
        let mut t = table("{}");
        seat_both(&mut t);
        play(&mut t, 1, Color::Black, Action::Place(p("E5"))).unwrap();
        assert!(push(&mut t, 2, EventKind::UndoRequested { seat: Color::White }).is_err());
        push(&mut t, 2, EventKind::UndoRequested { seat: Color::Black }).unwrap();
        assert!(push(
            &mut t,
            3,
            EventKind::UndoAnswered {
                seat: Color::Black,
                accept: true
            }
        )
        .is_err());
        push(
            &mut t,
            3,
            EventKind::UndoAnswered {
                seat: Color::White,
                accept: true,
            },
        )
        .unwrap();
        assert_eq!(t.record().actions.len(), 0);
        assert_eq!(t.game().to_move(), Color::Black);
    }

    #[test]
    fn a_seat_cannot_be_taken_twice() {
        let mut t = table("{}");
        seat_both(&mut t);
        let again = push(
            &mut t,
            1,
            EventKind::Seated {
                seat: Color::White,
                name: None,
            },
        );
        assert!(matches!(again, Err(TableError::SeatsTaken)));
    }
}
