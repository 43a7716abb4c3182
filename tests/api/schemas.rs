//! The Schema endpoints.

use crate::support::*;
use serde_json::{json, Value};
use strata::host::memory::Deny;
use strata::host::namespace;

fn names(body: &Value) -> Vec<String> {
    body["schemas"].as_array().unwrap().iter().map(|s| s["name"].as_str().unwrap().to_owned()).collect()
}

/// Follows `nextCursor` to the end, collecting names.
fn all_names(host: &strata::host::memory::MemoryHost, who: Who, limit: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cursor: Option<String> = None;
    loop {
        let mut q = vec![("limit", limit)];
        if let Some(c) = &cursor {
            q.push(("cursor", c.as_str()));
        }
        let (status, body) = call(host, who, "GET", "/strata/v0/schemas", &q, None);
        assert_eq!(status, 200, "{body}");
        out.extend(names(&body));
        match body["nextCursor"].as_str() {
            Some(c) => cursor = Some(c.to_owned()),
            None => return out,
        }
    }
}

#[test]
fn list_pages_through_every_readable_schema() {
    let host = example_host();
    let (status, first) = call(&host, Who::Anonymous, "GET", "/strata/v0/schemas", &[], None);
    assert_eq!(status, 200);
    assert_eq!(names(&first).len(), 10, "default limit is 10");
    insta::assert_json_snapshot!("schemas_first_page_names", names(&first));
    assert_eq!(first["schemas"][0]["propertyDefinitions"].as_object().map(|o| o.is_empty()), Some(false));

    let everyone = all_names(&host, Who::Anonymous, "3");
    assert_eq!(everyone.len(), 12);
    let mut sorted = everyone.clone();
    sorted.sort();
    assert_eq!(everyone, sorted, "title order");

    let restricted = all_names(&host, Who::Restricted, "3");
    assert_eq!(restricted.len(), 11);
    assert!(!restricted.contains(&"Person".to_owned()), "an unreadable Schema is skipped as if absent");
}

#[test]
fn cursors_stay_valid_while_schemas_come_and_go() {
    let host = example_host();
    let (_, first) = call(&host, Who::Sysop, "GET", "/strata/v0/schemas", &[("limit", "5")], None);
    let cursor = first["nextCursor"].as_str().unwrap().to_owned();
    let last = names(&first).pop().unwrap();
    assert_eq!(call(&host, Who::Sysop, "DELETE", &format!("/strata/v0/schema/{last}"), &[], None).0, 200);
    let schema = json!({"schema": {"propertyDefinitions": {}}});
    assert_eq!(call(&host, Who::Sysop, "PUT", "/strata/v0/schema/Aaa", &[], Some(schema.clone())).0, 201);
    assert_eq!(call(&host, Who::Sysop, "PUT", "/strata/v0/schema/Zzz", &[], Some(schema)).0, 201);
    let (status, next) =
        call(&host, Who::Sysop, "GET", "/strata/v0/schemas", &[("limit", "5"), ("cursor", &cursor)], None);
    assert_eq!(status, 200);
    assert!(names(&next).iter().all(|n| n.as_str() > last.as_str()), "{:?} after {last}", names(&next));
}

