//! The `preparePages` export: a batch of imported pages normalized, with their index rows.

use super::normalize_content::parse_schemas;
use super::{ExportError, Options};
use crate::app::content_index;
use crate::domain::ids::IdMinter;
use crate::domain::schema::SchemaRef;
use crate::host::IndexRows;
use crate::json::Json;
use crate::normalize::{self, WriteContext};
use serde::Serialize;
use serde_json::Value;
use std::collections::BTreeSet;

/// One page of the answer. The answer is written as text in one pass: the Subject slot is
/// serialized once (into `subjectSlot`, which the host stores as it is) and no part of the answer
/// is built as a `serde_json::Value` tree first; building and serializing those trees took half of
/// an import's time in the core.
#[derive(Serialize)]
#[serde(untagged)]
enum Prepared {
    #[serde(rename_all = "camelCase")]
    Page {
        subject_slot: String,
        index: IndexRows,
    },
    Failed {
        error: String,
    },
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Answer {
    pages: Vec<Prepared>,
    /// This wiki's Schemas the prepared pages' Subjects name that were not among `schemas`, by
    /// title: the pages were prepared without them, so a host commits them only while those
    /// Schemas are still absent (a save's `validatedAgainst` names absent Schemas so).
    #[serde(skip_serializing_if = "BTreeSet::is_empty")]
    absent_schemas: BTreeSet<String>,
}

/// Prepares pages for a bulk import: each `{title, content}` (title without namespace prefix, content
/// the Subject slot) is normalized as a save would, and its index rows computed by the same code as
/// a save's. Answers the JSON text `{pages: [{subjectSlot, index}], absentSchemas?}` in order; a page
/// that does not normalize gets `{error}` instead, and the others are still prepared.
pub fn prepare_pages(pages: &Json, schemas: Option<&Value>, options: &Options) -> Result<String, ExportError> {
    let schemas = parse_schemas(schemas, options)?;
    let Json::Array(pages) = pages else { return Err(ExportError::invalid_argument("pages must be an array")) };
    let mut minter = IdMinter::new();
    let mut ctx = WriteContext { own_source: &options.source_key, minter: &mut minter, now_ms: options.now_ms };
    let mut absent_schemas = BTreeSet::new();
    let pages = pages
        .iter()
        .map(|page| {
            let (Some(title), Some(content)) = (page.get("title").and_then(Json::as_str), page.get("content")) else {
                return Prepared::Failed { error: "a page needs a string \"title\" and a \"content\"".into() };
            };
            match normalize::normalize_content(content, &schemas, &mut ctx) {
                Ok(normalized) => {
                    absent_schemas.extend(normalized.subjects.values().filter_map(|subject| match &subject.schema {
                        SchemaRef::Local(name) if !schemas.contains_key(&subject.schema) => {
                            Some(name.as_str().to_owned())
                        }
                        _ => None,
                    }));
                    let index = content_index(title, &normalized, &schemas);
                    let subject_slot = serde_json::to_string(&normalized).expect("page content serializes to JSON");
                    Prepared::Page { subject_slot, index }
                }
                Err(e) => Prepared::Failed { error: e.to_string() },
            }
        })
        .collect();
    Ok(serde_json::to_string(&Answer { pages, absent_schemas }).expect("prepared pages serialize to JSON"))
}
