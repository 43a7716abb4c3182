//! Relation-object fields shared by reading and writing.

use crate::json::{Json, JsonObject};
use serde_json::{Map, Value};

/// Relation `properties`: an object whose values are strings, numbers or booleans.
pub(super) fn scalar_properties(v: &Json) -> Option<Map<String, Value>> {
    v.as_object().filter(|o| o.values().all(|x| matches!(x, Json::String(_) | Json::Number(_) | Json::Bool(_)))).map(JsonObject::to_map)
}

pub(super) const RELATION_KEYS: [&str; 3] = ["id", "target", "properties"];
pub(super) const MONOLINGUAL_KEYS: [&str; 2] = ["text", "language"];

/// The first key of `o` not in `allowed`.
pub(super) fn unknown_key<'a>(o: &'a JsonObject<'_>, allowed: &[&str]) -> Option<&'a str> {
    o.keys().find(|k| !allowed.contains(k))
}
