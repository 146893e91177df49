//! SGF FF\[4\] reading and writing for standard Go records.
//!
//! - [`from_sgf`]: the main line of the first game → [`Record`](crate::Record), replayed under
//!   the rules; every error carries its line, column and byte offset ([`SgfError`]).
//! - [`to_sgf`]: a record → SGF text; [`try_to_sgf`] refuses what SGF cannot hold.
//!
//! Supported: `GM SZ KM RU PB PW DT RE AB AW AE PL B W C`, passes as `[]` (and `tt` on boards
//! up to 19x19), compressed point lists, escapes and soft line breaks, several values per
//! property, FF\[3\] identifiers with lower-case letters. Other properties are ignored.

mod error;
mod parse;
mod read;
mod ruleset;
mod text;
mod write;

pub use error::{SgfError, SgfErrorKind};
pub use read::from_sgf;
pub use ruleset::{from_ru, ru_value};
pub use write::{to_sgf, try_to_sgf, SgfWriteError};
