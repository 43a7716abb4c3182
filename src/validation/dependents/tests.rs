//! One case per Dependent-Subject rule and per lifecycle move.

use super::*;
use crate::domain::ids::{SourceKey, SubjectId};
use crate::domain::page_content::PageContent;
use crate::domain::schema::{Schema, SchemaRef};
use crate::domain::title::Title;
use crate::json::{Arena, Json};
use crate::normalize::{read_page_content, Context};
use crate::types::ReadSchema;
use serde_json::{json, Value};
use std::collections::HashMap;

const HOST: &str = "s1host00000000a";
const DEP: &str = "s1dep000000000a";
const DEP2: &str = "s1dep000000000b";
const OTHER: &str = "s1other0000000a";

fn own() -> SourceKey {
    SourceKey::parse("local").unwrap()
}

/// `Company` holds `Offices` (dependent `Office`) and `Friend` (standalone `Company`); `Office`
/// holds `Rooms` (dependent `Office`).
fn schemas() -> HashMap<SchemaRef, Schema> {
    let s = |v: Value| Schema::from_json(&v, &own()).unwrap();
    let r = |n: &str| SchemaRef::Local(Title::new(n).unwrap());
    HashMap::from([
        (
            r("Company"),
            s(json!({"propertyDefinitions": {
                "Offices": {"type": "relation", "targetSchemas": ["Office"], "multiple": true},
                "Friend": {"type": "relation", "targetSchemas": ["Company"], "multiple": true}
            }})),
        ),
        (
            r("Office"),
            s(json!({"subjectsAreDependent": true, "propertyDefinitions": {
                "Rooms": {"type": "relation", "targetSchemas": ["Office"], "multiple": true}
            }})),
        ),
    ])
}

fn rels(targets: &[&str]) -> Value {
    Value::Array(
        targets.iter().enumerate().map(|(i, t)| json!({"id": format!("r1demo1aaaaar{i:02}"), "target": t})).collect(),
    )
}

fn page(main: Option<&str>, subjects: Value) -> PageContent {
    let own = own();
    read_page_content(
        &Json::from_value(&json!({"mainSubject": main, "subjects": subjects}), &Arena::new()),
        &Context { own_source: &own },
    )
}

fn company(props: Value) -> Value {
    json!({"label": "C", "schema": "Company", "statements": props})
}

fn office(props: Value) -> Value {
    json!({"schema": "Office", "statements": props})
}

fn offices(targets: &[&str]) -> Value {
    json!({"Offices": {"propertyType": "relation", "value": rels(targets)}})
}

fn codes(p: &PageContent) -> Vec<Value> {
    codes_with(p, &HashMap::new())
}

/// The violations of a page whose relation targets off the page have the given Schemas.
fn codes_with(p: &PageContent, elsewhere: &HashMap<SubjectId, SchemaRef>) -> Vec<Value> {
    validate_page_dependents(p, &schemas(), elsewhere).iter().map(|v| v.to_json()).collect()
}

fn own_rule(code: &str, id: &str) -> Value {
    json!({"propertyName": null, "code": code, "args": [], "severity": "error", "subjectId": id})
}

fn part_rule(code: &str, holder: &str, property: &str, target: &str, part: usize) -> Value {
    json!({"propertyName": property, "code": code, "args": [target], "severity": "error", "valuePartIndex": part, "subjectId": holder})
}

fn id(s: &str) -> SubjectId {
    SubjectId::parse(s).unwrap()
}

#[test]
fn a_well_formed_page_has_no_violations() {
    let p = page(
        Some(HOST),
        json!({HOST: company(offices(&[DEP])), DEP: office(json!({"Rooms": {"propertyType": "relation", "value": rels(&[DEP2])}})), DEP2: office(json!({}))}),
    );
    assert_eq!(codes(&p), Vec::<Value>::new());
}

#[test]
fn each_rule() {
    let cases = [
        (
            "referenced twice",
            page(Some(HOST), json!({HOST: company(offices(&[DEP, DEP])), DEP: office(json!({}))})),
            vec![own_rule("dependent-subject-referenced-twice", DEP)],
        ),
        (
            "target not on page",
            page(Some(HOST), json!({HOST: company(offices(&[OTHER, "wd:Q1"]))})),
            vec![
                part_rule("dependent-target-not-on-page", HOST, "Offices", OTHER, 0),
                part_rule("dependent-target-not-on-page", HOST, "Offices", "wd:Q1", 1),
            ],
        ),
        (
            "relation to dependent",
            page(
                Some(HOST),
                json!({HOST: company(json!({
            "Offices": {"propertyType": "relation", "value": rels(&[DEP])},
            "Friend": {"propertyType": "relation", "value": rels(&[DEP])},
            "Undeclared": {"propertyType": "relation", "value": rels(&[OTHER, DEP])}
        })), DEP: office(json!({}))}),
            ),
            vec![
                part_rule("relation-to-dependent-subject", HOST, "Friend", DEP, 0),
                part_rule("relation-to-dependent-subject", HOST, "Undeclared", DEP, 1),
                own_rule("dependent-subject-referenced-twice", DEP),
            ],
        ),
        (
            "dependent is main",
            page(Some(DEP), json!({HOST: company(offices(&[DEP])), DEP: office(json!({}))})),
            vec![own_rule("dependent-subject-is-main", DEP)],
        ),
        (
            "dependent has label",
            page(Some(HOST), json!({HOST: company(offices(&[DEP])), DEP: {"label": "x", "schema": "Office"}})),
            vec![own_rule("dependent-subject-has-label", DEP)],
        ),
        (
            "without host",
            page(
                None,
                json!({DEP: office(json!({"Rooms": {"propertyType": "relation", "value": rels(&[DEP2])}})), DEP2: office(json!({}))}),
            ),
            vec![own_rule("dependent-subject-without-host", DEP), own_rule("dependent-subject-without-host", DEP2)],
        ),
    ];
    for (name, p, want) in cases {
        assert_eq!(codes(&p), want, "{name}");
    }
}

