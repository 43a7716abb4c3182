//! Running a read-only query on the configured stores, for the REST query routes
//! (`api::handlers::query`) and for queries from wikitext or scripts ([`script`]): the `strata-query`
//! right, the tiers and their limits, the SPARQL query form, the Cypher read-only guard with its
//! parameters and row bound, the decoding of FalkorDB's cells, and a store's failures (the store's own
//! error replies read by `graph::reply_error` and `sparql::answer`) as the query endpoints' stable
//! error types.

pub mod arguments;
pub mod script;

use crate::app::error::{ApiError, ErrorKind};
use crate::app::Caller;
use crate::domain::store_lifecycle::QUERY_WAIT_SECONDS;
use crate::graph::cells::falkordb::decode_result;
use crate::graph::guard::{bound_rows, check_read_only};
use crate::graph::literal::json_parameter_header;
use crate::graph::reply_error::ReplyError;
use crate::host::{
    AwaitProjection, CypherAnswer, CypherQuery, Host, LogEntry, LogLevel, Settings, SparqlQuery, StoreAnswer,
    StoreKind, ERROR_REPLY,
};
use crate::sparql::answer::{is_results_json, reply_failure_kind, RESULTS_JSON};
use crate::sparql::read_query::{ReadQuery, Refusal, MAX_OPENING_BRACKETS, MAX_OPERATORS};
use serde_json::{json, Map, Value};

pub const QUERY_RIGHT: &str = "strata-query";

/// The two tiers of the spec: `expensive` for callers with `apihighlimits`, `default` for everyone
/// else and always for queries from wikitext or scripts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TierName {
    Default,
    Expensive,
}

impl TierName {
    /// The tier of a caller of the query endpoints.
    pub fn of(caller: &Caller) -> TierName {
        if caller.has("apihighlimits") {
            TierName::Expensive
        } else {
            TierName::Default
        }
    }
}

/// The limits of a tier: the setting `queryLimits` or the spec's 30 s / 5,000 rows and 300 s / 50,000.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tier {
    pub timeout_ms: u64,
    pub max_rows: u64,
}

impl Tier {
    pub fn limits(settings: &Settings, name: TierName) -> Tier {
        let (key, timeout_s, max_rows) = match name {
            TierName::Expensive => ("expensive", 300, 50_000),
            TierName::Default => ("default", 30, 5_000),
        };
        let tier = settings.query_limits.get(key);
        let read =
            |field: &str, fallback: u64| tier.and_then(|t| t.get(field)).and_then(Value::as_u64).unwrap_or(fallback);
        Tier { timeout_ms: read("timeoutSeconds", timeout_s) * 1000, max_rows: read("maxRows", max_rows) }
    }
}

/// The caller's right to run queries, then the query text: not blank.
pub fn admit_text<'t>(caller: &Caller, text: Option<&'t str>) -> Result<&'t str, ApiError> {
    if !caller.has(QUERY_RIGHT) {
        return Err(ApiError::new(ErrorKind::QueryPermissionDenied, "Running queries needs the strata-query right."));
    }
    let text = text.unwrap_or_default();
    if text.trim().is_empty() {
        return Err(ApiError::new(ErrorKind::EmptyQuery, "The query is empty."));
    }
    Ok(text)
}

/// Only SELECT and ASK queries run, and no federated query (`SERVICE`): a SPARQL server would fetch
/// whatever address the caller names. The store is sent the checked query (`sparql::read_query`).
pub fn check_sparql(text: &str) -> Result<ReadQuery, ApiError> {
    ReadQuery::parse(text).map_err(|refusal| match refusal {
        Refusal::Syntax(detail) => ApiError::new(ErrorKind::SparqlSyntaxError, format!("The query is not valid SPARQL 1.1: {detail}")),
        Refusal::Form(form) => ApiError::new(ErrorKind::UnsupportedQueryForm, format!("Only SELECT and ASK queries run here, not {form}.")),
        Refusal::Service => ApiError::new(
            ErrorKind::UnsupportedQueryForm,
            "The query calls a service (SERVICE): federated queries do not run here, since the store would fetch the address it names.",
        ),
        Refusal::TooDeep => ApiError::new(
            ErrorKind::UnsupportedQueryForm,
            format!(
                "The query holds more than {MAX_OPENING_BRACKETS} opening brackets ({{, ( or [, and \\u escapes) or {MAX_OPERATORS} operator characters (+ - * / | & !), counted anywhere in its text: split it."
            ),
        ),
    })
}

/// Read-your-writes for the store queries and the stores' listing (not for queries from wikitext or
/// scripts, which may run inside the save whose writes they would wait for): the host waits for the
/// store writes pending when the request arrived, of the first store of `kind` or of every store,
/// within the lifecycle's bound. Writes still pending then are logged, and the request answers with
/// what the store holds (`AT_QUERY_WAIT_BOUND`).
pub async fn await_projection<H: Host>(host: &H, kind: Option<StoreKind>) -> Result<(), ApiError> {
    let wait = host.await_projection(AwaitProjection { kind, wait_ms: QUERY_WAIT_SECONDS * 1000 }).await?;
    if wait.pending > 0 {
        let message = format!(
            "{} store write(s) still pending after {QUERY_WAIT_SECONDS} s: answered with what the store holds",
            wait.pending
        );
        let _ = host.log(LogEntry { level: LogLevel::Warning, message }).await;
    }
    Ok(())
}

