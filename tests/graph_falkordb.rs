//! The graph projection, the guard and cell normalization against a real FalkorDB.
//!
//! Needs `STRATA_FALKORDB_URL` (scripts/stores/falkordb.sh start prints it). Each test uses a graph
//! of its own, so they run in parallel.

mod common;

use common::corpus::read_corpus;
use common::demo;
use common::falkordb::{connect, delete_graph, dump, raw_read, read, write};
use common::hostile::{hostile_page, hostile_schemas};
use serde_json::{json, Value};
use strata::domain::page_content::PageContent;
use strata::domain::title::Title;
use strata::graph::batch::rebuild;
use strata::graph::guard::check_read_only;
use strata::graph::model::PageInfo;
use strata::graph::names::{graph_name, property_key};
use strata::graph::projection::{page_deleted, page_saved};
use strata::graph_values::param::Param;

/// `graph` emptied, then written by `cypher`.
fn fresh_graph(con: &mut redis::Connection, graph: &str, cypher: &str) {
    delete_graph(con, graph);
    let _: redis::Value = redis::cmd("GRAPH.QUERY").arg(graph).arg(cypher).query(con).unwrap();
}

fn rows(con: &mut redis::Connection, graph: &str, cypher: &str) -> Vec<Value> {
    read(con, graph, cypher).to_json()["rows"].as_array().cloned().unwrap_or_default()
}

fn count(con: &mut redis::Connection, graph: &str, cypher: &str) -> i64 {
    rows(con, graph, cypher)[0]["c"].as_i64().unwrap()
}

/// A page with an Event at `venue`, optionally also featuring `speaker` (a Subject nobody may have).
fn jane(venue: &str, speaker: Option<&str>) -> (PageInfo, PageContent) {
    let mut features = String::new();
    if let Some(t) = speaker {
        features = format!(
            r#", "Speakers": {{"propertyType": "relation", "value": [{{"id": "r0janeaaaaaaaa2", "target": "{t}"}}]}}"#
        );
    }
    let json: Value = serde_json::from_str(&format!(
        r#"{{"mainSubject": "s0janeaaaaaaaa1", "subjects": {{"s0janeaaaaaaaa1": {{"label": "Jane Doe", "schema": "Event", "statements": {{
            "Spoken language": {{"propertyType": "text", "value": ["Cypher"]}},
            "Venue": {{"propertyType": "relation", "value": [{{"id": "r0janeaaaaaaaa1", "target": "{venue}", "properties": {{"since": 2020}}}}]}}{features}
        }}}}}}}}"#
    ))
    .unwrap();
    (PageInfo { id: 1000, namespace: 0, title: Title::new("Jane Doe").unwrap() }, demo::page_content(&json))
}

/// Veldhaven Central Library: it coordinates three other libraries.
const CENTRAL: &str = "s1lib1aaaaaaa01";
/// Polder on Paper, an Event no other page points at.
const LONE: &str = "s1evt1aaaaaaa08";

/// Relation targets that are no Subject of any page, in ID order.
fn dangling_targets(pages: &[(PageInfo, PageContent)]) -> Vec<Value> {
    let ids: std::collections::BTreeSet<String> =
        pages.iter().flat_map(|(_, c)| c.subjects.keys().map(|k| k.to_string())).collect();
    let mut targets: std::collections::BTreeSet<String> = std::collections::BTreeSet::new();
    for (_, c) in pages {
        for s in c.subjects.values() {
            for st in s.statements.values() {
                if let strata::domain::statement::StatementValue::Relations(rs) = &st.value {
                    targets.extend(rs.iter().map(|r| r.target.to_string()).filter(|t| !ids.contains(t)));
                }
            }
        }
    }
    targets.into_iter().map(Value::from).collect()
}

