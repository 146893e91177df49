//! Engines kept between the computer's moves of one game, so that its next move starts from the
//! search tree of the last one (the engine re-roots it after its move and one reply).
//!
//! An engine is filed under the key of the game right after its own move ([`GameKey`]: level,
//! rules, setup stones and actions). The next request of that game carries one more action (the
//! reply); the key of its record without that reply finds the engine. A request takes its engine
//! out while it searches, so two requests never share one.

use serde::Serialize;
use std::collections::hash_map::DefaultHasher;
use std::collections::VecDeque;
use std::hash::{Hash, Hasher};
use std::sync::Mutex;
use tengen_engine::Engine;
use tengen_rules::{Action, Record};

/// How many engines are kept at most.
pub const ENGINE_CACHE_CAPACITY: usize = 4;
/// How many bytes of search tree the kept engines may hold in all: a level-10 search on
/// 19 × 19 keeps about 30 MB, so two such games keep their trees (smaller boards and levels,
/// more). Measured by bench/attack/run.py: with four such trees kept, hostile clients asking for
/// new 19 × 19 moves pushed the server past 300 MB.
pub const ENGINE_CACHE_BYTES: usize = 64 << 20;

/// The identity of a game position for the engine cache: the level, the rules, the setup stones
/// and the actions so far (player names, comments and dates do not count).
#[derive(Debug, Clone)]
pub struct GameKey(DefaultHasher);

impl GameKey {
    /// The key of `record`'s start (no actions yet) for an engine of `level`.
    pub fn start(record: &Record, level: u8) -> GameKey {
        let mut h = DefaultHasher::new();
        level.hash(&mut h);
        json(&record.rules).hash(&mut h);
        json(&record.setup).hash(&mut h);
        GameKey(h)
    }

    /// The key of `record` after its first `n` actions (all of them when `n` is larger).
    pub fn after(record: &Record, level: u8, n: usize) -> GameKey {
        let mut key = GameKey::start(record, level);
        for action in record.actions.iter().take(n) {
            key.push(action);
        }
        key
    }

    /// The key once `action` is appended.
    pub fn push(&mut self, action: &Action) {
        json(action).hash(&mut self.0);
    }

    /// The key's value.
    pub fn value(&self) -> u64 {
        self.0.finish()
    }
}

/// The JSON text of a record part (these types always serialize).
fn json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_default()
}

/// A small cache of engines, bounded in count and in the bytes of their trees, least recently
/// stored evicted first.
#[derive(Debug)]
pub struct EngineCache {
    capacity: usize,
    budget: usize,
    /// Most recent first, with each engine's [`Engine::kept_bytes`].
    entries: Mutex<VecDeque<(u64, Engine, usize)>>,
}

impl EngineCache {
    /// A cache keeping at most `capacity` engines (0 keeps none) holding at most
    /// [`ENGINE_CACHE_BYTES`] of trees.
    pub fn new(capacity: usize) -> EngineCache {
        EngineCache::with_budget(capacity, ENGINE_CACHE_BYTES)
    }

    /// A cache keeping at most `capacity` engines whose trees hold at most `budget` bytes in
    /// all; an engine whose tree alone is over the budget is not kept.
    pub fn with_budget(capacity: usize, budget: usize) -> EngineCache {
        EngineCache {
            capacity,
            budget,
            entries: Mutex::new(VecDeque::new()),
        }
    }

    /// Takes the engine filed under `key` out of the cache.
    pub fn take(&self, key: u64) -> Option<Engine> {
        let mut entries = self.entries();
        let at = entries.iter().position(|(k, _, _)| *k == key)?;
        entries.remove(at).map(|(_, engine, _)| engine)
    }

    /// Files `engine` under `key` (replacing an engine already there), evicting the least
    /// recently stored engines while the cache holds too many or too many bytes.
    pub fn put(&self, key: u64, engine: Engine) {
        let bytes = engine.kept_bytes();
        if self.capacity == 0 || bytes > self.budget {
            return;
        }
        let mut entries = self.entries();
        entries.retain(|(k, _, _)| *k != key);
        entries.push_front((key, engine, bytes));
        entries.truncate(self.capacity);
        let mut total: usize = entries.iter().map(|(_, _, b)| b).sum();
        while total > self.budget {
            let Some((_, _, b)) = entries.pop_back() else {
                break;
            };
            total -= b;
        }
    }

    /// How many engines are kept.
    pub fn len(&self) -> usize {
        self.entries().len()
    }

    /// The bytes of search tree the kept engines hold.
    pub fn bytes(&self) -> usize {
        self.entries().iter().map(|(_, _, b)| b).sum()
    }

