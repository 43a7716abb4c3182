//! The OpenAPI 3.0 document, generated from the route table. Paths are relative to `/rest.php`.

use super::context::describe;
use crate::app::error::ERROR_KINDS;
use super::routes::{active, path_params, Field, Handler, Kind, Method, Route};
use crate::host::Settings;
use serde_json::{json, Map, Value};

pub fn document(settings: &Settings) -> Value {
    let mut paths = Map::new();
    for route in active(settings) {
        let entry = paths.entry(route.path).or_insert_with(|| json!({}));
        entry[route.method.as_str().to_ascii_lowercase()] = operation(route);
    }
    let codes: Vec<&str> = ERROR_KINDS.iter().map(|(_, c, _)| *c).collect();
    json!({
        "openapi": "3.0.0",
        "info": {
            "title": "Strata",
            "version": "0.0.0",
            "description": "Structured data for wikis. Pre-1.0: endpoints and payloads may change without notice.",
        },
        "paths": paths,
        "components": {"schemas": {"Error": {
            "type": "object",
            "required": ["errorType", "error", "message", "messageTranslations", "httpCode"],
            "properties": {
                "errorType": {"type": "string", "enum": codes},
                "error": {"type": "string", "enum": codes},
                "message": {"type": "string"},
                "messageTranslations": {"type": "object", "additionalProperties": {"type": "string"}},
                "httpCode": {"type": "integer"},
            },
        }}},
    })
}

fn operation(route: &Route) -> Value {
    let mut parameters: Vec<Value> = path_params(route.path)
        .map(|name| {
            let schema = if name == "pageId" { json!({"type": "integer"}) } else { json!({"type": "string"}) };
            json!({"name": name, "in": "path", "required": true, "schema": schema})
        })
        .collect();
    parameters.extend(route.query.iter().map(|f| {
        json!({"name": f.name, "in": "query", "required": f.required, "description": f.doc, "schema": schema_of(f.kind)})
    }));
    if route.changes_data {
        parameters.push(json!({"name": "X-CSRF-TOKEN", "in": "header", "required": true, "schema": {"type": "string"}}));
    }
    let handler = format!("{:?}", route.handler);
    let mut op = json!({
        "operationId": format!("{}{}", handler[..1].to_ascii_lowercase(), &handler[1..]),
        "summary": route.summary,
        "parameters": parameters,
        "responses": {
            success_status(route): success(route),
            "default": {
                "description": "Error",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
            },
        },
    });
    if !route.body.is_empty() {
        op["requestBody"] = request_body(route.body);
    }
    op
}

fn success_status(route: &Route) -> &'static str {
    match route.handler {
        Handler::Dereference => "303",
        _ if route.method == Method::Get => "200",
        _ => "2XX",
    }
}

fn success(route: &Route) -> Value {
    let text = json!({"schema": {"type": "string"}});
    match route.handler {
        Handler::PageRdf | Handler::SubjectRdf => json!({
            "description": "TriG or Turtle, by the format parameter or the Accept header",
            "content": {"application/trig": text, "text/turtle": text},
        }),
        Handler::Dereference => json!({
            "description": "See Other: the Subject's RDF export or its page, by the Accept header",
            "headers": {"Location": {"schema": {"type": "string", "format": "uri"}}},
        }),
        _ => json!({"description": "Success", "content": {"application/json": {"schema": {"type": "object"}}}}),
    }
}

fn request_body(fields: &[Field]) -> Value {
    let properties: Map<String, Value> = fields
        .iter()
        .map(|f| {
            let mut s = schema_of(f.kind);
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

fn schema_of(kind: Kind) -> Value {
    match kind {
        Kind::String => json!({"type": "string"}),
        Kind::NullableString => json!({"type": "string", "nullable": true}),
        Kind::Integer => json!({"type": "integer"}),
        Kind::Boolean => json!({"type": "boolean"}),
        Kind::Flag => json!({"type": "string", "enum": ["1", "0"]}),
        Kind::Object => json!({"type": "object"}),
        Kind::Array => json!({"type": "array", "items": {}}),
        Kind::StringArray => json!({"type": "array", "items": {"type": "string"}}),
        Kind::SchemaRef => json!({"description": describe(kind), "oneOf": [{"type": "string"}, {"type": "object"}]}),
        Kind::OneOf(values) => json!({"type": "string", "enum": values}),
        Kind::PipeList(values) => json!({
            "type": "string",
            "description": format!("pipe-separated: {}", values.join(", ")),
        }),
    }
}
