//! Subject sources between two wikis, both driven through `handle_route`: `here` registers `there`
//! (the example wiki) and fetches from it by running `there`'s core, as a reference host does over
//! HTTP. Relations to `there`'s Subjects are validated, read, listed and projected; outages of every
//! kind leave saves alone and make the direct read answer 502 or 504.

use crate::support::*;
use serde_json::{json, Value};
use std::cell::RefCell;
use std::rc::Rc;
use strata::host::memory::MemoryHost;
use strata::host::{FetchAnswer, FetchFailure, Settings, SourceSettings};

/// A Person of the example wiki, and a Map.
const ADA: &str = "there:s1per1aaaaaaa05";
const MAP: &str = "there:s1map1aaaaaaa03";
const NEW: &str = "s1herea1aaaaaa1";

/// How `there` behaves for the next fetches.
#[derive(Clone)]
enum Mode {
    Up,
    Fails(FetchFailure),
    Status(u16, &'static str),
}

fn source(base: &str, cache_seconds: u64) -> SourceSettings {
    SourceSettings {
        base_url: base.into(),
        rdf_base_uri: Some("https://there.example/".into()),
        timeout_ms: 1000,
        cache_seconds,
        max_bytes: 1 << 20,
    }
}

/// `here`, registering `there` under a base URL of its own (the answer cache is per base URL), and
/// the switch that makes `there` fail.
fn wikis(base: &str, cache_seconds: u64, enforce: bool) -> (MemoryHost, Rc<RefCell<Mode>>) {
    let there = example_host();
    there.set_settings(Settings { source_key: "there".into(), ..Settings::default() });
    let mut settings = Settings {
        source_key: "here".into(),
        enforce_validation: enforce,
        rdf_base_uri: "https://here.example".into(),
        ..Settings::default()
    };
    settings.sources.insert("there".into(), source(base, cache_seconds));
    let here = MemoryHost::new(settings);
    let mode = Rc::new(RefCell::new(Mode::Up));
    let switch = Rc::clone(&mode);
    here.answer_fetches(move |f| match mode.borrow().clone() {
        Mode::Up => {
            let response = respond(&there, caller(Who::Anonymous), "GET", &f.path, &[], &[], None);
            FetchAnswer::ok(response.status, response.body)
        }
        Mode::Fails(failure) => FetchAnswer::failed(failure),
        Mode::Status(status, body) => FetchAnswer::ok(status, body),
    });
    let employee = json!({"schema": {"propertyDefinitions": {
        "Knows": {"type": "relation", "targetSchemas": [{"source": "there", "name": "Person"}], "multiple": true},
    }}});
    assert_eq!(call(&here, Who::Sysop, "PUT", "/strata/v0/schema/Employee", &[], Some(employee)).0, 201);
    (here, switch)
}

fn knows(targets: &[&str]) -> Value {
    let value: Vec<Value> = targets.iter().map(|t| json!({"target": t})).collect();
    json!({"Knows": {"propertyType": "relation", "value": value}})
}

fn create(here: &MemoryHost, id: &str, targets: &[&str]) -> (u16, Value) {
    let body = json!({"schema": "Employee", "id": id, "label": format!("Employee {id}"), "statements": knows(targets)});
    call(here, Who::User, "POST", "/strata/v0/subjects", &[], Some(body))
}

/// (code, first arg) of each violation.
fn codes(body: &Value) -> Vec<(String, String)> {
    body["violations"]
        .as_array()
        .unwrap_or_else(|| panic!("no violations in {body}"))
        .iter()
        .map(|v| (v["code"].as_str().unwrap().to_owned(), v["args"][0].as_str().unwrap_or_default().to_owned()))
        .collect()
}

fn code(c: &str, arg: &str) -> (String, String) {
    (c.to_owned(), arg.to_owned())
}

#[test]
fn relations_to_another_wiki_are_checked_against_it() {
    let (here, _) = wikis("http://there.test/checked", 60, true);
    /// What the case is, the relation targets, and the (code, argument) pairs expected.
    type Case<'a> = (&'a str, &'a [&'a str], Vec<(String, String)>);
    let cases: &[Case] = &[
        ("a Person there", &[ADA], vec![]),
        ("not there", &["there:s1nosuchaaaaaa1"], vec![code("relation-target-not-found", "there:s1nosuchaaaaaa1")]),
        ("a Map there", &[MAP], vec![code("relation-target-schema-mismatch", "there:Map")]),
        ("an unregistered source", &["ghost:q1"], vec![code("relation-target-unresolvable-source", "ghost:q1")]),
    ];
    for (what, targets, want) in cases {
        let (status, body) = call(
            &here,
            Who::User,
            "POST",
            "/strata/v0/subject/validate",
            &[],
            Some(json!({"schema": "Employee", "label": "E", "statements": knows(targets)})),
        );
        assert_eq!((status, codes(&body)), (200, want.clone()), "{what}: {body}");
    }
    let (status, body) = create(&here, NEW, &[ADA, "there:s1nosuchaaaaaa1"]);
    assert_eq!(status, 201, "a warning does not block under enforcement: {body}");
    let (status, body) = create(&here, "s1herea1aaaaaa2", &[MAP]);
    assert_eq!((status, error_code(status, &body)), (422, "validation-failed".to_owned()), "{body}");
    assert!(
        here.fetches().iter().all(|f| f.source == "there"
            && (f.path.starts_with("/strata/v0/subject/") || f.path == "/strata/v0/schema/Person")),
        "{:?}",
        here.fetches()
    );
}

