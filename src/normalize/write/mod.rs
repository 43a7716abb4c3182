//! Write-time normalization: the strict path from what a client sends to the stored form.

mod value;

use crate::domain::ids::SubjectId;
use crate::domain::maps::FastIndexMap;
use crate::domain::page_content::PageContent;
use crate::domain::schema::{Schema, SchemaRef};
use crate::domain::statement::Statement;
use crate::domain::statement_view::{ArenaVec, StatementView};
use crate::domain::subject::{Subject, SubjectView};
use crate::domain::trim::trim;
use crate::json::{Json, JsonObject};
use crate::types;
use crate::value_forms::{NormalizeError, NormalizeErrorKind, SchemaLookup, WriteContext};
use bumpalo::Bump;
use indexmap::IndexMap;

/// The writable parts of a Subject body (`PUT /subject/{id}`, create bodies).
#[derive(Debug, Clone, PartialEq)]
pub struct SubjectBody {
    pub label: Option<String>,
    pub statements: FastIndexMap<String, Statement>,
}

/// Normalizes a whole page's Subject slot. Select write forms resolve through each Subject's Schema.
pub fn normalize_content(
    json: &Json,
    schemas: &dyn SchemaLookup,
    ctx: &mut WriteContext,
) -> Result<PageContent, NormalizeError> {
    let obj = json.as_object().ok_or_else(|| NormalizeError::malformed("page content must be a JSON object"))?;
    let main_subject = match obj.get("mainSubject") {
        None | Some(Json::Null) => None,
        Some(Json::String(s)) => {
            Some(SubjectId::parse(s).map_err(|e| NormalizeError::malformed(format!("mainSubject: {e}")))?)
        }
        Some(_) => return Err(NormalizeError::malformed("mainSubject must be a Subject ID or null")),
    };
    let mut content = PageContent { main_subject, subjects: IndexMap::new() };
    let subjects = match obj.get("subjects") {
        None | Some(Json::Null) => return Ok(content),
        Some(Json::Object(o)) => o,
        Some(_) => return Err(NormalizeError::malformed("subjects must be an object keyed by Subject ID")),
    };
    let arena = Bump::new();
    for (key, s) in subjects {
        let Ok(id) = SubjectId::parse(key) else { continue };
        if s.is_null() {
            continue;
        }
        let subject = normalize_subject(s, &id, schemas, &arena, ctx).map_err(|e| e.on_subject(Some(&id)))?;
        content.subjects.insert(id, subject);
    }
    Ok(content)
}

fn normalize_subject(
    v: &Json,
    id: &SubjectId,
    schemas: &dyn SchemaLookup,
    arena: &Bump,
    ctx: &mut WriteContext,
) -> Result<Subject, NormalizeError> {
    let obj = v.as_object().ok_or_else(|| NormalizeError::malformed("a Subject must be a JSON object"))?;
    let raw_schema = obj.get("schema").ok_or_else(|| NormalizeError::malformed("a Subject needs a schema"))?;
    let schema =
        SchemaRef::read(raw_schema, ctx.own_source).map_err(|e| NormalizeError::malformed(format!("schema: {e}")))?;
    let statements = normalize_statements(obj.get("statements"), schemas.schema(&schema), Some(id), arena, ctx)?;
    Ok(Subject { label: label(obj)?.map(str::to_owned), schema, statements: owned(statements) })
}

/// Normalizes a Subject body's `label` and `statements` against the Subject's Schema (if it loads).
/// `statements` is required; other keys belong to the caller and are ignored here.
pub fn normalize_subject_body(
    json: &Json,
    schema: Option<&Schema>,
    subject_id: Option<&SubjectId>,
    ctx: &mut WriteContext,
) -> Result<SubjectBody, NormalizeError> {
    normalize_body_view(json, schema, subject_id, &Bump::new(), ctx).map(BodyView::into_owned)
}

/// [`normalize_subject_body`] without copying: the label, property names and string parts borrow
/// from `json` and `schema`, the lists of parts live in `arena`.
pub fn normalize_body_view<'v>(
    json: &'v Json,
    schema: Option<&'v Schema>,
    subject_id: Option<&SubjectId>,
    arena: &'v Bump,
    ctx: &mut WriteContext,
) -> Result<BodyView<'v>, NormalizeError> {
    let run = |ctx: &mut WriteContext| {
        let obj = json.as_object().ok_or_else(|| NormalizeError::malformed("the body must be a JSON object"))?;
        let raw = obj.get("statements").ok_or_else(|| NormalizeError::malformed("statements is required"))?;
        let statements = normalize_statements(Some(raw), schema, subject_id, arena, ctx)?;
        Ok(BodyView { label: label(obj)?, statements })
    };
    run(ctx).map_err(|e: NormalizeError| e.on_subject(subject_id))
}

