//! Conditional requests: ETags from page revisions on Subject, page-Subjects and Schema reads;
//! `If-None-Match` answers 304; `If-Match` on writes answers 412 when the page moved on.

use crate::support::*;
use serde_json::{json, Value};
use strata::api::Response;
use strata::host::memory::MemoryHost;

const MAP: &str = "s1map1aaaaaaa03";

fn send(host: &MemoryHost, method: &str, path: &str, headers: &[(&str, &str)], body: Option<Value>) -> Response {
    respond(host, caller(Who::User), method, path, &[], headers, body.map(|b| b.to_string()))
}

fn etag(r: &Response) -> String {
    r.headers.get("etag").cloned().unwrap_or_else(|| panic!("no ETag: {} {}", r.status, r.body))
}

fn error_type(r: &Response) -> String {
    serde_json::from_str::<Value>(&r.body).unwrap()["errorType"].as_str().unwrap_or_default().to_owned()
}

#[test]
fn reads_carry_the_page_revision_and_answer_304_when_it_is_current() {
    let host = example_host();
    let subject = format!("/strata/v0/subject/{MAP}");
    let page = format!("/strata/v0/page/{}/subjects", page_id(&host, "City plan of 1935"));
    for path in [subject.as_str(), page.as_str(), "/strata/v0/schema/Map"] {
        let first = send(&host, "GET", path, &[], None);
        let tag = etag(&first);
        assert!(tag.starts_with('"') && tag[1..tag.len() - 1].parse::<u64>().is_ok(), "{path}: {tag}");
        let again = send(&host, "GET", path, &[("if-none-match", &tag)], None);
        assert_eq!((again.status, again.body.as_str(), etag(&again)), (304, "", tag.clone()), "{path}");
        let weak = send(&host, "GET", path, &[("if-none-match", &format!("\"0\", W/{tag}"))], None);
        assert_eq!(weak.status, 304, "{path}: If-None-Match compares weakly");
        assert_eq!(send(&host, "GET", path, &[("if-none-match", "\"0\"")], None).status, 200, "{path}");
    }
    let with_targets = respond(&host, caller(Who::User), "GET", &subject, &[("expand", "relations")], &[], None);
    assert!(!with_targets.headers.contains_key("etag"), "targets on other pages are not versioned by this page");
}

#[test]
fn if_match_refuses_a_write_based_on_an_old_version() {
    let host = example_host();
    let path = format!("/strata/v0/subject/{MAP}");
    let tag = etag(&send(&host, "GET", &path, &[], None));
    let body = |label: &str| Some(json!({"label": label, "statements": {}}));
    let first = send(&host, "PUT", &path, &[("if-match", &tag)], body("First"));
    assert_eq!(first.status, 200, "{}", first.body);
    let second = send(&host, "PUT", &path, &[("if-match", &tag)], body("Second"));
    assert_eq!((second.status, error_type(&second).as_str()), (412, "precondition-failed"), "{}", second.body);
    let read = send(&host, "GET", &path, &[], None);
    assert_eq!(
        serde_json::from_str::<Value>(&read.body).unwrap()["subjects"][MAP]["label"],
        "First",
        "the second write changed nothing"
    );
    assert_ne!(etag(&read), tag, "a write makes a new version");
    assert_eq!(send(&host, "PUT", &path, &[("if-match", &etag(&read))], body("Third")).status, 200);
    assert_eq!(
        send(&host, "PUT", &path, &[("if-match", "*")], body("Any")).status,
        200,
        "* matches any current version"
    );
    assert_eq!(
        send(&host, "PUT", &path, &[("if-match", &format!("W/{}", etag(&read)))], body("Weak")).status,
        412,
        "weak tags never match"
    );
    assert_eq!(send(&host, "PUT", &path, &[], body("Blind")).status, 200, "without If-Match a write is unconditional");
}

#[test]
fn every_kind_of_write_checks_if_match() {
    let host = example_host();
    let page = page_id(&host, "City plan of 1935");
    let stale = &[("if-match", "\"1\"")];
    let cases: Vec<(&str, String, Option<Value>)> = vec![
        ("PUT", format!("/strata/v0/subject/{MAP}/statements/Scale"), Some(json!({"statement": {"value": 1}}))),
        ("DELETE", format!("/strata/v0/subject/{MAP}/statements/Scale"), None),
        ("DELETE", format!("/strata/v0/subject/{MAP}"), None),
        (
            "POST",
            format!("/strata/v0/subject/{MAP}/move"),
            Some(json!({"targetPageId": page_id(&host, "Agnes Reijnders")})),
        ),
        ("POST", format!("/strata/v0/page/{page}/subjects"), Some(json!({"schema": "Map", "statements": {}}))),
        ("PUT", format!("/strata/v0/page/{page}/mainSubject"), Some(json!({"subjectId": null}))),
        (
            "POST",
            "/strata/v0/subjects".to_owned(),
            Some(json!({"pageTitle": "Fresh", "schema": "Map", "statements": {}})),
        ),
        ("PUT", "/strata/v0/schema/Map".to_owned(), Some(json!({"schema": {"propertyDefinitions": {}}}))),
    ];
    let saves = host.save_calls();
    for (method, path, body) in &cases {
        let r = send(&host, method, path, stale, body.clone());
        assert_eq!((r.status, error_type(&r).as_str()), (412, "precondition-failed"), "{method} {path}: {}", r.body);
    }
    let sysop = |method: &str, headers: &[(&str, &str)]| {
        respond(&host, caller(Who::Sysop), method, "/strata/v0/schema/Loan", &[], headers, None)
    };
    assert_eq!(sysop("DELETE", stale).status, 412);
    assert_eq!(host.save_calls(), saves, "nothing was saved");
    let current = etag(&sysop("GET", &[]));
    assert_eq!(sysop("DELETE", &[("if-match", &current)]).status, 200);
}
