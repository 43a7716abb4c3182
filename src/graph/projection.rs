//! Cypher statements that bring the graph store in line with a page save or a page delete, and the
//! node and edge statements a rebuild batch shares with them (`super::batch`). Every statement is
//! idempotent, and every user-given value is a parameter; user-given names (already in their graph
//! spelling, see [`super::names::graph_name`]) are quoted with [`quote`].
//!
//! FalkorDB cannot remove a label it is not told statically, so a save or delete takes the page's
//! previous content: the labels of Subjects that left the page or changed Schema are removed by name.

use super::model::{
    page_graph, schema_label, PageGraph, PageInfo, Schemas, HAS_SUBJECT, PAGE_LABEL, STUB, SUBJECT_ID, SUBJECT_LABEL,
};
use super::names::quote;
use super::statement::CypherStatement;
use crate::domain::maps::FastIndexMap;
use crate::domain::page_content::PageContent;
use crate::graph_values::param::Param;
use std::borrow::Cow;
use std::collections::{BTreeSet, HashSet};

/// Statements for a page save or move: replace the page's nodes and edges with `content`.
/// `previous` is the content the store last received for the page (`None` for a new page).
pub fn page_saved<'a>(
    page: &'a PageInfo,
    content: &'a PageContent,
    previous: Option<&PageContent>,
    schemas: &'a Schemas,
) -> Vec<CypherStatement<'a>> {
    let mut out = page_written(page, content, previous, schemas);
    out.push(remove_orphan_stubs());
    out
}

/// [`page_saved`] without deleting orphaned stubs, for rebuilds: a fresh graph has none, and the
/// cleanup scans every Subject node, which made a rebuild slow down as the graph grew.
pub fn page_written<'a>(
    page: &'a PageInfo,
    content: &'a PageContent,
    previous: Option<&PageContent>,
    schemas: &'a Schemas,
) -> Vec<CypherStatement<'a>> {
    let mut graph = page_graph(page, content, schemas);
    let keep: Vec<Param> = graph.subjects.iter().map(|s| Param::text(s.id.as_str())).collect();
    let page_node = page_nodes(std::slice::from_ref(&graph));
    let mut out = demote_departed(page.id, keep, previous, content);
    let relations = relation_statements(std::slice::from_mut(&mut graph));
    out.extend(subject_nodes(vec![graph], previous, Detach::Existing));
    out.push(page_node);
    out.extend(relations);
    out
}

/// Statements for a page delete. `previous` is the page's last projected content.
pub fn page_deleted(page_id: i64, previous: Option<&PageContent>) -> Vec<CypherStatement<'static>> {
    let mut out = demote_departed(page_id, Vec::new(), previous, &PageContent::default());
    out.push(
        CypherStatement::new(format!("MATCH (p:{PAGE_LABEL} {{id: $page}}) DETACH DELETE p")).param("page", page_id),
    );
    out.push(remove_orphan_stubs());
    out
}

/// Indexes on the keys every save matches by; without them each `MERGE` scans every node. The one
/// on [`STUB`] lets the cleanup of orphaned stubs read the stubs only, not every Subject. A store
/// answers an error for an index it has already, which the caller ignores.
pub fn indexes() -> Vec<CypherStatement<'static>> {
    [(SUBJECT_LABEL, SUBJECT_ID), (PAGE_LABEL, "id"), (SUBJECT_LABEL, STUB)]
        .map(|(label, key)| CypherStatement::new(format!("CREATE INDEX FOR (n:{label}) ON (n.{key})")))
        .into()
}

pub fn clear_graph() -> CypherStatement<'static> {
    CypherStatement::new("MATCH (n) DETACH DELETE n")
}

/// Subjects attached to the page but not in `keep` (the IDs of `content`) lose their relations and `HasSubject` edge and
/// become stubs (kept while other Subjects point at them).
fn demote_departed<'a>(
    page_id: i64,
    keep: Vec<Param<'a>>,
    previous: Option<&PageContent>,
    content: &PageContent,
) -> Vec<CypherStatement<'a>> {
    let labels = previous_labels(previous, |(id, _)| !content.subjects.contains_key(*id));
    let attached = format!(
        "MATCH (:{PAGE_LABEL} {{id: $page}})-[h:{HAS_SUBJECT}]->(s:{SUBJECT_LABEL}) WHERE NOT s.{SUBJECT_ID} IN $keep"
    );
    vec![
        CypherStatement::new(format!("{attached} MATCH (s)-[r]->() DELETE r"))
            .param("page", page_id)
            .param("keep", keep.clone()),
        CypherStatement::new(format!(
            "{attached} DELETE h SET s = {{{SUBJECT_ID}: s.{SUBJECT_ID}, {STUB}: true}}{}",
            remove_labels("s", &labels)
        ))
        .param("page", page_id)
        .param("keep", keep),
    ]
}

