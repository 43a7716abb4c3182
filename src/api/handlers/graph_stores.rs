//! The graph-store endpoints, gated by `strata-admin` in the route table. The listing first waits
//! for the store writes pending before it (`app::query::await_projection`), so a store's state
//! after a save tells whether that save reached it.

use super::Reply;
use crate::api::context::Ctx;
use crate::app::error::{ApiError, ErrorKind};
use crate::app::query::await_projection;
use crate::host::{Host, RebuildOutcome, StoreName};
use serde_json::json;

pub async fn list<H: Host>(ctx: &Ctx<'_, H>) -> Result<Reply, ApiError> {
    await_projection(ctx.host, None).await?;
    Ok(Reply::ok(json!({"stores": ctx.host.graph_stores().await?.stores})))
}

pub async fn rebuild<H: Host>(ctx: &Ctx<'_, H>) -> Result<Reply, ApiError> {
    let name = ctx.param("name").to_owned();
    let start = ctx.host.start_rebuild(StoreName { name: name.clone() }).await?;
    match start.outcome {
        RebuildOutcome::Queued => Ok(Reply::with_status(202, json!({"run": start.run}))),
        RebuildOutcome::Active => Err(ApiError::new(
            ErrorKind::RebuildActive,
            format!("A rebuild of \"{name}\" is already queued or running."),
        )
        .with("run", start.run)),
        RebuildOutcome::Unknown => Err(ApiError::not_found(format!("No graph store \"{name}\" is configured."))),
    }
}

pub async fn cancel<H: Host>(ctx: &Ctx<'_, H>) -> Result<Reply, ApiError> {
    let name = ctx.param("name").to_owned();
    let cancelled = ctx.host.cancel_rebuild(StoreName { name: name.clone() }).await?;
    if cancelled.run.is_null() {
        return Err(ApiError::not_found(format!("No rebuild of \"{name}\" is queued or running.")));
    }
    Ok(Reply::ok(json!({"run": cancelled.run})))
}
