//! The value mapping: which RDF object each Statement value part becomes.

use super::quad::Object;
use super::vocab::*;
use crate::domain::mapping::iri::is_absolute_iri;
use crate::domain::property_type::PropertyType;
use crate::domain::schema::{PropertyDefinition, PropertyKind};
use crate::domain::statement::StatementValue;
use crate::domain::temporal::{parse_date, parse_date_time};
use serde_json::{Number, Value};
use std::borrow::Cow;

/// The objects of a Statement read with the writer's type `ty`, one per value part. Relations are
/// projected separately; a value whose shape does not fit `ty` gives nothing. `definition` is the
/// Schema's definition of the property (select labels come from it). A part repeated in the value
/// (stored as written, reported by `uniqueItems`) is one triple, so it is given once.
pub fn statement_objects<'a>(ty: PropertyType, value: &'a StatementValue, definition: &'a PropertyDefinition) -> Vec<Object<'a>> {
    let mut unique: Vec<Object<'a>> = Vec::new();
    for object in all_objects(ty, value, definition) {
        if !unique.contains(&object) {
            unique.push(object);
        }
    }
    unique
}

fn all_objects<'a>(ty: PropertyType, value: &'a StatementValue, definition: &'a PropertyDefinition) -> Vec<Object<'a>> {
    match (ty, value) {
        (PropertyType::Text, StatementValue::Strings(parts)) => parts.iter().map(|p| Object::string(p.as_str())).collect(),
        (PropertyType::Select, StatementValue::Strings(parts)) => parts.iter().map(|p| Object::string(option_label(definition, p))).collect(),
        (PropertyType::Url, StatementValue::Strings(parts)) => parts.iter().map(|p| url(p)).collect(),
        (PropertyType::Date, StatementValue::Strings(parts)) => parts.iter().map(|p| checked(p, XSD_DATE, parse_date(p).is_some())).collect(),
        (PropertyType::DateTime, StatementValue::Strings(parts)) => {
            parts.iter().map(|p| checked(p, XSD_DATE_TIME, parse_date_time(p).is_some())).collect()
        }
        (PropertyType::Number, StatementValue::Number(n)) => vec![number(n)],
        (PropertyType::Boolean, StatementValue::Boolean(b)) => vec![boolean(*b)],
        (PropertyType::MonolingualText, StatementValue::Monolingual(parts)) => {
            parts.iter().map(|p| Object::LangLiteral { value: p.text.as_str().into(), language: p.language.as_str().into() }).collect()
        }
        _ => vec![],
    }
}

/// A scalar relation-property value: strings as `xsd:string`, numbers and booleans as for Statements.
/// Anything else is dropped.
pub fn relation_property_object(v: &Value) -> Option<Object<'_>> {
    match v {
        Value::String(s) => Some(Object::string(s.as_str())),
        Value::Number(n) => Some(number(n)),
        Value::Bool(b) => Some(boolean(*b)),
        _ => None,
    }
}

/// `xsd:integer` when fractionless, else `xsd:decimal`; never in scientific notation (Rust's float
/// formatting writes every digit).
pub fn number(n: &Number) -> Object<'static> {
    if let Some(i) = n.as_i64() {
        return Object::literal(i.to_string(), XSD_INTEGER);
    }
    if let Some(u) = n.as_u64() {
        return Object::literal(u.to_string(), XSD_INTEGER);
    }
    let f = n.as_f64().unwrap_or_default();
    let f = if f == 0.0 { 0.0 } else { f }; // no "-0"
    let datatype = if f.fract() == 0.0 { XSD_INTEGER } else { XSD_DECIMAL };
    Object::literal(f.to_string(), datatype)
}

fn boolean(b: bool) -> Object<'static> {
    Object::literal(if b { "true" } else { "false" }, XSD_BOOLEAN)
}

/// An absolute IRI becomes an IRI object; anything else (`acme.example`) an `xsd:anyURI` literal.
fn url(part: &str) -> Object<'_> {
    if is_absolute_iri(part) {
        Object::Iri(Cow::Borrowed(part))
    } else {
        Object::literal(part, XSD_ANY_URI)
    }
}

/// A date or date-time that does not parse is kept as an `xsd:string`, never as an ill-typed literal.
fn checked<'a>(part: &'a str, datatype: &'static str, valid: bool) -> Object<'a> {
    Object::literal(part, if valid { datatype } else { XSD_STRING })
}

