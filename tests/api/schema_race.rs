//! A Subject write is committed only against the Schema revisions it was checked against: a Schema
//! saved between the write's checks and its `savePages` (`MemoryHost::land_before_next_save`) makes
//! the host answer `edit-conflict` with nothing written, and the core plans the write again against
//! the new Schema (`docs/decisions.md`, "Writes").

use crate::support::*;
use serde_json::{json, Value};
use strata::host::memory::MemoryHost;
use strata::host::{namespace, Host, PageTitle, PageVersion, SavePages, Settings};

const ID: &str = "s1boxaaaaaaaaa1";

/// A Schema `Box` whose `Size` must be at least `min` (an `error`), and a Subject of it of size 5.
fn box_wiki(min: u32) -> MemoryHost {
    let host = example_host();
    let schema = json!({"schema": box_schema(min)});
    assert_eq!(call(&host, Who::User, "PUT", "/strata/v0/schema/Box", &[], Some(schema)).0, 201);
    let subject = json!({"schema": "Box", "id": ID, "pageTitle": "Box one", "statements": {"Size": size(5)}});
    let (status, body) = call(&host, Who::User, "POST", "/strata/v0/subjects", &[], Some(subject));
    assert_eq!(status, 201, "{body}");
    host.set_settings(Settings { enforce_validation: true, ..Settings::default() });
    host
}

fn box_schema(min: u32) -> Value {
    json!({"propertyDefinitions": {"Size": {"type": "number", "minimum": {"value": min, "severity": "error"}}}})
}

fn size(n: u32) -> Value {
    json!({"propertyType": "number", "value": n})
}

fn stored_size(host: &MemoryHost) -> Value {
    let (_, body) = call(host, Who::User, "GET", &format!("/strata/v0/subject/{ID}"), &[], None);
    body["subjects"][ID]["statements"]["Size"]["value"].clone()
}

fn latest(host: &MemoryHost, ns: i32, title: &str) -> Option<u64> {
    let page = pollster::block_on(host.page_by_title(PageTitle { namespace: ns, title: title.into() })).unwrap();
    page.map(|p| p.latest_revision_id)
}

/// The Schema asks for a size of at least 1; the write sets 2. What lands between the write's checks
/// and its commit decides: nothing (saved at once), a Schema that still accepts 2 (saved after one
/// re-plan, with that Schema's violations), one that refuses it (422 from the re-plan, nothing
/// written).
#[test]
fn a_schema_saved_between_checks_and_commit_makes_the_write_plan_again() {
    struct Case {
        name: &'static str,
        lands: Option<Value>,
        status: u16,
        saves: u32,
        stored: u32,
        violations: &'static [&'static str],
    }
    let cases = [
        Case { name: "unchanged", lands: None, status: 200, saves: 1, stored: 2, violations: &[] },
        Case {
            name: "changed, still accepts",
            lands: Some(json!({"propertyDefinitions": {"Size": {"type": "number", "maximum": {"value": 1}}}})),
            status: 200,
            saves: 2,
            stored: 2,
            violations: &["max-value"],
        },
        Case {
            name: "changed, refuses",
            lands: Some(box_schema(3)),
            status: 422,
            saves: 1,
            stored: 5,
            violations: &[],
        },
    ];
    for case in cases {
        let host = box_wiki(1);
        let page_revision = latest(&host, namespace::MAIN, "Box one");
        if let Some(schema) = &case.lands {
            host.land_before_next_save(namespace::SCHEMA, "Box", &schema.to_string());
        }
        let calls = host.save_calls();
        let body = json!({"statements": {"Size": size(2)}});
        let (status, answer) = call(&host, Who::User, "PUT", &format!("/strata/v0/subject/{ID}"), &[], Some(body));
        assert_eq!(status, case.status, "{}: {answer}", case.name);
        assert_eq!(host.save_calls() - calls, case.saves, "{}: savePages calls", case.name);
        assert_eq!(stored_size(&host), json!(case.stored), "{}: stored size", case.name);
        if status == 200 {
            let codes: Vec<&str> =
                answer["violations"].as_array().unwrap().iter().map(|v| v["code"].as_str().unwrap()).collect();
            assert_eq!(codes, case.violations, "{}: violations of the Schema committed against", case.name);
        } else {
            assert_eq!(error_code(status, &answer), "validation-failed", "{}", case.name);
            assert_eq!(latest(&host, namespace::MAIN, "Box one"), page_revision, "{}: nothing written", case.name);
        }
    }
}

