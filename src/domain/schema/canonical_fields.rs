//! The canonical form of definition fields, the toolkit of each property type's `canonical`
//! (`crate::types`): every Constraint in its bare form unless its severity differs from the default,
//! defaults omitted. It names no type.

use super::{Constraint, Severity, TextRules};
use serde_json::{Map, Value};

pub(crate) fn put_text_rules(out: &mut Map<String, Value>, r: &TextRules) {
    put_multiple(out, &r.multiple);
    put_flag(out, "uniqueItems", &r.unique_items);
    put_valued(out, "minLength", &r.min_length);
    put_valued(out, "maxLength", &r.max_length);
}

pub(crate) fn put_flag(out: &mut Map<String, Value>, key: &str, c: &Option<Constraint<()>>) {
    match c {
        Some(c) if c.severity != Severity::Warning => {
            out.insert(key.into(), serde_json::json!({"severity": c.severity.as_str()}));
        }
        Some(_) => {
            out.insert(key.into(), true.into());
        }
        None => {}
    }
}

pub(crate) fn put_multiple(out: &mut Map<String, Value>, c: &Constraint<bool>) {
    if c.value {
        out.insert("multiple".into(), true.into());
    } else if c.severity != Severity::Warning {
        out.insert("multiple".into(), serde_json::json!({"value": false, "severity": c.severity.as_str()}));
    }
}

pub(crate) fn put_valued<T: Clone + Into<Value>>(out: &mut Map<String, Value>, key: &str, c: &Option<Constraint<T>>) {
    let Some(c) = c else { return };
    let value: Value = c.value.clone().into();
    let v = if c.severity == Severity::Warning {
        value
    } else {
        serde_json::json!({"value": value, "severity": c.severity.as_str()})
    };
    out.insert(key.into(), v);
}
