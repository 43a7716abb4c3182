//! The toolkit of the property types' JSON Schema fragments (`PropertyType::json_schema`).

use crate::domain::schema::{Constraint, TextRules};
use serde_json::{json, Value};

/// An array of parts; `maxItems: 1` where the type checks `multiple` and it is false.
pub fn array(items: Value, multiple: Option<&Constraint<bool>>) -> Value {
    let mut a = json!({"type": "array", "items": items});
    if multiple.is_some_and(|m| !m.value) {
        a["maxItems"] = 1.into();
    }
    a
}

pub fn unique(mut a: Value, unique_items: &Option<Constraint<()>>) -> Value {
    if unique_items.is_some() {
        a["uniqueItems"] = true.into();
    }
    a
}

pub fn monolingual_part(r: &TextRules) -> Value {
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

pub fn length_bounds(mut s: Value, r: &TextRules) -> Value {
    put(&mut s, "minLength", r.min_length.as_ref().map(|c| c.value.into()));
    put(&mut s, "maxLength", r.max_length.as_ref().map(|c| c.value.into()));
    s
}

pub fn put(target: &mut Value, key: &str, v: Option<Value>) {
    if let (Some(v), Some(o)) = (v, target.as_object_mut()) {
        o.insert(key.into(), v);
    }
}
