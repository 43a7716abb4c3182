use super::*;
use serde_json::{json, Value};

fn options() -> Options {
    Options::from_json(None, 1_700_000_000_000).unwrap()
}

fn person() -> Value {
    json!({"propertyDefinitions": {
        "Name": {"type": "text", "required": {"severity": "error"}},
        "Age": {"type": "number", "minimum": 0},
        "Status": {"type": "select", "options": [{"id": "o1", "label": "Active"}]},
        "Knows": {"type": "relation", "targetSchemas": ["Person"], "multiple": true}
    }})
}

#[test]
fn validate_reports_violations_of_the_normalized_subject() {
    let request = json!({
        "schema": person(),
        "subject": {"schema": "person", "label": "Ada", "statements": {
            "Age": {"propertyType": "number", "value": -1},
            "Status": {"propertyType": "select", "value": [" active "]},
            "Knows": {"propertyType": "relation", "value": [{"target": "s1demo1aaaaaaa1"}]}
        }},
        "knownSubjects": {"s1demo1aaaaaaa1": "Person"}
    });
    let out = validate(&request, &options()).unwrap();
    let codes: Vec<&str> = out["violations"].as_array().unwrap().iter().map(|v| v["code"].as_str().unwrap()).collect();
    assert_eq!(codes, ["required", "min-value"], "{out}");
    assert_eq!(out["violations"][0]["severity"], "error");
}

#[test]
fn a_missing_schema_is_a_violation_not_an_error() {
    let out = validate(&json!({"schema": null, "subject": {"schema": "Nope", "statements": {}}}), &options()).unwrap();
    assert_eq!(out["violations"][0]["code"], "schema-not-found");
    assert_eq!(out["violations"][0]["args"], json!(["Nope"]));
}

#[test]
fn bad_arguments_are_typed_errors() {
    let cases = [
        (json!([]), "invalid-argument"),
        (json!({"subject": {"statements": {}}}), "invalid-argument"),
        (json!({"subject": {"schema": "P", "statements": {}}, "subjectId": "x"}), "invalid-argument"),
        (json!({"subject": {"schema": "P", "statements": {}}, "schema": {"propertyDefinitions": 3}}), "invalid-schema"),
        (json!({"subject": {"schema": "P", "statements": {"Age": {"propertyType": "number", "value": "x"}}}, "schema": person()}), "value-shape-mismatch"),
    ];
    for (request, code) in cases {
        assert_eq!(validate(&request, &options()).unwrap_err().code, code, "{request}");
    }
    let unsaved = json!({"subject": {"schema": "P", "statements": {"Age": {"propertyType": "number", "value": "x"}}}, "schema": person()});
    let message = validate(&unsaved, &options()).unwrap_err().message;
    assert!(!message.contains("s00000000000000") && message.contains("Age"), "{message}");
}

#[test]
fn a_validator_is_compiled_once_and_reused() {
    let v = Validator::new(&json!("Person"), &person(), options()).unwrap();
    for age in [1, 2, 3] {
        let out = v.validate(&json!({"label": "x", "statements": {"Name": {"propertyType": "text", "value": ["n"]}, "Age": {"propertyType": "number", "value": age}}}), None).unwrap();
        assert_eq!(out, json!({"violations": []}));
    }
    let out = v.validate(&json!({"statements": {}}), Some(&json!({"isMain": false}))).unwrap();
    let codes: Vec<&str> = out["violations"].as_array().unwrap().iter().map(|v| v["code"].as_str().unwrap()).collect();
    assert_eq!(codes, ["label-required", "required"]);
}

#[test]
fn normalize_content_resolves_labels_and_mints_relation_ids() {
    let content = json!({"mainSubject": "s1demo1aaaaaaa1", "subjects": {
        "s1demo1aaaaaaa1": {"schema": "Person", "label": "Ada", "statements": {
            "Status": {"propertyType": "select", "value": ["ACTIVE"]},
            "Knows": {"propertyType": "relation", "value": [{"target": "local:s1demo1aaaaaaa2"}]},
            "Empty": {"propertyType": "text", "value": ["  "]}
        }},
        "other:thing": {"schema": "Person", "statements": {}}
    }});
    let out = normalize_content(&content, Some(&json!({"Person": person()})), &options()).unwrap();
    let statements = &out["subjects"]["s1demo1aaaaaaa1"]["statements"];
    assert_eq!(statements["Status"]["value"], json!(["o1"]));
    assert_eq!(statements["Knows"]["value"][0]["target"], "s1demo1aaaaaaa2");
    assert!(statements["Knows"]["value"][0]["id"].as_str().unwrap().starts_with('r'));
    assert!(statements.get("Empty").is_none());
    assert_eq!(out["subjects"].as_object().unwrap().len(), 1);
}
