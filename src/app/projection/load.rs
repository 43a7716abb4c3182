//! Reading what projection needs through the host, with the loaders of `app::load`. Stores hold
//! every page whatever the caller of the write may read, so access facts are not consulted here.

use crate::app::error::ApiError;
use crate::app::load::parse_schema_page;
use crate::app::Scope;
use crate::domain::page_content::PageContent;
use crate::domain::schema::Schema;
use crate::domain::title::Title;
use crate::host::{namespace, Host};
use serde_json::Value;
use std::collections::HashMap;

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
        if let Some(schema) = page.and_then(|p| parse_schema_page(ctx, &p)) {
            out.insert(title.clone(), schema);
        }
    }
    Ok(out)
}

/// The target a Mapping page's text names, even when the rest of it is broken.
pub fn mapping_target(text: &str) -> Option<String> {
    serde_json::from_str::<Value>(text).ok()?.get("target")?.as_str().map(str::to_owned)
}
