//! The statements of a rebuild batch: many pages the graph does not hold yet, written by one
//! statement per kind of node and edge for the whole batch (`docs/graph.md`). A graph store answers
//! a few large statements much faster than many small ones, and the gap grows with the graph.
//!
//! Subjects the batch knows the graph does not hold are created without a lookup by ID, and the
//! relations between two of them in the same statement are created there too, their ends taken
//! from the statement's own new nodes by position, with no lookup either. The other relations
//! look both ends up by ID, and leave a stub for a target the graph does not hold.

use super::model::{page_graph, PageGraph, PageInfo, Schemas};
use super::projection::{clear_graph, page_nodes, relation_statements, subject_nodes, Detach, Inline};
use super::statement::CypherStatement;
use crate::domain::page_content::PageContent;
use crate::graph_values::param::Param;
use std::borrow::Cow;
use std::collections::{HashMap, HashSet};

/// Statements for a rebuild in one batch: clear the graph, then write every page (the cleared graph
/// holds none of their Subjects).
pub fn rebuild<'a>(
    pages: impl IntoIterator<Item = (&'a PageInfo, &'a PageContent)>,
    schemas: &'a Schemas,
) -> Vec<CypherStatement<'a>> {
    std::iter::once(clear_graph()).chain(pages_written(pages, schemas, Absent::All).statements).collect()
}

/// Which Subjects of a rebuild batch the graph is known not to hold: those are created without a
/// lookup, and every other one is matched by ID first (a stub an earlier batch's relation left, or
/// a node a save wrote while the rebuild ran).
#[derive(Clone, Copy, Debug)]
pub enum Absent<'s> {
    /// None of them (the graph was cleared just before).
    All,
    /// These IDs.
    Ids(&'s HashSet<&'s str>),
}

/// The statements of a rebuild batch, and the relation targets that are not among its Subjects:
/// where the graph does not hold them yet, the batch leaves a stub that a later batch must find.
pub struct BatchWrites<'a> {
    pub statements: Vec<CypherStatement<'a>>,
    pub outside_targets: Vec<Cow<'a, str>>,
}

/// [`super::projection::page_written`] of many pages the graph does not hold yet (a rebuild batch),
/// with no previous content: the same nodes and edges.
pub fn pages_written<'a>(
    pages: impl IntoIterator<Item = (&'a PageInfo, &'a PageContent)>,
    schemas: &'a Schemas,
    absent: Absent<'_>,
) -> BatchWrites<'a> {
    let mut graphs: Vec<PageGraph> =
        pages.into_iter().map(|(page, content)| page_graph(page, content, schemas)).collect();
    if graphs.is_empty() {
        return BatchWrites { statements: Vec::new(), outside_targets: Vec::new() };
    }
    let outside_targets = outside_targets(&graphs);
    let created = created_ids(&graphs, absent);
    let inline = inline_relations(&mut graphs, &created);
    let page_nodes = page_nodes(&graphs);
    let relations = relation_statements(&mut graphs);
    let mut statements = subject_nodes(graphs, None, Detach::Nothing { created: &created, inline });
    statements.push(page_nodes);
    statements.extend(relations);
    BatchWrites { statements, outside_targets }
}

/// Moves out of `graphs` the relations whose source and target are both `created` with the same
/// Schema label: they are written by that label's statement, as rows `{s, t, properties}` whose `s`
/// and `t` are the two Subjects' positions among the label's created rows (in batch order, as
/// [`subject_nodes`] writes them).
fn inline_relations<'a>(graphs: &mut [PageGraph<'a>], created: &HashSet<&'a str>) -> Inline<'a> {
    let mut counts: HashMap<Cow<'a, str>, i64> = HashMap::new();
    let mut places: HashMap<&'a str, (Cow<'a, str>, i64)> = HashMap::new();
    for s in graphs.iter().flat_map(|g| &g.subjects).filter(|s| created.contains(s.id.as_str())) {
        let count = counts.entry(s.label.clone()).or_default();
        places.insert(s.id.as_str(), (s.label.clone(), *count));
        *count += 1;
    }
    let mut inline = Inline::default();
    for g in graphs.iter_mut() {
        let relations = std::mem::take(&mut g.relations);
        for r in relations {
            match (places.get(r.source.as_str()), places.get(r.target.as_ref())) {
                (Some((label, s)), Some((target_label, t))) if label == target_label => {
                    let row = Param::map([
                        ("s", Param::Int(*s)),
                        ("t", Param::Int(*t)),
                        ("properties", Param::Map(r.properties)),
                    ]);
                    inline.entry(label.clone()).or_default().entry(r.relation_type).or_default().push(row);
                }
                _ => g.relations.push(r),
            }
        }
    }
    inline
}

/// The relation targets of `graphs` that are not among their Subjects, each once, in order.
fn outside_targets<'a>(graphs: &[PageGraph<'a>]) -> Vec<Cow<'a, str>> {
    let inside: HashSet<&str> = graphs.iter().flat_map(|g| &g.subjects).map(|s| s.id.as_str()).collect();
    let mut seen = HashSet::new();
    graphs
        .iter()
        .flat_map(|g| &g.relations)
        .filter(|r| !inside.contains(r.target.as_ref()) && seen.insert(r.target.as_ref()))
        .map(|r| r.target.clone())
        .collect()
}

/// The IDs of the batch's Subjects that are `absent` and named once in the batch. One named twice
/// (data that breaks the wiki's unique IDs) is matched by ID, as saves would.
fn created_ids<'a>(graphs: &[PageGraph<'a>], absent: Absent<'_>) -> HashSet<&'a str> {
    let mut once = HashSet::new();
    let mut twice = HashSet::new();
    for s in graphs.iter().flat_map(|g| &g.subjects) {
        if !once.insert(s.id.as_str()) {
            twice.insert(s.id.as_str());
        }
    }
    once.retain(|id| {
        !twice.contains(id)
            && match absent {
                Absent::All => true,
                Absent::Ids(ids) => ids.contains(id),
            }
    });
    once
}
