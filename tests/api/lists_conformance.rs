//! The list conformance corpus (`tests/conformance/lists.json`) run against `MemoryHost`: the same
//! requests and expected rows the SQLite host runs in `host-shim/test/lists-conformance.test.js`.

use crate::support::*;
use serde_json::{json, Value};
use strata::host::memory::MemoryHost;
use strata::host::{Host, IndexRows, ListSubjects};

fn corpus() -> Value {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/conformance/lists.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

/// The corpus wiki: each page saved on its own, its Subjects at their positions, all changed.
fn corpus_host(corpus: &Value) -> MemoryHost {
    let host = MemoryHost::default();
    for p in corpus["pages"].as_array().unwrap() {
        let subjects: Vec<Value> = p["subjects"]
            .as_array()
            .unwrap()
            .iter()
            .enumerate()
            .map(|(n, s)| {
                json!({"position": n})
                    .as_object()
                    .unwrap()
                    .clone()
                    .into_iter()
                    .chain(s.as_object().unwrap().clone())
                    .collect()
            })
            .collect();
        let changed: Vec<Value> = subjects.iter().map(|s| s["subjectId"].clone()).collect();
        let index: IndexRows =
            serde_json::from_value(json!({"subjects": subjects, "relations": [], "changedSubjectIds": changed}))
                .unwrap();
        let ns = p["namespace"].as_i64().unwrap() as i32;
        save(&host, vec![page(ns, p["title"].as_str().unwrap(), None, Some("{}".into()), index)]);
    }
    host
}

/// A corpus request with its defaults filled in.
fn request(case: &Value) -> ListSubjects {
    let mut args = json!({"schema": null, "search": null, "after": null, "limit": 50, "includeDependent": false, "timeoutMs": 60000});
    for (k, v) in case["request"].as_object().unwrap() {
        args[k] = v.clone();
    }
    serde_json::from_value(args).unwrap()
}

#[test]
fn memory_host_answers_every_case_of_the_list_corpus() {
    let corpus = corpus();
    let host = corpus_host(&corpus);
    let cases = corpus["cases"].as_array().unwrap();
    assert!(cases.len() > 20);
    let mut failures = Vec::new();
    for case in cases {
        let listing = pollster::block_on(host.list_subjects(request(case))).unwrap();
        let rows: Vec<&str> = listing.rows.iter().map(|r| r.subject.facts.subject_id.as_str()).collect();
        let expected: Vec<&str> = case["rows"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
        if rows != expected {
            failures.push(format!("{}: got {rows:?}, expected {expected:?}", case["name"]));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
