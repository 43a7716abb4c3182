//! Reading what projection needs through the host. Stores hold every page whatever the caller of
//! the write may read, so access facts are not consulted here.

use crate::app::error::ApiError;
use crate::app::Scope;
use crate::domain::mapping::Mapping;
use crate::domain::page_content::PageContent;
use crate::domain::schema::Schema;
use crate::domain::title::Title;
use crate::host::{namespace, Host, HostError, ListPages};
use serde_json::Value;
use std::collections::HashMap;

const MAPPING_PAGES_PER_CALL: u32 = 500;

/// The local Schemas the contents' Subjects name; absent and invalid ones are left out.
pub async fn load_schemas<'c, H: Host>(
    ctx: &Scope<'_, H>,
    contents: impl Iterator<Item = &'c PageContent>,
) -> Result<HashMap<Title, Schema>, ApiError> {
    let mut out = HashMap::new();
    let mut tried = std::collections::HashSet::new();
    for title in contents.flat_map(|c| c.subjects.values().filter_map(|s| s.schema.local())) {
        if !tried.insert(title.clone()) {
            continue;
        }
        let page = ctx.page_by_title(namespace::SCHEMA, &title.to_string()).await?;
        if let Some(schema) = page.and_then(|p| Schema::parse_str(p.main_slot.as_deref()?, &ctx.own_source).ok()) {
            out.insert(title.clone(), schema);
        }
    }
    Ok(out)
}

/// Every Mapping page as (title, Mapping); pages that do not hold a valid Mapping are left out.
pub async fn load_mappings<H: Host>(host: &H) -> Result<Vec<(String, Mapping)>, HostError> {
    let mut out = Vec::new();
    let mut after = None;
    loop {
        let args = ListPages { namespace: namespace::MAPPING, after: after.clone(), limit: MAPPING_PAGES_PER_CALL, prefix: None };
        let pages = host.list_pages(args).await?.pages;
        let full = pages.len() == MAPPING_PAGES_PER_CALL as usize;
        after = pages.last().map(|p| p.title.clone());
        out.extend(pages.into_iter().filter_map(|p| Some((p.title, parse_mapping(p.main_slot.as_deref()?)?))));
        if !full {
            return Ok(out);
        }
    }
}

pub fn parse_mapping(text: &str) -> Option<Mapping> {
    Mapping::from_json(&serde_json::from_str::<Value>(text).ok()?).ok()
}

/// The target a Mapping page's text names, even when the rest of it is broken.
pub fn mapping_target(text: &str) -> Option<String> {
    serde_json::from_str::<Value>(text).ok()?.get("target")?.as_str().map(str::to_owned)
}
