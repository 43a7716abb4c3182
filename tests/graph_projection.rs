//! Projection statements for a page with hostile names and every value kind: what each statement
//! does and carries asserted, the text FalkorDB receives pinned by snapshots beside.

mod common;

use common::hostile::{hostile_page, hostile_schemas, relation, sid, st};
use indexmap::IndexMap;
use serde_json::{json, Value};
use std::collections::HashSet;
use strata::domain::maps::FastIndexMap;
use strata::domain::page_content::PageContent;
use strata::domain::schema::SchemaRef;
use strata::domain::statement::StatementValue;
use strata::domain::subject::Subject;
use strata::domain::title::Title;
use strata::graph::batch::{pages_written, rebuild, Absent};
use strata::graph::model::PageInfo;
use strata::graph::projection::{page_deleted, page_saved};
use strata::graph::statement::CypherStatement;
use strata::graph_values::param::Param;

fn wire(statements: &[CypherStatement]) -> Vec<String> {
    statements.iter().map(|s| s.query_text().expect("projection values are always sendable")).collect()
}

const DROP_ORPHAN_STUBS: &str = "MATCH (s:Subject) WHERE s._stub = true AND NOT ()-->(s) DELETE s";

/// Every statement as `{cypher, parameters}` JSON.
fn as_json(statements: &[CypherStatement]) -> Vec<Value> {
    statements.iter().map(|s| serde_json::to_value(s).unwrap()).collect()
}

/// The first statement whose query text contains `part`.
fn with_text<'s>(statements: &'s [Value], part: &str) -> &'s Value {
    let found = statements.iter().find(|s| s["cypher"].as_str().unwrap().contains(part));
    found.unwrap_or_else(|| panic!("no statement contains {part}: {statements:#?}"))
}

/// A hostile name stays a parameter or one quoted identifier: no query text carries a property
/// name or a title, and every backtick-quoted name is closed.
fn assert_names_stay_in_their_place(statements: &[CypherStatement]) {
    for s in statements {
        assert_eq!(s.cypher.matches('`').count() % 2, 0, "an identifier left open: {}", s.cypher);
        for name in ["}) DETACH DELETE n //", "O'Brien", "Call number"] {
            assert!(!s.cypher.contains(name), "{name} in the query text: {}", s.cypher);
        }
    }
}

#[test]
fn a_save_with_hostile_names() {
    let (page, content) = hostile_page();
    let schemas = hostile_schemas();
    let statements = page_saved(&page, &content, None, &schemas);
    assert_names_stay_in_their_place(&statements);
    let json = as_json(&statements);
    let person = with_text(&json, "CREATE (s:Subject:`Persˋon 😀`) SET s = row.properties");
    let node = &person["parameters"]["rows"][0]["properties"];
    assert_eq!((&node["_id"], &node["_schema"]), (&json!("s0000000000000a"), &json!("Pers`on 😀")));
    assert_eq!((&node["Age"], &node["Tags"]), (&json!(42), &json!(["one"])));
    assert_eq!(node["}) DETACH DELETE n //"], json!("'}) DETACH DELETE n //"), "a hostile name is a parameter key");
    let edge = with_text(&json, "CREATE (s)-[r:`Employerˋ)\nDETACH DELETE (x`]->(t)");
    let row = &edge["parameters"]["rows"][0];
    assert_eq!((&row["source"], &row["target"]), (&json!("s0000000000000a"), &json!("s0000000000000b")));
    let page_row = &with_text(&json, "MERGE (p:Page {id: row.id})")["parameters"]["rows"][0];
    assert_eq!((&page_row["id"], &page_row["title"]), (&json!(7), &json!("O'Brien \"the\" `tick`")));
    assert_eq!(statements.last().unwrap().cypher, DROP_ORPHAN_STUBS);
    insta::assert_json_snapshot!("save_statements", statements);
    insta::assert_snapshot!("save_wire", wire(&statements).join("\n"));
}