/// The option's label through the current Schema; the stored id when the option no longer exists.
fn option_label<'a>(definition: &'a PropertyDefinition, id: &'a str) -> &'a str {
    match &definition.kind {
        PropertyKind::Select { options, .. } => options.value.iter().find(|o| o.id == id).map_or(id, |o| o.label.as_str()),
        _ => id,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::ids::SourceKey;
    use crate::domain::language_tag::LanguageTag;
    use crate::domain::schema::Schema;
    use crate::domain::statement::MonolingualPart;
    use serde_json::json;

    fn lit(value: &str, datatype: &'static str) -> Object<'static> {
        Object::literal(value.to_owned(), datatype)
    }

    fn definition(ty: &str) -> PropertyDefinition {
        let schema = json!({"propertyDefinitions": {"P": {"type": ty, "options": [{"id": "o1", "label": "Active"}], "targetSchemas": ["X"]}}});
        let schema = Schema::from_json(&schema, &SourceKey::parse("local").unwrap()).unwrap();
        schema.property_definitions["P"].clone()
    }

    fn strings(parts: &[&str]) -> StatementValue {
        StatementValue::Strings(parts.iter().map(|s| s.to_string()).collect())
    }

    #[test]
    fn value_mapping_per_type() {
        let mono = StatementValue::Monolingual(vec![
            MonolingualPart { text: "Haus".into(), language: LanguageTag::parse("de").unwrap() },
            MonolingualPart { text: "house".into(), language: LanguageTag::parse("en-GB").unwrap() },
        ]);
        let cases: Vec<(PropertyType, &str, StatementValue, Vec<Object>)> = vec![
            (PropertyType::Text, "text", strings(&["a", "b c"]), vec![Object::string("a"), Object::string("b c")]),
            (PropertyType::Text, "text", strings(&["b", "a", "b"]), vec![Object::string("b"), Object::string("a")]),
            (PropertyType::Select, "select", strings(&["o1"]), vec![Object::string("Active")]),
            (PropertyType::Select, "select", strings(&["gone"]), vec![Object::string("gone")]),
            (PropertyType::Select, "text", strings(&["o1"]), vec![Object::string("o1")]),
            (PropertyType::Url, "url", strings(&["https://acme.example/a?b#c"]), vec![Object::Iri("https://acme.example/a?b#c".into())]),
            (PropertyType::Url, "url", strings(&["acme.example"]), vec![lit("acme.example", XSD_ANY_URI)]),
            (PropertyType::Url, "url", strings(&["https://a b.example"]), vec![lit("https://a b.example", XSD_ANY_URI)]),
            (PropertyType::Date, "date", strings(&["1685-03-21"]), vec![lit("1685-03-21", XSD_DATE)]),
            (PropertyType::Date, "date", strings(&["1685-02-30"]), vec![lit("1685-02-30", XSD_STRING)]),
            (PropertyType::DateTime, "dateTime", strings(&["2024-01-01T10:00:00+01:00"]), vec![lit("2024-01-01T10:00:00+01:00", XSD_DATE_TIME)]),
            (PropertyType::DateTime, "dateTime", strings(&["2024-01-01T10:00:00"]), vec![lit("2024-01-01T10:00:00", XSD_STRING)]),
            (PropertyType::Number, "number", StatementValue::Number(json!(2005).as_number().unwrap().clone()), vec![lit("2005", XSD_INTEGER)]),
            (PropertyType::Boolean, "boolean", StatementValue::Boolean(true), vec![lit("true", XSD_BOOLEAN)]),
            (PropertyType::Boolean, "boolean", StatementValue::Boolean(false), vec![lit("false", XSD_BOOLEAN)]),
            (PropertyType::MonolingualText, "monolingualText", mono, vec![Object::LangLiteral { value: "Haus".into(), language: "de".into() }, Object::LangLiteral { value: "house".into(), language: "en-gb".into() }]),
            (PropertyType::Number, "number", strings(&["12"]), vec![]),
            (PropertyType::Relation, "relation", StatementValue::Relations(vec![]), vec![]),
        ];
        for (ty, def_ty, value, want) in cases {
            assert_eq!(statement_objects(ty, &value, &definition(def_ty)), want, "{ty:?} {value:?}");
        }
    }

    #[test]
    fn numbers() {
        let cases = [
            (json!(0), "0", XSD_INTEGER),
            (json!(-7), "-7", XSD_INTEGER),
            (json!(u64::MAX), "18446744073709551615", XSD_INTEGER),
            (json!(2005.0), "2005", XSD_INTEGER),
            (json!(-0.0), "0", XSD_INTEGER),
            (json!(1.5), "1.5", XSD_DECIMAL),
            (json!(-0.25), "-0.25", XSD_DECIMAL),
            (json!(1e21), "1000000000000000000000", XSD_INTEGER),
            (json!(1.5e-7), "0.00000015", XSD_DECIMAL),
            (json!(123456789.125), "123456789.125", XSD_DECIMAL),
        ];
        for (n, value, datatype) in cases {
            assert_eq!(number(n.as_number().unwrap()), lit(value, datatype), "{n}");
        }
    }

    #[test]
    fn relation_property_values() {
        let cases = [
            (json!("since 2020"), Some(Object::string("since 2020"))),
            (json!(3), Some(lit("3", XSD_INTEGER))),
            (json!(0.5), Some(lit("0.5", XSD_DECIMAL))),
            (json!(true), Some(lit("true", XSD_BOOLEAN))),
            (json!(null), None),
            (json!(["a"]), None),
            (json!({"a": 1}), None),
        ];
        for (v, want) in cases {
            assert_eq!(relation_property_object(&v), want, "{v}");
        }
    }
}
