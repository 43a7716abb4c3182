//! `GET /schema/{name}/json-schema`: a JSON Schema 2020-12 document that the example wiki's Subjects satisfy
//! and that ill-shaped Subjects fail.

use crate::support::*;
use serde_json::{json, Value};

fn document(host: &strata::host::memory::MemoryHost, name: &str) -> Value {
    let (status, doc) = call(host, Who::Anonymous, "GET", &format!("/strata/v0/schema/{name}/json-schema"), &[], None);
    assert_eq!(status, 200, "{name}: {doc}");
    assert!(jsonschema::meta::is_valid(&doc), "{name}: not a valid JSON Schema: {doc}");
    doc
}

#[test]
fn every_example_subject_satisfies_its_schema_document() {
    let host = example_host();
    let mut checked = 0;
    for entry in std::fs::read_dir(example_dir().join("Subject")).unwrap() {
        let path = entry.unwrap().path();
        if path.ends_with("Validation_showcase.json") {
            continue; // breaks its Schema on purpose (examples/README.md)
        }
        let content: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        for (id, subject) in content["subjects"].as_object().unwrap() {
            let name = subject["schema"].as_str().unwrap();
            let validator = jsonschema::validator_for(&document(&host, name)).unwrap();
            let errors: Vec<String> =
                validator.iter_errors(subject).map(|e| format!("{} at {}", e, e.instance_path)).collect();
            assert!(errors.is_empty(), "{} {id}: {errors:?}", path.display());
            checked += 1;
        }
    }
    assert_eq!(checked, 66, "every example Subject but the showcase is checked");
}

#[test]
fn ill_shaped_subjects_fail_the_document() {
    let host = example_host();
    let doc = document(&host, "Library");
    insta::assert_json_snapshot!("json_schema_library", doc);
    let validator = jsonschema::validator_for(&doc).unwrap();
    let required = json!({
        "Kind": {"propertyType": "select", "value": ["o1knd1aaaaaaa01"]},
        "Name": {"propertyType": "monolingualText", "value": [{"text": "X", "language": "en"}]},
    });
    let good = json!({"label": "X", "schema": "Library", "statements": required});
    assert!(validator.is_valid(&good));
    let bad: &[(&str, Value)] = &[
        ("number as a string", json!({"Seats": {"propertyType": "number", "value": "48"}})),
        ("unknown option id", json!({"Kind": {"propertyType": "select", "value": ["nope"]}})),
        (
            "two values of a single select",
            json!({"Kind": {"propertyType": "select", "value": ["o1knd1aaaaaaa01", "o1knd1aaaaaaa02"]}}),
        ),
        (
            "bad relation id",
            json!({"Address": {"propertyType": "relation", "value": [{"id": "x", "target": "s1adr1aaaaaaa02"}]}}),
        ),
        ("wrong property type", json!({"Wheelchair accessible": {"propertyType": "text", "value": ["yes"]}})),
        ("missing required", json!({})),
    ];
    for (why, statements) in bad {
        let mut statements = statements.clone();
        if *why != "missing required" {
            for (name, statement) in required.as_object().unwrap() {
                statements.as_object_mut().unwrap().entry(name.clone()).or_insert(statement.clone());
            }
        }
        let subject = json!({"schema": "Library", "statements": statements});
        assert!(!validator.is_valid(&subject), "{why} must fail");
    }
}

#[test]
fn bounds_and_required_appear_in_the_document() {
    let host = example_host();
    let doc = document(&host, "Validation showcase");
    let st = &doc["properties"]["statements"];
    assert_eq!(
        st["properties"]["Visitor rating"]["properties"]["value"],
        json!({"type": "number", "minimum": 1, "maximum": 5})
    );
    assert!(st["required"].as_array().unwrap().contains(&json!("Inspector")));
    assert_eq!(doc["$schema"], "https://json-schema.org/draft/2020-12/schema");
    let (status, body) = call(&host, Who::Anonymous, "GET", "/strata/v0/schema/Nothing/json-schema", &[], None);
    assert_eq!((status, error_code(status, &body).as_str()), (404, "not-found"));
    let (status, _) = call(&host, Who::Restricted, "GET", "/strata/v0/schema/Person/json-schema", &[], None);
    assert_eq!(status, 404, "unreadable looks absent");
}