#[test]
fn the_example_wiki_projects_and_answers_queries_across_relations() {
    let Some(mut con) = connect("the_example_wiki_projects_and_answers_queries_across_relations") else { return };
    let g = "strata_test_examples";
    delete_graph(&mut con, g);
    let (schemas, mut pages) = (demo::schemas(), demo::pages());
    pages.push(jane(CENTRAL, None));
    let statements: Vec<_> = rebuild(pages.iter().map(|(p, c)| (p, c)), &schemas);
    write(&mut con, g, &statements);

    let subjects: usize = pages.iter().map(|(_, c)| c.subjects.len()).sum();
    assert_eq!(count(&mut con, g, "MATCH (n:Subject) WHERE n._stub IS NULL RETURN count(n) AS c") as usize, subjects);
    let stubs: Vec<Value> = rows(&mut con, g, "MATCH (n:Subject {_stub: true}) RETURN n._id AS id ORDER BY id")
        .into_iter()
        .map(|r| r["id"].clone())
        .collect();
    assert_eq!(stubs, dangling_targets(&pages), "a stub for every relation target that is no Subject");
    assert_eq!(count(&mut con, g, "MATCH (p:Page) RETURN count(p) AS c") as usize, pages.len());
    assert_eq!(
        count(&mut con, g, "MATCH (:Page)-[h:HasSubject {isMain: true}]->(:Subject) RETURN count(h) AS c") as usize,
        pages.iter().filter(|(_, c)| c.main_subject.is_some()).count()
    );

    let events = rows(&mut con, g, "MATCH (e:Event {_name: 'Jane Doe'})-[r:`Takes place at`]->(c:Library {_name: 'Veldhaven Central Library'}) RETURN e._name AS name, e.`Spoken language` AS language, r.since AS since");
    assert_eq!(events, vec![json!({"name": "Jane Doe", "language": "Cypher", "since": 2020})]);
    let branches = rows(
        &mut con,
        g,
        "MATCH (b:Library)-[:`Coordinated by`]->(:Library {_id: $id}) RETURN b._name AS b ORDER BY b"
            .replace("$id", &format!("'{CENTRAL}'"))
            .as_str(),
    );
    assert_eq!(
        branches,
        vec![
            json!({"b": "De Boekenbus"}),
            json!({"b": "Harbour Branch Library"}),
            json!({"b": "Northfield Branch Library"})
        ]
    );
    let chain = rows(&mut con, g, "MATCH (:Library {_name: 'Harbour Branch Library'})-[:`Located at`]->(a:Address)-[:`Has location`]->(c:Coordinates) RETURN a.Street AS street, c.Latitude AS latitude");
    assert_eq!(chain, vec![json!({"street": "Loodsmanskade 3", "latitude": 51.90977})]);
    let page = rows(&mut con, g, "MATCH (p:Page)-[:HasSubject]->(s:Subject {_id: $id}) RETURN p.title AS t, p.namespace AS ns, s._pageId = p.id AS same".replace("$id", &format!("'{CENTRAL}'")).as_str());
    assert_eq!(page, vec![json!({"t": "Veldhaven Central Library", "ns": 0, "same": true})]);
    delete_graph(&mut con, g);
}

