//! `tengen replay`: a record (JSON or SGF) → the game view as JSON.

use std::path::Path;
use tengen_rules::sgf::{from_sgf_bytes, SgfError};
use tengen_rules::{GameView, Record, ReplayError};
use thiserror::Error;

/// How the record is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// The JSON record of docs/API.md.
    Json,
    /// SGF FF\[4\].
    Sgf,
}

/// Why a record could not be replayed.
#[derive(Debug, Error)]
pub enum ReplayFailure {
    /// A JSON record that is malformed or holds an illegal action.
    #[error("{0}")]
    Json(#[from] ReplayError),
    /// An SGF file that is malformed or holds an illegal move.
    #[error("{0}")]
    Sgf(#[from] SgfError),
}

/// SGF when the file name ends in `.sgf` or the text starts with `(;`, else JSON.
pub fn detect(path: Option<&Path>, text: &str) -> Format {
    let by_extension = path
        .and_then(|p| p.extension())
        .is_some_and(|e| e.eq_ignore_ascii_case("sgf"));
    let body = text.trim_start_matches('\u{feff}').trim_start();
    let by_content = body
        .strip_prefix('(')
        .is_some_and(|rest| rest.trim_start().starts_with(';'));
    if by_extension || by_content {
        Format::Sgf
    } else {
        Format::Json
    }
}

/// Reads the record and replays it. SGF is decoded in the character set its `CA` names; JSON
/// is UTF-8 (invalid bytes become U+FFFD).
pub fn replay(bytes: &[u8], format: Format) -> Result<GameView, ReplayFailure> {
    let record = match format {
        Format::Json => Record::from_json(&String::from_utf8_lossy(bytes))?,
        Format::Sgf => from_sgf_bytes(bytes)?,
    };
    Ok(record.evaluate()?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sgf_is_recognised_by_extension_or_leading_paren_semicolon() {
        assert_eq!(detect(Some(Path::new("game.SGF")), "{}"), Format::Sgf);
        assert_eq!(detect(None, "\u{feff} ( ;GM[1])"), Format::Sgf);
        assert_eq!(
            detect(Some(Path::new("game.json")), "{\"rules\":\"chinese\"}"),
            Format::Json
        );
        assert_eq!(detect(None, "(not sgf"), Format::Json);
    }
}
