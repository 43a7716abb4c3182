//! Relation-object fields shared by reading and writing.

use crate::json::JsonObject;

pub(crate) const RELATION_KEYS: [&str; 3] = ["id", "target", "properties"];
pub(crate) const MONOLINGUAL_KEYS: [&str; 2] = ["text", "language"];

/// The first key of `o` not in `allowed`.
pub(crate) fn unknown_key<'a>(o: &'a JsonObject<'_>, allowed: &[&str]) -> Option<&'a str> {
    o.keys().find(|k| !allowed.contains(k))
}
