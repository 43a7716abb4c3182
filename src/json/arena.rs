//! [`Arena`]: where a parsed document's containers and decoded strings live.
//!
//! A document is a tree of borrowed slices: each array and object is one bump allocation in the
//! arena, and dropping the document frees nothing node by node. Whoever parses many documents (the
//! batch validator) keeps one arena and resets it between them, so the steady state asks the global
//! allocator for nothing per document. The arena also keeps the reader's scratch stacks, so they
//! do not grow again on every parse.

use super::Json;
use bumpalo::Bump;
use serde_json::Number;
use std::cell::Cell;

/// The memory of parsed documents; they borrow it, so it is reset only when none is left.
#[derive(Default)]
pub struct Arena {
    bump: Bump,
    scratch: Cell<Scratch>,
    keys: Cell<KeyTable<'static>>,
}

/// The reader's stacks, empty between parses. Their element types name no lifetime of a document,
/// see [`Scratch::lend`].
#[derive(Default)]
pub(super) struct Scratch {
    pub values: Vec<Json<'static>>,
    pub members: Vec<(&'static str, Json<'static>)>,
    pub unescaped: String,
}

/// The encoded reader's key table ([`super::encoded`]): each key with the number of the last object
/// that used it, and the table's indices hashed by their keys' text. Kept empty between reads, typed
/// `'static` there as [`Scratch`] is.
#[derive(Default)]
pub(super) struct KeyTable<'a> {
    pub keys: Vec<(&'a str, u32)>,
    pub index: hashbrown::HashTable<u32>,
    pub hasher: foldhash::fast::RandomState,
}

/// The same stacks typed for one document's lifetime.
pub(super) struct Stacks<'a> {
    pub values: Vec<Json<'a>>,
    pub members: Vec<(&'a str, Json<'a>)>,
    pub unescaped: String,
}

impl Arena {
    pub fn new() -> Self {
        Self::default()
    }

    /// An arena whose first block holds `bytes`, for a caller that knows the text it will parse.
    pub fn with_capacity(bytes: usize) -> Self {
        Arena { bump: Bump::with_capacity(bytes), ..Arena::default() }
    }

    /// Forgets every document parsed into the arena, keeping its largest block for the next ones.
    pub fn reset(&mut self) {
        self.bump.reset();
    }

    /// Bytes the arena holds from the global allocator.
    pub fn allocated_bytes(&self) -> usize {
        self.bump.allocated_bytes()
    }

    pub(super) fn slice<T>(&self, items: impl ExactSizeIterator<Item = T>) -> &[T] {
        if items.len() == 0 {
            return &[];
        }
        self.bump.alloc_slice_fill_iter(items)
    }

    /// `len` copies of `value`, for a caller that then writes each element in place.
    pub(super) fn filled<T: Copy>(&self, len: usize, value: T) -> &mut [T] {
        if len == 0 {
            return &mut [];
        }
        self.bump.alloc_slice_fill_copy(len, value)
    }

    /// A copy of `items`, one block move.
    pub(super) fn copy<'a, T: Copy>(&'a self, items: &[T]) -> &'a [T] {
        if items.is_empty() {
            return &[];
        }
        self.bump.alloc_slice_copy(items)
    }

    pub(super) fn number(&self, n: Number) -> &Number {
        self.bump.alloc(n)
    }

    pub(super) fn str<'a>(&'a self, s: &str) -> &'a str {
        self.bump.alloc_str(s)
    }

    /// Takes the scratch stacks for one parse; [`Arena::give_back`] returns them.
    pub(super) fn take_stacks<'a>(&self) -> Stacks<'a> {
        let Scratch { values, members, unescaped } = self.scratch.take();
        Stacks { values: Scratch::lend(values), members: Scratch::lend(members), unescaped }
    }

    pub(super) fn give_back(&self, stacks: Stacks<'_>) {
        let Stacks { values, members, unescaped } = stacks;
        self.scratch.set(Scratch { values: Scratch::lend(values), members: Scratch::lend(members), unescaped });
    }
}

impl Arena {
    /// Takes the key table for one encoded read; [`Arena::give_back_keys`] returns it.
    pub(super) fn take_keys<'a>(&self) -> KeyTable<'a> {
        let KeyTable { keys, index, hasher } = self.keys.take();
        KeyTable { keys: Scratch::lend(keys), index, hasher }
    }

    pub(super) fn give_back_keys(&self, table: KeyTable<'_>) {
        let KeyTable { keys, mut index, hasher } = table;
        index.clear();
        self.keys.set(KeyTable { keys: Scratch::lend(keys), index, hasher });
    }
}

impl Scratch {
    /// An empty vector retyped to another lifetime, keeping its buffer: the standard library
    /// collects a mapped `into_iter` of a vector in place when the element layouts match, which they
    /// do here (only the lifetime differs). No element is ever mapped.
    fn lend<T, U>(mut v: Vec<T>) -> Vec<U> {
        v.clear();
        v.into_iter().map(|_| unreachable!("the vector was emptied")).collect()
    }
}
