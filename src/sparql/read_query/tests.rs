//! Case tables of `ReadQuery::parse`: the forms, syntax errors with their position, every place a
//! `SERVICE` call can hide in the algebra, and the text the store is sent.

use super::{ReadQuery, Refusal};

fn refusal(text: &str) -> Option<Refusal> {
    ReadQuery::parse(text).err()
}

#[test]
fn only_select_and_ask_run() {
    let cases: &[(&str, Option<Refusal>)] = &[
        ("SELECT * WHERE { ?s ?p ?o }", None),
        ("select*{?s ?p ?o}", None),
        ("SELECT (COUNT(*) AS ?n) { ?s ?p ?o }", None),
        ("ASK { ?s ?p ?o }", None),
        ("ask{}", None),
        ("PREFIX ex: <http://example.org/> BASE <http://example.org/> SELECT * { ?s ex:p <o> }", None),
        ("# SELECT\nASK {}", None),
        ("\u{feff}  \t\nSELECT * {}", None),
        ("CONSTRUCT WHERE { ?s ?p ?o }", Some(Refusal::Form("CONSTRUCT"))),
        (
            "PREFIX ex: <http://example.org/> CONSTRUCT { ?s ex:p ?o } WHERE { ?s ?p ?o }",
            Some(Refusal::Form("CONSTRUCT")),
        ),
        ("DESCRIBE <http://example.org/a>", Some(Refusal::Form("DESCRIBE"))),
        ("INSERT DATA { <a:b> <a:c> <a:d> }", Some(Refusal::Form("an update"))),
        ("DELETE WHERE { ?s ?p ?o }", Some(Refusal::Form("an update"))),
        ("WITH <http://g> DELETE { ?s ?p ?o } WHERE { ?s ?p ?o }", Some(Refusal::Form("an update"))),
        ("DROP ALL", Some(Refusal::Form("an update"))),
        ("clear default", Some(Refusal::Form("an update"))),
        ("LOAD <http://example.org/data.ttl>", Some(Refusal::Form("an update"))),
        ("COPY <http://a> TO <http://b>", Some(Refusal::Form("an update"))),
    ];
    for (text, expected) in cases {
        assert_eq!(&refusal(text), expected, "{text:?}");
    }
}

#[test]
fn text_that_is_not_sparql_is_a_syntax_error_with_its_position() {
    let cases: &[(&str, &str)] = &[
        ("", "error at 1:1"),
        ("# only a comment\n", "error at 2:1"),
        ("SELEKT ?a", "error at 1:1"),
        ("SELECT ?s WHERE { ?s ?p }", "error at 1:26"),
        ("SELECT * {\n  ?s ?p ?o .\n  FILTER(\n}", "error at 4:2"),
        ("SELECT * { ?s ?p \"open }", "error at 1:25"),
        ("SELECT * { SERV#\nICE <http://x/> { ?s ?p ?o } }", "error at 2:"),
        ("SELECT * {} ; DROP ALL", "error at 1:19"),
        ("INSERT DATA { <a:b> <a:c> <a:d> } ; SELECT * {}", "error at 1:"),
    ];
    for (text, position) in cases {
        match refusal(text) {
            Some(Refusal::Syntax(message)) => assert!(message.starts_with(position), "{text:?}: {message}"),
            other => panic!("{text:?}: {other:?}"),
        }
    }
}