    /// Whether no engine is kept.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn entries(&self) -> std::sync::MutexGuard<'_, VecDeque<(u64, Engine, usize)>> {
        self.entries.lock().unwrap_or_else(|e| e.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tengen_engine::EngineConfig;

    fn record(json: &str) -> Record {
        serde_json::from_str(json).unwrap()
    }

    fn engine(level: u8) -> Engine {
        Engine::new(EngineConfig {
            level,
            ..EngineConfig::default()
        })
    }

    #[test]
    fn a_record_and_its_extension_share_the_key_of_their_common_prefix() {
        let short = record(r#"{"rules": {"size": 9}, "actions": [{"place": "E5"}]}"#);
        let long = record(
            r#"{"rules": {"size": 9}, "players": {"black": "A"},
                "actions": [{"place": "E5"}, {"place": "C3"}]}"#,
        );
        assert_eq!(
            GameKey::after(&short, 3, 1).value(),
            GameKey::after(&long, 3, 1).value()
        );
        let mut pushed = GameKey::after(&short, 3, 1);
        pushed.push(&long.actions[1]);
        assert_eq!(pushed.value(), GameKey::after(&long, 3, 2).value());
        assert_ne!(
            GameKey::after(&long, 3, 1).value(),
            GameKey::after(&long, 3, 2).value()
        );
    }

    #[test]
    fn level_rules_and_setup_change_the_key() {
        let base = record(r#"{"rules": {"size": 9}, "actions": []}"#);
        let other_size = record(r#"{"rules": {"size": 13}, "actions": []}"#);
        let setup = record(r#"{"rules": {"size": 9}, "setup": {"black": ["C3"]}, "actions": []}"#);
        let k = GameKey::start(&base, 3).value();
        assert_ne!(k, GameKey::start(&base, 4).value());
        assert_ne!(k, GameKey::start(&other_size, 3).value());
        assert_ne!(k, GameKey::start(&setup, 3).value());
    }

    #[test]
    fn taking_an_engine_removes_it_from_the_cache() {
        let cache = EngineCache::new(2);
        cache.put(1, engine(1));
        assert!(cache.take(2).is_none());
        assert_eq!(cache.take(1).map(|e| e.config().level), Some(1));
        assert!(cache.take(1).is_none());
        assert!(cache.is_empty());
    }

    #[test]
    fn a_full_cache_evicts_the_least_recently_stored_engine() {
        let cache = EngineCache::new(2);
        cache.put(1, engine(1));
        cache.put(2, engine(2));
        cache.put(1, engine(3));
        cache.put(3, engine(4));
        assert_eq!(cache.len(), 2);
        assert!(cache.take(2).is_none(), "the oldest entry is evicted");
        assert_eq!(cache.take(1).map(|e| e.config().level), Some(3));
        assert_eq!(cache.take(3).map(|e| e.config().level), Some(4));
    }

    /// An engine that searched a 9 × 9 opening and kept its tree.
    fn searched(playouts: u32) -> Engine {
        let mut e = Engine::new(EngineConfig {
            playouts: Some(playouts),
            ..EngineConfig::default()
        });
        let game = tengen_rules::Game::new(tengen_rules::Rules::chinese(9)).unwrap();
        e.genmove(&game, tengen_rules::Color::Black, None);
        assert!(e.kept_bytes() > 0, "the search kept its tree");
        e
    }

    #[test]
    fn trees_over_the_byte_budget_evict_the_oldest_engines() {
        let first = searched(200);
        let bytes = first.kept_bytes();
        // Room for two trees of this size, not three.
        let cache = EngineCache::with_budget(4, bytes * 5 / 2);
        cache.put(1, first);
        cache.put(2, searched(200));
        assert_eq!(cache.len(), 2);
        cache.put(3, searched(200));
        assert_eq!(cache.len(), 2, "the oldest tree made room");
        assert!(cache.bytes() <= bytes * 5 / 2);
        assert!(cache.take(1).is_none());
        assert!(cache.take(2).is_some() && cache.take(3).is_some());
    }

    #[test]
    fn a_tree_larger_than_the_whole_budget_is_not_kept() {
        let big = searched(300);
        let cache = EngineCache::with_budget(4, big.kept_bytes() - 1);
        cache.put(1, engine(1));
        cache.put(2, big);
        assert!(cache.take(2).is_none());
        assert!(cache.take(1).is_some(), "what was kept stays");
    }

    #[test]
    fn a_cache_of_capacity_zero_keeps_nothing() {
        let cache = EngineCache::new(0);
        cache.put(1, engine(1));
        assert!(cache.take(1).is_none());
    }
}
