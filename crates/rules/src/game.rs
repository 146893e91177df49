//! The standard Go game: a state machine Playing → ScoreReview → Finished.
//!
//! Every method that changes the game either succeeds or returns a typed error and leaves the
//! game exactly as it was.

use crate::action::Action;
use crate::board::{Board, PlaceError, Probe, SizeError};
use crate::color::Color;
use crate::nohash::HashSet64;
use crate::point::Point;
use crate::review::{Review, ReviewError, ReviewOutcome};
use crate::rules::{KoRule, Rules, Variant};
use crate::score::{count, GameResult, Score};
use std::collections::BTreeSet;
use thiserror::Error;

/// Where the game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Phase {
    /// Players place stones and pass.
    Playing,
    /// After two passes: players agree on dead stones.
    #[cfg_attr(feature = "serde", serde(rename = "review"))]
    ScoreReview,
    /// The result is decided.
    Finished,
}

/// The most recent move of play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LastMove {
    /// Who moved.
    pub color: Color,
    /// Where; None for a pass.
    pub point: Option<Point>,
}

/// Why a placement or pass was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PlayError {
    /// Off the board (of this size).
    #[error("{0} is off the {1} × {1} board")]
    OffBoard(Point, u8),
    /// A stone is already there.
    #[error("{0} is occupied")]
    Occupied(Point),
    /// The group would have no liberties.
    #[error("{0} is suicide: the stone's group would have no liberties")]
    Suicide(Point),
    /// Recreates the position before the opponent's last move.
    #[error(
        "{0} is forbidden by ko: it would recreate the previous position; play elsewhere first"
    )]
    Ko(Point),
    /// Recreates an earlier position (positional superko).
    #[error("{0} is forbidden by superko: it would repeat an earlier board position")]
    Superko(Point),
    /// Play is paused while the score is reviewed.
    #[error("play is paused for score review: resume play first")]
    InReview,
}

impl PlayError {
    /// A short machine-readable reason: `occupied`, `suicide`, `ko`, `superko`, ...
    pub fn reason(&self) -> &'static str {
        match self {
            PlayError::OffBoard(..) => "off_board",
            PlayError::Occupied(_) => "occupied",
            PlayError::Suicide(_) => "suicide",
            PlayError::Ko(_) => "ko",
            PlayError::Superko(_) => "superko",
            PlayError::InReview => "in_review",
        }
    }
}

