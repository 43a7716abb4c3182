//! `GET /schema/{name}/json-schema`: a JSON Schema 2020-12 document that the demo Subjects satisfy
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
fn every_demo_subject_satisfies_its_schema_document() {
    let host = demo_host();
    let mut checked = 0;
    for entry in std::fs::read_dir(demo_dir().join("Subject")).unwrap() {
        let path = entry.unwrap().path();
        let content: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        for (id, subject) in content["subjects"].as_object().unwrap() {
            let name = subject["schema"].as_str().unwrap();
            let validator = jsonschema::validator_for(&document(&host, name)).unwrap();
            let errors: Vec<String> = validator.iter_errors(subject).map(|e| format!("{} at {}", e, e.instance_path)).collect();
            assert!(errors.is_empty(), "{} {id}: {errors:?}", path.display());
            checked += 1;
        }
    }
    assert!(checked >= 70, "only {checked} demo Subjects checked");
}

#[test]
fn ill_shaped_subjects_fail_the_document() {
    let host = demo_host();
    let doc = document(&host, "Company");
    insta::assert_json_snapshot!("json_schema_company", doc);
    let validator = jsonschema::validator_for(&doc).unwrap();
    let good = json!({"label": "X", "schema": "Company", "statements": {"Status": {"propertyType": "select", "value": ["o1demo1aaaaaaa1"]}}});
    assert!(validator.is_valid(&good));
    let bad: &[(&str, Value)] = &[
        ("number as a string", json!({"Founded at": {"propertyType": "number", "value": "2005"}})),
        ("unknown option id", json!({"Status": {"propertyType": "select", "value": ["nope"]}})),
        ("two values of a single select", json!({"Status": {"propertyType": "select", "value": ["o1demo1aaaaaaa1", "o1demo1aaaaaaa2"]}})),
        ("bad relation id", json!({"Headquarters": {"propertyType": "relation", "value": [{"id": "x", "target": "s1demo1aaaaaaa1"}]}})),
        ("wrong property type", json!({"Is public": {"propertyType": "text", "value": ["yes"]}})),
        ("missing required", json!({})),
    ];
    for (why, statements) in bad {
        let mut statements = statements.clone();
        if *why != "missing required" && statements.get("Status").is_none() {
            statements["Status"] = json!({"propertyType": "select", "value": ["o1demo1aaaaaaa1"]});
        }
        let subject = json!({"schema": "Company", "statements": statements});
        assert!(!validator.is_valid(&subject), "{why} must fail");
    }
}

#[test]
fn bounds_and_required_appear_in_the_document() {
    let host = demo_host();
    let doc = document(&host, "Everything");
    let st = &doc["properties"]["statements"];
    assert_eq!(st["properties"]["number/number (w bounds)"]["properties"]["value"], json!({"type": "number", "minimum": 42, "maximum": 100}));
    assert!(st["required"].as_array().unwrap().contains(&json!("string/text (required)")));
    assert_eq!(doc["$schema"], "https://json-schema.org/draft/2020-12/schema");
    let (status, body) = call(&host, Who::Anonymous, "GET", "/strata/v0/schema/Nothing/json-schema", &[], None);
    assert_eq!((status, error_code(status, &body).as_str()), (404, "not-found"));
    let (status, _) = call(&host, Who::Restricted, "GET", "/strata/v0/schema/Person/json-schema", &[], None);
    assert_eq!(status, 404, "unreadable looks absent");
}
