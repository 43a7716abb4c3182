//! Platform page actions (`handlePageAction`): permissions, the content rules of each namespace,
//! conflicts and no-change edits, driven through the `handlePageAction` export against a `MemoryHost`.

use crate::support::*;
use pollster::block_on;
use serde_json::{json, Value};
use strata::app::page_action::error::CODES;
use strata::app::page_index;
use strata::app::Caller;
use strata::host::memory::{Deny, MemoryHost, Viewer};
use strata::host::{namespace, Host, PageRecord, PageTitle, Refusal, RefusalReason, Settings};

fn act(host: &MemoryHost, who: &Caller, mut request: Value) -> Value {
    request["caller"] = serde_json::to_value(who).unwrap();
    let viewer = Viewer { name: who.name.clone(), rights: who.rights.clone() };
    page_action(&host.acting_as(viewer), &request.to_string())
}

fn edit(ns: i32, title: &str, text: &str) -> Value {
    json!({"action": "edit", "namespace": ns, "title": title, "slot": "main", "text": text, "summary": "test",
           "baseRevisionId": null, "createOnly": false, "noCreate": false})
}

fn with(mut request: Value, key: &str, value: Value) -> Value {
    request[key] = value;
    request
}

fn delete(ns: i32, title: &str) -> Value {
    json!({"action": "delete", "namespace": ns, "title": title, "summary": "gone", "baseRevisionId": null})
}

fn stored(host: &MemoryHost, ns: i32, title: &str) -> Option<PageRecord> {
    block_on(host.page_by_title(PageTitle { namespace: ns, title: title.into() })).unwrap()
}

/// The error code, after checking the error object's shape.
fn code(answer: &Value) -> &str {
    assert_eq!(answer["ok"], false, "{answer}");
    let info = answer["error"]["info"].as_str().unwrap_or_default();
    assert!(info.ends_with('.') && info.len() > 10, "{answer}");
    answer["error"]["code"].as_str().unwrap()
}

fn info(answer: &Value) -> &str {
    answer["error"]["info"].as_str().unwrap_or_else(|| panic!("not an error: {answer}"))
}

fn result(answer: &Value) -> &Value {
    assert_eq!(answer["ok"], true, "{answer}");
    &answer["result"]
}

const PERSON_FOAF: &str = r#"{"version": 1, "schema": "Person", "target": "foaf", "subject": {"class": "http://xmlns.com/foaf/0.1/Person"}, "properties": {}}"#;

