//! RDF export of pages and Subjects, and concept-URI dereferencing.

use crate::support::*;
use oxrdf::{NamedNodeRef, Quad, Subject};
use serde_json::{json, Value};
use std::collections::HashSet;
use strata::api::Response;
use strata::host::memory::{Deny, MemoryHost};
use strata::host::{namespace, IndexRows, Settings};

const BASE: &str = "https://wiki.example";
/// Polder survey of 1672, the only Subject on its page; `Mallory` may not read the page.
const ACME: &str = "s1map1aaaaaaa01";

/// The example wiki under `BASE`, with its Mappings (targets `schemaorg` and `dcterms`), one more
/// `schemaorg` Mapping for `Map`, and one Mapping page (target `hidden`) that `Mallory` may not read.
fn rdf_host() -> MemoryHost {
    let host = example_host();
    host.set_settings(Settings { rdf_base_uri: format!("{BASE}/"), ..Settings::default() });
    let mut saves = Vec::new();
    for entry in std::fs::read_dir(example_dir().join("Mapping")).unwrap() {
        let path = entry.unwrap().path();
        let title = path.file_stem().unwrap().to_string_lossy().replace('_', " ");
        saves.push(page(
            namespace::MAPPING,
            &title,
            Some(std::fs::read_to_string(&path).unwrap()),
            None,
            IndexRows::default(),
        ));
    }
    let map = json!({"version": 1, "schema": "Map", "target": "schemaorg", "prefixes": {"schema": "https://schema.org/"},
        "subject": {"class": "schema:Map"}, "properties": {"Title": {"predicate": "schema:name"}, "Surveyor": {"predicate": "schema:creator"}}});
    saves.push(page(namespace::MAPPING, "Map schemaorg", Some(map.to_string()), None, IndexRows::default()));
    let hidden = json!({"version": 1, "schema": "Coordinates", "target": "hidden", "subject": {"class": "https://x.example/Place"}, "properties": {}});
    saves.push(page(namespace::MAPPING, "Coordinates hidden", Some(hidden.to_string()), None, IndexRows::default()));
    save(&host, saves);
    host.deny("Mallory", namespace::MAPPING, "Coordinates hidden", Deny::Read);
    host
}

fn get(host: &MemoryHost, who: Who, path: &str, query: &[(&str, &str)], accept: Option<&str>) -> Response {
    let headers: Vec<(&str, &str)> = accept.map(|a| ("accept", a)).into_iter().collect();
    respond(host, caller(who), "GET", path, query, &headers, None)
}

fn page_rdf(host: &MemoryHost, title: &str) -> String {
    format!("/strata/v0/page/{}/rdf", page_id(host, title))
}

fn subject_rdf(id: &str) -> String {
    format!("/strata/v0/subject/{id}/rdf")
}

fn header<'r>(r: &'r Response, name: &str) -> Option<&'r str> {
    r.headers.get(name).map(String::as_str)
}

fn quads(r: &Response) -> HashSet<Quad> {
    assert_eq!(r.status, 200, "{}", r.body);
    oxttl::TriGParser::new().for_slice(r.body.as_bytes()).map(|q| q.unwrap()).collect()
}

fn error(r: &Response) -> (u16, String, Value) {
    let body: Value = serde_json::from_str(&r.body).unwrap();
    (r.status, error_code(r.status, &body), body)
}

#[test]
fn a_page_export_is_its_named_graph_with_metadata_and_subjects() {
    let host = rdf_host();
    let r = get(&host, Who::Anonymous, &page_rdf(&host, "Polder survey of 1672"), &[("format", "trig")], None);
    let acme = page_id(&host, "Polder survey of 1672");
    assert_eq!(header(&r, "content-type"), Some("application/trig; charset=utf-8"));
    assert_eq!(header(&r, "content-disposition"), Some(format!("inline; filename=\"{acme}.trig\"").as_str()));
    assert_eq!(header(&r, "vary"), None, "an explicit format does not vary");
    let graph = format!("{BASE}/graph/native/page/{acme}");
    let q = quads(&r);
    assert!(q.iter().all(|q| q.graph_name.to_string() == format!("<{graph}>")), "every quad in the page's graph");
    let page = NamedNodeRef::new_unchecked(&format!("{BASE}/page/{acme}")).into_owned();
    let page_triples: Vec<_> = q.iter().filter(|q| q.subject == Subject::NamedNode(page.clone())).collect();
    assert!(
        page_triples.iter().any(|q| q.predicate.as_str() == format!("{BASE}/ontology/lastEditor")),
        "page facts from the record"
    );
    assert!(page_triples.iter().any(|q| q.predicate.as_str() == "http://purl.org/dc/terms/modified"));
    insta::assert_snapshot!("page_acme_trig", r.body.replace(&format!("page/{acme}"), "page/{pageId}"));
}

