//! Mapping parsing and save rules: one case per reason a save is refused.

use super::term::TermError;
use super::*;
use serde_json::{json, Value};

fn valid() -> Value {
    json!({
        "version": 1,
        "schema": "Person",
        "target": "schemaorg",
        "prefixes": {"schema": "https://schema.org/", "xsd": "http://www.w3.org/2001/XMLSchema#"},
        "subject": {"class": "schema:Person"},
        "properties": {
            "Name": {"predicate": "schema:name", "lang": "en"},
            "Born": {"predicate": "schema:birthDate", "datatype": "xsd:date"},
            "Homepage": {"predicate": "https://schema.org/url"}
        }
    })
}

fn others() -> Vec<MappingPageFacts> {
    vec![
        MappingPageFacts {
            page: "Person to schema.org".into(),
            schema: Title::new("Person").unwrap(),
            target: "schemaorg".into(),
        },
        MappingPageFacts {
            page: "Person to FOAF".into(),
            schema: Title::new("Person").unwrap(),
            target: "foaf".into(),
        },
    ]
}

fn with(edit: impl Fn(&mut Value)) -> Value {
    let mut v = valid();
    edit(&mut v);
    v
}

fn reasons(v: &Value) -> Vec<(String, Reason)> {
    save_errors(v, "Person mapping", &others()[1..]).0.into_iter().map(|e| (e.path, e.reason)).collect()
}

#[test]
fn a_valid_mapping_saves_and_reads() {
    assert_eq!(reasons(&valid()), vec![]);
    let m = Mapping::from_json(&valid()).unwrap();
    assert_eq!(m.schema.as_str(), "Person");
    assert_eq!(m.class, "schema:Person");
    assert_eq!(
        m.properties["Name"],
        PropertyMapping { predicate: "schema:name".into(), lang: Some("en".into()), datatype: None }
    );
    assert_eq!(m.properties.keys().collect::<Vec<_>>(), ["Name", "Born", "Homepage"]);
}

/// A case name, the Mapping, and the expected (path, reason) list.
type Case = (&'static str, Value, Vec<(&'static str, Reason)>);

