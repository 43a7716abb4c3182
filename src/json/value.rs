//! Conversions between [`Json`] and [`serde_json::Value`], for callers that hold a `Value` and for
//! the parts of content kept verbatim.

use super::{Arena, Json, JsonObject};
use serde_json::{Map, Value};

impl<'a> Json<'a> {
    /// The document of a `Value`, its strings borrowed and its containers in `arena`.
    pub fn from_value(v: &'a Value, arena: &'a Arena) -> Self {
        match v {
            Value::Null => Json::Null,
            Value::Bool(b) => Json::Bool(*b),
            Value::Number(n) => Json::Number(n),
            Value::String(s) => Json::String(s),
            Value::Array(a) => Json::Array(arena.slice(a.iter().map(|v| Json::from_value(v, arena)))),
            Value::Object(o) => Json::Object(JsonObject::from_map(o, arena)),
        }
    }

    pub fn to_value(&self) -> Value {
        match self {
            Json::Null => Value::Null,
            Json::Bool(b) => Value::Bool(*b),
            Json::Number(n) => Value::Number((*n).clone()),
            Json::String(s) => Value::String((*s).to_owned()),
            Json::Array(a) => Value::Array(a.iter().map(Json::to_value).collect()),
            Json::Object(o) => Value::Object(o.to_map()),
        }
    }
}

impl<'a> JsonObject<'a> {
    /// The members of a `Map`, in its order (whose keys are already unique).
    pub fn from_map(o: &'a Map<String, Value>, arena: &'a Arena) -> Self {
        JsonObject(arena.slice(o.iter().map(|(k, v)| (k.as_str(), Json::from_value(v, arena)))))
    }

    pub fn to_map(&self) -> Map<String, Value> {
        self.iter().map(|(k, v)| (k.to_owned(), v.to_value())).collect()
    }
}