#[test]
fn re_projection_moves_stubs_and_a_rebuild_matches_incremental_projection() {
    let Some(mut con) = connect("re_projection_moves_stubs_and_a_rebuild_matches_incremental_projection") else {
        return;
    };
    let (inc, full) = ("strata_test_incremental", "strata_test_rebuild");
    delete_graph(&mut con, inc);
    let (schemas, pages) = (demo::schemas(), demo::pages());
    for (p, c) in &pages {
        write(&mut con, inc, &page_saved(p, c, None, &schemas));
    }
    let example_stubs = dangling_targets(&pages);
    // Stubs beside the example wiki's own dangling targets, with their labels.
    let stubs = |con: &mut redis::Connection| -> Vec<Value> {
        rows(con, inc, "MATCH (s:Subject {_stub: true}) RETURN s._id AS id, labels(s) AS l ORDER BY id")
            .into_iter()
            .filter(|r| !example_stubs.contains(&r["id"]))
            .collect()
    };

    // Jane points at a Subject that does not exist: a stub appears.
    let (page, v1) = jane(LONE, Some("s0nobodyaaaaaa1"));
    write(&mut con, inc, &page_saved(&page, &v1, None, &schemas));
    assert_eq!(stubs(&mut con), vec![json!({"id": "s0nobodyaaaaaa1", "l": ["Subject"]})]);
    // The same save again changes nothing.
    let before = dump(&mut con, inc);
    write(&mut con, inc, &page_saved(&page, &v1, Some(&v1), &schemas));
    assert_eq!(dump(&mut con, inc), before);
    // Jane's relation moves to another missing Subject: the old stub goes, a new one appears.
    let (_, v2) = jane("s0nobodyaaaaaa2", None);
    write(&mut con, inc, &page_saved(&page, &v2, Some(&v1), &schemas));
    assert_eq!(stubs(&mut con), vec![json!({"id": "s0nobodyaaaaaa2", "l": ["Subject"]})]);
    // The library's page is deleted while Jane points elsewhere: it goes entirely, and the branches
    // lose their outgoing edges to it.
    let (lone_page, lone) =
        pages.iter().find(|(_, c)| c.main_subject.as_ref().map(|m| m.as_str()) == Some(LONE)).unwrap();
    write(&mut con, inc, &page_deleted(lone_page.id, Some(lone)));
    assert_eq!(count(&mut con, inc, &format!("MATCH (n {{_id: '{LONE}'}}) RETURN count(n) AS c")), 0);
    // Jane points at the library again while it is gone: it is a stub, labelled Subject only.
    write(&mut con, inc, &page_saved(&page, &v1, Some(&v2), &schemas));
    assert_eq!(
        rows(&mut con, inc, &format!("MATCH (n {{_id: '{LONE}'}}) RETURN labels(n) AS l, properties(n) AS p")),
        vec![json!({"l": ["Subject"], "p": {"_id": LONE, "_stub": true}})]
    );
    // The library's page comes back: the stub becomes the full Subject again.
    write(&mut con, inc, &page_saved(lone_page, lone, None, &schemas));
    assert_eq!(stubs(&mut con), vec![json!({"id": "s0nobodyaaaaaa1", "l": ["Subject"]})]);

    // A rebuild of the final state equals the incremental result exactly.
    let mut final_pages = pages.clone();
    final_pages.push((page.clone(), v1.clone()));
    write(&mut con, full, &rebuild(final_pages.iter().map(|(p, c)| (p, c)), &schemas));
    let (a, b) = (dump(&mut con, inc), dump(&mut con, full));
    assert!(a.len() > 200, "dump has {} entries", a.len());
    assert_eq!(a, b);
    delete_graph(&mut con, inc);
    delete_graph(&mut con, full);
}

#[test]
fn every_attempt_is_refused_by_the_guard_and_changes_nothing_through_ro_query() {
    let Some(mut con) = connect("every_attempt_is_refused_by_the_guard_and_changes_nothing_through_ro_query") else {
        return;
    };
    let g = "strata_test_guard";
    delete_graph(&mut con, g);
    let (schemas, pages) = (demo::schemas(), demo::pages());
    write(&mut con, g, &rebuild(pages.iter().take(10).map(|(p, c)| (p, c)), &schemas));
    let before = dump(&mut con, g);
    let mut refused_by_server = 0;
    for query in read_corpus("cypher_guard_corpus.txt") {
        assert!(check_read_only(&query).is_err(), "guard accepted {query:?}");
        // FalkorDB's error text can cut a character in half, which leaves the client's reader out of
        // step: every attempt gets a connection of its own.
        let Some(mut attempt) = connect("corpus") else { return };
        match raw_read(&mut attempt, g, &query) {
            Err(_) => refused_by_server += 1,
            Ok(reply) => {
                let stats = reply.as_array().and_then(|r| r.last()).map(Value::to_string).unwrap_or_default();
                assert!(
                    !stats.contains("created") && !stats.contains("deleted") && !stats.contains("set:"),
                    "{query:?} wrote: {stats}"
                );
            }
        }
    }
    assert!(refused_by_server >= 30, "the server refused only {refused_by_server}");
    assert_eq!(dump(&mut con, g), before, "the graph changed");
    for query in read_corpus("cypher_read_corpus.txt") {
        let q = check_read_only(&query).unwrap_or_else(|e| panic!("{query:?}: {e}"));
        let text = strata::graph::statement::CypherStatement {
            cypher: q.cypher.clone(),
            parameters: q.parameters.iter().map(|p| (p.clone(), Param::text(CENTRAL))).collect(),
        };
        if let Err(e) = raw_read(&mut con, g, &text.query_text().unwrap()) {
            panic!("{query:?}: {e}");
        }
    }
    delete_graph(&mut con, g);
}

