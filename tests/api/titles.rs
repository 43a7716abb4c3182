//! One title rule (the core's `Title`), as MediaWiki refuses titles, on every REST route that takes
//! a title: 400 `invalid-title` with MediaWiki's key in `titleError`, and nothing saved.

use crate::support::*;
use serde_json::json;

const REFUSED: [(&str, &str); 8] = [
    (".", "title-invalid-relative"),
    ("..", "title-invalid-relative"),
    ("../../etc/passwd", "title-invalid-relative"),
    ("a/../../b", "title-invalid-relative"),
    ("~~~", "title-invalid-magic-tilde"),
    ("evil\u{202E}txt", "title-invalid-characters"),
    (":Main", "title-invalid-leading-colon"),
    ("100%25 sure", "title-invalid-characters"),
];

fn encode(raw: &str) -> String {
    raw.bytes().map(|b| if b.is_ascii_alphanumeric() { (b as char).to_string() } else { format!("%{b:02X}") }).collect()
}

#[test]
fn page_titles_and_schema_and_layout_names_follow_the_rule() {
    let host = example_host();
    let saves = host.save_calls();
    for (raw, key) in REFUSED {
        let body = json!({"pageTitle": raw, "schema": "Map", "statements": {}});
        let (status, answer) = call(&host, Who::User, "POST", "/strata/v0/subjects", &[], Some(body));
        assert_eq!(
            (status, answer["errorType"].as_str(), answer["titleError"].as_str()),
            (400, Some("invalid-title"), Some(key)),
            "pageTitle {raw:?}: {answer}"
        );
        let schema = json!({"schema": {"propertyDefinitions": {}}});
        let (status, answer) =
            call(&host, Who::Sysop, "PUT", &format!("/strata/v0/schema/{}", encode(raw)), &[], Some(schema));
        assert_eq!((status, answer["titleError"].as_str()), (400, Some(key)), "Schema {raw:?}: {answer}");
        let (status, answer) = call(&host, Who::User, "GET", &format!("/strata/v0/layout/{}", encode(raw)), &[], None);
        assert_eq!((status, answer["titleError"].as_str()), (400, Some(key)), "Layout {raw:?}: {answer}");
    }
    assert_eq!(host.save_calls(), saves, "nothing was saved");
    let (status, _) = call(
        &host,
        Who::User,
        "POST",
        "/strata/v0/subjects",
        &[],
        Some(json!({"pageTitle": "A/B.C", "schema": "Map", "statements": {}})),
    );
    assert_eq!(status, 201, "dots and slashes inside a segment are fine");
}

#[test]
fn a_label_that_cannot_be_a_title_falls_back_to_the_subject_id() {
    let host = example_host();
    let (status, body) = call(
        &host,
        Who::User,
        "POST",
        "/strata/v0/subjects",
        &[],
        Some(json!({"label": "../x", "schema": "Map", "statements": {}})),
    );
    assert_eq!(status, 201, "{body}");
    let page_title = body["subject"]["pageTitle"].as_str().unwrap_or_else(|| panic!("no pageTitle: {body}"));
    assert_eq!(page_title.to_lowercase(), body["subject"]["id"].as_str().unwrap().to_lowercase());
}
