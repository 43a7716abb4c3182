//! Every answer the handlers give is one the OpenAPI document describes: its status is listed for the
//! operation, and a JSON body validates against the documented schema (the document's own
//! `#/components` resolved, OpenAPI's `nullable` read as JSON Schema's `null` type).

use crate::support::*;
use serde_json::{json, Map, Value};
use strata::host::memory::MemoryHost;

/// OpenAPI 3.0's `nullable: true` as JSON Schema: the schema or null.
fn to_json_schema(schema: &Value) -> Value {
    match schema {
        Value::Object(o) => {
            let mut out: Map<String, Value> =
                o.iter().filter(|(k, _)| *k != "nullable").map(|(k, v)| (k.clone(), to_json_schema(v))).collect();
            if o.get("nullable") == Some(&Value::Bool(true)) {
                return json!({"anyOf": [{"type": "null"}, Value::Object(std::mem::take(&mut out))]});
            }
            Value::Object(out)
        }
        Value::Array(items) => Value::Array(items.iter().map(to_json_schema).collect()),
        other => other.clone(),
    }
}

struct Checker {
    host: MemoryHost,
    doc: Value,
    seen: Vec<String>,
}

impl Checker {
    /// Sends the request (path parameters filled into `template`) and checks the answer; returns its body.
    fn check(
        &mut self,
        method: &str,
        template: &str,
        params: &[(&str, &str)],
        query: &[(&str, &str)],
        body: Option<Value>,
    ) -> Value {
        let mut path = template.to_owned();
        for (name, value) in params {
            path = path.replace(&format!("{{{name}}}"), value);
        }
        let response = respond(&self.host, caller(Who::Sysop), method, &path, query, &[], body.map(|b| b.to_string()));
        let op = &self.doc["paths"][template][method.to_ascii_lowercase()];
        assert!(op.is_object(), "{method} {template} is not in the document");
        let status = response.status.to_string();
        let answer =
            op["responses"].get(&status).or_else(|| (response.status >= 400).then(|| &op["responses"]["default"]));
        let answer =
            answer.unwrap_or_else(|| panic!("{method} {path}: status {status} is not documented: {}", response.body));
        let body: Value = serde_json::from_str(&response.body).unwrap_or(Value::Null);
        if let Some(schema) = answer["content"].get("application/json").map(|c| &c["schema"]) {
            let mut root = to_json_schema(schema).as_object().cloned().unwrap_or_default();
            root.insert("components".into(), to_json_schema(&self.doc["components"]));
            let validator = jsonschema::validator_for(&Value::Object(root)).unwrap();
            let errors: Vec<String> =
                validator.iter_errors(&body).map(|e| format!("{} at {}", e, e.instance_path)).collect();
            assert!(errors.is_empty(), "{method} {path} {status}: {errors:?}\n{body}");
        }
        self.seen.push(format!("{method} {template} {status}"));
        body
    }
}

