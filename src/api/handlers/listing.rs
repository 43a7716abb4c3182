//! Walking the pages of a namespace in title order, skipping rows the caller may not see.

use super::Reply;
use crate::api::context::Ctx;
use crate::api::cursor;
use crate::app::error::ApiError;
use crate::host::{Host, ListPages, PageRecord};
use serde_json::json;

/// How many pages one request looks at while collecting readable ones.
const MAX_INSPECTED: usize = 1000;

pub struct Listing<T> {
    pub items: Vec<T>,
    /// The title to continue after, when more may follow.
    pub next_after: Option<String>,
}

/// Up to `limit` items that `keep` accepts, from the pages after `after` whose title starts with
/// `prefix`. `keep` sees only readable pages.
pub async fn scan<H: Host, T>(
    ctx: &Ctx<'_, H>,
    namespace: i32,
    mut after: Option<String>,
    prefix: Option<String>,
    limit: u32,
    keep: impl Fn(&PageRecord) -> Option<T>,
) -> Result<Listing<T>, ApiError> {
    let mut items: Vec<(String, T)> = Vec::new();
    let mut inspected = 0;
    let done = |items: Vec<(String, T)>, next_after| Listing {
        items: items.into_iter().map(|(_, i)| i).collect(),
        next_after,
    };
    loop {
        let batch_size = limit + 1;
        let args = ListPages { namespace, after: after.clone(), limit: batch_size, prefix: prefix.clone() };
        let batch = ctx.host.list_pages(args).await?.pages;
        let exhausted = batch.len() < batch_size as usize;
        for page in batch {
            inspected += 1;
            after = Some(page.title.clone());
            let Some(item) = page.access.read.then(|| keep(&page)).flatten() else { continue };
            if items.len() == limit as usize {
                let next_after = items.last().map(|(t, _)| t.clone());
                return Ok(done(items, next_after));
            }
            items.push((page.title, item));
        }
        if exhausted {
            return Ok(done(items, None));
        }
        if inspected >= MAX_INSPECTED {
            return Ok(done(items, after));
        }
    }
}

/// A cursor-paginated list of a namespace's pages, answered as `{<key>: items, nextCursor}`.
pub async fn titled_list<H: Host, T: serde::Serialize>(
    ctx: &Ctx<'_, H>,
    namespace: i32,
    key: &str,
    keep: impl Fn(&PageRecord) -> Option<T>,
) -> Result<Reply, ApiError> {
    let limit = cursor::limit(ctx.query_int("limit"))?;
    let after = ctx.query("cursor").map(cursor::decode).transpose()?;
    let listing = scan(ctx, namespace, after, None, limit, keep).await?;
    let next = listing.next_after.as_deref().map(cursor::encode);
    Ok(Reply::ok(json!({key: listing.items, "nextCursor": next})))
}
