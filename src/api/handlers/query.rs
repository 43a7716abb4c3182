//! The read-only query endpoints: `POST /query/sparql` (the first SPARQL store's results relayed
//! unchanged) and `POST /query/cypher` (checked by the read-only guard, cells normalized). Both need
//! `strata-query`, count against its rate limit, and run in the caller's tier.

use super::{Body, Reply};
use crate::api::context::Ctx;
use crate::app::error::{ApiError, ErrorKind};
use crate::graph::cells::falkordb::decode_result;
use crate::graph::guard::{bound_rows, check_read_only};
use crate::graph::literal::parameter_header;
use crate::host::{CypherQuery, Host, RateLimitHit, SparqlQuery, StoreAnswer};
use crate::sparql::query_form::{calls_service, QueryForm};
use serde_json::{json, Map, Value};

pub const QUERY_RIGHT: &str = "strata-query";

/// The limits of the caller's tier.
struct Tier {
    timeout_ms: u64,
    max_rows: u64,
}

pub async fn sparql<H: Host>(ctx: &Ctx<'_, H>) -> Result<Reply, ApiError> {
    let text = query_text(ctx, "query")?;
    if QueryForm::of(text).is_refused() {
        return Err(ApiError::new(ErrorKind::UnsupportedQueryForm, "Only SELECT and ASK queries run here."));
    }
    if calls_service(text) {
        return Err(ApiError::new(ErrorKind::SparqlSyntaxError, "The query calls a service (SERVICE): a federated query is not supported here."));
    }
    let tier = admit(ctx).await?;
    let answer = ctx.host.sparql_query(SparqlQuery { query: text.to_owned(), timeout_ms: tier.timeout_ms }).await?;
    if answer.ok {
        let content_type = answer.content_type.unwrap_or_else(|| "application/sparql-results+json".into());
        return Ok(Reply { status: 200, body: Body::Raw { content_type, text: answer.body.unwrap_or_default() }, headers: Vec::new() });
    }
    Err(store_failure(answer, ErrorKind::SparqlSyntaxError, ErrorKind::SparqlStoreUnavailable))
}

pub async fn cypher<H: Host>(ctx: &Ctx<'_, H>) -> Result<Reply, ApiError> {
    let text = query_text(ctx, "cypher")?;
    let read = check_read_only(text).map_err(|r| ApiError::new(ErrorKind::WriteQueryRejected, format!("{r}.")))?;
    let parameters = ctx.body.get("parameters").and_then(Value::as_object).cloned().unwrap_or_else(Map::new);
    if let Some(missing) = read.missing_parameters(&parameters).first() {
        return Err(ApiError::new(ErrorKind::ParameterMissing, format!("The query uses ${missing}, which \"parameters\" lacks.")));
    }
    let header = parameter_header(&parameters).map_err(|e| ApiError::body(format!("parameters: {e}.")))?;
    let tier = admit(ctx).await?;
    let bounded = bound_rows(&read.cypher, tier.max_rows.saturating_add(1), &parameters)
        .map_err(|e| ApiError::new(ErrorKind::CypherSyntaxError, format!("{e}.")))?;
    let args = CypherQuery { query: format!("{header}{bounded}"), timeout_ms: tier.timeout_ms, max_rows: tier.max_rows };
    let answer = ctx.host.cypher_query(args).await?;
    if !answer.ok {
        return Err(store_failure(answer.into_store_answer(), ErrorKind::CypherSyntaxError, ErrorKind::BackendUnavailable));
    }
    let input = json!({"reply": answer.reply, "catalog": answer.catalog});
    let result = decode_result(&input, usize::try_from(tier.max_rows).unwrap_or(usize::MAX))
        .map_err(|e| ApiError::new(ErrorKind::QueryInternalError, e.to_string()))?;
    Ok(Reply::ok(result.to_json()))
}

/// The non-empty query text of `field`.
fn query_text<'c, H>(ctx: &'c Ctx<'_, H>, field: &str) -> Result<&'c str, ApiError> {
    if !ctx.caller.has(QUERY_RIGHT) {
        return Err(ApiError::new(ErrorKind::QueryPermissionDenied, "Running queries needs the strata-query right."));
    }
    let text = ctx.body_str(field).unwrap_or_default();
    if text.trim().is_empty() {
        return Err(ApiError::new(ErrorKind::EmptyQuery, "The query is empty."));
    }
    Ok(text)
}

/// `Retry-After` when the host does not say how long the caller's window lasts.
const RETRY_AFTER_DEFAULT_SECONDS: u64 = 60;

/// Counts the query against the rate limit (not for `noratelimit`) and picks the tier: `expensive`
/// with `apihighlimits`, else `default`, from `queryLimits` (30 s / 5,000 rows and 300 s / 50,000).
async fn admit<H: Host>(ctx: &Ctx<'_, H>) -> Result<Tier, ApiError> {
    if !ctx.caller.has("noratelimit") {
        let outcome = ctx.host.hit_rate_limit(RateLimitHit { action: QUERY_RIGHT.into() }).await?;
        if outcome.limited {
            let wait = outcome.retry_after_seconds.unwrap_or(RETRY_AFTER_DEFAULT_SECONDS).max(1);
            return Err(ApiError::new(ErrorKind::RateLimitExceeded, format!("Too many queries; try again in {wait} seconds."))
                .with_header("retry-after", wait.to_string()));
        }
    }
    let (name, timeout_s, max_rows) = if ctx.caller.has("apihighlimits") { ("expensive", 300, 50_000) } else { ("default", 30, 5_000) };
    let tier = ctx.settings.query_limits.get(name);
    let read = |key: &str, fallback: u64| tier.and_then(|t| t.get(key)).and_then(Value::as_u64).unwrap_or(fallback);
    Ok(Tier { timeout_ms: read("timeoutSeconds", timeout_s) * 1000, max_rows: read("maxRows", max_rows) })
}

fn store_failure(answer: StoreAnswer, syntax: ErrorKind, unavailable: ErrorKind) -> ApiError {
    let detail = answer.detail.unwrap_or_default();
    match answer.kind.as_deref() {
        Some("syntax") => ApiError::new(syntax, detail),
        Some("timeout") => ApiError::new(ErrorKind::QueryTimeout, "The query ran longer than the tier allows."),
        Some("tooExpensive") => ApiError::new(ErrorKind::QueryTooExpensive, format!("The query needs more than the store allows one query: {detail}")),
        Some("readOnly") => ApiError::new(ErrorKind::WriteQueryRejected, detail),
        Some("unavailable") => ApiError::new(unavailable, format!("The store is unavailable: {detail}")),
        _ => ApiError::new(ErrorKind::QueryInternalError, format!("The store failed: {detail}")),
    }
}
