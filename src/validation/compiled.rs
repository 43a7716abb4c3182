//! A Schema compiled once into per-property checks, reused for many Subjects.

use crate::checks::codes::Code;
use crate::checks::{CheckContext, Targets, ValueCheck, Violation};
use crate::domain::maps::FastIndexMap;
use crate::domain::schema::{PropertyDefinition, Schema, Severity};
use crate::domain::statement_view::StatementView;
use crate::types;
use serde_json::Value;
use std::borrow::Cow;

pub struct CompiledSchema {
    pub(super) subjects_are_dependent: bool,
    pub(super) properties: FastIndexMap<String, CompiledProperty>,
}

pub(super) struct CompiledProperty {
    name: String,
    /// The registry's own text for a registered type (see [`types::same_type_name`]).
    type_name: Cow<'static, str>,
    required: Option<Severity>,
    /// `None` for a type with no registered implementation.
    checks: Option<Box<dyn ValueCheck>>,
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
        let registered = types::lookup(&def.type_name);
        let checks = registered.map(|t| t.compile(&def.kind));
        CompiledProperty {
            name: name.to_owned(),
            type_name: types::stored_type_name(registered, &def.type_name),
            required: def.required.as_ref().map(|c| c.severity),
            checks,
        }
    }

    /// The property's violations, given its Statement if the Subject has one.
    pub fn check(&self, statement: Option<&StatementView>, targets: &Targets, out: &mut Vec<Violation>) {
        let mut cx = CheckContext { property: &self.name, out, targets };
        let Some(checks) = &self.checks else {
            if statement.is_some() || self.required.is_some() {
                cx.fixed(Code::UNREGISTERED_TYPE, vec![Value::from(&*self.type_name)], None);
            }
            return;
        };
        if let Some(st) = statement.filter(|st| !types::same_type_name(st.property_type, &self.type_name)) {
            cx.fixed(Code::TYPE_MISMATCH, vec![Value::from(st.property_type), Value::from(&*self.type_name)], None);
            return;
        }
        let checked = statement.is_some_and(|st| checks.check_value(&st.value, &mut cx));
        if let Some(severity) = self.required.filter(|_| !checked) {
            cx.push(Code::REQUIRED, severity, vec![], None);
        }
    }
}