#[test]
fn a_service_call_anywhere_is_refused() {
    let cases = [
        "SELECT * WHERE { SERVICE <http://127.0.0.1:9/sparql> { ?s ?p ?o } }",
        "SELECT * WHERE { ?s ?p ?o .SERVICE <http://x/> { ?a ?b ?c } }",
        "SELECT * WHERE { VALUES ?x {1} SERVICE <http://x/> { ?a ?b ?c } }",
        "SELECT * WHERE { ?s ?p ?o VALUES ?x {1} .SERVICE <http://x/> { ?a ?b ?c } }",
        "SELECT * WHERE { ?s ?p ?o . \\u0053ERVICE <http://x/> { ?a ?b ?c } }",
        "SELECT * WHERE { ?s ?p ?o . \\U00000053ERVICE <http://x/> { ?a ?b ?c } }",
        "SELECT * WHERE { ?s ?p \"\\u0022 . SERVICE <http://x/> { ?a ?b ?c } . ?s ?p \\u0022\" }",
        "select * { service silent <http://x/> { ?s ?p ?o } }",
        "SELECT * { SeRvIcE ?endpoint { ?s ?p ?o } }",
        "SELECT * WHERE { ?s ?p <http://example.org/o>SERVICE <http://x/> { ?a ?b ?c } }",
        "SELECT * WHERE { ?s ?p \"o\"@en SERVICE <http://x/> { ?a ?b ?c } }",
        "SELECT * WHERE { ?s ?p ?o #x\n.#SERVICE\nSERVICE#y\n<http://x/>#z\n{ ?a ?b ?c } }",
        "SELECT * WHERE { { { { SERVICE <http://x/> { ?a ?b ?c } } } } }",
        "SELECT * WHERE { { SELECT * WHERE { SERVICE <http://x/> { ?a ?b ?c } } } }",
        "SELECT * WHERE { ?s ?p ?o OPTIONAL { SERVICE <http://x/> { ?a ?b ?c } } }",
        "SELECT * WHERE { { ?s ?p ?o } UNION { SERVICE <http://x/> { ?a ?b ?c } } }",
        "SELECT * WHERE { ?s ?p ?o MINUS { SERVICE <http://x/> { ?s ?p ?o } } }",
        "SELECT * WHERE { GRAPH ?g { SERVICE <http://x/> { ?a ?b ?c } } }",
        "SELECT * WHERE { ?s ?p ?o FILTER EXISTS { SERVICE <http://x/> { ?a ?b ?c } } }",
        "SELECT * WHERE { ?s ?p ?o FILTER NOT EXISTS { SERVICE <http://x/> { ?a ?b ?c } } }",
        "SELECT * WHERE { ?s ?p ?o FILTER(?o IN (1, COALESCE(IF(EXISTS { SERVICE <http://x/> {} }, 1, 2)))) }",
        "SELECT * WHERE { ?s ?p ?o OPTIONAL { ?s ?q ?r FILTER(EXISTS { SERVICE <http://x/> { ?a ?b ?c } }) } }",
        "SELECT * WHERE { ?s ?p ?o BIND(EXISTS { SERVICE <http://x/> { ?a ?b ?c } } AS ?e) }",
        "SELECT (EXISTS { SERVICE <http://x/> { ?a ?b ?c } } AS ?e) WHERE { ?s ?p ?o }",
        "SELECT (SUM(IF(EXISTS { SERVICE <http://x/> { ?a ?b ?c } }, 1, 0)) AS ?n) WHERE { ?s ?p ?o }",
        "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o } GROUP BY ?s HAVING (EXISTS { SERVICE <http://x/> { ?a ?b ?c } })",
        "SELECT * WHERE { ?s ?p ?o } ORDER BY DESC(EXISTS { SERVICE <http://x/> { ?a ?b ?c } })",
        "SELECT DISTINCT * WHERE { ?s ?p ?o FILTER(!EXISTS { { SELECT REDUCED * { SERVICE <http://x/> {} } LIMIT 1 } }) }",
        "PREFIX p: <http://x/> SELECT * WHERE { SERVICE p:q { ?a ?b ?c } }",
        "ASK { ?s ?p ?o SERVICE <http://x/> { ?a ?b ?c } }",
    ];
    for text in cases {
        assert_eq!(refusal(text), Some(Refusal::Service), "{text:?}");
    }
}

