//! A JSON Schema (2020-12) document describing a Subject of one Schema, in the form Subjects are
//! stored and written: `label`, `schema` and `statements`, one property per definition.

use crate::domain::schema::{Constraint, PropertyDefinition, PropertyKind, Schema, TextRules};
use serde_json::{json, Map, Value};

const DIALECT: &str = "https://json-schema.org/draft/2020-12/schema";

pub fn subject_document(name: &str, schema: &Schema) -> Value {
    let mut statements = Map::new();
    let mut required = Vec::new();
    for (prop, def) in &schema.property_definitions {
        statements.insert(prop.clone(), statement(def));
        if def.required.is_some() {
            required.push(Value::String(prop.clone()));
        }
    }
    let mut label = json!({"type": "string"});
    if schema.subjects_are_dependent {
        label = json!(false);
    }
    json!({
        "$schema": DIALECT,
        "title": name,
        "description": schema.description,
        "type": "object",
        "required": ["schema"],
        "properties": {
            "label": label,
            "schema": {"const": name},
            "statements": {
                "type": "object",
                "properties": statements,
                "required": required,
            },
        },
    })
}

fn statement(def: &PropertyDefinition) -> Value {
    let mut out = json!({
        "type": "object",
        "required": ["propertyType", "value"],
        "properties": {
            "propertyType": {"const": def.type_name},
            "value": value(def),
        },
    });
    if !def.description.is_empty() {
        out["description"] = def.description.clone().into();
    }
    out
}

fn value(def: &PropertyDefinition) -> Value {
    match &def.kind {
        PropertyKind::Text(r) => unique(array(length_bounds(json!({"type": "string"}), r), None), &r.unique_items),
        PropertyKind::MonolingualText(r) => unique(array(monolingual_part(r), Some(&r.multiple)), &r.unique_items),
        PropertyKind::Url { unique_items, .. } => unique(array(json!({"type": "string"}), None), unique_items),
        PropertyKind::Number { minimum, maximum, .. } => {
            let mut n = json!({"type": "number"});
            put(&mut n, "minimum", minimum.as_ref().map(|c| Value::Number(c.value.clone())));
            put(&mut n, "maximum", maximum.as_ref().map(|c| Value::Number(c.value.clone())));
            n
        }
        PropertyKind::Select { options, multiple } => {
            let mut item = json!({"type": "string"});
            if !options.value.is_empty() {
                item["enum"] = options.value.iter().map(|o| Value::String(o.id.clone())).collect();
            }
            array(item, Some(multiple))
        }
        PropertyKind::Relation { multiple, .. } => array(
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
        ),
        PropertyKind::Boolean => json!({"type": "boolean"}),
        PropertyKind::Date { .. } => array(json!({"type": "string", "format": "date", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"}), None),
        PropertyKind::DateTime { .. } => array(json!({"type": "string", "format": "date-time"}), None),
        PropertyKind::Unregistered => json!({}),
    }
}

/// An array of parts; `maxItems: 1` where the type checks `multiple` and it is false.
fn array(items: Value, multiple: Option<&Constraint<bool>>) -> Value {
    let mut a = json!({"type": "array", "items": items});
    if multiple.is_some_and(|m| !m.value) {
        a["maxItems"] = 1.into();
    }
    a
}

fn unique(mut a: Value, unique_items: &Option<Constraint<()>>) -> Value {
    if unique_items.is_some() {
        a["uniqueItems"] = true.into();
    }
    a
}

fn monolingual_part(r: &TextRules) -> Value {
    json!({
        "type": "object",
        "required": ["text", "language"],
        "additionalProperties": false,
        "properties": {
            "text": length_bounds(json!({"type": "string"}), r),
            "language": {"type": "string", "pattern": "^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$"},
        },
    })
}

fn length_bounds(mut s: Value, r: &TextRules) -> Value {
    put(&mut s, "minLength", r.min_length.as_ref().map(|c| c.value.into()));
    put(&mut s, "maxLength", r.max_length.as_ref().map(|c| c.value.into()));
    s
}

fn put(target: &mut Value, key: &str, v: Option<Value>) {
    if let (Some(v), Some(o)) = (v, target.as_object_mut()) {
        o.insert(key.into(), v);
    }
}