#[test]
fn format_comes_from_the_parameter_then_accept_then_trig() {
    let host = rdf_host();
    type Case<'a> = (Option<&'a str>, Option<&'a str>, &'a str, &'a str, bool);
    let cases: &[Case] = &[
        (None, None, "application/trig", "trig", true),
        (None, Some("application/trig"), "application/trig", "trig", true),
        (None, Some("text/turtle"), "text/turtle", "ttl", true),
        (None, Some("text/turtle, application/trig"), "application/trig", "trig", true),
        (None, Some("text/turtle;q=0.9, application/trig;q=0.1"), "application/trig", "trig", true),
        (None, Some("*/*"), "application/trig", "trig", true),
        (None, Some("text/html"), "application/trig", "trig", true),
        (Some("trig"), None, "application/trig", "trig", false),
        (Some("turtle"), None, "text/turtle", "ttl", false),
        (Some("trig"), Some("text/turtle"), "application/trig", "trig", false),
        (Some("turtle"), Some("application/trig"), "text/turtle", "ttl", false),
    ];
    for (path, name) in [
        (page_rdf(&host, "Polder survey of 1672"), page_id(&host, "Polder survey of 1672").to_string()),
        (subject_rdf(ACME), ACME.to_owned()),
    ] {
        for (format, accept, media_type, extension, vary) in cases {
            let query: Vec<(&str, &str)> = format.map(|f| ("format", f)).into_iter().collect();
            let r = get(&host, Who::Anonymous, &path, &query, *accept);
            let what = format!("{path} format={format:?} accept={accept:?}");
            assert_eq!(r.status, 200, "{what}");
            assert_eq!(header(&r, "content-type"), Some(format!("{media_type}; charset=utf-8").as_str()), "{what}");
            assert_eq!(
                header(&r, "content-disposition"),
                Some(format!("inline; filename=\"{name}.{extension}\"").as_str()),
                "{what}"
            );
            assert_eq!(header(&r, "vary"), vary.then_some("Accept"), "{what}");
            assert_eq!(
                r.body.contains(" {\n") || r.body.contains("> {"),
                *extension == "trig",
                "{what}: graph wrapper only in TriG"
            );
        }
    }
}

#[test]
fn turtle_holds_the_same_triples_without_the_graph() {
    let host = rdf_host();
    let path = page_rdf(&host, "Polder survey of 1672");
    let trig: HashSet<oxrdf::Triple> =
        quads(&get(&host, Who::Anonymous, &path, &[], None)).into_iter().map(oxrdf::Triple::from).collect();
    let turtle = get(&host, Who::Anonymous, &path, &[("format", "turtle")], None);
    let parsed: HashSet<oxrdf::Triple> =
        oxttl::TurtleParser::new().for_slice(turtle.body.as_bytes()).map(|t| t.unwrap()).collect();
    assert_eq!(parsed, trig);
}

#[test]
fn parameter_errors() {
    let host = rdf_host();
    let acme_page = page_rdf(&host, "Polder survey of 1672");
    type Case<'a> = (&'a str, &'a [(&'a str, &'a str)], u16, &'a str);
    let cases: &[Case] = &[
        (&acme_page, &[("format", "ntriples")], 400, "invalid-parameter"),
        (&acme_page, &[("format", "")], 400, "invalid-parameter"),
        (&acme_page, &[("format", "TriG")], 400, "invalid-parameter"),
        (&acme_page, &[("projection", "wikidata")], 400, "invalid-parameter"),
        (&acme_page, &[("projection", "")], 400, "invalid-parameter"),
        ("/strata/v0/page/abc/rdf", &[], 400, "invalid-parameter"),
        ("/strata/v0/page/0/rdf", &[], 400, "invalid-parameter"),
        ("/strata/v0/subject/s1demo1aaaaaaa/rdf", &[], 400, "invalid-subject-id"),
        ("/strata/v0/subject/x1demo1aaaaaaa1/rdf", &[], 400, "invalid-subject-id"),
        ("/strata/v0/entity/not-an-id", &[], 400, "invalid-subject-id"),
    ];
    for (path, query, status, code) in cases {
        let (got_status, got_code, _) = error(&get(&host, Who::Anonymous, path, query, None));
        assert_eq!((got_status, got_code.as_str()), (*status, *code), "{path} {query:?}");
    }
}

