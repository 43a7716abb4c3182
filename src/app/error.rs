//! The one error type of the use cases: a refusal of a declared kind, with an English message and the
//! context fields the spec names. The REST layer turns it into the error body (`api::error_body`).

use crate::host::{HostError, Refusal, RefusalReason};
use serde_json::{Map, Value};

/// Every kind of refusal, with its stable code and HTTP status. Declared once; docs and OpenAPI read it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorKind {
    ReadDenied,
    BadToken,
    PermissionDenied,
    Blocked,
    NoRoute,
    WrongMethod,
    InvalidJson,
    InvalidParameter,
    InvalidBody,
    InvalidCursor,
    InvalidSubjectId,
    InvalidTitle,
    InvalidSchema,
    InvalidContent,
    NotFound,
    TitleTaken,
    SubjectIdInUse,
    SubjectAlreadyOnPage,
    EditConflict,
    RebuildActive,
    DependentSubjectRules,
    ValidationFailed,
    EditFiltered,
    Internal,
    SearchTimeout,
    EmptyQuery,
    UnsupportedQueryForm,
    SparqlSyntaxError,
    SparqlStoreUnavailable,
    RateLimitExceeded,
    UnsupportedMediaType,
    PreconditionFailed,
    QueryPermissionDenied,
    QueryInternalError,
    ParameterMissing,
    CypherSyntaxError,
    QueryTooExpensive,
    WriteQueryRejected,
    QueryTimeout,
    BackendUnavailable,
    SourceUnavailable,
    SourceTimeout,
    RequestTooLarge,
    CoreUnavailable,
}

/// The query endpoints keep the spec's camelCase `errorType` strings, which are stable across releases.
pub const ERROR_KINDS: [(ErrorKind, &str, u16); 44] = [
    (ErrorKind::ReadDenied, "rest-read-denied", 403),
    (ErrorKind::BadToken, "badtoken", 403),
    (ErrorKind::PermissionDenied, "permission-denied", 403),
    (ErrorKind::Blocked, "blocked", 403),
    (ErrorKind::NoRoute, "rest-no-match", 404),
    (ErrorKind::WrongMethod, "rest-wrong-method", 405),
    (ErrorKind::InvalidJson, "invalid-json", 400),
    (ErrorKind::InvalidParameter, "invalid-parameter", 400),
    (ErrorKind::InvalidBody, "invalid-body", 400),
    (ErrorKind::InvalidCursor, "invalid-cursor", 400),
    (ErrorKind::InvalidSubjectId, "invalid-subject-id", 400),
    (ErrorKind::InvalidTitle, "invalid-title", 400),
    (ErrorKind::InvalidSchema, "invalid-schema", 400),
    (ErrorKind::InvalidContent, "invalid-content", 400),
    (ErrorKind::NotFound, "not-found", 404),
    (ErrorKind::TitleTaken, "title-taken", 409),
    (ErrorKind::SubjectIdInUse, "subject-id-in-use", 409),
    (ErrorKind::SubjectAlreadyOnPage, "subject-already-on-page", 409),
    (ErrorKind::EditConflict, "edit-conflict", 409),
    (ErrorKind::RebuildActive, "rebuild-active", 409),
    (ErrorKind::DependentSubjectRules, "dependent-subject-rules", 422),
    (ErrorKind::ValidationFailed, "validation-failed", 422),
    (ErrorKind::EditFiltered, "edit-filtered", 422),
    (ErrorKind::Internal, "internal-error", 500),
    (ErrorKind::SearchTimeout, "searchTimeout", 503),
    (ErrorKind::EmptyQuery, "emptyQuery", 400),
    (ErrorKind::UnsupportedQueryForm, "unsupportedQueryForm", 400),
    (ErrorKind::SparqlSyntaxError, "sparqlSyntaxError", 400),
    (ErrorKind::SparqlStoreUnavailable, "sparqlStoreUnavailable", 503),
    (ErrorKind::RateLimitExceeded, "rateLimitExceeded", 429),
    (ErrorKind::UnsupportedMediaType, "unsupported-media-type", 415),
    (ErrorKind::PreconditionFailed, "precondition-failed", 412),
    (ErrorKind::QueryPermissionDenied, "permissionDenied", 403),
    (ErrorKind::QueryInternalError, "internalError", 500),
    (ErrorKind::ParameterMissing, "parameterMissing", 400),
    (ErrorKind::CypherSyntaxError, "cypherSyntaxError", 400),
    (ErrorKind::QueryTooExpensive, "queryTooExpensive", 422),
    (ErrorKind::WriteQueryRejected, "writeQueryRejected", 422),
    (ErrorKind::QueryTimeout, "queryTimeout", 408),
    (ErrorKind::BackendUnavailable, "backendUnavailable", 503),
    (ErrorKind::SourceUnavailable, "source-unavailable", 502),
    (ErrorKind::SourceTimeout, "source-timeout", 504),
    (ErrorKind::RequestTooLarge, "request-too-large", 413),
    (ErrorKind::CoreUnavailable, "core-unavailable", 501),
];

