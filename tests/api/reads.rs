//! Subject and page reads.

use crate::support::*;
use serde_json::{json, Value};
use strata::host::memory::MemoryHost;
use strata::host::{namespace, Host, PageSave, SavePages};

/// Polder survey of 1672: a Map held at the City Archive; `Mallory` may not read its page.
const ACME: &str = "s1map1aaaaaaa01";
/// The loan of that map, on a page of its own.
const LOAN: &str = "s1lon1aaaaaaa01";

fn subject(host: &MemoryHost, who: Who, id: &str, query: &[(&str, &str)]) -> (u16, Value) {
    call(host, who, "GET", &format!("/strata/v0/subject/{id}"), query, None)
}

#[test]
fn a_subject_read_shows_its_statements_and_select_labels() {
    let host = example_host();
    let (status, body) = subject(&host, Who::Anonymous, ACME, &[]);
    assert_eq!(status, 200);
    insta::assert_json_snapshot!("subject_acme", body);
    let s = &body["subjects"][ACME];
    assert_eq!(s["statements"]["Condition"]["valueLabels"], json!(["Restored"]));
    assert_eq!(
        (s["displayName"].as_str(), s["displayNameIsGenerated"].as_bool()),
        (Some("Polder survey of 1672"), Some(false))
    );
    assert!(s.get("pageId").is_none() && s.get("hostSubject").is_none());

    let (_, with_page) = subject(&host, Who::Anonymous, ACME, &[("expand", "page")]);
    let s = &with_page["subjects"][ACME];
    assert_eq!((s["pageTitle"].as_str(), s["pageNamespaceId"].as_i64()), (Some("Polder survey of 1672"), Some(0)));
    assert_eq!(s["pageId"].as_u64(), Some(page_id(&host, "Polder survey of 1672")));
}

#[test]
fn expand_relations_merges_readable_targets() {
    let host = example_host();
    let (status, body) = subject(&host, Who::Anonymous, ACME, &[("expand", "relations|page")]);
    assert_eq!(status, 200);
    let ids: Vec<&String> = body["subjects"].as_object().unwrap().keys().collect();
    insta::assert_json_snapshot!("subject_acme_relation_ids", ids);
    assert_eq!(ids[0], ACME, "the requested Subject comes first");
    assert!(body["subjects"]["s1lib1aaaaaaa04"]["pageTitle"].is_string(), "targets carry page fields too");
}

#[test]
fn unreadable_looks_exactly_like_absent() {
    let host = example_host();
    let empty = MemoryHost::default();
    let paths = [
        format!("/strata/v0/subject/{ACME}"),
        format!("/strata/v0/page/{}/subjects", page_id(&host, "Polder survey of 1672")),
        format!("/strata/v0/page/{}/mainSubject", page_id(&host, "Polder survey of 1672")),
    ];
    for path in paths {
        let hidden = call(&host, Who::Restricted, "GET", &path, &[], None);
        let absent = call(&empty, Who::Restricted, "GET", &path, &[], None);
        assert_eq!(hidden, absent, "{path}");
        assert_eq!(hidden.0, 404);
        assert_eq!(call(&host, Who::User, "GET", &path, &[], None).0, 200, "{path}");
    }
    let expanded = |who| {
        subject(&host, who, LOAN, &[("expand", "relations")]).1["subjects"].as_object().unwrap().contains_key(ACME)
    };
    assert!(expanded(Who::User));
    assert!(!expanded(Who::Restricted), "a relation into an unreadable page is not expanded");
}