#[test]
fn every_error_code_has_a_case() {
    let host = example_host();
    let admin = caller(Who::Sysop);
    let m = maintenance();
    let user = caller(Who::User);
    let anonymous = caller(Who::Anonymous);
    let mallory = caller(Who::Restricted);
    let person = stored(&host, namespace::SCHEMA, "Person").unwrap().latest_revision_id;
    result(&act(&host, &m, edit(namespace::MAPPING, "Person to FOAF", PERSON_FOAF)));
    let cases: Vec<(&str, &Caller, Value, &str)> = vec![
        ("Mapping without strata-mapping-edit", &admin, edit(namespace::MAPPING, "X", PERSON_FOAF), "permissiondenied"),
        ("create without createpage", &anonymous, edit(namespace::MAIN, "Fresh page", "text"), "permissiondenied"),
        ("edit an unreadable page", &mallory, edit(namespace::SCHEMA, "Person", "{}"), "permissiondenied"),
        (
            "edit without edit access",
            &anonymous,
            edit(namespace::MAIN, "Polder survey of 1672", "text"),
            "permissiondenied",
        ),
        (
            "delete without the delete right",
            &user,
            delete(namespace::MAIN, "Polder survey of 1672"),
            "permissiondenied",
        ),
        (
            "delete a Mapping without strata-mapping-edit",
            &admin,
            delete(namespace::MAPPING, "Person to FOAF"),
            "permissiondenied",
        ),
        (
            "createOnly on an existing page",
            &admin,
            with(edit(namespace::MAIN, "Polder survey of 1672", "x"), "createOnly", json!(true)),
            "articleexists",
        ),
        (
            "noCreate on a missing page",
            &admin,
            with(edit(namespace::MAIN, "Nowhere", "x"), "noCreate", json!(true)),
            "missingtitle",
        ),
        ("delete a missing page", &admin, delete(namespace::MAIN, "Nowhere"), "missingtitle"),
        ("delete an unreadable page", &mallory, delete(namespace::SCHEMA, "Person"), "missingtitle"),
        (
            "a stale base revision",
            &admin,
            with(edit(namespace::SCHEMA, "Person", "{}"), "baseRevisionId", json!(person - 1)),
            "editconflict",
        ),
        (
            "a base revision of a deleted page",
            &admin,
            with(edit(namespace::MAIN, "Nowhere", "x"), "baseRevisionId", json!(3)),
            "editconflict",
        ),
        (
            "delete at a stale base revision",
            &admin,
            with(delete(namespace::SCHEMA, "Person"), "baseRevisionId", json!(person - 1)),
            "editconflict",
        ),
        ("a title that cannot be", &admin, edit(namespace::MAIN, "a|b", "x"), "invalidtitle"),
        ("a blank title", &admin, edit(namespace::MAIN, " _ ", "x"), "invalidtitle"),
        ("a Schema that is not JSON", &admin, edit(namespace::SCHEMA, "Broken", "{"), "strata-invalid-schema"),
        ("a Schema without definitions", &admin, edit(namespace::SCHEMA, "Broken", "{}"), "strata-invalid-schema"),
        (
            "a Layout without type",
            &admin,
            edit(namespace::LAYOUT, "Card", r#"{"schema": "Person"}"#),
            "strata-invalid-layout",
        ),
        (
            "a Mapping with version 2",
            &m,
            edit(namespace::MAPPING, "X", &PERSON_FOAF.replace("1,", "2,")),
            "strata-invalid-mapping",
        ),
        (
            "a Subject slot that is not an object",
            &admin,
            with(edit(namespace::MAIN, "New", "[]"), "slot", json!("subject")),
            "strata-invalid-content",
        ),
        (
            "a Subject slot on a Schema page",
            &admin,
            with(edit(namespace::SCHEMA, "Person", "{}"), "slot", json!("subject")),
            "strata-invalid-content",
        ),
        (
            "an edit without text",
            &admin,
            json!({"action": "edit", "namespace": 0, "title": "X"}),
            "strata-invalid-request",
        ),
    ];
    let mut seen = Vec::new();
    for (name, who, request, want) in cases {
        let answer = act(&host, who, request);
        assert_eq!(code(&answer), want, "{name}: {answer}");
        seen.push(want);
    }
    let broken = MemoryHost::new(Settings { source_key: "1 bad".into(), ..Settings::default() });
    let answer = act(&broken, &admin, edit(namespace::MAIN, "X", "x"));
    assert_eq!(code(&answer), "strata-internal-error", "{answer}");
    seen.push("strata-internal-error");
    let refusals = [
        (RefusalReason::Blocked, "blocked"),
        (RefusalReason::RateLimited, "ratelimited"),
        (RefusalReason::Filtered, "hookaborted"),
    ];
    for (reason, want) in refusals {
        let refusing = example_host();
        refusing.refuse_next_write(Refusal {
            reason,
            message: "Refused by the wiki.".into(),
            retry_after_seconds: Some(60),
        });
        let answer = act(&refusing, &admin, edit(namespace::MAIN, "Refused", "x"));
        assert_eq!(code(&answer), want, "{answer}");
        assert!(stored(&refusing, namespace::MAIN, "Refused").is_none(), "{want}: nothing saved");
        seen.push(want);
    }
    let missing: Vec<&str> = CODES.iter().map(|(_, c, _)| *c).filter(|c| !seen.contains(c)).collect();
    assert!(missing.is_empty(), "codes without a case: {missing:?}");
    for malformed in ["{not json", r#"{"action": "move", "namespace": 0, "title": "X"}"#] {
        let e = block_on(strata::exports::handle_page_action(&host, malformed)).unwrap_err();
        assert_eq!((e.code, e.to_json()["name"].as_str()), ("invalid-argument", Some("StrataError")), "{malformed}");
    }
}

#[test]
fn a_schema_page_is_checked_like_put_schema_and_stored_canonically() {
    let host = example_host();
    let admin = caller(Who::Sysop);
    let created = act(
        &host,
        &admin,
        edit(
            namespace::SCHEMA,
            "tool",
            r#"{"propertyDefinitions": {"Weight": {"type": "number", "required": false}}, "x-note": 1}"#,
        ),
    );
    let r = result(&created);
    assert_eq!(
        (r["title"].as_str(), r["contentModel"].as_str(), r["new"].as_bool(), r["oldRevisionId"].as_u64()),
        (Some("Tool"), Some("strata-schema"), Some(true), Some(0))
    );
    let page = stored(&host, namespace::SCHEMA, "Tool").unwrap();
    insta::assert_snapshot!("page_action_schema_stored", page.main_slot.as_deref().unwrap());
    assert_eq!(r["newRevisionId"].as_u64(), Some(page.latest_revision_id));

    let spaced = r#"{ "propertyDefinitions" : { "Weight" : { "type" : "number" } }, "x-note": 1 }"#;
    let same = act(&host, &admin, edit(namespace::SCHEMA, "Tool", spaced));
    assert_eq!(result(&same)["noChange"], true, "the same Schema written differently stores the same text");
    assert_eq!(result(&same)["newRevisionId"].as_u64(), Some(page.latest_revision_id));

    // Two reasons at once: a changed subjectsAreDependent and targets that mix dependence.
    let club = json!({"subjectsAreDependent": true, "propertyDefinitions": {
        "Where": {"type": "relation", "targetSchemas": ["Person", "Period"]}}});
    let period = json!({"subjectsAreDependent": true, "propertyDefinitions": {}});
    result(&act(&host, &admin, edit(namespace::SCHEMA, "Period", &period.to_string())));
    let refused = act(&host, &admin, edit(namespace::SCHEMA, "Tool", &club.to_string()));
    assert_eq!(code(&refused), "strata-invalid-schema");
    insta::assert_snapshot!("page_action_schema_refused", info(&refused));

    let (status, body) = call(&host, Who::Sysop, "PUT", "/strata/v0/schema/Tool", &[], Some(json!({"schema": club})));
    assert_eq!(status, 400);
    let rest_reasons: Vec<String> = body["reasons"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| format!("{}: {}", r["path"].as_str().unwrap(), r["message"].as_str().unwrap()))
        .collect();
    assert_eq!(
        info(&refused),
        format!("The Schema is invalid: {}.", rest_reasons.join("; ")),
        "one check for both paths"
    );
    let kinds: Vec<&str> =
        body["reasons"].as_array().unwrap().iter().map(|r| r["messageKey"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["strata-schema-refusal-dependent-fixed", "strata-schema-refusal-mixed-dependent-targets"]);
    assert_eq!(refused["error"]["reasons"], body["reasons"], "the same kinds, keys and parameters for the host");
}

#[test]
fn a_layout_names_an_existing_schema_and_keeps_unknown_keys() {
    let host = example_host();
    let admin = caller(Who::Sysop);
    let text = r#"{"displayRules": [{"property": "Name"}], "type": "infobox", "schema": "person"}"#;
    let r = result(&act(&host, &admin, edit(namespace::LAYOUT, "Person box", text))).clone();
    assert_eq!(r["contentModel"], "strata-layout");
    let page = stored(&host, namespace::LAYOUT, "Person box").unwrap();
    let saved: Value = serde_json::from_str(page.main_slot.as_deref().unwrap()).unwrap();
    assert_eq!(saved, json!({"schema": "Person", "type": "infobox", "displayRules": [{"property": "Name"}]}));
    assert_eq!(result(&act(&host, &admin, edit(namespace::LAYOUT, "Person box", text)))["noChange"], true);

    let cases = [
        (r#"{"schema": "Nobody", "type": "infobox"}"#, "The Layout is invalid: schema: names no Schema of this wiki."),
        (
            r#"{"schema": 1, "type": "", "description": [], "settings": 2}"#,
            "The Layout is invalid: schema: must be a Schema name; type: must be a non-blank string; description: must be a string; settings: must be an object.",
        ),
        ("no json", "The Layout is not valid JSON: expected ident at line 1 column 2."),
    ];
    for (text, want) in cases {
        let answer = act(&host, &admin, edit(namespace::LAYOUT, "Other", text));
        assert_eq!((code(&answer), info(&answer)), ("strata-invalid-layout", want), "{text}");
    }
    let mallory = caller(Who::Restricted);
    let answer = act(&host, &mallory, edit(namespace::LAYOUT, "Hidden", r#"{"schema": "Person", "type": "card"}"#));
    assert_eq!(
        info(&answer),
        "The Layout is invalid: schema: names no Schema of this wiki.",
        "an unreadable Schema counts as absent"
    );
}

#[test]
fn a_mapping_needs_the_right_and_a_free_schema_target_pair() {
    let host = example_host();
    let m = maintenance();
    let first = act(&host, &m, edit(namespace::MAPPING, "Person to FOAF", PERSON_FOAF));
    assert_eq!(result(&first)["contentModel"], "strata-mapping");
    assert_eq!(
        result(&act(&host, &m, edit(namespace::MAPPING, "Person to FOAF", PERSON_FOAF)))["noChange"],
        true,
        "re-saving is no duplicate"
    );
    let duplicate = act(&host, &m, edit(namespace::MAPPING, "Person as agent", PERSON_FOAF));
    assert_eq!(code(&duplicate), "strata-invalid-mapping");
    assert_eq!(
        info(&duplicate),
        "The Mapping is invalid: target: the Mapping page \"Person to FOAF\" already maps this Schema to this target."
    );

    let broken = r#"{"version": 1, "schema": "Person", "target": "native", "prefixes": {"x": "http://a b/"},
        "subject": {"class": "y:Person"}, "properties": {"Name": {"predicate": "x:name", "lang": "en", "datatype": "x:string"}}}"#;
    let answer = act(&host, &m, edit(namespace::MAPPING, "Broken", broken));
    insta::assert_snapshot!("page_action_mapping_refused", info(&answer));

    let other = caller(Who::Sysop);
    let answer = act(&host, &other, edit(namespace::MAPPING, "Person to FOAF", PERSON_FOAF));
    assert_eq!(info(&answer), "Editing \"Mapping:Person to FOAF\" needs the \"strata-mapping-edit\" right.");
}

fn import(title: &str, slot: &Value) -> Value {
    with(edit(namespace::MAIN, title, &slot.to_string()), "slot", json!("subject"))
}

#[test]
fn an_imported_subject_slot_is_normalized_indexed_and_checked_for_dependent_rules() {
    let host = example_host();
    add_club(&host);
    let m = maintenance();
    let r = result(&act(
        &host,
        &m,
        import("Chess Club 2", &club_slot().to_string().replace("testaaaaaaa", "testbbbbbbb").parse().unwrap()),
    ))
    .clone();
    assert_eq!((r["new"].as_bool(), r["contentModel"].as_str()), (Some(true), Some("wikitext")));
    let page = stored(&host, namespace::MAIN, "Chess Club 2").unwrap();
    assert_eq!(page.main_slot.as_deref(), Some(""), "a new page gets empty text");
    let index = host.index_of(page.page_id).unwrap();
    let want = block_on(page_index(&host, &m, "Chess Club 2", page.subject_slot.as_deref().unwrap())).unwrap();
    assert_eq!(
        (index.subjects.clone(), index.relations.clone()),
        (want.subjects, want.relations),
        "the index rows the core computes for any save"
    );
    assert_eq!(index.subjects.iter().filter(|s| s.facts.is_dependent).count(), 2);
    assert_eq!(index.changed_subject_ids.len(), 3);

    let again =
        act(&host, &m, import("Chess Club 2", &serde_json::from_str(page.subject_slot.as_deref().unwrap()).unwrap()));
    assert_eq!(result(&again)["noChange"], true);

    let mut labelled = club_slot();
    labelled["subjects"][PERIOD]["label"] = json!("Spring");
    labelled["subjects"][MEMBERSHIP]["statements"].as_object_mut().unwrap().remove("Period");
    let answer = act(&host, &m, import("Chess Club", &labelled));
    assert_eq!(code(&answer), "strata-invalid-content");
    assert_eq!(
        info(&answer),
        "The Subject slot cannot be saved: s1testaaaaaaap1: dependent-subject-has-label; s1testaaaaaaap1: dependent-subject-without-host."
    );
    let codes: Vec<&str> =
        answer["error"]["violations"].as_array().unwrap().iter().map(|v| v["code"].as_str().unwrap()).collect();
    assert_eq!(codes, ["dependent-subject-has-label", "dependent-subject-without-host"]);

    let taken = act(&host, &m, import("Copy of the club", &club_slot()));
    assert_eq!(code(&taken), "strata-invalid-content");
    assert!(info(&taken).contains("the Subject ID s1testaaaaaaac1 is in use on another page"), "{taken}");
}

#[test]
fn every_normalization_problem_of_a_subject_slot_is_named() {
    let host = example_host();
    let slot = json!({
        "mainSubject": 7,
        "subjects": {
            "s1badaaaaaaaaa1": {"label": 3, "schema": "Map", "statements": {
                "Scale": {"propertyType": "number", "value": "1999"},
                "Digital copy": {"propertyType": "url", "value": ["https://a.example"]},
                "Condition": {"propertyType": "select", "value": [{"id": "o1cnd1aaaaaaa01", "label": "Inactive"}]}}},
            "s1badaaaaaaaaa2": {"statements": {}},
        },
    });
    let answer = act(&host, &caller(Who::Sysop), import("Bad page", &slot));
    assert_eq!(code(&answer), "strata-invalid-content");
    insta::assert_snapshot!("page_action_subject_slot_refused", info(&answer));
    assert!(stored(&host, namespace::MAIN, "Bad page").is_none());
}

#[test]
fn a_plain_page_edit_keeps_the_subject_slot_and_its_index_rows() {
    let host = example_host();
    let admin = caller(Who::Sysop);
    let before = stored(&host, namespace::MAIN, "Polder survey of 1672").unwrap();
    let rows = host.index_of(before.page_id).unwrap();
    let r = result(&act(&host, &admin, edit(namespace::MAIN, "Polder survey of 1672", "Some '''wikitext'''."))).clone();
    assert_eq!(
        (r["oldRevisionId"].as_u64(), r["new"].as_bool(), r["contentModel"].as_str()),
        (Some(before.latest_revision_id), Some(false), Some("wikitext"))
    );
    let after = stored(&host, namespace::MAIN, "Polder survey of 1672").unwrap();
    assert_eq!(after.subject_slot, before.subject_slot);
    assert_eq!(after.main_slot.as_deref(), Some("Some '''wikitext'''."));
    let kept = host.index_of(after.page_id).unwrap();
    assert_eq!((kept.subjects, kept.relations), (rows.subjects, rows.relations));
    assert!(kept.changed_subject_ids.is_empty(), "no Subject changed");

    let cases =
        [(8, "Strata.json", "json"), (8, "Common.css", "wikitext"), (0, "Fresh", "wikitext"), (2, "Alice", "wikitext")];
    for (ns, title, model) in cases {
        let r = act(&host, &admin, edit(ns, title, "{}"));
        assert_eq!(result(&r)["contentModel"], model, "{ns}:{title}");
    }
}

#[test]
fn conflicts_are_retried_only_without_a_base_revision() {
    let host = example_host();
    let admin = caller(Who::Sysop);
    host.inject_conflicts(2);
    let calls = host.save_calls();
    assert_eq!(result(&act(&host, &admin, edit(namespace::MAIN, "Polder survey of 1672", "one")))["noChange"], false);
    assert_eq!(host.save_calls() - calls, 3, "two conflicts, then the save");
    host.inject_conflicts(99);
    let answer = act(&host, &admin, edit(namespace::MAIN, "Polder survey of 1672", "two"));
    assert_eq!(code(&answer), "editconflict");
    host.inject_conflicts(0);

    let latest = stored(&host, namespace::MAIN, "Polder survey of 1672").unwrap().latest_revision_id;
    let based = act(
        &host,
        &admin,
        with(edit(namespace::MAIN, "Polder survey of 1672", "three"), "baseRevisionId", json!(latest)),
    );
    assert_eq!(result(&based)["oldRevisionId"].as_u64(), Some(latest));
    let stale = act(
        &host,
        &admin,
        with(edit(namespace::MAIN, "Polder survey of 1672", "four"), "baseRevisionId", json!(latest)),
    );
    assert_eq!(
        info(&stale),
        format!(
            "The page \"Polder survey of 1672\" changed after revision {latest}: its latest revision is {}.",
            latest + 1
        )
    );
}

#[test]
fn a_delete_needs_the_right_and_answers_the_log_id() {
    let host = example_host();
    let user = caller(Who::User);
    let answer = act(&host, &user, delete(namespace::SCHEMA, "Opening hours"));
    assert_eq!(info(&answer), "You may not delete the page \"Schema:Opening hours\": this needs the \"delete\" right.");
    host.deny("Admin", namespace::SCHEMA, "Opening hours", Deny::Edit);
    let admin = caller(Who::Sysop);
    assert_eq!(
        info(&act(&host, &admin, delete(namespace::SCHEMA, "Opening hours"))),
        "You may not delete the page \"Schema:Opening hours\"."
    );
    let page = stored(&host, namespace::SCHEMA, "Event").unwrap();
    let r = result(&act(&host, &admin, delete(namespace::SCHEMA, "Event"))).clone();
    assert_eq!(
        (r["pageId"].as_u64(), r["title"].as_str(), r["namespace"].as_i64()),
        (Some(page.page_id), Some("Event"), Some(7474))
    );
    assert!(r["logId"].as_u64().is_some(), "{r}");
    assert!(stored(&host, namespace::SCHEMA, "Event").is_none());
}

#[test]
fn the_docs_list_every_error_code() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/page-actions.md")).unwrap();
    for (_, code, meaning) in CODES {
        assert!(doc.contains(&format!("| `{code}` | {meaning} |")), "docs/page-actions.md lacks the row of {code}");
    }
}

#[test]
fn a_check_answers_the_text_to_store_or_the_refusal_and_saves_nothing() {
    let host = example_host();
    let m = maintenance();
    let before = stored(&host, namespace::SCHEMA, "Person").unwrap().latest_revision_id;
    let check = |ns: i32, title: &str, text: &str| with(edit(ns, title, text), "action", json!("check"));

    let fresh = act(
        &host,
        &m,
        check(namespace::SCHEMA, "Pet", r#"{"propertyDefinitions": {"Name": {"type": "text", "required": false}}}"#),
    );
    let fresh = result(&fresh);
    assert_eq!(fresh["contentModel"], "strata-schema");
    let text: Value = serde_json::from_str(fresh["mainSlot"].as_str().unwrap()).unwrap();
    assert_eq!(
        text,
        json!({"propertyDefinitions": {"Name": {"type": "text"}}}),
        "the stored text is the canonical Schema"
    );
    assert!(stored(&host, namespace::SCHEMA, "Pet").is_none(), "a check creates no page");

    let refused = act(
        &host,
        &m,
        check(
            namespace::SCHEMA,
            "Person",
            r#"{"propertyDefinitions": {"X": {"type": "number", "minimum": 5, "maximum": 1}}}"#,
        ),
    );
    assert_eq!(code(&refused), "strata-invalid-schema");
    assert!(info(&refused).contains("minimum is greater than maximum"), "{refused}");
    assert_eq!(stored(&host, namespace::SCHEMA, "Person").unwrap().latest_revision_id, before);

    let mapping = act(&host, &m, check(namespace::MAPPING, "Person to FOAF", PERSON_FOAF));
    assert_eq!(result(&mapping)["contentModel"], "strata-mapping");
}