#[test]
fn the_word_service_elsewhere_is_no_call() {
    let cases = [
        "SELECT ?service { ?service ?p ?o }",
        "SELECT $service { $service ?p ?o }",
        "PREFIX ex: <http://x/> SELECT * { ?s ex:service ?o }",
        "PREFIX service: <http://x/> SELECT * { ?s service:p ?o }",
        "SELECT * { ?s <http://x/SERVICE> \"SERVICE\" } # SERVICE",
        "SELECT * { ?s ?p \"\"\"a\nSERVICE <http://x/> {}\"\"\" }",
    ];
    for text in cases {
        assert_eq!(refusal(text), None, "{text:?}");
    }
}

#[test]
fn the_store_is_sent_the_checked_query_written_back() {
    // A backslash written as an escape escapes the quote after it for the standard's reading (escapes
    // first), so the literal runs on to the last quote; a parser that reads escapes inside strings only
    // (the Oxigraph server 0.5's) ends the literal at once and calls the service: sent as written, the
    // store fetched the address (checked by hand). Written back, the text holds one literal, no escape.
    let smuggled = "SELECT * WHERE { VALUES ?x { \"\\u005C\" } . SERVICE <http://x/> { ?a ?b ?c } #\" }\n}";
    let checked = ReadQuery::parse(smuggled).expect("one literal, by the standard's reading");
    assert!(!checked.text().contains("\\u"), "{}", checked.text());
    assert_eq!(ReadQuery::parse(checked.text()), Ok(checked.clone()), "the text sent reads as the query checked");
    let cases = [
        // `*` names the variables in order, as the store itself would read it.
        ("SELECT * WHERE { ?s ?p ?o } LIMIT 3", "SELECT ?o ?p ?s WHERE { ?s ?p ?o . } LIMIT 3"),
        (
            "PREFIX ex: <http://example.org/> SELECT ?s { ?s ex:p 1 }",
            "SELECT ?s WHERE { ?s <http://example.org/p> \"1\"^^<http://www.w3.org/2001/XMLSchema#integer> . }",
        ),
        // An ASK's pattern is written as a subquery of its variables: the same answer.
        (
            "BASE <http://example.org/> ASK { <a> ?p \"x\"@en }",
            "BASE <http://example.org/>\nASK WHERE { SELECT ?p WHERE { <http://example.org/a> ?p \"x\"@en . } }",
        ),
    ];
    for (text, sent) in cases {
        assert_eq!(ReadQuery::parse(text).unwrap().text(), sent, "{text}");
    }
}

#[test]
fn nesting_and_operator_chains_are_bounded_before_the_parser_descends() {
    use super::{MAX_OPENING_BRACKETS, MAX_OPERATORS};
    let groups = |n: usize| format!("SELECT * WHERE {}{}", "{".repeat(n), "}".repeat(n));
    let sums = |n: usize| format!("ASK {{ FILTER(1{}) }}", "+1".repeat(n));
    // At the bounds the query is read; the test thread's stack is larger than the module's, since
    // an unoptimized build spends several times the stack per level (the wasm module is checked at
    // the bounds by e2e-service-probes).
    let at_bounds = std::thread::Builder::new()
        .stack_size(16 << 20)
        .spawn(move || [groups(MAX_OPENING_BRACKETS), sums(MAX_OPERATORS)].map(|q| ReadQuery::parse(&q).map(|_| ())))
        .unwrap()
        .join()
        .unwrap();
    assert_eq!(at_bounds, [Ok(()), Ok(())]);
    let cases = [
        groups(MAX_OPENING_BRACKETS + 1),
        sums(MAX_OPERATORS + 1),
        groups(100_000),
        sums(1_000_000),
        format!("SELECT * WHERE {{ ?s ?p \"{}\" }}", "(".repeat(MAX_OPENING_BRACKETS)),
        format!("SELECT * WHERE {{ ?s ?p ?o }} # {}", "-".repeat(MAX_OPERATORS)),
        format!("SELECT * WHERE {{ ?s ?p \"{}\" }}", "\\u0028".repeat(MAX_OPENING_BRACKETS)),
    ];
    for text in cases {
        assert_eq!(refusal(&text), Some(Refusal::TooDeep), "{}", &text[..60]);
    }
}
