//! `domain::page_diff` on page contents read as a host stores them (the lenient read of
//! `normalize`, a layer above `domain`, hence a test of its own): each kind of change per Subject and
//! Statement, and the main Subject followed.

use serde_json::{json, Value};
use strata::domain::ids::SourceKey;
use strata::domain::page_content::PageContent;
use strata::domain::page_diff::{diff_pages, Change, Pair};
use strata::normalize::{read_page_content_str, Context};

fn content(v: Value) -> PageContent {
    read_page_content_str(&v.to_string(), &Context { own_source: &SourceKey::parse("local").unwrap() })
}

fn text(v: &str) -> Value {
    json!({"propertyType": "text", "value": [{"text": v, "language": "en"}]})
}

const A: &str = "s1diffaaaaaaaa1";
const B: &str = "s1diffaaaaaaaa2";
const C: &str = "s1diffaaaaaaaa3";

#[test]
fn each_kind_of_change_is_named_per_subject_and_statement() {
    let old = content(json!({"mainSubject": A, "subjects": {
        A: {"schema": "Person", "label": "Ann", "statements": {"Born": text("1900"), "Died": text("1950"), "Same": text("x")}},
        B: {"schema": "Person", "statements": {"Born": text("1800")}},
    }}));
    let new = content(json!({"mainSubject": A, "subjects": {
        A: {"schema": "Person", "label": "Anna", "statements": {"Born": text("1901"), "Same": text("x"), "Bio": text("b")}},
        C: {"schema": "City", "statements": {}},
    }}));
    let diff = diff_pages(&old, &new);
    assert_eq!(diff.main_subject, None);
    let kinds: Vec<(&str, Change)> = diff.subjects.iter().map(|s| (s.id.as_str(), s.change)).collect();
    assert_eq!(kinds, [(A, Change::Changed), (C, Change::Added), (B, Change::Removed)]);
    let a = &diff.subjects[0];
    assert_eq!(a.label, Some(Pair { old: Some("Ann".into()), new: Some("Anna".into()) }));
    assert_eq!(a.schema, None);
    let statements: Vec<(&str, Change)> = a.statements.iter().map(|s| (s.property.as_str(), s.change)).collect();
    assert_eq!(
        statements,
        [("Born", Change::Changed), ("Bio", Change::Added), ("Died", Change::Removed)],
        "an unchanged Statement is left out"
    );
    assert_eq!(a.statements[0].old, json!([{"text": "1900", "language": "en"}]));
    assert_eq!(a.statements[2].new, Value::Null);
    assert_eq!(diff.subjects[2].statements[0].change, Change::Removed, "a removed Subject's Statements are removed");
}

#[test]
fn no_change_is_an_empty_diff_and_the_main_subject_is_followed() {
    let page =
        content(json!({"mainSubject": A, "subjects": {A: {"schema": "Person", "statements": {"Born": text("1900")}}}}));
    assert!(diff_pages(&page, &page).is_empty());
    let moved = content(json!({"subjects": {A: {"schema": "Person", "statements": {"Born": text("1900")}}}}));
    let diff = diff_pages(&page, &moved);
    assert_eq!(diff.main_subject, Some(Pair { old: Some(A.to_owned()), new: None }));
    assert!(diff.subjects.is_empty());
    assert_eq!(diff_pages(&PageContent::default(), &page).subjects[0].change, Change::Added);
}
