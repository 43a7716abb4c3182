//! JSON Schema builders the document's parts share: references into `#/components/schemas`,
//! nullable, object, array and map schemas.

use serde_json::{json, Value};

/// `#/components/schemas/<name>`.
pub fn reference(name: &str) -> Value {
    json!({"$ref": format!("#/components/schemas/{name}")})
}

pub fn nullable(mut schema: Value) -> Value {
    if schema.get("$ref").is_some() {
        return json!({"nullable": true, "allOf": [schema]});
    }
    schema["nullable"] = true.into();
    schema
}

/// An object with these required properties (and no others required).
pub fn object(required: &[&str], properties: Value) -> Value {
    json!({"type": "object", "required": required, "properties": properties})
}

pub fn array(items: Value) -> Value {
    json!({"type": "array", "items": items})
}

/// A map from names to values of `items`.
pub fn map(items: Value) -> Value {
    json!({"type": "object", "additionalProperties": items})
}
