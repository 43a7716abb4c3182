//! The read-only query endpoints: `POST /query/sparql` (the first SPARQL store's results relayed
//! unchanged) and `POST /query/cypher` (checked by the read-only guard, cells normalized). Both need
//! `strata-query`, count against its rate limit, wait for the store writes pending before them
//! (`app::query::await_projection`), and run in the caller's tier (`app::query`).

use super::{Body, Reply};
use crate::api::context::Ctx;
use crate::app::error::{rate_limited, ApiError};
use crate::app::query::{
    admit_text, await_projection, check_cypher, check_sparql, run_cypher, run_sparql, Tier, TierName, QUERY_RIGHT,
};
use crate::host::{Host, RateLimitHit, StoreKind};
use serde_json::{Map, Value};

pub async fn sparql<H: Host>(ctx: &Ctx<'_, H>) -> Result<Reply, ApiError> {
    let text = admit_text(ctx.caller, ctx.body_str("query"))?;
    let query = check_sparql(text)?;
    let tier = admit(ctx).await?;
    await_projection(ctx.host, Some(StoreKind::Sparql)).await?;
    let (content_type, text) = run_sparql(ctx.host, &query, tier).await?;
    Ok(Reply { status: 200, body: Body::Raw { content_type, text }, headers: Vec::new() })
}

pub async fn cypher<H: Host>(ctx: &Ctx<'_, H>) -> Result<Reply, ApiError> {
    let text = admit_text(ctx.caller, ctx.body_str("cypher"))?;
    let parameters = ctx.body.get("parameters").and_then(Value::as_object).cloned().unwrap_or_else(Map::new);
    let checked = check_cypher(text, parameters)?;
    let tier = admit(ctx).await?;
    await_projection(ctx.host, Some(StoreKind::Graph)).await?;
    Ok(Reply::ok(run_cypher(ctx.host, &checked, tier).await?))
}

/// Counts the query against the rate limit (not for `noratelimit`) and picks the caller's tier.
async fn admit<H: Host>(ctx: &Ctx<'_, H>) -> Result<Tier, ApiError> {
    if !ctx.caller.has("noratelimit") {
        let outcome = ctx.host.hit_rate_limit(RateLimitHit { action: QUERY_RIGHT.into() }).await?;
        if outcome.limited {
            return Err(rate_limited("Too many queries", outcome.retry_after_seconds));
        }
    }
    Ok(Tier::limits(&ctx.settings, TierName::of(ctx.caller)))
}
