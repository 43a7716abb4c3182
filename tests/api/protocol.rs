//! HTTP details every route shares: `Allow` on 405, `Retry-After` on 429, 415 for a body labelled
//! as something other than JSON, 400 for a body that is not UTF-8.

use crate::support::*;
use serde_json::{json, Value};
use strata::api::routes::{Method, ROUTES};
use strata::api::{handle_route, Request};
use strata::host::memory::MemoryHost;
use strata::host::{Settings, StoreSettings};

fn status_and_body(r: &strata::api::Response) -> (u16, Value) {
    (r.status, serde_json::from_str(&r.body).unwrap())
}

#[test]
fn a_405_names_the_methods_the_path_has() {
    let host = MemoryHost::default();
    let cases = [
        ("POST", "/strata/v0/schemas", "GET"),
        ("PATCH", "/strata/v0/schema/Person", "GET, PUT, DELETE"),
        ("GET", "/strata/v0/subject-ids", "POST"),
    ];
    for (method, path, allow) in cases {
        let r = respond(&host, caller(Who::User), method, path, &[], &[], None);
        assert_eq!(r.status, 405, "{method} {path}");
        assert_eq!(r.headers.get("allow").map(String::as_str), Some(allow), "{method} {path}");
    }
    // Every route's path answers 405 with an Allow that lists that route's method.
    for route in ROUTES {
        let other = if route.method == Method::Delete { "PATCH" } else { "DELETE" };
        let path = sample_path(route.path);
        let r = respond(&host, caller(Who::Sysop), other, &path, &[], &[], None);
        if r.status == 405 {
            assert!(
                r.headers["allow"].split(", ").any(|m| m == route.method.as_str()),
                "{path}: {:?}",
                r.headers.get("allow")
            );
        }
    }
}

#[test]
fn a_429_says_when_to_try_again() {
    let mut settings = Settings::default();
    settings
        .stores
        .insert("rdf".into(), StoreSettings { store_type: "oxigraph-embedded".into(), projection: "native".into() });
    let host = MemoryHost::new(settings);
    host.allow_uses(0);
    let body = json!({"query": "SELECT * WHERE { ?s ?p ?o }"}).to_string();
    let r = respond(&host, caller(Who::User), "POST", "/strata/v0/query/sparql", &[], &[], Some(body));
    assert_eq!(status_and_body(&r).1["errorType"], "rateLimitExceeded");
    assert_eq!((r.status, r.headers.get("retry-after").map(String::as_str)), (429, Some("30")), "the host's window");
}

#[test]
fn a_json_body_must_be_labelled_as_json_when_labelled() {
    let host = example_host();
    let saves = host.save_calls();
    let body = json!({"pageTitle": "Labelled", "schema": "Map", "statements": {}}).to_string();
    let post = |content_type: Option<&str>| {
        let headers: Vec<(&str, &str)> = content_type.map(|c| ("content-type", c)).into_iter().collect();
        status_and_body(&respond(
            &host,
            caller(Who::User),
            "POST",
            "/strata/v0/subjects",
            &[],
            &headers,
            Some(body.clone()),
        ))
    };
    let (status, refused) = post(Some("text/plain"));
    assert_eq!((status, refused["errorType"].as_str()), (415, Some("unsupported-media-type")));
    assert_eq!(post(Some("application/x-www-form-urlencoded")).0, 415);
    assert_eq!(host.save_calls(), saves, "nothing was written");
    assert_eq!(post(Some("application/json; charset=utf-8")).0, 201);
}

#[test]
fn a_body_that_is_not_utf8_is_refused() {
    let host = example_host();
    let saves = host.save_calls();
    let request = Request {
        method: "POST".into(),
        path: "/strata/v0/subjects".into(),
        query: Default::default(),
        headers: [("content-type".to_owned(), "application/json".to_owned())].into_iter().collect(),
        body: Some("{\"pageTitle\": \"Bad \u{FFFD}\", \"schema\": \"Map\"}".into()),
        body_not_utf8: true,
        caller: caller(Who::User),
    };
    let r = pollster::block_on(handle_route(&host, request));
    let (status, body) = status_and_body(&r);
    assert_eq!((status, body["errorType"].as_str()), (400, Some("invalid-body")), "{body}");
    assert!(body["message"].as_str().unwrap().contains("UTF-8"));
    assert_eq!(host.save_calls(), saves);
}
