//! The query endpoints: `POST /query/sparql` and `POST /query/cypher`.

use crate::support::*;
use serde_json::json;
use strata::host::memory::MemoryHost;
use strata::host::{AwaitProjection, CypherAnswer, LogLevel, Settings, StoreAnswer, StoreKind, StoreSettings};

const SELECT: &str = "PREFIX s: <http://x/> SELECT ?a WHERE { ?a ?b ?c } LIMIT 1";
const RESULTS: &str = "{\"head\":{\"vars\":[\"a\"]},\"results\":{\"bindings\":[]},\"x-extra\":1.0}";

fn host_with_sparql(query_limits: serde_json::Value) -> MemoryHost {
    let mut settings = Settings { query_limits, ..Settings::default() };
    settings
        .stores
        .insert("rdf".into(), StoreSettings { store_type: "oxigraph-embedded".into(), projection: "native".into() });
    MemoryHost::new(settings)
}

fn answer(ok: bool, kind: Option<&str>, detail: &str) -> StoreAnswer {
    StoreAnswer {
        ok,
        content_type: ok.then(|| "application/sparql-results+json".into()),
        body: ok.then(|| RESULTS.into()),
        kind: kind.map(Into::into),
        status: None,
        detail: Some(detail.into()),
    }
}

fn query(host: &MemoryHost, who: Who, q: &str) -> (u16, serde_json::Value) {
    call(host, who, "POST", "/strata/v0/query/sparql", &[], Some(json!({"query": q})))
}

#[test]
fn the_route_exists_only_with_a_sparql_store() {
    let plain = MemoryHost::default();
    let (status, body) = query(&plain, Who::Anonymous, SELECT);
    assert_eq!((status, error_code(status, &body).as_str()), (404, "rest-no-match"));
    let (_, doc) = call(&plain, Who::Anonymous, "GET", "/specs/v0/module/-", &[], None);
    assert!(doc["paths"].get("/strata/v0/query/sparql").is_none());
    let (_, doc) = call(&host_with_sparql(json!(null)), Who::Anonymous, "GET", "/specs/v0/module/-", &[], None);
    assert!(doc["paths"]["/strata/v0/query/sparql"]["post"].is_object());
}

#[test]
fn results_are_relayed_unchanged() {
    let host = host_with_sparql(json!(null));
    host.answer_sparql(answer(true, None, ""));
    let mut c = caller(Who::Anonymous);
    c.csrf_valid = false;
    let response =
        respond(&host, c, "POST", "/strata/v0/query/sparql", &[], &[], Some(json!({"query": SELECT}).to_string()));
    assert_eq!(response.status, 200, "no CSRF token needed");
    assert_eq!(response.body, RESULTS);
    assert_eq!(response.headers["content-type"], "application/sparql-results+json");
}

#[test]
fn query_errors_have_the_stable_codes() {
    let host = host_with_sparql(json!(null));
    host.answer_sparql(answer(false, Some("syntax"), "Parse error at 1:5"));
    let cases: &[(&str, u16, &str)] = &[
        ("  ", 400, "emptyQuery"),
        ("CONSTRUCT { ?a ?b ?c } WHERE { ?a ?b ?c }", 400, "unsupportedQueryForm"),
        ("DESCRIBE <http://x/>", 400, "unsupportedQueryForm"),
        ("INSERT DATA { <a:a> <a:b> <a:c> }", 400, "unsupportedQueryForm"),
        ("SELEKT ?a", 400, "sparqlSyntaxError"),
    ];
    for (q, status, code) in cases {
        let (got, body) = query(&host, Who::User, q);
        assert_eq!((got, error_code(got, &body)), (*status, (*code).to_owned()), "{q}");
    }
    let (_, body) = query(&host, Who::User, "SELEKT ?a");
    assert!(
        body["message"].as_str().unwrap().starts_with("The query is not valid SPARQL 1.1: error at 1:10: expected "),
        "{body}"
    );
    // A federated query never reaches the store (which would answer it): a SPARQL server fetches
    // whatever address SERVICE names. Nor does any other refused query.
    host.answer_sparql(answer(true, None, ""));
    let (got, body) =
        query(&host, Who::User, "SELECT * { ?s ?p ?o .SERVICE <http://127.0.0.1:9/sparql> { ?s ?p ?o } }");
    assert_eq!((got, error_code(got, &body).as_str()), (400, "unsupportedQueryForm"));
    assert_eq!(body["message"], "The query calls a service (SERVICE): federated queries do not run here, since the store would fetch the address it names.");
    assert!(host.sparql_queries().is_empty(), "no refused query reached the store");
    // The store is sent the checked query written back as SPARQL.
    assert_eq!(query(&host, Who::User, SELECT).0, 200);
    assert_eq!(host.sparql_queries()[0].query, "SELECT ?a WHERE { ?a ?b ?c . } LIMIT 1");
    for (kind, status, code) in [("unavailable", 503, "sparqlStoreUnavailable"), ("internal", 500, "internalError")] {
        host.answer_sparql(answer(false, Some(kind), "boom"));
        let (got, body) = query(&host, Who::User, SELECT);
        assert_eq!((got, error_code(got, &body)), (status, code.to_owned()), "{kind}");
    }
    let mut no_right = caller(Who::User);
    no_right.rights.retain(|r| r != "strata-query");
    let (status, body) =
        call_as(&host, no_right, "POST", "/strata/v0/query/sparql", &[], Some(json!({"query": SELECT}).to_string()));
    assert_eq!((status, error_code(status, &body).as_str()), (403, "permissionDenied"));
}

