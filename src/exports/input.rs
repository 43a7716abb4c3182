//! Reading the JSON text (or encoded JS objects) a caller hands to an export, the same way in both wasm adapters: malformed
//! or missing input is an `invalid-argument` error naming the argument.

use super::ExportError;
use crate::json::{Arena, Json};
use serde_json::Value;

/// Parses JSON text handed across the boundary.
pub fn parse_json(text: &str, what: &str) -> Result<Value, ExportError> {
    serde_json::from_str(text).map_err(|e| malformed(what, &e))
}

/// Parses JSON text handed across the boundary into the type the export reads.
pub fn parse_json_as<T: serde::de::DeserializeOwned>(text: &str, what: &str) -> Result<T, ExportError> {
    serde_json::from_str(text).map_err(|e| malformed(what, &e))
}

/// [`parse_json`] into a document that borrows from `text`, for content parsed on hot paths.
/// The document lives in `arena`.
pub fn parse_doc<'a>(text: &'a str, what: &str, arena: &'a Arena) -> Result<Json<'a>, ExportError> {
    Json::parse(text, arena).map_err(|e| malformed(what, &e))
}

/// A document in `src/json`'s encoded form (JS objects written by `js/encode-json.js`), living in
/// `arena`; a malformed buffer is `invalid-argument` as malformed text is.
pub fn read_encoded<'a>(bytes: &'a [u8], what: &str, arena: &'a Arena) -> Result<Json<'a>, ExportError> {
    Json::read_encoded(bytes, arena).map_err(|e| malformed(what, &e))
}

/// The value of an argument the caller must give.
pub fn required<T>(v: Option<T>, what: &str) -> Result<T, ExportError> {
    v.ok_or_else(|| ExportError::missing(what))
}

fn malformed(what: &str, e: &dyn std::fmt::Display) -> ExportError {
    ExportError::invalid_argument(format!("{what}: {e}"))
}