#[test]
fn a_save_after_a_schema_change_and_a_departure_removes_old_labels() {
    let (page, content) = hostile_page();
    let mut previous = content.clone();
    previous.subjects.get_mut(&sid("s0000000000000a")).unwrap().schema =
        SchemaRef::Local(Title::new("Old schema").unwrap());
    previous.subjects.insert(
        sid("s0000000000000d"),
        Subject {
            label: None,
            schema: SchemaRef::Local(Title::new("Gone`d").unwrap()),
            statements: FastIndexMap::default(),
        },
    );
    let schemas = hostile_schemas();
    let wire = wire(&page_saved(&page, &content, Some(&previous), &schemas));
    assert!(wire.iter().any(|q| q.ends_with("SET s = {_id: s._id, _stub: true} REMOVE s:`Goneˋd`")), "{wire:#?}");
    assert!(wire.iter().any(|q| q.contains("e:`Persˋon 😀` REMOVE e:`Old schema`)")), "{wire:#?}");
}

/// Strata's own node and edge keys start with one `_`; Schema property names (and relation-property
/// keys) are all projected, one more `_` in front of a name that starts with `_`.
#[test]
fn schema_properties_never_meet_strata_own_keys() {
    let (page, content) = hostile_page();
    let schemas = hostile_schemas();
    let graph = strata::graph::model::page_graph(&page, &content, &schemas);
    let node = serde_json::to_value(Param::Map(graph.subjects[0].properties.clone())).unwrap();
    let own: Vec<(&str, Value)> =
        vec![("_id", json!("s0000000000000a")), ("_schema", json!("Pers`on 😀")), ("_pageId", json!(7))];
    for (key, value) in own {
        assert_eq!(node[key], value, "{key}");
    }
    assert_eq!(node["id"], json!("a Schema property, beside the Subject ID"));
    assert_eq!(node["name"], json!("a Schema property, beside the display name"));
    assert_eq!(node["__stub"], json!(false), "a Schema property named _stub");
    assert!(node.get("_stub").is_none(), "a Subject node is no stub");
    let edge = serde_json::to_value(Param::Map(graph.relations[0].properties.clone())).unwrap();
    assert_eq!(
        (edge["_id"].clone(), edge["id"].clone(), edge["since"].clone()),
        (json!("r0000000000000a"), json!("ignored"), json!(2001))
    );
}

#[test]
fn a_delete() {
    let (_, content) = hostile_page();
    let statements = page_deleted(7, Some(&content));
    assert_names_stay_in_their_place(&statements);
    let json = as_json(&statements);
    let unlabel = with_text(&json, "SET s = {_id: s._id, _stub: true}");
    assert!(
        unlabel["cypher"].as_str().unwrap().ends_with("REMOVE s:`Persˋon 😀`:`Unknown schema`"),
        "the page's Subjects become stubs without their Schema labels: {unlabel}"
    );
    assert_eq!(unlabel["parameters"], json!({"page": 7, "keep": []}), "no Subject of the page is kept");
    assert_eq!(with_text(&json, "DETACH DELETE p")["parameters"], json!({"page": 7}));
    assert_eq!(statements.last().unwrap().cypher, DROP_ORPHAN_STUBS);
    insta::assert_snapshot!("delete_wire", wire(&statements).join("\n"));
}

#[test]
fn a_rebuild_clears_then_writes_its_pages_with_a_few_statements_for_all() {
    let (page, content) = hostile_page();
    let schemas = hostile_schemas();
    let one: Vec<CypherStatement> = rebuild([(&page, &content)], &schemas);
    assert_eq!(one[0].cypher, "MATCH (n) DETACH DELETE n");
    assert_eq!(one[1..], pages_written([(&page, &content)], &schemas, Absent::All).statements[..]);
    let other = PageInfo { id: page.id + 1, ..page.clone() };
    let two = rebuild([(&page, &content), (&other, &content)], &schemas);
    assert_eq!(two.len(), one.len(), "a second page of the same Schemas adds rows, not statements");
}

