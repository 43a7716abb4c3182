//! What a SPARQL server's HTTP answer means. A host passes the answer on as it came: a 2xx answer as
//! `{ok: true, contentType, body}`, any other as `{ok: false, kind: "errorReply", status, detail}`
//! with the body as detail (`docs/stores.md`). The core reads both here, once for every host.

use serde::de::IgnoredAny;
use serde::Deserialize;

pub const RESULTS_JSON: &str = "application/sparql-results+json";

/// The failure kind of an `errorReply` (`docs/architecture.md`). With an HTTP status other than 2xx:
/// the server refused the query (4xx), failed or is down (5xx), or answered something else. With
/// none, `detail` is what the embedded store (npm `oxigraph` 0.5, pinned) threw: its SPARQL parser's
/// `error at LINE:COLUMN: ...` and its refusal of a `SERVICE` call (`The service <...> is not
/// supported`) refuse the query; any other message failed during evaluation.
pub fn reply_failure_kind(status: Option<u16>, detail: &str) -> &'static str {
    match status {
        Some(500..) => "unavailable",
        Some(400..=499) => "syntax",
        Some(_) => "internal",
        None if is_parse_error(detail) || is_service_refusal(detail) => "syntax",
        None => "internal",
    }
}

/// `error at 1:25: expected ...`
fn is_parse_error(message: &str) -> bool {
    let Some(rest) = message.strip_prefix("error at ") else { return false };
    let Some((position, _)) = rest.split_once(": ") else { return false };
    let mut numbers = position.split(':');
    let number = |n: Option<&str>| n.is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
    number(numbers.next()) && number(numbers.next()) && numbers.next().is_none()
}

/// `The service <http://example.org/sparql> is not supported`
fn is_service_refusal(message: &str) -> bool {
    message.starts_with("The service <") && message.ends_with("> is not supported")
}

/// Whether a 2xx answer is a SPARQL results JSON document: its media type, then a JSON object with
/// `head` and either `results.bindings` (SELECT) or a boolean (ASK). The parse keeps nothing, and
/// catches a truncated body or a login page a proxy answered in the server's place.
pub fn is_results_json(content_type: &str, body: &str) -> bool {
    #[derive(Deserialize)]
    struct Results {
        #[serde(rename = "bindings")]
        _bindings: Vec<IgnoredAny>,
    }
    #[derive(Deserialize)]
    struct Document {
        head: Option<serde_json::Map<String, serde_json::Value>>,
        results: Option<Results>,
        boolean: Option<bool>,
    }
    let media_type = content_type.split(';').next().unwrap_or("").trim().to_ascii_lowercase();
    if media_type != RESULTS_JSON && media_type != "application/json" {
        return false;
    }
    matches!(serde_json::from_str::<Document>(body), Ok(d) if d.head.is_some() && (d.results.is_some() || d.boolean.is_some()))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SELECT: &str = r#"{"head":{"vars":["a"]},"results":{"bindings":[{"a":{"type":"literal","value":"1"}}]}}"#;

    #[test]
    fn statuses_other_than_2xx_have_one_failure_kind_each() {
        let cases = [
            (Some(400), "syntax"),
            (Some(406), "syntax"),
            (Some(499), "syntax"),
            (Some(500), "unavailable"),
            (Some(503), "unavailable"),
            (Some(302), "internal"),
            (Some(204), "internal"),
        ];
        for (status, kind) in cases {
            assert_eq!(reply_failure_kind(status, "error at 1:1: expected x"), kind, "{status:?}");
        }
    }

    /// The embedded store's messages (`tests/conformance/oxigraph-messages.json`, checked on the
    /// store itself by `host-shim/test/stores-sparql.test.js`), then near misses.
    #[test]
    fn the_embedded_stores_messages_have_one_failure_kind_each() {
        let corpus: serde_json::Value =
            serde_json::from_str(include_str!("../../tests/conformance/oxigraph-messages.json")).unwrap();
        let cases = corpus["cases"].as_array().unwrap();
        assert!(cases.len() >= 5);
        for case in cases {
            let (message, kind) = (case["message"].as_str().unwrap(), case["kind"].as_str().unwrap());
            assert_eq!(reply_failure_kind(None, message), kind, "{}: {message}", case["query"]);
        }
        let near_misses = [
            "error at x:1: expected y",
            "error at 1:2:3: expected y",
            "error at 1: expected y",
            "an error at 1:1: inside",
            "The service <x> is not supported, and more",
            "",
        ];
        for message in near_misses {
            assert_eq!(reply_failure_kind(None, message), "internal", "{message}");
        }
    }

    #[test]
    fn only_a_results_document_is_an_answer() {
        let cases = [
            ("application/sparql-results+json", SELECT, true),
            ("application/sparql-results+json; charset=utf-8", r#"{"head":{},"boolean":true}"#, true),
            ("application/json", SELECT, true),
            ("text/html", "<html>login</html>", false),
            ("application/json", r#"{"error":"none"}"#, false),
            (RESULTS_JSON, &SELECT[..30], false),
            (RESULTS_JSON, r#"{"head":{},"results":{}}"#, false),
            (RESULTS_JSON, "[]", false),
            (RESULTS_JSON, r#"{"head":{},"boolean":"yes"}"#, false),
            ("", "", false),
        ];
        for (content_type, body, expected) in cases {
            assert_eq!(is_results_json(content_type, body), expected, "{content_type} {body}");
        }
    }
}
