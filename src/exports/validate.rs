//! The `validate` export and the `Validator` class: a Subject body checked against its Schema, with
//! the relation targets and sources the caller knows.

use super::schema_names::SchemaNames;
use super::{ExportError, Options};
use crate::domain::ids::{IdMinter, SubjectId, SubjectRef};
use crate::domain::maps::FastHashMap;
use crate::domain::schema::{Schema, SchemaRef};
use crate::domain::subject::SubjectView;
use crate::json::{Arena, Json, JsonObject, Kept};
use crate::normalize::{normalize_body_view, WriteContext};
use crate::types::ReadSchema;
use crate::validation::{validate_subject, CompiledSchema, KnownTargets, SchemaLookup, SubjectInput, Violation};
use bumpalo::Bump;
use serde::Serialize;
use serde_json::Value;
use std::collections::HashMap;

/// The ID used for a Subject that has none yet (a create being validated before its ID is minted).
const UNSAVED_SUBJECT_ID: &str = "s00000000000000";

/// What a validation answers: `{violations}`.
#[derive(Debug, Serialize)]
pub struct Validated {
    pub violations: Vec<Violation>,
}

/// A Schema compiled once and reused for many Subjects.
pub struct Validator {
    reference: SchemaRef,
    schema: Schema,
    compiled: CompiledSchema,
    options: Options,
    /// Where each call of [`Validator::validate_text`] parses its texts and normalizes its Subject,
    /// emptied between calls.
    arenas: Kept<(Arena, Bump)>,
}

impl Validator {
    /// Compiles the Schema named `name` (a Schema reference: title string or `{source, name}`).
    pub fn new(name: &Value, schema: &Value, options: Options) -> Result<Self, ExportError> {
        let reference = SchemaRef::from_json(name, &options.source_key)
            .map_err(|e| ExportError::invalid_argument(format!("Schema name: {e}")))?;
        let schema = Schema::from_json(schema, &options.source_key)
            .map_err(|e| ExportError::invalid_schema(&reference.to_string(), &e))?;
        let compiled = CompiledSchema::compile(&schema);
        Ok(Validator { reference, schema, compiled, options, arenas: Kept::default() })
    }

    /// Validates one Subject body (`{label?, schema?, statements}`) with an optional context
    /// `{subjectId?, isMain?, knownSubjects?}`. Returns `{violations}`.
    pub fn validate(&self, subject: &Json, context: Option<&Json>) -> Result<Validated, ExportError> {
        self.validate_in(
            subject,
            &RequestContext::from_json(context, &self.options, &SchemaNames::default())?,
            &Bump::new(),
        )
    }

    /// [`Validator::validate`] of the JSON texts of a Subject body and a context, parsed into the
    /// validator's kept arenas (the subject's text first, so a malformed one is the error reported).
    pub fn validate_text(&self, subject: &str, context: Option<&str>) -> Result<Validated, ExportError> {
        self.arenas.with(|(document, parts)| {
            let subject = super::parse_doc(subject, "subject", document)?;
            let context = context.map(|c| super::parse_doc(c, "context", document)).transpose()?;
            self.validate_in(
                &subject,
                &RequestContext::from_json(context.as_ref(), &self.options, &SchemaNames::default())?,
                parts,
            )
        })
    }

    /// [`Validator::validate`] with the context read, the normalized Subject's part lists in `arena`.
    pub(super) fn validate_in(
        &self,
        subject: &Json,
        cx: &RequestContext,
        arena: &Bump,
    ) -> Result<Validated, ExportError> {
        let subject = cx.subject(subject, Some(&self.schema), self.reference.clone(), arena, &self.options)?;
        let input = SubjectInput { id: &cx.id, subject: &subject, is_main: cx.is_main };
        let targets = KnownTargets { known: &cx.known, sources: &self.options.sources };
        Ok(Validated { violations: self.compiled.validate(input, &targets) })
    }
}