/// The first SPARQL store's answer to a checked query: its content type and body, unchanged.
pub async fn run_sparql<H: Host>(host: &H, query: &ReadQuery, tier: Tier) -> Result<(String, String), ApiError> {
    let mut answer =
        host.sparql_query(SparqlQuery { query: query.text().to_owned(), timeout_ms: tier.timeout_ms }).await?;
    if answer.ok {
        let content_type = answer.content_type.unwrap_or_else(|| RESULTS_JSON.into());
        let body = answer.body.unwrap_or_default();
        if !is_results_json(&content_type, &body) {
            let shown: String = body.chars().take(200).collect();
            return Err(ApiError::new(
                ErrorKind::QueryInternalError,
                format!("The store answered {content_type}, not a SPARQL results JSON document: {shown}"),
            ));
        }
        return Ok((content_type, body));
    }
    if answer.kind.as_deref() == Some(ERROR_REPLY) {
        answer.kind = Some(reply_failure_kind(answer.status, answer.detail.as_deref().unwrap_or_default()).into());
    }
    Err(store_failure(answer, ErrorKind::SparqlSyntaxError, ErrorKind::SparqlStoreUnavailable))
}

/// A Cypher query that passed the read-only guard, with the parameter header of its parameters.
pub struct CheckedCypher {
    cypher: String,
    header: String,
    parameters: Map<String, Value>,
}

/// The read-only guard, then every parameter the query names present and writable as a header.
pub fn check_cypher(text: &str, parameters: Map<String, Value>) -> Result<CheckedCypher, ApiError> {
    let read = check_read_only(text).map_err(|r| ApiError::new(ErrorKind::WriteQueryRejected, format!("{r}.")))?;
    if let Some(missing) = read.missing_parameters(&parameters).first() {
        return Err(ApiError::new(
            ErrorKind::ParameterMissing,
            format!("The query uses ${missing}, which \"parameters\" lacks."),
        ));
    }
    let header = json_parameter_header(&parameters).map_err(|e| ApiError::body(format!("parameters: {e}.")))?;
    Ok(CheckedCypher { cypher: read.cypher, header, parameters })
}

/// Runs a checked query bounded to the tier's rows: `{columns, rows, truncated, resultCount, durationMs}`.
pub async fn run_cypher<H: Host>(host: &H, query: &CheckedCypher, tier: Tier) -> Result<Value, ApiError> {
    let bounded = bound_rows(&query.cypher, tier.max_rows.saturating_add(1), &query.parameters)
        .map_err(|e| ApiError::new(ErrorKind::CypherSyntaxError, format!("{e}.")))?;
    let args = CypherQuery::new(format!("{}{bounded}", query.header), tier.timeout_ms, tier.max_rows);
    let mut answer = host.cypher_query(args).await?;
    if !answer.ok && answer.kind.as_deref() == Some(ERROR_REPLY) {
        match ReplyError::of(answer.detail.as_deref().unwrap_or_default()).failure_kind() {
            // A graph never written (or lost by a restart) holds nothing to find.
            None => answer = no_rows(),
            kind => answer.kind = kind.map(Into::into),
        }
    }
    if !answer.ok {
        return Err(store_failure(
            answer.into_store_answer(),
            ErrorKind::CypherSyntaxError,
            ErrorKind::BackendUnavailable,
        ));
    }
    let input = json!({"reply": answer.reply, "catalog": answer.catalog});
    let result = decode_result(&input, usize::try_from(tier.max_rows).unwrap_or(usize::MAX))
        .map_err(|e| ApiError::new(ErrorKind::QueryInternalError, e.to_string()))?;
    Ok(result.to_json())
}

fn no_rows() -> CypherAnswer {
    let catalog = json!({"labels": [], "relationshipTypes": [], "propertyKeys": []});
    CypherAnswer { ok: true, reply: json!([[], [], []]), catalog, kind: None, detail: None }
}

fn store_failure(answer: StoreAnswer, syntax: ErrorKind, unavailable: ErrorKind) -> ApiError {
    let detail = answer.detail.unwrap_or_default();
    match answer.kind.as_deref() {
        Some("syntax") => ApiError::new(syntax, detail),
        Some("timeout") => ApiError::new(ErrorKind::QueryTimeout, "The query ran longer than the tier allows."),
        // `tooLarge`: a graph store's reply over the host's byte budget.
        Some("tooExpensive" | "tooLarge") => ApiError::new(
            ErrorKind::QueryTooExpensive,
            format!("The query needs more than the store allows one query: {detail}"),
        ),
        Some("readOnly") => ApiError::new(ErrorKind::WriteQueryRejected, detail),
        Some("unavailable") => ApiError::new(unavailable, format!("The store is unavailable: {detail}")),
        _ => ApiError::new(ErrorKind::QueryInternalError, format!("The store failed: {detail}")),
    }
}