#[test]
fn the_servers_own_answers_are_read_by_the_core() {
    let host = host_with_sparql(json!(null));
    let statuses = [
        (400, 400, "sparqlSyntaxError"),
        (406, 400, "sparqlSyntaxError"),
        (500, 503, "sparqlStoreUnavailable"),
        (302, 500, "internalError"),
    ];
    for (store_status, status, code) in statuses {
        host.answer_sparql(StoreAnswer { status: Some(store_status), ..answer(false, Some("errorReply"), "the body") });
        let (got, body) = query(&host, Who::User, SELECT);
        assert_eq!((got, error_code(got, &body)), (status, code.to_owned()), "{store_status}");
    }
    // The embedded store's own messages, with no status (tests/conformance/oxigraph-messages.json).
    let messages = [
        ("error at 1:25: expected one of LATERAL, SERVICE, [_]", 400, "sparqlSyntaxError"),
        ("The service <http://127.0.0.1:9/x> is not supported", 400, "sparqlSyntaxError"),
        ("Not supported RDF format media type: application/sparql-results+json", 500, "internalError"),
    ];
    for (message, status, code) in messages {
        host.answer_sparql(answer(false, Some("errorReply"), message));
        let (got, body) = query(&host, Who::User, SELECT);
        assert_eq!((got, error_code(got, &body)), (status, code.to_owned()), "{message}");
        if status == 400 {
            assert_eq!(body["message"], message, "the store's message is the caller's");
        }
    }
    let cases =
        [("text/html", "<html>login</html>"), ("application/sparql-results+json", "{\"head\":{\"vars\":[]},\"res")];
    for (content_type, body) in cases {
        host.answer_sparql(StoreAnswer {
            content_type: Some(content_type.into()),
            body: Some(body.into()),
            ..answer(true, None, "")
        });
        let (got, answer) = query(&host, Who::User, SELECT);
        assert_eq!((got, error_code(got, &answer).as_str()), (500, "internalError"), "{body}");
        assert!(answer["message"].as_str().unwrap().contains("not a SPARQL results JSON document"), "{answer}");
    }
}

#[test]
fn rate_limits_and_tiers() {
    let host = host_with_sparql(
        json!({"default": {"timeoutSeconds": 5, "maxRows": 10}, "expensive": {"timeoutSeconds": 60, "maxRows": 100}}),
    );
    host.answer_sparql(answer(true, None, ""));
    host.allow_uses(1);
    assert_eq!(query(&host, Who::User, SELECT).0, 200);
    let (status, body) = query(&host, Who::User, SELECT);
    assert_eq!((status, error_code(status, &body).as_str()), (429, "rateLimitExceeded"));
    assert_eq!(query(&host, Who::Sysop, SELECT).0, 200, "noratelimit");
    let timeouts: Vec<u64> = host.sparql_queries().iter().map(|q| q.timeout_ms).collect();
    assert_eq!(timeouts, [5_000, 60_000]);
    let defaults = host_with_sparql(json!(null));
    defaults.answer_sparql(answer(true, None, ""));
    query(&defaults, Who::User, SELECT);
    query(&defaults, Who::Bot, SELECT);
    assert_eq!(defaults.sparql_queries().iter().map(|q| q.timeout_ms).collect::<Vec<_>>(), [30_000, 300_000]);
}