#[test]
fn foreign_subjects_are_read_listed_and_projected_with_their_own_iris() {
    let (here, _) = wikis("http://there.test/read", 60, false);
    assert_eq!(create(&here, NEW, &[ADA]).0, 201);

    let (status, body) = call(&here, Who::Anonymous, "GET", &format!("/strata/v0/subject/{ADA}"), &[], None);
    assert_eq!(status, 200, "{body}");
    let ada = &body["subjects"][ADA];
    assert_eq!(
        (ada["id"].as_str(), ada["source"].as_str(), ada["displayName"].as_str()),
        (Some(ADA), Some("there"), Some("Pieter Claesz Staal")),
        "{body}"
    );
    assert_eq!(ada["schema"], json!({"source": "there", "name": "Person"}));
    assert!(ada.get("pageId").is_none(), "the source's page fields are not this wiki's: {ada}");
    let (status, body) = call(&here, Who::Anonymous, "GET", "/strata/v0/subject/there:s1nosuchaaaaaa1", &[], None);
    assert_eq!((status, error_code(status, &body)), (404, "not-found".to_owned()));
    let (status, body) = call(&here, Who::Anonymous, "GET", "/strata/v0/subject/ghost:s1nosuchaaaaaa1", &[], None);
    assert_eq!(status, 404, "an unregistered source is never asked: {body}");

    let (_, expanded) =
        call(&here, Who::Anonymous, "GET", &format!("/strata/v0/subject/{NEW}"), &[("expand", "relations")], None);
    assert_eq!(expanded["subjects"][ADA]["displayName"], "Pieter Claesz Staal", "{expanded}");

    let (status, listed) =
        call(&here, Who::Anonymous, "GET", &format!("/strata/v0/subject/{ADA}/referencingSubjects"), &[], None);
    assert_eq!(status, 200, "{listed}");
    assert_eq!(listed["referencingSubjects"][0]["subject"]["id"], NEW, "{listed}");

    let page = here.fetches().len();
    let (status, body) =
        call(&here, Who::Anonymous, "GET", &format!("/strata/v0/subject/{NEW}/rdf"), &[("format", "turtle")], None);
    assert_eq!(status, 200, "{body}");
    let turtle = body.as_str().unwrap();
    let triples: Vec<oxrdf::Triple> =
        oxttl::TurtleParser::new().for_slice(turtle.as_bytes()).map(|t| t.unwrap()).collect();
    let target = oxrdf::NamedNode::new("https://there.example/entity/s1per1aaaaaaa05").unwrap();
    let to_ada: Vec<_> = triples.iter().filter(|t| t.object == target.clone().into()).collect();
    assert_eq!(to_ada.len(), 2, "the direct and the reified layer name the source's own IRI: {turtle}");
    assert_eq!(here.fetches().len(), page, "projection never fetches");
}

