//! Every kind of export fails with the one shape of `docs/architecture.md` ("Failures"):
//! `{"name": "StrataError", code, message, details?}`, whether it is a value export, an object's
//! constructor or method, or an export that answers through the host. The REST layer's text entries
//! (`api::text`) answer `Err(sentence)`, which both adapters report as `invalid-argument`.

use pollster::block_on;
use serde_json::{json, Value};
use strata::exports::{self, ExportError, Options};
use strata::host::memory::MemoryHost;

/// The failure as both adapters hand it over, checked for the shape and answered as `(code, details)`.
fn shape(e: ExportError) -> (String, Value) {
    let json = e.to_json();
    let keys: Vec<&str> = json.as_object().unwrap().keys().map(String::as_str).collect();
    assert!(keys.iter().all(|k| ["name", "code", "message", "details"].contains(k)), "{json}");
    assert_eq!(json["name"], "StrataError", "{json}");
    assert!(json["message"].as_str().is_some_and(|m| !m.is_empty()), "{json}");
    (json["code"].as_str().unwrap().to_owned(), json.get("details").cloned().unwrap_or(Value::Null))
}

fn error_response(request: &str) -> String {
    strata::api::text::error_response_text(request).unwrap()
}

fn options() -> Options {
    Options::from_json(None, 0).unwrap()
}

#[test]
fn value_exports_fail_with_the_shape() {
    let cases: Vec<(&str, Result<String, ExportError>, &str)> = vec![
        ("normalizeTitle", exports::normalize_title("a/../b"), "invalid-title"),
        ("projectForStore", exports::project_for_store("{"), "invalid-argument"),
        (
            "errorResponse of an unknown code",
            strata::api::text::error_response_text(r#"{"code": "nope", "message": "m"}"#)
                .map_err(ExportError::invalid_argument),
            "invalid-argument",
        ),
        (
            "normalizeContent",
            exports::normalize_content(&json!({"subjects": 3}), None, &options()).map(|v| v.to_string()),
            "malformed-content",
        ),
    ];
    for (name, result, want) in cases {
        let (code, _) = shape(result.expect_err(name));
        assert_eq!(code, want, "{name}");
    }
    let (code, details) = shape(exports::normalize_title("a/../b").unwrap_err());
    assert_eq!((code.as_str(), &details["titleError"]), ("invalid-title", &json!("title-invalid-relative")));
}

#[test]
fn objects_fail_with_the_shape() {
    let e = exports::Validator::new(&json!("Person"), &json!({"propertyDefinitions": 5}), options()).err().unwrap();
    let (code, details) = shape(e);
    assert_eq!((code.as_str(), &details["schema"]), ("invalid-schema", &json!("Person")));
    let e = exports::RdfProjector::new(&json!(5), &options()).err().unwrap();
    assert_eq!(shape(e).0, "invalid-argument");
}

#[test]
fn exports_through_the_host_fail_with_the_shape_and_a_refused_page_action_keeps_its_code() {
    let host = MemoryHost::default();
    for (name, result) in [
        (
            "handleRoute",
            block_on(strata::api::text::handle_route_text(&host, "{")).map_err(ExportError::invalid_argument),
        ),
        ("handlePageAction", block_on(exports::handle_page_action(&host, r#"{"action": "move"}"#))),
        ("projectPageChanges", block_on(exports::project_page_changes(&host, "[]"))),
    ] {
        assert_eq!(shape(result.expect_err(name)).0, "invalid-argument", "{name}");
    }
    let caller =
        json!({"userId": 1, "name": "Ann", "anonymous": false, "bot": false, "groups": ["*"], "rights": ["read"]});
    let request = json!({"action": "edit", "namespace": 0, "title": "a|b", "text": "x", "caller": caller});
    let (code, _) = shape(block_on(exports::handle_page_action(&host, &request.to_string())).unwrap_err());
    assert_eq!(code, "invalidtitle");
    assert_eq!(block_on(exports::project_page_changes(&host, r#"{"changes": []}"#)).unwrap(), "null");
}

#[test]
fn a_rest_error_the_host_answers_itself_comes_from_the_core_table() {
    let answer: Value =
        serde_json::from_str(&error_response(r#"{"code": "request-too-large", "message": "Too big."}"#)).unwrap();
    assert_eq!(answer["status"], 413);
    let body: Value = serde_json::from_str(answer["body"].as_str().unwrap()).unwrap();
    assert_eq!(
        body,
        json!({"errorType": "request-too-large", "error": "request-too-large", "message": "Too big.",
        "messageTranslations": {"en": "Too big."}, "httpCode": 413})
    );
    for (code, status) in [("internal-error", 500), ("core-unavailable", 501)] {
        let answer: Value =
            serde_json::from_str(&error_response(&json!({"code": code, "message": "m"}).to_string())).unwrap();
        assert_eq!(answer["status"], status, "{code}");
    }
}