/// The pages' nodes, with their title and namespace, and a `HasSubject` edge to each of their
/// Subjects (written before, and detached from any other page). The Page is at hand where it is
/// merged: FalkorDB finds a Page by its integer `id` far more slowly than a Subject by its string ID
/// (in a rebuild batch, 0.4 ms against 2.5 µs), so a Page is never looked up again to attach it.
pub(super) fn page_nodes<'a>(graphs: &[PageGraph<'a>]) -> CypherStatement<'a> {
    let rows: Vec<Param> = graphs
        .iter()
        .map(|g| {
            let subjects = g
                .subjects
                .iter()
                .map(|s| Param::map([("id", Param::text(s.id.as_str())), ("isMain", Param::Bool(s.is_main))]))
                .collect();
            Param::map([
                ("id", g.page.id.into()),
                ("title", Param::text(g.page.title.as_str())),
                ("namespace", g.page.namespace.into()),
                ("subjects", Param::List(subjects)),
            ])
        })
        .collect();
    CypherStatement::new(format!(
        "UNWIND $rows AS row MERGE (p:{PAGE_LABEL} {{id: row.id}}) SET p.title = row.title, p.namespace = row.namespace \
         WITH p, row UNWIND row.subjects AS sub MATCH (s:{SUBJECT_LABEL} {{{SUBJECT_ID}: sub.id}}) CREATE (p)-[:{HAS_SUBJECT} {{isMain: sub.isMain}}]->(s)"
    ))
    .param("rows", rows)
}

