//! A hasher for keys that are already uniformly random (Zobrist hashes): it passes the value
//! through, so a position lookup costs one multiply-free probe instead of SipHash.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// Passes a `u64` through unchanged.
#[derive(Debug, Default, Clone, Copy)]
pub struct PassThrough(u64);

impl Hasher for PassThrough {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ b as u64;
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = v;
    }
}

/// A set of Zobrist hashes.
pub type HashSet64 = HashSet<u64, BuildHasherDefault<PassThrough>>;

/// A map keyed by Zobrist hashes.
pub type HashMap64<V> = HashMap<u64, V, BuildHasherDefault<PassThrough>>;
