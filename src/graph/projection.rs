//! Cypher statements that bring the graph store in line with a page save, a page delete, or a
//! rebuild. Every statement is idempotent, and every user-given value is a parameter; user-given
//! names (already in their graph spelling, see [`super::names::graph_name`]) are quoted with [`quote`].
//!
//! FalkorDB cannot remove a label it is not told statically, so a save or delete takes the page's
//! previous content: the labels of Subjects that left the page or changed Schema are removed by name.

use super::model::{page_graph, schema_label, PageGraph, PageInfo, Schemas, HAS_SUBJECT, PAGE_LABEL, SUBJECT_LABEL};
use super::names::quote;
use super::statement::CypherStatement;
use crate::domain::page_content::PageContent;
use indexmap::IndexMap;
use serde_json::{json, Value};
use std::collections::BTreeSet;

/// Statements for a page save or move: replace the page's nodes and edges with `content`.
/// `previous` is the content the store last received for the page (`None` for a new page).
pub fn page_saved(page: &PageInfo, content: &PageContent, previous: Option<&PageContent>, schemas: &Schemas) -> Vec<CypherStatement> {
    let mut out = page_written(page, content, previous, schemas);
    out.push(remove_orphan_stubs());
    out
}

/// [`page_saved`] without deleting orphaned stubs, for rebuilds: a fresh graph has none, and the
/// cleanup scans every Subject node, which made a rebuild slow down as the graph grew.
pub fn page_written(page: &PageInfo, content: &PageContent, previous: Option<&PageContent>, schemas: &Schemas) -> Vec<CypherStatement> {
    let graph = page_graph(page, content, schemas);
    let keep: Vec<Value> = graph.subjects.iter().map(|s| s.id.as_str().into()).collect();
    let mut out = vec![CypherStatement::new(format!(
        "MERGE (p:{PAGE_LABEL} {{id: $page}}) SET p.title = $title, p.namespace = $namespace"
    ))
    .param("page", page.id)
    .param("title", page.title.as_str())
    .param("namespace", page.namespace)];
    out.extend(demote_departed(page.id, keep, previous, content));
    out.extend(subject_statements(&graph, previous));
    out.extend(relation_statements(&graph));
    out
}

/// Statements for a page delete. `previous` is the page's last projected content.
pub fn page_deleted(page_id: i64, previous: Option<&PageContent>) -> Vec<CypherStatement> {
    let mut out = demote_departed(page_id, Vec::new(), previous, &PageContent::default());
    out.push(CypherStatement::new(format!("MATCH (p:{PAGE_LABEL} {{id: $page}}) DETACH DELETE p")).param("page", page_id));
    out.push(remove_orphan_stubs());
    out
}

/// Statements for a rebuild: clear the graph, then project every page as a fresh save.
pub fn rebuild<'a>(
    pages: impl IntoIterator<Item = (&'a PageInfo, &'a PageContent)> + 'a,
    schemas: &'a Schemas,
) -> impl Iterator<Item = CypherStatement> + 'a {
    std::iter::once(clear_graph()).chain(pages.into_iter().flat_map(move |(p, c)| page_saved(p, c, None, schemas)))
}

/// Indexes on the keys every save matches by; without them each `MERGE` scans every node. A store
/// answers an error for an index it has already, which the caller ignores.
pub fn indexes() -> Vec<CypherStatement> {
    [SUBJECT_LABEL, PAGE_LABEL].map(|label| CypherStatement::new(format!("CREATE INDEX FOR (n:{label}) ON (n.id)"))).into()
}

pub fn clear_graph() -> CypherStatement {
    CypherStatement::new("MATCH (n) DETACH DELETE n")
}

/// Subjects attached to the page but not in `keep` (the IDs of `content`) lose their relations and `HasSubject` edge and
/// become stubs (kept while other Subjects point at them).
fn demote_departed(page_id: i64, keep: Vec<Value>, previous: Option<&PageContent>, content: &PageContent) -> Vec<CypherStatement> {
    let labels = previous_labels(previous, |(id, _)| !content.subjects.contains_key(*id));
    let attached = format!("MATCH (:{PAGE_LABEL} {{id: $page}})-[h:{HAS_SUBJECT}]->(s:{SUBJECT_LABEL}) WHERE NOT s.id IN $keep");
    vec![
        CypherStatement::new(format!("{attached} MATCH (s)-[r]->() DELETE r"))
            .param("page", page_id)
            .param("keep", keep.clone()),
        CypherStatement::new(format!("{attached} DELETE h SET s = {{id: s.id, stub: true}}{}", remove_labels("s", &labels)))
            .param("page", page_id)
            .param("keep", keep),
    ]
}

