//! Shared test fixtures: callers, a demo wiki in a MemoryHost, and a request helper.

use serde_json::Value;
use std::path::{Path, PathBuf};
use strata::api::{handle_route, Caller, Request};
use strata::host::memory::{MemoryHost, Viewer};
use strata::host::{namespace, Host, IndexRows, PageSave, SavePages};

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
        Who::Bot => ("ImportBot", &["read", "edit", "createpage", "strata-query", "apihighlimits"], &["*", "user", "bot"]),
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

pub fn demo_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/demo")
}

/// A wiki holding the demo Schemas; `Mallory` may not read `Schema:Person`.
pub fn demo_host() -> MemoryHost {
    let host = MemoryHost::default();
    let mut saves = Vec::new();
    let mut files: Vec<PathBuf> = std::fs::read_dir(demo_dir().join("Schema")).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    for path in files {
        let title = path.file_stem().unwrap().to_string_lossy().replace('_', " ");
        saves.push(page(namespace::SCHEMA, &title, Some(std::fs::read_to_string(&path).unwrap()), None, IndexRows::default()));
    }
    save(&host, saves);
    host.deny("Mallory", namespace::SCHEMA, "Person", strata::host::memory::Deny::Read);
    host
}

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
    let out = pollster::block_on(host.save_pages(SavePages { saves })).unwrap();
    assert!(out.ok, "seeding failed: {out:?}");
    out.results.iter().map(|r| r.page_id).collect()
}

/// One request as `who`; answers the status and the parsed body.
pub fn call(host: &MemoryHost, who: Who, method: &str, path: &str, query: &[(&str, &str)], body: Option<Value>) -> (u16, Value) {
    call_raw(host, who, method, path, query, body.map(|b| b.to_string()))
}

pub fn call_raw(host: &MemoryHost, who: Who, method: &str, path: &str, query: &[(&str, &str)], body: Option<String>) -> (u16, Value) {
    call_as(host, caller(who), method, path, query, body)
}

pub fn call_as(host: &MemoryHost, c: Caller, method: &str, path: &str, query: &[(&str, &str)], body: Option<String>) -> (u16, Value) {
    let viewer = Viewer { name: c.name.clone(), rights: c.rights.clone() };
    let request = Request {
        method: method.into(),
        path: path.into(),
        query: query.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect(),
        headers: Default::default(),
        body,
        caller: c,
    };
    let response = pollster::block_on(handle_route(&host.acting_as(viewer), request));
    let body: Value = serde_json::from_str(&response.body).unwrap();
    (response.status, body)
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
