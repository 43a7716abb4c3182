//! Conversions between JavaScript values and JSON for the wasm-bindgen exports.

use super::text_in::string_arg;
use crate::exports::{self, ExportError, Options};
use crate::json::{Arena, Json};
use serde::Serialize;
use serde_json::Value;
use wasm_bindgen::prelude::*;

/// Reads a JS value as JSON. Going through `JSON.stringify` and serde_json (rather than walking the
/// object graph) bounds the nesting depth, so hostile input is an error instead of a stack overflow.
pub fn from_js(v: &JsValue, what: &str) -> Result<Option<Value>, JsValue> {
    json_text(v, what)?.map(|text| parse_json(&text, what)).transpose()
}

/// The JSON text of a JS value; `None` for `undefined` and `null`.
pub fn json_text(v: &JsValue, what: &str) -> Result<Option<String>, JsValue> {
    if v.is_undefined() || v.is_null() {
        return Ok(None);
    }
    let text = js_sys::JSON::stringify(v)
        .map_err(|_| to_js_error(&ExportError::invalid_argument(format!("{what} cannot be converted to JSON"))))?;
    // `JSON.stringify` answers undefined (not a string) for a function or a symbol.
    Ok(Some(string_arg(&text).unwrap_or_default()))
}

/// [`from_js`] for an optional argument.
pub fn from_js_optional(v: Option<impl Into<JsValue>>, what: &str) -> Result<Option<Value>, JsValue> {
    match v {
        Some(v) => from_js(&v.into(), what),
        None => Ok(None),
    }
}

/// Parses JSON text handed across the boundary; malformed text is an `invalid-argument` error.
pub fn parse_json(text: &str, what: &str) -> Result<Value, JsValue> {
    exports::parse_json(text, what).map_err(|e| to_js_error(&e))
}

/// [`parse_json`] into a document that borrows from `text` and lives in `arena`, for content parsed
/// on hot paths.
pub fn parse_doc<'a>(text: &'a str, what: &str, arena: &'a Arena) -> Result<Json<'a>, JsValue> {
    exports::parse_doc(text, what, arena).map_err(|e| to_js_error(&e))
}

pub fn to_js<T: Serialize + ?Sized>(v: &T) -> Result<JsValue, JsValue> {
    v.serialize(&serde_wasm_bindgen::Serializer::json_compatible()).map_err(JsValue::from)
}

pub fn options(v: Option<impl Into<JsValue>>) -> Result<Options, JsValue> {
    let now_ms = js_sys::Date::now().max(0.0) as u64;
    Options::from_json(from_js_optional(v, "options")?.as_ref(), now_ms).map_err(|e| to_js_error(&e))
}

/// The failure as a JS `Error` with the fields of [`ExportError::to_json`] (`name`, `code`,
/// `message`, `details`), so callers can branch on `err.code`.
pub fn to_js_error(e: &ExportError) -> JsValue {
    let err = js_sys::Error::new(&e.message);
    if let serde_json::Value::Object(fields) = e.to_json() {
        for (key, value) in fields.iter().filter(|(k, _)| k.as_str() != "message") {
            if let Ok(value) = to_js(value) {
                let _ = js_sys::Reflect::set(&err, &key.as_str().into(), &value);
            }
        }
    }
    err.into()
}

pub fn result<T: Serialize>(r: Result<T, ExportError>) -> Result<JsValue, JsValue> {
    r.map_err(|e| to_js_error(&e)).and_then(|v| to_js(&v))
}

/// The text of an argument that must be JSON text; `invalid-argument` for any other value.
pub fn text_arg(v: &JsValue, what: &str) -> Result<String, JsValue> {
    string_arg(v).ok_or_else(|| to_js_error(&ExportError::invalid_argument(format!("{what} must be JSON text"))))
}
