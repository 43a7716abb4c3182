//! The Authentication rules that hold on every route: login-required reads, CSRF, unknown routes.

use crate::support::*;
use serde_json::json;
use strata::api::routes::{Method, ROUTES};
use strata::host::memory::MemoryHost;

#[test]
fn a_login_only_wiki_refuses_every_route_before_anything_else() {
    let host = example_host();
    let mut paths: Vec<(&str, String)> = ROUTES.iter().map(|r| (r.method.as_str(), sample_path(r.path))).collect();
    paths.push(("GET", "/strata/v0/no-such-route".into()));
    paths.push(("PATCH", "/strata/v0/schemas".into()));
    for (method, path) in paths {
        let (status, body) = call_raw(&host, Who::Locked, method, &path, &[("limit", "-1")], Some("{not json".into()));
        assert_eq!((status, error_code(status, &body).as_str()), (403, "rest-read-denied"), "{method} {path}");
    }
}

#[test]
fn data_changing_routes_need_a_csrf_token_and_reads_do_not() {
    let host = example_host();
    for route in ROUTES {
        let mut c = caller(Who::Sysop);
        c.csrf_valid = false;
        let (status, body) = call_as(&host, c, route.method.as_str(), &sample_path(route.path), &[], Some("{}".into()));
        if route.changes_data {
            assert_eq!(
                (status, error_code(status, &body).as_str()),
                (403, "badtoken"),
                "{} {}",
                route.method.as_str(),
                route.path
            );
        } else {
            assert_ne!(body["errorType"], "badtoken", "{} {}", route.method.as_str(), route.path);
        }
    }
    assert!(ROUTES.iter().any(|r| r.changes_data), "the table declares data-changing routes");
    assert!(ROUTES.iter().filter(|r| r.changes_data).all(|r| r.method != Method::Get), "no GET changes data");
}

#[test]
fn unknown_routes_and_methods() {
    let host = MemoryHost::default();
    let cases = [
        ("GET", "/strata/v0/nothing", 404, "rest-no-match"),
        ("GET", "/strata/v1/schemas", 404, "rest-no-match"),
        ("POST", "/strata/v0/schemas", 405, "rest-wrong-method"),
        ("PATCH", "/strata/v0/schema/Person", 405, "rest-wrong-method"),
        // Renamed to `POST /page/{pageId}/subjects` with no alias.
        ("POST", "/strata/v0/page/1/childSubjects", 404, "rest-no-match"),
    ];
    for (method, path, want_status, want_code) in cases {
        let (status, body) = call(&host, Who::User, method, path, &[], None);
        assert_eq!((status, error_code(status, &body).as_str()), (want_status, want_code), "{method} {path}");
    }
}

#[test]
fn malformed_bodies_are_refused_before_any_change() {
    let host = example_host();
    let saves_before = host.save_calls();
    let cases: &[(&str, &str)] = &[
        ("{not json", "invalid-json"),
        ("[1, 2]", "invalid-body"),
        ("\"text\"", "invalid-body"),
        (r#"{"comment": "no schema"}"#, "invalid-body"),
        (r#"{"schema": "not an object"}"#, "invalid-body"),
        (r#"{"schema": {"propertyDefinitions": {}}, "comment": 5}"#, "invalid-body"),
        (r#"{"schema": {"propertyDefinitions": {}}, "bogus": 1}"#, "invalid-body"),
    ];
    for (body, want) in cases {
        let (status, answer) = call_raw(&host, Who::Sysop, "PUT", "/strata/v0/schema/Fresh", &[], Some((*body).into()));
        assert_eq!((status, error_code(status, &answer)), (400, (*want).to_owned()), "{body}");
    }
    let (_, after) = call(&host, Who::Sysop, "GET", "/strata/v0/schema/Fresh", &[], None);
    assert_eq!(after, json!({"schema": null}));
    assert_eq!(host.save_calls(), saves_before, "nothing was saved");
}
