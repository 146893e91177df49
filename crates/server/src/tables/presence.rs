//! Whether each seat's player is connected, across nodes. A node counts its own connections per
//! seat; with several nodes on PostgreSQL it announces its seats' state on `NOTIFY
//! tengen_presence` when it changes and again every [`ANNOUNCE_EVERY`], and remembers what the
//! other nodes announced for [`FORGET_AFTER`], so the players of a killed node are shown as gone
//! once its announcements stop (and as back when they reconnect through another node).

use std::collections::HashMap;
use std::time::{Duration, Instant};
use tengen_rules::Color;

/// The PostgreSQL channel of presence announcements.
pub const CHANNEL: &str = "tengen_presence";

/// How often a node repeats the presence of its connected players.
pub const ANNOUNCE_EVERY: Duration = Duration::from_secs(10);

/// How long another node's announcement counts without being repeated.
pub const FORGET_AFTER: Duration = Duration::from_secs(25);

/// The connections of one table: this node's, and what the other nodes announced.
#[derive(Debug, Default)]
pub struct Presence {
    local: [usize; 2],
    remote: HashMap<u64, ([bool; 2], Instant)>,
    shown: [bool; 2],
}

impl Presence {
    /// A connection of `seat` opened here; true when the seat was not connected here before.
    pub fn open(&mut self, seat: Color) -> bool {
        self.local[seat.index()] += 1;
        self.local[seat.index()] == 1
    }

    /// A connection of `seat` closed here; true when it was the seat's last one here.
    pub fn close(&mut self, seat: Color) -> bool {
        let n = &mut self.local[seat.index()];
        *n = n.saturating_sub(1);
        *n == 0
    }

    /// Which seats have a connection on this node.
    pub fn local(&self) -> [bool; 2] {
        [self.local[0] > 0, self.local[1] > 0]
    }

    /// Node `node` announced `seats` at `now`.
    pub fn announced(&mut self, node: u64, seats: [bool; 2], now: Instant) {
        if seats == [false, false] {
            self.remote.remove(&node);
        } else {
            self.remote.insert(node, (seats, now));
        }
    }

    /// Forgets the announcements older than [`FORGET_AFTER`] at `now`.
    pub fn expire(&mut self, now: Instant) {
        self.remote
            .retain(|_, (_, at)| now.duration_since(*at) < FORGET_AFTER);
    }

    /// Which seats are connected on any node.
    pub fn connected(&self) -> [bool; 2] {
        let mut seats = self.local();
        for (remote, _) in self.remote.values() {
            seats[0] |= remote[0];
            seats[1] |= remote[1];
        }
        seats
    }

    /// The new presence when it differs from what clients were last shown (and notes it shown).
    pub fn changed(&mut self) -> Option<[bool; 2]> {
        let now = self.connected();
        (now != self.shown).then(|| {
            self.shown = now;
            now
        })
    }
}

/// The announcement `TABLE NODE B W` (B and W are 0 or 1).
pub fn payload(table: &str, node: u64, seats: [bool; 2]) -> String {
    format!(
        "{table} {node} {} {}",
        u8::from(seats[0]),
        u8::from(seats[1])
    )
}

/// Reads an announcement: (table, node, seats), or None when malformed.
pub fn parse(payload: &str) -> Option<(&str, u64, [bool; 2])> {
    let mut parts = payload.split(' ');
    let table = parts.next()?;
    let node = parts.next()?.parse().ok()?;
    let flag = |p: Option<&str>| match p {
        Some("0") => Some(false),
        Some("1") => Some(true),
        _ => None,
    };
    let seats = [flag(parts.next())?, flag(parts.next())?];
    parts.next().is_none().then_some((table, node, seats))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seat_connected_on_another_node_is_shown_connected() {
        let mut p = Presence::default();
        assert!(p.open(Color::Black));
        assert_eq!(p.changed(), Some([true, false]));
        p.announced(7, [false, true], Instant::now());
        assert_eq!(p.changed(), Some([true, true]));
        assert_eq!(p.changed(), None, "shown once");
        p.announced(7, [false, false], Instant::now());
        assert_eq!(p.changed(), Some([true, false]));
    }

    #[test]
    fn a_silent_node_is_forgotten_after_the_grace_time() {
        let mut p = Presence::default();
        let then = Instant::now();
        p.announced(3, [true, false], then);
        p.expire(then + FORGET_AFTER - Duration::from_secs(1));
        assert_eq!(p.connected(), [true, false]);
        p.expire(then + FORGET_AFTER);
        assert_eq!(p.connected(), [false, false]);
    }

    #[test]
    fn local_connections_count_until_the_last_one_closes() {
        let mut p = Presence::default();
        assert!(p.open(Color::White));
        assert!(!p.open(Color::White));
        assert!(!p.close(Color::White));
        assert_eq!(p.local(), [false, true]);
        assert!(p.close(Color::White));
        assert_eq!(p.local(), [false, false]);
    }

    #[test]
    fn announcements_round_trip_and_malformed_ones_are_ignored() {
        let text = payload("abc", 42, [true, false]);
        assert_eq!(parse(&text), Some(("abc", 42, [true, false])));
        for bad in ["", "abc", "abc x 1 0", "abc 1 2 0", "abc 1 1 0 extra"] {
            assert_eq!(parse(bad), None, "{bad:?}");
        }
    }
}
