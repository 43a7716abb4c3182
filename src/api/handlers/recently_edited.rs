//! `GET /recently-edited-subjects`: each Subject once, newest edit first, from the newest revisions.

use super::readable::first_readable;
use super::Reply;
use crate::api::context::Ctx;
use crate::api::cursor;
use crate::app::error::ApiError;
use crate::app::view::list_rows;
use crate::host::{EditedSubject, Host, IndexedSubject, RecentlyEdited};
use serde_json::{json, Value};

/// How many of the newest revisions of any page are looked at (the spec's limit).
pub const LOOKBACK_REVISIONS: u32 = 2000;

pub async fn list<H: Host>(ctx: &Ctx<'_, H>) -> Result<Reply, ApiError> {
    let limit = cursor::limit(ctx.query_int("limit"))?;
    let (rows, _) = first_readable(
        limit,
        |r: &EditedSubject| r.subject.readable,
        |n| async move {
            let rows = ctx.host.recently_edited(RecentlyEdited { limit: n, lookback: LOOKBACK_REVISIONS }).await?.rows;
            let more = rows.len() == n as usize;
            Ok((rows, more))
        },
    )
    .await?;
    let subjects: Vec<&IndexedSubject> = rows.iter().map(|r| &r.subject).collect();
    let mut out = list_rows(ctx, &subjects).await?;
    for (item, row) in out.iter_mut().zip(&rows) {
        item["lastEdited"] = Value::String(row.last_edited.clone());
    }
    Ok(Reply::ok(json!({"subjects": out})))
}
