//! The exports called as JavaScript and PHP call them: JSON in, JSON or a StrataError out.

use super::*;
use crate::json::{Arena, Json};
use serde_json::{json, Value};

fn options() -> Options {
    Options::from_json(None, 1_700_000_000_000).unwrap()
}

fn person() -> Value {
    json!({"propertyDefinitions": {
        "Name": {"type": "text", "required": {"severity": "error"}},
        "Age": {"type": "number", "minimum": 0},
        "Status": {"type": "select", "options": [{"id": "o1", "label": "Active"}]},
        "Knows": {"type": "relation", "targetSchemas": ["Person"], "multiple": true}
    }})
}

#[test]
fn validate_reports_violations_of_the_normalized_subject() {
    let request = json!({
        "schema": person(),
        "subject": {"schema": "person", "label": "Ada", "statements": {
            "Age": {"propertyType": "number", "value": -1},
            "Status": {"propertyType": "select", "value": [" active "]},
            "Knows": {"propertyType": "relation", "value": [{"target": "s1demo1aaaaaaa1"}]}
        }},
        "knownSubjects": {"s1demo1aaaaaaa1": "Person"}
    });
    let out = serde_json::to_value(validate(&Json::from_value(&request, &Arena::new()), &options()).unwrap()).unwrap();
    let codes: Vec<&str> = out["violations"].as_array().unwrap().iter().map(|v| v["code"].as_str().unwrap()).collect();
    assert_eq!(codes, ["required", "min-value"], "{out}");
    assert_eq!(out["violations"][0]["severity"], "error");
}

