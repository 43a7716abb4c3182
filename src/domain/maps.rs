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