/// Why an action was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ActionError {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// A placement or pass was illegal.
    #[error(transparent)]
    Play(#[from] PlayError),
    /// A review action was illegal.
    #[error(transparent)]
    Review(#[from] ReviewError),
    /// A TimeGo action in standard Go, or the reverse.
    #[error("{0}")]
    WrongVariant(&'static str),
    /// A TimeGo action (time move, Lock, ...) was illegal.
    #[error(transparent)]
    TimeGo(crate::timego::TimeError),
    /// A seat acted when it is the other color's turn.
    #[error("it is not your turn: {to_move} is to play")]
    NotYourTurn {
        /// The color to play.
        to_move: Color,
    },
    /// A seat took an action that belongs to the other color (or to the server).
    #[error("{0}")]
    NotYours(&'static str),
}

/// A game of standard Go.
#[derive(Debug, Clone)]
pub struct Game {
    rules: Rules,
    board: Board,
    to_move: Color,
    phase: Phase,
    captures: [u32; 2],
    consecutive_passes: u32,
    seen: HashSet64,
    hash_before_last: Option<u64>,
    last_move: Option<LastMove>,
    move_number: u32,
    review: Option<Review>,
    result: Option<GameResult>,
    final_score: Option<Score>,
}

impl Game {
    /// A new game on an empty board; Black moves first.
    pub fn new(rules: Rules) -> Result<Game, SizeError> {
        Game::with_setup(rules, Board::new(rules.size)?, Color::Black)
    }

    /// A game from a setup position (SGF AB/AW, handicap) with `to_move` to play.
    pub fn with_setup(rules: Rules, board: Board, to_move: Color) -> Result<Game, SizeError> {
        if board.size() != rules.size {
            return Err(SizeError(board.size() as u32));
        }
        let mut seen = HashSet64::default();
        seen.insert(0);
        seen.insert(board.hash());
        Ok(Game {
            rules: Rules {
                variant: Variant::Go,
                ..rules
            },
            board,
            to_move,
            phase: Phase::Playing,
            captures: [0, 0],
            consecutive_passes: 0,
            seen,
            hash_before_last: None,
            last_move: None,
            move_number: 0,
            review: None,
            result: None,
            final_score: None,
        })
    }

    /// The rule settings.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }
    /// The current position.
    pub fn board(&self) -> &Board {
        &self.board
    }
    /// The color to play (or, in review, the color whose turn follows the passes).
    pub fn to_move(&self) -> Color {
        self.to_move
    }
    /// The current phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }
    /// Stones captured during play by each color (index by [`Color::index`]).
    pub fn captures(&self) -> [u32; 2] {
        self.captures
    }
    /// Passes in a row at the end of the game so far.
    pub fn consecutive_passes(&self) -> u32 {
        self.consecutive_passes
    }
    /// The most recent move of play.
    pub fn last_move(&self) -> Option<LastMove> {
        self.last_move
    }
    /// Number of moves of play (placements and passes).
    pub fn move_number(&self) -> u32 {
        self.move_number
    }
    /// The score review in progress, if any.
    pub fn review(&self) -> Option<&Review> {
        self.review.as_ref()
    }
    /// The result once finished.
    pub fn result(&self) -> Option<GameResult> {
        self.result
    }
    /// The final count once finished by counting (None after resignation).
    pub fn final_score(&self) -> Option<&Score> {
        self.final_score.as_ref()
    }

    /// Whether the side to move may place at `p`, and what it would do.
    pub fn check_place(&self, p: Point) -> Result<Probe, PlayError> {
        let probe = self.board.probe(p, self.to_move).map_err(|e| match e {
            PlaceError::OffBoard => PlayError::OffBoard(p, self.board.size()),
            PlaceError::Occupied => PlayError::Occupied(p),
            PlaceError::Suicide => PlayError::Suicide(p),
        })?;
        let recreates_previous = self.hash_before_last == Some(probe.hash);
        match self.rules.ko {
            KoRule::Simple if recreates_previous => Err(PlayError::Ko(p)),
            KoRule::PositionalSuperko if self.seen.contains(&probe.hash) => {
                Err(if recreates_previous {
                    PlayError::Ko(p)
                } else {
                    PlayError::Superko(p)
                })
            }
            _ => Ok(probe),
        }
    }

    /// Whether the side to move may place at `p` right now (in play).
    pub fn is_legal(&self, p: Point) -> bool {
        self.phase == Phase::Playing && self.check_place(p).is_ok()
    }

    /// Every empty point the side to move may not play, with the reason.
    pub fn illegal_points(&self) -> Vec<(Point, PlayError)> {
        if self.phase != Phase::Playing {
            return Vec::new();
        }
        self.board
            .points()
            .filter(|&p| self.board.get(p).is_none())
            .filter_map(|p| self.check_place(p).err().map(|e| (p, e)))
            .collect()
    }

    /// The simple-ko point: where the side to move may not retake right now.
    pub fn ko_point(&self) -> Option<Point> {
        let last = self.last_move?.point?;
        if self.board.liberties(last) != 1 || self.board.chain(last).len() != 1 {
            return None;
        }
        let lib = *self.board.liberty_points(last).first()?;
        matches!(self.check_place(lib), Err(PlayError::Ko(_))).then_some(lib)
    }

    fn require_playing(&self) -> Result<(), ActionError> {
        match self.phase {
            Phase::Playing => Ok(()),
            Phase::ScoreReview => Err(PlayError::InReview.into()),
            Phase::Finished => Err(ActionError::GameOver),
        }
    }

    /// Places a stone of the side to move at `p`.
    pub fn place(&mut self, p: Point) -> Result<u32, ActionError> {
        self.require_playing()?;
        let probe = self.check_place(p)?;
        let before = self.board.hash();
        let captured = self.board.play(p, self.to_move).expect("probe said legal");
        debug_assert_eq!(self.board.hash(), probe.hash);
        self.captures[self.to_move.index()] += captured;
        self.seen.insert(probe.hash);
        self.hash_before_last = Some(before);
        self.last_move = Some(LastMove {
            color: self.to_move,
            point: Some(p),
        });
        self.consecutive_passes = 0;
        self.move_number += 1;
        self.to_move = self.to_move.opponent();
        Ok(captured)
    }

    /// The side to move passes. The second pass in a row ends play: at once on an empty board,
    /// else by opening score review.
    pub fn pass(&mut self) -> Result<(), ActionError> {
        self.require_playing()?;
        self.hash_before_last = None;
        self.last_move = Some(LastMove {
            color: self.to_move,
            point: None,
        });
        self.consecutive_passes += 1;
        self.move_number += 1;
        self.to_move = self.to_move.opponent();
        if self.consecutive_passes >= 2 {
            if self.board.is_empty() {
                self.finish_by_count(BTreeSet::new());
            } else {
                self.phase = Phase::ScoreReview;
                self.review = Some(Review::new(self.rules.review, self.to_move));
            }
        }
        Ok(())
    }

    /// `color` resigns; the other color wins. Allowed in play and in review.
    pub fn resign(&mut self, color: Color) -> Result<(), ActionError> {
        if self.phase == Phase::Finished {
            return Err(ActionError::GameOver);
        }
        self.phase = Phase::Finished;
        self.review = None;
        self.result = Some(GameResult::Resignation {
            winner: color.opponent(),
        });
        Ok(())
    }

    /// `color` ran out of time on the game clock; the other color wins. Allowed in play and in
    /// review.
    pub fn time_out(&mut self, color: Color) -> Result<(), ActionError> {
        self.finish_recorded(GameResult::Time {
            winner: color.opponent(),
        })
    }

    /// Ends the game with a result decided outside the moves: a clock (see [`Game::time_out`]),
    /// or one recorded elsewhere (SGF `RE`: on time, by forfeit, void, or a count whose dead
    /// stones the record does not hold). The board stays as it is and there is no final count;
    /// refused once the game is over.
    pub fn finish_recorded(&mut self, result: GameResult) -> Result<(), ActionError> {
        if self.phase == Phase::Finished {
            return Err(ActionError::GameOver);
        }
        self.phase = Phase::Finished;
        self.review = None;
        self.result = Some(result);
        Ok(())
    }

    /// The count of the current position with the given dead stones.
    pub fn score_with(&self, dead: &BTreeSet<Point>) -> Score {
        count(
            &self.board,
            dead,
            self.captures,
            self.rules.komi,
            self.rules.scoring,
        )
    }

    /// The provisional count during review (with the current marks), or the final count.
    pub fn current_score(&self) -> Option<Score> {
        match (&self.review, &self.final_score) {
            (_, Some(s)) => Some(s.clone()),
            (Some(r), None) => Some(self.score_with(r.dead())),
            _ => None,
        }
    }

    fn finish_by_count(&mut self, dead: BTreeSet<Point>) {
        let score = self.score_with(&dead);
        self.result = Some(score.result);
        self.final_score = Some(score);
        self.phase = Phase::Finished;
        self.review = None;
    }

    /// Applies a review action (toggle, set, confirm, propose, resume).
    fn review_action(&mut self, action: &Action) -> Result<(), ActionError> {
        if self.phase == Phase::Finished {
            return Err(ActionError::GameOver);
        }
        let board = &self.board;
        let review = self.review.as_mut().ok_or(ReviewError::NotInReview)?;
        let outcome = review.apply(action, board)?;
        match outcome {
            ReviewOutcome::Continue => {}
            ReviewOutcome::Agreed(dead) => self.finish_by_count(dead),
            ReviewOutcome::ResumePlay(color) => {
                self.review = None;
                self.phase = Phase::Playing;
                self.to_move = color;
                self.consecutive_passes = 0;
            }
        }
        Ok(())
    }

    /// Goes on playing after two passes, as a GTP session must (GTP has no end of game: a
    /// controller may always send another move). Leaves score review (marks dropped) or the
    /// count that two passes led to (at once on an empty board, or after an agreed review);
    /// the position history stays, so ko and superko still see every earlier position, and the
    /// player whose turn follows the passes moves next. Nothing to do while play goes on;
    /// refused after a resignation. The app's games never call this: for them two passes end
    /// play, and only `resume` in review brings it back.
    pub fn play_on(&mut self) -> Result<(), ActionError> {
        match self.phase {
            Phase::Playing => return Ok(()),
            Phase::Finished if self.consecutive_passes < 2 => return Err(ActionError::GameOver),
            Phase::Finished | Phase::ScoreReview => {}
        }
        self.phase = Phase::Playing;
        self.review = None;
        self.result = None;
        self.final_score = None;
        self.consecutive_passes = 0;
        Ok(())
    }

    /// Applies an action as a GTP session does: like [`Game::apply`], except that `resume`
    /// after two passes also continues a game they finished ([`Game::play_on`]).
    pub fn apply_playing_on(&mut self, action: &Action) -> Result<(), ActionError> {
        match action {
            Action::Resume {} if self.phase == Phase::Finished => self.play_on(),
            _ => self.apply(action),
        }
    }

    /// Applies any action of a standard Go record.
    pub fn apply(&mut self, action: &Action) -> Result<(), ActionError> {
        match action {
            Action::Place(p) => self.place(*p).map(|_| ()),
            Action::Pass {} => self.pass(),
            Action::Resign(c) => self.resign(*c),
            Action::Timeout(c) => self.time_out(*c),
            Action::ToggleDead(_)
            | Action::SetDead(_)
            | Action::Confirm(_)
            | Action::Resume {}
            | Action::Propose { .. } => self.review_action(action),
            Action::Time { .. } | Action::Lock {} => Err(ActionError::WrongVariant(
                "time moves and Lock exist only in TimeGo",
            )),
        }
    }
}
