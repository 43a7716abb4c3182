//! What a request has fetched from other Strata wikis (`app::sources`): each answer ([`Fetched`]),
//! why a source's part is unavailable ([`Outage`]), and the memo of one request ([`ForeignReads`]),
//! which the request's `Scope` holds.

use super::error::{ApiError, ErrorKind};
use crate::domain::ids::SourceKey;
use std::cell::{Cell, RefCell};
use std::collections::{HashMap, HashSet};

/// What a source said about one thing.
#[derive(Debug, Clone, PartialEq)]
pub enum Fetched<T> {
    Found(T),
    /// The source answered 404: it holds no such thing (or none its caller may read).
    NotFound,
    Unavailable(Outage),
}

/// Why a source's part is unavailable.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outage {
    pub timed_out: bool,
    pub reason: String,
}

impl Outage {
    pub fn failed(reason: impl Into<String>) -> Self {
        Outage { timed_out: false, reason: reason.into() }
    }

    /// The error of a read that needs the source: 504 after a timeout, 502 otherwise.
    pub fn to_error(&self, source: &SourceKey) -> ApiError {
        let kind = if self.timed_out { ErrorKind::SourceTimeout } else { ErrorKind::SourceUnavailable };
        ApiError::new(kind, format!("The source \"{source}\" did not answer usably: {}.", self.reason))
            .with("source", source.as_str())
    }
}

/// What a request has fetched, and the sources that failed it: a failed source is not asked again
/// in the same request, so one slow source costs a request at most one timeout.
#[derive(Debug, Default)]
pub struct ForeignReads {
    pub(super) answers: RefCell<HashMap<(String, String), Fetched<String>>>,
    pub(super) down: RefCell<HashSet<String>>,
    pub(super) now_ms: Cell<Option<u64>>,
}

impl ForeignReads {
    /// Whether the request asked no other source anything.
    pub fn is_empty(&self) -> bool {
        self.answers.borrow().is_empty() && self.down.borrow().is_empty()
    }
}
