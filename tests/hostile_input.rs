//! Malformed input of every kind gives an error or a lenient result, never a panic.

use serde_json::{json, Value};
use std::collections::HashMap;
use strata::domain::ids::SubjectRef;
use strata::domain::ids::{IdMinter, SourceKey};
use strata::domain::schema::{Schema, SchemaRef};
use strata::domain::title::Title;
use strata::json::{Arena, Json};
use strata::normalize::{normalize_content, read_page_content, read_page_content_str, Context, WriteContext};
use strata::types::ReadSchema;
use strata::validation::dependents::validate_page_dependents;
use strata::validation::{validate_subject, SubjectInput};

fn deep(depth: usize) -> Value {
    (0..depth).fold(json!("bottom"), |acc, i| if i % 2 == 0 { json!([acc]) } else { json!({"k": acc}) })
}

/// Values of every JSON type, including extremes.
fn wrong_types() -> Vec<Value> {
    vec![
        Value::Null,
        json!(true),
        json!(0),
        json!(-1),
        json!(u64::MAX),
        json!(i64::MIN),
        json!(1.7976931348623157e308),
        json!(""),
        json!("\u{0}\u{FFFF}𝕏"),
        json!("x".repeat(100_000)),
        json!([]),
        json!([null, 1, "a", {}]),
        json!({}),
        json!({"": null}),
        deep(500),
    ]
}

/// Page content with `hole` placed at each level: page, subjects map, Subject, statements map,
/// Statement, value, and value part of each value shape.
fn hostile_pages() -> Vec<Value> {
    let id = "s1demo1aaaaaaa1";
    let mut pages = Vec::new();
    for hole in wrong_types() {
        let h = || hole.clone();
        pages.push(h());
        pages.push(json!({"mainSubject": h(), "subjects": h()}));
        pages.push(json!({"subjects": {id: h()}}));
        pages.push(json!({"subjects": {id: {"schema": h(), "label": h(), "statements": h()}}}));
        pages.push(json!({"subjects": {id: {"schema": "P", "statements": {"p": h()}}}}));
        for t in [
            "text",
            "url",
            "select",
            "date",
            "dateTime",
            "number",
            "boolean",
            "relation",
            "monolingualText",
            "email",
            "",
        ] {
            pages.push(
                json!({"subjects": {id: {"schema": "P", "statements": {"p": {"propertyType": t, "value": h()}}}}}),
            );
            pages.push(
                json!({"subjects": {id: {"schema": "P", "statements": {"p": {"propertyType": t, "value": [h()]}}}}}),
            );
            pages.push(json!({"subjects": {id: {"schema": "P", "statements": {"p": {"propertyType": t, "value": [
                {"id": h(), "target": h(), "properties": h(), "text": h(), "language": h(), "label": h()}
            ]}}}}}));
        }
        pages.push(
            json!({"subjects": {id: {"schema": "P", "statements": {"p": {"propertyType": h(), "value": ["a"]}}}}}),
        );
    }
    pages
}

/// A Schema `P` whose property `p` has each registered and one unregistered type, with every Constraint.
fn schemas_of_every_type(own: &SourceKey) -> Vec<HashMap<SchemaRef, Schema>> {
    let strict = json!({"severity": "error"});
    [
        json!({"type": "text", "required": strict, "multiple": true, "uniqueItems": true, "minLength": 2, "maxLength": 3}),
        json!({"type": "monolingualText", "uniqueItems": true, "minLength": 2, "maxLength": 3}),
        json!({"type": "url", "uniqueItems": true}),
        json!({"type": "number", "minimum": -1, "maximum": 1.5}),
        json!({"type": "select", "options": [{"id": "a", "label": "A"}]}),
        json!({"type": "relation", "targetSchemas": ["P"]}),
        json!({"type": "boolean", "required": true}),
        json!({"type": "date", "minimum": "2000-01-01", "maximum": "2001-01-01"}),
        json!({"type": "dateTime", "minimum": "2000-01-01T00:00:00Z"}),
        json!({"type": "email", "required": true}),
    ]
    .into_iter()
    .map(|def| {
        let schema = Schema::from_json(&json!({"propertyDefinitions": {"p": def}}), own).unwrap();
        HashMap::from([(SchemaRef::Local(Title::new("P").unwrap()), schema)])
    })
    .collect()
}

#[test]
fn hostile_json_never_panics() {
    let own = SourceKey::parse("local").unwrap();
    let mut minter = IdMinter::new();
    let mut all_schemas = schemas_of_every_type(&own);
    all_schemas.push(HashMap::new());
    let no_targets = HashMap::<SubjectRef, SchemaRef>::new();
    for page in hostile_pages() {
        let read = read_page_content(&Json::from_value(&page, &Arena::new()), &Context { own_source: &own });
        for schemas in &all_schemas {
            for (id, subject) in &read.subjects {
                let _ = validate_subject(
                    SubjectInput { id, subject: &subject.view(&bumpalo::Bump::new()), is_main: false },
                    schemas,
                    &no_targets,
                );
            }
            let _ = validate_page_dependents(&read, schemas, &Default::default());
            let mut ctx = WriteContext { own_source: &own, minter: &mut minter, now_ms: u64::MAX };
            if let Ok(content) = normalize_content(&Json::from_value(&page, &Arena::new()), schemas, &mut ctx) {
                let _ = content.to_json();
            }
        }
    }
    for text in ["", "{", "1e400", "[[[[[[", "\"\\ud800\"", &"[".repeat(10_000)] {
        assert!(read_page_content_str(text, &Context { own_source: &own }).subjects.is_empty());
    }
}
