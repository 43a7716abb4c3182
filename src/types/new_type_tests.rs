//! A new property type is one file plus its line in `REGISTRY`: this file writes one, a test-only
//! `postalCode` with a definition field of its own, `region`, implementing only what
//! differs from the registry's defaults. Its definition needs no `PropertyKind` variant of its own
//! ([`PropertyKind::Own`]); parsing, canonical output, storage, checks and JSON Schema all work
//! from this impl alone.

use super::items::ItemRules;
use super::PropertyType;
use crate::checks::codes::{Code, CodeInfo};
use crate::checks::ValueCheck;
use crate::domain::ids::{IdMinter, SourceKey};
use crate::domain::schema::{Fields, PropertyDefinition, PropertyKind, SchemaErrors};
use crate::domain::statement::StatementValue;
use crate::json::{Arena, Json};
use crate::value_forms::WriteContext;
use serde_json::{json, Map, Value};

struct PostalCode;

const INVALID: Code = Code::new(&CodeInfo::invalid_part("invalid-test-postal-code", "not a postal code"));

impl PropertyType for PostalCode {
    fn name(&self) -> &'static str {
        "postalCode"
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
        let items =
            PropertyKind::Items { multiple: crate::domain::schema::Constraint::warning(true), unique_items: None };
        ItemRules::compile(&items, |p| p.bytes().all(|b| b.is_ascii_alphanumeric() || b == b' '), INVALID)
    }
}

fn parse(definition: Value) -> (PropertyKind, SchemaErrors) {
    let own = SourceKey::parse("local").unwrap();
    let mut errs = SchemaErrors::default();
    let obj = definition.as_object().unwrap().clone();
    let kind = PostalCode.parse(&mut Fields::new(&obj, "propertyDefinitions.Code", &own, &mut errs));
    (kind, errs)
}

#[test]
fn a_type_with_a_field_of_its_own_parses_and_writes_it_back_without_a_variant_of_its_own() {
    let (kind, errs) = parse(json!({"type": "postalCode", "region": "at", "multiple": true}));
    assert!(errs.0.is_empty(), "{errs}");
    assert!(matches!(&kind, PropertyKind::Own { multiple, .. } if multiple.value));
    let mut out = Map::new();
    PostalCode.canonical(&kind, &mut out);
    assert_eq!(Value::Object(out), json!({"region": "AT"}));
    let (_, errs) = parse(json!({"type": "postalCode", "region": 43}));
    assert_eq!(errs.to_string(), "propertyDefinitions.Code.region: must be a two-letter region code");
}

#[test]
fn the_defaults_store_check_and_describe_its_values() {
    let (kind, _) = parse(json!({"type": "postalCode"}));
    let def = PropertyDefinition {
        type_name: "postalCode".into(),
        description: String::new(),
        required: None,
        default: None,
        kind,
        extra: Map::new(),
    };
    let own = SourceKey::parse("local").unwrap();
    let mut minter = IdMinter::new();
    let mut ctx = WriteContext { own_source: &own, minter: &mut minter, now_ms: 0 };
    let arena = Arena::new();
    let written = Json::parse(r#"[" A-1010 ", "x"]"#, &arena).unwrap();
    let stored = PostalCode.normalize(&written, Some(&def), &bumpalo::Bump::new(), &mut ctx).unwrap().into_owned();
    assert_eq!(stored, StatementValue::Strings(vec!["A-1010".into(), "x".into()]));
    assert_eq!(PostalCode.json_schema(&def), json!({"type": "array", "items": {"type": "string"}}));
    assert_eq!(PostalCode.shape(), super::ValueShape::Strings);
    assert_eq!(PostalCode.rdf_objects(&stored, &def).len(), 2);
}
