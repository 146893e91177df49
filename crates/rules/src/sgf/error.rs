//! Errors of the SGF reader, each with its position in the file.

use crate::color::Color;
use crate::game::ActionError;
use crate::point::Point;
use crate::record::ReplayError;
use std::fmt;
use thiserror::Error;

/// What went wrong while reading SGF.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum SgfErrorKind {
    /// The text holds no game tree at all.
    #[error("no SGF game found (a game starts with '(;')")]
    NoGame,
    /// The text ends inside a game tree.
    #[error("the file ends before the game tree is closed")]
    UnexpectedEnd,
    /// Another character was found.
    #[error("expected {0}")]
    Expected(&'static str),
    /// A game tree without nodes, such as `()`.
    #[error("a game tree must start with a node (';')")]
    EmptyTree,
    /// A node after the variations of a sequence.
    #[error("a node cannot follow variations in the same game tree")]
    NodeAfterVariation,
    /// A property identifier made only of lower-case letters.
    #[error("a property identifier needs at least one upper-case letter")]
    LowercaseIdent,
    /// An identifier not followed by `[value]`.
    #[error("property {0} has no value")]
    MissingValue(String),
    /// A `[` without its `]`.
    #[error("property value is not closed by ']'")]
    UnterminatedValue,
    /// A property that takes one value has several.
    #[error("property {0} takes a single value")]
    MultipleValues(String),
    /// `CA` names a character set that is unknown (or not ASCII-compatible, such as UTF-16).
    #[error("CA[{0}]: unknown character set (UTF-8, ISO-8859-1, GB2312, Shift_JIS, EUC-KR, Big5... are read)")]
    UnknownCharset(String),
    /// The bytes are not valid text in the character set `CA` names (or UTF-8).
    #[error("the file is not valid {0} text (check its CA property)")]
    BadEncoding(String),
    /// `GM` other than 1.
    #[error("GM[{0}] is not a game of Go (GM[1])")]
    NotGo(String),
    /// `SZ` unreadable, not square, or outside 2..=25.
    #[error("SZ[{0}]: board size must be a square of side 2 to 25")]
    BadSize(String),
    /// `KM` unreadable or not a multiple of 0.5.
    #[error("KM[{0}]: komi must be a number that is a multiple of 0.5")]
    BadKomi(String),
    /// `PL` other than B or W.
    #[error("PL[{0}]: expected B or W")]
    BadColor(String),
    /// A point value that is not two letters on the board.
    #[error("'{value}' is not a point on a {size}x{size} board")]
    BadPoint {
        /// The value as written.
        value: String,
        /// The board size.
        size: u8,
    },
    /// A setup stone off the board or on another setup stone.
    #[error("setup stone {0} is repeated")]
    BadSetup(Point),
    /// `AB`/`AW`/`AE`/`PL` after the first move (Tengen records set up only the start).
    #[error("setup property {0} after the first move is not supported")]
    SetupAfterMoves(String),
    /// The setup position cannot start a game.
    #[error("the setup position is invalid: {0}")]
    Setup(ReplayError),
    /// `B` and `W` in the same node.
    #[error("a node cannot hold both a black and a white move")]
    TwoMoves,
    /// A move that the rules refuse.
    #[error("move {number} ({color} {}) is illegal: {error}", .point.map_or("pass".to_string(), |p| p.to_string()))]
    Illegal {
        /// The 1-based number of the move in the file's main line.
        number: usize,
        /// Who played it.
        color: Color,
        /// Where (None: a pass).
        point: Option<Point>,
        /// Why the rules refuse it.
        error: ActionError,
    },
}

/// An SGF reading error and where it happened.
#[derive(Debug, Clone, PartialEq, Error)]
pub struct SgfError {
    /// What went wrong.
    pub kind: SgfErrorKind,
    /// Byte offset in the text.
    pub offset: usize,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
}

impl SgfError {
    /// An error at byte `offset` of `text`.
    pub fn at(text: &str, offset: usize, kind: SgfErrorKind) -> SgfError {
        let offset = offset.min(text.len());
        let mut boundary = offset;
        while !text.is_char_boundary(boundary) {
            boundary -= 1;
        }
        let before = &text[..boundary];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let column = before[line_start..].chars().count() + 1;
        SgfError {
            kind,
            offset,
            line,
            column,
        }
    }
}

impl fmt::Display for SgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.kind
        )
    }
}