#[test]
fn every_answer_is_documented() {
    let host = example_host();
    let (_, doc) = call(&host, Who::Sysop, "GET", "/specs/v0/module/-", &[], None);
    let mut c = Checker { host, doc, seen: Vec::new() };
    let v0 = |p: &str| format!("/strata/v0{p}");
    c.check("GET", "/specs/v0/module/-", &[], &[], None);
    let rows = c.check("GET", &v0("/subjects"), &[], &[("limit", "50"), ("sort", "name")], None);
    let row = rows["subjects"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["pageTitle"] == "Harbour Branch Library")
        .unwrap()
        .clone();
    let (sid, pid) = (row["id"].as_str().unwrap().to_owned(), row["pageId"].to_string());
    let (sid, pid) = (sid.as_str(), pid.as_str());
    for (template, params, query) in [
        ("/schemas", vec![], vec![("limit", "2")]),
        ("/schema/{schemaName}", vec![("schemaName", "Library")], vec![]),
        ("/schema/{schemaName}", vec![("schemaName", "Nothing here")], vec![]),
        ("/schema/{schemaName}/json-schema", vec![("schemaName", "Library")], vec![]),
        ("/schema-names/{search}", vec![("search", "li")], vec![]),
        ("/subject/{subjectId}", vec![("subjectId", sid)], vec![("expand", "page|relations")]),
        ("/subject/{subjectId}", vec![("subjectId", "s1nothing000000")], vec![]),
        ("/page/{pageId}/subjects", vec![("pageId", pid)], vec![("expand", "schemas|relations")]),
        ("/page/{pageId}/mainSubject", vec![("pageId", pid)], vec![]),
        ("/recently-edited-subjects", vec![], vec![]),
        ("/subject-counts", vec![], vec![]),
        ("/subject-labels", vec![], vec![("search", "ha")]),
        ("/subject/{subjectId}/referencingSubjects", vec![("subjectId", sid)], vec![]),
        ("/page/{pageId}/editNotices", vec![("pageId", pid)], vec![("schema", "Library")]),
        ("/layouts", vec![], vec![]),
        ("/layout/{layoutName}", vec![("layoutName", "Nothing")], vec![]),
        ("/mappings", vec![], vec![]),
        ("/page/{pageId}/rdf", vec![("pageId", pid)], vec![]),
        ("/subject/{subjectId}/rdf", vec![("subjectId", sid)], vec![("format", "turtle")]),
        ("/entity/{subjectId}", vec![("subjectId", sid)], vec![]),
    ] {
        c.check("GET", &v0(template), &params, &query, None);
    }
    c.check("GET", &v0("/subjects"), &[], &[("limit", "0")], None);
    c.check("POST", &v0("/subject/validate"), &[], &[], Some(json!({"schema": "Library", "statements": {}})));
    c.check("POST", &v0("/subject/{subjectId}/validate"), &[("subjectId", sid)], &[], Some(json!({"statements": {}})));
    c.check("POST", &v0("/subject-ids"), &[], &[], Some(json!({"count": 2})));

    let schema = json!({"schema": {"propertyDefinitions": {"Name": {"type": "text"}}}});
    c.check("PUT", &v0("/schema/{schemaName}"), &[("schemaName", "Scratch")], &[], Some(schema.clone()));
    c.check("PUT", &v0("/schema/{schemaName}"), &[("schemaName", "Scratch")], &[], Some(schema));
    let name = |v: &str| json!({"Name": {"propertyType": "text", "value": [v]}});
    let created = c.check(
        "POST",
        &v0("/subjects"),
        &[],
        &[],
        Some(json!({"schema": "Scratch", "label": "One", "statements": name("one")})),
    );
    let (one, page) = (created["subjectId"].as_str().unwrap().to_owned(), created["subject"]["pageId"].to_string());
    let (one, page) = (one.as_str(), page.as_str());
    let other = c.check(
        "POST",
        &v0("/page/{pageId}/subjects"),
        &[("pageId", page)],
        &[],
        Some(json!({"schema": "Scratch", "statements": name("two")})),
    );
    let two = other["subjectId"].as_str().unwrap().to_owned();
    c.check(
        "PUT",
        &v0("/subject/{subjectId}"),
        &[("subjectId", one)],
        &[],
        Some(json!({"label": "Uno", "statements": name("uno")})),
    );
    c.check(
        "PUT",
        &v0("/subject/{subjectId}/statements/{propertyName}"),
        &[("subjectId", one), ("propertyName", "Name")],
        &[],
        Some(json!({"statement": {"value": ["un"]}})),
    );
    c.check(
        "DELETE",
        &v0("/subject/{subjectId}/statements/{propertyName}"),
        &[("subjectId", one), ("propertyName", "Name")],
        &[],
        None,
    );
    c.check(
        "PUT",
        &v0("/page/{pageId}/subjectsOrdering"),
        &[("pageId", page)],
        &[],
        Some(json!({"otherSubjectIds": [two]})),
    );
    c.check("PUT", &v0("/page/{pageId}/mainSubject"), &[("pageId", page)], &[], Some(json!({"subjectId": null})));
    c.check(
        "POST",
        &v0("/subject/{subjectId}/move"),
        &[("subjectId", &two)],
        &[],
        Some(json!({"targetPageId": pid.parse::<u64>().unwrap()})),
    );
    c.check("DELETE", &v0("/subject/{subjectId}"), &[("subjectId", one)], &[], None);
    c.check(
        "POST",
        &v0("/page/{pageId}/mainSubject"),
        &[("pageId", page)],
        &[],
        Some(json!({"schema": "Scratch", "statements": name("three")})),
    );
    c.check("PUT", &v0("/subject/{subjectId}"), &[("subjectId", one)], &[], Some(json!({"statements": {}})));
    c.check("DELETE", &v0("/schema/{schemaName}"), &[("schemaName", "Scratch")], &[], None);

    let documented_successes = [
        "POST /strata/v0/subjects 201",
        "PUT /strata/v0/schema/{schemaName} 201",
        "PUT /strata/v0/schema/{schemaName} 200",
        "GET /strata/v0/entity/{subjectId} 303",
        "DELETE /strata/v0/schema/{schemaName} 200",
        "GET /strata/v0/subjects 400",
        "PUT /strata/v0/subject/{subjectId} 404",
        "POST /strata/v0/page/{pageId}/mainSubject 201",
    ];
    for answer in documented_successes {
        assert!(c.seen.iter().any(|s| s == answer), "{answer} was not exercised: {:?}", c.seen);
    }
}

#[test]
fn the_check_is_not_a_rubber_stamp() {
    let host = example_host();
    let (_, mut doc) = call(&host, Who::Sysop, "GET", "/specs/v0/module/-", &[], None);
    doc["components"]["schemas"]["ListRow"]["required"].as_array_mut().unwrap().push(json!("noSuchField"));
    let mut c = Checker { host, doc, seen: Vec::new() };
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        c.check("GET", "/strata/v0/subjects", &[], &[], None);
    }));
    assert!(outcome.is_err(), "a body without a required field must fail");
}
