//! A table of cases per validation code: valid and invalid values, args, `valuePartIndex`, and
//! severity taken from the Constraint or fixed by the code.

use super::*;
use crate::domain::ids::{SourceKey, SubjectRef};
use crate::domain::schema::{Schema, SchemaRef};
use crate::domain::subject::Subject;
use crate::domain::title::Title;
use crate::json::{Arena, Json};
use crate::normalize::{read_statement, Context};
use crate::types::ReadSchema;
use bumpalo::Bump;
use serde_json::{json, Value};
use std::collections::HashMap;

pub(super) const ME: &str = "s1demo1aaaaaaa1";
const PERSON: &str = "s1person000000a";
const PRODUCT: &str = "s1product00000a";

fn own() -> SourceKey {
    SourceKey::parse("local").unwrap()
}

fn local_schema(name: &str) -> SchemaRef {
    SchemaRef::Local(Title::new(name).unwrap())
}

/// Known targets: a Person and a Product here, `wd:Q42` elsewhere; the source `ghost` is unknown.
struct Targets;

impl SubjectLookup for Targets {
    fn target(&self, target: &SubjectRef) -> TargetLookup {
        match target.to_string().as_str() {
            PERSON => TargetLookup::Found { schema: local_schema("Person") },
            PRODUCT => TargetLookup::Found { schema: local_schema("Product") },
            "wd:Q42" => TargetLookup::Found {
                schema: SchemaRef::Foreign {
                    source: SourceKey::parse("wd").unwrap(),
                    name: Title::new("Item").unwrap(),
                },
            },
            t if t.starts_with("ghost:") => TargetLookup::UnknownSource,
            _ => TargetLookup::NotFound,
        }
    }
}

pub(super) fn subject(schema: &str, label: Option<&str>, statements: Value) -> Subject {
    let own = own();
    let ctx = Context { own_source: &own };
    let statements = statements
        .as_object()
        .unwrap()
        .iter()
        .map(|(k, v)| (k.clone(), read_statement(&Json::from_value(v, &Arena::new()), &ctx).unwrap()))
        .collect();
    Subject { label: label.map(str::to_owned), schema: local_schema(schema), statements }
}

fn schemas(defs: Value) -> HashMap<SchemaRef, Schema> {
    HashMap::from([(local_schema("T"), Schema::from_json(&json!({"propertyDefinitions": defs}), &own()).unwrap())])
}

/// The violations of the main Subject `ME` of Schema `T` with property `p` defined by `def`.
fn run(def: Value, statements: Value) -> Vec<Value> {
    let s = subject("T", None, statements);
    let id = SubjectId::parse(ME).unwrap();
    let arena = Bump::new();
    let view = s.view(&arena);
    validate_subject(SubjectInput { id: &id, subject: &view, is_main: true }, &schemas(json!({"p": def})), &Targets)
        .iter()
        .map(Violation::to_json)
        .collect()
}

fn st(t: &str, value: Value) -> Value {
    json!({"p": {"propertyType": t, "value": value}})
}

fn v(code: &str, args: Value, severity: &str, part: Option<usize>) -> Value {
    let mut o = json!({"propertyName": "p", "code": code, "args": args, "severity": severity});
    if let Some(i) = part {
        o["valuePartIndex"] = json!(i);
    }
    o
}

/// Runs a table of (definition, Statement value of the definition's type, expected violations).
fn table(t: &str, cases: Vec<(Value, Value, Vec<Value>)>) {
    for (def, value, want) in cases {
        let got = run(def.clone(), st(t, value.clone()));
        assert_eq!(got, want, "type {t}, definition {def}, value {value}");
    }
}

