//! `SchemaRef`: the name of a Schema, local or qualified by a source key.

use crate::domain::ids::SourceKey;
use crate::domain::title::Title;
use crate::json::{Arena, Json};
use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::Value;
use std::fmt;

/// A Schema named by a Subject or by a relation's `targetSchemas`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SchemaRef {
    /// A Schema of this wiki, by its title without namespace prefix.
    Local(Title),
    /// A Schema held by another source.
    Foreign { source: SourceKey, name: Title },
}

impl SchemaRef {
    /// Reads a string or a `{source, name}` object. Naming this wiki's own source gives `Local`.
    pub fn from_json(v: &Value, own_source: &SourceKey) -> Result<Self, String> {
        Self::read(&Json::from_value(v, &Arena::new()), own_source)
    }

    /// [`SchemaRef::from_json`] of a parsed document.
    pub fn read(v: &Json, own_source: &SourceKey) -> Result<Self, String> {
        match v {
            Json::String(s) => Title::new(s).map(SchemaRef::Local).map_err(|e| e.to_string()),
            Json::Object(o) => {
                let source = o
                    .get("source")
                    .and_then(Json::as_str)
                    .ok_or("a Schema reference object needs a string \"source\"")?;
                let name =
                    o.get("name").and_then(Json::as_str).ok_or("a Schema reference object needs a string \"name\"")?;
                if let Some(k) = o.keys().find(|k| *k != "source" && *k != "name") {
                    return Err(format!("a Schema reference object has only \"source\" and \"name\", not \"{k}\""));
                }
                let source = SourceKey::parse(source).map_err(|e| e.to_string())?;
                let name = Title::new(name).map_err(|e| e.to_string())?;
                Ok(if &source == own_source { SchemaRef::Local(name) } else { SchemaRef::Foreign { source, name } })
            }
            _ => Err("a Schema reference is a string or a {source, name} object".into()),
        }
    }

    pub fn to_json(&self) -> Value {
        serde_json::to_value(self).expect("a Schema reference serializes to JSON")
    }

    /// The Schema name: the title for both local and foreign references.
    pub fn name(&self) -> &Title {
        match self {
            SchemaRef::Local(t) | SchemaRef::Foreign { name: t, .. } => t,
        }
    }

    /// A reference read on source `from` (bare names are that source's), restated for this wiki:
    /// `from`'s Schemas become foreign, and a reference to `own` becomes local.
    pub fn seen_from(self, from: &SourceKey, own: &SourceKey) -> Self {
        match self {
            SchemaRef::Local(name) => SchemaRef::Foreign { source: from.clone(), name },
            SchemaRef::Foreign { source, name } if &source == own => SchemaRef::Local(name),
            other => other,
        }
    }

    pub fn local(&self) -> Option<&Title> {
        match self {
            SchemaRef::Local(t) => Some(t),
            SchemaRef::Foreign { .. } => None,
        }
    }
}

/// The stored form: the title for a local Schema, `{source, name}` for another source's.
impl Serialize for SchemaRef {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            SchemaRef::Local(t) => serializer.serialize_str(t.as_str()),
            SchemaRef::Foreign { source, name } => {
                let mut map = serializer.serialize_map(Some(2))?;
                map.serialize_entry("source", source.as_str())?;
                map.serialize_entry("name", name.as_str())?;
                map.end()
            }
        }
    }
}

impl fmt::Display for SchemaRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SchemaRef::Local(t) => write!(f, "{t}"),
            SchemaRef::Foreign { source, name } => write!(f, "{source}:{name}"),
        }
    }
}