/// A write through one path; answers its HTTP status.
type Write = fn(&MemoryHost) -> u16;

/// Every path that plans a Subject write commits through the same check: a create, a one-Statement
/// write, a write with a Dependent Subject's item, and the page action `edit` (the editor's and
/// importFolder.php's save) each plan again when the Schema changes under them.
#[test]
fn every_subject_write_path_names_the_schemas_it_was_checked_against() {
    let paths: [(&str, Write); 4] = [
        ("POST /subjects", |h| {
            let body = json!({"schema": "Box", "pageTitle": "Box two", "statements": {"Size": size(2)}});
            call(h, Who::User, "POST", "/strata/v0/subjects", &[], Some(body)).0
        }),
        ("PUT statement", |h| {
            let body = json!({"statement": size(2)});
            call(h, Who::User, "PUT", &format!("/strata/v0/subject/{ID}/statements/Size"), &[], Some(body)).0
        }),
        ("POST page subjects", |h| {
            let page = page_id(h, "Box one");
            let body = json!({"schema": "Box", "statements": {"Size": size(2)}});
            call(h, Who::User, "POST", &format!("/strata/v0/page/{page}/subjects"), &[], Some(body)).0
        }),
        ("page action edit", |h| {
            let slot = json!({"subjects": {ID: {"schema": "Box", "statements": {"Size": size(2)}}}, "mainSubject": ID});
            let request = json!({"action": "edit", "namespace": 0, "title": "Box one", "slot": "subject",
                "text": slot.to_string(), "summary": "test", "baseRevisionId": null, "createOnly": false,
                "noCreate": false, "caller": caller(Who::User)});
            let answer = page_action(h, &request.to_string());
            if answer["ok"] == true {
                200
            } else {
                409
            }
        }),
    ];
    for (name, write) in paths {
        let host = box_wiki(1);
        host.land_before_next_save(namespace::SCHEMA, "Box", &box_schema(1).to_string());
        let calls = host.save_calls();
        assert!(write(&host) < 300, "{name}");
        assert_eq!(host.save_calls() - calls, 2, "{name}: one conflict on the new Schema revision, one save");
    }
}

/// The host's side: a save whose `validatedAgainst` no longer holds (the Schema has another revision,
/// or a page that was absent now exists) answers `edit-conflict` without an index and writes nothing.
#[test]
fn the_host_refuses_a_save_validated_against_another_schema_revision() {
    let host = box_wiki(1);
    let schema = latest(&host, namespace::SCHEMA, "Box");
    let cases = [
        ("as read", PageVersion { namespace: namespace::SCHEMA, title: "Box".into(), revision_id: schema }, true),
        (
            "another revision",
            PageVersion { namespace: namespace::SCHEMA, title: "Box".into(), revision_id: Some(1) },
            false,
        ),
        (
            "absent when read",
            PageVersion { namespace: namespace::SCHEMA, title: "Box".into(), revision_id: None },
            false,
        ),
        (
            "still absent",
            PageVersion { namespace: namespace::SCHEMA, title: "Nothing".into(), revision_id: None },
            true,
        ),
    ];
    for (i, (name, version, saved)) in cases.into_iter().enumerate() {
        let title = format!("Page {i}");
        let saves = vec![page(namespace::MAIN, &title, Some("text".into()), None, Default::default())];
        let answer =
            pollster::block_on(host.save_pages(SavePages { saves, validated_against: vec![version] })).unwrap();
        assert_eq!(answer.ok, saved, "{name}");
        assert_eq!(latest(&host, namespace::MAIN, &title).is_some(), saved, "{name}: written");
        if !saved {
            assert_eq!(answer.conflict, Some(strata::host::Conflict::EditConflict), "{name}");
            assert_eq!(answer.index, None, "{name}");
        }
    }
}