#[test]
fn limit_and_cursor_rules() {
    let host = example_host();
    for i in 0..40 {
        save(
            &host,
            vec![page(
                namespace::SCHEMA,
                &format!("Extra {i:02}"),
                Some(r#"{"propertyDefinitions": {}}"#.into()),
                None,
                Default::default(),
            )],
        );
    }
    type Case<'a> = (&'a [(&'a str, &'a str)], Result<usize, &'a str>);
    let cases: &[Case] = &[
        (&[], Ok(10)),
        (&[("limit", "1")], Ok(1)),
        (&[("limit", "50")], Ok(50)),
        (&[("limit", "51")], Ok(50)),
        (&[("limit", "9999")], Ok(50)),
        (&[("limit", "0")], Err("invalid-parameter")),
        (&[("limit", "-2")], Err("invalid-parameter")),
        (&[("limit", "ten")], Err("invalid-parameter")),
        (&[("limit", "2.5")], Err("invalid-parameter")),
        (&[("cursor", "@@@")], Err("invalid-cursor")),
        (&[("cursor", "UGVyc29u")], Err("invalid-cursor")),
    ];
    for (query, want) in cases {
        let (status, body) = call(&host, Who::User, "GET", "/strata/v0/schemas", query, None);
        let got = if status == 200 { Ok(names(&body).len()) } else { Err(error_code(status, &body)) };
        assert_eq!(got, want.map_err(str::to_owned), "{query:?}");
    }
}

#[test]
fn read_one_schema() {
    let host = example_host();
    let (status, body) = call(&host, Who::Anonymous, "GET", "/strata/v0/schema/Map", &[], None);
    assert_eq!(status, 200);
    insta::assert_json_snapshot!("schema_map", body);
    let cases: &[(Who, &str, Result<bool, &str>)] = &[
        (Who::Anonymous, "map", Ok(true)),
        (Who::Anonymous, "Validation_showcase", Ok(true)),
        (Who::Anonymous, "Nothing", Ok(false)),
        (Who::Restricted, "Person", Ok(false)),
        (Who::User, "Person", Ok(true)),
        (Who::User, "A%7CB", Err("invalid-title")),
    ];
    for (who, name, want) in cases {
        let (status, body) = call(&host, *who, "GET", &format!("/strata/v0/schema/{name}"), &[], None);
        let got = if status == 200 { Ok(!body["schema"].is_null()) } else { Err(error_code(status, &body)) };
        assert_eq!(got, want.map_err(str::to_owned), "{who:?} {name}");
    }
}

#[test]
fn create_and_replace_answer_201_then_200_with_the_canonical_schema() {
    let host = example_host();
    let body = json!({"schema": {"propertyDefinitions": {"Name": {"type": "text", "required": false, "multiple": false}}}, "comment": "new"});
    let (status, created) = call(&host, Who::User, "PUT", "/strata/v0/schema/tool_kind", &[], Some(body.clone()));
    assert_eq!(status, 201, "{created}");
    assert_eq!(created, json!({"schema": {"propertyDefinitions": {"Name": {"type": "text"}}}}));
    let (status, replaced) = call(&host, Who::User, "PUT", "/strata/v0/schema/Tool kind", &[], Some(body));
    assert_eq!(status, 200, "{replaced}");
    let (_, read) = call(&host, Who::Anonymous, "GET", "/strata/v0/schema/Tool_kind", &[], None);
    assert_eq!(read, replaced);
}

#[test]
fn an_invalid_schema_lists_every_reason() {
    let host = example_host();
    let body = json!({"schema": {"propertyDefinitions": {
        "A": {"type": "number", "minimum": 5, "maximum": 1},
        "C": {"type": "relation"},
    }}});
    let (status, answer) = call(&host, Who::User, "PUT", "/strata/v0/schema/Broken", &[], Some(body));
    assert_eq!((status, error_code(status, &answer).as_str()), (400, "invalid-schema"));
    insta::assert_json_snapshot!("schema_invalid", answer);
    let reasons = answer["reasons"].as_array().unwrap();
    assert!(reasons.len() >= 2, "{answer}");
    for r in reasons {
        assert!(
            answer["message"].as_str().unwrap().contains(r["message"].as_str().unwrap()),
            "{r} missing from the message"
        );
    }
    let kinds: Vec<(&str, &Value)> =
        reasons.iter().map(|r| (r["messageKey"].as_str().unwrap(), &r["params"])).collect();
    assert_eq!(
        kinds,
        [
            ("strata-schema-refusal-minimum-above-maximum", &json!([])),
            ("strata-schema-refusal-no-target-schemas", &json!([]))
        ],
        "each reason names its kind's message"
    );
}

#[test]
fn a_schema_with_unregistered_types_is_saved_and_its_values_kept() {
    let host = example_host();
    let contact = json!({"propertyDefinitions": {
        "Mail": {"type": "emial", "x-plugin": {"kept": true}},
        "Phone": {"type": "phoneNumber", "required": {"severity": "error"}},
        "Name": {"type": "text"},
    }});
    let (status, created) =
        call(&host, Who::User, "PUT", "/strata/v0/schema/Contact", &[], Some(json!({"schema": contact})));
    assert_eq!(status, 201, "an unknown type is saved: {created}");
    assert_eq!(created["schema"]["propertyDefinitions"]["Mail"], json!({"type": "emial", "x-plugin": {"kept": true}}));
    let (status, resaved) =
        call(&host, Who::User, "PUT", "/strata/v0/schema/Contact", &[], Some(json!({"schema": created["schema"]})));
    assert_eq!(status, 200, "and re-saved: {resaved}");
    assert_eq!(resaved, created);

    let subject = json!({"schema": "Contact", "label": "Ada", "pageTitle": "Ada contact", "statements": {
        "Mail": {"propertyType": "emial", "value": {"any": ["shape", 1]}},
        "Name": {"propertyType": "text", "value": ["Ada"]},
    }});
    let (status, body) = call(&host, Who::User, "POST", "/strata/v0/subjects", &[], Some(subject));
    assert_eq!(status, 201, "{body}");
    let id = body["subject"]["id"].as_str().unwrap().to_owned();
    let (_, read) = call(&host, Who::Anonymous, "GET", &format!("/strata/v0/subject/{id}"), &[], None);
    assert_eq!(
        read["subjects"][&id]["statements"]["Mail"]["value"],
        json!({"any": ["shape", 1]}),
        "the raw value is kept"
    );
    let replacement = json!({"statements": read["subjects"][&id]["statements"].clone()});
    let (status, checked) =
        call(&host, Who::User, "POST", &format!("/strata/v0/subject/{id}/validate"), &[], Some(replacement));
    assert_eq!(status, 200, "{checked}");
    let codes: Vec<(&str, &str)> = checked["violations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| (v["propertyName"].as_str().unwrap_or(""), v["code"].as_str().unwrap()))
        .collect();
    assert_eq!(codes, [("Mail", "unregistered-type"), ("Phone", "unregistered-type")], "{checked}");
}

#[test]
fn save_rules_that_need_other_schemas() {
    let host = example_host();
    let dependent =
        json!({"schema": {"subjectsAreDependent": true, "propertyDefinitions": {"Role": {"type": "text"}}}});
    assert_eq!(call(&host, Who::User, "PUT", "/strata/v0/schema/Membership", &[], Some(dependent)).0, 201);
    let flipped = json!({"schema": {"propertyDefinitions": {"Role": {"type": "text"}}}});
    let (status, body) = call(&host, Who::User, "PUT", "/strata/v0/schema/Membership", &[], Some(flipped));
    assert_eq!((status, error_code(status, &body).as_str()), (400, "invalid-schema"));
    assert_eq!(body["reasons"][0]["path"], "subjectsAreDependent");

    let mixed = json!({"schema": {"propertyDefinitions": {"Links": {"type": "relation", "targetSchemas": ["Membership", "Person"]}}}});
    let (status, body) = call(&host, Who::User, "PUT", "/strata/v0/schema/Club", &[], Some(mixed.clone()));
    assert_eq!((status, error_code(status, &body).as_str()), (400, "invalid-schema"), "{body}");
    assert_eq!(body["reasons"][0]["path"], "propertyDefinitions.Links.targetSchemas");
    let (status, _) = call(&host, Who::Restricted, "PUT", "/strata/v0/schema/Club", &[], Some(mixed));
    assert_eq!(status, 201, "an unreadable target Schema does not count");
}

#[test]
fn schema_write_permissions() {
    let host = example_host();
    host.deny("Alice", namespace::SCHEMA, "Map", Deny::Edit);
    host.deny("Alice", namespace::SCHEMA, "Locked new", Deny::Edit);
    host.deny("Mallory", namespace::SCHEMA, "Secret plan", Deny::Read);
    let body = Some(json!({"schema": {"propertyDefinitions": {}}}));
    let cases: &[(Who, &str, &str, u16)] = &[
        (Who::Anonymous, "PUT", "Map", 403),
        (Who::User, "PUT", "Map", 403),
        (Who::User, "PUT", "Locked new", 403),
        (Who::Restricted, "PUT", "Person", 404),
        // An absent title the caller could not read answers like an existing unreadable one.
        (Who::Restricted, "PUT", "Secret plan", 404),
        (Who::Restricted, "DELETE", "Person", 404),
        (Who::User, "DELETE", "Coordinates", 403),
        (Who::Bot, "DELETE", "Coordinates", 403),
        (Who::Sysop, "DELETE", "Nothing", 404),
        (Who::Sysop, "DELETE", "Coordinates", 200),
        (Who::Sysop, "DELETE", "Coordinates", 404),
    ];
    for (who, method, name, want) in cases {
        let body = if *method == "PUT" { body.clone() } else { None };
        let (status, answer) = call(&host, *who, method, &format!("/strata/v0/schema/{name}"), &[], body);
        assert_eq!(status, *want, "{who:?} {method} {name}: {answer}");
        if status != 200 {
            error_code(status, &answer);
        }
    }
}

#[test]
fn schema_names_match_a_prefix() {
    let host = example_host();
    let cases: &[(Who, &str, &[&str])] = &[
        (Who::Anonymous, "A", &["Address", "Archive collection"]),
        (Who::Anonymous, "pe", &["Person"]),
        (Who::Restricted, "Pe", &[]),
        (Who::Restricted, "O", &["Opening hours"]),
        (Who::Anonymous, "Validation_s", &["Validation showcase"]),
        (Who::Anonymous, "Xyz", &[]),
    ];
    for (who, search, want) in cases {
        let (status, body) = call(&host, *who, "GET", &format!("/strata/v0/schema-names/{search}"), &[], None);
        assert_eq!(status, 200);
        assert_eq!(body, json!({"schemaNames": want}), "{who:?} {search}");
    }
}

#[test]
fn a_write_retries_edit_conflicts_five_times_then_answers_409() {
    let host = example_host();
    let body = Some(json!({"schema": {"propertyDefinitions": {}}}));
    host.inject_conflicts(5);
    let before = host.save_calls();
    assert_eq!(call(&host, Who::User, "PUT", "/strata/v0/schema/Loan", &[], body.clone()).0, 200);
    assert_eq!(host.save_calls() - before, 6);
    host.inject_conflicts(6);
    let (status, answer) = call(&host, Who::User, "PUT", "/strata/v0/schema/Loan", &[], body);
    assert_eq!((status, error_code(status, &answer).as_str()), (409, "edit-conflict"));
}