#[test]
fn one_case_per_save_reason() {
    let term = |e| Reason::Term(e);
    let cases: Vec<Case> = vec![
        ("not an object", json!([1]), vec![("", Reason::NotAnObject)]),
        (
            "version missing",
            with(|v| drop(v.as_object_mut().unwrap().remove("version"))),
            vec![("version", Reason::Missing)],
        ),
        ("version 2", with(|v| v["version"] = json!(2)), vec![("version", Reason::UnsupportedVersion)]),
        ("version as text", with(|v| v["version"] = json!("1")), vec![("version", Reason::WrongType("the number 1"))]),
        (
            "schema missing",
            with(|v| drop(v.as_object_mut().unwrap().remove("schema"))),
            vec![("schema", Reason::Missing)],
        ),
        (
            "schema not a title",
            with(|v| v["schema"] = json!("a|b")),
            vec![("schema", Reason::InvalidSchemaName("must not contain any of # < > [ ] | { }".into()))],
        ),
        ("target a number", with(|v| v["target"] = json!(3)), vec![("target", Reason::WrongType("a string"))]),
        ("target pattern", with(|v| v["target"] = json!("1x")), vec![("target", Reason::InvalidTarget)]),
        ("target with a dot", with(|v| v["target"] = json!("schema.org")), vec![("target", Reason::InvalidTarget)]),
        ("target native", with(|v| v["target"] = json!("native")), vec![("target", Reason::ReservedTarget)]),
        (
            "prefixes not an object",
            with(|v| v["prefixes"] = json!([])),
            vec![
                ("prefixes", Reason::WrongType("an object")),
                ("subject.class", term(TermError::UndeclaredPrefix("schema".into()))),
                ("properties.Name.predicate", term(TermError::UndeclaredPrefix("schema".into()))),
                ("properties.Born.predicate", term(TermError::UndeclaredPrefix("schema".into()))),
                ("properties.Born.datatype", term(TermError::UndeclaredPrefix("xsd".into()))),
            ],
        ),
        (
            "prefix namespace not a string",
            with(|v| v["prefixes"]["ex"] = json!(1)),
            vec![("prefixes.ex", Reason::WrongType("a namespace IRI string"))],
        ),
        (
            "unsafe prefix namespace",
            with(|v| v["prefixes"]["ex"] = json!("http://ex.org/{x}/")),
            vec![("prefixes.ex", term(TermError::IllegalChar('{')))],
        ),
        (
            "prefix namespace without ://",
            with(|v| v["prefixes"]["ex"] = json!("urn:ex:")),
            vec![("prefixes.ex", term(TermError::NotATerm))],
        ),
        (
            "subject missing",
            with(|v| drop(v.as_object_mut().unwrap().remove("subject"))),
            vec![("subject", Reason::Missing)],
        ),
        ("class missing", with(|v| v["subject"] = json!({})), vec![("subject.class", Reason::Missing)]),
        (
            "class undeclared prefix",
            with(|v| v["subject"]["class"] = json!("foaf:Person")),
            vec![("subject.class", term(TermError::UndeclaredPrefix("foaf".into())))],
        ),
        (
            "class urn",
            with(|v| v["subject"]["class"] = json!("urn:x:Person")),
            vec![("subject.class", term(TermError::UndeclaredPrefix("urn".into())))],
        ),
        (
            "class not a term",
            with(|v| v["subject"]["class"] = json!("Person")),
            vec![("subject.class", term(TermError::NotATerm))],
        ),
        (
            "class with a space",
            with(|v| v["subject"]["class"] = json!("schema:Great Person")),
            vec![("subject.class", term(TermError::IllegalChar(' ')))],
        ),
        (
            "class with a backtick",
            with(|v| v["subject"]["class"] = json!("https://ex.org/`x")),
            vec![("subject.class", term(TermError::IllegalChar('`')))],
        ),
        (
            "properties missing",
            with(|v| drop(v.as_object_mut().unwrap().remove("properties"))),
            vec![("properties", Reason::Missing)],
        ),
        ("empty properties", with(|v| v["properties"] = json!({})), vec![]),
        (
            "entry not an object",
            with(|v| v["properties"]["Name"] = json!("schema:name")),
            vec![("properties.Name", Reason::WrongType("an object with \"predicate\""))],
        ),
        (
            "predicate missing",
            with(|v| v["properties"]["Name"] = json!({"lang": "en"})),
            vec![("properties.Name.predicate", Reason::Missing)],
        ),
        (
            "predicate unsafe",
            with(|v| v["properties"]["Name"]["predicate"] = json!("schema:na^me")),
            vec![("properties.Name.predicate", term(TermError::IllegalChar('^')))],
        ),
        (
            "predicate undeclared",
            with(|v| v["properties"]["Name"]["predicate"] = json!("foaf:name")),
            vec![("properties.Name.predicate", term(TermError::UndeclaredPrefix("foaf".into())))],
        ),
        (
            "datatype unsafe",
            with(|v| v["properties"]["Born"]["datatype"] = json!("xsd:da\\te")),
            vec![("properties.Born.datatype", term(TermError::IllegalChar('\\')))],
        ),
        (
            "datatype not a string",
            with(|v| v["properties"]["Born"]["datatype"] = json!(true)),
            vec![("properties.Born.datatype", Reason::WrongType("a string"))],
        ),
        (
            "lang invalid",
            with(|v| v["properties"]["Name"]["lang"] = json!("en_GB")),
            vec![("properties.Name.lang", Reason::InvalidLang)],
        ),
        (
            "lang with datatype",
            with(|v| v["properties"]["Born"]["lang"] = json!("en")),
            vec![("properties.Born", Reason::LangWithDatatype)],
        ),
        (
            "duplicate pair",
            with(|v| v["target"] = json!("foaf")),
            vec![("target", Reason::Duplicate { page: "Person to FOAF".into() })],
        ),
        (
            "duplicate after title normalization",
            with(|v| {
                v["target"] = json!("foaf");
                v["schema"] = json!("person")
            }),
            vec![("target", Reason::Duplicate { page: "Person to FOAF".into() })],
        ),
        ("same schema, other target", with(|v| v["target"] = json!("dcat")), vec![]),
        ("unknown keys are ignored", with(|v| v["comment"] = json!("x")), vec![]),
    ];
    for (name, v, want) in cases {
        let want: Vec<(String, Reason)> = want.into_iter().map(|(p, r)| (p.to_owned(), r)).collect();
        assert_eq!(reasons(&v), want, "{name}");
    }
}

#[test]
fn every_reason_is_reported_at_once() {
    let v = json!({"version": 3, "target": "a b", "subject": {"class": "ex:C"}, "properties": {"P": {"predicate": "p", "lang": "x_y", "datatype": "ex:d"}}});
    let paths: Vec<String> = save_errors(&v, "M", &[]).0.into_iter().map(|e| e.path).collect();
    assert_eq!(
        paths,
        [
            "version",
            "schema",
            "target",
            "subject.class",
            "properties.P.predicate",
            "properties.P.datatype",
            "properties.P.lang",
            "properties.P"
        ]
    );
}

#[test]
fn resaving_a_mapping_is_not_a_duplicate_of_itself() {
    assert!(save_errors(&valid(), "Person to schema.org", &others()).is_empty());
    assert_eq!(
        save_errors(&valid(), "Another page", &others()).0[0].reason,
        Reason::Duplicate { page: "Person to schema.org".into() }
    );
}

#[test]
fn reading_checks_structure_only() {
    let stored = with(|v| {
        v["target"] = json!("not valid!");
        v["properties"]["Name"]["predicate"] = json!("foaf:name");
        v["properties"]["Born"]["lang"] = json!("en");
    });
    let m = Mapping::from_json(&stored).unwrap();
    assert_eq!(m.target, "not valid!");
    assert_eq!(m.properties["Born"].lang.as_deref(), Some("en"));
    let broken = with(|v| v["properties"]["Name"] = json!({"predicate": 1}));
    assert_eq!(Mapping::from_json(&broken).unwrap_err().to_string(), "properties.Name.predicate: must be a string");
}

#[test]
fn target_pattern() {
    for ok in ["schemaorg", "a", "Dublin_Core-2"] {
        assert!(is_valid_target(ok), "{ok}");
    }
    for bad in ["", "_a", "1a", "a b", "a.b", "ä"] {
        assert!(!is_valid_target(bad), "{bad}");
    }
}