/// The Subject statements of a rebuild batch: `(created, upserted)` Subject IDs.
fn created_and_upserted(statements: &[CypherStatement]) -> (Vec<String>, Vec<String>) {
    let (mut created, mut upserted) = (Vec::new(), Vec::new());
    for s in statements.iter().filter(|s| s.cypher.contains(":Subject:")) {
        let rows = serde_json::to_value(&s.parameters[0].1).unwrap();
        let ids = rows.as_array().unwrap().iter().map(|r| r["id"].as_str().unwrap().to_owned());
        if s.cypher.contains("OPTIONAL MATCH (e:Subject {_id: row.id})") {
            upserted.extend(ids)
        } else {
            created.extend(ids)
        }
    }
    (created, upserted)
}

/// A rebuild batch creates the Subjects it is told the graph does not hold, without a lookup, and
/// matches by ID the others (a stub an earlier batch left, a node a save wrote) and those named
/// twice in the batch.
#[test]
fn a_rebuild_batch_creates_the_subjects_it_knows_are_new() {
    let (page, content) = hostile_page();
    let schemas = hostile_schemas();
    let (none, only_a) = (HashSet::new(), HashSet::from(["s0000000000000a", "s000000000000zz"]));
    let batch = |present| created_and_upserted(&pages_written([(&page, &content)], &schemas, present).statements);
    let (a, b) = ("s0000000000000a".to_owned(), "s0000000000000b".to_owned());
    assert_eq!(batch(Absent::All), (vec![a.clone(), b.clone()], vec![]));
    assert_eq!(batch(Absent::Ids(&only_a)), (vec![a.clone()], vec![b.clone()]));
    assert_eq!(batch(Absent::Ids(&none)), (vec![], vec![a.clone(), b.clone()]));
    let create = pages_written([(&page, &content)], &schemas, Absent::All).statements;
    assert_eq!(create[0].cypher, "UNWIND $rows AS row CREATE (s:Subject:`Persˋon 😀`) SET s = row.properties");
    let other = PageInfo { id: 8, ..page.clone() };
    let twice = pages_written([(&page, &content), (&other, &content)], &schemas, Absent::All).statements;
    assert_eq!(
        created_and_upserted(&twice),
        (vec![], vec![a.clone(), a, b.clone(), b]),
        "the same IDs on two pages are matched"
    );
}

/// A batch names the relation targets that are not among its Subjects, each once: a later batch
/// holding one of them is told it may be a stub.
#[test]
fn a_rebuild_batch_names_its_relation_targets_outside_it() {
    let (page, content) = hostile_page();
    let schemas = hostile_schemas();
    let other = PageInfo { id: 8, ..page.clone() };
    let mut second = content.clone();
    second.subjects =
        second.subjects.into_iter().map(|(id, s)| (sid(&id.as_str().replace("s000", "s111")), s)).collect();
    second.main_subject = None;
    let batch = pages_written([(&page, &content), (&other, &second)], &schemas, Absent::All);
    let targets: Vec<&str> = batch.outside_targets.iter().map(|t| t.as_ref()).collect();
    assert_eq!(
        targets,
        ["s0000000000000c", "other:Q42"],
        "s…b is a Subject of the batch; s…c and other:Q42 are named by both pages"
    );
}

#[test]
fn saving_twice_gives_the_same_statements() {
    let (page, content) = hostile_page();
    let schemas = hostile_schemas();
    assert_eq!(page_saved(&page, &content, None, &schemas), page_saved(&page, &content, Some(&content), &schemas));
}

