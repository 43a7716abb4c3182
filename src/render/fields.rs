//! A Schema's properties as form fields: what a Subject editor shows for each property (its input,
//! the shape of the value it builds, bounds, options, targets, whether it is required and multiple)
//! and what a Schema page's property table lists. Constraint forms (bare or `{value, severity}`) are
//! read here once, so no host has to know them.

use crate::domain::schema::{Constraint, PropertyDefinition, PropertyKind, Schema};
use crate::types::{self, ValueShape};
use serde::Serialize;
use serde_json::{json, Value};

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Field {
    pub name: String,
    /// The property type as the Schema writes it.
    #[serde(rename = "type")]
    pub type_name: String,
    /// `text`, `monolingualText`, `url`, `number`, `select`, `relation`, `boolean`, `date`,
    /// `dateTime`, or `raw` for a type this version does not implement (kept, not edited).
    pub input: &'static str,
    /// How the Statement stores its value: `strings`, `number`, `boolean`, `relations`,
    /// `monolingual` or `raw`.
    pub shape: &'static str,
    pub description: String,
    /// The severity of the `required` Constraint; `None` when the property is optional.
    pub required: Option<&'static str>,
    /// Whether several values may be entered (the `multiple` Constraint allows them).
    pub multiple: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub minimum: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub maximum: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub precision: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min_length: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_length: Option<u64>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<Value>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub target_schemas: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub relation: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub default: Option<Value>,
}

/// Every property of a Schema as a field, in Schema order.
pub fn fields(schema: &Schema) -> Vec<Field> {
    schema.property_definitions.iter().map(|(name, def)| field(name, def)).collect()
}

fn field(name: &str, def: &PropertyDefinition) -> Field {
    let shape = match types::lookup(&def.type_name).map(|t| t.shape()) {
        Some(ValueShape::Strings) => "strings",
        Some(ValueShape::Number) => "number",
        Some(ValueShape::Boolean) => "boolean",
        Some(ValueShape::Relations) => "relations",
        Some(ValueShape::Monolingual) => "monolingual",
        None => "raw",
    };
    let mut f = Field {
        name: name.to_owned(),
        type_name: def.type_name.clone(),
        input: "raw",
        shape,
        description: def.description.clone(),
        required: def.required.as_ref().map(|c| c.severity.as_str()),
        multiple: def.multiple().is_some_and(|m| m.value),
        minimum: None,
        maximum: None,
        precision: None,
        min_length: None,
        max_length: None,
        options: Vec::new(),
        target_schemas: Vec::new(),
        relation: None,
        default: def.default.clone(),
    };
    let value = |c: &Option<Constraint<String>>| c.as_ref().map(|c| Value::String(c.value.clone()));
    match &def.kind {
        PropertyKind::Text(rules) | PropertyKind::MonolingualText(rules) => {
            f.input = if matches!(def.kind, PropertyKind::Text(_)) { "text" } else { "monolingualText" };
            f.min_length = rules.min_length.as_ref().map(|c| c.value);
            f.max_length = rules.max_length.as_ref().map(|c| c.value);
        }
        PropertyKind::Items { .. } | PropertyKind::Own { .. } => {
            f.input = types::lookup(&def.type_name).map_or("text", |t| t.name())
        }
        PropertyKind::Number { precision, minimum, maximum } => {
            f.input = "number";
            f.precision = *precision;
            f.minimum = minimum.as_ref().map(|c| Value::Number(c.value.clone()));
            f.maximum = maximum.as_ref().map(|c| Value::Number(c.value.clone()));
        }
        PropertyKind::Select { options, .. } => {
            f.input = "select";
            f.options = options.value.iter().map(|o| json!({"id": o.id, "label": o.label})).collect();
        }
        PropertyKind::Relation { target_schemas, relation, .. } => {
            f.input = "relation";
            f.target_schemas = target_schemas.iter().map(ToString::to_string).collect();
            f.relation = relation.clone();
        }
        PropertyKind::Boolean => f.input = "boolean",
        PropertyKind::Date { minimum, maximum } | PropertyKind::DateTime { minimum, maximum } => {
            f.input = if matches!(def.kind, PropertyKind::Date { .. }) { "date" } else { "dateTime" };
            (f.minimum, f.maximum) = (value(minimum), value(maximum));
        }
        PropertyKind::Unregistered => {}
    }
    f
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::ids::SourceKey;
    use crate::types::ReadSchema;

    #[test]
    fn each_type_gets_its_input_and_constraints_in_one_form() {
        let schema = Schema::from_json(
            &json!({"propertyDefinitions": {
                "Name": {"type": "monolingualText", "multiple": true, "required": {"severity": "error"}, "maxLength": 120},
                "Seats": {"type": "number", "precision": 0, "minimum": {"value": 0, "severity": "error"}},
                "Kind": {"type": "select", "required": true, "options": [{"id": "o1knd1aaaaaaa01", "label": "Central"}]},
                "Part of": {"type": "relation", "relation": "Coordinated by", "targetSchemas": ["Library"]},
                "Opened": {"type": "date", "minimum": "1800-01-01"},
                "Open": {"type": "boolean", "default": true},
                "Mail": {"type": "phoneNumber"}
            }}),
            &SourceKey::parse("local").unwrap(),
        )
        .unwrap();
        let got = serde_json::to_value(fields(&schema)).unwrap();
        insta::assert_json_snapshot!(got);
        let inputs: Vec<&str> = fields(&schema).iter().map(|f| f.input).collect();
        assert_eq!(inputs, ["monolingualText", "number", "select", "relation", "date", "boolean", "raw"]);
        assert_eq!(got[0]["required"], "error");
        assert_eq!(got[2]["required"], "warning");
        assert_eq!(got[1]["minimum"], 0);
    }
}
