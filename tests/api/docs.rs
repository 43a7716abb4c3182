//! `docs/api.md` lists exactly the routes of the route table.

use std::collections::BTreeSet;
use strata::api::routes::ROUTES;
use strata::app::error::ERROR_KINDS;

fn api_md() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/api.md")).unwrap()
}

#[test]
fn the_endpoint_table_matches_the_route_table() {
    let doc = api_md();
    let documented: BTreeSet<(String, String)> = doc
        .lines()
        .filter_map(|l| l.strip_prefix("| `"))
        .filter_map(|l| l.split_once('`').map(|(cell, _)| cell))
        .filter_map(|cell| cell.split_once(' '))
        .filter(|(m, _)| matches!(*m, "GET" | "POST" | "PUT" | "DELETE"))
        .map(|(m, p)| (m.to_owned(), p.to_owned()))
        .collect();
    let declared: BTreeSet<(String, String)> =
        ROUTES.iter().map(|r| (r.method.as_str().to_owned(), r.path.to_owned())).collect();
    let missing: Vec<_> = declared.difference(&documented).collect();
    let stale: Vec<_> = documented.difference(&declared).collect();
    assert!(
        missing.is_empty() && stale.is_empty(),
        "undocumented routes: {missing:?}; documented but not routed: {stale:?}"
    );
}

#[test]
fn every_error_code_is_documented() {
    let doc = api_md();
    for (_, code, status) in ERROR_KINDS {
        assert!(doc.contains(&format!("| `{code}` | {status} |")), "docs/api.md lacks the row for {code}");
    }
}