fn host_with_graph() -> MemoryHost {
    let mut settings = Settings::default();
    settings
        .stores
        .insert("graph".into(), StoreSettings { store_type: "falkordb".into(), projection: "native".into() });
    MemoryHost::new(settings)
}

fn reply(rows: serde_json::Value) -> CypherAnswer {
    CypherAnswer {
        ok: true,
        reply: json!([[[1, "n"]], rows, ["Query internal execution time: 1.2 milliseconds"]]),
        catalog: json!({"labels": ["Subject"], "relationshipTypes": [], "propertyKeys": ["id"]}),
        kind: None,
        detail: None,
    }
}

fn cypher(host: &MemoryHost, who: Who, body: serde_json::Value) -> (u16, serde_json::Value) {
    call(host, who, "POST", "/strata/v0/query/cypher", &[], Some(body))
}

#[test]
fn cypher_reads_run_guarded_with_their_parameters() {
    let plain = MemoryHost::default();
    assert_eq!(
        cypher(&plain, Who::User, json!({"cypher": "MATCH (n) RETURN n"})).0,
        404,
        "no graph database, no route"
    );
    let host = host_with_graph();
    host.answer_cypher(reply(json!([[[8, [7, [0], [[0, 2, "s1map1aaaaaaa01"]]]]]])));
    let (status, body) = cypher(
        &host,
        Who::Bot,
        json!({"cypher": "MATCH (n:Subject {id: $id}) RETURN n", "parameters": {"id": "s1map1aaaaaaa01"}}),
    );
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body,
        json!({"columns": ["n"], "rows": [{"n": {"id": 7, "labels": ["Subject"], "properties": {"id": "s1map1aaaaaaa01"}}}], "truncated": false, "resultCount": 1, "durationMs": 1})
    );
    let sent = host.cypher_queries();
    assert_eq!(
        sent[0].query, "CYPHER id='s1map1aaaaaaa01' MATCH (n:Subject {id: $id}) RETURN n\nLIMIT 50001\n",
        "bounded to the row cap plus one"
    );
    assert_eq!((sent[0].timeout_ms, sent[0].max_rows), (300_000, 50_000), "the expensive tier for apihighlimits");
    let catalog: Vec<(&str, &str)> = sent[0].catalog.iter().map(|r| (r.key.as_str(), r.query.as_str())).collect();
    assert_eq!(
        catalog,
        [
            ("labels", "CALL db.labels()"),
            ("relationshipTypes", "CALL db.relationshipTypes()"),
            ("propertyKeys", "CALL db.propertyKeys()")
        ]
    );
}

