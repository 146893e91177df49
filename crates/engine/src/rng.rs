//! A small, fast, seedable random number generator (xorshift64*), one per search thread.

/// xorshift64* generator.
#[derive(Debug, Clone)]
pub struct FastRng(u64);

impl FastRng {
    /// A generator from a seed (any value; 0 is remapped).
    pub fn new(seed: u64) -> FastRng {
        // splitmix64 the seed so nearby seeds give unrelated streams.
        let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        FastRng(if z == 0 { 0x2545_F491_4F6C_DD1D } else { z })
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (n > 0).
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }

    /// True with probability `p` (0..=1).
    #[inline]
    pub fn chance(&mut self, p: f32) -> bool {
        ((self.next_u64() >> 40) as f32) < p * (1u64 << 24) as f32
    }

    /// A float in `0..1`.
    #[inline]
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}