/// Names that break out of a quoted name or a string (backticks, quotes, braces, newlines,
/// `}) DETACH DELETE n //`, unicode) reach FalkorDB as names: each is read back as the graph spells
/// it (`graph::names`: a backtick becomes ˋ), and nothing else in the graph is touched.
#[test]
fn hostile_names_are_projected_and_read_back_intact_with_the_graph_unharmed() {
    let Some(mut con) = connect("hostile_names_are_projected_and_read_back_intact_with_the_graph_unharmed") else {
        return;
    };
    let g = "strata_test_hostile_names";
    fresh_graph(&mut con, g, "CREATE (:Sentinel {id: 'kept'})-[:Guards]->(:Sentinel {id: 'also kept'})");
    let (page, content) = hostile_page();
    let schemas = hostile_schemas();
    write(&mut con, g, &page_saved(&page, &content, None, &schemas));
    write(&mut con, g, &page_saved(&page, &content, Some(&content), &schemas));

    let main =
        &rows(&mut con, g, "MATCH (n:Subject {_id: 's0000000000000a'}) RETURN labels(n) AS l, properties(n) AS p")[0];
    assert!(main["l"].as_array().unwrap().contains(&json!(graph_name("Pers`on 😀"))), "{main}");
    let properties = main["p"].as_object().unwrap();
    let expected = [
        ("}) DETACH DELETE n //", json!("'}) DETACH DELETE n //")),
        ("{braces} $param", json!(7)),
        ("Call number", json!("QA-76 ' \\ \u{FFFD}")),
        ("Title '\"", json!(["Hallo", "Hello"])),
    ];
    for (name, value) in expected {
        assert_eq!(properties.get(property_key(name).as_ref()), Some(&value), "{name:?} in {main}");
    }
    let types: Vec<Value> =
        rows(&mut con, g, "MATCH (:Subject {_id: 's0000000000000a'})-[r]->() RETURN DISTINCT type(r) AS t ORDER BY t")
            .into_iter()
            .map(|r| r["t"].clone())
            .collect();
    assert!(types.contains(&json!(graph_name("Employer`)\nDETACH DELETE (x"))), "{types:?}");
    assert_eq!(
        rows(&mut con, g, "MATCH (a:Sentinel)-[:Guards]->(b:Sentinel) RETURN a.id AS a, b.id AS b"),
        vec![json!({"a": "kept", "b": "also kept"})]
    );
    let subjects = content.subjects.len() as i64 + 2; // and the two relation targets, as stubs
    assert_eq!(count(&mut con, g, "MATCH (n:Subject) RETURN count(n) AS c"), subjects);
    assert_eq!(
        count(&mut con, g, "MATCH (n) RETURN count(n) AS c"),
        subjects + 1 + 2,
        "the Subjects, their page and the sentinels"
    );
    delete_graph(&mut con, g);
}

