//! The success answers of each route's handler, and the answers of conditional requests.

use super::builders::{array, map, nullable, object, reference};
use super::kinds::Formats;
use crate::api::routes::{Handler, Route, Versioning};
use serde_json::{json, Map, Value};

fn json_body(description: &str, schema: Value) -> Value {
    json!({"description": description, "content": {"application/json": {"schema": schema}}})
}

/// A list of `item` under `key`, continued by `nextCursor`.
fn paged(key: &str, item: Value) -> Value {
    let mut properties = Map::new();
    properties.insert(key.to_owned(), array(item));
    properties.insert("nextCursor".into(), json!({"type": "string", "nullable": true}));
    object(&[key, "nextCursor"], Value::Object(properties))
}

/// A named item of a list (a Schema, Layout or Mapping with its `name`).
fn named(extra: &[&str]) -> Value {
    let mut required = vec!["name"];
    required.extend_from_slice(extra);
    object(&required, json!({"name": {"type": "string"}}))
}

/// `(status, response)` of each success answer of `route`.
pub fn success(route: &Route, formats: &Formats) -> Vec<(&'static str, Value)> {
    let string = json!({"type": "string"});
    let integer = json!({"type": "integer"});
    let ids = array(formats.subject_id());
    let ok = |schema: Value| vec![("200", json_body("Success", schema))];
    let write = || reference("WriteResponse");
    match route.handler {
        Handler::OpenApi | Handler::OpenApiAtPrefix => {
            ok(object(&["openapi", "info", "paths"], json!({"openapi": string, "paths": {"type": "object"}})))
        }
        Handler::ListSchemas => ok(paged("schemas", json!({"allOf": [reference("Schema"), named(&[])]}))),
        Handler::GetSchema => ok(object(&["schema"], json!({"schema": nullable(reference("Schema"))}))),
        Handler::PutSchema => {
            let body = object(&["schema"], json!({"schema": reference("Schema")}));
            vec![("200", json_body("Replaced", body.clone())), ("201", json_body("Created", body))]
        }
        Handler::DeleteSchema => {
            ok(object(&["status", "schemaName"], json!({"status": {"enum": ["deleted"]}, "schemaName": string})))
        }
        Handler::SchemaNames => ok(object(&["schemaNames"], json!({"schemaNames": array(string.clone())}))),
        Handler::JsonSchema => {
            ok(json!({"type": "object", "description": "a JSON Schema (draft 2020-12) of the Schema's Subjects"}))
        }
        Handler::GetSubject => ok(object(
            &["requestedId", "subjects"],
            json!({"requestedId": string, "subjects": map(reference("Subject"))}),
        )),
        Handler::PageSubjects => ok(object(
            &["pageId", "mainSubjectId", "subjects"],
            json!({
                "pageId": integer,
                "mainSubjectId": {"type": "string", "nullable": true},
                "subjects": map(reference("Subject")),
                "schemas": map(reference("Schema")),
                "referencedSubjects": {"oneOf": [map(reference("Subject")), {"type": "array", "maxItems": 0}]},
            }),
        )),
        Handler::GetMainSubject => {
            ok(object(&["pageId", "subject"], json!({"pageId": integer, "subject": nullable(reference("Subject"))})))
        }
        Handler::CreateSubject | Handler::CreateMainSubject | Handler::AddPageSubject => {
            vec![("201", json_body("Created", write()))]
        }
        Handler::ReplaceSubject | Handler::PutStatement | Handler::DeleteStatement => ok(write()),
        Handler::ValidateNewSubject | Handler::ValidateSubject => ok(reference("Violations")),
        Handler::DeleteSubject => ok(object(
            &["status", "subjectId", "removedDependentSubjectIds"],
            json!({
                "status": {"enum": ["deleted"]}, "subjectId": string, "removedDependentSubjectIds": ids,
            }),
        )),
        Handler::MoveSubject => ok(object(
            &["status", "subjectId", "fromPageId", "toPageId", "movedDependentSubjectIds"],
            json!({
                "status": {"enum": ["moved"]}, "subjectId": string, "fromPageId": integer, "toPageId": integer, "movedDependentSubjectIds": ids,
            }),
        )),
        Handler::MintSubjectIds => ok(object(&["subjectIds"], json!({"subjectIds": ids}))),
        Handler::SetMainSubject => ok(object(
            &["pageId", "mainSubjectId"],
            json!({"pageId": integer, "mainSubjectId": {"type": "string", "nullable": true}}),
        )),
        Handler::SetSubjectsOrdering => ok(object(
            &["pageId", "mainSubjectId", "otherSubjectIds"],
            json!({
                "pageId": integer, "mainSubjectId": {"type": "string", "nullable": true}, "otherSubjectIds": ids,
            }),
        )),
        Handler::ListGraphStores => {
            ok(object(&["stores"], json!({"stores": array(object(&["name", "state"], json!({"name": string})))})))
        }
        Handler::StartRebuild => vec![("202", json_body("Queued", reference("RebuildRun")))],
        Handler::CancelRebuild => ok(reference("RebuildRun")),
        Handler::ListSubjects => ok(paged("subjects", reference("ListRow"))),
        Handler::RecentlyEdited => ok(object(&["subjects"], json!({"subjects": array(reference("ListRow"))}))),
        Handler::SubjectCounts => {
            ok(object(&["counts"], json!({"counts": map(json!({"type": "integer", "minimum": 0}))})))
        }
        Handler::SubjectLabels => ok(object(
            &["subjects"],
            json!({
                "subjects": array(object(&["id", "label", "pageTitle"], json!({"id": string, "label": string, "pageTitle": string}))),
            }),
        )),
        Handler::ReferencingSubjects => ok(object(
            &["referencingSubjects", "truncated"],
            json!({
                "referencingSubjects": array(object(&["subject", "propertyNames"], json!({
                    "subject": reference("ListRow"), "propertyNames": array(string.clone()),
                }))),
                "truncated": {"type": "boolean"},
            }),
        )),
        Handler::EditNotices => ok(object(
            &["notices"],
            json!({"notices": array(object(&["key", "html"], json!({"key": string, "html": string})))}),
        )),
        Handler::ListLayouts => ok(paged("layouts", named(&[]))),
        Handler::GetLayout => ok(object(&["layout"], json!({"layout": named(&[])}))),
        Handler::ListMappings => ok(paged("mappings", named(&["schemas"]))),
        Handler::SparqlQuery => vec![(
            "200",
            json!({
                "description": "The store's SPARQL results document, unchanged",
                "content": {"application/sparql-results+json": {"schema": {"type": "object"}}},
            }),
        )],
        Handler::CypherQuery => ok(object(
            &["columns", "rows", "truncated"],
            json!({
                "columns": array(string.clone()),
                "rows": array(array(json!({}))),
                "truncated": {"type": "boolean"},
                "resultCount": integer,
                "durationMs": {"type": "number"},
            }),
        )),
        Handler::PageRdf | Handler::SubjectRdf => vec![(
            "200",
            json!({
                "description": "TriG or Turtle, by the format parameter or the Accept header",
                "content": {"application/trig": {"schema": string}, "text/turtle": {"schema": string}},
            }),
        )],
        Handler::Dereference => vec![(
            "303",
            json!({
                "description": "See Other: the Subject's RDF export or its page, by the Accept header",
                "headers": {"Location": {"schema": {"type": "string"}}},
            }),
        )],
    }
}

/// The header parameters and extra answers of a route's conditional requests.
pub fn conditional(route: &Route) -> (Vec<Value>, Vec<(&'static str, Value)>) {
    let header = |name: &str, description: &str| json!({"name": name, "in": "header", "required": false, "description": description, "schema": {"type": "string"}});
    let etag = json!({"ETag": {"description": "the revision of the page read", "schema": {"type": "string"}}});
    match route.versioning {
        Versioning::None => (Vec::new(), Vec::new()),
        Versioning::Read => (
            vec![header("If-None-Match", "entity tags; 304 when one names the current revision")],
            vec![("304", json!({"description": "Not Modified", "headers": etag}))],
        ),
        Versioning::Write => (
            vec![header("If-Match", "entity tags; 412 unless one names the page's current revision (* any)")],
            vec![("412", json_body("Precondition Failed", reference("Error")))],
        ),
    }
}
