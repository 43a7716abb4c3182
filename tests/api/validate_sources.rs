//! Unregistered sources in library-level validation (the `validate` export and `Validator`): reported
//! for every relation value, declared or not, whether the Schema loads or not; the registered keys
//! come from the options (the wiki's own by default), and both paths agree with the REST dry-run.

use crate::support::*;
use serde_json::{json, Value};
use strata::exports::{validate, Options, Validator};
use strata::json::{Arena, Json};

fn options(extra: Value) -> Options {
    Options::from_json(Some(&extra), 1_700_000_000_000).unwrap()
}

fn relation(target: &str) -> Value {
    json!({"propertyType": "relation", "value": [{"target": target}]})
}

/// The (code, property, target) of each relation violation.
fn relation_codes(violations: &Value) -> Vec<(String, String, String)> {
    let mut out: Vec<_> = violations
        .as_array()
        .unwrap()
        .iter()
        .filter(|v| v["code"].as_str().unwrap().starts_with("relation-target"))
        .map(|v| {
            (
                v["code"].as_str().unwrap().to_owned(),
                v["propertyName"].as_str().unwrap().to_owned(),
                v["args"][0].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    out.sort();
    out
}

fn schema() -> Value {
    json!({"propertyDefinitions": {"Friend": {"type": "relation", "targetSchemas": ["Person"]}, "Mentor": {"type": "relation", "targetSchemas": ["Person"]}}})
}

fn statements() -> Value {
    json!({"Friend": relation("nosuchsource:abc123"), "Elsewhere": relation("other:xyz"), "Mentor": relation("local:s1nosuchaaaaaa1")})
}

#[test]
fn unknown_sources_are_reported_for_every_relation_value_on_both_library_paths() {
    let unknown = |p: &str, t: &str| ("relation-target-unresolvable-source".to_owned(), p.to_owned(), t.to_owned());
    let missing = |p: &str, t: &str| ("relation-target-not-found".to_owned(), p.to_owned(), t.to_owned());
    let cases = [
        (
            "only the wiki's own source by default",
            json!({}),
            vec![
                missing("Mentor", "s1nosuchaaaaaa1"),
                unknown("Elsewhere", "other:xyz"),
                unknown("Friend", "nosuchsource:abc123"),
            ],
        ),
        (
            "a registered source",
            json!({"sources": ["other"]}),
            vec![missing("Mentor", "s1nosuchaaaaaa1"), unknown("Friend", "nosuchsource:abc123")],
        ),
    ];
    let subject = json!({"schema": "Person", "label": "A", "statements": statements()});
    for (name, opts, want) in cases {
        let opts = options(opts);
        let one_shot =
            validate(&Json::from_value(&json!({"subject": subject, "schema": schema()}), &Arena::new()), &opts)
                .unwrap();
        assert_eq!(relation_codes(&serde_json::to_value(one_shot).unwrap()["violations"]), want, "{name}: validate");
        let validator = Validator::new(&json!("Person"), &schema(), opts.clone()).unwrap();
        let compiled = validator.validate(&Json::from_value(&subject, &Arena::new()), None).unwrap();
        assert_eq!(relation_codes(&serde_json::to_value(compiled).unwrap()["violations"]), want, "{name}: Validator");
        // Without a Schema, every relation is undeclared: unknown sources are still reported.
        let unloadable =
            validate(&Json::from_value(&json!({"subject": subject, "schema": null}), &Arena::new()), &opts).unwrap();
        let unknown_only: Vec<_> = want.iter().filter(|w| w.0.ends_with("unresolvable-source")).cloned().collect();
        assert_eq!(
            relation_codes(&serde_json::to_value(unloadable).unwrap()["violations"]),
            unknown_only,
            "{name}: unloadable Schema"
        );
    }
}

#[test]
fn the_library_and_the_rest_dry_run_agree() {
    let host = example_host();
    let body = json!({"schema": "Person", "label": "A", "statements": statements()});
    let (_, person) = call(&host, Who::Sysop, "GET", "/strata/v0/schema/Person", &[], None);
    let mut person = person["schema"].clone();
    for name in ["Friend", "Mentor"] {
        person["propertyDefinitions"][name] = schema()["propertyDefinitions"][name].clone();
    }
    let (status, _) = call(&host, Who::Sysop, "PUT", "/strata/v0/schema/Person", &[], Some(json!({"schema": person})));
    assert_eq!(status, 200);
    let (status, rest) = call(&host, Who::Sysop, "POST", "/strata/v0/subject/validate", &[], Some(body.clone()));
    assert_eq!(status, 200, "{rest}");
    let library =
        validate(&Json::from_value(&json!({"subject": body, "schema": person}), &Arena::new()), &options(json!({})))
            .unwrap();
    let library = serde_json::to_value(library).unwrap();
    assert_eq!(relation_codes(&library["violations"]), relation_codes(&rest["violations"]), "{rest}");
    assert_eq!(relation_codes(&library["violations"]).len(), 3, "{library}");
}
