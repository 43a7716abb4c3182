//! A value of a Cypher statement's parameters: JSON's shapes, with strings and numbers borrowed from
//! the page content where they can be, and maps as lists of entries in their order.
//!
//! The projection builds its rows in this form rather than as `serde_json::Value`: a rebuild batch
//! holds tens of thousands of rows, and a `Value` tree copies every string and hashes every key
//! into a map only for the tree to be written out as a literal (`literal.rs`) and dropped. It
//! serializes to the JSON a `Value` of the same shape gives.

use serde::ser::{Serialize, SerializeMap, SerializeSeq, Serializer};
use serde_json::{Number, Value};
use std::borrow::Cow;

#[derive(Debug, Clone, PartialEq)]
pub enum Param<'a> {
    Null,
    Bool(bool),
    Int(i64),
    Number(Cow<'a, Number>),
    Text(Cow<'a, str>),
    List(Vec<Param<'a>>),
    Map(Entries<'a>),
}

/// A map's entries in order, keys unique.
pub type Entries<'a> = Vec<(Cow<'a, str>, Param<'a>)>;

/// Sets `key` in `entries`: a key already there keeps its place and takes the new value, as in a
/// JSON object built key by key.
pub fn put<'a>(entries: &mut Entries<'a>, key: Cow<'a, str>, value: Param<'a>) {
    match entries.iter_mut().find(|(k, _)| *k == key) {
        Some((_, slot)) => *slot = value,
        None => entries.push((key, value)),
    }
}

impl<'a> Param<'a> {
    pub fn text(s: &'a str) -> Self {
        Param::Text(Cow::Borrowed(s))
    }

    /// A map of fixed keys, the rows' usual form.
    pub fn map<const N: usize>(entries: [(&'static str, Param<'a>); N]) -> Self {
        Param::Map(entries.into_iter().map(|(k, v)| (Cow::Borrowed(k), v)).collect())
    }
}

impl<'a> From<&'a Value> for Param<'a> {
    fn from(value: &'a Value) -> Self {
        match value {
            Value::Null => Param::Null,
            Value::Bool(b) => Param::Bool(*b),
            Value::Number(n) => Param::Number(Cow::Borrowed(n)),
            Value::String(s) => Param::text(s),
            Value::Array(items) => Param::List(items.iter().map(Param::from).collect()),
            Value::Object(map) => {
                Param::Map(map.iter().map(|(k, v)| (Cow::Borrowed(k.as_str()), Param::from(v))).collect())
            }
        }
    }
}

impl From<i64> for Param<'_> {
    fn from(i: i64) -> Self {
        Param::Int(i)
    }
}

impl<'a> From<Vec<Param<'a>>> for Param<'a> {
    fn from(items: Vec<Param<'a>>) -> Self {
        Param::List(items)
    }
}

impl Serialize for Param<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Param::Null => serializer.serialize_unit(),
            Param::Bool(b) => serializer.serialize_bool(*b),
            Param::Int(i) => serializer.serialize_i64(*i),
            Param::Number(n) => n.serialize(serializer),
            Param::Text(s) => serializer.serialize_str(s),
            Param::List(items) => {
                let mut seq = serializer.serialize_seq(Some(items.len()))?;
                for item in items {
                    seq.serialize_element(item)?;
                }
                seq.end()
            }
            Param::Map(entries) => serialize_entries(entries, serializer),
        }
    }
}

/// Entries as a JSON object.
pub fn serialize_entries<K: AsRef<str>, S: Serializer>(
    entries: &[(K, Param<'_>)],
    serializer: S,
) -> Result<S::Ok, S::Error> {
    let mut map = serializer.serialize_map(Some(entries.len()))?;
    for (k, v) in entries {
        map.serialize_entry(k.as_ref(), v)?;
    }
    map.end()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn serializes_as_the_json_value_it_was_read_from() {
        let value = json!({"a": [1, 2.5, -3, "x'y", null, true], "b": {"": {}}, "c": [], "d": 18446744073709551615u64});
        assert_eq!(serde_json::to_value(Param::from(&value)).unwrap(), value);
        assert_eq!(serde_json::to_string(&Param::from(&value)).unwrap(), value.to_string(), "same text, keys in order");
    }

    #[test]
    fn a_key_set_twice_keeps_its_place() {
        let mut entries = Entries::new();
        put(&mut entries, "a".into(), Param::Int(1));
        put(&mut entries, "b".into(), Param::Int(2));
        put(&mut entries, "a".into(), Param::Int(3));
        assert_eq!(serde_json::to_value(Param::Map(entries)).unwrap(), json!({"a": 3, "b": 2}));
        assert_eq!(
            serde_json::to_string(&Param::map([("z", Param::Null), ("y", Param::from(1))])).unwrap(),
            r#"{"z":null,"y":1}"#
        );
    }
}