#[test]
fn subject_read_parameter_rules() {
    let host = example_host();
    type Case<'a> = (&'a str, &'a [(&'a str, &'a str)], Result<(), &'a str>);
    let cases: &[Case] = &[
        (ACME, &[("latest", "1")], Ok(())),
        ("local:s1map1aaaaaaa01", &[], Ok(())),
        (ACME, &[("expand", "page|relations")], Ok(())),
        (ACME, &[("latest", "1"), ("revisionId", "3")], Err("invalid-parameter")),
        (ACME, &[("latest", "1"), ("expand", "relations")], Err("invalid-parameter")),
        (ACME, &[("expand", "bogus")], Err("invalid-parameter")),
        (ACME, &[("expand", "page|schemas")], Err("invalid-parameter")),
        (ACME, &[("revisionId", "abc")], Err("invalid-parameter")),
        (ACME, &[("latest", "yes")], Err("invalid-parameter")),
        (ACME, &[("revisionId", "999999")], Err("not-found")),
        // A revision ID is positive, as the route declares (and the OpenAPI document says).
        (ACME, &[("revisionId", "-1")], Err("invalid-parameter")),
        (ACME, &[("revisionId", "0")], Err("invalid-parameter")),
        ("s1demo1aaaaaaa", &[], Err("invalid-subject-id")),
        ("x1demo1aaaaaaa1", &[], Err("invalid-subject-id")),
        ("other:anything", &[], Err("not-found")),
        ("s1zzzzzzzzzzzz9", &[], Err("not-found")),
    ];
    for (id, query, want) in cases {
        let (status, body) = subject(&host, Who::Anonymous, id, query);
        let got = if status == 200 { Ok(()) } else { Err(error_code(status, &body)) };
        assert_eq!(got, want.map_err(str::to_owned), "{id} {query:?}");
    }
}

#[test]
fn a_revision_shows_the_subject_as_it_was() {
    let host = example_host();
    let page = pollster::block_on(
        host.page_by_id(strata::host::PageById { page_id: page_id(&host, "Polder survey of 1672") }),
    )
    .unwrap()
    .unwrap();
    let old_revision = page.latest_revision_id;
    let renamed = page.subject_slot.unwrap().replace("\"Polder survey of 1672\"", "\"ACME Corporation\"");
    let save = PageSave {
        page_id: Some(page.page_id),
        namespace: namespace::MAIN,
        title: page.title.clone(),
        base_revision_id: Some(old_revision),
        create_only: false,
        comment: String::new(),
        content_model: "wikitext".into(),
        main_slot: None,
        subject_slot: Some(renamed),
        index: host.index_of(page.page_id).unwrap_or_default(),
    };
    assert!(
        pollster::block_on(host.save_pages(SavePages { saves: vec![save], validated_against: vec![] })).unwrap().ok
    );
    let label = |q: &[(&str, &str)]| subject(&host, Who::Anonymous, ACME, q).1["subjects"][ACME]["label"].clone();
    assert_eq!(label(&[]), "ACME Corporation");
    assert_eq!(label(&[("revisionId", &old_revision.to_string())]), "Polder survey of 1672");
    let (status, _) = subject(&host, Who::Restricted, ACME, &[("revisionId", &old_revision.to_string())]);
    assert_eq!(status, 404, "a revision of an unreadable page is not found");
}

#[test]
fn page_subjects_and_expansions() {
    let host = example_host();
    let acme = page_id(&host, "Polder survey of 1672");
    let (status, body) = call(
        &host,
        Who::Anonymous,
        "GET",
        &format!("/strata/v0/page/{acme}/subjects"),
        &[("expand", "schemas|relations")],
        None,
    );
    assert_eq!(status, 200);
    assert_eq!(body["mainSubjectId"], ACME);
    assert_eq!(body["schemas"].as_object().unwrap().keys().collect::<Vec<_>>(), ["Map"]);
    assert!(body["referencedSubjects"]["s1lib1aaaaaaa04"].is_object());
    assert!(
        body["referencedSubjects"]["s1lib1aaaaaaa04"]["pageTitle"].is_string(),
        "targets carry page fields, for links"
    );
    insta::assert_json_snapshot!("page_acme_subjects", body["subjects"]);

    let anvil = page_id(&host, "Agnes Reijnders");
    let (_, lonely) = call(
        &host,
        Who::Anonymous,
        "GET",
        &format!("/strata/v0/page/{anvil}/subjects"),
        &[("expand", "relations")],
        None,
    );
    assert_eq!(lonely["referencedSubjects"], json!([]), "nothing resolves: an empty array");
    assert!(lonely.get("schemas").is_none());

    for (page, want) in [("abc", 400), ("0", 400), ("-4", 400), ("99999", 404)] {
        assert_eq!(
            call(&host, Who::Anonymous, "GET", &format!("/strata/v0/page/{page}/subjects"), &[], None).0,
            want,
            "{page}"
        );
        assert_eq!(
            call(&host, Who::Anonymous, "GET", &format!("/strata/v0/page/{page}/mainSubject"), &[], None).0,
            want,
            "{page}"
        );
    }
}

