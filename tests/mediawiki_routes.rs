//! MediaWiki's REST router only serves the path templates it is told about, so the extension's
//! `mediawiki/extension.json` declares them in `RestRoutes`: one entry per path of the core's route
//! table, with its methods, all answered by the handler that forwards to `handleRoute`; what the
//! table declares of each route beyond that (whether its answers may be reused, the caller's rights
//! it asks: `Route::reusable`, `Route::rights_asked`) is the PHP table `RouteDeclarations.php`. This test
//! fails when either drifts from `api::routes::ROUTES`; `STRATA_WRITE_ROUTES=1 cargo test --test
//! mediawiki_routes` rewrites both. It also holds extension.json to what MediaWiki and an operator expect
//! of it: the project's one version (Cargo.toml's, which `make dist` names the archive by) and the
//! requirements the PHP bridge has.

use serde::Serialize;
use serde_json::{json, Value};
use strata::api::routes::{Reuse, Route, ROUTES};

const FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/mediawiki/extension.json");
const DECLARATIONS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/mediawiki/src/Rest/RouteDeclarations.php");
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
    Value::Array(
        paths.into_iter().map(|(path, method)| json!({"path": path, "method": method, "class": HANDLER})).collect(),
    )
}

/// The PHP table of what the route table declares of each route beyond its path and methods
/// (`Route::reusable`, `Route::rights_asked`), as `RouteDeclarations.php` must read.
fn declarations() -> String {
    let quoted = |s: &str| format!("'{}'", s.replace('\\', "\\\\").replace('\'', "\\'"));
    let key = |r: &Route| quoted(&format!("{} {}", r.method.as_str(), r.path));
    let mut rights = String::new();
    let mut reusable = String::new();
    for route in ROUTES {
        if let Some(asked) = route.rights_asked() {
            let list: Vec<String> = asked.iter().map(|r| quoted(r)).collect();
            rights.push_str(&format!("\t\t{} => [ {} ],\n", key(route), list.join(", ")));
        }
        if let Some(reuse) = route.reusable {
            let kind = match reuse {
                Reuse::Pages => "pages",
                Reuse::Index => "index",
            };
            reusable.push_str(&format!("\t\t{} => '{kind}',\n", key(route)));
        }
    }
    format!(
        r#"<?php
/**
 * What the core's route table (src/api/routes.rs) declares of each route beyond its path and methods,
 * for `CoreRouteHandler`. Written by `STRATA_WRITE_ROUTES=1 cargo test --test mediawiki_routes`, which
 * fails when it drifts from the table: do not edit. Not in extension.json's `RestRoutes`, which
 * MediaWiki's REST router hashes and unserializes on every REST request (issue 31).
 */

namespace MediaWiki\Extension\Strata\Rest;

class RouteDeclarations {{
	/** The caller's rights each route asks (`Route::rights_asked`), by "METHOD path"; a route not listed asks every right. */
	public const RIGHTS_ASKED = [
{rights}	];

	/**
	 * The routes whose answers the core may declare reusable (`Route::reusable`), with what such an
	 * answer depends on: `pages` (the pages it read) or `index` (the Subject index).
	 */
	public const REUSABLE = [
{reusable}	];
}}
"#
    )
}

fn extension() -> Value {
    serde_json::from_str(&std::fs::read_to_string(FILE).unwrap()).unwrap()
}

/// extension.json as MediaWiki's own files are written: tab-indented, with a final newline.
fn write(value: &Value) {
    let mut out = Vec::new();
    let mut serializer =
        serde_json::Serializer::with_formatter(&mut out, serde_json::ser::PrettyFormatter::with_indent(b"\t"));
    value.serialize(&mut serializer).unwrap();
    out.push(b'\n');
    std::fs::write(FILE, out).unwrap();
}

#[test]
fn rest_routes_list_every_path_and_method_of_the_route_table() {
    let mut file = extension();
    if std::env::var_os("STRATA_WRITE_ROUTES").is_some() {
        file["RestRoutes"] = expected();
        write(&file);
        std::fs::write(DECLARATIONS, declarations()).unwrap();
    }
    assert_eq!(
        file["RestRoutes"],
        expected(),
        "extension.json's RestRoutes are stale: run STRATA_WRITE_ROUTES=1 cargo test --test mediawiki_routes"
    );
}

#[test]
fn every_route_is_answered_by_the_forwarding_handler() {
    let file = extension();
    let entries = file["RestRoutes"].as_array().unwrap();
    let methods: usize = entries.iter().map(|e| e["method"].as_array().unwrap().len()).sum();
    assert_eq!(methods, ROUTES.len());
    assert!(entries.iter().all(|e| e["class"] == HANDLER));
    assert!(entries
        .iter()
        .any(|e| e["path"] == "/strata/v0/subject/{subjectId}" && e["method"] == json!(["GET", "PUT", "DELETE"])));
    assert!(
        entries.iter().any(|e| e["path"] == "/strata/v0/openapi.json"),
        "the OpenAPI document under Strata's own prefix"
    );
}

#[test]
fn the_handler_reads_what_the_route_table_declares_of_each_route() {
    let written = std::fs::read_to_string(DECLARATIONS).unwrap();
    assert_eq!(
        written,
        declarations(),
        "RouteDeclarations.php is stale: run STRATA_WRITE_ROUTES=1 cargo test --test mediawiki_routes"
    );
    assert!(written.contains("'GET /strata/v0/subjects' => [ 'read' ],"));
    assert!(written.contains("'GET /strata/v0/subject-counts' => [ 'read', 'strata-query' ],"));
    assert!(written.contains("'GET /strata/v0/subject/{subjectId}' => 'pages',"));
    assert!(written.contains("'GET /strata/v0/subjects' => 'index',"));
    assert!(!written.contains("'POST /strata/v0/query/cypher'"), "a query asks every right");
}

#[test]
fn the_extension_has_the_crates_version() {
    assert_eq!(extension()["version"], env!("CARGO_PKG_VERSION"), "extension.json's version must be Cargo.toml's");
}

#[test]
fn the_extension_states_what_the_bridge_requires() {
    let requires = &extension()["requires"];
    assert_eq!(requires["MediaWiki"], ">= 1.39.0");
    assert_eq!(requires["platform"]["php"], ">= 8.1");
    // MediaWiki compares the name with get_loaded_extensions() case-sensitively: PHP calls it "FFI".
    assert_eq!(requires["platform"]["ext-FFI"], "*");
}

#[test]
fn routes_come_from_extension_json_and_no_callback_adds_route_files() {
    let file = extension();
    assert!(file.get("callback").is_none(), "no registration callback");
    assert!(!std::fs::read_to_string(FILE).unwrap().contains("RestAPIAdditionalRouteFiles"));
    assert!(file.get("url").is_none() || !file["url"].as_str().unwrap().contains(".invalid"), "no made-up url");
}
