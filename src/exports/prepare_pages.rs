//! The `preparePages` export: a batch of imported pages normalized, with their index rows.

use super::normalize_content::parse_schemas;
use super::{ExportError, Options};
use crate::app::content_index;
use crate::domain::ids::IdMinter;
use crate::normalize::{self, WriteContext};
use crate::json::Json;
use serde_json::{json, Value};

/// Prepares pages for a bulk import: each `{title, content}` (title without namespace prefix, content
/// the Subject slot) is normalized as a save would, and its index rows computed by the same code as
/// a save's. Answers `{pages: [{subjectSlot, index}]}` in order; a page that does not normalize gets
/// `{error}` instead, and the others are still prepared.
pub fn prepare_pages(pages: &Json, schemas: Option<&Value>, options: &Options) -> Result<Value, ExportError> {
    let schemas = parse_schemas(schemas, options)?;
    let Json::Array(pages) = pages else { return Err(ExportError::invalid_argument("pages must be an array")) };
    let mut minter = IdMinter::new();
    let mut ctx = WriteContext { own_source: &options.source_key, minter: &mut minter, now_ms: options.now_ms };
    let prepared = pages
        .iter()
        .map(|page| {
            let (Some(title), Some(content)) = (page.get("title").and_then(Json::as_str), page.get("content")) else {
                return json!({"error": "a page needs a string \"title\" and a \"content\""});
            };
            match normalize::normalize_content(content, &schemas, &mut ctx) {
                Ok(normalized) => {
                    let index = content_index(title, &normalized, &schemas);
                    json!({"subjectSlot": normalized.to_json().to_string(), "index": index})
                }
                Err(e) => json!({"error": e.to_string()}),
            }
        })
        .collect::<Vec<_>>();
    Ok(json!({"pages": prepared}))
}
