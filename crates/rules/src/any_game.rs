//! One game type over both variants, with the operations a table needs: apply an action as a
//! seat, the view, the side to move, the phase, the review. Callers outside this crate never
//! branch on the variant.

use crate::action::Action;
use crate::board::{Board, SizeError};
use crate::color::Color;
use crate::game::{ActionError, Game, Phase};
use crate::review::{Review, ReviewError};
use crate::rules::{ReviewProtocol, Rules, Variant};
use crate::score::GameResult;
use crate::timego::TimeGame;

/// A game of either variant.
#[derive(Debug, Clone)]
pub enum AnyGame {
    /// Standard Go.
    Go(Game),
    /// TimeGo.
    TimeGo(TimeGame),
}

impl AnyGame {
    /// A new game on an empty board for these rules (the variant comes from the rules).
    pub fn new(rules: Rules) -> Result<AnyGame, SizeError> {
        Ok(match rules.variant {
            Variant::Go => AnyGame::Go(Game::new(rules)?),
            Variant::TimeGo => AnyGame::TimeGo(TimeGame::new(rules)?),
        })
    }

    /// The rule settings.
    pub fn rules(&self) -> &Rules {
        match self {
            AnyGame::Go(g) => g.rules(),
            AnyGame::TimeGo(g) => g.rules(),
        }
    }

    /// The current position.
    pub fn board(&self) -> &Board {
        match self {
            AnyGame::Go(g) => g.board(),
            AnyGame::TimeGo(g) => g.board(),
        }
    }

    /// The color to play (in review: the color whose turn follows the passes).
    pub fn to_move(&self) -> Color {
        match self {
            AnyGame::Go(g) => g.to_move(),
            AnyGame::TimeGo(g) => g.to_move(),
        }
    }

    /// Where the game stands.
    pub fn phase(&self) -> Phase {
        match self {
            AnyGame::Go(g) => g.phase(),
            AnyGame::TimeGo(g) => g.phase(),
        }
    }

    /// The score review in progress (TimeGo has none).
    pub fn review(&self) -> Option<&Review> {
        match self {
            AnyGame::Go(g) => g.review(),
            AnyGame::TimeGo(_) => None,
        }
    }

    /// The result once finished.
    pub fn result(&self) -> Option<GameResult> {
        match self {
            AnyGame::Go(g) => g.result(),
            AnyGame::TimeGo(g) => g.result(),
        }
    }

    /// Whether the game has ended.
    pub fn is_finished(&self) -> bool {
        self.phase() == Phase::Finished
    }

    /// The color whose action the game waits for: the side to move in play, the reviewer at a
    /// table review (in a shared review either color may act; this is the next to confirm).
    pub fn awaited(&self) -> Option<Color> {
        match self.phase() {
            Phase::Playing => Some(self.to_move()),
            Phase::ScoreReview => self.review().map(|r| match r.protocol() {
                ReviewProtocol::Table => r.reviewer(),
                ReviewProtocol::Shared => r.next_confirm(),
            }),
            Phase::Finished => None,
        }
    }

    /// Applies an action with no seat check (local play, replay of a stored record).
    pub fn apply(&mut self, action: &Action) -> Result<(), ActionError> {
        match self {
            AnyGame::Go(g) => g.apply(action),
            AnyGame::TimeGo(g) => g.apply(action).map(|_| ()).map_err(ActionError::from),
        }
    }

    /// Applies an action taken by the player of `seat`: refused, with nothing changed, when it
    /// is not that color's turn or the action is not that color's to take.
    pub fn apply_as(&mut self, seat: Color, action: &Action) -> Result<(), ActionError> {
        self.check_seat(seat, action)?;
        self.apply(action)
    }

    /// Whether the player of `seat` may take `action` now (before the rules check legality).
    pub fn check_seat(&self, seat: Color, action: &Action) -> Result<(), ActionError> {
        if self.is_finished() {
            return Err(ActionError::GameOver);
        }
        let own = |c: &Color, what: &'static str| {
            if *c == seat {
                Ok(())
            } else {
                Err(ActionError::NotYours(what))
            }
        };
        match action {
            Action::Place(_) | Action::Pass {} | Action::Time { .. } | Action::Lock {} => {
                if self.phase() == Phase::Playing && seat != self.to_move() {
                    return Err(ActionError::NotYourTurn {
                        to_move: self.to_move(),
                    });
                }
                Ok(())
            }
            Action::Resign(c) => own(c, "a player may resign only for their own color"),
            Action::Timeout(_) => Err(ActionError::NotYours(
                "only the game clock can end a game on time",
            )),
            Action::Confirm(c) => own(c, "a player may confirm only for their own color"),
            Action::Propose { color, .. } => {
                own(color, "a player may propose only for their own color")
            }
            Action::ToggleDead(_) | Action::SetDead(_) => match self.review() {
                Some(r) if r.protocol() == ReviewProtocol::Table && r.reviewer() != seat => {
                    Err(ReviewError::NotReviewer {
                        expected: r.reviewer(),
                    }
                    .into())
                }
                _ => Ok(()),
            },
            Action::Resume {} => Ok(()),
        }
    }

    /// The view of the game.
    #[cfg(feature = "serde")]
    pub fn view(&self) -> crate::view::GameView {
        match self {
            AnyGame::Go(g) => g.view(),
            AnyGame::TimeGo(g) => g.view(),
        }
    }
}

impl From<Game> for AnyGame {
    fn from(g: Game) -> AnyGame {
        AnyGame::Go(g)
    }
}

impl From<TimeGame> for AnyGame {
    fn from(g: TimeGame) -> AnyGame {
        AnyGame::TimeGo(g)
    }
}
