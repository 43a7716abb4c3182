//! Subject writes.

use crate::support::*;
use serde_json::{json, Value};
use strata::host::memory::{Deny, MemoryHost};
use strata::host::{namespace, Refusal, RefusalReason, Settings, Titling};

const ACME: &str = "s1map1aaaaaaa01";
const NEW: &str = "s1newaaaaaaaaa1";

fn company(extra: Value) -> Value {
    let mut body = json!({"schema": "Map", "statements": {"Condition": {"propertyType": "select", "value": ["Good"]}}});
    if let (Some(b), Some(e)) = (body.as_object_mut(), extra.as_object()) {
        b.extend(e.clone());
    }
    body
}

/// A success word, or the status and error code.
type Want<'a> = Result<&'a str, (u16, &'a str)>;

fn post_subject(host: &MemoryHost, who: Who, body: Value) -> (u16, Value) {
    call(host, who, "POST", "/strata/v0/subjects", &[], Some(body))
}

fn outcome(status: u16, body: &Value) -> Result<u16, (u16, String)> {
    if status < 300 {
        Ok(status)
    } else {
        Err((status, error_code(status, body)))
    }
}

#[test]
fn create_titles_the_new_page_page_first() {
    let host = example_host();
    let (status, body) =
        post_subject(&host, Who::User, company(json!({"id": NEW, "label": " Widget Co ", "comment": "new"})));
    assert_eq!(status, 201, "{body}");
    insta::assert_json_snapshot!("create_widget_co", body);
    assert_eq!(body["status"], "created");
    assert_eq!(body["subject"]["pageTitle"], "Widget Co");
    assert_eq!(
        body["subject"]["statements"]["Condition"]["value"],
        json!(["o1cnd1aaaaaaa01"]),
        "a label is stored as its option id"
    );
    let index = host.index_of(body["subject"]["pageId"].as_u64().unwrap()).unwrap();
    assert_eq!(index.subjects[0].facts.display_name, "Widget Co");
    assert!(index.subjects[0].facts.is_main);
    assert_eq!(index.changed_subject_ids, [NEW]);

    let cases: &[(Value, Want)] = &[
        (json!({"pageTitle": "widget_two", "label": "X"}), Ok("Widget two")),
        (json!({"id": "s1newaaaaaaaaa3"}), Ok("S1newaaaaaaaaa3")),
        (json!({"label": "a|b", "id": "s1newaaaaaaaaa4"}), Ok("S1newaaaaaaaaa4")),
        (json!({"pageTitle": "Schema:Person"}), Err((400, "invalid-title"))),
        (json!({"pageTitle": "a{b}"}), Err((400, "invalid-title"))),
        (json!({"pageTitle": "Polder survey of 1672"}), Err((409, "title-taken"))),
        (json!({"label": "Polder survey of 1672"}), Err((409, "title-taken"))),
        (json!({"id": ACME, "pageTitle": "Fresh"}), Err((409, "subject-id-in-use"))),
        (json!({"id": "s1short"}), Err((400, "invalid-subject-id"))),
        (json!({"schema": 5}), Err((400, "invalid-body"))),
        (json!({"pageTitle": "Locked title"}), Err((403, "permission-denied"))),
        (json!({"statements": {"Scale": {"propertyType": "number", "value": "1999"}}}), Err((400, "invalid-content"))),
    ];
    host.deny("Alice", namespace::MAIN, "Locked title", Deny::Edit);
    for (extra, want) in cases {
        let (status, body) = post_subject(&host, Who::User, company(extra.clone()));
        let got = outcome(status, &body).map(|_| body["subject"]["pageTitle"].as_str().unwrap_or_default().to_owned());
        assert_eq!(got, want.map(str::to_owned).map_err(|(s, c)| (s, c.to_owned())), "{extra}");
        if status == 409 {
            assert_eq!(body.get("pageTitle").is_some(), body["errorType"] == "title-taken", "{body}");
        }
    }
    let (_, taken) = post_subject(&host, Who::User, company(json!({"pageTitle": "Polder survey of 1672"})));
    assert_eq!(taken["pageTitle"], "Polder survey of 1672");
    let hidden = post_subject(&host, Who::Restricted, company(json!({"pageTitle": "Polder survey of 1672"})));
    assert_eq!(
        outcome(hidden.0, &hidden.1),
        Err((403, "permission-denied".into())),
        "a taken title the caller may not read is not told apart"
    );
}

#[test]
fn a_subject_first_wiki_titles_by_subject_id() {
    let host = example_host();
    host.set_settings(Settings { titling: Titling::SubjectFirst, ..Settings::default() });
    let (status, body) = post_subject(&host, Who::User, company(json!({"id": NEW, "label": "Widget Co"})));
    assert_eq!(status, 201, "{body}");
    assert_eq!(
        (body["subject"]["pageTitle"].as_str(), body["subject"]["pageNamespaceId"].as_i64()),
        (Some("Subject:S1newaaaaaaaaa1"), Some(7480))
    );
    assert_eq!(body["subject"]["displayName"], "Widget Co");
    let (status, body) = post_subject(&host, Who::User, company(json!({"pageTitle": "Widget"})));
    assert_eq!(outcome(status, &body), Err((400, "invalid-title".into())));
}

#[test]
fn replace_reports_updated_then_unchanged() {
    let host = example_host();
    let body = json!({"label": "ACME Corp", "statements": {"Condition": {"propertyType": "select", "value": ["Fair"]}},
        "id": "ignored", "schema": "Ignored", "pageTitle": "ignored", "displayName": "x"});
    let (status, first) = call(&host, Who::User, "PUT", &format!("/strata/v0/subject/{ACME}"), &[], Some(body.clone()));
    assert_eq!((status, first["status"].as_str()), (200, Some("updated")), "{first}");
    assert_eq!(first["subject"]["statements"]["Condition"]["valueLabels"], json!(["Fair"]));
    assert!(first["subject"]["statements"].get("Scale").is_none(), "omitted Statements are deleted");
    assert_eq!(first["schema"]["propertyDefinitions"]["Condition"]["type"], "select");
    let saves = host.save_calls();
    let (status, second) = call(&host, Who::User, "PUT", &format!("/strata/v0/subject/{ACME}"), &[], Some(body));
    assert_eq!((status, second["status"].as_str()), (200, Some("unchanged")));
    assert_eq!(host.save_calls(), saves, "an unchanged Subject is not saved");
    let (_, read) = call(&host, Who::Anonymous, "GET", &format!("/strata/v0/subject/{ACME}"), &[], None);
    assert_eq!(read["subjects"][ACME]["label"], "ACME Corp");
}

#[test]
fn subject_write_permissions() {
    let host = example_host();
    host.deny("Alice", namespace::MAIN, "Agnes Reijnders", Deny::Edit);
    let body = Some(json!({"statements": {}}));
    let cases = [
        (Who::Restricted, ACME, 404),
        (Who::User, "s1per1aaaaaaa06", 403),
        (Who::User, "s1zzzzzzzzzzzz9", 404),
        (Who::User, "s1map1aaaaaaa02", 200),
    ];
    for (who, id, want) in cases {
        let (status, answer) = call(&host, who, "PUT", &format!("/strata/v0/subject/{id}"), &[], body.clone());
        assert_eq!(status, want, "{who:?} {id}: {answer}");
    }
    let hidden = call(&host, Who::Restricted, "DELETE", &format!("/strata/v0/subject/{ACME}"), &[], None);
    let absent =
        call(&MemoryHost::default(), Who::Restricted, "DELETE", &format!("/strata/v0/subject/{ACME}"), &[], None);
    assert_eq!(hidden, absent, "unreadable looks absent on writes too");
}

#[test]
fn the_permission_matrix() {
    let host = example_host();
    let put =
        Some(json!({"label": "ACME", "statements": {"Condition": {"propertyType": "select", "value": ["Good"]}}}));
    let ids = Some(json!({"count": 2}));
    type Req = (&'static str, String, Option<Value>);
    let requests: Vec<Req> = vec![
        ("GET", format!("/strata/v0/subject/{ACME}"), None),
        ("GET", "/strata/v0/schemas".into(), None),
        ("PUT", format!("/strata/v0/subject/{ACME}"), put),
        ("POST", "/strata/v0/subjects".into(), Some(company(json!({})))),
        ("DELETE", "/strata/v0/schema/Loan".into(), None),
        ("POST", "/strata/v0/subject-ids".into(), ids),
    ];
    let table: [(Who, [u16; 6]); 6] = [
        (Who::Locked, [403, 403, 403, 403, 403, 403]),
        (Who::Anonymous, [200, 200, 403, 403, 403, 403]),
        (Who::User, [200, 200, 200, 201, 403, 200]),
        (Who::Bot, [200, 200, 200, 201, 403, 200]),
        (Who::Restricted, [404, 200, 404, 201, 403, 200]),
        (Who::Sysop, [200, 200, 200, 201, 200, 200]),
    ];
    for (who, want) in table {
        for ((method, path, body), want) in requests.iter().zip(want) {
            let mut body = body.clone();
            if *method == "POST" && path.ends_with("subjects") {
                body = Some(company(json!({"label": format!("By {who:?}")})));
            }
            let (status, answer) = call(&host, who, method, path, &[], body);
            assert_eq!(status, want, "{who:?} {method} {path}: {answer}");
            if status >= 400 {
                error_code(status, &answer);
            }
        }
    }
    let mut anonymous_with_token = caller(Who::Anonymous);
    anonymous_with_token.csrf_valid = true;
    let (status, body) =
        call_as(&host, anonymous_with_token, "POST", "/strata/v0/subjects", &[], Some(company(json!({})).to_string()));
    assert_eq!(outcome(status, &body), Err((403, "permission-denied".into())), "anonymous may not create pages");
}

#[test]
fn enforcement_blocks_only_new_error_violations() {
    let host = example_host();
    let schema = json!({"schema": {"propertyDefinitions": {
        "Size": {"type": "number", "minimum": {"value": 1, "severity": "error"}},
        "Name": {"type": "text", "maxLength": 3},
    }}});
    assert_eq!(call(&host, Who::User, "PUT", "/strata/v0/schema/Box", &[], Some(schema)).0, 201);
    let bad = json!({"schema": "Box", "id": NEW, "pageTitle": "Box one", "statements": {"Size": {"propertyType": "number", "value": 0}}});
    let (status, created) = post_subject(&host, Who::User, bad);
    assert_eq!(status, 201, "enforcement is off by default: {created}");
    assert_eq!(created["violations"][0]["code"], "min-value");

    host.set_settings(Settings { enforce_validation: true, ..Settings::default() });
    let path = format!("/strata/v0/subject/{NEW}");
    let keep_error = json!({"statements": {"Size": {"propertyType": "number", "value": 0}, "Name": {"propertyType": "text", "value": ["long name"]}}});
    let (status, body) = call(&host, Who::User, "PUT", &path, &[], Some(keep_error));
    assert_eq!(status, 200, "an existing error and a new warning do not block: {body}");

    let other = json!({"schema": "Box", "pageTitle": "Box two", "statements": {"Size": {"propertyType": "number", "value": -5}}});
    let (status, body) = post_subject(&host, Who::User, other);
    assert_eq!(outcome(status, &body), Err((422, "validation-failed".into())));
    assert_eq!(body["status"], "refused");
    insta::assert_json_snapshot!("enforcement_refusal", body);
}

#[test]
fn one_statement_writes() {
    let host = example_host();
    let path = |p: &str| format!("/strata/v0/subject/{ACME}/statements/{p}");
    let (status, body) =
        call(&host, Who::User, "PUT", &path("Scale"), &[], Some(json!({"statement": {"value": 2010}})));
    assert_eq!((status, body["status"].as_str()), (200, Some("updated")), "{body}");
    assert_eq!(body["subject"]["statements"]["Scale"], json!({"propertyType": "number", "value": 2010}));
    assert!(body["violations"].is_array());
    let cases: &[(&str, &str, Option<Value>, Want)] = &[
        ("PUT", "Nope", Some(json!({"statement": {"value": 1}})), Err((400, "invalid-content"))),
        (
            "PUT",
            "Scale",
            Some(json!({"statement": {"propertyType": "number", "value": "x"}})),
            Err((400, "invalid-content")),
        ),
        ("PUT", "Scale", Some(json!({"value": 1})), Err((400, "invalid-body"))),
        ("PUT", "Digital copy", Some(json!({"statement": {"value": []}})), Ok("updated")),
        ("DELETE", "Digital copy", None, Ok("unchanged")),
        ("DELETE", "Hand%20coloured", None, Ok("updated")),
    ];
    for (method, prop, body, want) in cases {
        let (status, answer) = call(&host, Who::User, method, &path(prop), &[], body.clone());
        let got = outcome(status, &answer).map(|_| answer["status"].as_str().unwrap_or_default().to_owned());
        assert_eq!(got, want.map(str::to_owned).map_err(|(s, c)| (s, c.to_owned())), "{method} {prop}");
    }
    let (_, read) = call(&host, Who::User, "GET", &format!("/strata/v0/subject/{ACME}"), &[], None);
    let statements = read["subjects"][ACME]["statements"].as_object().unwrap();
    assert!(!statements.contains_key("Digital copy") && !statements.contains_key("Hand coloured"));
}

#[test]
fn deleting_a_main_subject_leaves_the_page_without_one() {
    let host = example_host();
    let (status, body) =
        call(&host, Who::User, "DELETE", &format!("/strata/v0/subject/{ACME}"), &[], Some(json!({"comment": "gone"})));
    assert_eq!(
        (status, body),
        (200, json!({"status": "deleted", "subjectId": ACME, "removedDependentSubjectIds": []}))
    );
    let page = page_id(&host, "Polder survey of 1672");
    let (status, main) = call(&host, Who::User, "GET", &format!("/strata/v0/page/{page}/mainSubject"), &[], None);
    assert_eq!((status, main), (200, json!({"pageId": page, "subject": null})));
    assert_eq!(call(&host, Who::User, "GET", &format!("/strata/v0/subject/{ACME}"), &[], None).0, 404);
}

#[test]
fn the_dependent_subject_lifecycle() {
    let host = example_host();
    add_club(&host);
    // Deleting a Dependent Subject removes the relation to it, and the Statement it was the only value of.
    let (status, body) = call(&host, Who::User, "DELETE", &format!("/strata/v0/subject/{PERIOD}"), &[], None);
    assert_eq!((status, body["removedDependentSubjectIds"].clone()), (200, json!([])));
    let (_, membership) = call(&host, Who::User, "GET", &format!("/strata/v0/subject/{MEMBERSHIP}"), &[], None);
    assert!(membership["subjects"][MEMBERSHIP]["statements"].get("Period").is_none());
    // Deleting a Subject removes its Dependent Subjects.
    let (_, body) = call(&host, Who::User, "DELETE", &format!("/strata/v0/subject/{CLUB}"), &[], None);
    assert_eq!(body["removedDependentSubjectIds"], json!([MEMBERSHIP]));
}

#[test]
fn dropping_the_relation_removes_the_dependent_subject() {
    let host = example_host();
    add_club(&host);
    let (status, body) = call(
        &host,
        Who::User,
        "PUT",
        &format!("/strata/v0/subject/{CLUB}"),
        &[],
        Some(json!({"label": "Chess Club", "statements": {}})),
    );
    assert_eq!(status, 200, "{body}");
    let page = body["subject"]["pageId"].as_u64().unwrap();
    let (_, subjects) = call(&host, Who::User, "GET", &format!("/strata/v0/page/{page}/subjects"), &[], None);
    assert_eq!(subjects["subjects"].as_object().unwrap().keys().collect::<Vec<_>>(), [CLUB]);
}

#[test]
fn dependent_subjects_in_write_bodies() {
    let host = example_host();
    add_club(&host);
    let club = |members: Value, dependents: Value| {
        json!({
            "schema": "Club", "label": "Go Club",
            "statements": {"Members": {"propertyType": "relation", "value": members}},
            "dependentSubjects": dependents,
        })
    };
    let m = "s1newaaaaaaaam1";
    let membership = json!([{"id": m, "schema": "Membership", "statements": {"Role": {"propertyType": "text", "value": ["Treasurer"]}}}]);
    let (status, body) = post_subject(&host, Who::User, club(json!([{"target": m}]), membership.clone()));
    assert_eq!(status, 201, "{body}");
    assert!(body["violations"].as_array().unwrap().iter().all(|v| v["code"] != "relation-target-not-found"), "{body}");
    let (_, read) = call(&host, Who::User, "GET", &format!("/strata/v0/subject/{m}"), &[], None);
    assert_eq!(read["subjects"][m]["hostSubject"]["displayName"], "Go Club");

    let cases: &[(Value, Value, (u16, &str))] = &[
        (
            json!([]),
            json!([{"id": "s1newaaaaaaaam2", "schema": "Membership", "statements": {}}]),
            (422, "dependent-subject-rules"),
        ),
        (
            json!([{"target": "s1newaaaaaaaam3"}]),
            json!([{"id": "s1newaaaaaaaam3", "schema": "City", "statements": {}}]),
            (400, "invalid-body"),
        ),
        (
            json!([{"target": MEMBERSHIP}]),
            json!([{"id": MEMBERSHIP, "schema": "Membership", "statements": {}}]),
            (409, "subject-id-in-use"),
        ),
        (
            json!([{"target": "s1newaaaaaaaam4"}]),
            json!([{"id": "bad", "schema": "Membership", "statements": {}}]),
            (400, "invalid-subject-id"),
        ),
        (
            json!([{"target": "s1newaaaaaaaam4"}]),
            json!([{"id": "s1newaaaaaaaam4", "schema": "Membership", "statements": {}, "x": 1}]),
            (400, "invalid-body"),
        ),
    ];
    for (i, (members, dependents, want)) in cases.iter().enumerate() {
        let mut body = club(members.clone(), dependents.clone());
        body["pageTitle"] = format!("Club {i}").into();
        let (status, answer) = post_subject(&host, Who::User, body);
        assert_eq!(outcome(status, &answer), Err((want.0, want.1.to_owned())), "case {i}: {answer}");
    }
    let mut lonely = club(json!([]), json!([{"id": "s1newaaaaaaaam2", "schema": "Membership", "statements": {}}]));
    lonely["pageTitle"] = "Lonely club".into();
    let (_, refused) = post_subject(&host, Who::User, lonely);
    assert!(
        refused["violations"]
            .as_array()
            .unwrap()
            .iter()
            .any(|v| v["code"] == "dependent-subject-without-host" && v["subjectId"] == "s1newaaaaaaaam2"),
        "{refused}"
    );

    // Replacing the Club may replace its own Dependent Subject by ID.
    let replace = json!({"label": "Chess Club", "statements": {"Members": {"propertyType": "relation", "value": [{"id": "r1testaaaaaaar1", "target": MEMBERSHIP}]}},
        "dependentSubjects": [{"id": MEMBERSHIP, "schema": "Membership", "statements": {"Role": {"propertyType": "text", "value": ["Secretary"]}}}]});
    let (status, body) = call(&host, Who::User, "PUT", &format!("/strata/v0/subject/{CLUB}"), &[], Some(replace));
    assert_eq!(status, 200, "{body}");
    let (_, read) = call(&host, Who::User, "GET", &format!("/strata/v0/subject/{MEMBERSHIP}"), &[], None);
    assert_eq!(read["subjects"][MEMBERSHIP]["statements"]["Role"]["value"], json!(["Secretary"]));
    let (_, gone) = call(&host, Who::User, "GET", &format!("/strata/v0/subject/{PERIOD}"), &[], None);
    assert_eq!(gone["errorType"], "not-found", "the Period is no longer reached");
}

#[test]
fn moving_subjects() {
    let host = example_host();
    add_club(&host);
    let target = page_id(&host, "Agnes Reijnders");
    let saves = host.save_calls();
    let (status, body) = call(
        &host,
        Who::User,
        "POST",
        &format!("/strata/v0/subject/{CLUB}/move"),
        &[],
        Some(json!({"targetPageId": target})),
    );
    assert_eq!(status, 200, "{body}");
    assert_eq!(host.save_calls(), saves + 1, "both pages in one savePages call");
    assert_eq!(
        body,
        json!({"status": "moved", "subjectId": CLUB, "fromPageId": page_id(&host, "Chess Club"), "toPageId": target, "movedDependentSubjectIds": [MEMBERSHIP, PERIOD]})
    );
    let (_, anvil) = call(&host, Who::User, "GET", &format!("/strata/v0/page/{target}/subjects"), &[], None);
    assert_eq!(anvil["subjects"].as_object().unwrap().len(), 4);
    assert_ne!(anvil["mainSubjectId"], CLUB, "makeMainSubject defaults to false");
    let (_, chess) = call(
        &host,
        Who::User,
        "GET",
        &format!("/strata/v0/page/{}/mainSubject", page_id(&host, "Chess Club")),
        &[],
        None,
    );
    assert_eq!(chess["subject"], Value::Null);

    let back = page_id(&host, "Chess Club");
    let cases: &[(&str, Value, (u16, &str))] = &[
        (MEMBERSHIP, json!({"targetPageId": back}), (422, "dependent-subject-rules")),
        (CLUB, json!({"targetPageId": target}), (409, "subject-already-on-page")),
        (CLUB, json!({"targetPageId": 99999}), (404, "not-found")),
        (CLUB, json!({"targetPageId": "x"}), (400, "invalid-body")),
        (CLUB, json!({}), (400, "invalid-body")),
    ];
    for (id, body, want) in cases {
        let (status, answer) =
            call(&host, Who::User, "POST", &format!("/strata/v0/subject/{id}/move"), &[], Some(body.clone()));
        assert_eq!(outcome(status, &answer), Err((want.0, want.1.to_owned())), "{id} {body}");
    }
    let (status, body) = call(
        &host,
        Who::User,
        "POST",
        &format!("/strata/v0/subject/{CLUB}/move"),
        &[],
        Some(json!({"targetPageId": back, "makeMainSubject": true})),
    );
    assert_eq!(status, 200, "{body}");
    let (_, chess) = call(&host, Who::User, "GET", &format!("/strata/v0/page/{back}/mainSubject"), &[], None);
    assert_eq!(chess["subject"]["id"], CLUB);
}

#[test]
fn main_subject_and_ordering_edits() {
    let host = example_host();
    add_club(&host);
    let page = page_id(&host, "Chess Club");
    let other = "s1newaaaaaaaao1";
    let (status, body) = call(
        &host,
        Who::User,
        "POST",
        &format!("/strata/v0/page/{page}/subjects"),
        &[],
        Some(json!({"id": other, "schema": "City", "label": "Town", "statements": {}})),
    );
    assert_eq!((status, body["status"].as_str()), (201, Some("created")), "{body}");
    let (status, body) = call(
        &host,
        Who::User,
        "POST",
        &format!("/strata/v0/page/{page}/mainSubject"),
        &[],
        Some(json!({"schema": "City", "statements": {}})),
    );
    assert_eq!(outcome(status, &body), Err((409, "subject-already-on-page".into())));

    let set = |id: Value| {
        call(
            &host,
            Who::User,
            "PUT",
            &format!("/strata/v0/page/{page}/mainSubject"),
            &[],
            Some(json!({"subjectId": id})),
        )
    };
    assert_eq!(set(json!(other)), (200, json!({"pageId": page, "mainSubjectId": other})));
    assert_eq!(set(json!(null)), (200, json!({"pageId": page, "mainSubjectId": null})));
    let (status, body) = set(json!(MEMBERSHIP));
    assert_eq!(outcome(status, &body), Err((422, "dependent-subject-rules".into())));
    let (status, body) = set(json!("s1zzzzzzzzzzzz9"));
    assert_eq!(outcome(status, &body), Err((400, "invalid-body".into())));
    assert_eq!(set(json!(CLUB)).0, 200);

    let order = |body: Value| {
        call(&host, Who::User, "PUT", &format!("/strata/v0/page/{page}/subjectsOrdering"), &[], Some(body))
    };
    let (status, body) = order(json!({"otherSubjectIds": [PERIOD, other, MEMBERSHIP]}));
    assert_eq!(
        (status, body),
        (200, json!({"pageId": page, "mainSubjectId": CLUB, "otherSubjectIds": [PERIOD, other, MEMBERSHIP]}))
    );
    let (_, read) = call(&host, Who::User, "GET", &format!("/strata/v0/page/{page}/subjects"), &[], None);
    assert_eq!(read["subjects"].as_object().unwrap().keys().collect::<Vec<_>>(), [CLUB, PERIOD, other, MEMBERSHIP]);
    let (status, body) = order(json!({"mainSubjectId": other, "otherSubjectIds": [CLUB, MEMBERSHIP, PERIOD]}));
    assert_eq!((status, body["mainSubjectId"].as_str()), (200, Some(other)));
    for bad in [
        json!({"otherSubjectIds": [CLUB]}),
        json!({"otherSubjectIds": [CLUB, CLUB, MEMBERSHIP, PERIOD]}),
        json!({"childSubjectIds": []}),
    ] {
        let (status, body) = order(bad.clone());
        assert_eq!(outcome(status, &body), Err((400, "invalid-body".into())), "{bad}");
    }
}

#[test]
fn minting_subject_ids() {
    let host = example_host();
    let mut no_token = caller(Who::User);
    no_token.csrf_valid = false;
    let (status, body) =
        call_as(&host, no_token, "POST", "/strata/v0/subject-ids", &[], Some(json!({"count": 3}).to_string()));
    assert_eq!(status, 200, "no CSRF token needed: {body}");
    let ids: Vec<&str> = body["subjectIds"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
    assert_eq!(ids.len(), 3);
    assert!(ids.windows(2).all(|w| w[0] < w[1]) && ids.iter().all(|id| id.len() == 15 && id.starts_with('s')));
    for bad in [
        json!({"count": 0}),
        json!({"count": 1001}),
        json!({"count": "3"}),
        json!({"count": 2.5}),
        json!({}),
        json!({"count": -1}),
    ] {
        let (status, answer) = call(&host, Who::User, "POST", "/strata/v0/subject-ids", &[], Some(bad.clone()));
        assert_eq!(outcome(status, &answer), Err((400, "invalid-body".into())), "{bad}");
    }
    assert_eq!(
        call(&host, Who::User, "POST", "/strata/v0/subject-ids", &[], Some(json!({"count": 1000}))).1["subjectIds"]
            .as_array()
            .unwrap()
            .len(),
        1000
    );
}

#[test]
fn dry_run_validation() {
    let host = example_host();
    let (status, body) = call(
        &host,
        Who::Anonymous,
        "POST",
        "/strata/v0/subject/validate",
        &[],
        Some(json!({"schema": "Person", "statements": {}})),
    );
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["violations"][0]["code"], "required");
    let (status, body) = call(
        &host,
        Who::Anonymous,
        "POST",
        "/strata/v0/subject/validate",
        &[],
        Some(json!({"schema": "Nothing", "statements": {}})),
    );
    assert_eq!(outcome(status, &body), Err((404, "not-found".into())));
    let path = format!("/strata/v0/subject/{PERSON}/validate");
    let (status, body) = call(
        &host,
        Who::Anonymous,
        "POST",
        &path,
        &[],
        Some(json!({"statements": {"Born": {"propertyType": "text", "value": ["x"]}}})),
    );
    assert_eq!(status, 200, "{body}");
    let codes: Vec<&str> = body["violations"].as_array().unwrap().iter().map(|v| v["code"].as_str().unwrap()).collect();
    assert!(codes.contains(&"type-mismatch") && codes.contains(&"required"), "{codes:?}");
    let (status, body) = call(
        &host,
        Who::Anonymous,
        "POST",
        "/strata/v0/subject/s1zzzzzzzzzzzz9/validate",
        &[],
        Some(json!({"statements": {}})),
    );
    assert_eq!(outcome(status, &body), Err((404, "not-found".into())));
    let (_, read) = call(&host, Who::Anonymous, "GET", &format!("/strata/v0/subject/{PERSON}"), &[], None);
    assert_eq!(
        read["subjects"][PERSON]["statements"]["Full name"]["value"],
        json!(["Pieter Claesz Staal"]),
        "a dry run changes nothing"
    );
}

#[test]
fn subject_writes_retry_edit_conflicts() {
    let host = example_host();
    let body = Some(json!({"label": "ACME", "statements": {}}));
    host.inject_conflicts(5);
    assert_eq!(call(&host, Who::User, "PUT", &format!("/strata/v0/subject/{ACME}"), &[], body.clone()).0, 200);
    host.inject_conflicts(6);
    let (status, answer) = call(
        &host,
        Who::User,
        "PUT",
        &format!("/strata/v0/subject/{ACME}"),
        &[],
        Some(json!({"label": "Other", "statements": {}})),
    );
    assert_eq!(outcome(status, &answer), Err((409, "edit-conflict".into())));
}

/// A save or deletion the host refuses after the core's own checks (MediaWiki's blocks, edit filters
/// and `edit` rate limit) answers the refusal's code and the host's words, and nothing is written.
#[test]
fn a_write_the_host_refuses_answers_the_refusals_code() {
    let refusal =
        |reason, message: &str, retry| Refusal { reason, message: message.into(), retry_after_seconds: retry };
    let cases = [
        (refusal(RefusalReason::Blocked, "You have been blocked from editing.", None), 403, "blocked", None),
        (refusal(RefusalReason::Filtered, "The word ZAPWORD is not allowed here.", None), 422, "edit-filtered", None),
        (refusal(RefusalReason::RateLimited, "", Some(42)), 429, "rateLimitExceeded", Some("42")),
        (refusal(RefusalReason::Denied, "The title is on the blacklist.", None), 403, "permission-denied", None),
    ];
    for (refusal, want_status, want_code, retry_after) in cases {
        let host = example_host();
        let before = call(&host, Who::User, "GET", &format!("/strata/v0/subject/{ACME}"), &[], None).1;
        host.refuse_next_write(refusal.clone());
        let body = json!({"label": "Refused Co", "statements": {}}).to_string();
        let response =
            respond(&host, caller(Who::User), "PUT", &format!("/strata/v0/subject/{ACME}"), &[], &[], Some(body));
        let answer: Value = serde_json::from_str(&response.body).unwrap();
        assert_eq!(
            (response.status, error_code(response.status, &answer).as_str()),
            (want_status, want_code),
            "{answer}"
        );
        if refusal.reason != RefusalReason::RateLimited {
            assert_eq!(answer["message"], refusal.message.as_str(), "the host's words reach the caller");
        }
        let header =
            response.headers.iter().find(|(k, _)| k.eq_ignore_ascii_case("retry-after")).map(|(_, v)| v.as_str());
        assert_eq!(header, retry_after, "{want_code}");
        assert_eq!(
            call(&host, Who::User, "GET", &format!("/strata/v0/subject/{ACME}"), &[], None).1,
            before,
            "nothing was written"
        );
    }
    let host = example_host();
    host.refuse_next_write(refusal(RefusalReason::Blocked, "You have been blocked from editing this page.", None));
    let (status, body) = call(&host, Who::Sysop, "DELETE", "/strata/v0/schema/Map", &[], None);
    assert_eq!((status, error_code(status, &body).as_str()), (403, "blocked"), "{body}");
    assert_eq!(call(&host, Who::Sysop, "GET", "/strata/v0/schema/Map", &[], None).0, 200, "the Schema is still there");
}
