//! The OpenAPI 3.0 document, generated from the route table (paths relative to `/rest.php`): typed
//! parameters and request bodies from the routes' declared kinds, success answers per handler, the
//! conditional-request headers, and the one error body for every other status.

mod builders;
mod components;
mod kinds;
mod responses;

use super::routes::{active, path_kind, path_params, Field, Route, Versioning};
use crate::domain::ids::SourceKey;
use crate::host::Settings;
use kinds::Formats;
use serde_json::{json, Map, Value};

pub fn document(settings: &Settings) -> Value {
    let own =
        SourceKey::parse(&settings.source_key).unwrap_or_else(|_| SourceKey::parse("local").expect("a valid key"));
    let formats = Formats::new(&own);
    let mut paths = Map::new();
    for route in active(settings) {
        let entry = paths.entry(route.path).or_insert_with(|| json!({}));
        entry[route.method.as_str().to_ascii_lowercase()] = operation(route, &formats);
    }
    json!({
        "openapi": "3.0.0",
        "info": {
            "title": "Strata",
            "version": "0.0.0",
            "description": "Structured data for wikis. Pre-1.0: endpoints and payloads may change without notice.",
        },
        "paths": paths,
        "components": {"schemas": components::components(&formats)},
    })
}

fn operation(route: &Route, formats: &Formats) -> Value {
    let mut parameters: Vec<Value> = path_params(route.path)
        .map(|name| json!({"name": name, "in": "path", "required": true, "schema": formats.schema(path_kind(name), true)}))
        .collect();
    parameters.extend(route.query.iter().map(|f| {
        json!({"name": f.name, "in": "query", "required": f.required, "description": f.doc, "schema": formats.schema(f.kind, true)})
    }));
    if route.changes_data {
        parameters
            .push(json!({"name": "X-CSRF-TOKEN", "in": "header", "required": true, "schema": {"type": "string"}}));
    }
    let (headers, conditional) = responses::conditional(route);
    parameters.extend(headers);
    let mut answers = Map::new();
    for (status, mut answer) in responses::success(route, formats) {
        if route.versioning == Versioning::Read {
            answer["headers"] = json!({"ETag": {"description": "the revision of the page read, when one page versions the answer", "schema": {"type": "string"}}});
        }
        answers.insert(status.into(), answer);
    }
    for (status, answer) in conditional {
        answers.insert(status.into(), answer);
    }
    answers.insert(
        "default".into(),
        json!({
            "description": "Error",
            "content": {"application/json": {"schema": builders::reference("Error")}},
        }),
    );
    let handler = format!("{:?}", route.handler);
    let mut op = json!({
        "operationId": format!("{}{}", handler[..1].to_ascii_lowercase(), &handler[1..]),
        "summary": route.summary,
        "parameters": parameters,
        "responses": answers,
    });
    if !route.body.is_empty() {
        op["requestBody"] = request_body(route.body, formats);
    }
    op
}

fn request_body(fields: &[Field], formats: &Formats) -> Value {
    let properties: Map<String, Value> = fields
        .iter()
        .map(|f| {
            let mut s = formats.schema(f.kind, false);
            s["description"] = f.doc.into();
            (f.name.to_owned(), s)
        })
        .collect();
    let required: Vec<&str> = fields.iter().filter(|f| f.required).map(|f| f.name).collect();
    let mut schema = json!({"type": "object", "additionalProperties": false, "properties": properties});
    if !required.is_empty() {
        schema["required"] = json!(required);
    }
    json!({"required": !required.is_empty(), "content": {"application/json": {"schema": schema}}})
}
