//! Shared test fixtures: callers, a demo wiki in a MemoryHost, and a request helper.

use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use strata::api::{handle_route, Request, Response};
use strata::app::page_index;
use strata::app::Caller;
use strata::host::memory::{Deny, MemoryHost, Viewer};
use strata::host::{namespace, Host, IndexRows, PageSave, PageTitle, SavePages};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Who {
    /// Anonymous on a wiki that requires login to read.
    Locked,
    Anonymous,
    User,
    Bot,
    Sysop,
    /// A user denied read on one page (`Schema:Person` and the page `ACME Inc`).
    Restricted,
}

pub fn caller(who: Who) -> Caller {
    let (name, rights, groups): (&str, &[&str], &[&str]) = match who {
        Who::Locked => ("127.0.0.1", &["strata-query"], &["*"]),
        Who::Anonymous => ("127.0.0.1", &["read", "strata-query"], &["*"]),
        Who::User => ("Alice", &["read", "edit", "createpage", "strata-query"], &["*", "user"]),
        Who::Bot => {
            ("ImportBot", &["read", "edit", "createpage", "strata-query", "apihighlimits"], &["*", "user", "bot"])
        }
        Who::Sysop => (
            "Admin",
            &["read", "edit", "createpage", "delete", "strata-query", "strata-admin", "apihighlimits", "noratelimit"],
            &["*", "user", "sysop"],
        ),
        Who::Restricted => ("Mallory", &["read", "edit", "createpage", "strata-query"], &["*", "user"]),
    };
    Caller {
        user_id: if matches!(who, Who::Locked | Who::Anonymous) { 0 } else { 7 },
        name: name.into(),
        anonymous: matches!(who, Who::Locked | Who::Anonymous),
        bot: who == Who::Bot,
        groups: groups.iter().map(|g| (*g).to_owned()).collect(),
        rights: rights.iter().map(|r| (*r).to_owned()).collect(),
        csrf_valid: !matches!(who, Who::Locked | Who::Anonymous),
    }
}

/// Every right a maintenance import has.
pub fn maintenance() -> Caller {
    let mut c = caller(Who::Sysop);
    c.name = "Maintenance script".into();
    c.rights.push("strata-mapping-edit".into());
    c
}

pub fn example_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/wiki")
}

/// A wiki holding the example wiki (`examples/wiki`): its Schemas and Subject pages; `Mallory` may
/// not read `Schema:Person` nor the page `Polder survey of 1672`.
pub fn example_host() -> MemoryHost {
    let host = MemoryHost::default();
    let mut saves = Vec::new();
    let mut files: Vec<PathBuf> =
        std::fs::read_dir(example_dir().join("Schema")).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    for path in files {
        let title = path.file_stem().unwrap().to_string_lossy().replace('_', " ");
        saves.push(page(
            namespace::SCHEMA,
            &title,
            Some(std::fs::read_to_string(&path).unwrap()),
            None,
            IndexRows::default(),
        ));
    }
    save(&host, saves);
    let mut files: Vec<PathBuf> =
        std::fs::read_dir(example_dir().join("Subject")).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    for path in files {
        let title = path.file_stem().unwrap().to_string_lossy().replace('_', " ");
        seed_subject_page(&host, namespace::MAIN, &title, &std::fs::read_to_string(&path).unwrap());
    }
    host.deny("Mallory", namespace::SCHEMA, "Person", Deny::Read);
    host.deny("Mallory", namespace::MAIN, "Polder survey of 1672", Deny::Read);
    host
}

/// Saves a page with a Subject slot and the index rows the core computes for it.
pub fn seed_subject_page(host: &MemoryHost, ns: i32, title: &str, slot: &str) -> u64 {
    let index = pollster::block_on(page_index(host, &caller(Who::Sysop), title, slot)).unwrap();
    save(host, vec![page(ns, title, Some(String::new()), Some(slot.to_owned()), index)])[0]
}

pub fn page_id(host: &MemoryHost, title: &str) -> u64 {
    let page = pollster::block_on(host.page_by_title(PageTitle { namespace: namespace::MAIN, title: title.into() }));
    page.unwrap().unwrap_or_else(|| panic!("no page {title}")).page_id
}

/// Schemas and a page with Dependent Subjects: a Club whose Membership has a Period.
pub fn add_club(host: &MemoryHost) -> u64 {
    let schemas = [
        (
            "Club",
            json!({"propertyDefinitions": {"Members": {"type": "relation", "targetSchemas": ["Membership"], "multiple": true}, "Founded": {"type": "date"}}}),
        ),
        (
            "Membership",
            json!({"subjectsAreDependent": true, "propertyDefinitions": {"Role": {"type": "text"}, "Period": {"type": "relation", "targetSchemas": ["Period"]}, "Member": {"type": "relation", "targetSchemas": ["Person"]}}}),
        ),
        ("Period", json!({"subjectsAreDependent": true, "propertyDefinitions": {"Start": {"type": "date"}}})),
    ];
    for (name, body) in schemas {
        assert_eq!(
            call(host, Who::Sysop, "PUT", &format!("/strata/v0/schema/{name}"), &[], Some(json!({"schema": body}))).0,
            201
        );
    }
    seed_subject_page(host, namespace::MAIN, "Chess Club", &club_slot().to_string())
}

