//! The toolkit the property types' `rdf_objects` (`crate::types`) build their objects with, and
//! relation-property values. It names no type: `types::statement_objects` asks the type.

use super::quad::Object;
use super::vocab::*;
use crate::domain::mapping::iri::is_absolute_iri;
use crate::domain::relation_properties::RelationPropertyValue;
use crate::domain::schema::{PropertyDefinition, PropertyKind};
use serde_json::Number;
use std::borrow::Cow;

/// A scalar relation-property value: strings as `xsd:string`, numbers and booleans as for Statements.
/// A value kept as read that is not a scalar is dropped.
pub fn relation_property_object(v: &RelationPropertyValue) -> Option<Object<'_>> {
    match v {
        RelationPropertyValue::String(s) => Some(Object::string(s.as_str())),
        RelationPropertyValue::Number(n) => Some(number(n)),
        RelationPropertyValue::Boolean(b) => Some(boolean(*b)),
        RelationPropertyValue::Kept(_) => None,
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

pub fn boolean(b: bool) -> Object<'static> {
    Object::literal(if b { "true" } else { "false" }, XSD_BOOLEAN)
}

/// An absolute IRI becomes an IRI object; anything else (`acme.example`) an `xsd:anyURI` literal.
pub fn url(part: &str) -> Object<'_> {
    if is_absolute_iri(part) {
        Object::Iri(Cow::Borrowed(part))
    } else {
        Object::literal(part, XSD_ANY_URI)
    }
}

/// A date or date-time that does not parse is kept as an `xsd:string`, never as an ill-typed literal.
pub fn checked<'a>(part: &'a str, datatype: &'static str, valid: bool) -> Object<'a> {
    Object::literal(part, if valid { datatype } else { XSD_STRING })
}

/// The option's label through the current Schema; the stored id when the option no longer exists.
pub fn option_label<'a>(definition: &'a PropertyDefinition, id: &'a str) -> &'a str {
    match &definition.kind {
        PropertyKind::Select { options, .. } => {
            options.value.iter().find(|o| o.id == id).map_or(id, |o| o.label.as_str())
        }
        _ => id,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::relation_properties::RelationProperties;
    use serde_json::json;

    fn lit(value: &str, datatype: &'static str) -> Object<'static> {
        Object::literal(value.to_owned(), datatype)
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
            let stored = RelationProperties::from(json!({"p": v}).as_object().unwrap());
            let (_, value) = stored.iter().next().unwrap();
            assert_eq!(relation_property_object(value), want, "{v}");
        }
    }
}