impl ErrorKind {
    pub fn code(self) -> &'static str {
        ERROR_KINDS.iter().find(|(k, _, _)| *k == self).map(|(_, c, _)| *c).unwrap_or("internal-error")
    }

    /// The kind of a stable code, for a host that answers a REST error itself (`errorResponse`).
    pub fn from_code(code: &str) -> Option<ErrorKind> {
        ERROR_KINDS.iter().find(|(_, c, _)| *c == code).map(|(k, _, _)| *k)
    }

    pub fn status(self) -> u16 {
        ERROR_KINDS.iter().find(|(k, _, _)| *k == self).map(|(_, _, s)| *s).unwrap_or(500)
    }
}

/// A refusal: its kind, an English message, the context fields the spec names and the response
/// headers HTTP asks of it (`Allow` on 405, `Retry-After` on 429).
#[derive(Debug, Clone, PartialEq)]
pub struct ApiError {
    pub kind: ErrorKind,
    pub message: String,
    /// Boxed so that `Result<_, ApiError>` stays small on the paths that succeed.
    pub context: Box<Map<String, Value>>,
    pub headers: Vec<(&'static str, String)>,
}

impl ApiError {
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        ApiError { kind, message: message.into(), context: Box::default(), headers: Vec::new() }
    }

    pub fn with(mut self, key: &str, value: impl Into<Value>) -> Self {
        self.context.insert(key.into(), value.into());
        self
    }

    pub fn with_header(mut self, name: &'static str, value: impl Into<String>) -> Self {
        self.headers.push((name, value.into()));
        self
    }

    pub fn read_denied() -> Self {
        Self::new(ErrorKind::ReadDenied, "You need read permission to use this API.")
    }

    pub fn not_found(what: impl Into<String>) -> Self {
        Self::new(ErrorKind::NotFound, what)
    }

    pub fn permission(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::PermissionDenied, message)
    }

    pub fn parameter(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::InvalidParameter, message)
    }

    pub fn body(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::InvalidBody, message)
    }

    pub fn status(&self) -> u16 {
        self.kind.status()
    }
}

impl From<HostError> for ApiError {
    fn from(e: HostError) -> Self {
        ApiError::new(ErrorKind::Internal, e.to_string())
    }
}

/// `Retry-After` when the host does not say how long the caller's window lasts.
const RETRY_AFTER_DEFAULT_SECONDS: u64 = 60;

/// 429 `rateLimitExceeded` with `Retry-After`: `too_many` ("Too many queries") and the wait.
pub fn rate_limited(too_many: &str, retry_after_seconds: Option<u64>) -> ApiError {
    let wait = retry_after_seconds.unwrap_or(RETRY_AFTER_DEFAULT_SECONDS).max(1);
    ApiError::new(ErrorKind::RateLimitExceeded, format!("{too_many}; try again in {wait} seconds."))
        .with_header("retry-after", wait.to_string())
}

/// A write the host refused at save time: a block (403 `blocked`), an edit filter (422
/// `edit-filtered`, with the filter's message), the `edit` rate limit (429) or another permission.
pub fn refused(refusal: &Refusal) -> ApiError {
    let message = refusal.message.clone();
    match refusal.reason {
        RefusalReason::Blocked => ApiError::new(ErrorKind::Blocked, message),
        RefusalReason::Filtered => ApiError::new(ErrorKind::EditFiltered, message),
        RefusalReason::RateLimited => rate_limited("Too many edits", refusal.retry_after_seconds),
        RefusalReason::Denied => ApiError::permission(message),
    }
}

/// 400 `invalid-title`; `titleError` is MediaWiki's key for the refusal (`title-invalid-relative`, ...).
pub fn invalid_title(what: &str, e: &crate::domain::title::TitleError) -> ApiError {
    ApiError::new(ErrorKind::InvalidTitle, format!("{what} is not a valid title: {e}.")).with("titleError", e.code)
}

pub fn subject_not_found(id: &str) -> ApiError {
    ApiError::not_found(format!("There is no Subject \"{id}\"."))
}

pub fn page_not_found(page_id: u64) -> ApiError {
    ApiError::not_found(format!("There is no page with ID {page_id}."))
}
