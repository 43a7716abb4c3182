//! The Schema format's Constraint rules, as `PUT /schema/{name}` applies them: which written forms are
//! accepted and what canonical form is stored, and which are refused with the path of the reason.

use crate::support::*;
use serde_json::{json, Value};

/// Saves a Schema with one property `P` defined as `definition`; the status and the answer.
fn save(host: &strata::host::memory::MemoryHost, name: &str, definition: Value) -> (u16, Value) {
    let body = json!({"schema": {"propertyDefinitions": {"P": definition}}});
    call(host, Who::User, "PUT", &format!("/strata/v0/schema/{name}"), &[], Some(body))
}

#[test]
fn constraints_are_stored_in_their_canonical_form() {
    let host = example_host();
    let options = json!([{"id": "a", "label": "A"}]);
    let cases: &[(&str, Value, Value)] = &[
        ("bare value keeps warning", json!({"type": "text", "minLength": 2}), json!({"type": "text", "minLength": 2})),
        (
            "object form at the default severity becomes bare",
            json!({"type": "text", "minLength": {"value": 2, "severity": "warning"}}),
            json!({"type": "text", "minLength": 2}),
        ),
        (
            "object form without severity is warning",
            json!({"type": "text", "maxLength": {"value": 9}}),
            json!({"type": "text", "maxLength": 9}),
        ),
        (
            "error severity is kept in object form",
            json!({"type": "text", "maxLength": {"value": 9, "severity": "error"}}),
            json!({"type": "text", "maxLength": {"value": 9, "severity": "error"}}),
        ),
        (
            "a boolean Constraint's object alone implies true",
            json!({"type": "text", "required": {}}),
            json!({"type": "text", "required": true}),
        ),
        (
            "a boolean Constraint with error severity",
            json!({"type": "text", "multiple": true, "uniqueItems": {"severity": "error"}}),
            json!({"type": "text", "multiple": true, "uniqueItems": {"severity": "error"}}),
        ),
        (
            "multiple false with error severity",
            json!({"type": "select", "options": options, "multiple": {"value": false, "severity": "error"}}),
            json!({"type": "select", "options": options, "multiple": {"value": false, "severity": "error"}}),
        ),
        (
            "multiple false at the default severity is the default and omitted",
            json!({"type": "select", "options": options, "multiple": {"value": false, "severity": "warning"}}),
            json!({"type": "select", "options": options}),
        ),
        (
            "multiple value true allows several values",
            json!({"type": "text", "multiple": {"value": true}}),
            json!({"type": "text", "multiple": true}),
        ),
        (
            "options carry their severity around the array",
            json!({"type": "select", "options": {"value": options, "severity": "error"}}),
            json!({"type": "select", "options": {"value": options, "severity": "error"}}),
        ),
        (
            "severity on the display attribute precision is discarded",
            json!({"type": "number", "precision": {"value": 2, "severity": "error"}}),
            json!({"type": "number", "precision": 2}),
        ),
        (
            "numeric bounds",
            json!({"type": "number", "minimum": {"value": 1, "severity": "error"}, "maximum": 5}),
            json!({"type": "number", "minimum": {"value": 1, "severity": "error"}, "maximum": 5}),
        ),
        (
            "defaults are omitted",
            json!({"type": "text", "required": false, "multiple": false, "uniqueItems": false, "description": "", "minLength": null}),
            json!({"type": "text"}),
        ),
        ("boolean default", json!({"type": "boolean", "default": true}), json!({"type": "boolean", "default": true})),
    ];
    for (i, (what, written, stored)) in cases.iter().enumerate() {
        let (status, answer) = save(&host, &format!("Format {i}"), written.clone());
        assert_eq!(status, 201, "{what}: {answer}");
        assert_eq!(answer["schema"]["propertyDefinitions"]["P"], *stored, "{what}");
        let (_, read) = call(&host, Who::Anonymous, "GET", &format!("/strata/v0/schema/Format {i}"), &[], None);
        assert_eq!(read["schema"]["propertyDefinitions"]["P"], *stored, "{what}: read back");
    }
}

#[test]
fn constraint_forms_that_are_refused_name_their_path() {
    let host = example_host();
    let cases: &[(&str, Value, &str)] = &[
        ("severity on type", json!({"type": {"value": "text", "severity": "error"}}), "propertyDefinitions.P.type"),
        (
            "severity on targetSchemas",
            json!({"type": "relation", "targetSchemas": {"value": ["Person"], "severity": "error"}}),
            "propertyDefinitions.P.targetSchemas",
        ),
        (
            "a boolean Constraint with a value",
            json!({"type": "text", "required": {"value": true, "severity": "error"}}),
            "propertyDefinitions.P.required",
        ),
        (
            "an unknown severity word",
            json!({"type": "text", "minLength": {"value": 2, "severity": "fatal"}}),
            "propertyDefinitions.P.minLength.severity",
        ),
        ("no target Schemas", json!({"type": "relation", "targetSchemas": []}), "propertyDefinitions.P.targetSchemas"),
        (
            "the same target in two spellings",
            json!({"type": "relation", "targetSchemas": ["Person", "person"]}),
            "propertyDefinitions.P.targetSchemas[1]",
        ),
        ("no type", json!({"required": true}), "propertyDefinitions.P.type"),
        ("minLength above maxLength", json!({"type": "text", "minLength": 5, "maxLength": 2}), "propertyDefinitions.P"),
        ("precision out of range", json!({"type": "number", "precision": 21}), "propertyDefinitions.P.precision"),
    ];
    for (i, (what, written, path)) in cases.iter().enumerate() {
        let (status, answer) = save(&host, &format!("Refused {i}"), written.clone());
        assert_eq!((status, error_code(status, &answer).as_str()), (400, "invalid-schema"), "{what}: {answer}");
        let paths: Vec<&str> =
            answer["reasons"].as_array().unwrap().iter().map(|r| r["path"].as_str().unwrap()).collect();
        assert_eq!(paths, [*path], "{what}: {answer}");
        let (_, read) = call(&host, Who::Anonymous, "GET", &format!("/strata/v0/schema/Refused {i}"), &[], None);
        assert_eq!(read, json!({"schema": null}), "{what}: nothing was stored");
    }
}
