//! Placements and the hash of a placement order.
//!
//! An order is hashed as `Σ key(xₖ)·Bᵏ` (wrapping, mod 2⁶⁴) with a random odd `B`: a sum of
//! per-(index, color, point) terms, so prefix sums give any segment's hash, and a segment
//! shifted by `d` indices is multiplied by `B^d` (or `B⁻ᵈ`, which exists because `B` is odd).
//! The key of a (order, boundary) combination mixes the order hash with the boundary.

use crate::color::Color;
use crate::point::Point;

/// One stone placement of the order: who placed and where.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Placement {
    /// The stone's color.
    pub color: Color,
    /// The intersection.
    pub point: Point,
}

impl Placement {
    /// A placement of `color` at `point`.
    pub const fn new(color: Color, point: Point) -> Placement {
        Placement { color, point }
    }

    /// The random key of this placement (independent of its index).
    #[inline]
    pub(crate) fn key(self) -> u64 {
        let raw = ((self.color.index() as u64) << 16)
            | ((self.point.col as u64) << 8)
            | self.point.row as u64;
        mix(raw.wrapping_add(0x51_7CC1_B727_220A))
    }
}

/// The multiplier of the polynomial order hash (odd, so invertible mod 2⁶⁴).
const BASE: u64 = 0x9E37_79B9_7F4A_7C15 | 1;

/// A 64-bit finaliser (splitmix64).
#[inline]
pub(crate) fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The multiplicative inverse of an odd number mod 2⁶⁴ (Newton's iteration).
const fn inverse(a: u64) -> u64 {
    let mut x = a; // correct to 3 bits for odd a
    let mut i = 0;
    while i < 6 {
        x = x.wrapping_mul(2u64.wrapping_sub(a.wrapping_mul(x)));
        i += 1;
    }
    x
}

const BASE_INV: u64 = inverse(BASE);

/// Powers of the base, grown on demand.
#[derive(Debug, Clone, Default)]
pub(crate) struct Powers {
    pow: Vec<u64>,
}

impl Powers {
    /// Makes sure `B^k` is known for every `k <= n`.
    pub(crate) fn reserve(&mut self, n: usize) {
        if self.pow.is_empty() {
            self.pow.push(1);
        }
        while self.pow.len() <= n {
            let last = *self.pow.last().expect("not empty");
            self.pow.push(last.wrapping_mul(BASE));
        }
    }

    /// `B^k` (call [`Powers::reserve`] first).
    #[inline]
    pub(crate) fn pow(&self, k: usize) -> u64 {
        self.pow[k]
    }

    /// The term of placement `x` at index `k`.
    #[inline]
    pub(crate) fn term(&self, x: Placement, k: usize) -> u64 {
        x.key().wrapping_mul(self.pow[k])
    }
}

/// `B^-d`.
pub(crate) fn inv_pow(d: usize) -> u64 {
    let mut r = 1u64;
    let mut b = BASE_INV;
    let mut e = d;
    while e > 0 {
        if e & 1 == 1 {
            r = r.wrapping_mul(b);
        }
        b = b.wrapping_mul(b);
        e >>= 1;
    }
    r
}

/// The key of the combination (order with hash `order_hash`, `boundary`).
#[inline]
pub(crate) fn combination_key(order_hash: u64, boundary: usize) -> u64 {
    mix(order_hash ^ mix(boundary as u64 ^ 0xB0_0D42))
}

/// The order hash of a whole order, computed from scratch.
pub(crate) fn order_hash(order: &[Placement]) -> u64 {
    let mut powers = Powers::default();
    powers.reserve(order.len());
    order
        .iter()
        .enumerate()
        .fold(0u64, |h, (k, &x)| h.wrapping_add(powers.term(x, k)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inverse_base_undoes_the_base() {
        assert_eq!(BASE.wrapping_mul(BASE_INV), 1);
        assert_eq!(inv_pow(5).wrapping_mul(BASE.wrapping_pow(5)), 1);
    }

    #[test]
    fn swapping_two_placements_changes_the_hash() {
        let a = Placement::new(Color::Black, Point::new(0, 0));
        let b = Placement::new(Color::White, Point::new(1, 0));
        assert_ne!(order_hash(&[a, b]), order_hash(&[b, a]));
        assert_ne!(
            combination_key(order_hash(&[a]), 0),
            combination_key(order_hash(&[a]), 1)
        );
    }
}
