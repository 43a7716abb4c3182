//! Why a Schema is invalid: every problem with the JSON path it is about and its kind
//! ([`SchemaRefusal`], a message key with parameters), collected so a refused save lists all its
//! reasons.

use super::refusal::SchemaRefusal;
use serde_json::{json, Value};
use std::fmt;

/// One reason a Schema is invalid, with the JSON path it is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SchemaError {
    pub path: String,
    pub refusal: SchemaRefusal,
}

impl SchemaError {
    /// The reason in English.
    pub fn message(&self) -> String {
        self.refusal.english()
    }

    /// `{path, message, messageKey, params}`: an answer's reason, its English beside its message
    /// key and parameters for a host that translates it.
    pub fn to_json(&self) -> Value {
        json!({"path": self.path, "message": self.message(), "messageKey": self.refusal.key(), "params": self.refusal.params()})
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SchemaErrors(pub Vec<SchemaError>);

impl fmt::Display for SchemaErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self.0.iter().map(|e| format!("{}: {}", e.path, e.message())).collect();
        f.write_str(&parts.join("; "))
    }
}

impl std::error::Error for SchemaErrors {}

impl SchemaErrors {
    pub(crate) fn push(&mut self, path: impl Into<String>, refusal: SchemaRefusal) {
        self.0.push(SchemaError { path: path.into(), refusal });
    }

    /// Each reason as [`SchemaError::to_json`].
    pub fn to_json(&self) -> Vec<Value> {
        self.0.iter().map(SchemaError::to_json).collect()
    }
}