#[test]
fn an_unknown_projection_lists_the_readable_ones() {
    let host = rdf_host();
    let path = subject_rdf(ACME);
    let known = |who| error(&get(&host, who, &path, &[("projection", "nope")], None)).2["knownProjections"].clone();
    assert_eq!(known(Who::User), json!(["native", "dcterms", "hidden", "schemaorg"]));
    assert_eq!(
        known(Who::Restricted),
        json!(["native", "dcterms", "schemaorg"]),
        "an unreadable Mapping is not a projection"
    );
    let r = get(&host, Who::Restricted, &page_rdf(&host, "Agnes Reijnders"), &[("projection", "hidden")], None);
    assert_eq!(error(&r).1, "invalid-parameter");
    assert_eq!(
        get(&host, Who::User, &page_rdf(&host, "Agnes Reijnders"), &[("projection", "hidden")], None).status,
        200
    );
}

#[test]
fn an_ontology_projection_maps_subjects_and_writes_no_page_metadata() {
    let host = rdf_host();
    let acme = page_id(&host, "Polder survey of 1672");
    let r = get(&host, Who::Anonymous, &page_rdf(&host, "Polder survey of 1672"), &[("projection", "schemaorg")], None);
    let q = quads(&r);
    assert!(!q.is_empty());
    assert!(q.iter().all(|q| q.graph_name.to_string() == format!("<{BASE}/graph/schemaorg/page/{acme}>")));
    assert!(q.iter().all(|q| q.subject.to_string() != format!("<{BASE}/page/{acme}>")), "no page metadata");
    insta::assert_snapshot!("page_acme_schemaorg_trig", r.body.replace(&format!("page/{acme}"), "page/{pageId}"));

    let unmapped =
        get(&host, Who::Anonymous, &page_rdf(&host, "Agnes Reijnders"), &[("projection", "schemaorg")], None);
    assert!(quads(&unmapped).is_empty(), "a page without mapped Subjects: an empty graph, 200");
    let city = get(&host, Who::Anonymous, &subject_rdf("s1per1aaaaaaa06"), &[("projection", "schemaorg")], None);
    assert!(quads(&city).is_empty(), "a Subject whose Schema has no Mapping: an empty graph, 200");
}

#[test]
fn a_subject_export_is_exactly_its_share_of_the_page_export() {
    let host = rdf_host();
    let acme = page_id(&host, "Polder survey of 1672");
    for projection in ["native", "schemaorg"] {
        let page = quads(&get(
            &host,
            Who::Anonymous,
            &page_rdf(&host, "Polder survey of 1672"),
            &[("projection", projection)],
            None,
        ));
        let subject = quads(&get(&host, Who::Anonymous, &subject_rdf(ACME), &[("projection", projection)], None));
        let page_iri = format!("<{BASE}/page/{acme}>");
        let without_metadata: HashSet<Quad> = page.into_iter().filter(|q| q.subject.to_string() != page_iri).collect();
        // The map is the only Subject on its page.
        assert_eq!(subject, without_metadata, "{projection}");
    }
    let r = get(&host, Who::Anonymous, &subject_rdf(&format!("local:{ACME}")), &[], None);
    let q = quads(&r);
    assert!(q.iter().any(|q| q.subject.to_string().starts_with(&format!("<{BASE}/relation/"))), "reification included");
    assert_eq!(
        header(&r, "content-disposition"),
        Some(format!("inline; filename=\"{ACME}.trig\"").as_str()),
        "the bare ID names the file"
    );
    insta::assert_snapshot!("subject_acme_trig", r.body.replace(&format!("page/{acme}"), "page/{pageId}"));
}

