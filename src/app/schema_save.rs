//! The checks a Schema page passes before it is stored, shared by `PUT /schema/{name}` and the
//! platform's page edits: the format, the save rules (with whether target Schemas declare dependent
//! Subjects), and the canonical text that is stored.

use super::error::ApiError;
use super::load::{parse_schema_page, readable_schema};
use crate::app::Scope;
use crate::domain::schema::{PropertyKind, Schema, SchemaErrors, SchemaRef};
use crate::domain::title::Title;
use crate::host::{Host, PageRecord};
use crate::types::{CanonicalJson, ReadSchema};
use serde_json::Value;
use std::collections::HashMap;

pub const SCHEMA_CONTENT_MODEL: &str = "strata-schema";

/// A Schema that may be saved, and the page text that stores it.
pub struct CheckedSchema {
    pub schema: Schema,
    pub text: String,
}

/// Checks `raw` as the new content of the Schema page `title` (`page`: the stored page, if any).
/// The outer error is a host failure; the inner one lists every reason the Schema is refused.
pub async fn check_schema_save<H: Host>(
    ctx: &Scope<'_, H>,
    title: &Title,
    raw: &Value,
    page: Option<&PageRecord>,
) -> Result<Result<CheckedSchema, SchemaErrors>, ApiError> {
    let schema = match Schema::from_json(raw, &ctx.own_source) {
        Ok(s) => s,
        Err(errs) => return Ok(Err(errs)),
    };
    let stored = page.and_then(|p| parse_schema_page(ctx, p));
    let dependent = target_dependence(ctx, title, &schema).await?;
    let errs = schema.save_errors(stored.as_ref(), |r| dependent.get(r).copied());
    if !errs.0.is_empty() {
        return Ok(Err(errs));
    }
    let text = serde_json::to_string_pretty(&schema.to_json()).unwrap_or_default();
    Ok(Ok(CheckedSchema { schema, text }))
}

/// Whether each readable target Schema of the relation properties declares dependent Subjects.
/// The Schema being saved answers for itself with its new value.
async fn target_dependence<H: Host>(
    ctx: &Scope<'_, H>,
    title: &Title,
    schema: &Schema,
) -> Result<HashMap<SchemaRef, bool>, ApiError> {
    let mut out = HashMap::new();
    for def in schema.property_definitions.values() {
        let PropertyKind::Relation { target_schemas, .. } = &def.kind else { continue };
        for target in target_schemas {
            let Some(t) = target.local() else { continue };
            if out.contains_key(target) {
                continue;
            }
            let dependent = if t == title {
                Some(schema.subjects_are_dependent)
            } else {
                readable_schema(ctx, t).await?.map(|s| s.subjects_are_dependent)
            };
            if let Some(d) = dependent {
                out.insert(target.clone(), d);
            }
        }
    }
    Ok(out)
}
