//! Game records: the rules, optional players and setup, and the list of actions.
//! A record is the only stored form of a game; every view is a replay of it.

use crate::action::Action;
use crate::board::{Board, SizeError};
use crate::color::Color;
use crate::game::{ActionError, Game};
use crate::point::Point;
use crate::rules::{Rules, Variant};
use crate::score::GameResult;
use crate::view::GameView;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use thiserror::Error;

/// Player names.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Players {
    /// Black's name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black: Option<String>,
    /// White's name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub white: Option<String>,
}

impl Players {
    fn is_empty(&self) -> bool {
        self.black.is_none() && self.white.is_none()
    }
}

/// Setup stones placed before the first move (SGF AB/AW, handicap).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// Black stones.
    #[serde(default)]
    pub black: Vec<Point>,
    /// White stones.
    #[serde(default)]
    pub white: Vec<Point>,
    /// Who moves first (Black by default; White after handicap stones).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to_move: Option<Color>,
}

impl Setup {
    /// A fixed handicap of `stones` black stones on a board of side `size` (see
    /// [`crate::handicap`]), White to move first.
    pub fn handicap(size: u8, stones: u32) -> Result<Setup, crate::HandicapError> {
        Ok(Setup {
            black: crate::fixed_handicap(size, stones)?,
            white: Vec::new(),
            to_move: Some(Color::White),
        })
    }

    /// The number of handicap stones: the black setup stones when White moves first and there
    /// are no white setup stones (0 otherwise).
    pub fn handicap_stones(&self) -> u32 {
        if self.to_move == Some(Color::White) && self.white.is_empty() && self.black.len() >= 2 {
            self.black.len() as u32
        } else {
            0
        }
    }

    fn is_empty(&self) -> bool {
        self.black.is_empty() && self.white.is_empty() && self.to_move.is_none()
    }
}

/// A complete game record.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// The rule settings (or a preset name such as `"chinese"`).
    #[serde(deserialize_with = "rules_or_preset")]
    pub rules: Rules,
    /// Player names.
    #[serde(default, skip_serializing_if = "Players::is_empty")]
    pub players: Players,
    /// Setup stones.
    #[serde(default, skip_serializing_if = "Setup::is_empty")]
    pub setup: Setup,
    /// The date (SGF DT).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    /// The result of a game that ended outside its actions (SGF `RE` of a game played
    /// elsewhere): on time, by forfeit, void, or a count whose dead stones the record does not
    /// hold. The replay ends the game with it after the actions; standard Go only, and only
    /// when the actions leave the game unfinished.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<GameResult>,
    /// Comments by position: key `n` is the comment after the first `n` actions (0: the root).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub comments: BTreeMap<usize, String>,
    /// The actions, in order.
    pub actions: Vec<Action>,
}

/// Reads `rules`: an object, or a preset name. A visitor rather than an untagged enum, so that
/// a bad value inside the object says what is wrong ("board size must be 2 to 25") instead of
/// "did not match any variant".
fn rules_or_preset<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Rules, D::Error> {
    struct RulesOrPreset;
    impl<'de> serde::de::Visitor<'de> for RulesOrPreset {
        type Value = Rules;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a rules object or a preset name (chinese, japanese, same-device, timego)")
        }
        fn visit_str<E: serde::de::Error>(self, name: &str) -> Result<Rules, E> {
            Rules::preset(name).map_err(E::custom)
        }
        fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<Rules, A::Error> {
            Rules::deserialize(serde::de::value::MapAccessDeserializer::new(map))
        }
    }
    d.deserialize_any(RulesOrPreset)
}

