//! Counting a final position: area or territory, dead stones removed, seki, komi, result.

use crate::board::Board;
use crate::color::Color;
use crate::point::Point;
use crate::rules::{Komi, Scoring};
use std::collections::BTreeSet;
use std::fmt;

/// How a game ended.
///
/// Tengen's own games end by a count, a draw, a resignation or (Online) a clock; the other
/// outcomes come from records of games played elsewhere (SGF `RE`), kept as they were recorded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameResult {
    /// A counted win by `margin_halves / 2` points.
    Score {
        /// The winner.
        winner: Color,
        /// The margin in half points.
        margin_halves: u32,
    },
    /// Equal totals (possible only with integer komi).
    Draw,
    /// The other color resigned.
    Resignation {
        /// The winner.
        winner: Color,
    },
    /// The other color ran out of time on the game clock (SGF `B+T`).
    Time {
        /// The winner.
        winner: Color,
    },
    /// The other color forfeited (SGF `B+F`).
    Forfeit {
        /// The winner.
        winner: Color,
    },
    /// A win recorded without a margin or a reason (SGF `B+`).
    Win {
        /// The winner.
        winner: Color,
    },
    /// No result: the game was suspended or annulled (SGF `Void`).
    Void,
    /// The game ended with a result nobody recorded (SGF `?`).
    Unknown,
}

impl GameResult {
    /// The winner, if any.
    pub fn winner(self) -> Option<Color> {
        match self {
            GameResult::Score { winner, .. }
            | GameResult::Resignation { winner }
            | GameResult::Time { winner }
            | GameResult::Forfeit { winner }
            | GameResult::Win { winner } => Some(winner),
            GameResult::Draw | GameResult::Void | GameResult::Unknown => None,
        }
    }

    /// The SGF `RE` value (`B+3.5`, `W+R`, `B+T`, `B+F`, `B+`, `0`, `Void`, `?`).
    pub fn to_sgf(self) -> String {
        match self {
            GameResult::Draw => "0".into(),
            other => other.to_string(),
        }
    }

    /// Reads an SGF `RE` value: `B+3.5`, `W+R` (or `W+Resign`), `B+T` (`Time`), `B+F`
    /// (`Forfeit`), `B+`, `0` (or `Draw`, `Jigo`), `Void`, `?`; None for anything else.
    pub fn parse(s: &str) -> Option<GameResult> {
        let s = s.trim();
        if s == "0" || s.eq_ignore_ascii_case("draw") || s.eq_ignore_ascii_case("jigo") {
            return Some(GameResult::Draw);
        }
        if s.eq_ignore_ascii_case("void") {
            return Some(GameResult::Void);
        }
        if s == "?" {
            return Some(GameResult::Unknown);
        }
        let (w, rest) = s.split_once('+')?;
        let winner = Color::parse(w.trim())?;
        let rest = rest.trim();
        let is = |short: &str, long: &str| {
            rest.eq_ignore_ascii_case(short) || rest.eq_ignore_ascii_case(long)
        };
        if is("r", "resign") {
            return Some(GameResult::Resignation { winner });
        }
        if is("t", "time") {
            return Some(GameResult::Time { winner });
        }
        if is("f", "forfeit") {
            return Some(GameResult::Forfeit { winner });
        }
        if rest.is_empty() {
            return Some(GameResult::Win { winner });
        }
        let v: f64 = rest.parse().ok()?;
        let halves = v * 2.0;
        if halves.fract() != 0.0 || halves <= 0.0 {
            return None;
        }
        Some(GameResult::Score {
            winner,
            margin_halves: halves as u32,
        })
    }
}

/// Formats half points as `3`, `3.5`.
pub(crate) fn halves_str(h: i64) -> String {
    format!("{}", h as f64 / 2.0)
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            GameResult::Draw => f.write_str("Draw"),
            GameResult::Void => f.write_str("Void"),
            GameResult::Unknown => f.write_str("?"),
            GameResult::Resignation { winner } => write!(f, "{}+R", winner.letter()),
            GameResult::Time { winner } => write!(f, "{}+T", winner.letter()),
            GameResult::Forfeit { winner } => write!(f, "{}+F", winner.letter()),
            GameResult::Win { winner } => write!(f, "{}+", winner.letter()),
            GameResult::Score {
                winner,
                margin_halves,
            } => {
                write!(
                    f,
                    "{}+{}",
                    winner.letter(),
                    halves_str(margin_halves as i64)
                )
            }
        }
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for GameResult {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for GameResult {
    /// Reads what [`GameResult::parse`] reads (`"B+3.5"`, `"W+R"`, `"Draw"`, `"Void"`...).
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        GameResult::parse(&text).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "unknown result {text:?} (expected B+3.5, W+R, B+T, B+F, B+, Draw, Void or ?)"
            ))
        })
    }
}

/// One color's count.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct SideScore {
    /// Living stones on the board.
    pub stones: u32,
    /// Empty points (and points of removed dead stones) surrounded by this color alone.
    pub territory: u32,
    /// Stones of the opponent captured during play plus the opponent's dead stones.
    pub prisoners: u32,
    /// Komi (White only).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub komi: Option<f64>,
    /// The total that decides the game.
    pub total: f64,
}

/// Who owns a point in the count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Owner {
    /// Counted for Black (stone or territory).
    Black,
    /// Counted for White.
    White,
    /// Counted for nobody (dame, seki, or an empty board).
    Neutral,
}