#[test]
fn relations_to_subjects_on_other_pages() {
    let r = |n: &str| SchemaRef::Local(Title::new(n).unwrap());
    let elsewhere = HashMap::from([
        (id(OTHER), r("Office")),
        (id("s1other0000000b"), r("Company")),
        (id("s1other0000000c"), r("Missing")),
    ]);
    let friends = |targets: &[&str]| {
        page(
            Some(HOST),
            json!({HOST: company(json!({
                "Friend": {"propertyType": "relation", "value": rels(targets)},
                "Undeclared": {"propertyType": "relation", "value": rels(targets)}
            }))}),
        )
    };
    let cases = [
        (
            "a dependent target elsewhere",
            friends(&[OTHER]),
            vec![
                part_rule("relation-to-dependent-subject", HOST, "Friend", OTHER, 0),
                part_rule("relation-to-dependent-subject", HOST, "Undeclared", OTHER, 0),
            ],
        ),
        ("a standalone target elsewhere", friends(&["s1other0000000b"]), vec![]),
        ("a target whose Schema does not load", friends(&["s1other0000000c"]), vec![]),
        ("a target the index does not know", friends(&["s1other0000000d"]), vec![]),
        ("a foreign target", friends(&["wd:Q1"]), vec![]),
        (
            "a dependent property to a dependent Subject elsewhere",
            page(Some(HOST), json!({HOST: company(offices(&[OTHER]))})),
            vec![part_rule("dependent-target-not-on-page", HOST, "Offices", OTHER, 0)],
        ),
    ];
    for (name, p, want) in cases {
        assert_eq!(codes_with(&p, &elsewhere), want, "{name}");
    }
}

#[test]
fn reached_and_unreached_dependents() {
    let mut p = page(
        Some(HOST),
        json!({
            HOST: company(offices(&[DEP])),
            DEP: office(json!({"Rooms": {"propertyType": "relation", "value": rels(&[DEP2])}})),
            DEP2: office(json!({})),
            "s1dep000000000c": office(json!({}))
        }),
    );
    assert_eq!(reached_dependents(&p, &schemas()), [id(DEP), id(DEP2)].into_iter().collect());
    assert_eq!(dependents_reached_from(&p, &id(HOST), &schemas()), vec![id(DEP), id(DEP2)]);
    assert_eq!(dependents_reached_from(&p, &id(DEP), &schemas()), vec![id(DEP2)]);
    assert_eq!(remove_unreached_dependents(&mut p, &schemas()), vec![id("s1dep000000000c")]);
    assert_eq!(p.subjects.len(), 3);
}

#[test]
fn dropping_the_relation_removes_the_dependent_chain() {
    let mut p = page(
        Some(HOST),
        json!({
            HOST: company(json!({})),
            DEP: office(json!({"Rooms": {"propertyType": "relation", "value": rels(&[DEP2])}})),
            DEP2: office(json!({}))
        }),
    );
    assert_eq!(remove_unreached_dependents(&mut p, &schemas()), vec![id(DEP), id(DEP2)]);
    assert_eq!(p.subjects.keys().collect::<Vec<_>>(), vec![&id(HOST)]);
}

#[test]
fn deleting_a_subject_removes_its_dependents() {
    let mut p =
        page(Some(HOST), json!({HOST: company(offices(&[DEP])), DEP: office(json!({})), OTHER: company(json!({}))}));
    assert_eq!(delete_subject(&mut p, &id(HOST), &schemas()), vec![id(HOST), id(DEP)]);
    assert_eq!(p.main_subject, None);
    assert_eq!(p.subjects.keys().collect::<Vec<_>>(), vec![&id(OTHER)]);
    assert_eq!(delete_subject(&mut p, &id(HOST), &schemas()), Vec::<SubjectId>::new());
}

#[test]
fn deleting_a_dependent_removes_the_relation_and_an_emptied_statement() {
    let mut p = page(
        Some(HOST),
        json!({HOST: company(offices(&[DEP, DEP2])), DEP: office(json!({})), DEP2: office(json!({}))}),
    );
    assert_eq!(delete_subject(&mut p, &id(DEP), &schemas()), vec![id(DEP)]);
    assert_eq!(
        p.subjects[&id(HOST)].statements["Offices"].value.to_json(),
        json!([{"id": "r1demo1aaaaar01", "target": DEP2}])
    );
    assert_eq!(delete_subject(&mut p, &id(DEP2), &schemas()), vec![id(DEP2)]);
    assert!(!p.subjects[&id(HOST)].statements.contains_key("Offices"), "the only value gone: the Statement is removed");
    assert_eq!(remove_relations_to(&mut p, &id(DEP)), Vec::<SubjectId>::new());
}
