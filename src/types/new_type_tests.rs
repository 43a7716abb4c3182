//! A new property type is one file plus its line in `REGISTRY`: this file writes one, `phoneNumber`
//! (reserved by the spec) with a definition field of its own, `region`, implementing only what
//! differs from the registry's defaults. Its definition needs no `PropertyKind` variant of its own
//! ([`PropertyKind::Own`]); parsing, canonical output, storage, checks and JSON Schema all work
//! from this impl alone.

use super::items::ItemRules;
use super::PropertyType;
use crate::domain::ids::{IdMinter, SourceKey};
use crate::domain::schema::{Fields, PropertyDefinition, PropertyKind, SchemaErrors};
use crate::domain::statement::StatementValue;
use crate::json::Json;
use crate::normalize::WriteContext;
use crate::validation::types::ValueCheck;
use crate::validation::codes::{Code, CodeInfo};
use serde_json::{json, Map, Value};

struct PhoneNumber;

const INVALID: Code = Code::new(&CodeInfo::invalid_part("invalid-test-number", "not a number"));

impl PropertyType for PhoneNumber {
    fn name(&self) -> &'static str {
        "phoneNumber"
    }

    fn fields(&self) -> &'static [&'static str] {
        &["multiple", "region"]
    }

    fn parse(&self, f: &mut Fields) -> PropertyKind {
        let mut fields = Map::new();
        match f.get("region") {
            None | Some(Value::Null) => {}
            Some(Value::String(r)) if r.len() == 2 && r.bytes().all(|b| b.is_ascii_alphabetic()) => {
                fields.insert("region".into(), r.to_ascii_uppercase().into());
            }
            Some(_) => f.error(Some("region"), "must be a two-letter region code"),
        }
        PropertyKind::Own { multiple: f.multiple(), fields }
    }

    fn canonical(&self, kind: &PropertyKind, out: &mut Map<String, Value>) {
        if let PropertyKind::Own { fields, .. } = kind {
            out.extend(fields.clone());
        }
    }

    fn compile(&self, _: &PropertyKind) -> Box<dyn ValueCheck> {
        let items = PropertyKind::Items { multiple: crate::domain::schema::Constraint::warning(true), unique_items: None };
        ItemRules::compile(&items, |p| p.starts_with('+') && p[1..].bytes().all(|b| b.is_ascii_digit() || b == b' '), INVALID)
    }
}

fn parse(definition: Value) -> (PropertyKind, SchemaErrors) {
    let own = SourceKey::parse("local").unwrap();
    let mut errs = SchemaErrors::default();
    let obj = definition.as_object().unwrap().clone();
    let kind = PhoneNumber.parse(&mut Fields::new(&obj, "propertyDefinitions.Phone", &own, &mut errs));
    (kind, errs)
}

#[test]
fn a_type_with_a_field_of_its_own_parses_and_writes_it_back_without_a_variant_of_its_own() {
    let (kind, errs) = parse(json!({"type": "phoneNumber", "region": "at", "multiple": true}));
    assert!(errs.0.is_empty(), "{errs}");
    assert!(matches!(&kind, PropertyKind::Own { multiple, .. } if multiple.value));
    let mut out = Map::new();
    PhoneNumber.canonical(&kind, &mut out);
    assert_eq!(Value::Object(out), json!({"region": "AT"}));
    let (_, errs) = parse(json!({"type": "phoneNumber", "region": 43}));
    assert_eq!(errs.to_string(), "propertyDefinitions.Phone.region: must be a two-letter region code");
}

#[test]
fn the_defaults_store_check_and_describe_its_values() {
    let (kind, _) = parse(json!({"type": "phoneNumber"}));
    let def = PropertyDefinition { type_name: "phoneNumber".into(), description: String::new(), required: None, default: None, kind, extra: Map::new() };
    let own = SourceKey::parse("local").unwrap();
    let mut minter = IdMinter::new();
    let mut ctx = WriteContext { own_source: &own, minter: &mut minter, now_ms: 0 };
    let stored = PhoneNumber.normalize(&Json::parse(r#"[" +43 1 234 ", "x"]"#).unwrap(), Some(&def), &mut ctx).unwrap();
    assert_eq!(stored, StatementValue::Strings(vec!["+43 1 234".into(), "x".into()]));
    assert_eq!(PhoneNumber.json_schema(&def), json!({"type": "array", "items": {"type": "string"}}));
    assert_eq!(PhoneNumber.shape(), super::ValueShape::Strings);
    assert_eq!(PhoneNumber.rdf_objects(&stored, &def).len(), 2);
}
