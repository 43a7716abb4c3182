//! `PUT /subject/{id}` body rules: what an omitted or blank label and an empty `statements` map do,
//! that `statements` is required, and the write response when the Subject's Schema is gone.

use crate::support::*;
use serde_json::json;

const ACME: &str = "s1map1aaaaaaa01";

#[test]
fn a_replace_clears_what_the_body_leaves_out() {
    let cases = [
        ("whitespace label and no statements", json!({"label": " \t ", "statements": {}})),
        ("omitted label", json!({"statements": {}})),
        ("null label", json!({"label": null, "statements": {}})),
    ];
    for (what, body) in cases {
        let host = example_host();
        let (_, before) =
            call(&host, Who::Anonymous, "GET", &format!("/strata/v0/subject/{ACME}"), &[("expand", "page")], None);
        let before = &before["subjects"][ACME];
        assert!(
            before["label"].is_string() && !before["statements"].as_object().unwrap().is_empty(),
            "{what}: the example has both"
        );
        let (status, answer) = call(&host, Who::User, "PUT", &format!("/strata/v0/subject/{ACME}"), &[], Some(body));
        assert_eq!((status, answer["status"].as_str()), (200, Some("updated")), "{what}: {answer}");
        let (_, read) = call(&host, Who::Anonymous, "GET", &format!("/strata/v0/subject/{ACME}"), &[], None);
        let after = &read["subjects"][ACME];
        assert_eq!(after["label"], json!(null), "{what}: the label is cleared");
        assert_eq!(after["statements"], json!({}), "{what}: `{{}}` clears every Statement");
        assert_eq!(
            after["displayName"], before["pageTitle"],
            "{what}: an unlabelled main Subject is named by its page"
        );
        assert_eq!(
            answer["subject"],
            {
                let mut with_page = after.clone();
                for field in ["pageId", "pageTitle", "pageNamespaceId"] {
                    with_page[field] = before[field].clone();
                }
                with_page
            },
            "{what}: the write response shows the Subject as read with expand=page"
        );
    }
}

#[test]
fn statements_are_required_on_a_replace() {
    let host = example_host();
    let (status, answer) =
        call(&host, Who::User, "PUT", &format!("/strata/v0/subject/{ACME}"), &[], Some(json!({"label": "ACME"})));
    assert_eq!((status, error_code(status, &answer).as_str()), (400, "invalid-body"), "{answer}");
    let (_, read) = call(&host, Who::Anonymous, "GET", &format!("/strata/v0/subject/{ACME}"), &[], None);
    assert!(!read["subjects"][ACME]["statements"].as_object().unwrap().is_empty(), "nothing changed");
}

#[test]
fn a_write_without_its_schema_proceeds_with_a_warning_and_no_schema_field() {
    let host = example_host();
    assert_eq!(call(&host, Who::Sysop, "DELETE", "/strata/v0/schema/Map", &[], None).0, 200);
    let body = json!({"label": "ACME", "statements": {"Scale": {"propertyType": "number", "value": 5000}}});
    let (status, answer) = call(&host, Who::User, "PUT", &format!("/strata/v0/subject/{ACME}"), &[], Some(body));
    assert_eq!((status, answer["status"].as_str()), (200, Some("updated")), "{answer}");
    assert!(answer.get("schema").is_none(), "no Schema to show: {answer}");
    assert_eq!(
        answer["violations"],
        json!([{"propertyName": null, "code": "schema-not-found", "args": ["Map"], "severity": "warning"}])
    );
    assert_eq!(answer["subject"]["statements"]["Scale"]["value"], json!(5000), "the value is kept");
}
