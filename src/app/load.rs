//! Reading Schema, Layout and Mapping pages through the host, the one loader of each: absent, unreadable and
//! unparsable all read as absent. Projection reads every Mapping page (stores hold every page), the
//! REST reads and the Mapping save rule only the caller's readable ones.

use super::error::{invalid_title, ApiError};
use crate::app::sources::{foreign_schema, Fetched};
use crate::app::Scope;
use crate::domain::mapping::Mapping;
use crate::domain::schema::{Schema, SchemaRef};
use crate::domain::title::Title;
use crate::host::{namespace, Host, HostError, ListPages, PageRecord};
use crate::types::ReadSchema;
use serde_json::Value;

pub fn schema_title(raw: &str) -> Result<Title, ApiError> {
    Title::new(raw).map_err(|e| invalid_title("The Schema name", &e))
}

pub async fn schema_page<H: Host>(ctx: &Scope<'_, H>, title: &Title) -> Result<Option<PageRecord>, ApiError> {
    ctx.page_by_title(namespace::SCHEMA, &title.to_string()).await
}

/// The Schema a stored page holds; `None` when its text is not a valid Schema.
pub fn parse_schema_page<H>(ctx: &Scope<'_, H>, page: &PageRecord) -> Option<Schema> {
    Schema::parse_str(page.main_slot.as_deref()?, &ctx.own_source).ok()
}

/// A Schema the caller may read, by title.
pub async fn readable_schema<H: Host>(ctx: &Scope<'_, H>, title: &Title) -> Result<Option<Schema>, ApiError> {
    Ok(schema_page(ctx, title).await?.filter(|p| p.access.read).and_then(|p| parse_schema_page(ctx, &p)))
}

/// A Schema by reference: a local one the caller may read, or a foreign one its registered source
/// answers with (absent when the source is unknown, says not found or is unavailable).
pub async fn schema_by_ref<H: Host>(ctx: &Scope<'_, H>, r: &SchemaRef) -> Result<Option<Schema>, ApiError> {
    match r {
        SchemaRef::Local(title) => readable_schema(ctx, title).await,
        SchemaRef::Foreign { source, name } => match foreign_schema(ctx, source, name).await? {
            Fetched::Found(schema) => Ok(Some(schema)),
            Fetched::NotFound | Fetched::Unavailable(_) => Ok(None),
        },
    }
}

/// Every Mapping page the caller may read whose content is a structurally valid Mapping, as
/// (page title, Mapping), in title order.
pub async fn readable_mappings<H: Host>(ctx: &Scope<'_, H>) -> Result<Vec<(String, Mapping)>, ApiError> {
    Ok(mapping_pages(ctx.host, true).await?)
}

/// The Mapping pages in title order, as (page title, Mapping): only those the caller may read when
/// `only_readable`; pages that do not hold a valid Mapping are left out.
pub async fn mapping_pages<H: Host>(host: &H, only_readable: bool) -> Result<Vec<(String, Mapping)>, HostError> {
    pages_of(host, namespace::MAPPING, only_readable, |p| {
        Some((p.title.clone(), parse_mapping(p.main_slot.as_deref()?)?))
    })
    .await
}

/// The Layout items the caller may read, in title order (`GET /layouts`' items, [`layout_item`]).
pub async fn readable_layouts<H: Host>(host: &H) -> Result<Vec<Value>, HostError> {
    pages_of(host, namespace::LAYOUT, true, layout_item).await
}

/// A Layout item: `name` and the fields of the stored Layout object. A page whose text is not a
/// JSON object is no Layout and is left out.
pub fn layout_item(page: &PageRecord) -> Option<Value> {
    let Ok(Value::Object(body)) = serde_json::from_str(page.main_slot.as_deref()?) else { return None };
    let mut item = serde_json::Map::new();
    item.insert("name".into(), page.title.clone().into());
    item.extend(body);
    Some(Value::Object(item))
}

/// What `keep` makes of every page of a namespace, in title order, read in batches; only the pages
/// the caller may read when `only_readable`.
async fn pages_of<H: Host, T>(
    host: &H,
    ns: i32,
    only_readable: bool,
    keep: impl Fn(&PageRecord) -> Option<T>,
) -> Result<Vec<T>, HostError> {
    const BATCH: u32 = 500;
    let mut found = Vec::new();
    let mut after = None;
    loop {
        let args = ListPages { namespace: ns, after: after.take(), limit: BATCH, prefix: None };
        let pages = host.list_pages(args).await?.pages;
        let full = pages.len() == BATCH as usize;
        after = pages.last().map(|p| p.title.clone());
        found.extend(pages.iter().filter(|p| p.access.read || !only_readable).filter_map(&keep));
        if !full {
            return Ok(found);
        }
    }
}

/// The Mapping a page's text holds, if it is a structurally valid one.
pub fn parse_mapping(text: &str) -> Option<Mapping> {
    Mapping::from_json(&serde_json::from_str::<Value>(text).ok()?).ok()
}