#[test]
fn cypher_refusals() {
    let host = host_with_graph();
    host.answer_cypher(CypherAnswer {
        ok: false,
        reply: json!(null),
        catalog: json!(null),
        kind: Some("syntax".into()),
        detail: Some("errMsg: Invalid input".into()),
    });
    let cases: &[(serde_json::Value, u16, &str)] = &[
        (json!({"cypher": " "}), 400, "emptyQuery"),
        (json!({"cypher": "MATCH (n) DETACH DELETE n"}), 422, "writeQueryRejected"),
        (json!({"cypher": "CALL db.clear()"}), 422, "writeQueryRejected"),
        (json!({"cypher": "MATCH (n {id: $id}) RETURN n"}), 400, "parameterMissing"),
        (json!({"cypher": "RETURN $x", "parameters": {"x": "a\u{0}"}}), 400, "invalid-body"),
        (json!({"cypher": "MATCH (n RETURN n"}), 400, "cypherSyntaxError"),
        (json!({"cypher": 5}), 400, "invalid-body"),
    ];
    for (body, status, code) in cases {
        let (got, answer) = cypher(&host, Who::User, body.clone());
        assert_eq!((got, error_code(got, &answer)), (*status, (*code).to_owned()), "{body}");
    }
    let kinds = [
        ("timeout", 408, "queryTimeout"),
        ("tooLarge", 422, "queryTooExpensive"),
        ("unavailable", 503, "backendUnavailable"),
        ("readOnly", 422, "writeQueryRejected"),
        ("other", 500, "internalError"),
    ];
    for (kind, status, code) in kinds {
        host.answer_cypher(CypherAnswer {
            ok: false,
            reply: json!(null),
            catalog: json!(null),
            kind: Some(kind.into()),
            detail: Some("x".into()),
        });
        let (got, answer) = cypher(&host, Who::User, json!({"cypher": "MATCH (n) RETURN n"}));
        assert_eq!((got, error_code(got, &answer)), (status, code.to_owned()), "{kind}");
    }
    let replies = [
        ("Query timed out", 408, "queryTimeout"),
        ("Query's mem consumption exceeded capacity", 422, "queryTooExpensive"),
        ("graph.RO_QUERY is to be executed only on read-only queries", 422, "writeQueryRejected"),
        ("LOADING Redis is loading the dataset in memory", 503, "backendUnavailable"),
        ("Unknown function 'foo'", 400, "cypherSyntaxError"),
    ];
    for (message, status, code) in replies {
        host.answer_cypher(CypherAnswer {
            ok: false,
            reply: json!(null),
            catalog: json!(null),
            kind: Some("errorReply".into()),
            detail: Some(message.into()),
        });
        let (got, answer) = cypher(&host, Who::User, json!({"cypher": "MATCH (n) RETURN n"}));
        assert_eq!((got, error_code(got, &answer)), (status, code.to_owned()), "{message}");
    }
    host.answer_cypher(CypherAnswer {
        ok: false,
        reply: json!(null),
        catalog: json!(null),
        kind: Some("errorReply".into()),
        detail: Some("ERR Invalid graph operation on empty key".into()),
    });
    let (got, answer) = cypher(&host, Who::User, json!({"cypher": "MATCH (n) RETURN n"}));
    assert_eq!((got, &answer["rows"]), (200, &json!([])), "a graph never written has no rows: {answer}");
    host.answer_cypher(CypherAnswer { ok: true, reply: json!([1, 2]), catalog: json!({}), kind: None, detail: None });
    let (got, answer) = cypher(&host, Who::User, json!({"cypher": "MATCH (n) RETURN n"}));
    assert_eq!((got, error_code(got, &answer).as_str()), (500, "internalError"), "a reply that does not decode");
    assert!(host.cypher_queries().iter().all(|q| !q.query.contains("DELETE")), "refused queries never reach the host");
}

#[test]
fn store_queries_and_the_listing_wait_for_pending_writes_then_answer_with_what_the_store_holds() {
    let host = host_with_graph();
    host.answer_cypher(reply(json!([])));
    let wait = |kind| AwaitProjection { kind, wait_ms: 5_000 };
    assert_eq!(cypher(&host, Who::User, json!({"cypher": "MATCH (n) RETURN n"})).0, 200);
    assert_eq!(host.projection_waits(), [wait(Some(StoreKind::Graph))], "the lifecycle's queryWaitSeconds");
    assert_eq!(host.logs(), [], "nothing was left pending");
    assert_eq!(call(&host, Who::Sysop, "GET", "/strata/v0/graph-stores", &[], None).0, 200);
    assert_eq!(host.projection_waits()[1], wait(None), "the listing waits for every store");
    assert_eq!(cypher(&host, Who::User, json!({"cypher": "MATCH (n) DETACH DELETE n"})).0, 422);
    assert_eq!(host.projection_waits().len(), 2, "a refused query waits for nothing");

    host.leave_projection_pending(2);
    let (status, body) = cypher(&host, Who::User, json!({"cypher": "MATCH (n) RETURN n"}));
    assert_eq!(status, 200, "at the bound the query answers (atQueryWaitBound): {body}");
    let logs = host.logs();
    assert_eq!(logs.len(), 1);
    assert_eq!(logs[0].level, LogLevel::Warning);
    assert_eq!(logs[0].message, "2 store write(s) still pending after 5 s: answered with what the store holds");

    let sparql = host_with_sparql(json!(null));
    sparql.answer_sparql(answer(true, None, ""));
    assert_eq!(query(&sparql, Who::User, SELECT).0, 200);
    assert_eq!(sparql.projection_waits(), [wait(Some(StoreKind::Sparql))]);
}