/// Why a record could not be replayed.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum ReplayError {
    /// The record is not valid JSON of the right shape.
    #[error("malformed record: {0}")]
    Malformed(String),
    /// The rules are unusable.
    #[error(transparent)]
    Size(#[from] SizeError),
    /// A setup stone is off the board (of this size).
    #[error("setup stone {0} is off the {1} × {1} board")]
    SetupOffBoard(Point, u8),
    /// Two setup stones on one point.
    #[error("setup stone {0} is on a point that already has a setup stone")]
    SetupRepeated(Point),
    /// The action at `index` is illegal.
    #[error("action {index} is illegal: {error}")]
    Illegal {
        /// 0-based index in `actions`.
        index: usize,
        /// Why.
        error: ActionError,
    },
}

impl ReplayError {
    /// The index of the offending action, if an action is at fault.
    pub fn index(&self) -> Option<usize> {
        match self {
            ReplayError::Illegal { index, .. } => Some(*index),
            _ => None,
        }
    }
}

impl Record {
    /// An empty record with these rules.
    pub fn new(rules: Rules) -> Record {
        Record {
            rules,
            players: Players::default(),
            setup: Setup::default(),
            date: None,
            result: None,
            comments: BTreeMap::new(),
            actions: Vec::new(),
        }
    }

    /// Reads a record from JSON.
    pub fn from_json(text: &str) -> Result<Record, ReplayError> {
        serde_json::from_str(text).map_err(|e| ReplayError::Malformed(e.to_string()))
    }

    /// The record as pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("records always serialise")
    }

    /// The starting position of a standard game (setup stones applied).
    pub fn start(&self) -> Result<Game, ReplayError> {
        let mut board = Board::new(self.rules.size)?;
        for (color, stones) in [
            (Color::Black, &self.setup.black),
            (Color::White, &self.setup.white),
        ] {
            for &p in stones {
                if !board.contains(p) {
                    return Err(ReplayError::SetupOffBoard(p, board.size()));
                }
                if !board.set_stone(p, color) {
                    return Err(ReplayError::SetupRepeated(p));
                }
            }
        }
        let to_move = self.setup.to_move.unwrap_or(Color::Black);
        Ok(Game::with_setup(self.rules, board, to_move)?)
    }

    /// Replays a standard Go record to its current state (ended with the recorded result, if
    /// the record holds one).
    pub fn replay_go(&self) -> Result<Game, ReplayError> {
        let mut game = self.start()?;
        for (index, action) in self.actions.iter().enumerate() {
            game.apply(action)
                .map_err(|error| ReplayError::Illegal { index, error })?;
        }
        if let Some(result) = self.result {
            game.finish_recorded(result).map_err(|_| {
                ReplayError::Malformed(format!(
                    "the record's result {result} cannot follow actions that already end the game"
                ))
            })?;
        }
        Ok(game)
    }

    /// Replays the record (either variant) to its current state.
    pub fn replay(&self) -> Result<crate::AnyGame, ReplayError> {
        match self.rules.variant {
            Variant::Go => Ok(self.replay_go()?.into()),
            Variant::TimeGo => Ok(crate::timego::replay_record(self)?.into()),
        }
    }

    /// Replays a standard Go record kept by a GTP session, in which play may go on after two
    /// passes have finished the game (a `resume` action there continues it, see
    /// [`Game::play_on`]); [`Record::replay_go`] refuses such records.
    pub fn replay_go_playing_on(&self) -> Result<Game, ReplayError> {
        let mut game = self.start()?;
        for (index, action) in self.actions.iter().enumerate() {
            game.apply_playing_on(action)
                .map_err(|error| ReplayError::Illegal { index, error })?;
        }
        Ok(game)
    }

    /// Replays the record (either variant) and returns its view.
    pub fn evaluate(&self) -> Result<GameView, ReplayError> {
        match self.rules.variant {
            Variant::Go => Ok(self.replay_go()?.view()),
            Variant::TimeGo => crate::timego::evaluate_record(self),
        }
    }

    /// Appends `action` if it is legal; on error the record is unchanged.
    pub fn apply(&mut self, action: Action) -> Result<GameView, ReplayError> {
        self.actions.push(action);
        match self.evaluate() {
            Ok(view) => Ok(view),
            Err(e) => {
                self.actions.pop();
                Err(e)
            }
        }
    }
}
