//! `Subject`: one Subject of a page: label, Schema and Statements.

use super::schema::SchemaRef;
use super::statement::Statement;
use super::maps::FastIndexMap;
use serde_json::Value;

/// A Subject in its stored form.
#[derive(Debug, Clone, PartialEq)]
pub struct Subject {
    pub label: Option<String>,
    pub schema: SchemaRef,
    pub statements: FastIndexMap<String, Statement>,
}

impl Subject {
    /// The stored JSON form, keys in a stable order (`stored_form.rs`).
    pub fn to_json(&self) -> Value {
        serde_json::to_value(self).expect("a Subject serializes to JSON")
    }
}