#[test]
fn required() {
    let req = json!({"type": "text", "required": true});
    let req_err = json!({"type": "text", "required": {"severity": "error"}});
    assert_eq!(run(req.clone(), json!({})), vec![v("required", json!([]), "warning", None)]);
    assert_eq!(run(req_err.clone(), json!({})), vec![v("required", json!([]), "error", None)]);
    assert_eq!(run(json!({"type": "text"}), json!({})), Vec::<Value>::new());
    for (t, def, empty, full) in [
        ("text", req.clone(), json!(["  "]), json!(["a"])),
        ("date", json!({"type": "date", "required": true}), json!([" "]), json!(["2024-01-01"])),
        ("dateTime", json!({"type": "dateTime", "required": true}), json!([""]), json!(["2024-01-01T00:00:00Z"])),
        ("url", json!({"type": "url", "required": true}), json!([]), json!(["a.org"])),
        (
            "select",
            json!({"type": "select", "required": true, "options": [{"id": "o", "label": "O"}]}),
            json!([]),
            json!(["o"]),
        ),
        (
            "monolingualText",
            json!({"type": "monolingualText", "required": true}),
            json!([]),
            json!([{"text": "a", "language": "en"}]),
        ),
        (
            "relation",
            json!({"type": "relation", "required": true, "targetSchemas": ["Person"]}),
            json!([]),
            json!([{"id": "r1demo1aaaaaar1", "target": PERSON}]),
        ),
        ("number", json!({"type": "number", "required": true}), json!("not a number"), json!(0)),
        ("boolean", json!({"type": "boolean", "required": true}), Value::Null, json!(false)),
    ] {
        assert_eq!(
            run(def.clone(), st(t, empty.clone())),
            vec![v("required", json!([]), "warning", None)],
            "{t} {empty}"
        );
        assert_eq!(run(def, st(t, full.clone())), Vec::<Value>::new(), "{t} {full}");
    }
}

#[test]
fn type_mismatch_suppresses_everything_else() {
    let def = json!({"type": "number", "required": {"severity": "error"}, "minimum": 5});
    let want = vec![v("type-mismatch", json!(["text", "number"]), "error", None)];
    assert_eq!(run(def.clone(), st("text", json!(["1"]))), want);
    assert_eq!(run(def.clone(), st("text", json!([]))), want);
    assert_eq!(
        run(def, st("phoneNumber", json!("a@b"))),
        vec![v("type-mismatch", json!(["phoneNumber", "number"]), "error", None)]
    );
}

#[test]
fn unregistered_type() {
    let want = vec![v("unregistered-type", json!(["phoneNumber"]), "warning", None)];
    assert_eq!(run(json!({"type": "phoneNumber"}), st("phoneNumber", json!("a@b"))), want);
    assert_eq!(
        run(json!({"type": "phoneNumber"}), st("text", json!(["a"]))),
        want,
        "the Schema's unregistered type wins over a mismatch"
    );
    assert_eq!(
        run(json!({"type": "phoneNumber", "required": {"severity": "error"}}), json!({})),
        want,
        "reported instead of required"
    );
    assert_eq!(
        run(json!({"type": "phoneNumber"}), json!({})),
        Vec::<Value>::new(),
        "no Statement and not required: nothing"
    );
}

#[test]
fn invalid_url() {
    table(
        "url",
        vec![
            (json!({"type": "url"}), json!(["https://a.org", "a.org/x?y#z"]), vec![]),
            (
                json!({"type": "url", "multiple": true}),
                json!(["https://a.org", "ftp://a.org", "not a url"]),
                vec![v("invalid-url", json!([]), "error", Some(1)), v("invalid-url", json!([]), "error", Some(2))],
            ),
        ],
    );
}

#[test]
fn invalid_email() {
    table(
        "email",
        vec![
            (json!({"type": "email"}), json!(["ada@example.org"]), vec![]),
            (
                json!({"type": "email", "multiple": true}),
                json!(["ada@example.org", "ada(at)example.org", " ", "a@b@c"]),
                vec![v("invalid-email", json!([]), "error", Some(1)), v("invalid-email", json!([]), "error", Some(3))],
            ),
            (
                json!({"type": "email", "uniqueItems": true}),
                json!(["a@x.org", " a@x.org"]),
                vec![v("unique", json!([]), "warning", None)],
            ),
            (json!({"type": "email", "required": true}), json!([" "]), vec![v("required", json!([]), "warning", None)]),
        ],
    );
}

#[test]
fn invalid_time() {
    table(
        "time",
        vec![
            (json!({"type": "time"}), json!(["09:30"]), vec![]),
            (
                json!({"type": "time", "multiple": true}),
                json!(["09:30:15.5", "9:30", " ", "25:00"]),
                vec![v("invalid-time", json!([]), "error", Some(1)), v("invalid-time", json!([]), "error", Some(3))],
            ),
            (
                json!({"type": "time", "uniqueItems": true}),
                json!(["10:00", " 10:00"]),
                vec![v("unique", json!([]), "warning", None)],
            ),
            (json!({"type": "time", "required": true}), json!([" "]), vec![v("required", json!([]), "warning", None)]),
        ],
    );
}

