//! SGF FF\[4\] reading and writing for standard Go records.
//!
//! - [`from_sgf`]: the main line of the first game → [`Record`](crate::Record), replayed under
//!   the rules; every error carries its line, column and byte offset ([`SgfError`]).
//!   [`from_sgf_bytes`] first decodes the bytes in the character set `CA` names.
//! - [`to_sgf`]: a record → SGF text; [`try_to_sgf`] refuses what SGF cannot hold.
//!
//! Supported: `GM CA SZ KM RU PB PW DT RE AB AW AE PL B W C`, `TB`/`TW` on the last node,
//! passes as `[]` (and `tt` on boards up to 19x19), compressed point lists, escapes and soft
//! line breaks, several values per property, FF\[3\] identifiers with lower-case letters.
//! Other properties are ignored; `HA` is written for handicap setups.

mod charset;
mod error;
mod parse;
mod read;
mod ruleset;
mod text;
mod write;

pub use error::{SgfError, SgfErrorKind};
pub use read::{from_sgf, from_sgf_bytes};
pub use ruleset::{from_ru, ru_value};
pub use write::{to_sgf, try_to_sgf, SgfWriteError};