#[test]
fn a_foreign_schema_validates_subjects_here() {
    let (here, _) = wikis("http://there.test/schema", 60, false);
    let cases = [
        ("Person", json!({"Full name": {"propertyType": "text", "value": ["X"]}}), vec![code("min-length", "2")]),
        ("Nope", json!({}), vec![code("schema-not-found", "there:Nope")]),
    ];
    for (name, statements, want) in cases {
        let body = json!({"schema": {"source": "there", "name": name}, "label": format!("L {name}"), "statements": statements});
        let (status, answer) = call(&here, Who::User, "POST", "/strata/v0/subjects", &[], Some(body));
        let got: Vec<_> =
            codes(&answer).into_iter().map(|(c, a)| (c, if a.is_empty() { "2".into() } else { a })).collect();
        assert_eq!((status, got), (201, want), "{name}: {answer}");
    }
}

#[test]
fn an_unavailable_source_never_fails_a_save_and_reads_say_so() {
    let cases = [
        ("timeout", Mode::Fails(FetchFailure::Timeout), 504, "source-timeout"),
        ("unreachable", Mode::Fails(FetchFailure::Unreachable), 502, "source-unavailable"),
        ("too large", Mode::Fails(FetchFailure::TooLarge), 502, "source-unavailable"),
        ("redirect", Mode::Fails(FetchFailure::Redirect), 502, "source-unavailable"),
        ("500", Mode::Status(500, "oops"), 502, "source-unavailable"),
        ("garbage", Mode::Status(200, "<html>not a Subject</html>"), 502, "source-unavailable"),
        ("refused", Mode::Status(403, "{}"), 502, "source-unavailable"),
    ];
    for (what, mode, status_want, code_want) in cases {
        let (here, switch) = wikis(&format!("http://there.test/down/{what}"), 60, true);
        *switch.borrow_mut() = mode;
        let (status, body) = create(&here, NEW, &[ADA, "there:s1per1aaaaaaa06"]);
        assert_eq!(status, 201, "{what}: {body}");
        assert_eq!(
            codes(&body),
            vec![
                code("relation-target-unavailable", ADA),
                code("relation-target-unavailable", "there:s1per1aaaaaaa06")
            ],
            "{what}"
        );
        assert_eq!(here.fetches().len(), 1, "{what}: a failed source is asked once per request");

        let (status, body) = call(&here, Who::Anonymous, "GET", &format!("/strata/v0/subject/{ADA}"), &[], None);
        assert_eq!((status, error_code(status, &body)), (status_want, code_want.to_owned()), "{what}: {body}");
        assert_eq!(body["source"], "there", "{what}: {body}");
        let (status, expanded) =
            call(&here, Who::Anonymous, "GET", &format!("/strata/v0/subject/{NEW}"), &[("expand", "relations")], None);
        assert_eq!(status, 200, "{what}: {expanded}");
        assert_eq!(expanded["subjects"][ADA], json!({"id": ADA, "source": "there", "unavailable": true}), "{what}");
    }
}

#[test]
fn answers_are_reused_for_the_source_lifetime_only() {
    let (here, switch) = wikis("http://there.test/cached", 60, false);
    let read = |here: &MemoryHost| call(here, Who::Anonymous, "GET", &format!("/strata/v0/subject/{ADA}"), &[], None).0;
    assert_eq!(read(&here), 200);
    *switch.borrow_mut() = Mode::Fails(FetchFailure::Timeout);
    assert_eq!(read(&here), 200, "answered from the cache while the source is down");
    assert_eq!(here.fetches().len(), 1);

    let (short, switch) = wikis("http://there.test/short", 1, false);
    assert_eq!(read(&short), 200);
    *switch.borrow_mut() = Mode::Fails(FetchFailure::Timeout);
    assert_eq!(read(&short), 504, "the host clock moved past the one-second lifetime");
    assert_eq!(short.fetches().len(), 2);
}
