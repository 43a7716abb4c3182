//! Relation-object fields shared by reading and writing.

use serde_json::{Map, Value};

/// Relation `properties`: an object whose values are strings, numbers or booleans.
pub(super) fn scalar_properties(v: &Value) -> Option<&Map<String, Value>> {
    v.as_object().filter(|o| o.values().all(|x| matches!(x, Value::String(_) | Value::Number(_) | Value::Bool(_))))
}

pub(super) const RELATION_KEYS: [&str; 3] = ["id", "target", "properties"];
pub(super) const MONOLINGUAL_KEYS: [&str; 2] = ["text", "language"];

/// The first key of `o` not in `allowed`.
pub(super) fn unknown_key<'a>(o: &'a Map<String, Value>, allowed: &[&str]) -> Option<&'a str> {
    o.keys().map(String::as_str).find(|k| !allowed.contains(k))
}
