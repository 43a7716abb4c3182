//! One table of cases per normalization rule.

use super::*;
use crate::domain::ids::{IdMinter, SourceKey};
use crate::domain::schema::Schema;
use crate::json::{Arena, Json};
use crate::types::ReadSchema;
use serde_json::{json, Value};

fn own() -> SourceKey {
    SourceKey::parse("local").unwrap()
}

fn schema() -> Schema {
    Schema::from_json(
        &json!({"propertyDefinitions": {
            "Status": {"type": "select", "options": [{"id": "o1", "label": "Draft"}, {"id": "o2", "label": " Review "}]},
            "Name": {"type": "text"},
            "Count": {"type": "number"}
        }}),
        &own(),
    )
    .unwrap()
}

/// Normalizes `{"S": statement}` as a Subject body: the stored value, `None` when dropped, or the error.
fn write_one(statement: Value) -> Result<Option<Value>, NormalizeError> {
    let own = own();
    let mut minter = IdMinter::new();
    let mut ctx = WriteContext { own_source: &own, minter: &mut minter, now_ms: 1_700_000_000_000 };
    let body = normalize_subject_body(
        &Json::from_value(&json!({"statements": {"Status": statement}}), &Arena::new()),
        Some(&schema()),
        None,
        &mut ctx,
    )?;
    Ok(body.statements.get("Status").map(|s| s.value.to_json()))
}

fn stored(t: &str, value: Value) -> Option<Value> {
    write_one(json!({"propertyType": t, "value": value})).unwrap_or_else(|e| panic!("{t} {e}"))
}

fn refused(t: &str, value: Value) -> NormalizeErrorKind {
    match write_one(json!({"propertyType": t, "value": value})) {
        Err(e) => e.kind,
        Ok(v) => panic!("{t}: expected an error, stored {v:?}"),
    }
}

#[test]
fn entries_without_type_or_mapped_to_null_are_dropped() {
    assert_eq!(write_one(json!({"value": ["a"]})).unwrap(), None);
    assert_eq!(write_one(json!({"propertyType": null, "value": ["a"]})).unwrap(), None);
    assert_eq!(write_one(Value::Null).unwrap(), None);
    assert_eq!(write_one(json!({"propertyType": 5, "value": ["a"]})).unwrap_err().kind, NormalizeErrorKind::ValueShape);
    assert_eq!(write_one(json!("text")).unwrap_err().kind, NormalizeErrorKind::ValueShape);
}

#[test]
fn empty_values_drop_the_statement() {
    for (t, v) in [
        ("text", json!([])),
        ("text", json!(["", "  \n"])),
        ("url", json!(["  "])),
        ("select", json!([" "])),
        ("date", json!([""])),
        ("dateTime", json!(["\t"])),
        ("relation", json!([])),
        ("relation", json!([{"target": "  "}])),
        ("monolingualText", json!([{"text": " ", "language": "en"}])),
        ("number", Value::Null),
        ("boolean", Value::Null),
        ("text", Value::Null),
        ("phoneNumber", Value::Null),
    ] {
        assert_eq!(stored(t, v.clone()), None, "{t} {v}");
    }
}

#[test]
fn string_parts_text_as_written_others_trimmed() {
    for (t, v, want) in [
        ("text", json!(["  a ", " ", "b"]), json!(["  a ", "b"])),
        ("url", json!([" https://x.org ", ""]), json!(["https://x.org"])),
        ("date", json!([" 2024-01-01 "]), json!(["2024-01-01"])),
        ("dateTime", json!(["2024-01-01T00:00:00Z "]), json!(["2024-01-01T00:00:00Z"])),
        ("date", json!(["not a date"]), json!(["not a date"])),
    ] {
        assert_eq!(stored(t, v.clone()), Some(want), "{t} {v}");
    }
}

#[test]
fn monolingual_text_is_trimmed_and_tags_lowercased() {
    for (v, want) in [
        (json!([{"text": " Hallo ", "language": "de-CH"}]), json!([{"text": "Hallo", "language": "de-ch"}])),
        (
            json!([{"text": "", "language": "not a tag!"}, {"text": "x", "language": "en"}]),
            json!([{"text": "x", "language": "en"}]),
        ),
        (
            json!([{"text": "a", "language": "en"}, {"text": "a", "language": "en"}]),
            json!([{"text": "a", "language": "en"}, {"text": "a", "language": "en"}]),
        ),
    ] {
        assert_eq!(stored("monolingualText", v.clone()), Some(want), "{v}");
    }
    assert_eq!(
        refused("monolingualText", json!([{"text": "a", "language": "en_US"}])),
        NormalizeErrorKind::InvalidLanguageTag
    );
    for bad in [
        json!([{"text": "a"}]),
        json!([{"language": "en"}]),
        json!(["a"]),
        json!([{"text": "a", "language": "en", "x": 1}]),
        json!({"text": "a", "language": "en"}),
    ] {
        assert_eq!(refused("monolingualText", bad.clone()), NormalizeErrorKind::ValueShape, "{bad}");
    }
}

