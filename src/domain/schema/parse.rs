//! Reading the Schema format. Every problem is collected, so a refused save lists all its reasons.

use super::fields::Fields;
use super::{PropertyDefinition, PropertyKind, Schema, SchemaErrors};
use crate::domain::ids::SourceKey;
use crate::types;
use serde_json::{Map, Value};

const COMMON_KEYS: &[&str] = &["type", "description", "required", "default"];

impl Schema {
    pub fn parse_str(text: &str, own_source: &SourceKey) -> Result<Schema, SchemaErrors> {
        let v: Value = serde_json::from_str(text).map_err(|e| {
            let mut errs = SchemaErrors::default();
            errs.push("", format!("not valid JSON: {e}"));
            errs
        })?;
        Schema::from_json(&v, own_source)
    }

    pub fn from_json(v: &Value, own_source: &SourceKey) -> Result<Schema, SchemaErrors> {
        let mut errs = SchemaErrors::default();
        let Some(obj) = v.as_object() else {
            errs.push("", "a Schema is a JSON object");
            return Err(errs);
        };
        let description = string_field(obj, "description", "description", &mut errs);
        let subjects_are_dependent = match obj.get("subjectsAreDependent") {
            None | Some(Value::Null) => false,
            Some(Value::Bool(b)) => *b,
            Some(_) => {
                errs.push("subjectsAreDependent", "must be a boolean");
                false
            }
        };
        let mut property_definitions = crate::domain::maps::FastIndexMap::default();
        match obj.get("propertyDefinitions") {
            Some(Value::Object(defs)) => {
                for (name, def) in defs {
                    let path = format!("propertyDefinitions.{name}");
                    if name.trim().is_empty() || name.chars().any(char::is_control) {
                        errs.push(&path, "a property name must not be blank or contain control characters");
                        continue;
                    }
                    if let Some(d) = parse_definition(def, &path, own_source, &mut errs) {
                        property_definitions.insert(name.clone(), d);
                    }
                }
            }
            Some(_) => errs.push("propertyDefinitions", "must be an object"),
            None => errs.push("propertyDefinitions", "is required"),
        }
        let extra = rest(obj, &["description", "subjectsAreDependent", "propertyDefinitions"]);
        if errs.0.is_empty() {
            Ok(Schema { description, subjects_are_dependent, property_definitions, extra })
        } else {
            Err(errs)
        }
    }
}

fn parse_definition(v: &Value, path: &str, own: &SourceKey, errs: &mut SchemaErrors) -> Option<PropertyDefinition> {
    let Some(obj) = v.as_object() else {
        errs.push(path, "a property definition is a JSON object");
        return None;
    };
    let type_name = match obj.get("type") {
        Some(Value::String(s)) if !s.is_empty() => s.clone(),
        Some(Value::Object(_)) => {
            errs.push(format!("{path}.type"), "severity is not accepted on \"type\"");
            return None;
        }
        _ => {
            errs.push(format!("{path}.type"), "is required and must be a non-empty string");
            return None;
        }
    };
    let before = errs.0.len();
    let description = string_field(obj, "description", &format!("{path}.description"), errs);
    let default = obj.get("default").filter(|d| !d.is_null()).cloned();
    let ty = types::lookup(&type_name);
    let mut f = Fields { obj, path, own, errs };
    let required = f.flag("required");
    let kind = ty.map_or(PropertyKind::Unregistered, |t| t.parse(&mut f));
    let keys = ty.map_or(&[][..], |t| t.fields());
    let known: Vec<&str> = COMMON_KEYS.iter().chain(keys.iter()).copied().collect();
    let extra = rest(obj, &known);
    (errs.0.len() == before).then_some(PropertyDefinition { type_name, description, required, default, kind, extra })
}

fn string_field(obj: &Map<String, Value>, key: &str, path: &str, errs: &mut SchemaErrors) -> String {
    match obj.get(key) {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(s)) => s.clone(),
        Some(_) => {
            errs.push(path, "must be a string");
            String::new()
        }
    }
}

fn rest(obj: &Map<String, Value>, known: &[&str]) -> Map<String, Value> {
    obj.iter().filter(|(k, _)| !known.contains(&k.as_str())).map(|(k, v)| (k.clone(), v.clone())).collect()
}