/// The full count of a position.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Score {
    /// The counting method used.
    pub scoring: Scoring,
    /// Black's count.
    pub black: SideScore,
    /// White's count, with komi.
    pub white: SideScore,
    /// Per point, top row first: `B`/`W` counted for that color, `.` neutral.
    pub ownership: Vec<String>,
    /// The stones removed as dead before counting (their points count for the owner of the
    /// region they lie in), so a client can show exactly what was counted.
    pub dead: Vec<Point>,
    /// The outcome.
    pub result: GameResult,
}

/// Counts `board` with the given dead stones removed.
///
/// `captures[c]` is the number of stones color `c` captured during play. Territory scoring does
/// not count empty points that border a chain in seki (see [`seki_chains`]).
pub fn count(
    board: &Board,
    dead: &BTreeSet<Point>,
    captures: [u32; 2],
    komi: Komi,
    scoring: Scoring,
) -> Score {
    let size = board.size();
    let living = Board::from_stones(size, board.stones().filter(|(p, _)| !dead.contains(p)))
        .expect("size already valid");
    let mut dead_of = [0u32; 2];
    for p in dead {
        if let Some(c) = board.get(*p) {
            dead_of[c.index()] += 1;
        }
    }
    let seki = if scoring == Scoring::Territory {
        seki_chains(&living)
    } else {
        BTreeSet::new()
    };
    let n = size as usize;
    let mut owner = vec![Owner::Neutral; n * n];
    let mut seen = vec![false; n * n];
    let idx = |p: Point| p.row as usize * n + p.col as usize;
    let mut territory = [0u32; 2];
    for p in living.points() {
        if let Some(c) = living.get(p) {
            owner[idx(p)] = if c == Color::Black {
                Owner::Black
            } else {
                Owner::White
            };
            continue;
        }
        if seen[idx(p)] {
            continue;
        }
        let region = empty_region(&living, p);
        let mut borders = [false; 2];
        let mut touches_seki = false;
        for &q in &region {
            seen[idx(q)] = true;
            for r in living.adjacent(q) {
                if let Some(c) = living.get(r) {
                    borders[c.index()] = true;
                    if seki.contains(&living.chain_id(r).expect("stone")) {
                        touches_seki = true;
                    }
                }
            }
        }
        let region_owner = match borders {
            [true, false] => Some(Color::Black),
            [false, true] => Some(Color::White),
            _ => None,
        };
        if let Some(c) = region_owner {
            if !touches_seki {
                territory[c.index()] += region.len() as u32;
                for &q in &region {
                    owner[idx(q)] = if c == Color::Black {
                        Owner::Black
                    } else {
                        Owner::White
                    };
                }
            }
        }
    }
    let stones = [
        living.stone_count(Color::Black),
        living.stone_count(Color::White),
    ];
    let prisoners = [captures[0] + dead_of[1], captures[1] + dead_of[0]];
    let total_halves = |c: usize| -> i64 {
        2 * match scoring {
            Scoring::Area => (stones[c] + territory[c]) as i64,
            Scoring::Territory => (territory[c] + prisoners[c]) as i64,
        }
    };
    let black_halves = total_halves(0);
    let white_halves = total_halves(1) + komi.halves() as i64;
    let diff = black_halves - white_halves;
    let result = match diff.signum() {
        1 => GameResult::Score {
            winner: Color::Black,
            margin_halves: diff as u32,
        },
        -1 => GameResult::Score {
            winner: Color::White,
            margin_halves: (-diff) as u32,
        },
        _ => GameResult::Draw,
    };
    let ownership = (0..n)
        .rev()
        .map(|row| {
            (0..n)
                .map(|col| match owner[row * n + col] {
                    Owner::Black => 'B',
                    Owner::White => 'W',
                    Owner::Neutral => '.',
                })
                .collect()
        })
        .collect();
    Score {
        scoring,
        black: SideScore {
            stones: stones[0],
            territory: territory[0],
            prisoners: prisoners[0],
            komi: None,
            total: black_halves as f64 / 2.0,
        },
        white: SideScore {
            stones: stones[1],
            territory: territory[1],
            prisoners: prisoners[1],
            komi: Some(komi.points()),
            total: white_halves as f64 / 2.0,
        },
        ownership,
        dead: dead
            .iter()
            .copied()
            .filter(|&p| board.get(p).is_some())
            .collect(),
        result,
    }
}

/// The empty points connected to the empty point `start`.
pub fn empty_region(board: &Board, start: Point) -> Vec<Point> {
    let mut region = vec![start];
    let mut seen = BTreeSet::from([start]);
    let mut i = 0;
    while i < region.len() {
        let p = region[i];
        i += 1;
        for q in board.adjacent(p) {
            if board.get(q).is_none() && seen.insert(q) {
                region.push(q);
            }
        }
    }
    region
}

/// Chains (by [`Board::chain_id`]) that are in seki: they border an empty point shared with the
/// opponent where neither color can play without leaving its own chain in atari (or at all).
/// Dame between settled groups is not such a point, so it does not make a seki.
pub fn seki_chains(board: &Board) -> BTreeSet<usize> {
    let mut seki = BTreeSet::new();
    for p in board.points() {
        if board.get(p).is_some() {
            continue;
        }
        let mut touches = [false; 2];
        for q in board.adjacent(p) {
            if let Some(c) = board.get(q) {
                touches[c.index()] = true;
            }
        }
        if touches != [true, true] {
            continue;
        }
        let self_atari = |c: Color| {
            let mut b = board.clone();
            match b.play(p, c) {
                Ok(_) => b.liberties(p) <= 1,
                Err(_) => true,
            }
        };
        if self_atari(Color::Black) && self_atari(Color::White) {
            for q in board.adjacent(p) {
                if let Some(id) = board.chain_id(q) {
                    seki.insert(id);
                }
            }
        }
    }
    seki
}
