//! The canonical JSON form of a Schema: fixed key order, defaults omitted, and every Constraint in
//! its bare form unless its severity differs from the default.

use super::{Constraint, PropertyDefinition, PropertyKind, Schema, Severity, TextRules};
use serde_json::{Map, Value};

impl Schema {
    pub fn to_json(&self) -> Value {
        let mut out = Map::new();
        if !self.description.is_empty() {
            out.insert("description".into(), self.description.clone().into());
        }
        if self.subjects_are_dependent {
            out.insert("subjectsAreDependent".into(), true.into());
        }
        let defs = self.property_definitions.iter().map(|(k, d)| (k.clone(), d.to_json())).collect();
        out.insert("propertyDefinitions".into(), Value::Object(defs));
        out.extend(self.extra.clone());
        Value::Object(out)
    }
}

impl PropertyDefinition {
    pub fn to_json(&self) -> Value {
        let mut out = Map::new();
        out.insert("type".into(), self.type_name.clone().into());
        if !self.description.is_empty() {
            out.insert("description".into(), self.description.clone().into());
        }
        put_flag(&mut out, "required", &self.required);
        if let Some(d) = &self.default {
            out.insert("default".into(), d.clone());
        }
        match &self.kind {
            PropertyKind::Text(r) | PropertyKind::MonolingualText(r) => put_text_rules(&mut out, r),
            PropertyKind::Url { multiple, unique_items } => {
                put_multiple(&mut out, multiple);
                put_flag(&mut out, "uniqueItems", unique_items);
            }
            PropertyKind::Number { precision, minimum, maximum } => {
                if let Some(p) = precision {
                    out.insert("precision".into(), (*p).into());
                }
                put_valued(&mut out, "minimum", minimum);
                put_valued(&mut out, "maximum", maximum);
            }
            PropertyKind::Select { options, multiple } => {
                let list: Vec<Value> = options
                    .value
                    .iter()
                    .map(|o| serde_json::json!({"id": o.id, "label": o.label}))
                    .collect();
                if !list.is_empty() || options.severity != Severity::Warning {
                    put_valued(&mut out, "options", &Some(Constraint { value: Value::Array(list), severity: options.severity }));
                }
                put_multiple(&mut out, multiple);
            }
            PropertyKind::Relation { target_schemas, relation, multiple } => {
                if let Some(r) = relation {
                    out.insert("relation".into(), r.clone().into());
                }
                out.insert("targetSchemas".into(), target_schemas.iter().map(|t| t.to_json()).collect());
                put_multiple(&mut out, multiple);
            }
            PropertyKind::Date { minimum, maximum } | PropertyKind::DateTime { minimum, maximum } => {
                put_valued(&mut out, "minimum", minimum);
                put_valued(&mut out, "maximum", maximum);
            }
            PropertyKind::Boolean | PropertyKind::Unregistered => {}
        }
        out.extend(self.extra.clone());
        Value::Object(out)
    }
}

fn put_text_rules(out: &mut Map<String, Value>, r: &TextRules) {
    put_multiple(out, &r.multiple);
    put_flag(out, "uniqueItems", &r.unique_items);
    put_valued(out, "minLength", &r.min_length);
    put_valued(out, "maxLength", &r.max_length);
}

fn put_flag(out: &mut Map<String, Value>, key: &str, c: &Option<Constraint<()>>) {
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

fn put_multiple(out: &mut Map<String, Value>, c: &Constraint<bool>) {
    if c.value {
        out.insert("multiple".into(), true.into());
    } else if c.severity != Severity::Warning {
        out.insert("multiple".into(), serde_json::json!({"value": false, "severity": c.severity.as_str()}));
    }
}

fn put_valued<T: Clone + Into<Value>>(out: &mut Map<String, Value>, key: &str, c: &Option<Constraint<T>>) {
    let Some(c) = c else { return };
    let value: Value = c.value.clone().into();
    let v = if c.severity == Severity::Warning {
        value
    } else {
        serde_json::json!({"value": value, "severity": c.severity.as_str()})
    };
    out.insert(key.into(), v);
}
