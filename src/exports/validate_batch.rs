//! `BatchValidator`: many Subjects of several Schemas validated in one call (a page, an import, an
//! editor's whole form), so a host pays the boundary crossing and the answer's decoding once per batch.
//! The answer lists each item's violations by position; a malformed item is an error at its position
//! and does not stop the others.

use super::schema_names::SchemaNames;
use super::validate::{validate_with, RequestContext, Validator};
use super::{ExportError, Options};
use crate::domain::maps::FastHashMap;
use crate::domain::schema::SchemaRef;
use crate::json::{Arena, Json, Kept};
use bumpalo::Bump;
use serde_json::Value;
use std::borrow::Cow;
use std::io::Write;

/// Schemas compiled once, each Subject validated against the Schema its `schema` names.
pub struct BatchValidator {
    validators: FastHashMap<SchemaRef, Validator>,
    names: SchemaNames,
    options: Options,
    /// Where each batch's text is parsed and its Subjects normalized (the part lists of their
    /// views), emptied between batches so that the steady state allocates nothing for either.
    arenas: Kept<(Arena, Bump)>,
}

impl BatchValidator {
    /// `schemas`: an object of Schema name → Schema.
    pub fn new(schemas: &Value, options: Options) -> Result<Self, ExportError> {
        let schemas = schemas
            .as_object()
            .ok_or_else(|| ExportError::invalid_argument("schemas must be an object of Schema name to Schema"))?;
        let mut validators = FastHashMap::default();
        let mut names = SchemaNames::default();
        for (spelling, schema) in schemas {
            let name = Value::String(spelling.clone());
            let reference = SchemaRef::from_json(&name, &options.source_key)
                .map_err(|e| ExportError::invalid_argument(format!("Schema name: {e}")))?;
            names.remember(spelling, &reference);
            validators.insert(reference, Validator::new(&name, schema, options.clone())?);
        }
        Ok(BatchValidator { validators, names, options, arenas: Kept::default() })
    }

    /// `items`: `[{subject, context?}]`, each `subject` a body naming its Schema in `schema`, each
    /// `context` as [`Validator::validate`] takes it. Answers `{"violations": [...], "errors": [...]}`
    /// as JSON text: `violations[i]` is item i's list (`[]` when clean, null when the item is in error),
    /// `errors` holds `{index, code, message}` for each item that could not be validated.
    pub fn validate_json(&self, items: &str) -> Result<String, ExportError> {
        self.arenas.with(|(document, parts)| self.validate_items(super::parse_doc(items, "items", document)?, parts))
    }

    /// [`BatchValidator::validate_json`] of the items in `src/json`'s encoded form (`js/encode-json.js`
    /// writes it from JS objects), with the same answer as for their JSON text.
    pub fn validate_encoded(&self, items: &[u8]) -> Result<String, ExportError> {
        self.arenas.with(|(document, parts)| self.validate_items(super::read_encoded(items, "items", document)?, parts))
    }

    fn validate_items(&self, items: Json, parts: &Bump) -> Result<String, ExportError> {
        let items = items.as_array().ok_or_else(|| ExportError::invalid_argument("items must be an array"))?;
        let mut out = Vec::with_capacity(64 + items.len() * 4);
        let mut errors = Vec::new();
        out.extend_from_slice(b"{\"violations\":[");
        for (index, item) in items.iter().enumerate() {
            if index > 0 {
                out.push(b',');
            }
            match self.item(item, parts) {
                Ok(validated) => serde_json::to_writer(&mut out, &validated.violations)
                    .map_err(|e| ExportError::invalid_argument(e.to_string()))?,
                Err(e) => {
                    out.extend_from_slice(b"null");
                    errors.push(serde_json::json!({"index": index, "code": e.code, "message": e.message}));
                }
            }
        }
        let _ = write!(out, "],\"errors\":{}}}", Value::Array(errors));
        String::from_utf8(out).map_err(|e| ExportError::invalid_argument(e.to_string()))
    }

    fn item(&self, item: &Json, parts: &Bump) -> Result<super::Validated, ExportError> {
        let subject = item.get("subject").ok_or_else(|| ExportError::missing("item.subject"))?;
        let raw = subject.get("schema").ok_or_else(|| ExportError::missing("item.subject.schema"))?;
        // A Schema name spelled as the batch was given it (the usual case) is borrowed, not copied.
        let reference = match raw.as_str().and_then(|s| self.names.get(s)) {
            Some(remembered) => Cow::Borrowed(remembered),
            None => Cow::Owned(
                self.names
                    .read(raw, &self.options.source_key)
                    .map_err(|e| ExportError::invalid_argument(format!("item.subject.schema: {e}")))?,
            ),
        };
        let cx = RequestContext::from_json(item.get("context"), &self.options, &self.names)?;
        match self.validators.get(&*reference) {
            Some(validator) => validator.validate_in(subject, &cx, parts),
            None => validate_with(subject, &cx, reference.into_owned(), None, parts, &self.options),
        }
    }
}
