//! Relation properties: the named scalar values a relation carries beside its target (a role, a
//! share, a start year), in the order written.
//!
//! A write accepts only strings, numbers and booleans ([`RelationProperties::all_written`] refuses
//! any other value). A stored value of another kind is kept as read and written back verbatim
//! ([`RelationProperties::stored`]); projections skip it.

use crate::json::{Arena, Json, JsonObject};
use serde_json::{Map, Number, Value};

/// One relation-property value.
#[derive(Debug, Clone, PartialEq)]
pub enum RelationPropertyValue {
    String(String),
    Number(Number),
    Boolean(bool),
    /// A stored value that is not a scalar, kept as read.
    Kept(Value),
}

/// A relation's properties, each name once, in the order written; empty when there are none.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct RelationProperties(Vec<(String, RelationPropertyValue)>);

impl RelationPropertyValue {
    fn scalar_kind(v: &Json) -> bool {
        matches!(v, Json::String(_) | Json::Number(_) | Json::Bool(_))
    }

    /// The scalar a write accepts, or `None` for any other JSON value.
    fn scalar(v: &Json) -> Option<Self> {
        match v {
            Json::String(s) => Some(RelationPropertyValue::String(s.to_string())),
            Json::Number(n) => Some(RelationPropertyValue::Number((*n).clone())),
            Json::Bool(b) => Some(RelationPropertyValue::Boolean(*b)),
            _ => None,
        }
    }

    /// The stored JSON form (`stored_form.rs`).
    pub fn to_json(&self) -> Value {
        serde_json::to_value(self).expect("a relation-property value serializes to JSON")
    }
}

impl RelationProperties {
    /// Whether a write's object holds only strings, numbers and booleans, the values a write may give.
    pub fn all_written(o: &JsonObject) -> bool {
        o.values().all(|v| RelationPropertyValue::scalar_kind(v))
    }

    /// The properties as stored: scalars as such, any other value kept as read.
    pub fn stored(o: &JsonObject) -> Self {
        RelationProperties(
            o.iter()
                .map(|(k, v)| {
                    (
                        k.to_owned(),
                        RelationPropertyValue::scalar(v).unwrap_or_else(|| RelationPropertyValue::Kept(v.to_value())),
                    )
                })
                .collect(),
        )
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn iter(&self) -> impl Iterator<Item = (&str, &RelationPropertyValue)> {
        self.0.iter().map(|(k, v)| (k.as_str(), v))
    }

    /// The stored JSON form: an object in the written order.
    pub fn to_json(&self) -> Map<String, Value> {
        self.0.iter().map(|(k, v)| (k.clone(), v.to_json())).collect()
    }
}

impl From<&Map<String, Value>> for RelationProperties {
    /// Properties held as a JSON object (tests, generated data): read as stored content is.
    fn from(o: &Map<String, Value>) -> Self {
        RelationProperties::stored(&JsonObject::from_map(o, &Arena::new()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_write_takes_only_scalars_and_storage_keeps_the_rest() {
        let cases = [
            (json!({}), Some(json!({})), json!({})),
            (
                json!({"role": "editor", "share": 0.5, "active": true}),
                Some(json!({"role": "editor", "share": 0.5, "active": true})),
                json!({"role": "editor", "share": 0.5, "active": true}),
            ),
            (json!({"b": 1, "a": 2}), Some(json!({"b": 1, "a": 2})), json!({"b": 1, "a": 2})),
            (json!({"role": "editor", "tags": ["x"]}), None, json!({"role": "editor", "tags": ["x"]})),
            (json!({"note": null}), None, json!({"note": null})),
            (json!({"o": {"k": 1}}), None, json!({"o": {"k": 1}})),
        ];
        for (given, written, stored) in cases {
            let arena = Arena::new();
            let o = Json::from_value(&given, &arena);
            let o = o.as_object().unwrap();
            let accepted =
                RelationProperties::all_written(o).then(|| Value::Object(RelationProperties::stored(o).to_json()));
            assert_eq!(accepted, written, "written {given}");
            assert_eq!(Value::Object(RelationProperties::stored(o).to_json()), stored, "stored {given}");
        }
    }

    #[test]
    fn the_written_order_is_kept() {
        let given = json!({"z": 1, "a": "x", "m": false});
        let arena = Arena::new();
        let o = Json::from_value(&given, &arena);
        let p = RelationProperties::stored(o.as_object().unwrap());
        assert_eq!(p.iter().map(|(k, _)| k).collect::<Vec<_>>(), ["z", "a", "m"]);
        assert_eq!(serde_json::to_string(&p.to_json()).unwrap(), r#"{"z":1,"a":"x","m":false}"#);
    }

    #[test]
    fn kept_values_are_not_scalars() {
        let p = RelationProperties::from(json!({"s": "x", "l": [1]}).as_object().unwrap());
        let kinds: Vec<_> = p.iter().map(|(k, v)| (k, matches!(v, RelationPropertyValue::Kept(_)))).collect();
        assert_eq!(kinds, [("s", false), ("l", true)]);
    }
}