#[test]
fn unique() {
    table(
        "text",
        vec![
            (json!({"type": "text", "multiple": true, "uniqueItems": true}), json!(["a", "b"]), vec![]),
            (
                json!({"type": "text", "multiple": true, "uniqueItems": true}),
                json!(["a", "b", " a"]),
                vec![v("unique", json!([]), "warning", None)],
            ),
            (
                json!({"type": "text", "uniqueItems": {"severity": "error"}}),
                json!(["a", "a"]),
                vec![v("unique", json!([]), "error", None)],
            ),
            (json!({"type": "text", "multiple": true}), json!(["a", "a"]), vec![]),
        ],
    );
    table(
        "url",
        vec![(
            json!({"type": "url", "multiple": true, "uniqueItems": true}),
            json!(["a.org", "a.org"]),
            vec![v("unique", json!([]), "warning", None)],
        )],
    );
    table(
        "monolingualText",
        vec![
            (
                json!({"type": "monolingualText", "multiple": true, "uniqueItems": true}),
                json!([{"text": "a", "language": "en"}, {"text": "a", "language": "de"}]),
                vec![],
            ),
            (
                json!({"type": "monolingualText", "multiple": true, "uniqueItems": true}),
                json!([{"text": "a", "language": "en"}, {"text": "a", "language": "EN"}]),
                vec![v("unique", json!([]), "warning", None)],
            ),
        ],
    );
}

#[test]
fn min_and_max_length() {
    table(
        "text",
        vec![
            (json!({"type": "text", "minLength": 2, "maxLength": 3}), json!(["ab"]), vec![]),
            (
                json!({"type": "text", "minLength": 2, "maxLength": 3, "multiple": true}),
                json!(["  a  ", "abcd", "", "éèê"]),
                vec![v("min-length", json!([2]), "warning", Some(0)), v("max-length", json!([3]), "warning", Some(1))],
            ),
            (json!({"type": "text", "minLength": {"value": 5, "severity": "error"}}), json!(["👍👍👍👍👍"]), vec![]),
            (
                json!({"type": "text", "minLength": {"value": 5, "severity": "error"}}),
                json!(["👍"]),
                vec![v("min-length", json!([5]), "error", Some(0))],
            ),
        ],
    );
    table(
        "monolingualText",
        vec![(
            json!({"type": "monolingualText", "maxLength": {"value": 1, "severity": "error"}, "multiple": true}),
            json!([{"text": "a", "language": "en"}, {"text": "ab", "language": "en"}]),
            vec![v("max-length", json!([1]), "error", Some(1))],
        )],
    );
}

#[test]
fn min_and_max_value() {
    table(
        "number",
        vec![
            (json!({"type": "number", "minimum": 0, "maximum": 10}), json!(0), vec![]),
            (json!({"type": "number", "minimum": 0, "maximum": 10}), json!(10), vec![]),
            (
                json!({"type": "number", "minimum": 0, "maximum": 10}),
                json!(-0.5),
                vec![v("min-value", json!([0]), "warning", None)],
            ),
            (
                json!({"type": "number", "maximum": {"value": 1.5, "severity": "error"}}),
                json!(2),
                vec![v("max-value", json!([1.5]), "error", None)],
            ),
            (json!({"type": "number", "maximum": 9007199254740993u64}), json!(9007199254740993u64), vec![]),
            (
                json!({"type": "number", "maximum": 9007199254740992u64}),
                json!(9007199254740993u64),
                vec![v("max-value", json!([9007199254740992u64]), "warning", None)],
            ),
        ],
    );
    table(
        "date",
        vec![
            (
                json!({"type": "date", "minimum": "2020-01-01", "maximum": "2030-12-31"}),
                json!(["2020-01-01", "2030-12-31"]),
                vec![],
            ),
            (
                json!({"type": "date", "minimum": "2020-01-01", "maximum": {"value": "2030-12-31", "severity": "error"}}),
                json!(["2019-12-31", "2031-01-01", "2000-01-01"]),
                vec![
                    v("min-value", json!(["2020-01-01"]), "warning", None),
                    v("max-value", json!(["2030-12-31"]), "error", None),
                ],
            ),
        ],
    );
    table(
        "dateTime",
        vec![
            (
                json!({"type": "dateTime", "minimum": "2024-01-01T00:00:00Z"}),
                json!(["2024-01-01T00:30:00+01:00"]),
                vec![v("min-value", json!(["2024-01-01T00:00:00Z"]), "warning", None)],
            ),
            (
                json!({"type": "dateTime", "minimum": "2024-01-01T00:00:00Z"}),
                json!(["2024-01-01T00:30:00-01:00"]),
                vec![],
            ),
        ],
    );
}