/// FalkorDB's parser aborts the server on a `.` followed by a comment; the guard sends comments as
/// spaces, so such a text is a syntax error and the server goes on.
#[test]
fn a_comment_after_a_dot_reaches_falkordb_as_a_space_and_the_server_goes_on() {
    let Some(mut con) = connect("a_comment_after_a_dot_reaches_falkordb_as_a_space_and_the_server_goes_on") else {
        return;
    };
    let g = "strata_test_comment_after_dot";
    fresh_graph(&mut con, g, "CREATE (:Subject {id: 'x'})");
    for text in [
        "MATCH (n) RETURN n . //\nMATCH (n)",
        "MATCH (n) RETURN n . /* x */ MATCH (n)",
        "MATCH (n) RETURN n\n. // x\nMatch (n:Subject)\tUNION\t",
    ] {
        let sent = check_read_only(text).unwrap_or_else(|e| panic!("{text:?}: {e}")).cypher;
        assert!(!sent.contains("//") && !sent.contains("/*"), "{sent:?}");
        let Some(mut attempt) = connect("comment") else { return };
        assert!(raw_read(&mut attempt, g, &sent).is_err(), "{sent:?} is no query");
        let pong: String = redis::cmd("PING").query(&mut con).expect("FalkorDB still answers");
        assert_eq!(pong, "PONG");
    }
    delete_graph(&mut con, g);
}

#[test]
fn cells_of_every_type_normalize() {
    let Some(mut con) = connect("cells_of_every_type_normalize") else { return };
    let g = "strata_test_cells";
    delete_graph(&mut con, g);
    let (schemas, pages) = (demo::schemas(), demo::pages());
    let (page, content) = jane(CENTRAL, None);
    write(&mut con, g, &page_saved(&page, &content, None, &schemas));
    let central = pages.iter().find(|(_, c)| c.main_subject.as_ref().map(|m| m.as_str()) == Some(CENTRAL)).unwrap();
    write(&mut con, g, &page_saved(&central.0, &central.1, None, &schemas));
    let result = read(
        &mut con,
        g,
        "MATCH p = (e:Event)-[r:`Takes place at`]->(c:Library) RETURN e, r, p, \
         date('1685-03-21') AS date, localdatetime('2024-01-02T03:04:05') AS ldt, localtime('23:59:58') AS lt, \
         duration({months: 14, days: 3, hours: 25, seconds: 7}) AS dur, duration({seconds: -5}) AS neg, \
         point({latitude: 52.37, longitude: 4.89}) AS pt, 1 AS i, 2.5 AS f, 'x' AS s, true AS b, null AS n, \
         [1, 'a', [date('2024-02-29')]] AS list, {k: localtime('01:02:03')} AS map, vecf32([1.0, 0.5]) AS vec",
    );
    let mut json = result.to_json();
    assert!(json["durationMs"].is_i64());
    json["durationMs"] = json!(0);
    let row = &json["rows"][0];
    assert_eq!(row["e"]["labels"], json!(["Subject", "Event"]), "a node cell keeps its labels");
    assert_eq!(row["e"]["properties"]["_id"], json!("s0janeaaaaaaaa1"));
    assert_eq!((&row["r"]["type"], &row["r"]["properties"]["since"]), (&json!("Takes place at"), &json!(2020)));
    assert_eq!(row["p"]["nodes"][1]["properties"]["Seats"], json!(310), "a path cell holds its nodes");
    let temporal = [(&row["date"], "1685-03-21"), (&row["ldt"], "2024-01-02T03:04:05"), (&row["lt"], "23:59:58")];
    for (cell, text) in temporal {
        assert_eq!(cell, &json!(text), "temporal values are their ISO text");
    }
    assert_eq!((&row["list"], &row["map"]), (&json!([1, "a", ["2024-02-29"]]), &json!({"k": "01:02:03"})));
    // Node and edge IDs are FalkorDB's; they are stable for a fresh graph written the same way.
    insta::assert_json_snapshot!(json);
    delete_graph(&mut con, g);
}
