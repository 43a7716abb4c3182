//! A rebuild batch read from its request text (`batch_request`) and projected (`rebuild`): the forms a
//! page's slot may take, and the refusals of a text that is not a batch. A module of its own because
//! it uses both, and `rebuild` uses `batch_request`.

use super::batch_request::BatchRequest;
use super::rebuild::project_batch;
use crate::json::Arena;
use serde_json::{json, Value};

fn request(slot: Value) -> String {
    let slot_of =
        |id: &str| json!({"mainSubject": id, "subjects": {id: {"label": "Ada", "schema": "Person", "statements": {}}}});
    json!({"name": "graph", "store": {"type": "falkordb"}, "rdfBaseUri": "https://w.example", "start": true, "schemas": {},
        "pages": [
            {"pageId": 1, "namespace": 0, "title": "One", "subjectSlot": slot_of("s1aaaaaaaaaaaaa")},
            {"pageId": 2, "namespace": 0, "title": "Two", "subjectSlot": slot},
            {"pageId": 3, "namespace": 0, "title": "Three", "subjectSlot": slot_of("s1ccccccccccccc").to_string()},
        ]})
    .to_string()
}

fn answer(text: &str) -> Result<Value, String> {
    let arena = Arena::new();
    let request = BatchRequest::read(text, &arena).map_err(|e| e.to_string())?;
    Ok(serde_json::to_value(project_batch(&request)?).unwrap())
}

/// A slot is the same page whether it comes as JSON or as a JSON string; a string that is not
/// JSON, and no slot, read as a page without Subjects.
#[test]
fn a_slot_as_json_or_as_a_string_is_the_same_page() {
    let slot = json!({"subjects": {"s1bbbbbbbbbbbbb": {"label": "Bo", "schema": "Person", "statements": {}}}});
    let as_json = answer(&request(slot.clone())).unwrap();
    assert_eq!(answer(&request(Value::String(slot.to_string()))).unwrap(), as_json);
    assert_eq!(as_json["projected"], json!(3));
    assert!(as_json["statements"].to_string().contains("s1bbbbbbbbbbbbb"));
    for empty in [json!("{not JSON"), Value::Null, json!({})] {
        let without = answer(&request(empty.clone())).unwrap();
        assert_eq!(without["projected"], json!(2), "{empty}");
        assert!(!without["statements"].to_string().contains("s1bbbbbbbbbbbbb"));
    }
}

#[test]
fn a_request_that_is_not_a_batch_is_refused_with_where() {
    let cases = [
        ("[]", "expected an object"),
        (r#"{"name": "g", "store": {"type": "falkordb"}, "rdfBaseUri": "x", "pages": {}}"#, "pages: expected an array"),
        (
            r#"{"name": "g", "store": {"type": "falkordb"}, "rdfBaseUri": "x", "pages": [{"namespace": 0, "title": "T"}]}"#,
            "pages[0]: missing field `pageId`",
        ),
        (r#"{"store": {"type": "falkordb"}, "rdfBaseUri": "x"}"#, "missing field `name`"),
        (r#"{"name": "g", "pages": [{"subjectSlot": {"a": 1}, "x"#, "EOF while parsing"),
    ];
    for (text, error) in cases {
        let refused = answer(text).unwrap_err();
        assert!(refused.contains(error), "{text}: {refused}");
    }
}
