//! The answers of Subject sources kept between requests: bounded in entries and in bytes, each for its
//! source's `cacheSeconds`. A source answers every caller of this wiki alike (anonymously or as the
//! one bot account registered for it), so answers are kept per source and path, not per caller.

use indexmap::IndexMap;
use std::cell::RefCell;

/// At most this many answers are kept.
pub const MAX_ENTRIES: usize = 1024;
/// At most this many body bytes are kept, all answers together.
pub const MAX_BYTES: usize = 16 * 1024 * 1024;

/// A readable answer of a source: the status (200 or 404) and the body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Kept {
    pub status: u16,
    pub body: String,
}

#[derive(Debug, Default)]
pub struct FetchCache {
    /// By key, oldest first; each with the time (ms) it expires.
    entries: IndexMap<String, (u64, Kept)>,
    bytes: usize,
}

impl FetchCache {
    pub fn get(&mut self, key: &str, now_ms: u64) -> Option<Kept> {
        let (expires, kept) = self.entries.get(key)?;
        if *expires > now_ms {
            return Some(kept.clone());
        }
        self.remove(key);
        None
    }

    /// Keeps an answer for `lifetime_ms`, dropping the oldest answers when a bound is passed. An
    /// answer larger than the byte bound, or with no lifetime, is not kept.
    pub fn put(&mut self, key: &str, now_ms: u64, lifetime_ms: u64, kept: Kept) {
        self.remove(key);
        if lifetime_ms == 0 || kept.body.len() > MAX_BYTES {
            return;
        }
        while self.entries.len() >= MAX_ENTRIES || self.bytes + kept.body.len() > MAX_BYTES {
            let Some((_, (_, old))) = self.entries.shift_remove_index(0) else { break };
            self.bytes -= old.body.len();
        }
        self.bytes += kept.body.len();
        self.entries.insert(key.to_owned(), (now_ms.saturating_add(lifetime_ms), kept));
    }

    pub fn forget(&mut self, key: &str) {
        self.remove(key);
    }

    fn remove(&mut self, key: &str) {
        if let Some((_, old)) = self.entries.shift_remove(key) {
            self.bytes -= old.body.len();
        }
    }

    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.entries.len()
    }
}

thread_local! {
    /// The module's one cache: a wasm instance runs one request at a time and lives across requests.
    static CACHE: RefCell<FetchCache> = RefCell::new(FetchCache::default());
}

pub fn with_cache<R>(f: impl FnOnce(&mut FetchCache) -> R) -> R {
    CACHE.with(|c| f(&mut c.borrow_mut()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kept(body: &str) -> Kept {
        Kept { status: 200, body: body.into() }
    }

    #[test]
    fn answers_live_for_their_lifetime() {
        let mut c = FetchCache::default();
        c.put("a", 1000, 500, kept("x"));
        assert_eq!(c.get("a", 1499), Some(kept("x")));
        assert_eq!(c.get("a", 1500), None);
        assert_eq!(c.len(), 0, "an expired answer is dropped");
        c.put("b", 0, 0, kept("y"));
        assert_eq!(c.get("b", 0), None, "no lifetime, not kept");
    }

    #[test]
    fn the_oldest_answers_go_first_when_a_bound_is_passed() {
        let mut c = FetchCache::default();
        for i in 0..=MAX_ENTRIES {
            c.put(&i.to_string(), 0, 10, kept("x"));
        }
        assert_eq!(c.len(), MAX_ENTRIES);
        assert_eq!(c.get("0", 1), None);
        assert_eq!(c.get("1", 1), Some(kept("x")));
        let half = "h".repeat(MAX_BYTES / 2 + 1);
        c.put("big1", 0, 10, kept(&half));
        c.put("big2", 0, 10, kept(&half));
        assert_eq!(c.get("big1", 1), None, "the bytes bound dropped the oldest large answer too");
        assert!(c.get("big2", 1).is_some());
        c.put("huge", 0, 10, kept(&"h".repeat(MAX_BYTES + 1)));
        assert_eq!(c.get("huge", 1), None);
    }
}