/// Whether Subjects may already hang off a page and have relations that must go first.
pub(super) enum Detach<'a, 's> {
    /// A save: a Subject may have moved from another page, and its relations are re-created.
    Existing,
    /// A rebuild batch: the graph holds no page of the batch, and no Subject has relations of its
    /// own yet. `created`: the Subjects that are not nodes yet, created without a lookup; `inline`:
    /// by Schema label, the relations between them, by relation type, as rows `{s, t, properties}`
    /// of source and target positions among that label's created rows.
    Nothing { created: &'s HashSet<&'a str>, inline: Inline<'a> },
}

/// Relations written with the Subjects they join: by Schema label, then relation type.
pub(super) type Inline<'a> = FastIndexMap<Cow<'a, str>, FastIndexMap<Cow<'a, str>, Vec<Param<'a>>>>;

/// Per Schema label (and labels to remove): upsert the Subject nodes with their properties, or
/// create those a rebuild batch knows are not in the graph. For a save, then drop each Subject's
/// `HasSubject` edge (re-created by [`page_nodes`]) and its outgoing relations (re-created by
/// [`relation_statements`]). `previous` is the one page's previous content, for a single page.
pub(super) fn subject_nodes<'a>(
    graphs: Vec<PageGraph<'a>>,
    previous: Option<&PageContent>,
    detach: Detach<'a, '_>,
) -> Vec<CypherStatement<'a>> {
    let ids: Vec<Param> = graphs.iter().flat_map(|g| &g.subjects).map(|s| Param::text(s.id.as_str())).collect();
    let none = HashSet::new();
    let save = matches!(detach, Detach::Existing);
    let (created, mut inline) = match detach {
        Detach::Nothing { created, inline } => (created, inline),
        Detach::Existing => (&none, Inline::default()),
    };
    let mut by_labels: FastIndexMap<(Cow<'a, str>, BTreeSet<String>, bool), Vec<Param>> = FastIndexMap::default();
    for s in graphs.into_iter().flat_map(|g| g.subjects) {
        let stale = previous_labels(previous, |(id, _)| *id == s.id);
        let stale: BTreeSet<String> = stale.into_iter().filter(|l| *l != s.label).collect();
        let create = created.contains(s.id.as_str());
        let row = Param::map([("id", Param::text(s.id.as_str())), ("properties", Param::Map(s.properties))]);
        by_labels.entry((s.label, stale, create)).or_default().push(row);
    }
    // Adding a label to a node costs FalkorDB time in proportion to the graph, while creating a node
    // with its labels does not: nodes that exist (stubs, Subjects saved before) are updated, and the
    // others created with both labels. One statement does both (FOREACH over an empty or
    // one-element list is Cypher's conditional write), so the rows are sent and parsed once. Rows a
    // rebuild batch knows are new skip the lookup (a third of FalkorDB's time for the batch).
    let mut out: Vec<CypherStatement> = Vec::new();
    for ((label, stale, create), rows) in by_labels {
        let relations = if create { inline.swap_remove(&label).unwrap_or_default() } else { FastIndexMap::default() };
        let label = quote(&label);
        let cypher = if create {
            let mut cypher = format!("UNWIND $rows AS row CREATE (s:{SUBJECT_LABEL}:{label}) SET s = row.properties");
            if !relations.is_empty() {
                cypher.push_str(" WITH collect(s) AS nodes");
            }
            for (n, relation_type) in relations.keys().enumerate() {
                cypher.push_str(&format!(
                    " FOREACH (rel IN $r{n} | FOREACH (s IN [nodes[rel.s]] | FOREACH (t IN [nodes[rel.t]] | CREATE (s)-[r:{}]->(t) SET r = rel.properties)))",
                    quote(relation_type)
                ));
            }
            cypher
        } else {
            format!(
                "UNWIND $rows AS row OPTIONAL MATCH (e:{SUBJECT_LABEL} {{{SUBJECT_ID}: row.id}}) \
                 FOREACH (_ IN CASE WHEN e IS NULL THEN [1] ELSE [] END | CREATE (s:{SUBJECT_LABEL}:{label}) SET s = row.properties) \
                 FOREACH (_ IN CASE WHEN e IS NULL THEN [] ELSE [1] END | SET e = row.properties, e:{label}{})",
                remove_labels("e", &stale)
            )
        };
        let statement = CypherStatement::new(cypher).param("rows", rows);
        out.push(
            relations
                .into_values()
                .enumerate()
                .fold(statement, |statement, (n, rows)| statement.param(&format!("r{n}"), rows)),
        );
    }
    if save && !ids.is_empty() {
        out.push(
            CypherStatement::new(format!("UNWIND $ids AS id MATCH (:{PAGE_LABEL})-[h:{HAS_SUBJECT}]->(:{SUBJECT_LABEL} {{{SUBJECT_ID}: id}}) DELETE h"))
                .param("ids", ids.clone()),
        );
        out.push(
            CypherStatement::new(format!(
                "UNWIND $ids AS id MATCH (:{SUBJECT_LABEL} {{{SUBJECT_ID}: id}})-[r]->() DELETE r"
            ))
            .param("ids", ids),
        );
    }
    out
}

/// One statement per relation type: create the edges, and a stub for each target not in the graph.
/// The edges' properties are moved out of `graphs`.
pub(super) fn relation_statements<'a>(graphs: &mut [PageGraph<'a>]) -> Vec<CypherStatement<'a>> {
    let mut by_type: FastIndexMap<Cow<'a, str>, Vec<Param>> = FastIndexMap::default();
    for r in graphs.iter_mut().flat_map(|g| g.relations.drain(..)) {
        by_type.entry(r.relation_type).or_default().push(Param::map([
            ("source", Param::text(r.source.as_str())),
            ("target", Param::Text(r.target)),
            ("properties", Param::Map(r.properties)),
        ]));
    }
    by_type
        .into_iter()
        .map(|(relation_type, rows)| {
            CypherStatement::new(format!(
                "UNWIND $rows AS row MATCH (s:{SUBJECT_LABEL} {{{SUBJECT_ID}: row.source}}) \
                 MERGE (t:{SUBJECT_LABEL} {{{SUBJECT_ID}: row.target}}) ON CREATE SET t.{STUB} = true \
                 CREATE (s)-[r:{}]->(t) SET r = row.properties",
                quote(&relation_type)
            ))
            .param("rows", rows)
        })
        .collect()
}

/// Stubs nothing points at any more are deleted.
fn remove_orphan_stubs() -> CypherStatement<'static> {
    CypherStatement::new(format!("MATCH (s:{SUBJECT_LABEL}) WHERE s.{STUB} = true AND NOT ()-->(s) DELETE s"))
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
        .map(|(_, s)| schema_label(&s.schema).into_owned())
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