/// The Subject slot of the page `Chess Club`.
pub fn club_slot() -> Value {
    json!({
        "mainSubject": CLUB,
        "subjects": {
            CLUB: {"label": "Chess Club", "schema": "Club", "statements": {
                "Members": {"propertyType": "relation", "value": [{"id": "r1testaaaaaaar1", "target": MEMBERSHIP}]}}},
            MEMBERSHIP: {"schema": "Membership", "statements": {
                "Role": {"propertyType": "text", "value": ["Chair"]},
                "Member": {"propertyType": "relation", "value": [{"id": "r1testaaaaaaar2", "target": PERSON}]},
                "Period": {"propertyType": "relation", "value": [{"id": "r1testaaaaaaar3", "target": PERIOD}]}}},
            PERIOD: {"schema": "Period", "statements": {"Start": {"propertyType": "date", "value": ["2020-01-01"]}}},
        },
    })
}

/// Pieter Claesz Staal, a Person of the example wiki (`Mallory` may not read `Schema:Person`).
pub const PERSON: &str = "s1per1aaaaaaa05";
pub const CLUB: &str = "s1testaaaaaaac1";
pub const MEMBERSHIP: &str = "s1testaaaaaaam1";
pub const PERIOD: &str = "s1testaaaaaaap1";

pub fn page(ns: i32, title: &str, main: Option<String>, subjects: Option<String>, index: IndexRows) -> PageSave {
    PageSave {
        page_id: None,
        namespace: ns,
        title: title.into(),
        base_revision_id: None,
        create_only: true,
        comment: "seed".into(),
        content_model: if ns == namespace::SCHEMA { "strata-schema".into() } else { "wikitext".into() },
        main_slot: main,
        subject_slot: subjects,
        index,
    }
}

pub fn save(host: &MemoryHost, saves: Vec<PageSave>) -> Vec<u64> {
    let out = pollster::block_on(host.save_pages(SavePages { saves, validated_against: vec![] })).unwrap();
    assert!(out.ok, "seeding failed: {out:?}");
    out.results.iter().map(|r| r.page_id).collect()
}

/// One request as `who`; answers the status and the parsed body.
pub fn call(
    host: &MemoryHost,
    who: Who,
    method: &str,
    path: &str,
    query: &[(&str, &str)],
    body: Option<Value>,
) -> (u16, Value) {
    call_raw(host, who, method, path, query, body.map(|b| b.to_string()))
}

pub fn call_raw(
    host: &MemoryHost,
    who: Who,
    method: &str,
    path: &str,
    query: &[(&str, &str)],
    body: Option<String>,
) -> (u16, Value) {
    call_as(host, caller(who), method, path, query, body)
}

/// The body is parsed as JSON; a body of another media type (RDF, an empty redirect) is a string.
pub fn call_as(
    host: &MemoryHost,
    c: Caller,
    method: &str,
    path: &str,
    query: &[(&str, &str)],
    body: Option<String>,
) -> (u16, Value) {
    let response = respond(host, c, method, path, query, &[], body);
    let body: Value = serde_json::from_str(&response.body).unwrap_or(Value::String(response.body));
    (response.status, body)
}

/// The whole response, with request headers (lower-case names).
pub fn respond(
    host: &MemoryHost,
    c: Caller,
    method: &str,
    path: &str,
    query: &[(&str, &str)],
    headers: &[(&str, &str)],
    body: Option<String>,
) -> Response {
    let viewer = Viewer { name: c.name.clone(), rights: c.rights.clone() };
    let pairs = |list: &[(&str, &str)]| list.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect();
    let request = Request {
        method: method.into(),
        path: path.into(),
        query: pairs(query),
        headers: pairs(headers),
        body,
        body_not_utf8: false,
        caller: c,
    };
    pollster::block_on(handle_route(&host.acting_as(viewer), request))
}

/// Asserts the one error body and returns its code.
pub fn error_code(status: u16, body: &Value) -> String {
    let code = body["errorType"].as_str().unwrap_or_else(|| panic!("no errorType in {body}")).to_owned();
    assert_eq!(body["error"], body["errorType"], "{body}");
    assert_eq!(body["httpCode"], status, "{body}");
    assert_eq!(body["messageTranslations"]["en"], body["message"], "{body}");
    assert!(body["message"].as_str().is_some_and(|m| !m.is_empty()), "{body}");
    code
}

/// A concrete path for a route template.
pub fn sample_path(template: &str) -> String {
    template
        .split('/')
        .map(|seg| match seg {
            "{pageId}" => "1",
            "{subjectId}" => "s1map1aaaaaaa01",
            "{schemaName}" | "{search}" => "Map",
            "{propertyName}" => "Scale",
            "{name}" => "main",
            other => other,
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// The `handlePageAction` export through `host`, as the reference host relays it to an api.php
/// client: `{ok: true, result}`, or `{ok: false, error: {code, info, ...details}}` from the failure.
pub fn page_action<H: strata::host::Host>(host: &H, request: &str) -> Value {
    match pollster::block_on(strata::exports::handle_page_action(host, request)) {
        Ok(result) => serde_json::json!({"ok": true, "result": serde_json::from_str::<Value>(&result).unwrap()}),
        Err(e) => {
            let mut error = serde_json::json!({"code": e.code, "info": e.message});
            if let Value::Object(details) = e.details {
                error.as_object_mut().unwrap().extend(details);
            }
            serde_json::json!({"ok": false, "error": error})
        }
    }
}
