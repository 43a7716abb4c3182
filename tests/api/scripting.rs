//! The scripting accessors (`handlePageAction` with `action: getSubjects` and `action: query`,
//! `docs/scripting.md`): a page's Subjects main first with `isMainSubject`, and queries from wikitext
//! or scripts in the `default` tier, answered as a table with its HTML or as a visible error.

use crate::support::*;
use serde_json::{json, Value};
use strata::host::memory::{MemoryHost, Viewer};
use strata::host::{namespace, CypherAnswer, Settings, StoreAnswer, StoreSettings};

fn acting(host: &MemoryHost, who: &strata::app::Caller) -> MemoryHost {
    host.acting_as(Viewer { name: who.name.clone(), rights: who.rights.clone() })
}

fn get_subjects(host: &MemoryHost, who: Who, title: &str) -> Value {
    let who = caller(who);
    let request = json!({"action": "getSubjects", "namespace": namespace::MAIN, "title": title, "caller": who});
    let answer = page_action(&acting(host, &who), &request.to_string());
    assert_eq!(answer["ok"], true, "{answer}");
    answer["result"].clone()
}

#[test]
fn get_subjects_answers_the_main_subject_first_and_flags_every_subject() {
    let host = example_host();
    add_club(&host);
    seed_subject_page(
        &host,
        namespace::MAIN,
        "Ordered",
        &json!({"mainSubject": "s1order1aaaaaa2", "subjects": {
        "s1order1aaaaaa1": {"schema": "Club", "label": "One", "statements": {}},
        "s1order1aaaaaa2": {"schema": "Club", "label": "Two", "statements": {}},
        "s1order1aaaaaa3": {"schema": "Club", "label": "Three", "statements": {}}}})
        .to_string(),
    );
    let answer = get_subjects(&host, Who::User, "Ordered");
    assert_eq!(answer["pageId"], page_id(&host, "Ordered"));
    let order: Vec<(&str, bool)> = answer["subjects"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["label"].as_str().unwrap(), s["isMainSubject"].as_bool().unwrap()))
        .collect();
    assert_eq!(order, [("Two", true), ("One", false), ("Three", false)], "main first, then the others in page order");
    let club = get_subjects(&host, Who::User, "Chess Club");
    let subjects = club["subjects"].as_array().unwrap();
    assert_eq!(subjects.iter().map(|s| s["id"].as_str().unwrap()).collect::<Vec<_>>(), [CLUB, MEMBERSHIP, PERIOD]);
    let main = &subjects[0];
    assert_eq!((main["displayName"].as_str(), main["schema"].as_str()), (Some("Chess Club"), Some("Club")));
    assert_eq!(
        main["statements"]["Members"]["value"][0]["target"], MEMBERSHIP,
        "the Subject read object of the REST API"
    );
    assert_eq!(subjects[1]["hostSubject"]["id"], CLUB, "a Dependent Subject carries its host chain");
}

#[test]
fn a_page_without_a_main_subject_missing_or_unreadable_has_only_its_subjects_or_none() {
    let host = example_host();
    seed_subject_page(
        &host,
        namespace::MAIN,
        "Loose",
        &json!({"subjects": {
        "s1loose1aaaaaa1": {"schema": "Club", "label": "One", "statements": {}},
        "s1loose1aaaaaa2": {"schema": "Club", "label": "Two", "statements": {}}}})
        .to_string(),
    );
    let loose = get_subjects(&host, Who::User, "Loose");
    let flags: Vec<bool> =
        loose["subjects"].as_array().unwrap().iter().map(|s| s["isMainSubject"].as_bool().unwrap()).collect();
    assert_eq!(flags, [false, false]);
    let none = json!({"pageId": null, "subjects": []});
    assert_eq!(get_subjects(&host, Who::User, "Nowhere"), none);
    assert_eq!(
        get_subjects(&host, Who::Restricted, "Polder survey of 1672"),
        none,
        "unreadable looks exactly like missing"
    );
    assert_ne!(get_subjects(&host, Who::User, "Polder survey of 1672")["subjects"], json!([]));
}

