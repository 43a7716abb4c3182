//! A Schema compiled once into per-property checks, reused for many Subjects.

use super::codes::Code;
use super::types::{self, CheckContext, Targets, TypeRules};
use super::Violation;
use crate::domain::schema::{PropertyDefinition, PropertyKind, Schema, Severity};
use crate::domain::statement::{Statement, StatementValue};
use indexmap::IndexMap;
use serde_json::Value;

pub struct CompiledSchema {
    pub(super) subjects_are_dependent: bool,
    pub(super) properties: IndexMap<String, CompiledProperty>,
}

pub(super) struct CompiledProperty {
    name: String,
    type_name: String,
    required: Option<Severity>,
    kind: Kind,
}

enum Kind {
    Unregistered,
    Text(types::text::Rules),
    MonolingualText(types::monolingual_text::Rules),
    Url(types::url::Rules),
    Number(types::number::Rules),
    Select(types::select::Rules),
    Relation(types::relation::Rules),
    Boolean(types::boolean::Rules),
    Date(types::date::Rules),
    DateTime(types::date_time::Rules),
}

impl CompiledSchema {
    pub fn compile(schema: &Schema) -> Self {
        CompiledSchema {
            subjects_are_dependent: schema.subjects_are_dependent,
            properties: schema
                .property_definitions
                .iter()
                .map(|(name, def)| (name.clone(), CompiledProperty::compile(name, def)))
                .collect(),
        }
    }

    pub fn declares(&self, property: &str) -> bool {
        self.properties.contains_key(property)
    }
}

impl CompiledProperty {
    fn compile(name: &str, def: &PropertyDefinition) -> Self {
        let kind = match &def.kind {
            PropertyKind::Text(r) => Kind::Text(types::text::Rules::compile(r)),
            PropertyKind::MonolingualText(r) => Kind::MonolingualText(types::monolingual_text::Rules::compile(r)),
            PropertyKind::Url { unique_items, .. } => Kind::Url(types::url::Rules::compile(unique_items)),
            PropertyKind::Number { minimum, maximum, .. } => Kind::Number(types::number::Rules::compile(minimum, maximum)),
            PropertyKind::Select { options, multiple } => Kind::Select(types::select::Rules::compile(options, multiple)),
            PropertyKind::Relation { target_schemas, multiple, .. } => Kind::Relation(types::relation::Rules::compile(target_schemas, multiple)),
            PropertyKind::Boolean => Kind::Boolean(types::boolean::Rules),
            PropertyKind::Date { minimum, maximum } => Kind::Date(types::date::compile(minimum, maximum)),
            PropertyKind::DateTime { minimum, maximum } => Kind::DateTime(types::date_time::compile(minimum, maximum)),
            PropertyKind::Unregistered => Kind::Unregistered,
        };
        CompiledProperty { name: name.to_owned(), type_name: def.type_name.clone(), required: def.required.as_ref().map(|c| c.severity), kind }
    }

    /// The property's violations, given its Statement if the Subject has one.
    pub fn check(&self, statement: Option<&Statement>, targets: &Targets, out: &mut Vec<Violation>) {
        let mut cx = CheckContext { property: &self.name, out, targets };
        if let Kind::Unregistered = self.kind {
            if statement.is_some() || self.required.is_some() {
                cx.fixed(Code::UnregisteredType, vec![Value::from(self.type_name.as_str())], None);
            }
            return;
        }
        if let Some(st) = statement.filter(|st| st.property_type != self.type_name) {
            cx.fixed(Code::TypeMismatch, vec![Value::from(st.property_type.as_str()), Value::from(self.type_name.as_str())], None);
            return;
        }
        let checked = statement.is_some_and(|st| self.check_value(&st.value, &mut cx));
        if let Some(severity) = self.required.filter(|_| !checked) {
            cx.push(Code::Required, severity, vec![], None);
        }
    }

    /// Runs the type's checks on a non-empty value of the right shape; false when the value counts
    /// as empty (a stored value that does not fit the type counts as empty).
    fn check_value(&self, value: &StatementValue, cx: &mut CheckContext) -> bool {
        fn run<R: TypeRules>(rules: &R, v: &R::Value, cx: &mut CheckContext) -> bool {
            let present = !R::is_empty(v);
            if present {
                rules.check(v, cx);
            }
            present
        }
        match (&self.kind, value) {
            (Kind::Text(r), StatementValue::Strings(v)) => run(r, v.as_slice(), cx),
            (Kind::Url(r), StatementValue::Strings(v)) => run(r, v.as_slice(), cx),
            (Kind::Select(r), StatementValue::Strings(v)) => run(r, v.as_slice(), cx),
            (Kind::Date(r), StatementValue::Strings(v)) => run(r, v.as_slice(), cx),
            (Kind::DateTime(r), StatementValue::Strings(v)) => run(r, v.as_slice(), cx),
            (Kind::MonolingualText(r), StatementValue::Monolingual(v)) => run(r, v.as_slice(), cx),
            (Kind::Relation(r), StatementValue::Relations(v)) => run(r, v.as_slice(), cx),
            (Kind::Number(r), StatementValue::Number(n)) => run(r, n, cx),
            (Kind::Boolean(r), StatementValue::Boolean(b)) => run(r, b, cx),
            _ => false,
        }
    }
}
