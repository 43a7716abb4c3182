//! Conversions between [`Json`] and [`serde_json::Value`], for callers that hold a `Value` and for
//! the parts of content kept verbatim.

use super::{Json, JsonObject};
use serde_json::{Map, Value};
use std::borrow::Cow;

impl<'a> From<&'a Value> for Json<'a> {
    fn from(v: &'a Value) -> Self {
        match v {
            Value::Null => Json::Null,
            Value::Bool(b) => Json::Bool(*b),
            Value::Number(n) => Json::Number(n.clone()),
            Value::String(s) => Json::String(Cow::Borrowed(s)),
            Value::Array(a) => Json::Array(a.iter().map(Json::from).collect()),
            Value::Object(o) => Json::Object(o.into()),
        }
    }
}

impl<'a> From<&'a Map<String, Value>> for JsonObject<'a> {
    fn from(o: &'a Map<String, Value>) -> Self {
        JsonObject(o.iter().map(|(k, v)| (Cow::Borrowed(k.as_str()), Json::from(v))).collect())
    }
}

impl Json<'_> {
    pub fn to_value(&self) -> Value {
        match self {
            Json::Null => Value::Null,
            Json::Bool(b) => Value::Bool(*b),
            Json::Number(n) => Value::Number(n.clone()),
            Json::String(s) => Value::String(s.clone().into_owned()),
            Json::Array(a) => Value::Array(a.iter().map(Json::to_value).collect()),
            Json::Object(o) => Value::Object(o.to_map()),
        }
    }
}

impl JsonObject<'_> {
    pub fn to_map(&self) -> Map<String, Value> {
        self.iter().map(|(k, v)| (k.to_owned(), v.to_value())).collect()
    }
}
