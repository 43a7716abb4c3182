//! The OpenAPI document served at `/specs/v0/module/-`, checked structurally against the route table.

use crate::support::*;
use strata::api::routes::{path_params, ROUTES};
use strata::host::memory::MemoryHost;
use strata::host::{Settings, StoreSettings};

#[test]
fn every_route_is_described_with_its_parameters() {
    let mut settings = Settings::default();
    for (name, store_type) in [("graph", "falkordb"), ("rdf", "sparql-http")] {
        settings
            .stores
            .insert(name.into(), StoreSettings { store_type: store_type.into(), projection: "native".into() });
    }
    let host = MemoryHost::new(settings);
    let (status, doc) = call(&host, Who::Anonymous, "GET", "/specs/v0/module/-", &[], None);
    assert_eq!(status, 200);
    assert_eq!(doc["openapi"], "3.0.0");
    let paths = doc["paths"].as_object().unwrap();
    for route in ROUTES {
        let op = &paths[route.path][route.method.as_str().to_ascii_lowercase()];
        assert!(op.is_object(), "{} {} is missing", route.method.as_str(), route.path);
        let params = op["parameters"].as_array().unwrap();
        let declared = |name: &str, place: &str| params.iter().any(|p| p["name"] == name && p["in"] == place);
        for name in path_params(route.path) {
            assert!(declared(name, "path"), "{}: path parameter {name} undeclared", route.path);
            let p = params.iter().find(|p| p["name"] == name).unwrap();
            assert_eq!(p["required"], true);
        }
        for q in route.query {
            assert!(declared(q.name, "query"), "{}: query parameter {} undeclared", route.path, q.name);
        }
        assert_eq!(declared("X-CSRF-TOKEN", "header"), route.changes_data, "{}", route.path);
        if !route.body.is_empty() {
            let props = &op["requestBody"]["content"]["application/json"]["schema"]["properties"];
            for f in route.body {
                assert!(props[f.name].is_object(), "{}: body field {} undeclared", route.path, f.name);
            }
        }
        assert!(op["responses"]["default"]["content"]["application/json"]["schema"]["$ref"].is_string());
    }
    let described: usize = paths.values().map(|p| p.as_object().map_or(0, |o| o.len())).sum();
    assert_eq!(described, ROUTES.len(), "every route of the table with its stores configured, nothing beyond");
    let placeholders: Vec<&String> = paths.keys().filter(|p| p.contains('{')).collect();
    assert!(!placeholders.is_empty());
    let ids: Vec<String> =
        paths.values().flat_map(|p| p.as_object().unwrap().values().map(|o| o["operationId"].to_string())).collect();
    let unique: std::collections::HashSet<&String> = ids.iter().collect();
    assert_eq!(ids.len(), unique.len(), "operationIds are unique");
}

/// OpenAPI 3.0 requires the values of an `enum` to be unique; two tables feeding one enum once broke it.
#[test]
fn every_enum_lists_each_value_once() {
    fn walk(value: &serde_json::Value, at: &str) {
        match value {
            serde_json::Value::Object(map) => {
                if let Some(values) = map.get("enum").and_then(|e| e.as_array()) {
                    let unique: std::collections::HashSet<String> = values.iter().map(|v| v.to_string()).collect();
                    assert_eq!(unique.len(), values.len(), "{at}: enum with repeated values {values:?}");
                }
                map.iter().for_each(|(k, v)| walk(v, &format!("{at}/{k}")));
            }
            serde_json::Value::Array(items) => {
                items.iter().enumerate().for_each(|(i, v)| walk(v, &format!("{at}/{i}")))
            }
            _ => {}
        }
    }
    let host = MemoryHost::new(Settings::default());
    let (status, doc) = call(&host, Who::Anonymous, "GET", "/specs/v0/module/-", &[], None);
    assert_eq!(status, 200);
    assert!(doc["components"]["schemas"]["Error"]["properties"]["error"]["enum"]
        .as_array()
        .is_some_and(|e| e.len() > 10));
    walk(&doc, "");
}
