//! The Schema format read ([`ReadSchema`]) and written in canonical form ([`CanonicalJson`]): the
//! engine that hands each property definition to its type (`parse`, `fields`, `canonical`). It lives
//! here, above `domain`, so that the domain's Schema model names no type; a caller brings the
//! traits in (`use crate::types::{ReadSchema, CanonicalJson}`). Every problem of a Schema is
//! collected, so a refused save lists all its reasons.

use crate::domain::ids::SourceKey;
use crate::domain::schema::{put_flag, Fields, PropertyDefinition, PropertyKind, Schema, SchemaErrors, SchemaRefusal};
use crate::types;
use serde_json::{Map, Value};

const COMMON_KEYS: &[&str] = &["type", "description", "required", "default"];

/// Reading a Schema document.
pub trait ReadSchema: Sized {
    fn parse_str(text: &str, own_source: &SourceKey) -> Result<Self, SchemaErrors>;
    fn from_json(v: &Value, own_source: &SourceKey) -> Result<Self, SchemaErrors>;
}

/// The canonical JSON form of a Schema and of a property definition: fixed key order, defaults
/// omitted, a definition's own fields written by its type's `canonical`.
pub trait CanonicalJson {
    fn to_json(&self) -> Value;
}

impl ReadSchema for Schema {
    fn parse_str(text: &str, own_source: &SourceKey) -> Result<Schema, SchemaErrors> {
        let v: Value = serde_json::from_str(text).map_err(|e| {
            let mut errs = SchemaErrors::default();
            errs.push("", SchemaRefusal::NotJson(e.to_string()));
            errs
        })?;
        Schema::from_json(&v, own_source)
    }

    fn from_json(v: &Value, own_source: &SourceKey) -> Result<Schema, SchemaErrors> {
        let mut errs = SchemaErrors::default();
        let Some(obj) = v.as_object() else {
            errs.push("", SchemaRefusal::NotAnObject);
            return Err(errs);
        };
        let description = string_field(obj, "description", "description", &mut errs);
        let subjects_are_dependent = match obj.get("subjectsAreDependent") {
            None | Some(Value::Null) => false,
            Some(Value::Bool(b)) => *b,
            Some(_) => {
                errs.push("subjectsAreDependent", SchemaRefusal::NotABoolean);
                false
            }
        };
        let mut property_definitions = crate::domain::maps::FastIndexMap::default();
        match obj.get("propertyDefinitions") {
            Some(Value::Object(defs)) => {
                for (name, def) in defs {
                    let path = format!("propertyDefinitions.{name}");
                    if name.trim().is_empty() || name.chars().any(char::is_control) {
                        errs.push(&path, SchemaRefusal::BadPropertyName);
                        continue;
                    }
                    if let Some(d) = parse_definition(def, &path, own_source, &mut errs) {
                        property_definitions.insert(name.clone(), d);
                    }
                }
            }
            Some(_) => errs.push("propertyDefinitions", SchemaRefusal::FieldNotAnObject),
            None => errs.push("propertyDefinitions", SchemaRefusal::Missing),
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
        errs.push(path, SchemaRefusal::DefinitionNotAnObject);
        return None;
    };
    let type_name = match obj.get("type") {
        Some(Value::String(s)) if !s.is_empty() => s.clone(),
        Some(Value::Object(_)) => {
            errs.push(format!("{path}.type"), SchemaRefusal::SeverityNotAccepted("type"));
            return None;
        }
        _ => {
            errs.push(format!("{path}.type"), SchemaRefusal::TypeMissing);
            return None;
        }
    };
    let before = errs.0.len();
    let description = string_field(obj, "description", &format!("{path}.description"), errs);
    let default = obj.get("default").filter(|d| !d.is_null()).cloned();
    let ty = types::lookup(&type_name);
    let mut f = Fields::new(obj, path, own, errs);
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
            errs.push(path, SchemaRefusal::NotAString);
            String::new()
        }
    }
}

fn rest(obj: &Map<String, Value>, known: &[&str]) -> Map<String, Value> {
    obj.iter().filter(|(k, _)| !known.contains(&k.as_str())).map(|(k, v)| (k.clone(), v.clone())).collect()
}

impl CanonicalJson for Schema {
    fn to_json(&self) -> Value {
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

impl CanonicalJson for PropertyDefinition {
    fn to_json(&self) -> Value {
        let mut out = Map::new();
        out.insert("type".into(), self.type_name.clone().into());
        if !self.description.is_empty() {
            out.insert("description".into(), self.description.clone().into());
        }
        put_flag(&mut out, "required", &self.required);
        if let Some(d) = &self.default {
            out.insert("default".into(), d.clone());
        }
        if let Some(t) = types::lookup(&self.type_name) {
            t.canonical(&self.kind, &mut out);
        }
        out.extend(self.extra.clone());
        Value::Object(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::ids::SubjectRef;
    use serde_json::json;

    #[test]
    fn references_read_on_another_source_are_restated_for_this_wiki() {
        let (there, here) = (SourceKey::parse("there").unwrap(), SourceKey::parse("here").unwrap());
        let schema = Schema::from_json(
            &json!({"propertyDefinitions": {"Knows": {"type": "relation",
            "targetSchemas": ["Person", {"source": "here", "name": "Team"}, {"source": "third", "name": "Org"}]}}}),
            &there,
        )
        .unwrap()
        .seen_from(&there, &here);
        let PropertyKind::Relation { target_schemas, .. } = &schema.property("Knows").unwrap().kind else {
            panic!("a relation")
        };
        let shown: Vec<String> = target_schemas.iter().map(ToString::to_string).collect();
        assert_eq!(shown, ["there:Person", "Team", "third:Org"]);
        let restated = |id: &str| SubjectRef::parse(id, &there).unwrap().seen_from(&there, &here).to_string();
        assert_eq!(
            [restated("s1demo1aaaaaaa1"), restated("here:s1demo1aaaaaaa2"), restated("third:q1")],
            ["there:s1demo1aaaaaaa1", "s1demo1aaaaaaa2", "third:q1"]
        );
    }
}