/// One-shot validation: `{subject, schema, subjectId?, isMain?, knownSubjects?}`. A `schema` of null
/// means the Subject's Schema does not exist, reported as `schema-not-found`.
pub fn validate(request: &Json, options: &Options) -> Result<Validated, ExportError> {
    let obj = request.as_object().ok_or_else(|| ExportError::invalid_argument("the request must be an object"))?;
    let cx = RequestContext::from_json(Some(request), options, &SchemaNames::default())?;
    let raw_subject = obj.get("subject").ok_or_else(|| ExportError::invalid_argument("request.subject is required"))?;
    let reference = raw_subject
        .get("schema")
        .ok_or_else(|| ExportError::invalid_argument("request.subject.schema is required"))
        .and_then(|r| {
            SchemaRef::read(r, &options.source_key)
                .map_err(|e| ExportError::invalid_argument(format!("request.subject.schema: {e}")))
        })?;
    let schema = match obj.get("schema") {
        None | Some(Json::Null) => None,
        Some(s) => Some(
            Schema::from_json(&s.to_value(), &options.source_key)
                .map_err(|e| ExportError::invalid_schema(&reference.to_string(), &e))?,
        ),
    };
    validate_with(raw_subject, &cx, reference, schema, &Bump::new(), options)
}

/// Validates `raw_subject` against `schema` (`None`: the Schema named by `reference` does not exist).
pub(super) fn validate_with(
    raw_subject: &Json,
    cx: &RequestContext,
    reference: SchemaRef,
    schema: Option<Schema>,
    arena: &Bump,
    options: &Options,
) -> Result<Validated, ExportError> {
    let schemas: HashMap<SchemaRef, Schema> = schema.into_iter().map(|s| (reference.clone(), s)).collect();
    let subject = cx.subject(raw_subject, schemas.get(&reference), reference, arena, options)?;
    let input = SubjectInput { id: &cx.id, subject: &subject, is_main: cx.is_main };
    let targets = KnownTargets { known: &cx.known, sources: &options.sources };
    Ok(Validated { violations: validate_subject(input, &schemas as &dyn SchemaLookup, &targets) })
}

pub(super) struct RequestContext {
    /// The caller's Subject ID, or a placeholder for a Subject not saved yet.
    id: SubjectId,
    given_id: bool,
    is_main: bool,
    known: FastHashMap<SubjectRef, SchemaRef>,
}

impl RequestContext {
    pub(super) fn from_json(v: Option<&Json>, options: &Options, names: &SchemaNames) -> Result<Self, ExportError> {
        let empty = JsonObject::default();
        let obj = match v {
            None | Some(Json::Null) => &empty,
            Some(Json::Object(o)) => o,
            Some(_) => return Err(ExportError::invalid_argument("the validation context must be an object")),
        };
        let subject_id = obj.get("subjectId");
        let given_id = !matches!(subject_id, None | Some(Json::Null));
        let id = match subject_id {
            None | Some(Json::Null) => SubjectId::parse(UNSAVED_SUBJECT_ID),
            Some(Json::String(s)) => SubjectId::parse(s),
            Some(_) => return Err(ExportError::invalid_argument("subjectId must be a string")),
        }
        .map_err(|e| ExportError::invalid_argument(e.to_string()))?;
        let is_main = match obj.get("isMain") {
            None | Some(Json::Null) => true,
            Some(Json::Bool(b)) => *b,
            Some(_) => return Err(ExportError::invalid_argument("isMain must be a boolean")),
        };
        let mut known = FastHashMap::default();
        match obj.get("knownSubjects") {
            None | Some(Json::Null) => {}
            Some(Json::Object(m)) => {
                known.reserve(m.len());
                for (id, schema) in m {
                    let target = SubjectRef::parse(id, &options.source_key)
                        .map_err(|e| ExportError::invalid_argument(format!("knownSubjects: {e}")))?;
                    let schema = names
                        .read(schema, &options.source_key)
                        .map_err(|e| ExportError::invalid_argument(format!("knownSubjects.{id}: {e}")))?;
                    known.insert(target, schema);
                }
            }
            Some(_) => {
                return Err(ExportError::invalid_argument("knownSubjects must map Subject IDs to Schema references"))
            }
        }
        Ok(RequestContext { id, given_id, is_main, known })
    }

    /// The Subject as it would be stored, normalized against its Schema as a save would, its strings
    /// borrowed from `raw` and `schema`, its part lists in `arena`.
    fn subject<'v>(
        &self,
        raw: &'v Json,
        schema: Option<&'v Schema>,
        reference: SchemaRef,
        arena: &'v Bump,
        options: &Options,
    ) -> Result<SubjectView<'v>, ExportError> {
        let mut minter = IdMinter::new();
        let mut ctx = WriteContext { own_source: &options.source_key, minter: &mut minter, now_ms: options.now_ms };
        Ok(normalize_body_view(raw, schema, self.given_id.then_some(&self.id), arena, &mut ctx)?
            .into_subject(reference))
    }
}