#[test]
fn shapes_that_do_not_fit_their_type_are_refused() {
    for (t, v) in [
        ("text", json!("a")),
        ("text", json!([1])),
        ("url", json!([null])),
        ("number", json!("5")),
        ("number", json!([5])),
        ("boolean", json!("true")),
        ("boolean", json!(0)),
        ("relation", json!(["s1demo1aaaaaaa1"])),
        ("relation", json!([{"id": "r1demo1aaaaaar1"}])),
        ("relation", json!([{"target": 5}])),
        ("relation", json!([{"target": "nope"}])),
        ("relation", json!([{"target": "s1demo1aaaaaaa1", "id": "x"}])),
        ("relation", json!([{"target": "s1demo1aaaaaaa1", "properties": {"a": [1]}}])),
        ("relation", json!([{"target": "s1demo1aaaaaaa1", "properties": {"a": null}}])),
        ("relation", json!([{"target": "s1demo1aaaaaaa1", "properties": "a"}])),
        ("relation", json!([{"target": "s1demo1aaaaaaa1", "label": "x"}])),
        ("select", json!([5])),
        ("select", json!([{}])),
        ("select", json!([{"id": 1}])),
        ("select", json!([{"id": "o1", "color": "red"}])),
    ] {
        assert_eq!(refused(t, v.clone()), NormalizeErrorKind::ValueShape, "{t} {v}");
    }
}

#[test]
fn unregistered_types_keep_the_value_raw() {
    assert_eq!(stored("phoneNumber", json!({"any": ["shape"]})), Some(json!({"any": ["shape"]})));
    assert_eq!(stored("phoneNumber", json!("")), Some(json!("")));
}

#[test]
fn relations_get_ids_and_keep_scalar_properties() {
    let v = stored(
        "relation",
        json!([
            {"target": " local:s1demo1aaaaaaa1 "},
            {"id": "r1demo1aaaaaar1", "target": "other:Q42", "properties": {"role": "x", "n": 1, "ok": true}},
            {"target": "s1demo1aaaaaaa2", "properties": {}}
        ]),
    )
    .unwrap();
    let minted = v[0]["id"].as_str().unwrap();
    assert!(crate::domain::ids::RelationId::parse(minted).is_ok(), "{minted}");
    assert_eq!(v[0]["target"], "s1demo1aaaaaaa1");
    assert_eq!(
        v[1],
        json!({"id": "r1demo1aaaaaar1", "target": "other:Q42", "properties": {"role": "x", "n": 1, "ok": true}})
    );
    assert_eq!(v[2].get("properties"), None);
}

#[test]
fn select_write_forms_resolve_to_option_ids() {
    for (v, want) in [
        (json!(["o1"]), json!(["o1"])),
        (json!([" draft "]), json!(["o1"])),
        (json!(["REVIEW"]), json!(["o2"])),
        (json!([{"id": "o2", "label": "review"}]), json!(["o2"])),
        (json!([{"id": "o2"}]), json!(["o2"])),
        (json!([{"label": "Draft"}]), json!(["o1"])),
        (json!(["unknown"]), json!(["unknown"])),
        (json!([{"id": " ", "label": ""}, "o1"]), json!(["o1"])),
    ] {
        assert_eq!(stored("select", v.clone()), Some(want), "{v}");
    }
    for bad in [
        json!([{"id": "o1", "label": "Review"}]),
        json!([{"id": "o9", "label": "Draft"}]),
        json!([{"id": "o1", "label": "nothing"}]),
    ] {
        assert_eq!(refused("select", bad.clone()), NormalizeErrorKind::SelectDisagrees, "{bad}");
    }
}

