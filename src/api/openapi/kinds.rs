//! The JSON Schema of each declared parameter and body field kind (`routes::Kind`), with the formats
//! and bounds the handlers apply: ID and title patterns from the domain rules, integer ranges, enums.

use super::builders::reference;
use crate::api::context::describe;
use crate::api::routes::Kind;
use crate::domain::ids::{SourceKey, SubjectId, SubjectRef};
use crate::domain::title;
use serde_json::{json, Value};

/// What a kind's schema may depend on: the wiki's own source key (a Subject ID may carry it).
pub struct Formats {
    subject_ref: String,
}

impl Formats {
    pub fn new(own: &SourceKey) -> Self {
        Formats { subject_ref: SubjectRef::pattern(own) }
    }

    pub fn title(&self) -> Value {
        json!({"type": "string", "pattern": title::PATTERN})
    }

    /// A Subject ID of this wiki, bare.
    pub fn subject_id(&self) -> Value {
        json!({"type": "string", "pattern": SubjectId::PATTERN})
    }

    /// A Subject ID, bare or with a source key.
    pub fn subject_ref(&self) -> Value {
        json!({"type": "string", "pattern": self.subject_ref})
    }

    /// A Schema reference: a name, or a `{source, name}` object.
    pub fn schema_ref(&self) -> Value {
        json!({"oneOf": [self.title(), {
            "type": "object",
            "additionalProperties": false,
            "required": ["source", "name"],
            "properties": {"source": {"type": "string", "pattern": SourceKey::PATTERN}, "name": self.title()},
        }]})
    }

    /// The schema of a query parameter (`in_query`: as text) or body field of `kind`.
    pub fn schema(&self, kind: Kind, in_query: bool) -> Value {
        match kind {
            Kind::String => json!({"type": "string"}),
            Kind::NullableString => json!({"type": "string", "nullable": true}),
            Kind::Integer => json!({"type": "integer", "minimum": i64::MIN, "maximum": i64::MAX}),
            Kind::Range(min, max) => json!({"type": "integer", "minimum": min, "maximum": max}),
            Kind::Boolean => json!({"type": "boolean"}),
            Kind::Flag if in_query => json!({"type": "string", "enum": ["1", "0", "true", "false"]}),
            Kind::Flag => json!({"type": "boolean"}),
            Kind::Object => json!({"type": "object"}),
            Kind::SchemaBody => json!({"allOf": [reference("Schema")]}),
            Kind::Statement => statement(),
            Kind::Statements => {
                json!({"type": "object", "additionalProperties": {"nullable": true, "allOf": [statement()]}})
            }
            Kind::Array => json!({"type": "array", "items": {}}),
            Kind::StringArray => json!({"type": "array", "items": {"type": "string"}}),
            Kind::Title => self.title(),
            Kind::TitleOrBlank => json!({"anyOf": [self.title(), {"type": "string", "pattern": "^\\s*$"}]}),
            Kind::SubjectId => self.subject_id(),
            Kind::SubjectRef => self.subject_ref(),
            Kind::Ignored => json!({}),
            Kind::Query => json!({"type": "string", "pattern": "\\S", "description": "not blank (400 emptyQuery)"}),
            Kind::Dependents => json!({"type": "array", "items": {
                "type": "object",
                "additionalProperties": false,
                "required": ["id", "schema", "statements"],
                "properties": {
                    "id": self.subject_id(),
                    "schema": self.schema_ref(),
                    "statements": self.schema(Kind::Statements, false),
                    "label": {"type": "string", "nullable": true},
                },
            }}),
            Kind::NullableSubjectId => {
                let mut schema = self.subject_id();
                schema["nullable"] = true.into();
                schema
            }
            Kind::SubjectIds => json!({"type": "array", "items": self.subject_id()}),
            Kind::SchemaRef => {
                let mut schema = self.schema_ref();
                schema["description"] = describe(kind).into();
                schema
            }
            Kind::OneOf(values) => json!({"type": "string", "enum": values}),
            Kind::PipeList(values) => {
                let value = format!("(?:{})", values.join("|"));
                json!({
                    "type": "string",
                    "pattern": format!("^{value}?(?:\\|{value}?)*$"),
                    "description": format!("pipe-separated: {}", values.join(", ")),
                })
            }
        }
    }
}

/// A Statement as written: the value's shape depends on its type, which write-time normalization
/// checks; `propertyType` may be omitted where the Schema gives it.
fn statement() -> Value {
    json!({"type": "object", "properties": {"propertyType": {"type": "string", "nullable": true}, "value": {}}})
}