#[test]
fn invalid_date_and_datetime_skip_bounds() {
    table(
        "date",
        vec![
            (
                json!({"type": "date", "minimum": "2020-01-01"}),
                json!(["2019-02-30"]),
                vec![v("invalid-date", json!([]), "error", None)],
            ),
            (
                json!({"type": "date", "minimum": "2020-01-01"}),
                json!(["1999", "2019-01-01"]),
                vec![
                    v("invalid-date", json!([]), "error", None),
                    v("min-value", json!(["2020-01-01"]), "warning", None),
                ],
            ),
        ],
    );
    table(
        "dateTime",
        vec![
            (
                json!({"type": "dateTime", "multiple": true}),
                json!(["2024-01-01T00:00:00", "2024-13-01T00:00:00Z", "2024-01-01"]),
                vec![v("invalid-datetime", json!([]), "error", None)],
            ),
            (
                json!({"type": "dateTime", "maximum": "2000-01-01T00:00:00Z"}),
                json!(["2024-01-01T00:00:00+25:00"]),
                vec![v("invalid-datetime", json!([]), "error", None)],
            ),
        ],
    );
}

#[test]
fn invalid_option_and_single_value_only() {
    let opts = json!([{"id": "o1", "label": "Draft"}, {"id": "o2", "label": "Done"}]);
    table(
        "select",
        vec![
            (json!({"type": "select", "options": opts}), json!(["o1"]), vec![]),
            (
                json!({"type": "select", "options": opts}),
                json!(["Draft"]),
                vec![v("invalid-option", json!(["Draft"]), "warning", Some(0))],
            ),
            (
                json!({"type": "select", "options": {"value": opts, "severity": "error"}, "multiple": true}),
                json!(["o1", "x", "o2"]),
                vec![v("invalid-option", json!(["x"]), "error", Some(1))],
            ),
            (
                json!({"type": "select", "options": opts}),
                json!(["o1", "o2"]),
                vec![v("single-value-only", json!([]), "warning", None)],
            ),
            (
                json!({"type": "select", "options": opts, "multiple": {"value": false, "severity": "error"}}),
                json!(["o1", "o2"]),
                vec![v("single-value-only", json!([]), "error", None)],
            ),
        ],
    );
    table(
        "monolingualText",
        vec![(
            json!({"type": "monolingualText"}),
            json!([{"text": "a", "language": "en"}, {"text": "b", "language": "de"}]),
            vec![v("single-value-only", json!([]), "warning", None)],
        )],
    );
    table("text", vec![(json!({"type": "text"}), json!(["a", "b"]), vec![])]);
    table("url", vec![(json!({"type": "url"}), json!(["a.org", "b.org"]), vec![])]);
}

fn rel(targets: &[&str]) -> Value {
    Value::Array(
        targets.iter().enumerate().map(|(i, t)| json!({"id": format!("r1demo1aaaaar{i:02}"), "target": t})).collect(),
    )
}

#[test]
fn relation_targets() {
    let def = json!({"type": "relation", "targetSchemas": ["Person"], "multiple": true});
    table(
        "relation",
        vec![
            (def.clone(), rel(&[PERSON]), vec![]),
            (
                def.clone(),
                rel(&[PERSON, PRODUCT, "s1nowhere00000a", "ghost:x", "wd:Q42", "wd:Q1"]),
                vec![
                    v("relation-target-schema-mismatch", json!(["Product"]), "error", Some(1)),
                    v("relation-target-not-found", json!(["s1nowhere00000a"]), "warning", Some(2)),
                    v("relation-target-unresolvable-source", json!(["ghost:x"]), "error", Some(3)),
                    v("relation-target-schema-mismatch", json!(["wd:Item"]), "error", Some(4)),
                    v("relation-target-not-found", json!(["wd:Q1"]), "warning", Some(5)),
                ],
            ),
            (
                json!({"type": "relation", "targetSchemas": ["Person"]}),
                rel(&[PERSON, PERSON]),
                vec![v("single-value-only", json!([]), "warning", None)],
            ),
            (json!({"type": "relation", "targetSchemas": ["T"]}), rel(&[ME]), vec![]),
        ],
    );
}

