//! MediaWiki's REST router only serves the path templates it is told about, so the extension ships
//! `mediawiki/rest-routes.json`: one entry per path of the core's route table, with its methods, all
//! answered by the handler that forwards to `handleRoute`. This test fails when the file drifts from
//! `api::routes::ROUTES`; `STRATA_WRITE_ROUTES=1 cargo test --test mediawiki_routes` rewrites it.

use serde_json::{json, Value};
use strata::api::routes::ROUTES;

const FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/mediawiki/rest-routes.json");
const HANDLER: &str = "MediaWiki\\Extension\\Strata\\Rest\\CoreRouteHandler";

/// Every path of the route table, in table order, with its methods in table order.
fn expected() -> Value {
    let mut paths: Vec<(&str, Vec<&str>)> = Vec::new();
    for route in ROUTES {
        match paths.iter_mut().find(|(path, _)| *path == route.path) {
            Some((_, methods)) => methods.push(route.method.as_str()),
            None => paths.push((route.path, vec![route.method.as_str()])),
        }
    }
    Value::Array(paths.into_iter().map(|(path, method)| json!({"path": path, "method": method, "class": HANDLER})).collect())
}

#[test]
fn the_route_file_lists_every_path_and_method_of_the_route_table() {
    let want = serde_json::to_string_pretty(&expected()).unwrap() + "\n";
    if std::env::var_os("STRATA_WRITE_ROUTES").is_some() {
        std::fs::write(FILE, &want).unwrap();
    }
    let have = std::fs::read_to_string(FILE).unwrap_or_default();
    assert_eq!(have, want, "mediawiki/rest-routes.json is stale: run STRATA_WRITE_ROUTES=1 cargo test --test mediawiki_routes");
}

#[test]
fn every_route_is_answered_by_the_forwarding_handler() {
    let file: Value = serde_json::from_str(&std::fs::read_to_string(FILE).unwrap()).unwrap();
    let entries = file.as_array().unwrap();
    let methods: usize = entries.iter().map(|e| e["method"].as_array().unwrap().len()).sum();
    assert_eq!(methods, ROUTES.len());
    assert!(entries.iter().all(|e| e["class"] == HANDLER));
    assert!(entries.iter().any(|e| e["path"] == "/strata/v0/subject/{subjectId}" && e["method"] == json!(["GET", "PUT", "DELETE"])));
}
