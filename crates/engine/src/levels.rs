//! Strength levels for people: each a fixed playout budget (so a level plays the same on any
//! machine load), a playout policy and, for the weakest, some randomness in the final choice.

use crate::policy::Policy;

/// The lowest level.
pub const MIN_LEVEL: u8 = 1;
/// The highest level (the full engine).
pub const MAX_LEVEL: u8 = 10;

/// What a level means for the search.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Level {
    /// Playouts per move.
    pub playouts: u32,
    /// Playout policy.
    pub policy: Policy,
    /// Temperature of the final move choice: 0 picks the most visited move; higher values
    /// sample root moves in proportion to visits^(1/temperature).
    pub temperature: f32,
}

/// The parameters of `level` (clamped to 1..=10).
pub fn level(level: u8) -> Level {
    let (playouts, policy, temperature) = match level.clamp(MIN_LEVEL, MAX_LEVEL) {
        1 => (40, Policy::Heavy, 1.5),
        2 => (80, Policy::Heavy, 1.0),
        3 => (160, Policy::Heavy, 0.7),
        4 => (300, Policy::Heavy, 0.4),
        5 => (600, Policy::Heavy, 0.2),
        6 => (1200, Policy::Heavy, 0.0),
        7 => (2500, Policy::Heavy, 0.0),
        8 => (5000, Policy::Heavy, 0.0),
        9 => (7500, Policy::Heavy, 0.0),
        _ => (10_000, Policy::Heavy, 0.0),
    };
    Level {
        playouts,
        policy,
        temperature,
    }
}

/// The approximate rank of `level` in kyu, as on 19×19 servers (see docs/ENGINE.md, "Strength
/// levels": level 10 is anchored by its 19×19 matches against GNU Go 3.8 level 10, itself
/// about 6–7 kyu; the lower levels by their 9×9 results against GNU Go levels 1 and 10).
pub fn level_kyu(level: u8) -> u8 {
    match level.clamp(MIN_LEVEL, MAX_LEVEL) {
        1 => 25,
        2 => 23,
        3 => 20,
        4 => 18,
        5 => 15,
        6 => 13,
        7 => 11,
        8 => 10,
        9 => 9,
        _ => 8,
    }
}

/// A short description of `level` for people choosing an opponent.
pub fn level_description(level: u8) -> &'static str {
    match level.clamp(MIN_LEVEL, MAX_LEVEL) {
        1 => "Beginner: plays real moves but often misses the point",
        2 => "Novice: sees captures, little else",
        3 => "Casual: knows the basic shapes",
        4 => "Improving: reads simple fights",
        5 => "Club beginner: steady but beatable",
        6 => "Club player: punishes loose moves",
        7 => "Strong club player",
        8 => "Dan-level ambition on small boards",
        9 => "Nearly full strength",
        _ => "Full strength",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_are_a_ladder_of_growing_budgets() {
        for l in MIN_LEVEL..MAX_LEVEL {
            assert!(level(l).playouts < level(l + 1).playouts, "level {l}");
            assert!(level(l).temperature >= level(l + 1).temperature);
        }
        for l in MIN_LEVEL..MAX_LEVEL {
            assert!(
                level_kyu(l) > level_kyu(l + 1),
                "a higher level is a lower kyu"
            );
        }
        assert_eq!(level(0), level(1));
        assert_eq!(level(200), level(10));
    }
}
