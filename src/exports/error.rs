//! The one failure shape of every export, in both adapters: a `StrataError` with a stable `code`, an
//! English `message` and `details` where they help. wasm-bindgen throws it as a JS `Error`, the C ABI
//! answers status 1 with [`ExportError::to_json`] (`docs/architecture.md`, "Failures").

use crate::app::page_action::error::PageActionError;
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
        let reasons = errors.to_json();
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

impl ExportError {
    /// The failure as JSON: `{"name": "StrataError", code, message}`, plus `details` when there are any.
    pub fn to_json(&self) -> Value {
        let mut out = json!({"name": "StrataError", "code": self.code, "message": self.message});
        if !self.details.is_null() {
            out["details"] = self.details.clone();
        }
        out
    }
}

/// A refused page action: its code, `info` as the message, its extra fields (`violations`) as details.
impl From<PageActionError> for ExportError {
    fn from(e: PageActionError) -> Self {
        let details = if e.data.is_empty() { Value::Null } else { Value::Object(e.data) };
        ExportError { code: e.code.as_str(), message: e.info, details }
    }
}

impl fmt::Display for ExportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code, self.message)
    }
}

impl std::error::Error for ExportError {}