#[test]
fn definitions_are_found_whatever_the_statement_order() {
    let own = own();
    let status = ("Status", json!({"propertyType": "select", "value": [" draft "]}));
    let name = ("Name", json!({"propertyType": "text", "value": ["n"]}));
    let count = ("Count", json!({"propertyType": "number", "value": 3}));
    let undeclared = ("Other", json!({"propertyType": "select", "value": [" draft "]}));
    let orders = [
        vec![status.clone(), name.clone(), count.clone()],
        vec![count.clone(), name.clone(), status.clone()],
        vec![name.clone(), status.clone()],
        vec![undeclared.clone(), status.clone(), count.clone()],
        vec![count.clone(), undeclared.clone(), status.clone(), name.clone()],
        vec![status.clone(), status.clone()],
    ];
    for order in orders {
        let statements: serde_json::Map<String, Value> =
            order.iter().map(|(k, v)| (k.to_string(), v.clone())).collect();
        let mut minter = IdMinter::new();
        let mut ctx = WriteContext { own_source: &own, minter: &mut minter, now_ms: 1 };
        let body = normalize_subject_body(
            &Json::from_value(&json!({"statements": statements}), &Arena::new()),
            Some(&schema()),
            None,
            &mut ctx,
        )
        .unwrap();
        let names: Vec<&str> = body.statements.keys().map(String::as_str).collect();
        assert_eq!(names, statements.keys().map(String::as_str).collect::<Vec<_>>(), "written order kept: {names:?}");
        assert_eq!(
            body.statements["Status"].value.to_json(),
            json!(["o1"]),
            "the select label resolved through its definition: {names:?}"
        );
        if let Some(other) = body.statements.get("Other") {
            assert_eq!(
                other.value.to_json(),
                json!(["draft"]),
                "an undeclared select keeps its part trimmed: {names:?}"
            );
        }
    }
}

#[test]
fn errors_name_the_subject_and_property() {
    let own = own();
    let mut minter = IdMinter::new();
    let mut ctx = WriteContext { own_source: &own, minter: &mut minter, now_ms: 1 };
    let page = json!({"subjects": {"s1demo1aaaaaaa1": {"schema": "X", "statements": {"Name": {"propertyType": "number", "value": "5"}}}}});
    let err = normalize_content(&Json::from_value(&page, &Arena::new()), &std::collections::HashMap::new(), &mut ctx)
        .unwrap_err();
    assert_eq!(err.kind, NormalizeErrorKind::ValueShape);
    assert_eq!(err.subject_id.as_ref().map(|s| s.as_str()), Some("s1demo1aaaaaaa1"));
    assert_eq!(err.property_name.as_deref(), Some("Name"));
    assert_eq!(err.to_string(), "Subject s1demo1aaaaaaa1, property \"Name\": a number value must be a number.");
    let err = write_one(json!({"propertyType": "text", "value": ["a", 3]})).unwrap_err();
    assert_eq!(err.to_string(), "Property \"Status\": value part 1: a text value part must be a string.");
}

#[test]
fn page_level_rules() {
    let own = own();
    let mut minter = IdMinter::new();
    let mut ctx = WriteContext { own_source: &own, minter: &mut minter, now_ms: 1 };
    let page = json!({
        "mainSubject": "s1demo1aaaaaaa1",
        "subjects": {
            "s1demo1aaaaaaa1": {"label": "  A  ", "schema": "person_x", "statements": {"N": null}},
            "local:s1demo1aaaaaaa2": {"schema": "P"},
            "bogus": {"schema": "P"},
            "s1demo1aaaaaaa3": null,
            "s1demo1aaaaaaa4": {"label": " ", "schema": {"source": "local", "name": "P"}}
        }
    });
    let content =
        normalize_content(&Json::from_value(&page, &Arena::new()), &std::collections::HashMap::new(), &mut ctx)
            .unwrap();
    assert_eq!(
        content.to_json(),
        json!({
            "mainSubject": "s1demo1aaaaaaa1",
            "subjects": {
                "s1demo1aaaaaaa1": {"label": "A", "schema": "Person x", "statements": {}},
                "s1demo1aaaaaaa4": {"schema": "P", "statements": {}}
            }
        })
    );
    for bad in [
        json!([]),
        json!({"mainSubject": 5}),
        json!({"mainSubject": "x"}),
        json!({"subjects": []}),
        json!({"subjects": {"s1demo1aaaaaaa1": "x"}}),
        json!({"subjects": {"s1demo1aaaaaaa1": {}}}),
        json!({"subjects": {"s1demo1aaaaaaa1": {"schema": "a|b"}}}),
        json!({"subjects": {"s1demo1aaaaaaa1": {"schema": "P", "label": 3}}}),
        json!({"subjects": {"s1demo1aaaaaaa1": {"schema": "P", "statements": []}}}),
    ] {
        assert_eq!(
            normalize_content(&Json::from_value(&bad, &Arena::new()), &std::collections::HashMap::new(), &mut ctx)
                .unwrap_err()
                .kind,
            NormalizeErrorKind::Malformed,
            "{bad}"
        );
    }
}

