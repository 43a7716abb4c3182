//! Validation: the code table, Schemas compiled once into checks, one file per property type,
//! Subject-level and page-level (Dependent Subject) rules, and enforcement.

mod compiled;
pub mod dependents;
pub mod enforcement;

pub use crate::checks::codes::Code;
pub use crate::checks::url_pattern::is_valid_url;
pub use crate::checks::{KnownTargets, SubjectLookup, TargetLookup, Violation, WithRequestSubjects};
pub use compiled::CompiledSchema;

pub use crate::domain::schema::SchemaLookup;

use crate::checks::{CheckContext, Targets};
use crate::domain::ids::SubjectId;
use crate::domain::maps::index_in_order;
use crate::domain::statement_view::{StatementView, ValueView};
use crate::domain::subject::SubjectView;
use crate::domain::trim::trim;
use serde_json::Value;

/// A Subject to validate, its strings borrowed (`Subject::view` for a stored one): its ID (a
/// relation to itself resolves to its own Schema) and whether it is its page's main Subject (only
/// other Subjects need a label).
#[derive(Debug, Clone, Copy)]
pub struct SubjectInput<'a> {
    pub id: &'a SubjectId,
    pub subject: &'a SubjectView<'a>,
    pub is_main: bool,
}

/// Property slots kept on the stack: Schemas with more properties use the heap.
const STACK_SLOTS: usize = 32;

/// The entry point the wasm `validate` export and the REST layer share: the Subject's violations,
/// without the page-level Dependent-Subject rules.
pub fn validate_subject(
    input: SubjectInput,
    schemas: &dyn SchemaLookup,
    subjects: &dyn SubjectLookup,
) -> Vec<Violation> {
    match schemas.schema(&input.subject.schema) {
        Some(schema) => CompiledSchema::compile(schema).validate(input, subjects),
        None => {
            let name = Value::String(input.subject.schema.to_string());
            let mut out = vec![Violation::fixed(Code::SCHEMA_NOT_FOUND, None, vec![name])];
            check_subject_level(input, true, &mut out);
            check_unchecked_relations(input, |_| false, subjects, &mut out);
            out
        }
    }
}

impl CompiledSchema {
    /// Validates a Subject of this Schema.
    pub fn validate(&self, input: SubjectInput, subjects: &dyn SubjectLookup) -> Vec<Violation> {
        let mut out = Vec::new();
        check_subject_level(input, !self.subjects_are_dependent, &mut out);
        let targets = Targets { lookup: subjects, own_id: input.id, own_schema: &input.subject.schema };
        // Each Statement placed at its property's position, so the properties are checked in the
        // Schema's order with one lookup per Statement.
        let (mut stack, mut heap): ([Option<&StatementView>; STACK_SLOTS], Vec<Option<&StatementView>>) =
            ([None; STACK_SLOTS], Vec::new());
        let slots = if self.properties.len() <= STACK_SLOTS {
            &mut stack[..self.properties.len()]
        } else {
            heap.resize(self.properties.len(), None);
            &mut heap[..]
        };
        let mut undeclared = false;
        let mut next = 0;
        for (name, st) in &input.subject.statements {
            match index_in_order(&self.properties, &mut next, name) {
                Some(i) => slots[i] = Some(st),
                None => undeclared = true,
            }
        }
        for (property, st) in self.properties.values().zip(slots.iter()) {
            property.check(*st, &targets, &mut out);
        }
        if undeclared {
            check_unchecked_relations(input, |name| self.declares(name), subjects, &mut out);
        }
        out
    }
}

/// `label-required`: a standalone Subject other than the page's main Subject needs a label.
fn check_subject_level(input: SubjectInput, standalone: bool, out: &mut Vec<Violation>) {
    if standalone && !input.is_main && input.subject.label.is_none_or(|l| trim(l).is_empty()) {
        out.push(Violation::fixed(Code::LABEL_REQUIRED, None, vec![]));
    }
}

/// `relation-target-unresolvable-source` for relation values no Schema property checks: Statements of
/// undeclared properties, or every Statement when the Schema does not load.
fn check_unchecked_relations(
    input: SubjectInput,
    declared: impl Fn(&str) -> bool,
    subjects: &dyn SubjectLookup,
    out: &mut Vec<Violation>,
) {
    let targets = Targets { lookup: subjects, own_id: input.id, own_schema: &input.subject.schema };
    for (name, st) in input.subject.statements.iter().filter(|(name, _)| !declared(name)) {
        if let ValueView::Relations(relations) = &st.value {
            let mut cx = CheckContext { property: name, out, targets: &targets };
            for (i, r) in relations.iter().enumerate() {
                crate::checks::relation::resolve_source(i, &r.target, &mut cx);
            }
        }
    }
}

#[cfg(test)]
mod tests;
