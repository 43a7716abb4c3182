use crate::domain::schema::SchemaErrors;
use crate::normalize::NormalizeError;
use serde_json::{json, Value};
use std::fmt;

/// A refused export call: a stable `code`, an English `message`, and details where they help.
#[derive(Debug, Clone, PartialEq)]
pub struct ExportError {
    pub code: &'static str,
    pub message: String,
    pub details: Value,
}

impl ExportError {
    pub fn invalid_argument(message: impl Into<String>) -> Self {
        ExportError { code: "invalid-argument", message: message.into(), details: Value::Null }
    }

    /// A required argument the caller left out.
    pub fn missing(what: &str) -> Self {
        Self::invalid_argument(format!("{what} is required"))
    }

    pub fn invalid_schema(name: &str, errors: &SchemaErrors) -> Self {
        let reasons: Vec<Value> = errors.0.iter().map(|e| json!({"path": e.path, "message": e.message})).collect();
        ExportError {
            code: "invalid-schema",
            message: format!("Schema \"{name}\" is invalid: {errors}"),
            details: json!({"schema": name, "reasons": reasons}),
        }
    }
}

impl From<NormalizeError> for ExportError {
    fn from(e: NormalizeError) -> Self {
        ExportError {
            code: e.kind.as_str(),
            message: e.to_string(),
            details: json!({"subjectId": e.subject_id.as_ref().map(|i| i.as_str()), "propertyName": e.property_name}),
        }
    }
}

impl fmt::Display for ExportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code, self.message)
    }
}

impl std::error::Error for ExportError {}
