//! [`Kept`]: arenas kept by a long-lived object (a validator) and emptied for each call, so that a
//! call in the steady state asks the global allocator for nothing for its parsed documents (and for
//! whatever else the caller keeps in a second arena).

use super::Arena;
use bumpalo::Bump;
use std::sync::Mutex;

/// Arenas grown past this by one large call are dropped after it rather than kept for the next.
const KEPT_UP_TO: usize = 8 << 20;

/// Memory that a call fills and the next call empties.
pub trait Reusable: Default {
    /// Forgets everything put in it, keeping its memory.
    fn reset(&mut self);
    /// Bytes it holds from the global allocator.
    fn allocated_bytes(&self) -> usize;
}

impl Reusable for Arena {
    fn reset(&mut self) {
        Arena::reset(self)
    }

    fn allocated_bytes(&self) -> usize {
        Arena::allocated_bytes(self)
    }
}

impl Reusable for Bump {
    fn reset(&mut self) {
        Bump::reset(self)
    }

    fn allocated_bytes(&self) -> usize {
        Bump::allocated_bytes(self)
    }
}

impl<A: Reusable, B: Reusable> Reusable for (A, B) {
    fn reset(&mut self) {
        self.0.reset();
        self.1.reset();
    }

    fn allocated_bytes(&self) -> usize {
        self.0.allocated_bytes() + self.1.allocated_bytes()
    }
}

/// Arenas lent to one call at a time. A call that finds them lent (a call made from inside another,
/// or from another thread) works in arenas of its own instead of waiting.
#[derive(Default)]
pub struct Kept<T>(Mutex<T>);

impl<T: Reusable> Kept<T> {
    /// Runs `work` with the kept arenas emptied of every earlier call's data, or with fresh ones when
    /// the kept ones are lent. Nothing put in them can outlive `work`.
    pub fn with<R>(&self, work: impl FnOnce(&T) -> R) -> R {
        let Ok(mut kept) = self.0.try_lock() else {
            return work(&T::default());
        };
        if kept.allocated_bytes() <= KEPT_UP_TO {
            kept.reset();
        } else {
            *kept = T::default();
        }
        work(&kept)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::Json;

    #[test]
    fn calls_reuse_the_arenas_and_a_nested_call_gets_its_own() {
        let kept = Kept::<(Arena, Bump)>::default();
        let text = r#"{"a": [1, 2, "x\ny"], "b": {"c": null}}"#;
        let held = kept.with(|(arena, bump)| {
            Json::parse(text, arena).unwrap();
            bump.alloc_str("a part");
            (arena.allocated_bytes(), bump.allocated_bytes())
        });
        for _ in 0..3 {
            let (again, nested) = kept.with(|(arena, bump)| {
                let outer = Json::parse(text, arena).unwrap();
                bump.alloc_str("a part");
                let nested = kept.with(|(inner, _)| {
                    assert!(!std::ptr::eq(inner, arena), "a nested call gets arenas of its own");
                    Json::parse(text, inner).unwrap().to_value()
                });
                assert_eq!(outer.to_value(), nested);
                ((arena.allocated_bytes(), bump.allocated_bytes()), nested)
            });
            assert_eq!(again, held, "a later call takes no new block");
            assert_eq!(nested, serde_json::from_str::<serde_json::Value>(text).unwrap());
        }
    }

    #[test]
    fn arenas_grown_past_the_limit_are_not_kept() {
        let kept = Kept::<Arena>::default();
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