/// The rebuild's statements for two pages of hostile names, pinned: their text is what FalkorDB
/// receives, so a change of how the rows are built must leave it as it is.
#[test]
fn a_rebuild_batch_on_the_wire() {
    let (page, content) = hostile_page();
    let other = PageInfo { id: 8, namespace: 12, title: Title::new("Second").unwrap() };
    let mut second = content.clone();
    second.main_subject = None;
    let schemas = hostile_schemas();
    let statements = rebuild([(&page, &content), (&other, &second)], &schemas);
    assert_eq!(statements[0].cypher, "MATCH (n) DETACH DELETE n", "a rebuild starts from an empty graph");
    assert_names_stay_in_their_place(&statements);
    let json = as_json(&statements);
    let pages = &with_text(&json, "MERGE (p:Page {id: row.id})")["parameters"]["rows"];
    let ids_and_mains: Vec<(Value, Value)> =
        pages.as_array().unwrap().iter().map(|p| (p["id"].clone(), p["subjects"][0]["isMain"].clone())).collect();
    assert_eq!(ids_and_mains, [(json!(7), json!(true)), (json!(8), json!(false))], "both pages, one main Subject");
    insta::assert_snapshot!("rebuild_wire", wire(&statements).join("\n"));
}

/// Relations between two Subjects a batch creates with the same Schema label are written by that
/// label's statement, their ends taken by position among its new nodes; every other relation by a
/// statement of its type that looks both ends up.
#[test]
fn a_rebuild_batch_writes_relations_between_its_new_subjects_with_them() {
    let (page, _) = hostile_page();
    let person = |targets: &[&str]| {
        let mut statements = FastIndexMap::default();
        let relations = targets
            .iter()
            .enumerate()
            .map(|(n, t)| relation(&format!("r000000000000{n}{}", &t[14..]), t, json!({"since": 2001})))
            .collect();
        statements.insert("Knows".into(), st("relation", StatementValue::Relations(relations)));
        Subject { label: None, schema: SchemaRef::Local(Title::new("Pers`on 😀").unwrap()), statements }
    };
    let mut subjects = IndexMap::new();
    subjects.insert(sid("s0000000000000a"), person(&["s0000000000000b", "s0000000000000x"]));
    subjects.insert(sid("s0000000000000b"), person(&["s0000000000000a", "s0000000000000b"]));
    let content = PageContent { main_subject: None, subjects };
    let schemas = hostile_schemas();
    let cyphers = |statements: &[CypherStatement]| statements.iter().map(|s| s.cypher.clone()).collect::<Vec<_>>();
    let all = pages_written([(&page, &content)], &schemas, Absent::All).statements;
    assert_eq!(all[0].cypher, "UNWIND $rows AS row CREATE (s:Subject:`Persˋon 😀`) SET s = row.properties WITH collect(s) AS nodes \
        FOREACH (rel IN $r0 | FOREACH (s IN [nodes[rel.s]] | FOREACH (t IN [nodes[rel.t]] | CREATE (s)-[r:`Knows`]->(t) SET r = rel.properties)))");
    let inline: Vec<(i64, i64)> =
        serde_json::from_value::<Vec<Value>>(serde_json::to_value(&all[0].parameters[1].1).unwrap())
            .unwrap()
            .iter()
            .map(|r| (r["s"].as_i64().unwrap(), r["t"].as_i64().unwrap()))
            .collect();
    assert_eq!(inline, [(0, 1), (1, 0), (1, 1)], "a→b, b→a, b→b by position");
    assert_eq!(all.len(), 3, "{:#?}", cyphers(&all));
    let outside = serde_json::to_value(&all[2].parameters[0].1).unwrap();
    assert_eq!(
        outside,
        json!([{"source": "s0000000000000a", "target": "s0000000000000x", "properties": {"_id": "r0000000000001x", "since": 2001}}])
    );
    let only_a = HashSet::from(["s0000000000000a"]);
    let some = pages_written([(&page, &content)], &schemas, Absent::Ids(&only_a)).statements;
    assert_eq!(some.len(), 4, "b is matched, so every relation looks its ends up: {:#?}", cyphers(&some));
    assert!(!some.iter().any(|s| s.cypher.contains("nodes[")));
}