#[test]
fn main_subject_reads() {
    let host = example_host();
    let acme = page_id(&host, "Polder survey of 1672");
    let (status, body) = call(&host, Who::Anonymous, "GET", &format!("/strata/v0/page/{acme}/mainSubject"), &[], None);
    assert_eq!(status, 200);
    assert_eq!((body["pageId"].as_u64(), body["subject"]["id"].as_str()), (Some(acme), Some(ACME)));
    assert_eq!(body["subject"]["pageTitle"], "Polder survey of 1672");

    let slot = json!({"subjects": {"s1testaaaaaaax1": {"schema": "City", "statements": {}}}}).to_string();
    let none = seed_subject_page(&host, namespace::MAIN, "No main", &slot);
    let (status, body) = call(&host, Who::Anonymous, "GET", &format!("/strata/v0/page/{none}/mainSubject"), &[], None);
    assert_eq!((status, body), (200, json!({"pageId": none, "subject": null})));
}

#[test]
fn display_names_follow_the_spec() {
    let host = example_host();
    let slot = json!({
        "mainSubject": "s1testaaaaaaax1",
        "subjects": {
            "s1testaaaaaaax1": {"schema": "City", "statements": {}},
            "s1testaaaaaaax2": {"schema": "City", "statements": {}},
        },
    });
    let plain = seed_subject_page(&host, namespace::MAIN, "Utopia", &slot.to_string());
    let by_id = seed_subject_page(&host, namespace::MAIN, "s1testaaaaaaax2", &slot.to_string().replace("x1", "x3"));
    let names = |page: u64| {
        let (_, body) = call(&host, Who::Anonymous, "GET", &format!("/strata/v0/page/{page}/subjects"), &[], None);
        body["subjects"]
            .as_object()
            .unwrap()
            .values()
            .map(|s| (s["displayName"].as_str().unwrap().to_owned(), s["displayNameIsGenerated"].as_bool().unwrap()))
            .collect::<Vec<_>>()
    };
    assert_eq!(names(plain), [("Utopia".to_owned(), false), ("City".to_owned(), true)]);
    assert_eq!(
        names(by_id),
        [("City".to_owned(), true), ("City".to_owned(), true)],
        "a page titled with a Subject's ID"
    );
}

#[test]
fn dependent_subjects_carry_their_host_chain() {
    let host = example_host();
    add_club(&host);
    let (status, body) = subject(&host, Who::Anonymous, PERIOD, &[]);
    assert_eq!(status, 200);
    let period = &body["subjects"][PERIOD];
    assert_eq!(
        period["hostSubject"],
        json!({
            "id": MEMBERSHIP, "schema": "Membership", "displayName": "Membership", "displayNameIsGenerated": true,
            "hostSubject": {"id": CLUB, "schema": "Club", "displayName": "Chess Club", "displayNameIsGenerated": false},
        })
    );
    let (_, club) = subject(&host, Who::Anonymous, CLUB, &[("expand", "relations")]);
    let ids: Vec<&String> = club["subjects"].as_object().unwrap().keys().collect();
    assert_eq!(ids, [CLUB, MEMBERSHIP, PERSON, PERIOD], "targets of the Subject's Dependent Subjects are merged");
}
