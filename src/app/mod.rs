//! The application layer: the use cases behind the REST routes and the page actions (writes with
//! their index rows, page reads, Schema and Mapping loading, projection payloads, rebuild batches,
//! queries on the stores).

mod caller;
pub mod clock;
pub mod commit;
pub mod error;
mod foreign_reads;
pub mod json_schema;
pub mod load;
pub mod page_action;
pub mod projection;
pub mod query;
mod reads;
pub mod schema_save;
mod scope;
pub mod sources;
pub mod view;
pub mod write;

pub use crate::host::PageVersion;
pub use caller::Caller;
pub use page_action::handle_page_action;
pub use scope::Scope;

use crate::domain::page_content::PageContent;
use crate::domain::schema::{Schema, SchemaRef};
use crate::host::{Host, IndexRows};
use error::ApiError;
use std::collections::HashMap;

/// The index rows of a page's Subject slot, for saves made outside the REST routes (imports and
/// page actions). Schemas are read with the host's access for the current caller.
pub async fn page_index<H: Host>(
    host: &H,
    caller: &Caller,
    page_title: &str,
    subject_slot: &str,
) -> Result<IndexRows, ApiError> {
    let ctx = Scope::new(host, caller, host.config().await?, serde_json::Map::new())?;
    let content = view::read_content(&ctx, Some(subject_slot));
    let schemas = view::Schemas::for_page(&ctx, &content).await?;
    let changed = content.subjects.keys().map(ToString::to_string).collect();
    Ok(view::index_rows(page_title, &content, &schemas, changed))
}

/// The index rows of a normalized Subject slot, every Subject counted as changed: the bulk import's
/// path to the same rows a save stores. `schemas` are those the page's Subjects use.
pub fn content_index(page_title: &str, content: &PageContent, schemas: &HashMap<SchemaRef, Schema>) -> IndexRows {
    let changed = content.subjects.keys().map(ToString::to_string).collect();
    view::index_rows(page_title, content, schemas, changed)
}
