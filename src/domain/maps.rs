//! The map types of the hot path (statements, property definitions, compiled properties, known
//! relation targets). They hash with foldhash instead of the standard library's SipHash: the
//! validation profile spent 10% of its time hashing short keys (property names, IDs, Schema names),
//! and foldhash does that several times faster. Its seed is still random per process, so keys from
//! a request do not give a predictable collision pattern. `IndexMap` keeps insertion order whatever
//! the hasher, so every output ordered by these maps stays as it was.

/// The hasher of [`FastIndexMap`] and [`FastHashMap`].
pub type FastHasher = foldhash::fast::RandomState;

/// An insertion-ordered map with the fast hasher.
pub type FastIndexMap<K, V> = indexmap::IndexMap<K, V, FastHasher>;

/// An unordered map with the fast hasher (only where nothing depends on iteration order).
pub type FastHashMap<K, V> = std::collections::HashMap<K, V, FastHasher>;

/// A set with the fast hasher.
pub type FastHashSet<T> = std::collections::HashSet<T, FastHasher>;

/// How many properties past the expected one [`index_in_order`] compares before it hashes: a
/// Subject usually leaves out a few of its Schema's properties.
const LOOK_AHEAD: usize = 3;

/// The position of `name` among the keys of `map`, trying `*next` and the few keys after it first:
/// a Subject's Statements usually come in its Schema's order, some properties left out, so a few
/// string comparisons (most stopped by the length) often find the property without hashing its
/// name. On a find, `*next` moves past it.
pub fn index_in_order<V>(map: &FastIndexMap<String, V>, next: &mut usize, name: &str) -> Option<usize> {
    let at = |i: usize| map.get_index(i).filter(|(key, _)| key.as_str() == name).map(|_| i);
    let guessed = at(*next).or_else(|| (*next + 1..*next + LOOK_AHEAD).find_map(at));
    let found = guessed.or_else(|| map.get_index_of(name))?;
    *next = found + 1;
    Some(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whatever the guess, the position found is the map's own, and the guess moves past it.
    #[test]
    fn index_in_order_finds_what_the_map_finds() {
        let map: FastIndexMap<String, ()> = (0..12).map(|i| (format!("p{i}"), ())).collect();
        let names = ["p0", "p1", "p3", "p7", "p8", "p2", "p11", "p11", "x", "p0", "p4", "p9", "p10", ""];
        for start in 0..=13 {
            let mut next = start;
            for name in names {
                let before = next;
                let found = index_in_order(&map, &mut next, name);
                assert_eq!(found, map.get_index_of(name), "{name} from {before}");
                assert_eq!(next, found.map_or(before, |i| i + 1), "{name} from {before}");
            }
        }
    }
}
