//! The shared schemas of the OpenAPI document (`#/components/schemas`): the one error body with every
//! error code, violations with every validation code, the Schema format, Subject read objects, list
//! rows and write responses. Objects list their required fields and allow more, so a field added
//! later does not break a client.

use super::builders::{array, map, object, reference};
use super::kinds::Formats;
use crate::app::error::ERROR_KINDS;
use crate::types::codes;
use serde_json::{json, Value};

pub fn components(formats: &Formats) -> Value {
    // ERROR_KINDS includes the errors a host answers itself (`request-too-large`, `core-unavailable`).
    let errors: Vec<&str> = ERROR_KINDS.iter().map(|(_, code, _)| *code).collect();
    let codes: Vec<&str> = codes::all().into_iter().map(|c| c.as_str()).collect();
    let string = json!({"type": "string"});
    let id = formats.subject_id();
    let page_fields = json!({
        "pageId": {"type": "integer"},
        "pageTitle": string,
        "pageNamespaceId": {"type": "integer"},
    });
    let naming = |extra: Value| {
        let mut properties = json!({
            "id": id,
            "label": {"type": "string", "nullable": true},
            "displayName": string,
            "displayNameIsGenerated": {"type": "boolean"},
            "schema": reference("SchemaReference"),
            "hostSubject": {"type": "object"},
        });
        for (k, v) in page_fields.as_object().unwrap().iter().chain(extra.as_object().unwrap()) {
            properties[k] = v.clone();
        }
        properties
    };
    json!({
        "Error": object(&["errorType", "error", "message", "messageTranslations", "httpCode"], json!({
            "errorType": {"type": "string", "enum": errors},
            "error": {"type": "string", "enum": errors},
            "message": string,
            "messageTranslations": map(string.clone()),
            "httpCode": {"type": "integer", "minimum": 400, "maximum": 599},
            "pageTitle": string,
            "titleError": string,
            "reasons": array(object(
                &["path", "message", "messageKey", "params"],
                json!({"path": string, "message": string, "messageKey": string, "params": {"type": "array", "items": string}}),
            )),
            "violations": array(reference("Violation")),
        })),
        "Violation": object(&["propertyName", "code", "args", "severity"], json!({
            "propertyName": {"type": "string", "nullable": true},
            "code": {"type": "string", "enum": codes},
            "args": {"type": "array", "items": {}},
            "severity": {"type": "string", "enum": ["error", "warning"]},
            "valuePartIndex": {"type": "integer", "minimum": 0},
            "subjectId": string,
        })),
        "SchemaReference": {"oneOf": [string, object(&["source", "name"], json!({"source": string, "name": string}))]},
        "Schema": object(&["propertyDefinitions"], json!({
            "description": string,
            "subjectsAreDependent": {"type": "boolean"},
            "propertyDefinitions": map(object(&["type"], json!({
                "type": {"type": "string", "minLength": 1},
                "description": string,
            }))),
        })),
        "Statement": object(&["propertyType", "value"], json!({
            "propertyType": string,
            "value": {},
            "valueLabels": array(json!({"type": "string", "nullable": true})),
        })),
        "Subject": object(
            &["id", "label", "displayName", "displayNameIsGenerated", "schema", "statements"],
            naming(json!({"statements": map(reference("Statement"))})),
        ),
        "ListRow": object(&["id", "label", "displayName", "displayNameIsGenerated", "schema"], naming(json!({}))),
        "WriteResponse": object(&["status", "subjectId", "violations"], json!({
            "status": {"type": "string", "enum": ["created", "updated", "unchanged"]},
            "subjectId": id,
            "violations": array(reference("Violation")),
            "subject": reference("Subject"),
            "schema": reference("Schema"),
        })),
        "Violations": object(&["violations"], json!({"violations": array(reference("Violation"))})),
        "RebuildRun": object(&["run"], json!({"run": {"type": "object"}})),
    })
}
