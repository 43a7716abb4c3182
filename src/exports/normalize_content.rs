//! The `normalizeContent` export: write-time normalization of a page's Subject slot against its
//! Schemas.

use super::{ExportError, Options};
use crate::domain::ids::IdMinter;
use crate::domain::schema::{Schema, SchemaRef};
use crate::json::{Arena, Json};
use crate::normalize::{self, WriteContext};
use crate::types::ReadSchema;
use serde_json::Value;
use std::collections::HashMap;

/// Normalizes a page's Subject slot as a save would. `schemas` maps Schema names to Schema JSON; a
/// Subject whose Schema is not given is normalized without select-label resolution.
pub fn normalize_content(content: &Value, schemas: Option<&Value>, options: &Options) -> Result<Value, ExportError> {
    let parsed = parse_schemas(schemas, options)?;
    let mut minter = IdMinter::new();
    let mut ctx = WriteContext { own_source: &options.source_key, minter: &mut minter, now_ms: options.now_ms };
    Ok(normalize::normalize_content(&Json::from_value(content, &Arena::new()), &parsed, &mut ctx)?.to_json())
}

/// The `schemas` argument of the exports: Schema names to Schema JSON.
pub fn parse_schemas(schemas: Option<&Value>, options: &Options) -> Result<HashMap<SchemaRef, Schema>, ExportError> {
    let mut parsed: HashMap<SchemaRef, Schema> = HashMap::new();
    match schemas {
        None | Some(Value::Null) => {}
        Some(Value::Object(m)) => {
            for (name, json) in m {
                let reference = SchemaRef::from_json(&Value::String(name.clone()), &options.source_key)
                    .map_err(|e| ExportError::invalid_argument(format!("schemas: {e}")))?;
                let schema =
                    Schema::from_json(json, &options.source_key).map_err(|e| ExportError::invalid_schema(name, &e))?;
                parsed.insert(reference, schema);
            }
        }
        Some(_) => return Err(ExportError::invalid_argument("schemas must map Schema names to Schemas")),
    }
    Ok(parsed)
}
