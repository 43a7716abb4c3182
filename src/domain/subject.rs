//! `Subject`: one Subject of a page: label, Schema and Statements.

use super::schema::SchemaRef;
use super::statement::Statement;
use super::maps::FastIndexMap;
use serde_json::{Map, Value};

/// A Subject in its stored form.
#[derive(Debug, Clone, PartialEq)]
pub struct Subject {
    pub label: Option<String>,
    pub schema: SchemaRef,
    pub statements: FastIndexMap<String, Statement>,
}

impl Subject {
    /// The stored JSON form, keys in a stable order.
    pub fn to_json(&self) -> Value {
        let mut o = Map::new();
        if let Some(l) = &self.label {
            o.insert("label".into(), l.clone().into());
        }
        o.insert("schema".into(), self.schema.to_json());
        let st: Map<String, Value> = self.statements.iter().map(|(k, s)| (k.clone(), s.to_json())).collect();
        o.insert("statements".into(), Value::Object(st));
        Value::Object(o)
    }
}