#[test]
fn relations_to_subjects_of_the_same_request_are_found() {
    let s = subject("T", None, st("relation", rel(&["s1new0000000001"])));
    let id = SubjectId::parse(ME).unwrap();
    let request = HashMap::from([(SubjectId::parse("s1new0000000001").unwrap(), local_schema("Person"))]);
    let lookup = WithRequestSubjects { stored: &Targets, request: &request };
    let defs = schemas(json!({"p": {"type": "relation", "targetSchemas": ["Person"]}}));
    assert!(validate_subject(SubjectInput { id: &id, subject: &s.view(&Bump::new()), is_main: true }, &defs, &lookup)
        .is_empty());
    assert_eq!(
        validate_subject(SubjectInput { id: &id, subject: &s.view(&Bump::new()), is_main: true }, &defs, &Targets)[0]
            .code,
        Code::RELATION_TARGET_NOT_FOUND
    );
}

#[test]
fn unresolvable_sources_are_reported_for_unchecked_relations() {
    let statements = json!({"undeclared": {"propertyType": "relation", "value": rel(&["ghost:a", "s1nowhere00000a"])}});
    let want = json!({"propertyName": "undeclared", "code": "relation-target-unresolvable-source", "args": ["ghost:a"], "severity": "error", "valuePartIndex": 0});
    assert_eq!(run(json!({"type": "text"}), statements.clone()), vec![want.clone()]);
    let s = subject("Missing", Some("L"), statements);
    let id = SubjectId::parse(ME).unwrap();
    let got: Vec<Value> = validate_subject(
        SubjectInput { id: &id, subject: &s.view(&Bump::new()), is_main: false },
        &HashMap::new(),
        &Targets,
    )
    .iter()
    .map(Violation::to_json)
    .collect();
    assert_eq!(
        got,
        vec![
            json!({"propertyName": null, "code": "schema-not-found", "args": ["Missing"], "severity": "warning"}),
            want
        ]
    );
}

#[test]
fn schema_not_found_names_foreign_references_with_their_source() {
    let id = SubjectId::parse(ME).unwrap();
    let mut s = subject("X", None, json!({}));
    s.schema = SchemaRef::Foreign { source: SourceKey::parse("other").unwrap(), name: Title::new("Person").unwrap() };
    let got = validate_subject(
        SubjectInput { id: &id, subject: &s.view(&Bump::new()), is_main: true },
        &HashMap::new(),
        &Targets,
    );
    assert_eq!(
        got.iter().map(Violation::to_json).collect::<Vec<_>>(),
        vec![
            json!({"propertyName": null, "code": "schema-not-found", "args": ["other:Person"], "severity": "warning"})
        ]
    );
}

#[test]
fn label_required_only_for_standalone_subjects_other_than_main() {
    let id = SubjectId::parse(ME).unwrap();
    let mut all = schemas(json!({}));
    all.insert(
        local_schema("D"),
        Schema::from_json(&json!({"subjectsAreDependent": true, "propertyDefinitions": {}}), &own()).unwrap(),
    );
    for (schema, label, is_main, want) in [
        ("T", None, false, true),
        ("T", Some("  "), false, true),
        ("T", Some("x"), false, false),
        ("T", None, true, false),
        ("D", None, false, false),
    ] {
        let s = subject(schema, label, json!({}));
        let got = validate_subject(SubjectInput { id: &id, subject: &s.view(&Bump::new()), is_main }, &all, &Targets);
        let want = if want {
            vec![json!({"propertyName": null, "code": "label-required", "args": [], "severity": "warning"})]
        } else {
            vec![]
        };
        assert_eq!(got.iter().map(Violation::to_json).collect::<Vec<_>>(), want, "{schema} {label:?} main={is_main}");
    }
}

