//! One batch of a store rebuild, computed without I/O: the host reads the pages, Schemas and
//! Mappings, the core answers what to write. Pages are projected as fresh saves (without the
//! per-page stub cleanup, which a fresh graph does not need), so a rebuild gives exactly what
//! incremental saves give.

use super::payload::{page_info, project_rdf, texts};
use super::Sources;
use crate::app::load::parse_mapping;
use crate::domain::ids::SourceKey;
use crate::domain::page_content::PageContent;
use crate::domain::schema::Schema;
use crate::domain::title::Title;
use crate::graph::batch::{pages_written, Absent};
use crate::graph::projection::{clear_graph, indexes};
use crate::host::{Access, PageRecord, StoreKind};
use crate::normalize::{read_page_content, Context};
use crate::rdf::serialize::{to_string, Format};
use crate::rdf::Iris;
use serde::Serialize;
use std::borrow::Cow;
use std::collections::{HashMap, HashSet};

use super::batch_request::PageFacts;
pub use super::batch_request::{BatchRequest, BatchRequestError};
use crate::types::ReadSchema;

/// What the host writes: `statements` for a graph store (run in order, after the `graphIndexes`
/// export's statements in the first batch), `trig` for a SPARQL store (one document, one named graph per page, for a bulk
/// load). `projected` counts the pages written, `failed` lists the pages that could not be.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BatchResult {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub statements: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trig: Option<String>,
    /// Graph stores: the batch's relation targets that are not among its Subjects, each once. Those
    /// the graph does not hold yet are now stubs, so a later batch holding one must not count it
    /// `absent`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outside_targets: Option<Vec<String>>,
    pub projected: usize,
    pub failed: Vec<BatchFailure>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BatchFailure {
    pub page_id: u64,
    pub reason: String,
}

/// The index statements of a graph store (`docs/graph.md`): a host runs them on every connection it
/// opens and at the start of a rebuild, ignoring "already indexed"; batches and updates omit them.
pub fn graph_indexes() -> Vec<String> {
    texts(&indexes()).expect("the index statements have no parameters")
}

pub fn project_batch(request: &BatchRequest<'_>) -> Result<BatchResult, String> {
    let own_source = SourceKey::parse(&request.settings.source_key).map_err(|e| format!("sourceKey: {e}"))?;
    let kind = request
        .settings
        .store
        .kind()
        .ok_or_else(|| format!("store type \"{}\" is unknown", request.settings.store.store_type))?;
    let schemas: HashMap<Title, Schema> = request
        .settings
        .schemas
        .iter()
        .filter_map(|(name, text)| Some((Title::new(name).ok()?, Schema::parse_str(text, &own_source).ok()?)))
        .collect();
    let mappings: Vec<_> =
        request.settings.mappings.iter().filter_map(|m| Some((m.title.clone(), parse_mapping(&m.text)?))).collect();
    let sources = Sources::new(
        Iris::new(&request.settings.rdf_base_uri)
            .with_sources(request.settings.source_iris.iter().map(|(k, v)| (k.as_str(), v.as_str()))),
        schemas,
        &mappings,
        [request.settings.store.projection.as_str()],
    );
    let ctx = Context { own_source: &own_source };
    let pages: Vec<(PageRecord, PageContent)> = request
        .pages
        .iter()
        .map(|p| (record_of(&p.facts), p.slot.map(|slot| read_page_content(&slot, &ctx)).unwrap_or_default()))
        .filter(|(_, content)| !content.subjects.is_empty())
        .collect();
    let mut result = BatchResult::default();
    match kind {
        StoreKind::Graph => {
            let mut statements =
                if request.settings.start { texts(&[clear_graph()]).map_err(|e| e.to_string())? } else { Vec::new() };
            let mut written = Vec::new();
            for (record, content) in &pages {
                match page_info(record) {
                    Ok(page) => written.push((page, content)),
                    Err(e) => result.failed.push(BatchFailure { page_id: record.page_id, reason: e.to_string() }),
                }
            }
            // A few statements write the whole batch. The graph model makes every value sendable
            // (U+0000 and backticks in names are replaced), so statements that cannot be sent are a
            // fault of the batch, not of one page.
            result.projected = written.len();
            // The first batch clears the graph before it writes, so none of its Subjects is there.
            let ids: HashSet<&str> = request.settings.absent.iter().map(String::as_str).collect();
            let absent = if request.settings.start { Absent::All } else { Absent::Ids(&ids) };
            let batch = pages_written(written.iter().map(|(p, c)| (p, *c)), &sources.schemas, absent);
            statements.extend(texts(&batch.statements).map_err(|e| e.to_string())?);
            result.statements = Some(statements);
            result.outside_targets = Some(batch.outside_targets.into_iter().map(Cow::into_owned).collect());
        }
        StoreKind::Sparql => {
            // One document for the whole batch, prefixes declared once, one named graph per page.
            let projection = request.settings.store.projection.as_str();
            let (trig, ()) = to_string(Format::Trig, &sources.iris, |sink| {
                for (record, content) in &pages {
                    project_rdf(projection, record, content, &sources, sink);
                }
            });
            result.projected = pages.len();
            result.trig = Some(trig);
        }
    }
    Ok(result)
}

fn record_of(page: &PageFacts) -> PageRecord {
    PageRecord {
        page_id: page.page_id,
        namespace: page.namespace,
        title: page.title.clone(),
        prefixed_title: page.prefixed_title.clone(),
        latest_revision_id: 0,
        created: page.created.clone(),
        modified: page.modified.clone(),
        last_editor: page.last_editor.clone(),
        categories: page.categories.clone(),
        content_model: String::new(),
        main_slot: None,
        subject_slot: None,
        access: Access::default(),
    }
}
