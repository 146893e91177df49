//! SGF `Text` and `SimpleText` values: escapes, soft line breaks and whitespace.

/// Decodes a `Text` value (comments): `\x` becomes `x`, a backslash before a line break removes
/// the break (a soft line break), line breaks become `\n`, other whitespace becomes a space.
pub fn decode_text(raw: &str) -> String {
    decode(raw, false)
}

/// Decodes a `SimpleText` value (names, dates, rules): like [`decode_text`] but line breaks
/// become spaces too.
pub fn decode_simple(raw: &str) -> String {
    decode(raw, true)
}

fn decode(raw: &str, simple: bool) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                // Soft line break: `\` + newline (any of \n, \r, \r\n, \n\r) disappears.
                Some(first @ ('\n' | '\r')) => {
                    skip_pair(&mut chars, first);
                }
                Some(escaped) => push_char(&mut out, escaped, simple),
                None => {}
            },
            '\n' | '\r' => {
                skip_pair(&mut chars, c);
                out.push(if simple { ' ' } else { '\n' });
            }
            other => push_char(&mut out, other, simple),
        }
    }
    out
}

/// After a `\r` or `\n`, consumes the other half of a `\r\n` / `\n\r` pair.
fn skip_pair(chars: &mut std::iter::Peekable<std::str::Chars<'_>>, first: char) {
    let other = if first == '\n' { '\r' } else { '\n' };
    if chars.peek() == Some(&other) {
        chars.next();
    }
}

fn push_char(out: &mut String, c: char, simple: bool) {
    match c {
        '\n' | '\r' if simple => out.push(' '),
        '\n' | '\r' => out.push('\n'),
        c if c.is_whitespace() && c != ' ' && c.is_ascii() => out.push(' '),
        c => out.push(c),
    }
}

/// Escapes text for a property value: `\` and `]` get a backslash.
pub fn encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c == '\\' || c == ']' {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_are_removed() {
        assert_eq!(decode_text(r"a\]b\\c\d"), r"a]b\cd");
    }

    #[test]
    fn soft_line_breaks_disappear_and_hard_ones_stay() {
        assert_eq!(decode_text("one \\\ntwo\r\nthree"), "one two\nthree");
        assert_eq!(decode_simple("one\ntwo"), "one two");
    }

    #[test]
    fn tabs_become_spaces() {
        assert_eq!(decode_text("a\tb"), "a b");
    }

    #[test]
    fn encoding_round_trips() {
        for s in [
            "plain",
            r"back\slash",
            "close]bracket",
            "multi\nline",
            "ünïcode ]\\",
        ] {
            assert_eq!(decode_text(&encode(s)), s);
        }
    }
}
