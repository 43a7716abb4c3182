//! A JSON document that borrows from the text it was parsed from and from an [`Arena`].
//!
//! Content read and written on every save, validation and projection is parsed into [`Json`]
//! rather than [`serde_json::Value`]: strings without escapes are borrowed from the input, escaped
//! ones and numbers are put in the arena, and each array and object is one slice in the arena, so a
//! parse makes no heap allocation per node, hashes nothing, and dropping a document costs nothing. Objects
//! keep `serde_json`'s `preserve_order` semantics: keys in first-seen order, a repeated key keeps its
//! first position and its last value.

mod arena;
mod encoded;
mod kept;
mod read;
mod value;

pub use arena::Arena;
pub use encoded::EncodedError;
pub use kept::{Kept, Reusable};
pub use read::{ErrorKind, ParseError};

use serde_json::Number;

/// A node of a document: `Copy`, since every part of it is borrowed (a number too, from the arena or
/// the `Value` it was read from), so containers are copied into the arena as plain memory.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Json<'a> {
    Null,
    Bool(bool),
    Number(&'a Number),
    String(&'a str),
    Array(&'a [Json<'a>]),
    Object(JsonObject<'a>),
}

/// Object members in order, each key once.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct JsonObject<'a>(&'a [(&'a str, Json<'a>)]);

impl<'a> Json<'a> {
    /// Parses JSON text into `arena`, borrowing the text's unescaped strings. Accepts what
    /// `serde_json` accepts, nesting limited as it limits it, and fails with its error kinds,
    /// messages and positions.
    pub fn parse(text: &'a str, arena: &'a Arena) -> Result<Self, ParseError> {
        read::parse(text, arena)
    }

    pub fn is_null(&self) -> bool {
        matches!(self, Json::Null)
    }

    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Json::Bool(b) => Some(*b),
            _ => None,
        }
    }

    pub fn as_number(&self) -> Option<&'a Number> {
        match self {
            Json::Number(n) => Some(n),
            _ => None,
        }
    }

    pub fn as_str(&self) -> Option<&'a str> {
        match self {
            Json::String(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_array(&self) -> Option<&'a [Json<'a>]> {
        match self {
            Json::Array(a) => Some(a),
            _ => None,
        }
    }

    pub fn as_object(&self) -> Option<&JsonObject<'a>> {
        match self {
            Json::Object(o) => Some(o),
            _ => None,
        }
    }

    /// The member `key` of an object; `None` for a missing key or a value that is not an object.
    pub fn get(&self, key: &str) -> Option<&'a Json<'a>> {
        self.as_object()?.get(key)
    }
}

impl<'a> JsonObject<'a> {
    pub fn get(&self, key: &str) -> Option<&'a Json<'a>> {
        self.0.iter().find(|(k, _)| *k == key).map(|(_, v)| v)
    }

    pub fn iter(&self) -> impl Iterator<Item = (&'a str, &'a Json<'a>)> {
        self.into_iter()
    }

    pub fn keys(&self) -> impl Iterator<Item = &'a str> {
        self.0.iter().map(|(k, _)| *k)
    }

    pub fn values(&self) -> impl Iterator<Item = &'a Json<'a>> {
        self.0.iter().map(|(_, v)| v)
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl<'a> IntoIterator for &JsonObject<'a> {
    type Item = (&'a str, &'a Json<'a>);
    type IntoIter = std::iter::Map<
        std::slice::Iter<'a, (&'a str, Json<'a>)>,
        fn(&'a (&'a str, Json<'a>)) -> (&'a str, &'a Json<'a>),
    >;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter().map(|(k, v)| (*k, v))
    }
}

#[cfg(test)]
mod tests;
