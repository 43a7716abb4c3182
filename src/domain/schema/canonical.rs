//! The canonical JSON form of a Schema: fixed key order, defaults omitted, a definition's own fields
//! written by its type's `canonical` (`crate::types`) with the helpers of `canonical_fields`.

use super::canonical_fields::put_flag;
use super::{PropertyDefinition, Schema};
use crate::types;
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
        if let Some(t) = types::lookup(&self.type_name) {
            t.canonical(&self.kind, &mut out);
        }
        out.extend(self.extra.clone());
        Value::Object(out)
    }
}
