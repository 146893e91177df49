//! Unguessable table ids, invite codes and seat tokens (128 random bits each, as hex), and the
//! SHA-256 hashes the store keeps instead of the codes themselves.

use rand::RngCore;
use sha2::{Digest, Sha256};

/// 128 random bits as 32 hex digits, from the operating system's generator.
pub fn random_code() -> String {
    let mut bytes = [0u8; 16];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    hex(&bytes)
}

/// The SHA-256 of a code, as hex.
pub fn hash_code(code: &str) -> String {
    hex(&Sha256::digest(code.as_bytes()))
}

/// Whether `s` looks like a code (32 lowercase hex digits): anything else is refused before any
/// lookup.
pub fn is_code(s: &str) -> bool {
    s.len() == 32 && s.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write;
    bytes
        .iter()
        .fold(String::with_capacity(bytes.len() * 2), |mut s, b| {
            let _ = write!(s, "{b:02x}");
            s
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_32_hex_digits_and_differ() {
        let (a, b) = (random_code(), random_code());
        assert!(is_code(&a) && is_code(&b));
        assert_ne!(a, b);
    }

    #[test]
    fn hashes_are_stable_and_not_the_code() {
        let code = random_code();
        assert_eq!(hash_code(&code), hash_code(&code));
        assert_ne!(hash_code(&code), code);
        assert!(!is_code("../../etc/passwd"));
    }
}