fn host_with_stores() -> MemoryHost {
    let mut settings = Settings {
        query_limits: json!({"default": {"timeoutSeconds": 7, "maxRows": 3}, "expensive": {"timeoutSeconds": 70, "maxRows": 30}}),
        ..Settings::default()
    };
    settings
        .stores
        .insert("graph".into(), StoreSettings { store_type: "falkordb".into(), projection: "native".into() });
    settings
        .stores
        .insert("rdf".into(), StoreSettings { store_type: "sparql-http".into(), projection: "native".into() });
    MemoryHost::new(settings)
}

fn query(host: &MemoryHost, who: strata::app::Caller, language: &str, text: &str) -> Value {
    let request = json!({"action": "query", "namespace": 0, "title": "Report", "language": language, "query": text, "caller": who});
    let answer = page_action(&acting(host, &who), &request.to_string());
    assert_eq!(answer["ok"], true, "a query answers a result even when it fails: {answer}");
    answer["result"].clone()
}

fn names_reply() -> CypherAnswer {
    CypherAnswer {
        ok: true,
        reply: json!([
            [[1, "name"]],
            [[[2, "ACME <Inc>"]], [[2, "Globex"]]],
            ["Query internal execution time: 1 milliseconds"]
        ]),
        catalog: json!({"labels": [], "relationshipTypes": [], "propertyKeys": []}),
        kind: None,
        detail: None,
    }
}

#[test]
fn a_cypher_query_runs_in_the_default_tier_whoever_calls_and_renders_a_table() {
    let host = host_with_stores();
    host.answer_cypher(names_reply());
    host.allow_uses(0);
    let answer = query(&host, caller(Who::Sysop), "cypher", "MATCH (s:Subject) RETURN s.name AS name");
    assert_eq!(answer["ok"], true, "{answer}");
    assert_eq!(
        (&answer["columns"], &answer["rows"], &answer["truncated"]),
        (&json!(["name"]), &json!([{"name": "ACME <Inc>"}, {"name": "Globex"}]), &json!(false))
    );
    let html = answer["html"].as_str().unwrap();
    assert!(html.contains("<tr><td>ACME &lt;Inc&gt;</td></tr>"), "{html}");
    let sent = host.cypher_queries();
    assert_eq!(
        (sent[0].timeout_ms, sent[0].max_rows),
        (7_000, 3),
        "the default tier, although the caller has apihighlimits"
    );
    assert!(sent[0].query.ends_with("LIMIT 4\n"), "{}", sent[0].query);
    assert_eq!(host.projection_waits(), [], "a page's query never waits for store writes: it may run inside the save");
    assert_eq!(
        query(&host, caller(Who::User), "cypher", "MATCH (s) RETURN s.name AS name")["ok"],
        true,
        "not counted against the rate limit"
    );
}

#[test]
fn a_sparql_query_answers_the_same_table_shape() {
    let host = host_with_stores();
    let body = r#"{"head":{"vars":["s"]},"results":{"bindings":[{"s":{"type":"uri","value":"https://w/entity/s1"}}]}}"#;
    host.answer_sparql(StoreAnswer {
        ok: true,
        content_type: Some("application/sparql-results+json".into()),
        body: Some(body.into()),
        kind: None,
        status: None,
        detail: None,
    });
    let answer = query(&host, caller(Who::Bot), "sparql", "SELECT ?s WHERE { ?s ?p ?o }");
    assert_eq!((&answer["columns"], &answer["rows"]), (&json!(["s"]), &json!([{"s": "https://w/entity/s1"}])));
    assert_eq!(host.sparql_queries()[0].timeout_ms, 7_000);
}