#[test]
fn absent_unreadable_and_undescribable_are_one_404() {
    let host = rdf_host();
    let slot = json!({"mainSubject": "s1testaaaaaaau1", "subjects": {
        "s1testaaaaaaau1": {"label": "Orphan", "schema": "No such schema", "statements": {}},
    }});
    seed_subject_page(&host, namespace::MAIN, "Orphan page", &slot.to_string());
    let empty = MemoryHost::default();
    empty.set_settings(Settings { rdf_base_uri: BASE.into(), ..Settings::default() });
    let acme_page = page_rdf(&host, "Polder survey of 1672");
    let absent_page = format!("/strata/v0/page/{}/rdf", page_id(&host, "Polder survey of 1672") + 1000);
    let cases: &[(&str, Who, &str)] = &[
        ("unreadable page", Who::Restricted, &acme_page),
        ("absent page", Who::User, &absent_page),
        ("unreadable Subject", Who::Restricted, &subject_rdf(ACME)),
        ("absent Subject", Who::User, &subject_rdf("s1zzzzzzzzzzzz9")),
        ("Subject of another source", Who::User, &subject_rdf("other:s1map1aaaaaaa01")),
        ("Schema cannot be loaded", Who::User, &subject_rdf("s1testaaaaaaau1")),
        ("Schema unreadable to the caller", Who::Restricted, &subject_rdf(PERSON)),
        ("dereferencing an unreadable Subject", Who::Restricted, &format!("/strata/v0/entity/{ACME}")),
        ("dereferencing an absent Subject", Who::User, "/strata/v0/entity/s1zzzzzzzzzzzz9"),
    ];
    let absent_body = |path: &str| {
        let generic = path
            .replace(ACME, "s1zzzzzzzzzzzz9")
            .replace(PERSON, "s1zzzzzzzzzzzz9")
            .replace("s1testaaaaaaau1", "s1zzzzzzzzzzzz9");
        error(&get(&empty, Who::User, &generic, &[], None)).2["errorType"].clone()
    };
    for (what, who, path) in cases {
        let (status, code, body) = error(&get(&host, *who, path, &[], None));
        assert_eq!((status, code.as_str()), (404, "not-found"), "{what}");
        assert_eq!(body["errorType"], absent_body(path), "{what}");
    }
    let hidden = get(&host, Who::Restricted, &acme_page, &[], None);
    let absent = get(&empty, Who::Restricted, &acme_page, &[], None);
    assert_eq!(
        (hidden.status, hidden.body),
        (absent.status, absent.body),
        "unreadable is indistinguishable from absent"
    );
    assert_eq!(get(&host, Who::User, &acme_page, &[], None).status, 200);
    let orphan = quads(&get(&host, Who::User, &page_rdf(&host, "Orphan page"), &[], None));
    assert!(
        !orphan.iter().any(|q| q.subject.to_string().contains("s1testaaaaaaau1")),
        "the page export omits the Subject"
    );
    assert!(host.logs().iter().any(|l| l.message.contains("s1testaaaaaaau1")), "with a warning");
}

#[test]
fn dereferencing_redirects_by_accept() {
    let host = rdf_host();
    let rdf = |format: &str| format!("{BASE}/rest.php/strata/v0/subject/{ACME}/rdf?format={format}");
    let tab = format!("{BASE}/index.php?title=Polder_survey_of_1672&action=subjects#{ACME}");
    let cases: &[(Option<&str>, String)] = &[
        (Some("application/trig"), rdf("trig")),
        (Some("text/turtle"), rdf("turtle")),
        (Some("text/turtle, application/trig"), rdf("trig")),
        (Some("application/trig;q=0.2, text/turtle"), rdf("trig")),
        (Some("text/html"), tab.clone()),
        (Some("*/*"), tab.clone()),
        (None, tab.clone()),
        (Some("application/json"), tab.clone()),
        (Some("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"), tab.clone()),
    ];
    for (accept, want) in cases {
        let r = get(&host, Who::Anonymous, &format!("/strata/v0/entity/{ACME}"), &[], *accept);
        assert_eq!((r.status, header(&r, "location")), (303, Some(want.as_str())), "{accept:?}");
        assert_eq!(header(&r, "vary"), Some("Accept"));
    }
    let r = get(&host, Who::Anonymous, &format!("/strata/v0/entity/local:{ACME}"), &[], Some("text/turtle"));
    assert_eq!(header(&r, "location"), Some(rdf("turtle").as_str()), "the RDF endpoint names the bare ID");
    let target = header(&r, "location").unwrap().strip_prefix(&format!("{BASE}/rest.php")).unwrap().to_owned();
    let (path, query) = target.split_once('?').unwrap();
    let followed = get(&host, Who::Anonymous, path, &[("format", query.trim_start_matches("format="))], None);
    assert_eq!(
        header(&followed, "content-type"),
        Some("text/turtle; charset=utf-8"),
        "the redirect leads to the export"
    );

    host.set_settings(Settings { rdf_base_uri: BASE.into(), dereference_to_data_tab: false, ..Settings::default() });
    let r = get(&host, Who::Anonymous, &format!("/strata/v0/entity/{ACME}"), &[], Some("text/html"));
    assert_eq!(header(&r, "location"), Some(format!("{BASE}/wiki/Polder_survey_of_1672").as_str()), "the plain page");
}

