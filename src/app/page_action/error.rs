//! The error codes of page actions: MediaWiki's api vocabulary where it has a word, Strata's own
//! `strata-*` codes for content the core refuses. The host passes them to the client unchanged.

use crate::app::error::{ApiError, ErrorKind};
use crate::host::HostError;
use serde_json::{Map, Value};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Code {
    PermissionDenied,
    Blocked,
    RateLimited,
    HookAborted,
    ArticleExists,
    MissingTitle,
    EditConflict,
    InvalidTitle,
    InvalidSchema,
    InvalidLayout,
    InvalidMapping,
    InvalidContent,
    InvalidRequest,
    Internal,
}

/// Every code with what it means; `docs/page-actions.md` lists the same table.
pub const CODES: [(Code, &str, &str); 14] = [
    (Code::PermissionDenied, "permissiondenied", "the caller may not read, edit, create or delete the page"),
    (Code::Blocked, "blocked", "the caller is blocked from editing the page (sitewide, the page or its namespace)"),
    (Code::RateLimited, "ratelimited", "the caller is over the wiki's `edit` rate limit"),
    (Code::HookAborted, "hookaborted", "an edit filter refused the content; `info` is the filter's message"),
    (Code::ArticleExists, "articleexists", "`createOnly` and the page exists"),
    (Code::MissingTitle, "missingtitle", "the page does not exist (or is unreadable) and the action needs it"),
    (Code::EditConflict, "editconflict", "the page changed since `baseRevisionId`, or kept changing while saving"),
    (Code::InvalidTitle, "invalidtitle", "the title cannot be a page title"),
    (Code::InvalidSchema, "strata-invalid-schema", "the text is not a Schema that may be saved"),
    (Code::InvalidLayout, "strata-invalid-layout", "the text is not a Layout that may be saved"),
    (Code::InvalidMapping, "strata-invalid-mapping", "the text is not a Mapping that may be saved"),
    (Code::InvalidContent, "strata-invalid-content", "the Subject slot cannot be saved"),
    (Code::InvalidRequest, "strata-invalid-request", "the request lacks a field its action needs (`text` for an edit)"),
    (Code::Internal, "strata-internal-error", "a host operation failed"),
];

impl Code {
    pub fn as_str(self) -> &'static str {
        CODES.iter().find(|(c, _, _)| *c == self).map_or("strata-internal-error", |(_, s, _)| s)
    }
}

/// A refused page action: its code, an English sentence naming every reason, and optional data.
#[derive(Debug, Clone, PartialEq)]
pub struct PageActionError {
    pub code: Code,
    pub info: String,
    pub data: Map<String, Value>,
}

impl PageActionError {
    /// `info` is a sentence: it gets a full stop when it has none.
    pub fn new(code: Code, info: impl Into<String>) -> Self {
        let mut info = info.into();
        if !info.ends_with('.') {
            info.push('.');
        }
        PageActionError { code, info, data: Map::new() }
    }

    /// A refusal listing `reasons`, each a clause, after `lead`.
    pub fn reasons(code: Code, lead: &str, reasons: impl std::fmt::Display) -> Self {
        Self::new(code, format!("{lead}: {reasons}"))
    }

    pub fn with(mut self, key: &str, value: Value) -> Self {
        self.data.insert(key.into(), value);
        self
    }
}

/// The REST layer's shared steps (commit, Schema and page reads) fail only with a conflict, a host's
/// refusal of the save or a host failure; each keeps its message.
impl From<ApiError> for PageActionError {
    fn from(e: ApiError) -> Self {
        let code = match e.kind {
            ErrorKind::EditConflict => Code::EditConflict,
            ErrorKind::TitleTaken => Code::ArticleExists,
            ErrorKind::Blocked => Code::Blocked,
            ErrorKind::RateLimitExceeded => Code::RateLimited,
            ErrorKind::EditFiltered => Code::HookAborted,
            ErrorKind::PermissionDenied => Code::PermissionDenied,
            _ => Code::Internal,
        };
        PageActionError::new(code, e.message)
    }
}

impl From<HostError> for PageActionError {
    fn from(e: HostError) -> Self {
        PageActionError::new(Code::Internal, e.to_string())
    }
}
