//! Rate limits: a token bucket per WebSocket connection, and one per client address for table
//! creation.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::Instant;

/// A token bucket: `rate` tokens per second on average, at most `burst` at once.
#[derive(Debug, Clone)]
pub struct Bucket {
    rate: f64,
    burst: f64,
    tokens: f64,
    at: Instant,
}

impl Bucket {
    /// A full bucket.
    pub fn new(rate: f64, burst: f64) -> Bucket {
        Bucket {
            rate,
            burst,
            tokens: burst,
            at: Instant::now(),
        }
    }

    /// Takes one token if there is one.
    pub fn take(&mut self) -> bool {
        let now = Instant::now();
        let refill = now.duration_since(self.at).as_secs_f64() * self.rate;
        self.tokens = (self.tokens + refill).min(self.burst);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// One bucket per client address; the map is bounded (the oldest half is dropped when full).
#[derive(Debug)]
pub struct PerAddress {
    rate: f64,
    burst: f64,
    buckets: Mutex<HashMap<IpAddr, Bucket>>,
}

/// The most addresses remembered at once.
const MAX_ADDRESSES: usize = 100_000;

impl PerAddress {
    /// `per_minute` on average per address, `burst` at once.
    pub fn per_minute(per_minute: f64, burst: f64) -> PerAddress {
        PerAddress {
            rate: per_minute / 60.0,
            burst,
            buckets: Mutex::default(),
        }
    }

    /// Whether `address` may go ahead now.
    pub fn allow(&self, address: IpAddr) -> bool {
        let mut buckets = self.buckets.lock().unwrap_or_else(|e| e.into_inner());
        if buckets.len() >= MAX_ADDRESSES && !buckets.contains_key(&address) {
            let mut ages: Vec<_> = buckets.iter().map(|(a, b)| (b.at, *a)).collect();
            ages.sort();
            for (_, old) in ages.into_iter().take(MAX_ADDRESSES / 2) {
                buckets.remove(&old);
            }
        }
        buckets
            .entry(address)
            .or_insert_with(|| Bucket::new(self.rate, self.burst))
            .take()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn burst_then_refused() {
        let mut b = Bucket::new(0.001, 3.0);
        assert!(b.take() && b.take() && b.take());
        assert!(!b.take());
    }

    #[test]
    fn addresses_have_separate_buckets() {
        let limits = PerAddress::per_minute(0.001, 1.0);
        let (a, b): (IpAddr, IpAddr) = ("10.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap());
        assert!(limits.allow(a));
        assert!(!limits.allow(a));
        assert!(limits.allow(b));
    }
}
