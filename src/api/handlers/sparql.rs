//! `POST /query/sparql`: a read-only SELECT or ASK query against the first configured SPARQL store.
//! The store's results document is relayed unchanged.

use super::{Body, Reply};
use crate::api::context::Ctx;
use crate::api::error::{ApiError, ErrorKind};
use crate::host::{Host, RateLimitHit, SparqlQuery};
use crate::sparql::query_form::QueryForm;
use serde_json::Value;

pub const QUERY_RIGHT: &str = "strata-query";

pub async fn query<H: Host>(ctx: &Ctx<'_, H>) -> Result<Reply, ApiError> {
    if !ctx.caller.has(QUERY_RIGHT) {
        return Err(ApiError::new(ErrorKind::QueryPermissionDenied, "Running queries needs the strata-query right."));
    }
    let text = ctx.body_str("query").unwrap_or_default();
    if text.trim().is_empty() {
        return Err(ApiError::new(ErrorKind::EmptyQuery, "The query is empty."));
    }
    if QueryForm::of(text).is_refused() {
        return Err(ApiError::new(ErrorKind::UnsupportedQueryForm, "Only SELECT and ASK queries run here."));
    }
    if !ctx.caller.has("noratelimit") && ctx.host.hit_rate_limit(RateLimitHit { action: QUERY_RIGHT.into() }).await?.limited {
        return Err(ApiError::new(ErrorKind::RateLimitExceeded, "Too many queries; wait a minute and try again."));
    }
    let timeout_ms = tier_timeout_seconds(ctx) * 1000;
    let answer = ctx.host.sparql_query(SparqlQuery { query: text.to_owned(), timeout_ms }).await?;
    if answer.ok {
        let content_type = answer.content_type.unwrap_or_else(|| "application/sparql-results+json".into());
        return Ok(Reply { status: 200, body: Body::Raw { content_type, text: answer.body.unwrap_or_default() } });
    }
    let detail = answer.detail.unwrap_or_default();
    Err(match answer.kind.as_deref() {
        Some("syntax") => ApiError::new(ErrorKind::SparqlSyntaxError, detail),
        Some("unavailable") => ApiError::new(ErrorKind::SparqlStoreUnavailable, format!("The SPARQL store is unavailable: {detail}")),
        _ => ApiError::new(ErrorKind::QueryInternalError, format!("The SPARQL store failed: {detail}")),
    })
}

/// The caller's tier: `expensive` with `apihighlimits`, else `default` (30 s and 300 s unless the
/// operator's `queryLimits` say otherwise).
fn tier_timeout_seconds<H>(ctx: &Ctx<'_, H>) -> u64 {
    let (tier, fallback) = if ctx.caller.has("apihighlimits") { ("expensive", 300) } else { ("default", 30) };
    ctx.settings.query_limits.get(tier).and_then(|t| t.get("timeoutSeconds")).and_then(Value::as_u64).unwrap_or(fallback)
}
