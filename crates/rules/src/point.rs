//! Board points and their two spellings: GTP vertices (`D4`) and SGF coordinates (`dd`).

use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// The largest board side supported (GTP letters run out after 25 columns without `I`).
pub const MAX_SIZE: u8 = 25;
/// The smallest board side supported.
pub const MIN_SIZE: u8 = 2;

/// GTP column letters: `A` to `Z` without `I`.
const GTP_COLUMNS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// An intersection: `col` 0 is the left edge (`A`), `row` 0 the bottom edge (row `1`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// Column from the left, 0-based.
    pub col: u8,
    /// Row from the bottom, 0-based.
    pub row: u8,
}

/// Why a point could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PointError {
    /// Not of the form letter + number (`D4`).
    #[error("'{0}' is not a vertex like D4")]
    Malformed(String),
    /// `I` is skipped in GTP columns.
    #[error("'{0}': column I does not exist (GTP skips it)")]
    ColumnI(String),
    /// Outside the board of the given size.
    #[error("{point} is off the {size} × {size} board")]
    OffBoard {
        /// The point as written.
        point: String,
        /// The board size.
        size: u8,
    },
    /// Not two letters `a`..`z` as SGF writes points.
    #[error("'{0}' is not an SGF point like dd")]
    MalformedSgf(String),
}

impl Point {
    /// A point from 0-based column and row (row 0 at the bottom).
    pub const fn new(col: u8, row: u8) -> Point {
        Point { col, row }
    }

    /// Whether the point lies on a board of side `size`.
    #[inline]
    pub fn is_on(self, size: u8) -> bool {
        self.col < size && self.row < size
    }

    /// Parses a GTP vertex (`D4`, `d4`; no `I`) without knowing the board size: a column letter
    /// and a row from 1 to 99. Rows beyond 25 are off every board, and any point may be off the
    /// board of a game: whoever places it checks it against the size (a record with `Z99` on a
    /// 9 × 9 board is well formed, and its action is illegal, "Z99 is off the 9 × 9 board").
    pub fn parse_gtp(s: &str) -> Result<Point, PointError> {
        let s = s.trim();
        let bytes = s.as_bytes();
        if bytes.len() < 2 || bytes.len() > 3 || !bytes[0].is_ascii_alphabetic() {
            return Err(PointError::Malformed(s.to_string()));
        }
        let letter = bytes[0].to_ascii_uppercase();
        if letter == b'I' {
            return Err(PointError::ColumnI(s.to_string()));
        }
        let col = GTP_COLUMNS
            .iter()
            .position(|&c| c == letter)
            .ok_or_else(|| PointError::Malformed(s.to_string()))? as u8;
        let digits = &s[1..];
        if !digits.bytes().all(|b| b.is_ascii_digit()) || digits.starts_with('0') {
            return Err(PointError::Malformed(s.to_string()));
        }
        let row: u8 = digits
            .parse()
            .map_err(|_| PointError::Malformed(s.to_string()))?;
        Ok(Point { col, row: row - 1 })
    }

    /// Parses a GTP vertex and checks that it lies on a board of side `size`.
    pub fn parse_gtp_on(s: &str, size: u8) -> Result<Point, PointError> {
        let p = Point::parse_gtp(s)?;
        if p.is_on(size) {
            Ok(p)
        } else {
            Err(PointError::OffBoard {
                point: s.trim().to_string(),
                size,
            })
        }
    }

    /// The GTP vertex, e.g. `D4`.
    pub fn to_gtp(self) -> String {
        self.to_string()
    }

    /// Parses an SGF point (`dd`: column letter, then row letter counted from the top).
    pub fn parse_sgf(s: &str, size: u8) -> Result<Point, PointError> {
        let b = s.as_bytes();
        if b.len() != 2 || !b.iter().all(|c| c.is_ascii_lowercase()) {
            return Err(PointError::MalformedSgf(s.to_string()));
        }
        let col = b[0] - b'a';
        let from_top = b[1] - b'a';
        if col >= size || from_top >= size {
            return Err(PointError::OffBoard {
                point: s.to_string(),
                size,
            });
        }
        Ok(Point {
            col,
            row: size - 1 - from_top,
        })
    }

    /// The SGF point on a board of side `size`.
    pub fn to_sgf(self, size: u8) -> String {
        let c = (b'a' + self.col) as char;
        let r = (b'a' + (size - 1 - self.row)) as char;
        format!("{c}{r}")
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            GTP_COLUMNS[self.col as usize] as char,
            self.row as u32 + 1
        )
    }
}

impl FromStr for Point {
    type Err = PointError;
    fn from_str(s: &str) -> Result<Point, PointError> {
        Point::parse_gtp(s)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Point {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Point {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Point, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        Point::parse_gtp(&s).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gtp_vertices_skip_column_i() {
        assert_eq!(Point::parse_gtp("H1").unwrap(), Point::new(7, 0));
        assert_eq!(Point::parse_gtp("J1").unwrap(), Point::new(8, 0));
        assert_eq!(Point::parse_gtp("t19").unwrap(), Point::new(18, 18));
        assert!(matches!(
            Point::parse_gtp("I5"),
            Err(PointError::ColumnI(_))
        ));
        assert_eq!(Point::new(8, 3).to_gtp(), "J4");
    }

    #[test]
    fn malformed_vertices_are_rejected() {
        for bad in [
            "", "D", "4D", "D0", "D04", "D-1", "D100", "DD4", "D4x", "Ä4",
        ] {
            assert!(Point::parse_gtp(bad).is_err(), "{bad} accepted");
        }
    }

    #[test]
    fn off_board_vertex_names_the_size() {
        let err = Point::parse_gtp_on("K10", 9).unwrap_err();
        assert_eq!(err.to_string(), "K10 is off the 9 × 9 board");
        let far = Point::parse_gtp("Z99").unwrap();
        assert!(!far.is_on(MAX_SIZE));
        assert_eq!(
            Point::parse_gtp_on("Z99", 9).unwrap_err().to_string(),
            "Z99 is off the 9 × 9 board"
        );
    }

    #[test]
    fn sgf_points_count_rows_from_the_top() {
        assert_eq!(Point::parse_sgf("aa", 19).unwrap(), Point::new(0, 18));
        assert_eq!(Point::parse_sgf("dp", 19).unwrap().to_gtp(), "D4");
        assert_eq!(Point::new(3, 3).to_sgf(19), "dp");
        assert!(Point::parse_sgf("tt", 19).is_err());
        assert!(Point::parse_sgf("A1", 19).is_err());
    }

    #[test]
    fn every_point_round_trips_through_both_spellings() {
        for size in [MIN_SIZE, 9, 19, MAX_SIZE] {
            for col in 0..size {
                for row in 0..size {
                    let p = Point::new(col, row);
                    assert_eq!(Point::parse_gtp_on(&p.to_gtp(), size).unwrap(), p);
                    assert_eq!(Point::parse_sgf(&p.to_sgf(size), size).unwrap(), p);
                }
            }
        }
    }
}