#[test]
fn unregistered_types_keep_their_values_and_are_reported() {
    let request = json!({
        "schema": {"propertyDefinitions": {"Mail": {"type": "emial"}, "Phone": {"type": "phoneNumber", "required": true}}},
        "subject": {"schema": "Contact", "statements": {"Mail": {"propertyType": "emial", "value": {"any": "shape"}}}}
    });
    let out = serde_json::to_value(validate(&Json::from_value(&request, &Arena::new()), &options()).unwrap()).unwrap();
    let found: Vec<(&str, &str, &Value)> = out["violations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| (v["propertyName"].as_str().unwrap(), v["code"].as_str().unwrap(), &v["args"]))
        .collect();
    assert_eq!(
        found,
        [("Mail", "unregistered-type", &json!(["emial"])), ("Phone", "unregistered-type", &json!(["phoneNumber"]))],
        "{out}"
    );
}

#[test]
fn a_missing_schema_is_a_violation_not_an_error() {
    let out = serde_json::to_value(
        validate(
            &Json::from_value(&json!({"schema": null, "subject": {"schema": "Nope", "statements": {}}}), &Arena::new()),
            &options(),
        )
        .unwrap(),
    )
    .unwrap();
    assert_eq!(out["violations"][0]["code"], "schema-not-found");
    assert_eq!(out["violations"][0]["args"], json!(["Nope"]));
}

#[test]
fn bad_arguments_are_typed_errors() {
    let cases = [
        (json!([]), "invalid-argument"),
        (json!({"subject": {"statements": {}}}), "invalid-argument"),
        (json!({"subject": {"schema": "P", "statements": {}}, "subjectId": "x"}), "invalid-argument"),
        (json!({"subject": {"schema": "P", "statements": {}}, "schema": {"propertyDefinitions": 3}}), "invalid-schema"),
        (
            json!({"subject": {"schema": "P", "statements": {"Age": {"propertyType": "number", "value": "x"}}}, "schema": person()}),
            "value-shape-mismatch",
        ),
    ];
    for (request, code) in cases {
        assert_eq!(
            validate(&Json::from_value(&request, &Arena::new()), &options()).unwrap_err().code,
            code,
            "{request}"
        );
    }
    let unsaved = json!({"subject": {"schema": "P", "statements": {"Age": {"propertyType": "number", "value": "x"}}}, "schema": person()});
    let message = validate(&Json::from_value(&unsaved, &Arena::new()), &options()).unwrap_err().message;
    assert!(!message.contains("s00000000000000") && message.contains("Age"), "{message}");
}

#[test]
fn a_validator_is_compiled_once_and_reused() {
    let v = Validator::new(&json!("Person"), &person(), options()).unwrap();
    for age in [1, 2, 3] {
        let out = serde_json::to_value(v.validate(&Json::from_value(&json!({"label": "x", "statements": {"Name": {"propertyType": "text", "value": ["n"]}, "Age": {"propertyType": "number", "value": age}}}), &Arena::new()), None).unwrap()).unwrap();
        assert_eq!(out, json!({"violations": []}));
    }
    let out = serde_json::to_value(
        v.validate(
            &Json::from_value(&json!({"statements": {}}), &Arena::new()),
            Some(&Json::from_value(&json!({"isMain": false}), &Arena::new())),
        )
        .unwrap(),
    )
    .unwrap();
    let codes: Vec<&str> = out["violations"].as_array().unwrap().iter().map(|v| v["code"].as_str().unwrap()).collect();
    assert_eq!(codes, ["label-required", "required"]);
}

#[test]
fn normalize_content_resolves_labels_and_mints_relation_ids() {
    let content = json!({"mainSubject": "s1demo1aaaaaaa1", "subjects": {
        "s1demo1aaaaaaa1": {"schema": "Person", "label": "Ada", "statements": {
            "Status": {"propertyType": "select", "value": ["ACTIVE"]},
            "Knows": {"propertyType": "relation", "value": [{"target": "local:s1demo1aaaaaaa2"}]},
            "Empty": {"propertyType": "text", "value": ["  "]}
        }},
        "other:thing": {"schema": "Person", "statements": {}}
    }});
    let out = normalize_content(&content, Some(&json!({"Person": person()})), &options()).unwrap();
    let statements = &out["subjects"]["s1demo1aaaaaaa1"]["statements"];
    assert_eq!(statements["Status"]["value"], json!(["o1"]));
    assert_eq!(statements["Knows"]["value"][0]["target"], "s1demo1aaaaaaa2");
    assert!(statements["Knows"]["value"][0]["id"].as_str().unwrap().starts_with('r'));
    assert!(statements.get("Empty").is_none());
    assert_eq!(out["subjects"].as_object().unwrap().len(), 1);
}

mod project_rdf {
    use super::*;

    fn request(extra: Value) -> Value {
        let mut r = json!({
            "page": {"pageId": 7, "title": "Ada", "prefixedTitle": "Ada", "created": "2026-01-02T03:04:05Z",
                     "modified": "not a time", "lastEditor": "Admin", "categories": ["People", "Mathematicians"]},
            "content": {"mainSubject": "s1demo1aaaaaaa1", "subjects": {
                "s1demo1aaaaaaa1": {"schema": "Person", "statements": {"Age": {"propertyType": "number", "value": 36}}},
                "s1demo1aaaaaaa2": {"schema": "Missing", "label": "Gone", "statements": {}}}},
            "schemas": {"Person": person(), "Broken": {"propertyDefinitions": 3}},
            "mappings": {"Person to schema.org": {"version": 1, "schema": "Person", "target": "schemaorg",
                "prefixes": {"schema": "https://schema.org/"}, "subject": {"class": "schema:Person"},
                "properties": {"Age": {"predicate": "schema:age"}}},
                "Broken": {"version": 2}},
            "baseUri": "https://wiki.example/",
        });
        if let (Some(r), Value::Object(extra)) = (r.as_object_mut(), extra) {
            r.extend(extra);
        }
        r
    }

    fn quads(text: &str) -> Vec<String> {
        let mut q: Vec<String> =
            oxttl::TriGParser::new().for_slice(text.as_bytes()).map(|q| q.unwrap().to_string()).collect();
        q.sort();
        q
    }

    #[test]
    fn the_native_projection_of_a_page() {
        let trig = project_rdf(&request(json!({})), &options()).unwrap();
        insta::assert_snapshot!("project_rdf_native", trig);
        let q = quads(&trig);
        assert!(
            q.iter().any(|q| q.contains("/ontology/category> \"Mathematicians\"")),
            "categories from the page facts"
        );
        assert!(
            q.iter().any(|q| q.contains("dc/terms/created")) && !q.iter().any(|q| q.contains("dc/terms/modified")),
            "only timestamps that parse"
        );
        assert!(!q.iter().any(|q| q.contains("s1demo1aaaaaaa2")), "a Subject whose Schema is missing is omitted");
    }

    #[test]
    fn options_of_the_request() {
        let native = project_rdf(&request(json!({})), &options()).unwrap();
        let as_text = request(json!({}))["content"].to_string();
        assert_eq!(
            project_rdf(&request(json!({"content": as_text})), &options()).unwrap(),
            native,
            "content as JSON text"
        );
        let bare = project_rdf(&request(json!({"prefixes": false})), &options()).unwrap();
        assert!(native.starts_with("@prefix") && !bare.contains("@prefix"));
        assert_eq!(quads(&bare), quads(&native), "prefixes change nothing but the text");
        let turtle = project_rdf(&request(json!({"format": "turtle"})), &options()).unwrap();
        let triples = oxttl::TurtleParser::new().for_slice(turtle.as_bytes()).count();
        assert_eq!(triples, quads(&native).len());
        let ontology = project_rdf(&request(json!({"projection": "schemaorg"})), &options()).unwrap();
        insta::assert_snapshot!("project_rdf_schemaorg", ontology);
        let empty = project_rdf(&request(json!({"content": null})), &options()).unwrap();
        assert_eq!(
            quads(&empty).len(),
            6,
            "page metadata only: type, name, created, lastEditor, two categories\n{empty}"
        );
    }

    #[test]
    fn a_projector_set_up_once_projects_many_pages_as_the_one_shot_export_does() {
        for projection in ["native", "schemaorg"] {
            let setup = request(json!({"projection": projection}));
            let projector = RdfProjector::new(&setup, &options()).unwrap();
            let arena = Arena::new();
            let page = Json::from_value(&setup["page"], &arena);
            for (content, prefixes) in
                [(setup["content"].to_string(), true), ("{}".to_owned(), false), ("not JSON".to_owned(), true)]
            {
                let one_shot = project_rdf(
                    &request(json!({"projection": projection, "content": content, "prefixes": prefixes})),
                    &options(),
                )
                .unwrap();
                assert_eq!(
                    projector.project_text(&page, Some(&content), prefixes).unwrap(),
                    one_shot,
                    "{projection} {content}"
                );
            }
            assert_eq!(projector.project_text(&Json::Null, None, true).unwrap_err().code, "invalid-argument");
        }
        let unknown = RdfProjector::new(&request(json!({"projection": "wikidata"})), &options()).err().unwrap();
        assert_eq!(unknown.code, "unknown-projection");
    }

    fn mapping(schema: &str, target: &str) -> Value {
        json!({"version": 1, "schema": schema, "target": target, "prefixes": {"ex": "https://ex.example/"},
               "subject": {"class": "ex:Thing"}, "properties": {}})
    }

    #[test]
    fn a_projector_names_the_projections_and_the_subject_iris() {
        let extra = json!({"mappings": {
            "B": mapping("Person", "wikidata"),
            "A": mapping("Person", "schemaorg"),
            "C": mapping("Place", "schemaorg"),
        }, "baseUri": "https://wiki.example/"});
        let projector = RdfProjector::new(&request(extra), &options()).unwrap();
        assert_eq!(
            projector.projection_names(),
            ["native", "schemaorg", "wikidata"],
            "native first, each target once, in order"
        );
        assert_eq!(
            projector.subject_iri("s1demo1aaaaaaa1").unwrap(),
            "https://wiki.example/entity/s1demo1aaaaaaa1",
            "no double slash"
        );
        assert_eq!(projector.subject_iri("not an id").unwrap_err().code, "invalid-argument");
        let none = RdfProjector::new(&request(json!({"mappings": {}})), &options()).unwrap();
        assert_eq!(none.projection_names(), ["native"]);
    }

    #[test]
    fn refusals() {
        let unknown = project_rdf(&request(json!({"projection": "wikidata"})), &options()).unwrap_err();
        assert_eq!(
            (unknown.code, &unknown.details),
            ("unknown-projection", &json!({"knownProjections": ["native", "schemaorg"]}))
        );
        let cases = [
            json!({"format": "ntriples"}),
            json!({"prefixes": "no"}),
            json!({"projection": 3}),
            json!({"baseUri": null}),
            json!({"page": {"pageId": -1}}),
            json!({"page": {"pageId": 1, "categories": "x"}}),
            json!({"page": {"pageId": 1, "title": 5}}),
            json!({"schemas": []}),
            json!({"mappings": "x"}),
        ];
        for extra in cases {
            let e = project_rdf(&request(extra.clone()), &options()).unwrap_err();
            assert_eq!(e.code, "invalid-argument", "{extra}");
        }
        assert_eq!(project_rdf(&json!([]), &options()).unwrap_err().code, "invalid-argument");
    }
}

mod project_for_store {
    use super::super::project_for_store;
    use serde_json::{json, Value};

    fn page(page_id: u64, title: &str, id: &str, label: &str) -> Value {
        let slot = json!({"mainSubject": id, "subjects": {id: {"label": label, "schema": "Person", "statements": {}}}});
        json!({"pageId": page_id, "namespace": 0, "title": title, "prefixedTitle": title, "subjectSlot": slot.to_string()})
    }

    fn batch(pages: Vec<Value>) -> Value {
        let request = json!({"name": "graph", "store": {"type": "falkordb"}, "rdfBaseUri": "https://w.example",
            "pages": pages, "schemas": {"Person": r#"{"propertyDefinitions": {}}"#}});
        serde_json::from_str(&project_for_store(&request.to_string()).unwrap()).unwrap()
    }

    #[test]
    fn a_page_that_cannot_be_projected_is_reported_and_the_others_are_written_together() {
        let good = batch(vec![
            page(1, "Good", "s1good000000001", "Good one"),
            page(3, "Also", "s1good000000003", "Good three"),
        ]);
        assert_eq!((good["projected"].clone(), good["failed"].clone()), (json!(2), json!([])));
        let with_bad = batch(vec![
            page(1, "Good", "s1good000000001", "Good one"),
            page(2, "Bad|title", "s1bad0000000002", "Bad title"),
            page(3, "Also", "s1good000000003", "Good three"),
        ]);
        assert_eq!(with_bad["projected"], json!(2));
        assert_eq!(
            with_bad["failed"].as_array().unwrap().iter().map(|f| f["pageId"].clone()).collect::<Vec<_>>(),
            [json!(2)]
        );
        assert_eq!(with_bad["statements"], good["statements"], "the same statements as without the bad page");
        let three = batch(vec![
            page(1, "Good", "s1good000000001", "Good one"),
            page(2, "Nul", "s1nul0000000002", "N\u{0}ul"),
            page(3, "Also", "s1good000000003", "Good three"),
        ]);
        assert_eq!(
            (three["projected"].clone(), three["failed"].clone()),
            (json!(3), json!([])),
            "U+0000 is replaced, not refused"
        );
        assert_eq!(
            three["statements"].as_array().unwrap().len(),
            good["statements"].as_array().unwrap().len(),
            "a page more adds rows, not statements"
        );
        assert!(three["statements"].to_string().contains("N\u{FFFD}ul"));
    }

    /// Only a request that is not JSON text says so (`details.notJson`): a host sends its slots again
    /// as strings for that refusal alone, and reports every other.
    #[test]
    fn a_request_that_is_not_json_is_told_apart_from_one_that_is_not_a_batch() {
        let settings = r#""name": "graph", "store": {"type": "falkordb"}, "rdfBaseUri": "https://w.example""#;
        let spliced = format!(
            r#"{{{settings}, "pages": [{{"pageId": 1, "namespace": 0, "title": "T", "subjectSlot": {{"subjects": }}]}}"#
        );
        let not_json = project_for_store(&spliced).unwrap_err();
        let (line, column) = (&not_json.details["notJson"]["line"], &not_json.details["notJson"]["column"]);
        assert_eq!((not_json.code, line), ("invalid-argument", &json!(1)));
        assert_eq!(not_json.message, format!("request: expected value at line 1 column {column}"));
        assert!(column.as_u64().unwrap() > spliced.find(r#""subjects": }"#).unwrap() as u64);
        let refused = [
            format!(r#"{{{settings}, "pages": {{}}}}"#),
            format!(r#"{{{settings}, "sourceKey": "Not a key"}}"#),
            r#"{"name": "graph", "store": {"type": "nothing"}, "rdfBaseUri": "https://w.example"}"#.to_owned(),
            "[]".to_owned(),
        ];
        for request in refused {
            let e = project_for_store(&request).unwrap_err();
            assert_eq!((e.code, &e.details), ("invalid-argument", &Value::Null), "{request}: {e}");
        }
    }
}

#[test]
fn a_batch_answers_each_item_as_its_schema_s_validator_does() {
    let schemas =
        json!({"Person": person(), "Note": {"propertyDefinitions": {"Text": {"type": "text", "maxLength": 3}}}});
    let batch = BatchValidator::new(&schemas, options()).unwrap();
    let items = [
        json!({"subject": {"schema": "Person", "label": "Ada", "statements": {"Age": {"propertyType": "number", "value": -1}}}}),
        json!({"subject": {"schema": "Note", "statements": {"Text": {"propertyType": "text", "value": ["long"]}}}, "context": {"isMain": false}}),
        json!({"subject": {"schema": "Person", "label": "Bo", "statements": {"Name": {"propertyType": "text", "value": ["Bo"]}}}}),
        json!({"subject": {"schema": "Missing", "statements": {}}}),
        json!({"subject": {"statements": {}}}),
        json!({"subject": {"schema": "Person", "statements": {}}, "context": {"subjectId": "x"}}),
        // A name spelled otherwise than the batch's is read as a title: the same Schema.
        json!({"subject": {"schema": "person", "label": "Ada", "statements": {"Age": {"propertyType": "number", "value": -1}}}}),
        json!({"subject": {"schema": 5, "statements": {}}}),
        // The name is refused before the context is.
        json!({"subject": {"schema": "a#b", "statements": {}}, "context": {"subjectId": "x"}}),
    ];
    let answer: Value =
        serde_json::from_str(&batch.validate_json(&Value::Array(items.to_vec()).to_string()).unwrap()).unwrap();
    for (i, item) in items.iter().enumerate().take(4) {
        let name = item["subject"]["schema"].as_str().unwrap();
        let arena = Arena::new();
        let alone = match schemas.get(name) {
            Some(schema) => Validator::new(&json!(name), schema, options()).unwrap().validate(
                &Json::from_value(&item["subject"], &arena),
                item.get("context").map(|c| Json::from_value(c, &arena)).as_ref(),
            ),
            None => {
                validate(&Json::from_value(&json!({"schema": null, "subject": item["subject"]}), &arena), &options())
            }
        };
        assert_eq!(answer["violations"][i], serde_json::to_value(alone.unwrap()).unwrap()["violations"], "item {i}");
    }
    let codes = |i: usize| {
        answer["violations"][i]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v["code"].as_str().unwrap().to_owned())
            .collect::<Vec<_>>()
    };
    assert_eq!(codes(0), ["required", "min-value"]);
    assert_eq!(codes(1), ["label-required", "max-length"]);
    assert_eq!(codes(2), Vec::<String>::new());
    assert_eq!(codes(3), ["schema-not-found"]);
    assert_eq!(answer["violations"][4], Value::Null);
    assert_eq!(answer["violations"][5], Value::Null);
    assert_eq!(codes(6), ["required", "min-value"]);
    let errors: Vec<(u64, &str, bool)> = answer["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["index"].as_u64().unwrap(),
                e["code"].as_str().unwrap(),
                e["message"].as_str().unwrap().starts_with("item.subject.schema"),
            )
        })
        .collect();
    assert_eq!(
        errors,
        [
            (4, "invalid-argument", true),
            (5, "invalid-argument", false),
            (7, "invalid-argument", true),
            (8, "invalid-argument", true)
        ]
    );
}

#[test]
fn a_batch_refuses_what_is_not_a_batch() {
    let batch = BatchValidator::new(&json!({"Person": person()}), options()).unwrap();
    for bad in ["{}", "[", "3"] {
        assert_eq!(batch.validate_json(bad).unwrap_err().code, "invalid-argument", "{bad}");
    }
    assert_eq!(BatchValidator::new(&json!([]), options()).err().unwrap().code, "invalid-argument");
    assert_eq!(
        BatchValidator::new(&json!({"P": {"propertyDefinitions": 3}}), options()).err().unwrap().code,
        "invalid-schema"
    );
}

#[test]
fn prepared_pages_name_this_wikis_schemas_they_were_prepared_without() {
    let page = |title: &str, id: &str, schema: Value| json!({"title": title, "content": {"subjects": {id: {"schema": schema, "label": title, "statements": {}}}}});
    let foreign = json!({"source": "elsewhere", "name": "Remote"});
    let cases = [
        ("every Schema given", vec![page("A", "s1prep00000000a", json!("Person"))], json!([])),
        (
            "absent ones, once each and in order, not another source's",
            vec![
                page("A", "s1prep00000000a", json!("Zebra")),
                page("B", "s1prep00000000b", json!("Person")),
                page("C", "s1prep00000000c", json!("Ghost")),
                page("D", "s1prep00000000d", json!("Zebra")),
                page("E", "s1prep00000000e", foreign),
            ],
            json!(["Ghost", "Zebra"]),
        ),
    ];
    for (case, pages, absent) in cases {
        let arena = Arena::new();
        let answer =
            prepare_pages(&Json::from_value(&json!(pages), &arena), Some(&json!({"Person": person()})), &options())
                .unwrap();
        let answer: Value = serde_json::from_str(&answer).unwrap();
        assert!(answer["pages"].as_array().unwrap().iter().all(|p| p.get("error").is_none()), "{case}: {answer}");
        assert_eq!(answer.get("absentSchemas").cloned().unwrap_or(json!([])), absent, "{case}");
    }
}
