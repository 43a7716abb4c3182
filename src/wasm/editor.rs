//! The exports a browser editor needs, in both wasm-bindgen builds (the slim `web` module and the full
//! `js` one): validation, normalization, a Schema's editor fields and JSON Schema, violation texts.

use super::interop::{from_js, from_js_optional, json_text, options, parse_doc, result, text_arg, to_js_error};
use super::objects_in::encoded;
use crate::exports::{self, ExportError};
use crate::json::Arena;
use serde_json::Value;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(typescript_type = "StrataOptions")]
    pub type StrataOptions;
    #[wasm_bindgen(typescript_type = "Record<string, Schema>")]
    pub type SchemaMap;
    #[wasm_bindgen(typescript_type = "ValidationContext")]
    pub type ValidationContext;
}

pub(super) fn required(v: &JsValue, what: &str) -> Result<Value, JsValue> {
    from_js(v, what)?.ok_or_else(|| missing(what))
}

/// The JSON text of a required argument, for parsing with [`parse_doc`].
pub(super) fn required_text(v: &JsValue, what: &str) -> Result<String, JsValue> {
    json_text(v, what)?.ok_or_else(|| missing(what))
}

pub(super) fn missing(what: &str) -> JsValue {
    to_js_error(&ExportError::missing(what))
}

/// Validates one Subject against its Schema, normalizing it first as a save would.
#[wasm_bindgen(js_name = validate, unchecked_return_type = "ValidateResult")]
pub fn validate(
    #[wasm_bindgen(unchecked_param_type = "ValidateRequest")] request: JsValue,
    opts: Option<StrataOptions>,
) -> Result<JsValue, JsValue> {
    let request = required_text(&request, "request")?;
    result(exports::validate(&parse_doc(&request, "request", &Arena::new())?, &options(opts)?))
}

/// Normalizes a page's Subject slot as a save would.
#[wasm_bindgen(js_name = normalizeContent, unchecked_return_type = "PageContent")]
pub fn normalize_content(
    #[wasm_bindgen(unchecked_param_type = "PageContent")] content: JsValue,
    schemas: Option<SchemaMap>,
    opts: Option<StrataOptions>,
) -> Result<JsValue, JsValue> {
    let content = required(&content, "content")?;
    let schemas = from_js_optional(schemas, "schemas")?;
    result(exports::normalize_content(&content, schemas.as_ref(), &options(opts)?))
}

/// The stored spelling of a page title without namespace prefix; throws `invalid-title` (with
/// `details.titleError`, MediaWiki's key) for a text that cannot be a title.
#[wasm_bindgen(js_name = normalizeTitle)]
pub fn normalize_title(raw: &str) -> Result<String, JsValue> {
    exports::normalize_title(raw).map_err(|e| to_js_error(&e))
}

/// The form fields a Subject editor shows for a Schema's properties.
#[wasm_bindgen(js_name = editorFields, unchecked_return_type = "EditorField[]")]
pub fn editor_fields(
    name: &str,
    #[wasm_bindgen(unchecked_param_type = "Schema")] schema: JsValue,
    opts: Option<StrataOptions>,
) -> Result<JsValue, JsValue> {
    let schema = required(&schema, "schema")?;
    result(exports::editor_fields(name, &schema, &options(opts)?))
}

/// The English text of every message of the core by key (the renderers' words, Schema refusals, and
/// `strata-violation-<code>` per violation code), for a host's or an editor's `msg`.
#[wasm_bindgen(js_name = messageTable, unchecked_return_type = "Record<string, string>")]
pub fn message_table() -> Result<JsValue, JsValue> {
    result(Ok(exports::message_table()))
}

/// The JSON Schema (2020-12) of a Schema's Subjects, as `GET /schema/{name}/json-schema` answers it.
#[wasm_bindgen(js_name = jsonSchema)]
pub fn json_schema(
    name: &str,
    #[wasm_bindgen(unchecked_param_type = "Schema")] schema: JsValue,
    opts: Option<StrataOptions>,
) -> Result<JsValue, JsValue> {
    let schema = required(&schema, "schema")?;
    result(exports::json_schema(name, &schema, &options(opts)?))
}