#[test]
fn single_statement_writes_take_the_schema_type() {
    let own = own();
    let mut minter = IdMinter::new();
    let mut ctx = WriteContext { own_source: &own, minter: &mut minter, now_ms: 1 };
    let s = schema();
    let st = normalize_statement(
        "Status",
        &Json::from_value(&json!({"value": ["Draft"]}), &Arena::new()),
        Some(&s),
        None,
        &mut ctx,
    )
    .unwrap()
    .unwrap();
    assert_eq!(st.to_json(), json!({"propertyType": "select", "value": ["o1"]}));
    let st = normalize_statement(
        "Count",
        &Json::from_value(&json!({"propertyType": "text", "value": ["7"]}), &Arena::new()),
        Some(&s),
        None,
        &mut ctx,
    )
    .unwrap()
    .unwrap();
    assert_eq!(st.property_type, "text");
    assert_eq!(
        normalize_statement(
            "Count",
            &Json::from_value(&json!({"value": null}), &Arena::new()),
            Some(&s),
            None,
            &mut ctx
        )
        .unwrap(),
        None
    );
    let err =
        normalize_statement("Nope", &Json::from_value(&json!({"value": 1}), &Arena::new()), Some(&s), None, &mut ctx)
            .unwrap_err();
    assert_eq!(err.kind, NormalizeErrorKind::UndefinedProperty);
    assert_eq!(
        normalize_statement("Count", &Json::from_value(&json!({"value": 1}), &Arena::new()), None, None, &mut ctx)
            .unwrap_err()
            .kind,
        NormalizeErrorKind::UndefinedProperty
    );
}

#[test]
fn subject_bodies_need_statements() {
    let own = own();
    let mut minter = IdMinter::new();
    let mut ctx = WriteContext { own_source: &own, minter: &mut minter, now_ms: 1 };
    let body = normalize_subject_body(
        &Json::from_value(&json!({"label": " x ", "statements": {}, "id": "ignored"}), &Arena::new()),
        None,
        None,
        &mut ctx,
    )
    .unwrap();
    assert_eq!(body, SubjectBody { label: Some("x".into()), statements: Default::default() });
    assert_eq!(
        normalize_subject_body(&Json::from_value(&json!({"label": "x"}), &Arena::new()), None, None, &mut ctx)
            .unwrap_err()
            .kind,
        NormalizeErrorKind::Malformed
    );
}

#[test]
fn reading_is_lenient_and_keeps_data() {
    let own = own();
    let ctx = Context { own_source: &own };
    let page = json!({
        "mainSubject": "not-an-id",
        "subjects": {
            "s1demo1aaaaaaa1": {"schema": "P", "label": 5, "statements": {
                "A": null,
                "B": {"value": ["x"]},
                "C": {"propertyType": "number", "value": "5"},
                "D": {"propertyType": "relation", "value": [{"target": "s1demo1aaaaaaa2"}]},
                "E": {"propertyType": "monolingualText", "value": [{"text": " x ", "language": "EN"}]},
                "F": {"propertyType": "phoneNumber", "value": "a@b"},
                "G": {"propertyType": "text", "value": ["  padded  "]}
            }},
            "other:s1demo1aaaaaaa2": {"schema": "P"},
            "s1demo1aaaaaaa3": {"schema": 7},
            "s1demo1aaaaaaa4": "x"
        }
    });
    let content = read_page_content(&Json::from_value(&page, &Arena::new()), &ctx);
    assert_eq!(
        content.to_json(),
        json!({
            "subjects": {"s1demo1aaaaaaa1": {"schema": "P", "statements": {
                "C": {"propertyType": "number", "value": "5"},
                "D": {"propertyType": "relation", "value": [{"target": "s1demo1aaaaaaa2"}]},
                "E": {"propertyType": "monolingualText", "value": [{"text": " x ", "language": "en"}]},
                "F": {"propertyType": "phoneNumber", "value": "a@b"},
                "G": {"propertyType": "text", "value": ["  padded  "]}
            }}}
        })
    );
    let subject = &content.subjects[0];
    assert!(matches!(subject.statements["C"].value, crate::domain::statement::StatementValue::Raw(_)));
    assert!(matches!(subject.statements["D"].value, crate::domain::statement::StatementValue::Raw(_)));
    assert_eq!(read_page_content_str("{not json", &ctx), PageContent::default());
}

use crate::domain::page_content::PageContent;

