//! [`KeptArena`]: one [`Arena`] kept by a long-lived object (a validator) and reset for each call, so
//! that a call in the steady state asks the global allocator for nothing for its parsed documents.

use super::Arena;
use std::sync::Mutex;

/// An arena grown past this by one large call is dropped after it rather than kept for the next.
const KEPT_UP_TO: usize = 8 << 20;

/// An arena lent to one call at a time. A call that finds it lent (a call made from inside another,
/// or from another thread) parses into an arena of its own instead of waiting.
#[derive(Default)]
pub struct KeptArena(Mutex<Arena>);

impl KeptArena {
    /// Runs `work` with the kept arena emptied of every earlier call's documents, or with a fresh
    /// arena when the kept one is lent. The documents cannot outlive `work`.
    pub fn with<R>(&self, work: impl FnOnce(&Arena) -> R) -> R {
        let Ok(mut kept) = self.0.try_lock() else {
            return work(&Arena::new());
        };
        if kept.allocated_bytes() <= KEPT_UP_TO {
            kept.reset();
        } else {
            *kept = Arena::new();
        }
        work(&kept)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::Json;

    #[test]
    fn calls_reuse_one_arena_and_a_nested_call_gets_its_own() {
        let kept = KeptArena::default();
        let text = r#"{"a": [1, 2, "x\ny"], "b": {"c": null}}"#;
        let held = kept.with(|arena| {
            Json::parse(text, arena).unwrap();
            arena.allocated_bytes()
        });
        for _ in 0..3 {
            let (again, nested) = kept.with(|arena| {
                let outer = Json::parse(text, arena).unwrap();
                let nested = kept.with(|inner| {
                    assert!(!std::ptr::eq(inner, arena), "a nested call gets an arena of its own");
                    Json::parse(text, inner).unwrap().to_value()
                });
                assert_eq!(outer.to_value(), nested);
                (arena.allocated_bytes(), nested)
            });
            assert_eq!(again, held, "a later call takes no new block");
            assert_eq!(nested, serde_json::from_str::<serde_json::Value>(text).unwrap());
        }
    }

    #[test]
    fn an_arena_grown_past_the_limit_is_not_kept() {
        let kept = KeptArena::default();
        let big = format!("[{}]", vec!["1"; KEPT_UP_TO / 16].join(","));
        let grown = kept.with(|arena| {
            Json::parse(&big, arena).unwrap();
            arena.allocated_bytes()
        });
        assert!(grown > KEPT_UP_TO, "{grown}");
        let after = kept.with(|arena| arena.allocated_bytes());
        assert!(after < KEPT_UP_TO, "{after}");
    }
}
