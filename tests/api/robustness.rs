//! Input never panics: every route answers hostile input with a structured 4xx.

use crate::support::*;
use strata::api::routes::ROUTES;

const BODIES: [&str; 14] = [
    "",
    "null",
    "[]",
    "\"x\"",
    "{\"statements\": 5}",
    "{\"statements\": {\"a\": {\"propertyType\": \"relation\", \"value\": [{\"target\": 5}]}}, \"schema\": \"Company\"}",
    "{\"schema\": {\"source\": \"x\", \"name\": \"Y\"}, \"statements\": {\"Status\": {\"propertyType\": \"select\", \"value\": [{\"id\": 1}]}}}",
    "{\"dependentSubjects\": [null, 1, {}], \"schema\": \"Company\", \"statements\": {}}",
    "{\"count\": 18446744073709551616}",
    "{\"targetPageId\": -1}",
    "{\"otherSubjectIds\": [1]}",
    "{\"subjectId\": 7}",
    "{\"schema\": {\"propertyDefinitions\": {\"\": {\"type\": \"text\"}}}}",
    "{\"statement\": {\"propertyType\": \"monolingualText\", \"value\": [{\"text\": \"a\", \"language\": \"--\"}]}}",
];

const SEGMENTS: [&str; 6] = ["s1map1aaaaaaa01", "%FF%FE", "0", "18446744073709551616", "a%2Fb", "local:"];

#[test]
fn hostile_requests_get_structured_client_errors() {
    let host = example_host();
    for route in ROUTES {
        for seg in SEGMENTS {
            let path: String =
                route.path.split('/').map(|p| if p.starts_with('{') { seg } else { p }).collect::<Vec<_>>().join("/");
            for body in BODIES {
                let query = [
                    ("limit", "99999999999999999999"),
                    ("expand", "page|"),
                    ("revisionId", "-0"),
                    ("cursor", "dDE6w6k"),
                ];
                let (status, answer) =
                    call_raw(&host, Who::Sysop, route.method.as_str(), &path, &query, Some(body.into()));
                assert!(status < 500, "{} {path} {body}: {status} {answer}", route.method.as_str());
                if status >= 400 {
                    error_code(status, &answer);
                }
            }
        }
    }
}

#[test]
fn a_malformed_route_request_is_the_boundarys_one_failure() {
    let host = example_host();
    for text in ["", "{", "{\"method\": 5}", "{\"method\": \"GET\", \"path\": \"/x\"}"] {
        let e = pollster::block_on(strata::api::text::handle_route_text(&host, text)).unwrap_err();
        assert!(e.starts_with("request: "), "{text}: {e}");
    }
}
