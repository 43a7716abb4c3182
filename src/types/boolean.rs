//! `boolean`: true or false; no fields of its own, and a stored boolean is never empty.

use super::{MappedLiteral, PropertyType, ValueShape};
use crate::checks::{TypeRules, ValueCheck};
use crate::domain::schema::{Fields, PropertyDefinition, PropertyKind};
use crate::domain::statement::StatementValue;
use crate::domain::statement_view::ValueView;
use crate::json::Json;
use crate::rdf_terms::values::boolean;
use crate::rdf_terms::Object;
use crate::value_forms::parts::expected;
use crate::value_forms::{NormalizeError, WriteContext};
use bumpalo::Bump;
use serde_json::{json, Map, Value};

pub struct Boolean;

impl PropertyType for Boolean {
    fn name(&self) -> &'static str {
        "boolean"
    }

    fn shape(&self) -> ValueShape {
        ValueShape::Boolean
    }

    fn fields(&self) -> &'static [&'static str] {
        &[]
    }

    fn parse(&self, f: &mut Fields) -> PropertyKind {
        if !matches!(f.get("default"), None | Some(Value::Null | Value::Bool(_))) {
            f.error(Some("default"), "a boolean default is true, false or null");
        }
        PropertyKind::Boolean
    }

    fn canonical(&self, _: &PropertyKind, _: &mut Map<String, Value>) {}

    fn normalize<'v>(
        &self,
        value: &'v Json,
        _: Option<&'v PropertyDefinition>,
        _: &'v Bump,
        _: &mut WriteContext,
    ) -> Result<ValueView<'v>, NormalizeError> {
        Ok(ValueView::Boolean(value.as_bool().ok_or_else(|| expected("boolean", "true or false"))?))
    }

    fn compile(&self, _: &PropertyKind) -> Box<dyn ValueCheck> {
        Box::new(Rules)
    }

    fn rdf_objects<'a>(&self, value: &'a StatementValue, _: &'a PropertyDefinition) -> Vec<Object<'a>> {
        match value {
            StatementValue::Boolean(b) => vec![boolean(*b)],
            _ => vec![],
        }
    }

    fn mapped_literal(&self) -> MappedLiteral {
        MappedLiteral::Datatype
    }

    fn json_schema(&self, _: &PropertyDefinition) -> Value {
        json!({"type": "boolean"})
    }
}

struct Rules;

impl TypeRules for Rules {
    type Value<'a> = bool;

    fn is_empty(_: &bool) -> bool {
        false
    }
}
