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

/// The position of `name` among the keys of `map`, trying `*next` first: a Subject's Statements
/// usually come in its Schema's order, so one string comparison often finds the property without
/// hashing its name. On a find, `*next` moves past it.
pub fn index_in_order<V>(map: &FastIndexMap<String, V>, next: &mut usize, name: &str) -> Option<usize> {
    let guessed = map.get_index(*next).filter(|(key, _)| key.as_str() == name).map(|_| *next);
    let found = guessed.or_else(|| map.get_index_of(name))?;
    *next = found + 1;
    Some(found)
}