/// The reason a part object of a relation or monolingualText value is refused: the first key it may
/// not have, else the first field that is missing or of the wrong kind.
#[test]
fn part_objects_are_refused_for_their_first_problem() {
    let cases = [
        ("relation", json!(["x"]), "value part 0: a relation object must be an object with id, target, properties"),
        ("relation", json!([{}]), "value part 0: a relation object needs a string \"target\""),
        (
            "relation",
            json!([{"label":"x","target":5}]),
            "value part 0: a relation object has only id, target, properties, not \"label\"",
        ),
        (
            "relation",
            json!([{"target":5,"label":"x"}]),
            "value part 0: a relation object has only id, target, properties, not \"label\"",
        ),
        (
            "relation",
            json!([{"id":5,"target":"s1demo1aaaaaaa1","x":1}]),
            "value part 0: a relation object has only id, target, properties, not \"x\"",
        ),
        ("relation", json!([{"id":5}]), "value part 0: a relation object needs a string \"target\""),
        ("relation", json!([{"id":5,"target":"s1demo1aaaaaaa1"}]), "value part 0: a relation id must be a string"),
        (
            "relation",
            json!([{"target":"s1demo1aaaaaaa1"},{"target":"s1demo1aaaaaaa1","properties":[1]}]),
            "value part 1: relation properties must be an object of strings, numbers and booleans",
        ),
        (
            "relation",
            json!([{"properties":1,"target":"nope","id":"x"}]),
            "value part 0: target: invalid Subject ID \"nope\": must be 15 characters long",
        ),
        (
            "relation",
            json!([{"properties":1,"target":"s1demo1aaaaaaa1","id":"x"}]),
            "value part 0: id: invalid Relation ID \"x\": must be 15 characters long",
        ),
        (
            "relation",
            json!([{"properties":1,"target":"s1demo1aaaaaaa1"}]),
            "value part 0: relation properties must be an object of strings, numbers and booleans",
        ),
        (
            "monolingualText",
            json!([{"text":"a","language":"en","lang":"x"}]),
            "value part 0: a monolingualText part has only text, language, not \"lang\"",
        ),
        (
            "monolingualText",
            json!([{"lang":"x","text":1}]),
            "value part 0: a monolingualText part has only text, language, not \"lang\"",
        ),
        ("monolingualText", json!([{"language":"en"}]), "value part 0: a monolingualText part needs a string \"text\""),
        ("monolingualText", json!([{"text":"a"}]), "value part 0: a monolingualText part needs a string \"language\""),
        (
            "monolingualText",
            json!([{"text":"a","language":1}]),
            "value part 0: a monolingualText part needs a string \"language\"",
        ),
        (
            "monolingualText",
            json!([{"language":1,"text":2}]),
            "value part 0: a monolingualText part needs a string \"text\"",
        ),
        ("monolingualText", json!([5]), "value part 0: a monolingualText part must be an object with text, language"),
    ];
    for (t, value, want) in cases {
        let got = write_one(json!({"propertyType": t, "value": value})).expect_err("refused").reason;
        assert_eq!(got, want, "{t} {value}");
    }
}

/// An empty text drops a monolingual part before its language is looked at; blank targets drop a relation.
#[test]
fn blank_parts_are_dropped_before_their_other_fields_are_read() {
    assert_eq!(stored("monolingualText", json!([{"text": " ", "language": 5}])), None);
    assert_eq!(stored("relation", json!([{"target": " ", "id": 5, "properties": 1}])), None);
}

/// A normalized Statement names a registered type with the registry's own text (no copy, compared
/// by address in validation), and keeps an unregistered type's name and value as written.
#[test]
fn type_names_are_the_registrys_and_raw_values_stay_as_written() {
    let own = own();
    let mut minter = IdMinter::new();
    let mut ctx = WriteContext { own_source: &own, minter: &mut minter, now_ms: 1 };
    let write = json!({"statements": {"A": {"propertyType": "text", "value": ["a"]}, "B": {"propertyType": "phone", "value": {"n": [1, "2"]}}}});
    let body = normalize_subject_body(&Json::from_value(&write, &Arena::new()), None, None, &mut ctx).unwrap();
    let text = &body.statements["A"].property_type;
    assert!(
        matches!(text, std::borrow::Cow::Borrowed(t) if t.as_ptr() == crate::types::lookup("text").unwrap().name().as_ptr()),
        "{text:?}"
    );
    assert!(matches!(&body.statements["B"].property_type, std::borrow::Cow::Owned(t) if t == "phone"));
    assert_eq!(body.statements["B"].value, crate::domain::statement::StatementValue::Raw(json!({"n": [1, "2"]})));
}
