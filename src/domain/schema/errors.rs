//! Why a Schema is invalid: every problem with the JSON path it is about, collected so a refused
//! save lists all its reasons.

use std::fmt;

/// One reason a Schema is invalid, with the JSON path it is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SchemaError {
    pub path: String,
    pub message: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SchemaErrors(pub Vec<SchemaError>);

impl fmt::Display for SchemaErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self.0.iter().map(|e| format!("{}: {}", e.path, e.message)).collect();
        f.write_str(&parts.join("; "))
    }
}

impl std::error::Error for SchemaErrors {}

impl SchemaErrors {
    pub(crate) fn push(&mut self, path: impl Into<String>, message: impl Into<String>) {
        self.0.push(SchemaError { path: path.into(), message: message.into() });
    }
}
