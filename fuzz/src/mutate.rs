//! A small seeded mutator (bit flips, byte edits, block copies, splices, dictionary tokens) for
//! the stable-toolchain runner. No coverage feedback: it explores around the corpus.

use rand::rngs::SmallRng;
use rand::Rng;

/// The longest input the runner makes.
pub const MAX_LEN: usize = 4096;

/// A mutated copy of `input`, perhaps spliced with `other` and with tokens of `dictionary`.
pub fn mutate(rng: &mut SmallRng, input: &[u8], other: &[u8], dictionary: &[&str]) -> Vec<u8> {
    let mut out = input.to_vec();
    for _ in 0..rng.gen_range(1..=4) {
        let len = out.len();
        match rng.gen_range(0..8) {
            0 if len > 0 => {
                let i = rng.gen_range(0..len);
                out[i] ^= 1 << rng.gen_range(0..8);
            }
            1 if len > 0 => {
                let i = rng.gen_range(0..len);
                out[i] = interesting(rng);
            }
            2 => {
                let i = rng.gen_range(0..=len);
                out.insert(i, interesting(rng));
            }
            3 if len > 0 => {
                let i = rng.gen_range(0..len);
                let n = rng.gen_range(1..=(len - i).min(16));
                out.drain(i..i + n);
            }
            4 if len > 0 => {
                let i = rng.gen_range(0..len);
                let n = rng.gen_range(1..=(len - i).min(64));
                let block = out[i..i + n].to_vec();
                let at = rng.gen_range(0..=len);
                out.splice(at..at, block);
            }
            5 if !other.is_empty() => {
                let i = rng.gen_range(0..other.len());
                let n = rng.gen_range(1..=(other.len() - i).min(128));
                let at = rng.gen_range(0..=len);
                out.splice(at..at, other[i..i + n].iter().copied());
            }
            6 if !dictionary.is_empty() => {
                let token = dictionary[rng.gen_range(0..dictionary.len())].as_bytes();
                let at = rng.gen_range(0..=len);
                out.splice(at..at, token.iter().copied());
            }
            _ if len > 0 => {
                let at = rng.gen_range(0..len);
                out.truncate(at.max(1));
            }
            _ => out.push(interesting(rng)),
        }
    }
    out.truncate(MAX_LEN);
    out
}

/// A byte that tends to matter: ASCII digits, letters, brackets, quotes, extremes.
fn interesting(rng: &mut SmallRng) -> u8 {
    const BYTES: &[u8] = b"0123456789ABCDEFGHJKTZabcdst []{}();\"\\,:.-+#\n\t\0\xff\x80";
    if rng.gen_bool(0.8) {
        BYTES[rng.gen_range(0..BYTES.len())]
    } else {
        rng.gen()
    }
}