#[test]
fn refused_and_failed_queries_are_visible_errors_with_the_stable_error_types() {
    let host = host_with_stores();
    host.answer_cypher(CypherAnswer {
        ok: false,
        reply: json!(null),
        catalog: json!(null),
        kind: Some("syntax".into()),
        detail: Some("Invalid <input>".into()),
    });
    let mut no_right = caller(Who::User);
    no_right.rights.retain(|r| r != "strata-query");
    let cases: &[(strata::app::Caller, &str, &str, &str)] = &[
        (no_right, "cypher", "MATCH (n) RETURN n", "permissionDenied"),
        (caller(Who::User), "cypher", " ", "emptyQuery"),
        (caller(Who::User), "cypher", "MATCH (n) DETACH DELETE n", "writeQueryRejected"),
        (caller(Who::User), "cypher", "MATCH (n {id: $id}) RETURN n", "parameterMissing"),
        (caller(Who::User), "cypher", "MATCH (n RETURN n", "cypherSyntaxError"),
        (caller(Who::User), "sparql", "CONSTRUCT { ?a ?b ?c } WHERE { ?a ?b ?c }", "unsupportedQueryForm"),
    ];
    for (who, language, text, error_type) in cases {
        let answer = query(&host, who.clone(), language, text);
        assert_eq!(
            (answer["ok"].as_bool(), answer["errorType"].as_str()),
            (Some(false), Some(*error_type)),
            "{text}: {answer}"
        );
        let html = answer["html"].as_str().unwrap();
        assert!(
            html.starts_with(&format!(
                "<strong class=\"error strata-query-error\">Strata query failed ({error_type}): "
            )),
            "{html}"
        );
    }
    let syntax = query(&host, caller(Who::User), "cypher", "MATCH (n RETURN n");
    assert!(
        syntax["html"].as_str().unwrap().contains("Invalid &lt;input&gt;"),
        "the store's message, escaped: {syntax}"
    );
    let storeless = MemoryHost::new(Settings::default());
    assert_eq!(query(&storeless, caller(Who::User), "cypher", "MATCH (n) RETURN n")["errorType"], "backendUnavailable");
    assert_eq!(
        query(&storeless, caller(Who::User), "sparql", "ASK { ?a ?b ?c }")["errorType"],
        "sparqlStoreUnavailable"
    );
    let request =
        json!({"action": "query", "namespace": 0, "title": "Report", "query": "RETURN 1", "caller": caller(Who::User)});
    assert_eq!(
        page_action(&storeless, &request.to_string())["error"]["code"],
        "strata-invalid-request",
        "a query needs its language"
    );
}

#[test]
fn a_parser_functions_arguments_are_the_query_and_its_last_dollar_arguments_its_parameters() {
    let host = host_with_stores();
    host.answer_cypher(names_reply());
    let who = caller(Who::User);
    let run = |arguments: Value| {
        let request = json!({"action": "query", "namespace": 0, "title": "Report", "language": "cypher", "arguments": arguments, "caller": who});
        page_action(&acting(&host, &who), &request.to_string())
    };
    let answer = run(json!([
        "MATCH (g:Gauge)-[:A",
        "B]->(s) WHERE g.Reading > $min AND s.name = $name RETURN g.name AS name ",
        " $min = 1.5",
        "$name = ACME"
    ]));
    assert_eq!(answer["result"]["ok"], true, "{answer}");
    let sent = &host.cypher_queries()[0].query;
    assert!(sent.starts_with("CYPHER min=1.5 name='ACME' MATCH (g:Gauge)-[:A|B]->(s) WHERE"), "{sent}");
    let twice = run(json!(["RETURN $a AS a", "$a = 1", "$a = 2"]));
    assert_eq!(
        (twice["result"]["ok"].as_bool(), twice["result"]["errorType"].as_str()),
        (Some(false), Some("invalid-body")),
        "{twice}"
    );
    let missing = run(json!(["RETURN $a AS a", "$b = 1"]));
    assert_eq!(missing["result"]["errorType"], "parameterMissing", "{missing}");
    let request = json!({"action": "query", "namespace": 0, "title": "Report", "language": "cypher", "arguments": ["RETURN 1"], "query": "RETURN 1", "caller": who});
    assert_eq!(
        page_action(&acting(&host, &who), &request.to_string())["error"]["code"],
        "strata-invalid-request",
        "arguments or a query, not both"
    );
}
