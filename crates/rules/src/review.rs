//! Score review: agreeing on dead stones after two passes, by either protocol.
//!
//! *Shared*: one set of marks; Black then White confirm; any change clears both confirmations;
//! either player may resume play. *Table*: the player whose turn follows the passes proposes
//! first, then the other; equal proposals finish the game, different ones resume play.

use crate::action::Action;
use crate::board::Board;
use crate::color::Color;
use crate::point::Point;
use crate::rules::ReviewProtocol;
use std::collections::BTreeSet;
use thiserror::Error;

/// Why a review action was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ReviewError {
    /// Review actions need a review in progress.
    #[error("the score is not being reviewed")]
    NotInReview,
    /// Marks must name a stone.
    #[error("there is no stone at {0} to mark")]
    NoStone(Point),
    /// Shared protocol: confirmations go Black, then White.
    #[error("it is {expected}'s confirmation next")]
    WrongConfirmation {
        /// The color whose confirmation is next.
        expected: Color,
    },
    /// Table protocol: only the current reviewer may act.
    #[error("it is {expected}'s review turn")]
    NotReviewer {
        /// The current reviewer.
        expected: Color,
    },
    /// The action belongs to the other protocol.
    #[error("{0}")]
    WrongProtocol(&'static str),
}

/// What a review action led to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReviewOutcome {
    /// Review goes on.
    Continue,
    /// Both agreed on these dead stones: count and finish.
    Agreed(BTreeSet<Point>),
    /// Review is over without agreement: this color moves next.
    ResumePlay(Color),
}

/// A score review in progress.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Review {
    protocol: ReviewProtocol,
    dead: BTreeSet<Point>,
    confirmed: [bool; 2],
    reviewer: Color,
    proposals: [Option<BTreeSet<Point>>; 2],
    resume_color: Color,
}

impl Review {
    /// A review that starts with no marks; `next_to_move` is the color whose turn follows the
    /// passes (it reviews first at a table, and moves first if play resumes).
    pub fn new(protocol: ReviewProtocol, next_to_move: Color) -> Review {
        Review {
            protocol,
            dead: BTreeSet::new(),
            confirmed: [false; 2],
            reviewer: next_to_move,
            proposals: [None, None],
            resume_color: next_to_move,
        }
    }

    /// The protocol in use.
    pub fn protocol(&self) -> ReviewProtocol {
        self.protocol
    }
    /// The stones currently marked dead (at a table: the current reviewer's marks).
    pub fn dead(&self) -> &BTreeSet<Point> {
        &self.dead
    }
    /// Shared: which colors have confirmed.
    pub fn confirmed(&self) -> [bool; 2] {
        self.confirmed
    }
    /// Shared: the color whose confirmation is next.
    pub fn next_confirm(&self) -> Color {
        if self.confirmed[Color::Black.index()] {
            Color::White
        } else {
            Color::Black
        }
    }
    /// Table: the color whose proposal is awaited.
    pub fn reviewer(&self) -> Color {
        self.reviewer
    }
    /// Table: the proposals submitted so far.
    pub fn proposals(&self) -> &[Option<BTreeSet<Point>>; 2] {
        &self.proposals
    }
    /// The color that moves first if play resumes.
    pub fn resume_color(&self) -> Color {
        self.resume_color
    }

    fn set_marks(&mut self, dead: BTreeSet<Point>) {
        if dead != self.dead {
            self.dead = dead;
            self.confirmed = [false; 2];
        }
    }

    fn stones_of(points: &[Point], board: &Board) -> Result<BTreeSet<Point>, ReviewError> {
        let mut dead = BTreeSet::new();
        for &p in points {
            if board.get(p).is_none() {
                return Err(ReviewError::NoStone(p));
            }
            dead.extend(board.chain(p));
        }
        Ok(dead)
    }

    /// Applies a review action; on error nothing changes.
    pub fn apply(&mut self, action: &Action, board: &Board) -> Result<ReviewOutcome, ReviewError> {
        match action {
            Action::ToggleDead(p) => {
                let chain = Review::stones_of(&[*p], board)?;
                let mut dead = self.dead.clone();
                if dead.contains(p) {
                    dead.retain(|q| !chain.contains(q));
                } else {
                    dead.extend(chain);
                }
                self.set_marks(dead);
                Ok(ReviewOutcome::Continue)
            }
            Action::SetDead(points) => {
                let dead = Review::stones_of(points, board)?;
                self.set_marks(dead);
                Ok(ReviewOutcome::Continue)
            }
            Action::Confirm(color) => {
                if self.protocol != ReviewProtocol::Shared {
                    return Err(ReviewError::WrongProtocol(
                        "at a table each player submits a proposal instead of confirming",
                    ));
                }
                let expected = self.next_confirm();
                if *color != expected {
                    return Err(ReviewError::WrongConfirmation { expected });
                }
                self.confirmed[color.index()] = true;
                if self.confirmed == [true, true] {
                    Ok(ReviewOutcome::Agreed(self.dead.clone()))
                } else {
                    Ok(ReviewOutcome::Continue)
                }
            }
            Action::Resume {} => {
                if self.protocol != ReviewProtocol::Shared {
                    return Err(ReviewError::WrongProtocol(
                        "at a table play resumes when the two proposals differ",
                    ));
                }
                Ok(ReviewOutcome::ResumePlay(self.resume_color))
            }
            Action::Propose { color, dead } => {
                if self.protocol != ReviewProtocol::Table {
                    return Err(ReviewError::WrongProtocol(
                        "on a shared board each color confirms the score instead of proposing",
                    ));
                }
                if *color != self.reviewer {
                    return Err(ReviewError::NotReviewer {
                        expected: self.reviewer,
                    });
                }
                let proposal = match dead {
                    Some(points) => Review::stones_of(points, board)?,
                    None => self.dead.clone(),
                };
                let other = color.opponent();
                match self.proposals[other.index()].clone() {
                    Some(first) if first == proposal => Ok(ReviewOutcome::Agreed(proposal)),
                    Some(_) => Ok(ReviewOutcome::ResumePlay(self.resume_color)),
                    None => {
                        self.proposals[color.index()] = Some(proposal);
                        self.reviewer = other;
                        self.dead.clear();
                        Ok(ReviewOutcome::Continue)
                    }
                }
            }
            _ => Err(ReviewError::WrongProtocol("not a review action")),
        }
    }
}
