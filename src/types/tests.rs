//! The registry's tests: one name per type, the RDF value mapping of every type, and the `email`
//! type end to end (syntax, normalization, checks, RDF, graph value, JSON Schema); type names
//! compared.

use super::email::{is_valid_email, mailto};
use super::*;
use crate::domain::ids::{IdMinter, SourceKey};
use crate::domain::language_tag::LanguageTag;
use crate::domain::schema::Schema;
use crate::domain::statement::MonolingualPart;
use crate::domain::statement_view::ValueView;
use crate::json::Arena;
use crate::rdf_terms::vocab::*;
use crate::types::statement_objects;
use serde_json::json;
use std::collections::HashSet;

fn own() -> SourceKey {
    SourceKey::parse("local").unwrap()
}

fn definition(ty: &str, extra: Value) -> PropertyDefinition {
    let mut def = json!({"type": ty, "options": [{"id": "o1", "label": "Active"}], "targetSchemas": ["X"]});
    def.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
    let schema = Schema::from_json(&json!({"propertyDefinitions": {"P": def}}), &own()).unwrap();
    schema.property_definitions["P"].clone()
}

fn strings(parts: &[&str]) -> StatementValue {
    StatementValue::Strings(parts.iter().map(|s| s.to_string()).collect())
}

fn lit(value: &str, datatype: &'static str) -> Object<'static> {
    Object::literal(value.to_owned(), datatype)
}

#[test]
fn every_type_has_one_name() {
    let names: HashSet<&str> = REGISTRY.iter().map(|t| t.name()).collect();
    assert_eq!(names.len(), REGISTRY.len());
    for t in REGISTRY {
        assert_eq!(lookup(t.name()).map(|found| found.name()), Some(t.name()));
        assert!(t.fields().iter().all(|f| !["type", "description", "required", "default"].contains(f)), "{}", t.name());
    }
    for unregistered in ["phoneNumber", "Email", "", "txet"] {
        assert!(lookup(unregistered).is_none(), "{unregistered}");
    }
    let multiple: Vec<&str> = REGISTRY.iter().filter(|t| t.checks_multiple()).map(|t| t.name()).collect();
    assert_eq!(multiple, ["monolingualText", "select", "relation"], "the spec's list");
}

#[test]
fn value_mapping_per_type() {
    let mono = StatementValue::Monolingual(vec![
        MonolingualPart { text: "Haus".into(), language: LanguageTag::parse("de").unwrap() },
        MonolingualPart { text: "house".into(), language: LanguageTag::parse("en-GB").unwrap() },
    ]);
    let cases: Vec<(&str, &str, StatementValue, Vec<Object>)> = vec![
        ("text", "text", strings(&["a", "b c"]), vec![Object::string("a"), Object::string("b c")]),
        ("text", "text", strings(&["b", "a", "b"]), vec![Object::string("b"), Object::string("a")]),
        ("select", "select", strings(&["o1"]), vec![Object::string("Active")]),
        ("select", "select", strings(&["gone"]), vec![Object::string("gone")]),
        ("select", "text", strings(&["o1"]), vec![Object::string("o1")]),
        (
            "url",
            "url",
            strings(&["https://acme.example/a?b#c"]),
            vec![Object::Iri("https://acme.example/a?b#c".into())],
        ),
        ("url", "url", strings(&["acme.example"]), vec![lit("acme.example", XSD_ANY_URI)]),
        ("url", "url", strings(&["https://a b.example"]), vec![lit("https://a b.example", XSD_ANY_URI)]),
        ("date", "date", strings(&["1685-03-21"]), vec![lit("1685-03-21", XSD_DATE)]),
        ("date", "date", strings(&["1685-02-30"]), vec![lit("1685-02-30", XSD_STRING)]),
        (
            "dateTime",
            "dateTime",
            strings(&["2024-01-01T10:00:00+01:00"]),
            vec![lit("2024-01-01T10:00:00+01:00", XSD_DATE_TIME)],
        ),
        ("dateTime", "dateTime", strings(&["2024-01-01T10:00:00"]), vec![lit("2024-01-01T10:00:00", XSD_STRING)]),
        (
            "number",
            "number",
            StatementValue::Number(json!(2005).as_number().unwrap().clone()),
            vec![lit("2005", XSD_INTEGER)],
        ),
        ("boolean", "boolean", StatementValue::Boolean(true), vec![lit("true", XSD_BOOLEAN)]),
        ("boolean", "boolean", StatementValue::Boolean(false), vec![lit("false", XSD_BOOLEAN)]),
        (
            "monolingualText",
            "monolingualText",
            mono,
            vec![
                Object::LangLiteral { value: "Haus".into(), language: "de".into() },
                Object::LangLiteral { value: "house".into(), language: "en-gb".into() },
            ],
        ),
        ("number", "number", strings(&["12"]), vec![]),
        ("relation", "relation", StatementValue::Relations(vec![]), vec![]),
        ("email", "email", strings(&["ada@example.org"]), vec![Object::Iri("mailto:ada@example.org".into())]),
        ("email", "email", strings(&["not an address"]), vec![lit("not an address", XSD_STRING)]),
        ("email", "email", strings(&["a@x.org", "a@x.org"]), vec![Object::Iri("mailto:a@x.org".into())]),
    ];
    for (ty, def_ty, value, want) in cases {
        assert_eq!(
            statement_objects(lookup(ty).unwrap(), &value, &definition(def_ty, json!({}))),
            want,
            "{ty} {value:?}"
        );
    }
}

/// The HTML standard's "valid e-mail address" within SMTP's lengths.
#[test]
fn email_syntax() {
    let long_local = "a".repeat(64);
    let too_long_local = "a".repeat(65);
    let long_label = "b".repeat(63);
    let too_long_label = "b".repeat(64);
    let domain = format!("{0}.{0}.{0}", "c".repeat(63));
    let total_254 = format!("{}@{domain}", "a".repeat(62));
    let total_255 = format!("{}@{domain}", "a".repeat(63));
    let valid = [
        "ada@example.org".to_owned(),
        "a@b".into(),
        "first.last+tag@sub.example.co.uk".into(),
        "o'brien@example.ie".into(),
        "x!#$%&'*+/=?^_`{|}~-@example.org".into(),
        "UPPER@EXAMPLE.ORG".into(),
        "a@xn--bcher-kva.example".into(),
        "a@1-2.example".into(),
        format!("{long_local}@example.org"),
        format!("a@{long_label}.org"),
        total_254.clone(),
    ];
    let invalid = [
        "".to_owned(),
        "plain".into(),
        "@example.org".into(),
        "ada@".into(),
        "ada@@example.org".into(),
        "a@b@example.org".into(),
        "ada @example.org".into(),
        "ada@exa mple.org".into(),
        "ada@-example.org".into(),
        "ada@example-.org".into(),
        "ada@example..org".into(),
        "ada@.example.org".into(),
        "ada@example.org.".into(),
        "ada@exa_mple.org".into(),
        "\"quoted\"@example.org".into(),
        "(comment)ada@example.org".into(),
        "ada@[127.0.0.1]".into(),
        "jörg@example.org".into(),
        "ada@bücher.example".into(),
        "mailto:ada@example.org".into(),
        format!("{too_long_local}@example.org"),
        format!("a@{too_long_label}.org"),
        total_255.clone(),
    ];
    assert_eq!((total_254.len(), total_255.len()), (254, 255));
    for s in &valid {
        assert!(is_valid_email(s), "valid: {s:?}");
    }
    for s in &invalid {
        assert!(!is_valid_email(s), "invalid: {s:?}");
        assert_eq!(mailto(s), None, "{s:?}");
    }
}

#[test]
fn email_mailto_iris_percent_encode_what_rfc_6068_reserves() {
    let cases = [
        ("ada@example.org", "mailto:ada@example.org"),
        ("a.b+c@example.org", "mailto:a.b+c@example.org"),
        ("x#y@example.org", "mailto:x%23y@example.org"),
        ("100%@example.org", "mailto:100%25@example.org"),
        ("a?b&c=d@example.org", "mailto:a%3Fb%26c%3Dd@example.org"),
        ("a/b@example.org", "mailto:a%2Fb@example.org"),
        ("{x}|^`@example.org", "mailto:%7Bx%7D%7C%5E%60@example.org"),
    ];
    for (address, iri) in cases {
        assert_eq!(mailto(address).as_deref(), Some(iri), "{address}");
        assert!(oxiri::Iri::parse(iri).is_ok(), "{iri} is an IRI");
    }
}

fn normalize_email(value: Value) -> Result<StatementValue, NormalizeError> {
    let (own, mut minter) = (own(), IdMinter::default());
    let mut ctx = WriteContext { own_source: &own, minter: &mut minter, now_ms: 0 };
    lookup("email")
        .unwrap()
        .normalize(&Json::from_value(&value, &Arena::new()), None, &bumpalo::Bump::new(), &mut ctx)
        .map(ValueView::into_owned)
}

#[test]
fn email_normalization_trims_and_lowers_the_domain() {
    let cases = [
        (json!(["  Ada@Example.ORG "]), strings(&["Ada@example.org"])),
        (json!(["a@b@Example.Org"]), strings(&["a@b@example.org"])),
        (json!(["no at sign "]), strings(&["no at sign"])),
        (json!(["  ", "x@y.z"]), strings(&["x@y.z"])),
    ];
    for (written, stored) in cases {
        assert_eq!(normalize_email(written.clone()).unwrap(), stored, "{written}");
    }
    for wrong in [json!("ada@example.org"), json!([1]), json!([{"a": 1}])] {
        assert_eq!(
            normalize_email(wrong.clone()).unwrap_err().kind,
            crate::value_forms::NormalizeErrorKind::ValueShape,
            "{wrong}"
        );
    }
}

#[test]
fn email_definition_json_schema_and_graph_value() {
    let def = definition("email", json!({"multiple": true, "uniqueItems": {"severity": "error"}, "x-kept": 1}));
    assert_eq!(
        def.to_json(),
        json!({"type": "email", "multiple": true, "uniqueItems": {"severity": "error"}, "options": [{"id": "o1", "label": "Active"}], "targetSchemas": ["X"], "x-kept": 1})
    );
    let t = lookup("email").unwrap();
    assert_eq!(
        t.json_schema(&def),
        json!({"type": "array", "items": {"type": "string", "format": "email"}, "uniqueItems": true})
    );
    let graph = |many| {
        serde_json::to_value(crate::graph_values::param::Param::Map(t.graph_values(
            "Mail".into(),
            &strings(&["a@x.org"]),
            many,
        )))
        .unwrap()
    };
    assert_eq!(graph(false), json!({"Mail": "a@x.org"}));
    assert_eq!(graph(true), json!({"Mail": ["a@x.org"]}));
}

#[test]
fn every_code_is_declared_once_and_found_by_its_name() {
    let all = super::codes::all();
    let names: std::collections::BTreeSet<&str> = all.iter().map(|c| c.as_str()).collect();
    assert_eq!(names.len(), all.len(), "a code name is declared twice");
    for code in &all {
        assert_eq!(super::codes::by_name(code.as_str()), Some(*code));
    }
    assert!(names.contains("invalid-email") && names.contains("required"), "a type's codes follow validation's own");
    assert_eq!(super::codes::by_name("no-such-code"), None);
}

/// Type names compare by their text, whether or not they share the registry's address.
#[test]
fn same_type_name_compares_text() {
    let registered = stored_type_name(lookup("text"), "text");
    let written = String::from("text");
    let cases: [(&str, &str, bool); 6] = [
        (&registered, &registered, true),
        (&registered, &written, true),
        (&written, "text", true),
        (&registered, "texts", false),
        (&registered[..3], &registered, false),
        ("url", "text", false),
    ];
    for (a, b, same) in cases {
        assert_eq!(same_type_name(a, b), same, "{a} {b}");
    }
}
