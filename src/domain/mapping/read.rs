//! Reading a Mapping page's JSON. Structure only: every field's presence and JSON type, and the
//! version. Each problem is collected.

use super::{Mapping, MappingErrors, PropertyMapping, Reason, VERSION};
use crate::domain::title::Title;
use indexmap::IndexMap;
use serde_json::{Map, Value};

/// What could be read, field by field, with the structural problems met on the way. Unknown keys are
/// ignored: the format is provisional and later tiers may add keys.
#[derive(Debug, Default)]
pub(super) struct Parts {
    pub schema: Option<Title>,
    pub target: Option<String>,
    pub prefixes: IndexMap<String, String>,
    pub class: Option<String>,
    /// Entries whose own structure is broken are left out.
    pub properties: IndexMap<String, PropertyMapping>,
    pub errors: MappingErrors,
}

impl Mapping {
    /// Reads a structurally valid Mapping; terms, `lang` and `target` are not checked here.
    pub fn from_json(v: &Value) -> Result<Mapping, MappingErrors> {
        let p = Parts::read(v);
        match (p.schema, p.target, p.class) {
            (Some(schema), Some(target), Some(class)) if p.errors.is_empty() => {
                Ok(Mapping { schema, target, prefixes: p.prefixes, class, properties: p.properties })
            }
            _ => Err(p.errors),
        }
    }
}

impl Parts {
    pub fn read(v: &Value) -> Parts {
        let mut p = Parts::default();
        let Some(obj) = v.as_object() else {
            p.errors.push("", Reason::NotAnObject);
            return p;
        };
        match obj.get("version") {
            None => p.errors.push("version", Reason::Missing),
            Some(v) if v.as_u64() == Some(VERSION) => {}
            Some(v) if v.is_number() => p.errors.push("version", Reason::UnsupportedVersion),
            Some(_) => p.errors.push("version", Reason::WrongType("the number 1")),
        }
        p.schema = p.string(obj, "schema", "schema").and_then(|s| match Title::new(&s) {
            Ok(t) => Some(t),
            Err(e) => {
                p.errors.push("schema", Reason::InvalidSchemaName(e.reason.into()));
                None
            }
        });
        p.target = p.string(obj, "target", "target");
        if let Some(prefixes) = p.object(obj, "prefixes", "prefixes", false) {
            for (label, ns) in prefixes {
                match ns {
                    Value::String(ns) => {
                        p.prefixes.insert(label.clone(), ns.clone());
                    }
                    _ => p.errors.push(format!("prefixes.{label}"), Reason::WrongType("a namespace IRI string")),
                }
            }
        }
        if let Some(subject) = p.object(obj, "subject", "subject", true) {
            p.class = p.string(subject, "class", "subject.class");
        }
        if let Some(properties) = p.object(obj, "properties", "properties", true) {
            for (name, entry) in properties {
                let path = format!("properties.{name}");
                let Some(entry) = entry.as_object() else {
                    p.errors.push(path, Reason::WrongType("an object with \"predicate\""));
                    continue;
                };
                let before = p.errors.0.len();
                let predicate = p.string(entry, "predicate", &format!("{path}.predicate"));
                let lang = p.optional_string(entry, "lang", &format!("{path}.lang"));
                let datatype = p.optional_string(entry, "datatype", &format!("{path}.datatype"));
                if let (Some(predicate), true) = (predicate, p.errors.0.len() == before) {
                    p.properties.insert(name.clone(), PropertyMapping { predicate, lang, datatype });
                }
            }
        }
        p
    }

    fn string(&mut self, obj: &Map<String, Value>, key: &str, path: &str) -> Option<String> {
        match obj.get(key) {
            Some(Value::String(s)) => Some(s.clone()),
            None | Some(Value::Null) => {
                self.errors.push(path, Reason::Missing);
                None
            }
            Some(_) => {
                self.errors.push(path, Reason::WrongType("a string"));
                None
            }
        }
    }

    fn optional_string(&mut self, obj: &Map<String, Value>, key: &str, path: &str) -> Option<String> {
        match obj.get(key) {
            None | Some(Value::Null) => None,
            Some(_) => self.string(obj, key, path),
        }
    }

    fn object<'v>(
        &mut self,
        obj: &'v Map<String, Value>,
        key: &str,
        path: &str,
        required: bool,
    ) -> Option<&'v Map<String, Value>> {
        match obj.get(key) {
            Some(Value::Object(o)) => Some(o),
            None | Some(Value::Null) => {
                if required {
                    self.errors.push(path, Reason::Missing);
                }
                None
            }
            Some(_) => {
                self.errors.push(path, Reason::WrongType("an object"));
                None
            }
        }
    }
}
