//! The character set of an SGF file: `CA` in the root node names it, and the bytes are decoded
//! with it before parsing, so `CA[ISO-8859-1]` or `CA[GB2312]` files read as their authors wrote
//! them. Decoding uses the WHATWG Encoding Standard (`encoding_rs`): `ISO-8859-1` and `Latin1`
//! read as windows-1252, its superset.

use super::error::{SgfError, SgfErrorKind};
use encoding_rs::{DecoderResult, Encoding, UTF_8, WINDOWS_1252};

/// SGF bytes as text. Without `CA`: UTF-8 when the bytes are valid UTF-8, else ISO-8859-1 (the
/// SGF default). With `CA`: that character set; an unknown name or bytes that are not valid in
/// it are an error at their position.
pub fn decode(bytes: &[u8]) -> Result<String, SgfError> {
    // A UTF-8 byte order mark settles the question, whatever CA says.
    if bytes.starts_with(b"\xEF\xBB\xBF") {
        return utf8(bytes, "UTF-8");
    }
    let Some((label, offset)) = declared_charset(bytes) else {
        return Ok(match std::str::from_utf8(bytes) {
            Ok(text) => text.to_string(),
            Err(_) => WINDOWS_1252
                .decode_without_bom_handling(bytes)
                .0
                .into_owned(),
        });
    };
    let encoding = Encoding::for_label(label.trim().as_bytes())
        .filter(|e| e.is_ascii_compatible())
        .ok_or_else(|| error_at(bytes, offset, SgfErrorKind::UnknownCharset(label.clone())))?;
    if encoding == UTF_8 {
        return utf8(bytes, &label);
    }
    let mut decoder = encoding.new_decoder_without_bom_handling();
    let capacity = decoder
        .max_utf8_buffer_length_without_replacement(bytes.len())
        .unwrap_or(bytes.len() * 3);
    let mut text = String::with_capacity(capacity);
    let (result, read) = decoder.decode_to_string_without_replacement(bytes, &mut text, true);
    match result {
        DecoderResult::InputEmpty => Ok(text),
        DecoderResult::Malformed(bad, after) => {
            let at = read.saturating_sub(bad as usize + after as usize);
            Err(error_at(bytes, at, SgfErrorKind::BadEncoding(label)))
        }
        // The buffer was sized for the worst case; should it still be short, say so plainly.
        DecoderResult::OutputFull => Err(error_at(bytes, read, SgfErrorKind::BadEncoding(label))),
    }
}

fn utf8(bytes: &[u8], label: &str) -> Result<String, SgfError> {
    std::str::from_utf8(bytes).map(str::to_string).map_err(|e| {
        error_at(
            bytes,
            e.valid_up_to(),
            SgfErrorKind::BadEncoding(label.into()),
        )
    })
}

/// An error at byte `offset` of undecoded input (line and column counted in the valid text
/// before it).
fn error_at(bytes: &[u8], offset: usize, kind: SgfErrorKind) -> SgfError {
    let before = String::from_utf8_lossy(&bytes[..offset.min(bytes.len())]);
    SgfError {
        offset,
        ..SgfError::at(&before, before.len(), kind)
    }
}

/// The value of `CA` in the root node and the byte offset of that value, found by reading the
/// root node's properties as bytes (identifiers and bracketed values are ASCII syntax in every
/// character set SGF files use).
fn declared_charset(bytes: &[u8]) -> Option<(String, usize)> {
    let mut i = 0;
    let skip_ws = |i: &mut usize| {
        while *i < bytes.len() && bytes[*i].is_ascii_whitespace() {
            *i += 1;
        }
    };
    skip_ws(&mut i);
    if bytes.get(i) != Some(&b'(') {
        return None;
    }
    i += 1;
    skip_ws(&mut i);
    if bytes.get(i) != Some(&b';') {
        return None;
    }
    i += 1;
    loop {
        skip_ws(&mut i);
        let start = i;
        while i < bytes.len() && bytes[i].is_ascii_alphabetic() {
            i += 1;
        }
        if i == start {
            return None; // the end of the root node
        }
        // FF[3] identifiers may hold lower-case letters, which do not count.
        let ident: Vec<u8> = bytes[start..i]
            .iter()
            .copied()
            .filter(u8::is_ascii_uppercase)
            .collect();
        skip_ws(&mut i);
        let mut first = true;
        while bytes.get(i) == Some(&b'[') {
            let value_start = i + 1;
            i = value_start;
            while i < bytes.len() && bytes[i] != b']' {
                i += if bytes[i] == b'\\' { 2 } else { 1 };
            }
            let value_end = i.min(bytes.len());
            if ident == b"CA" && first {
                let value = String::from_utf8_lossy(&bytes[value_start..value_end]);
                return Some((value.into_owned(), value_start));
            }
            first = false;
            i += 1;
            skip_ws(&mut i);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latin1_names_read_as_written() {
        let bytes = b"(;GM[1]CA[ISO-8859-1]PB[M\xFCller])";
        assert_eq!(decode(bytes).unwrap(), "(;GM[1]CA[ISO-8859-1]PB[Müller])");
    }

    #[test]
    fn without_ca_valid_utf8_is_utf8_and_anything_else_latin1() {
        assert_eq!(decode("(;PB[Müller])".as_bytes()).unwrap(), "(;PB[Müller])");
        assert_eq!(decode(b"(;PB[M\xFCller])").unwrap(), "(;PB[Müller])");
    }

    #[test]
    fn ca_after_other_properties_and_escapes_is_found() {
        let bytes = b"(;GM[1]C[a \\] b CA[UTF-8\\]]  CA [GB2312]PB[\xC0\xEE])";
        let text = decode(bytes).unwrap();
        assert_eq!(text, "(;GM[1]C[a \\] b CA[UTF-8\\]]  CA [GB2312]PB[李])");
    }

    #[test]
    fn ca_in_a_later_node_does_not_count() {
        assert_eq!(
            declared_charset(b"(;GM[1];B[aa]CA[Big5])"),
            None,
            "only the root node names the character set"
        );
    }

    #[test]
    fn an_unknown_charset_is_an_error_at_its_value() {
        let err = decode(b"(;CA[Klingon]PB[x])").unwrap_err();
        assert_eq!(err.kind, SgfErrorKind::UnknownCharset("Klingon".into()));
        assert_eq!((err.offset, err.line, err.column), (5, 1, 6));
    }

    #[test]
    fn bytes_invalid_in_the_named_charset_are_an_error_at_the_first_bad_byte() {
        let err = decode(b"(;CA[UTF-8]\nPB[M\xFCller])").unwrap_err();
        assert_eq!(err.kind, SgfErrorKind::BadEncoding("UTF-8".into()));
        assert_eq!((err.offset, err.line, err.column), (16, 2, 5));
        let err = decode(b"(;CA[Shift_JIS]PB[x])\x82").unwrap_err();
        assert_eq!(err.kind, SgfErrorKind::BadEncoding("Shift_JIS".into()));
    }

    #[test]
    fn utf16_is_refused_rather_than_misread() {
        let err = decode(b"(;CA[UTF-16]PB[x])").unwrap_err();
        assert_eq!(err.kind, SgfErrorKind::UnknownCharset("UTF-16".into()));
    }
}
