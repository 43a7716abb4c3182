//! Request bodies into Subjects, through write-time normalization.

use super::Minting;
use crate::app::error::{ApiError, ErrorKind};
use crate::app::view::Schemas;
use crate::app::Scope;
use crate::domain::ids::{SubjectId, SubjectRef};
use crate::domain::schema::{Schema, SchemaRef};
use crate::domain::subject::Subject;
use crate::json::{Arena, Json, JsonObject};
use crate::normalize::{normalize_subject_body, NormalizeError, SchemaLookup, WriteContext};
use serde_json::{Map, Value};

pub fn normalize_error(e: NormalizeError) -> ApiError {
    let mut err = ApiError::new(ErrorKind::InvalidContent, e.to_string()).with("reason", e.kind.as_str());
    if let Some(p) = &e.property_name {
        err = err.with("propertyName", p.as_str());
    }
    if let Some(id) = &e.subject_id {
        err = err.with("subjectId", id.as_str());
    }
    err
}

/// A Subject from a body's `label` and `statements`, normalized against its Schema when it loads.
pub fn subject_body<H>(
    ctx: &Scope<'_, H>,
    body: &Map<String, Value>,
    schema_ref: SchemaRef,
    schema: Option<&Schema>,
    id: &SubjectId,
    minting: &mut Minting,
) -> Result<Subject, ApiError> {
    let mut wctx = WriteContext { own_source: &ctx.own_source, minter: &mut minting.minter, now_ms: minting.now_ms };
    let b =
        normalize_subject_body(&Json::Object(JsonObject::from_map(body, &Arena::new())), schema, Some(id), &mut wctx)
            .map_err(normalize_error)?;
    Ok(Subject { label: b.label, schema: schema_ref, statements: b.statements })
}

/// An item of `dependentSubjects`.
#[derive(Debug, Clone, PartialEq)]
pub struct DependentItem {
    pub id: SubjectId,
    pub subject: Subject,
}

const ITEM_KEYS: [&str; 4] = ["id", "schema", "statements", "label"];

/// The Schema references the body's `dependentSubjects` name, to load before reading the items.
pub fn dependent_schema_refs<H>(ctx: &Scope<'_, H>) -> Vec<SchemaRef> {
    items(ctx).iter().filter_map(|i| SchemaRef::from_json(i.get("schema")?, &ctx.own_source).ok()).collect()
}

fn items<'c, H>(ctx: &'c Scope<'_, H>) -> &'c [Value] {
    ctx.body.get("dependentSubjects").and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default()
}

/// Reads `dependentSubjects`; every item's Schema must be loaded (see [`dependent_schema_refs`]) and
/// must declare its Subjects dependent.
pub fn dependent_items<H>(
    ctx: &Scope<'_, H>,
    schemas: &Schemas,
    minting: &mut Minting,
) -> Result<Vec<DependentItem>, ApiError> {
    let mut out: Vec<DependentItem> = Vec::new();
    for (i, item) in items(ctx).iter().enumerate() {
        let at = |msg: &str| ApiError::body(format!("dependentSubjects[{i}]: {msg}."));
        let obj = item.as_object().ok_or_else(|| at("must be an object"))?;
        if let Some(k) = obj.keys().find(|k| !ITEM_KEYS.contains(&k.as_str())) {
            return Err(at(&format!("unknown field \"{k}\"")));
        }
        let raw_id = obj.get("id").and_then(Value::as_str).ok_or_else(|| at("needs a string \"id\""))?;
        let id = SubjectId::parse(raw_id)
            .map_err(|e| ApiError::new(ErrorKind::InvalidSubjectId, format!("dependentSubjects[{i}]: {e}.")))?;
        if out.iter().any(|d| d.id == id) {
            return Err(at(&format!("the id {id} is given twice")));
        }
        let schema_ref =
            SchemaRef::from_json(obj.get("schema").unwrap_or(&Value::Null), &ctx.own_source).map_err(|e| at(&e))?;
        let schema = schemas
            .schema(&schema_ref)
            .filter(|s| s.subjects_are_dependent)
            .ok_or_else(|| at(&format!("the Schema \"{schema_ref}\" does not declare its Subjects dependent")))?;
        let subject = subject_body(ctx, obj, schema_ref.clone(), Some(schema), &id, minting)?;
        out.push(DependentItem { id, subject });
    }
    Ok(out)
}

/// The local Subjects the relations of the body name (in `statements` and in the items of
/// `dependentSubjects`), so that their index entries are read in the same call as the edited one's.
pub fn body_relation_targets<H>(ctx: &Scope<'_, H>) -> Vec<String> {
    let statements = std::iter::once(ctx.body.get("statements")).chain(items(ctx).iter().map(|i| i.get("statements")));
    statements
        .flatten()
        .filter_map(Value::as_object)
        .flat_map(Map::values)
        .filter_map(|st| st.get("value")?.as_array())
        .flatten()
        .filter_map(|v| v.get("target")?.as_str())
        .filter_map(|t| match SubjectRef::parse(t, &ctx.own_source) {
            Ok(SubjectRef::Local(id)) => Some(id.to_string()),
            _ => None,
        })
        .collect()
}