#[test]
fn the_html_location_encodes_the_title() {
    let host = rdf_host();
    let slot = json!({"mainSubject": "s1testaaaaaaat1", "subjects": {"s1testaaaaaaat1": {"schema": "City", "statements": {}}}});
    seed_subject_page(&host, namespace::MAIN, "Q&A: 100% \"Ünïcode\"?", &slot.to_string());
    let r = get(&host, Who::Anonymous, "/strata/v0/entity/s1testaaaaaaat1", &[], None);
    let want =
        format!("{BASE}/index.php?title=Q%26A:_100%25_%22%C3%9Cn%C3%AFcode%22%3F&action=subjects#s1testaaaaaaat1");
    assert_eq!(header(&r, "location"), Some(want.as_str()));
}

#[test]
fn response_envelopes() {
    let host = rdf_host();
    let see_other = get(&host, Who::Anonymous, &format!("/strata/v0/entity/{ACME}"), &[], Some("text/turtle"));
    let unknown = get(&host, Who::Anonymous, &subject_rdf(ACME), &[("projection", "nope")], None);
    let turtle = get(&host, Who::Anonymous, &subject_rdf(ACME), &[], Some("text/turtle"));
    let body: Value = serde_json::from_str(&unknown.body).unwrap();
    let location = format!("{BASE}/rest.php/strata/v0/subject/{ACME}/rdf?format=turtle");
    assert_eq!((see_other.status, header(&see_other, "location")), (303, Some(location.as_str())));
    assert_eq!((unknown.status, body["errorType"].as_str()), (400, Some("invalid-parameter")));
    assert_eq!(body["knownProjections"], json!(["native", "dcterms", "hidden", "schemaorg"]));
    assert_eq!((turtle.status, header(&turtle, "content-type")), (200, Some("text/turtle; charset=utf-8")));
    let subjects: HashSet<String> =
        oxttl::TurtleParser::new().for_slice(turtle.body.as_bytes()).map(|t| t.unwrap().subject.to_string()).collect();
    assert!(subjects.contains(&format!("<{BASE}/entity/{ACME}>")), "the Turtle describes the Subject: {}", turtle.body);
    insta::assert_json_snapshot!(
        "envelopes",
        json!({
            "seeOther": see_other,
            "unknownProjection": {"status": unknown.status, "headers": unknown.headers, "body": body},
            "negotiatedTurtle": {"status": turtle.status, "headers": turtle.headers},
        })
    );
}

#[test]
fn the_openapi_document_describes_rdf_and_the_redirect() {
    let host = rdf_host();
    let (_, doc) = call(&host, Who::Anonymous, "GET", "/specs/v0/module/-", &[], None);
    let rdf = &doc["paths"]["/strata/v0/subject/{subjectId}/rdf"]["get"]["responses"]["200"]["content"];
    assert!(rdf["application/trig"].is_object() && rdf["text/turtle"].is_object(), "{rdf}");
    let entity = &doc["paths"]["/strata/v0/entity/{subjectId}"]["get"]["responses"];
    assert!(entity["303"]["headers"]["Location"].is_object(), "{entity}");
}
