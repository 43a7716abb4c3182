//! Subjects as the API shows them: loading a page's content and the Schemas its Subjects use,
//! display names, read objects, relation targets and the index rows a write stores.

mod display;
mod index;
mod list_row;
mod subject;
mod targets;

pub use display::display_name;
pub use index::index_rows;
pub use list_row::list_rows;
pub use subject::{subject_json, PageFields};
pub use targets::resolve_targets;

use super::error::ApiError;
use super::load::schema_by_ref;
use crate::app::Scope;
use crate::domain::ids::SubjectId;
use crate::domain::page_content::PageContent;
use crate::domain::schema::{Schema, SchemaRef};
use crate::host::{Host, PageRecord};
use crate::normalize::{read_page_content_str, Context, SchemaLookup};
use std::collections::HashMap;

/// A readable page and its Subject slot.
#[derive(Debug, Clone)]
pub struct PageData {
    pub record: PageRecord,
    pub content: PageContent,
}

impl PageData {
    pub fn from_record<H>(ctx: &Scope<'_, H>, record: PageRecord) -> Self {
        let content = read_content(ctx, record.subject_slot.as_deref());
        PageData { record, content }
    }
}

pub fn read_content<H>(ctx: &Scope<'_, H>, slot: Option<&str>) -> PageContent {
    slot.map(|s| read_page_content_str(s, &Context { own_source: &ctx.own_source })).unwrap_or_default()
}

/// The page, when it exists and the caller may read it.
pub async fn readable_page<H: Host>(ctx: &Scope<'_, H>, page_id: u64) -> Result<Option<PageData>, ApiError> {
    let record = ctx.page_by_id(page_id).await?;
    Ok(record.filter(|r| r.access.read).map(|r| PageData::from_record(ctx, r)))
}

/// The readable page that holds a Subject now, by the index.
pub async fn page_of<H: Host>(ctx: &Scope<'_, H>, id: &SubjectId) -> Result<Option<PageData>, ApiError> {
    let info = ctx.subjects_info(&[id.to_string()]).await?;
    let Some(info) = info.get(id.as_str()).filter(|i| i.readable) else { return Ok(None) };
    let page = readable_page(ctx, info.page_id).await?;
    Ok(page.filter(|p| p.content.subjects.contains_key(id)))
}

/// The Schemas a set of Subjects use, loaded once; absent and unreadable ones are missing.
#[derive(Debug, Clone, Default)]
pub struct Schemas(pub HashMap<SchemaRef, Schema>);

impl Schemas {
    pub async fn load<'s, H: Host>(
        &mut self,
        ctx: &Scope<'_, H>,
        refs: impl IntoIterator<Item = &'s SchemaRef>,
    ) -> Result<(), ApiError> {
        for r in refs {
            if !self.0.contains_key(r) {
                if let Some(s) = schema_by_ref(ctx, r).await? {
                    self.0.insert(r.clone(), s);
                }
            }
        }
        Ok(())
    }

    pub async fn for_page<H: Host>(ctx: &Scope<'_, H>, content: &PageContent) -> Result<Self, ApiError> {
        let mut s = Schemas::default();
        s.load(ctx, content.subjects.values().map(|s| &s.schema)).await?;
        Ok(s)
    }
}

impl SchemaLookup for Schemas {
    fn schema(&self, reference: &SchemaRef) -> Option<&Schema> {
        self.0.get(reference)
    }
}
