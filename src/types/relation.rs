//! `relation`: typed links to other Subjects, each with its own relation ID and scalar properties.
//! The RDF projections emit relations themselves (a direct and a reified layer); the graph makes
//! them edges.

use super::json_schema::array;
use super::{MappedLiteral, Mismatched, PropertyType, ValueShape};
use crate::checks::codes::Code;
use crate::checks::relation::{resolve_source, target_arg};
use crate::checks::TargetLookup;
use crate::checks::{check_single, single_only, CheckContext, TypeRules, ValueCheck};
use crate::domain::maps::FastHashSet;
use crate::domain::schema::{put_multiple, Constraint, Fields, PropertyDefinition, PropertyKind, SchemaRef, Severity};
use crate::domain::statement::StatementValue;
use crate::domain::statement_view::{RelationView, ValueView};
use crate::json::Json;
use crate::rdf_terms::Object;
use crate::value_forms::parts::{owned_parts, relation};
use crate::value_forms::{NormalizeError, WriteContext};
use bumpalo::Bump;
use serde_json::{json, Map, Value};

pub struct Relation;

impl PropertyType for Relation {
    fn name(&self) -> &'static str {
        "relation"
    }

    fn shape(&self) -> ValueShape {
        ValueShape::Relations
    }

    fn checks_multiple(&self) -> bool {
        true
    }

    fn fields(&self) -> &'static [&'static str] {
        &["targetSchemas", "targetSchema", "relation", "multiple"]
    }

    fn parse(&self, f: &mut Fields) -> PropertyKind {
        PropertyKind::Relation {
            target_schemas: f.target_schemas(),
            relation: f.relation_name(),
            multiple: f.multiple(),
        }
    }

    fn canonical(&self, kind: &PropertyKind, out: &mut Map<String, Value>) {
        let PropertyKind::Relation { target_schemas, relation, multiple } = kind else { return };
        if let Some(r) = relation {
            out.insert("relation".into(), r.clone().into());
        }
        out.insert("targetSchemas".into(), target_schemas.iter().map(|t| t.to_json()).collect());
        put_multiple(out, multiple);
    }

    fn normalize<'v>(
        &self,
        value: &'v Json,
        _: Option<&'v PropertyDefinition>,
        arena: &'v Bump,
        ctx: &mut WriteContext,
    ) -> Result<ValueView<'v>, NormalizeError> {
        Ok(ValueView::Relations(owned_parts(self.name(), value, arena, |p| relation(p, ctx))?))
    }

    fn compile(&self, kind: &PropertyKind) -> Box<dyn ValueCheck> {
        match kind {
            PropertyKind::Relation { target_schemas, multiple, .. } => {
                Box::new(Rules::compile(target_schemas, multiple))
            }
            _ => Box::new(Mismatched),
        }
    }

    fn rdf_objects<'a>(&self, _: &'a StatementValue, _: &'a PropertyDefinition) -> Vec<Object<'a>> {
        vec![]
    }

    fn mapped_literal(&self) -> MappedLiteral {
        MappedLiteral::Fixed
    }

    fn json_schema(&self, def: &PropertyDefinition) -> Value {
        let PropertyKind::Relation { multiple, .. } = &def.kind else { return json!({}) };
        array(
            json!({
                "type": "object",
                "required": ["id", "target"],
                "additionalProperties": false,
                "properties": {
                    "id": {"type": "string", "pattern": "^r[0-9A-Za-z]{14}$"},
                    "target": {"type": "string", "minLength": 1},
                    "properties": {"type": "object"},
                },
            }),
            Some(multiple),
        )
    }
}

struct Rules {
    target_schemas: FastHashSet<SchemaRef>,
    single: Option<Severity>,
}

impl Rules {
    fn compile(target_schemas: &[SchemaRef], multiple: &Constraint<bool>) -> Self {
        Rules { target_schemas: target_schemas.iter().cloned().collect(), single: single_only(multiple) }
    }
}

impl TypeRules for Rules {
    type Value<'a> = [RelationView<'a>];

    fn is_empty(relations: &[RelationView]) -> bool {
        relations.is_empty()
    }

    fn check(&self, relations: &[RelationView], cx: &mut CheckContext) {
        check_single(self.single, relations.len(), cx);
        for (i, r) in relations.iter().enumerate() {
            match resolve_source(i, &r.target, cx) {
                Some(TargetLookup::NotFound) => {
                    cx.fixed(Code::RELATION_TARGET_NOT_FOUND, vec![target_arg(&r.target)], Some(i))
                }
                Some(TargetLookup::Unavailable) => {
                    cx.fixed(Code::RELATION_TARGET_UNAVAILABLE, vec![target_arg(&r.target)], Some(i))
                }
                Some(TargetLookup::Found { schema }) if !self.target_schemas.contains(&schema) => {
                    cx.fixed(Code::RELATION_TARGET_SCHEMA_MISMATCH, vec![Value::String(schema.to_string())], Some(i))
                }
                _ => {}
            }
        }
    }
}
