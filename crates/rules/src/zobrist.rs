//! Zobrist keys: one random 64-bit key per (color, board index), fixed at compile time so
//! hashes are stable across runs and machines.

use crate::point::MAX_SIZE;

/// Cells in the padded array of the largest board.
pub(crate) const MAX_CELLS: usize = (MAX_SIZE as usize + 2) * (MAX_SIZE as usize + 2);

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

const fn make_keys() -> [[u64; MAX_CELLS]; 2] {
    let mut keys = [[0u64; MAX_CELLS]; 2];
    let mut state = 0x7465_6E67_656E_u64; // "tengen"
    let mut c = 0;
    while c < 2 {
        let mut i = 0;
        while i < MAX_CELLS {
            let (s, k) = splitmix(state);
            state = s;
            keys[c][i] = k;
            i += 1;
        }
        c += 1;
    }
    keys
}

/// `KEYS[color][index]`: the key of a stone of that color at that padded index.
pub(crate) static KEYS: [[u64; MAX_CELLS]; 2] = make_keys();
