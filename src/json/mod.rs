//! A JSON document that borrows from the text it was parsed from.
//!
//! Content read and written on every save, validation and projection is parsed into [`Json`]
//! rather than [`serde_json::Value`]: strings without escapes are borrowed from the input and
//! objects are small vectors, so a parse allocates little and hashes nothing. Objects keep
//! `serde_json`'s `preserve_order` semantics: keys in first-seen order, a repeated key keeps its
//! first position and its last value.

mod read;
mod value;

pub use read::{ErrorKind, ParseError};

use serde_json::Number;
use std::borrow::Cow;

#[derive(Debug, Clone, PartialEq)]
pub enum Json<'a> {
    Null,
    Bool(bool),
    Number(Number),
    String(Cow<'a, str>),
    Array(Vec<Json<'a>>),
    Object(JsonObject<'a>),
}

/// Object members in order, each key once.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct JsonObject<'a>(Vec<(Cow<'a, str>, Json<'a>)>);

impl<'a> Json<'a> {
    /// Parses JSON text, borrowing its unescaped strings. Accepts what `serde_json` accepts, nesting
    /// limited as it limits it, and fails with its error kinds, messages and positions.
    pub fn parse(text: &'a str) -> Result<Self, ParseError> {
        read::parse(text)
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

    pub fn as_number(&self) -> Option<&Number> {
        match self {
            Json::Number(n) => Some(n),
            _ => None,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Json::String(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_array(&self) -> Option<&[Json<'a>]> {
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
    pub fn get(&self, key: &str) -> Option<&Json<'a>> {
        self.as_object()?.get(key)
    }
}

impl<'a> JsonObject<'a> {
    pub fn get(&self, key: &str) -> Option<&Json<'a>> {
        self.0.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    pub fn iter(&self) -> impl Iterator<Item = (&str, &Json<'a>)> {
        self.into_iter()
    }

    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.0.iter().map(|(k, _)| &**k)
    }

    pub fn values(&self) -> impl Iterator<Item = &Json<'a>> {
        self.0.iter().map(|(_, v)| v)
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Builds an object from members in order; a repeated key keeps its first position and takes
    /// the later value.
    pub fn from_members(members: Vec<(Cow<'a, str>, Json<'a>)>) -> Self {
        if !has_repeated_key(&members) {
            return JsonObject(members);
        }
        let mut positions: std::collections::HashMap<Cow<'a, str>, usize> = std::collections::HashMap::with_capacity(members.len());
        let mut out: Vec<(Cow<'a, str>, Json<'a>)> = Vec::with_capacity(members.len());
        for (k, v) in members {
            match positions.get(&k) {
                Some(&i) => out[i].1 = v,
                None => {
                    positions.insert(k.clone(), out.len());
                    out.push((k, v));
                }
            }
        }
        JsonObject(out)
    }
}

impl<'o, 'a> IntoIterator for &'o JsonObject<'a> {
    type Item = (&'o str, &'o Json<'a>);
    type IntoIter = std::iter::Map<std::slice::Iter<'o, (Cow<'a, str>, Json<'a>)>, fn(&'o (Cow<'a, str>, Json<'a>)) -> (&'o str, &'o Json<'a>)>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter().map(|(k, v)| (&**k, v))
    }
}

/// Small objects, the common case, are checked pairwise; large ones through a set, so hostile input
/// with many keys stays linear.
fn has_repeated_key(members: &[(Cow<'_, str>, Json<'_>)]) -> bool {
    const PAIRWISE_UP_TO: usize = 16;
    if members.len() <= PAIRWISE_UP_TO {
        return members.iter().enumerate().any(|(i, (k, _))| members[..i].iter().any(|(seen, _)| seen == k));
    }
    let mut seen = std::collections::HashSet::with_capacity(members.len());
    !members.iter().all(|(k, _)| seen.insert(&**k))
}

#[cfg(test)]
mod tests;