/// A normalized Subject body whose strings borrow from the write: what validation reads.
#[derive(Debug, Clone, PartialEq)]
pub struct BodyView<'v> {
    pub label: Option<&'v str>,
    pub statements: ArenaVec<'v, (&'v str, StatementView<'v>)>,
}

impl<'v> BodyView<'v> {
    pub fn into_owned(self) -> SubjectBody {
        SubjectBody { label: self.label.map(str::to_owned), statements: owned(self.statements) }
    }

    /// The Subject this body makes under the Schema `schema`.
    pub fn into_subject(self, schema: SchemaRef) -> SubjectView<'v> {
        SubjectView { label: self.label, schema, statements: self.statements }
    }
}

/// The stored form of normalized Statements.
fn owned(statements: ArenaVec<(&str, StatementView)>) -> FastIndexMap<String, Statement> {
    statements.into_iter().map(|(name, st)| (name.to_owned(), owned_statement(st))).collect()
}

/// The stored form of one normalized Statement: a registered type named by the registry's own text.
fn owned_statement(st: StatementView) -> Statement {
    Statement {
        property_type: types::stored_type_name(types::lookup(st.property_type), st.property_type),
        value: st.value.into_owned(),
    }
}

/// Normalizes the Statement of a single-Statement write. `propertyType` may be omitted and then
/// takes the Schema's type. `Ok(None)` means the value is empty: the Statement is to be removed.
pub fn normalize_statement(
    name: &str,
    json: &Json,
    schema: Option<&Schema>,
    subject_id: Option<&SubjectId>,
    ctx: &mut WriteContext,
) -> Result<Option<Statement>, NormalizeError> {
    let err = |e: NormalizeError| e.on_property(name).on_subject(subject_id);
    let def = schema.and_then(|s| s.property(name)).ok_or_else(|| {
        err(NormalizeError::new(NormalizeErrorKind::UndefinedProperty, "the Schema does not define this property"))
    })?;
    let obj = json.as_object().ok_or_else(|| err(NormalizeError::shape("a Statement must be a JSON object")))?;
    let property_type = match obj.get("propertyType") {
        None | Some(Json::Null) => def.type_name.as_str(),
        Some(Json::String(t)) => t,
        Some(_) => return Err(err(NormalizeError::shape("propertyType must be a string"))),
    };
    let value = obj.get("value").unwrap_or(&Json::Null);
    Ok(value::normalize_value(property_type, value, Some(def), &Bump::new(), ctx).map_err(err)?.map(owned_statement))
}

/// Each Statement normalized, in written order; a JSON object holds each name once.
fn normalize_statements<'v>(
    v: Option<&'v Json>,
    schema: Option<&'v Schema>,
    subject_id: Option<&SubjectId>,
    arena: &'v Bump,
    ctx: &mut WriteContext,
) -> Result<ArenaVec<'v, (&'v str, StatementView<'v>)>, NormalizeError> {
    let entries: &JsonObject = match v {
        None | Some(Json::Null) => return Ok(ArenaVec::new_in(arena)),
        Some(Json::Object(o)) => o,
        Some(_) => return Err(NormalizeError::malformed("statements must be an object keyed by property name")),
    };
    let mut out = ArenaVec::with_capacity_in(entries.len(), arena);
    let mut next = 0;
    for (name, st) in entries {
        let err = |e: NormalizeError| e.on_property(name).on_subject(subject_id);
        let obj = match st {
            Json::Null => continue,
            Json::Object(o) => o,
            _ => return Err(err(NormalizeError::shape("a Statement must be a JSON object"))),
        };
        let property_type = match obj.get("propertyType") {
            None | Some(Json::Null) => continue,
            Some(Json::String(t)) => t,
            Some(_) => return Err(err(NormalizeError::shape("propertyType must be a string"))),
        };
        let def = schema.and_then(|s| s.property_in_order(&mut next, name));
        if let Some(statement) =
            value::normalize_value(property_type, obj.get("value").unwrap_or(&Json::Null), def, arena, ctx)
                .map_err(err)?
        {
            out.push((name, statement));
        }
    }
    Ok(out)
}

/// A label is trimmed; a blank or absent label is no label.
fn label<'v>(obj: &'v JsonObject) -> Result<Option<&'v str>, NormalizeError> {
    match obj.get("label") {
        None | Some(Json::Null) => Ok(None),
        Some(Json::String(s)) => Ok(Some(trim(s)).filter(|s| !s.is_empty())),
        Some(_) => Err(NormalizeError::malformed("label must be a string")),
    }
}
