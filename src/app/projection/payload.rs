//! What one page's state is in one store, computed without I/O: Cypher statements for a graph
//! database, the page's named graph as TriG for a SPARQL store. The same functions serve saves
//! (with the content the store held before) and rebuild batches (without).

use super::sources::Sources;
use crate::domain::page_content::PageContent;
use crate::domain::title::Title;
use crate::graph::model::PageInfo;
use crate::graph::projection::{page_deleted, page_saved};
use crate::graph::statement::CypherStatement;
use crate::host::{PageRecord, StoreKind, StoreSettings, StoreUpdate};
use crate::rdf::serialize::{to_string, Format};
use crate::rdf::{native, Context, PageFacts, PageView, QuadSink};
use std::fmt;

/// A configured store by name.
#[derive(Debug, Clone, Copy)]
pub struct Target<'a> {
    pub name: &'a str,
    pub settings: &'a StoreSettings,
}

/// Why a page could not be put into a store; the store is then marked stale.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProjectionError(pub String);

impl fmt::Display for ProjectionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Only pages holding Subjects are in the stores: a page whose last Subject left is removed, and a
/// page that held none before and holds none now needs no update (`None`).
pub fn page_update(
    target: Target,
    page: &PageRecord,
    content: &PageContent,
    previous: Option<&PageContent>,
    sources: &Sources,
) -> Result<Option<StoreUpdate>, ProjectionError> {
    let had_subjects = previous.is_some_and(|p| !p.subjects.is_empty());
    if content.subjects.is_empty() && !had_subjects {
        return Ok(None);
    }
    let store = target.name.to_owned();
    match target.settings.kind() {
        Some(StoreKind::Graph) => {
            let statements = if content.subjects.is_empty() {
                texts(&page_deleted(graph_id(page.page_id), previous))?
            } else {
                texts(&page_saved(&page_info(page)?, content, previous, &sources.schemas))?
            };
            Ok(Some(StoreUpdate::Graph { store, page_id: page.page_id, statements }))
        }
        Some(StoreKind::Sparql) => {
            let projection = target.settings.projection.as_str();
            let graph = sources.iris.graph(projection, page.page_id);
            let trig =
                if content.subjects.is_empty() { String::new() } else { page_trig(projection, page, content, sources) };
            Ok(Some(StoreUpdate::Sparql { store, page_id: page.page_id, graph, trig }))
        }
        None => Err(ProjectionError(format!(
            "store \"{}\" has the unknown type \"{}\"",
            target.name, target.settings.store_type
        ))),
    }
}

/// A deleted page, for a store.
pub fn page_removed(
    target: Target,
    page_id: u64,
    previous: Option<&PageContent>,
    sources: &Sources,
) -> Result<Option<StoreUpdate>, ProjectionError> {
    if previous.is_none_or(|p| p.subjects.is_empty()) {
        return Ok(None);
    }
    let store = target.name.to_owned();
    match target.settings.kind() {
        Some(StoreKind::Graph) => {
            let statements = texts(&page_deleted(graph_id(page_id), previous))?;
            Ok(Some(StoreUpdate::Graph { store, page_id, statements }))
        }
        Some(StoreKind::Sparql) => {
            let graph = sources.iris.graph(&target.settings.projection, page_id);
            Ok(Some(StoreUpdate::Sparql { store, page_id, graph, trig: String::new() }))
        }
        None => Err(ProjectionError(format!(
            "store \"{}\" has the unknown type \"{}\"",
            target.name, target.settings.store_type
        ))),
    }
}

/// The page's quads in the store's projection, pushed into `sink`.
pub fn project_rdf(
    projection: &str,
    page: &PageRecord,
    content: &PageContent,
    sources: &Sources,
    sink: &mut dyn QuadSink,
) {
    let facts = page_facts(page);
    let view = PageView { facts: &facts, content };
    let cx = Context { iris: &sources.iris, schemas: sources };
    match sources.ontologies.get(projection) {
        Some(ontology) => ontology.project_page(cx, &view, sink),
        None => native::project_page(cx, &view, sink),
    };
}

fn page_trig(projection: &str, page: &PageRecord, content: &PageContent, sources: &Sources) -> String {
    to_string(Format::Trig, &sources.iris, |sink| project_rdf(projection, page, content, sources, sink)).0
}

pub fn page_info(page: &PageRecord) -> Result<PageInfo, ProjectionError> {
    let title = Title::new(&page.title)
        .map_err(|e| ProjectionError(format!("page {} has an invalid title: {e}", page.page_id)))?;
    Ok(PageInfo { id: graph_id(page.page_id), namespace: i64::from(page.namespace), title })
}

fn graph_id(page_id: u64) -> i64 {
    i64::try_from(page_id).unwrap_or(i64::MAX)
}

pub fn texts(statements: &[CypherStatement]) -> Result<Vec<String>, ProjectionError> {
    statements
        .iter()
        .map(|s| s.query_text().map_err(|e| ProjectionError(format!("a statement cannot be sent: {e}"))))
        .collect()
}

fn page_facts(page: &PageRecord) -> PageFacts {
    PageFacts {
        id: page.page_id,
        title: page.title.clone(),
        prefixed_title: page.prefixed_title.clone(),
        created: page.created.clone(),
        modified: page.modified.clone(),
        last_editor: page.last_editor.clone(),
        categories: page.categories.clone(),
    }
}
