//! `select`: option ids from the definition's `options`; written as an id, a label or both, read
//! back (and projected to RDF) as labels through the current Schema.

use super::json_schema::array;
use super::{objects_of_parts, MappedLiteral, Mismatched, PropertyType, ValueShape};
use crate::checks::codes::{Code, CodeInfo, SeverityRule};
use crate::checks::{check_single, is_blank, single_only, CheckContext, TypeRules, ValueCheck};
use crate::domain::maps::FastHashSet;
use crate::domain::schema::{
    put_multiple, put_valued, Constraint, Fields, PropertyDefinition, PropertyKind, SelectOption, Severity,
};
use crate::domain::statement::StatementValue;
use crate::domain::statement_view::ValueView;
use crate::domain::trim::trim;
use crate::json::Json;
use crate::rdf_terms::values::option_label;
use crate::rdf_terms::Object;
use crate::value_forms::parts::parts;
use crate::value_forms::select::resolve;
use crate::value_forms::{NormalizeError, WriteContext};
use bumpalo::Bump;
use serde_json::{json, Map, Value};

pub struct Select;

const INVALID_OPTION: Code = Code::new(&CodeInfo::subject(
    "invalid-option",
    SeverityRule::FromConstraint("options"),
    true,
    "A select part is not an option id.",
));

impl PropertyType for Select {
    fn name(&self) -> &'static str {
        "select"
    }

    fn shape(&self) -> ValueShape {
        ValueShape::Strings
    }

    fn checks_multiple(&self) -> bool {
        true
    }

    fn fields(&self) -> &'static [&'static str] {
        &["options", "multiple"]
    }

    fn parse(&self, f: &mut Fields) -> PropertyKind {
        PropertyKind::Select { options: f.options(), multiple: f.multiple() }
    }

    fn canonical(&self, kind: &PropertyKind, out: &mut Map<String, Value>) {
        let PropertyKind::Select { options, multiple } = kind else { return };
        let list: Vec<Value> = options.value.iter().map(|o| json!({"id": o.id, "label": o.label})).collect();
        if !list.is_empty() || options.severity != Severity::Warning {
            put_valued(out, "options", &Some(Constraint { value: Value::Array(list), severity: options.severity }));
        }
        put_multiple(out, multiple);
    }

    /// Labels resolve to ids through the Schema's options; without them parts are kept as written.
    fn normalize<'v>(
        &self,
        value: &'v Json,
        def: Option<&'v PropertyDefinition>,
        arena: &'v Bump,
        _: &mut WriteContext,
    ) -> Result<ValueView<'v>, NormalizeError> {
        let options = match def.map(|d| &d.kind) {
            Some(PropertyKind::Select { options, .. }) => Some(options.value.as_slice()),
            _ => None,
        };
        Ok(ValueView::Strings(parts(self.name(), value, arena, |p| resolve(p, options))?))
    }

    fn compile(&self, kind: &PropertyKind) -> Box<dyn ValueCheck> {
        match kind {
            PropertyKind::Select { options, multiple } => Box::new(Rules::compile(options, multiple)),
            _ => Box::new(Mismatched),
        }
    }

    fn codes(&self) -> &[Code] {
        &[INVALID_OPTION]
    }

    fn rdf_objects<'a>(&self, value: &'a StatementValue, def: &'a PropertyDefinition) -> Vec<Object<'a>> {
        objects_of_parts(value, |p| Object::string(option_label(def, p)))
    }

    fn mapped_literal(&self) -> MappedLiteral {
        MappedLiteral::LangOrDatatype
    }

    fn json_schema(&self, def: &PropertyDefinition) -> Value {
        let PropertyKind::Select { options, multiple } = &def.kind else { return json!({}) };
        let mut item = json!({"type": "string"});
        if !options.value.is_empty() {
            item["enum"] = options.value.iter().map(|o| Value::String(o.id.clone())).collect();
        }
        array(item, Some(multiple))
    }
}

/// Stored parts are option ids; a part equal to a label but not an id is invalid (labels resolve
/// only on write).
struct Rules {
    ids: FastHashSet<String>,
    options_severity: Severity,
    single: Option<Severity>,
}

impl Rules {
    fn compile(options: &Constraint<Vec<SelectOption>>, multiple: &Constraint<bool>) -> Self {
        Rules {
            ids: options.value.iter().map(|o| o.id.clone()).collect(),
            options_severity: options.severity,
            single: single_only(multiple),
        }
    }
}

impl TypeRules for Rules {
    type Value<'a> = [&'a str];

    fn is_empty(parts: &[&str]) -> bool {
        parts.iter().all(|p| is_blank(p))
    }

    fn check(&self, parts: &[&str], cx: &mut CheckContext) {
        check_single(self.single, parts.len(), cx);
        for (i, part) in parts.iter().enumerate() {
            if !is_blank(part) && !self.ids.contains(trim(part)) {
                cx.push(INVALID_OPTION, self.options_severity, vec![Value::from(&**part)], Some(i));
            }
        }
    }
}