/// A Schema compiled once, for validating many Subjects.
#[wasm_bindgen(js_name = Validator)]
pub struct Validator(exports::Validator);

#[wasm_bindgen(js_class = Validator)]
impl Validator {
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "SchemaReference")] name: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Schema")] schema: JsValue,
        opts: Option<StrataOptions>,
    ) -> Result<Validator, JsValue> {
        let name = required(&name, "name")?;
        let schema = required(&schema, "schema")?;
        exports::Validator::new(&name, &schema, options(opts)?).map(Validator).map_err(|e| to_js_error(&e))
    }

    /// Validates a Subject body `{label?, statements}`.
    #[wasm_bindgen(unchecked_return_type = "ValidateResult")]
    pub fn validate(
        &self,
        #[wasm_bindgen(unchecked_param_type = "SubjectBody")] subject: JsValue,
        context: Option<ValidationContext>,
    ) -> Result<JsValue, JsValue> {
        let subject = required_text(&subject, "subject")?;
        let context = context.map(|c| json_text(&c.into(), "context")).transpose()?.flatten();
        result(self.0.validate_text(&subject, context.as_deref()))
    }

    /// The same as `validate`, with JSON text in and out: the fastest path for bulk validation. The
    /// texts enter wasm memory by `encodeInto` (`text_in`), not by wasm-bindgen's copy loop.
    #[wasm_bindgen(js_name = validateJson)]
    pub fn validate_json(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] subject: JsValue,
        context: Option<js_sys::JsString>,
    ) -> Result<String, JsValue> {
        let subject = text_arg(&subject, "subject")?;
        let context = context.map(|c| text_arg(&c, "context")).transpose()?;
        let validated = self.0.validate_text(&subject, context.as_deref()).map_err(|e| to_js_error(&e))?;
        serde_json::to_string(&validated).map_err(|e| to_js_error(&ExportError::invalid_argument(e.to_string())))
    }
}

/// Schemas compiled once, for validating many Subjects of any of them in one call.
#[wasm_bindgen(js_name = BatchValidator)]
pub struct BatchValidator(exports::BatchValidator);

#[wasm_bindgen(js_class = BatchValidator)]
impl BatchValidator {
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "SchemaMap")] schemas: JsValue,
        opts: Option<StrataOptions>,
    ) -> Result<BatchValidator, JsValue> {
        let schemas = required(&schemas, "schemas")?;
        exports::BatchValidator::new(&schemas, options(opts)?).map(BatchValidator).map_err(|e| to_js_error(&e))
    }

    /// `items`: the JSON text of `[{subject, context?}]`; answers the JSON text of
    /// `{violations: [[Violation] | null], errors: [{index, code, message}]}`, one entry per item.
    #[wasm_bindgen(js_name = validateJson)]
    pub fn validate_json(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] items: JsValue,
    ) -> Result<String, JsValue> {
        let items = text_arg(&items, "items")?;
        self.0.validate_json(&items).map_err(|e| to_js_error(&e))
    }

    /// The same with JS objects in and out: the batch enters wasm in `src/json`'s encoded form
    /// (`objects_in`), or as its `JSON.stringify` text when the walker cannot write it exactly; one
    /// `JSON.parse` of the answer.
    #[wasm_bindgen(unchecked_return_type = "BatchValidateResult")]
    pub fn validate(
        &self,
        #[wasm_bindgen(unchecked_param_type = "BatchItem[]")] items: JsValue,
    ) -> Result<JsValue, JsValue> {
        let answer = match encoded(&items) {
            Some(bytes) => self.0.validate_encoded(&bytes),
            None => self.0.validate_json(&required_text(&items, "items")?),
        };
        js_sys::JSON::parse(&answer.map_err(|e| to_js_error(&e))?)
    }
}
