//! `time`: times of day, 24-hour, without a date or an offset: `hh:mm`, `hh:mm:ss` or
//! `hh:mm:ss.fraction` (ISO 8601's extended format; a local time, as the spec's graph results
//! give one). A part is stored trimmed, as written, and checked by validation (`invalid-time`). In
//! RDF a valid part is an `xsd:time` literal (`hh:mm` written with `:00`, as `xsd:time` needs
//! seconds), anything else an `xsd:string` literal; a Mapping's `datatype` may replace `xsd:time`.
//! The definition fields are the registry's defaults (`multiple`, `uniqueItems`).
//! `docs/decisions.md` says why; `docs/validation.md` and `docs/rdf.md` list it.

use super::items::{items_json_schema, ItemRules};
use super::{objects_of_parts, MappedLiteral, PropertyType};
use crate::checks::codes::{Code, CodeInfo};
use crate::checks::ValueCheck;
use crate::domain::schema::{PropertyDefinition, PropertyKind};
use crate::domain::statement::StatementValue;
use crate::rdf_terms::vocab::XSD_STRING;
use crate::rdf_terms::Object;
use serde_json::Value;

pub struct Time;

const INVALID_TIME: Code = Code::new(&CodeInfo::invalid_part(
    "invalid-time",
    "A time part is not a time of day hh:mm, hh:mm:ss or hh:mm:ss.fraction (24-hour, no offset).",
));

const XSD_TIME: &str = "http://www.w3.org/2001/XMLSchema#time";

/// The rule of [`is_valid_time`] as a JSON Schema `pattern` (JSON Schema's `format: time` needs an
/// offset, which a time of day has not).
const PATTERN: &str = r"^([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9](\.[0-9]+)?)?$";

impl PropertyType for Time {
    fn name(&self) -> &'static str {
        "time"
    }

    fn compile(&self, kind: &PropertyKind) -> Box<dyn ValueCheck> {
        ItemRules::compile(kind, is_valid_time, INVALID_TIME)
    }

    fn codes(&self) -> &[Code] {
        &[INVALID_TIME]
    }

    fn rdf_objects<'a>(&self, value: &'a StatementValue, _: &'a PropertyDefinition) -> Vec<Object<'a>> {
        objects_of_parts(value, |p| time_literal(p))
    }

    fn mapped_literal(&self) -> MappedLiteral {
        MappedLiteral::Datatype
    }

    fn json_schema(&self, def: &PropertyDefinition) -> Value {
        let mut schema = items_json_schema(&def.kind, None);
        if let Some(item) = schema.get_mut("items").and_then(Value::as_object_mut) {
            item.insert("pattern".into(), PATTERN.into());
        }
        schema
    }
}

/// Whether `s` is a time of day (see the module comment).
pub fn is_valid_time(s: &str) -> bool {
    let b = s.as_bytes();
    let two = |at: usize, max: u8| {
        b.get(at..at + 2).is_some_and(|d| d.iter().all(u8::is_ascii_digit) && (d[0] - b'0') * 10 + (d[1] - b'0') <= max)
    };
    let hh_mm = b.len() >= 5 && two(0, 23) && b[2] == b':' && two(3, 59);
    match b.get(5..) {
        Some([]) => hh_mm,
        Some([b':', _, _]) => hh_mm && two(6, 59),
        Some([b':', _, _, b'.', fraction @ ..]) => {
            hh_mm && two(6, 59) && !fraction.is_empty() && fraction.iter().all(u8::is_ascii_digit)
        }
        _ => false,
    }
}

/// The RDF literal of a part: `xsd:time` when valid (seconds added to `hh:mm`), else `xsd:string`.
fn time_literal(part: &str) -> Object<'_> {
    match (is_valid_time(part), part.len()) {
        (true, 5) => Object::literal(format!("{part}:00"), XSD_TIME),
        (true, _) => Object::literal(part, XSD_TIME),
        (false, _) => Object::literal(part, XSD_STRING),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::ids::{IdMinter, SourceKey};
    use crate::domain::schema::Schema;
    use crate::json::{Arena, Json};
    use crate::types::lookup;
    use crate::types::statement_objects;
    use crate::types::ReadSchema;
    use crate::value_forms::WriteContext;
    use serde_json::json;

    #[test]
    fn times_of_day_are_valid_and_others_not() {
        for (time, valid) in [
            ("09:30", true),
            ("00:00", true),
            ("23:59:59", true),
            ("07:05:00.250", true),
            ("24:00", false),
            ("12:60", false),
            ("12:00:60", false),
            ("9:30", false),
            ("09:30:0", false),
            ("09:30:00.", false),
            ("09:30Z", false),
            ("09:30:00+01:00", false),
            ("09.30", false),
            ("T09:30", false),
            ("", false),
        ] {
            assert_eq!(is_valid_time(time), valid, "{time}");
        }
    }

    #[test]
    fn a_valid_part_is_an_xsd_time_with_seconds_and_an_invalid_one_a_string() {
        let def = Schema::from_json(
            &json!({"propertyDefinitions": {"Opens": {"type": "time"}}}),
            &SourceKey::parse("local").unwrap(),
        )
        .unwrap()
        .property("Opens")
        .unwrap()
        .clone();
        let value = StatementValue::Strings(vec!["09:30".into(), "17:45:30.5".into(), "noon".into()]);
        assert_eq!(
            statement_objects(&Time, &value, &def),
            vec![
                Object::literal("09:30:00", XSD_TIME),
                Object::literal("17:45:30.5", XSD_TIME),
                Object::literal("noon", XSD_STRING)
            ]
        );
    }

    #[test]
    fn it_is_registered_stored_trimmed_and_described_as_json_schema() {
        let ty = lookup("time").expect("time is registered");
        let schema = Schema::from_json(
            &json!({"propertyDefinitions": {"Opens": {"type": "time", "multiple": true, "uniqueItems": true}}}),
            &SourceKey::parse("local").unwrap(),
        )
        .unwrap();
        let def = schema.property("Opens").unwrap();
        let own = SourceKey::parse("local").unwrap();
        let mut minter = IdMinter::new();
        let mut ctx = WriteContext { own_source: &own, minter: &mut minter, now_ms: 0 };
        let arena = Arena::new();
        let written = Json::parse(r#"[" 09:30 "]"#, &arena).unwrap();
        let stored = ty.normalize(&written, Some(def), &bumpalo::Bump::new(), &mut ctx).unwrap().into_owned();
        assert_eq!(stored, StatementValue::Strings(vec!["09:30".into()]));
        assert_eq!(
            ty.json_schema(def),
            json!({"type": "array", "uniqueItems": true, "items": {"type": "string", "pattern": PATTERN}})
        );
        assert_eq!(ty.codes(), &[INVALID_TIME]);
    }
}