#[test]
fn undeclared_properties_are_ignored() {
    assert_eq!(
        run(json!({"type": "text"}), json!({"other": {"propertyType": "number", "value": "x"}})),
        Vec::<Value>::new()
    );
}

#[test]
fn a_compiled_schema_is_reused() {
    let defs = schemas(json!({"p": {"type": "number", "maximum": 1}}));
    let compiled = CompiledSchema::compile(&defs[&local_schema("T")]);
    let id = SubjectId::parse(ME).unwrap();
    for (n, count) in [(0, 0), (2, 1), (1, 0), (3, 1)] {
        let s = subject("T", None, st("number", json!(n)));
        assert_eq!(
            compiled.validate(SubjectInput { id: &id, subject: &s.view(&Bump::new()), is_main: true }, &Targets).len(),
            count,
            "{n}"
        );
    }
}

#[test]
fn codes_are_equal_by_name_and_say_their_name() {
    assert_eq!(Code::REQUIRED, Code::new(Code::REQUIRED.info()));
    assert_ne!(Code::REQUIRED, Code::UNIQUE);
    assert_eq!(format!("{:?}", Code::MIN_LENGTH), "min-length");
    assert_eq!(Code::MIN_LENGTH.as_str(), "min-length");
}

#[test]
fn violations_follow_the_schema_order_whatever_order_the_statements_come_in() {
    let defs = json!({
        "a": {"type": "text", "maxLength": 1},
        "b": {"type": "text", "required": {"severity": "error"}},
        "c": {"type": "number", "minimum": 5},
    });
    let a = json!({"propertyType": "text", "value": ["long"]});
    let c = json!({"propertyType": "number", "value": 1});
    let x = json!({"propertyType": "relation", "value": rel(&["ghost:x"])});
    let y = json!({"propertyType": "relation", "value": rel(&["ghost:y"])});
    let orders: Vec<Vec<(&str, &Value)>> = vec![
        vec![("a", &a), ("c", &c), ("x", &x), ("y", &y)],
        vec![("c", &c), ("a", &a), ("x", &x), ("y", &y)],
        vec![("x", &x), ("c", &c), ("y", &y), ("a", &a)],
        vec![("x", &x), ("y", &y), ("a", &a), ("c", &c)],
    ];
    let id = SubjectId::parse(ME).unwrap();
    let all = schemas(defs);
    for order in orders {
        let statements = Value::Object(order.iter().map(|(k, v)| (k.to_string(), (*v).clone())).collect());
        let s = subject("T", None, statements);
        let got: Vec<String> =
            validate_subject(SubjectInput { id: &id, subject: &s.view(&Bump::new()), is_main: true }, &all, &Targets)
                .iter()
                .map(|v| {
                    format!(
                        "{}:{}:{}",
                        v.property_name.as_deref().unwrap_or("-"),
                        v.code.as_str(),
                        v.args.first().map_or(String::new(), Value::to_string)
                    )
                })
                .collect();
        assert_eq!(
            got,
            [
                "a:max-length:1",
                "b:required:",
                "c:min-value:5",
                "x:relation-target-unresolvable-source:\"ghost:x\"",
                "y:relation-target-unresolvable-source:\"ghost:y\""
            ],
            "{order:?}"
        );
    }
}

#[test]
fn a_schema_of_many_properties_is_checked_in_its_order() {
    let names: Vec<String> = (0..40).map(|i| format!("p{i:02}")).collect();
    let defs = Value::Object(
        names.iter().map(|n| (n.clone(), json!({"type": "text", "required": {"severity": "error"}}))).collect(),
    );
    // Every third property has a Statement, written in reverse order.
    let statements = Value::Object(
        names.iter().step_by(3).rev().map(|n| (n.clone(), json!({"propertyType": "text", "value": ["x"]}))).collect(),
    );
    let s = subject("T", None, statements);
    let id = SubjectId::parse(ME).unwrap();
    let got: Vec<String> = validate_subject(
        SubjectInput { id: &id, subject: &s.view(&Bump::new()), is_main: true },
        &schemas(defs),
        &Targets,
    )
    .iter()
    .map(|v| v.property_name.clone().unwrap_or_default())
    .collect();
    let want: Vec<String> = names.iter().enumerate().filter(|(i, _)| i % 3 != 0).map(|(_, n)| n.clone()).collect();
    assert_eq!(got, want);
}