/// Per Subject: upsert the node with its properties and Schema label, move its `HasSubject` edge to
/// this page, and drop its outgoing relations (re-created by [`relation_statements`]).
fn subject_statements(graph: &PageGraph, previous: Option<&PageContent>) -> Vec<CypherStatement> {
    let mut out = Vec::new();
    for s in &graph.subjects {
        let stale = previous_labels(previous, |(id, _)| *id == &s.id);
        let stale: BTreeSet<String> = stale.into_iter().filter(|l| *l != s.label).collect();
        out.push(
            CypherStatement::new(format!(
                "MERGE (s:{SUBJECT_LABEL} {{id: $id}}) SET s = $properties, s:{}{}",
                quote(&s.label),
                remove_labels("s", &stale)
            ))
            .param("id", s.id.as_str())
            .param("properties", Value::Object(s.properties.clone())),
        );
    }
    let rows: Vec<Value> = graph.subjects.iter().map(|s| json!({"id": s.id.as_str(), "isMain": s.is_main})).collect();
    if rows.is_empty() {
        return out;
    }
    let ids: Vec<Value> = graph.subjects.iter().map(|s| s.id.as_str().into()).collect();
    out.push(
        CypherStatement::new(format!("UNWIND $ids AS id MATCH (:{PAGE_LABEL})-[h:{HAS_SUBJECT}]->(:{SUBJECT_LABEL} {{id: id}}) DELETE h"))
            .param("ids", ids.clone()),
    );
    out.push(CypherStatement::new(format!("UNWIND $ids AS id MATCH (:{SUBJECT_LABEL} {{id: id}})-[r]->() DELETE r")).param("ids", ids));
    out.push(
        CypherStatement::new(format!(
            "MATCH (p:{PAGE_LABEL} {{id: $page}}) UNWIND $rows AS row MATCH (s:{SUBJECT_LABEL} {{id: row.id}}) \
             CREATE (p)-[:{HAS_SUBJECT} {{isMain: row.isMain}}]->(s)"
        ))
        .param("page", graph.page.id)
        .param("rows", rows),
    );
    out
}

/// One statement per relation type: create the edges, and a stub for each target not in the graph.
fn relation_statements(graph: &PageGraph) -> Vec<CypherStatement> {
    let mut by_type: IndexMap<&str, Vec<Value>> = IndexMap::new();
    for r in &graph.relations {
        by_type.entry(&r.relation_type).or_default().push(json!({
            "source": r.source.as_str(), "target": r.target, "properties": r.properties,
        }));
    }
    by_type
        .into_iter()
        .map(|(relation_type, rows)| {
            CypherStatement::new(format!(
                "UNWIND $rows AS row MATCH (s:{SUBJECT_LABEL} {{id: row.source}}) \
                 MERGE (t:{SUBJECT_LABEL} {{id: row.target}}) ON CREATE SET t.stub = true \
                 CREATE (s)-[r:{}]->(t) SET r = row.properties",
                quote(relation_type)
            ))
            .param("rows", rows)
        })
        .collect()
}

/// Stubs nothing points at any more are deleted.
fn remove_orphan_stubs() -> CypherStatement {
    CypherStatement::new(format!("MATCH (s:{SUBJECT_LABEL}) WHERE s.stub = true AND NOT ()-->(s) DELETE s"))
}

/// Schema labels of the previous content's Subjects that pass `filter`; never the `Subject` label.
fn previous_labels(
    previous: Option<&PageContent>,
    filter: impl Fn(&(&crate::domain::ids::SubjectId, &crate::domain::subject::Subject)) -> bool,
) -> BTreeSet<String> {
    previous
        .into_iter()
        .flat_map(|c| c.subjects.iter())
        .filter(|e| filter(e))
        .map(|(_, s)| schema_label(&s.schema))
        .filter(|l| l != SUBJECT_LABEL)
        .collect()
}

/// ` REMOVE v:`A`:`B`` for the given labels, or nothing.
fn remove_labels(var: &str, labels: &BTreeSet<String>) -> String {
    if labels.is_empty() {
        return String::new();
    }
    let quoted: Vec<String> = labels.iter().map(|l| quote(l)).collect();
    format!(" REMOVE {var}:{}", quoted.join(":"))
}
