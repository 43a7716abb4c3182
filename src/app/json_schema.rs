//! A JSON Schema (2020-12) document describing a Subject of one Schema, in the form Subjects are
//! stored and written: `label`, `schema` and `statements`, one property per definition.

use crate::domain::schema::{PropertyDefinition, Schema};
use crate::types;
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

/// The type's fragment; any value for a type with no registered implementation.
fn value(def: &PropertyDefinition) -> Value {
    types::lookup(&def.type_name).map_or_else(|| json!({}), |t| t.json_schema(def))
}
