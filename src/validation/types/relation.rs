use super::{check_single, single_only, CheckContext, TypeRules};
use crate::domain::ids::SubjectRef;
use crate::domain::schema::{Constraint, SchemaRef, Severity};
use crate::domain::statement::Relation;
use crate::validation::codes::Code;
use crate::validation::lookup::TargetLookup;
use serde_json::Value;
use std::collections::HashSet;

pub(crate) struct Rules {
    target_schemas: HashSet<SchemaRef>,
    single: Option<Severity>,
}

impl Rules {
    pub fn compile(target_schemas: &[SchemaRef], multiple: &Constraint<bool>) -> Self {
        Rules { target_schemas: target_schemas.iter().cloned().collect(), single: single_only(multiple) }
    }
}

/// Resolves one target; reports `relation-target-unresolvable-source` (and answers `None`) when
/// its source is unknown. Used on its own for relation values no Schema property checks.
pub(crate) fn resolve_source(i: usize, target: &SubjectRef, cx: &mut CheckContext) -> Option<TargetLookup> {
    match cx.targets.resolve(target) {
        TargetLookup::UnknownSource => {
            cx.fixed(Code::RelationTargetUnresolvableSource, vec![target_arg(target)], Some(i));
            None
        }
        found => Some(found),
    }
}

fn target_arg(target: &SubjectRef) -> Value {
    Value::String(target.to_string())
}

impl TypeRules for Rules {
    type Value = [Relation];

    fn is_empty(relations: &[Relation]) -> bool {
        relations.is_empty()
    }

    fn check(&self, relations: &[Relation], cx: &mut CheckContext) {
        check_single(self.single, relations.len(), cx);
        for (i, r) in relations.iter().enumerate() {
            match resolve_source(i, &r.target, cx) {
                Some(TargetLookup::NotFound) => cx.fixed(Code::RelationTargetNotFound, vec![target_arg(&r.target)], Some(i)),
                Some(TargetLookup::Found { schema }) if !self.target_schemas.contains(&schema) => {
                    cx.fixed(Code::RelationTargetSchemaMismatch, vec![Value::String(schema.to_string())], Some(i))
                }
                _ => {}
            }
        }
    }
}
