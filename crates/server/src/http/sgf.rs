//! SGF export and import for the API, on top of the rules crate's SGF reader and writer.

use crate::http::error::ApiError;
use tengen_rules::sgf::{from_sgf_bytes, try_to_sgf, SgfErrorKind, SgfWriteError};
use tengen_rules::Record;

/// The record as SGF text; a record that does not replay is refused like `/api/evaluate` does.
pub fn export(record: &Record) -> Result<String, ApiError> {
    try_to_sgf(record).map_err(|e| match e {
        SgfWriteError::Replay(replay) => ApiError::from(replay),
        other => ApiError::Malformed(other.to_string()),
    })
}

/// A record from an SGF file's bytes, in the character set its `CA` names: unreadable SGF is a
/// 400, a move the rules refuse a 422.
pub fn import(bytes: &[u8]) -> Result<Record, ApiError> {
    from_sgf_bytes(bytes).map_err(|e| {
        let message = format!("SGF line {}, column {}: {}", e.line, e.column, e.kind);
        match e.kind {
            SgfErrorKind::Illegal { number, .. } => ApiError::Illegal {
                message,
                index: Some(number.saturating_sub(1)),
            },
            _ => ApiError::Malformed(message),
        }
    })
}
