//! The messages of Subject sources (other Strata wikis, `docs/federation.md`): a registered source as
//! the core sees it in `Settings`, and the `fetchSource` operation's arguments and answer.

use serde::{Deserialize, Serialize};

/// A registered source. Credentials stay with the host: the core never sees them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SourceSettings {
    /// The source's `rest.php` URL; the core appends `/strata/v0/...`.
    pub base_url: String,
    /// The base of the source's own RDF IRIs (its `rdfBaseUri`), when the operator states it.
    #[serde(default)]
    pub rdf_base_uri: Option<String>,
    /// How long a request to the source may take before it counts as timed out.
    #[serde(default = "default_timeout_ms")]
    pub timeout_ms: u64,
    /// How long an answer of the source is reused.
    #[serde(default = "default_cache_seconds")]
    pub cache_seconds: u64,
    /// The largest answer body read; a longer one is a failure.
    #[serde(default = "default_max_bytes")]
    pub max_bytes: u64,
}

fn default_timeout_ms() -> u64 {
    5000
}

fn default_cache_seconds() -> u64 {
    60
}

fn default_max_bytes() -> u64 {
    2 * 1024 * 1024
}

/// Arguments of `fetchSource`: a GET of `path` (absolute, already percent-encoded) under the
/// registered source's base URL, with the source's limits (from `Settings`, defaults applied).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FetchSource {
    pub source: String,
    pub path: String,
    /// The whole request, body included, must end within this time.
    pub timeout_ms: u64,
    /// A body longer than this is not read.
    pub max_bytes: u64,
}

/// Result of `fetchSource`: the HTTP status and body text, or why there is none.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct FetchAnswer {
    pub status: u16,
    pub body: String,
    pub failure: Option<FetchFailure>,
}

/// Why a source gave no answer the core can read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FetchFailure {
    /// No complete answer within the source's `timeoutMs`.
    Timeout,
    /// The connection failed, or the host cannot fetch at all.
    Unreachable,
    /// The body is longer than the source's `maxBytes`.
    TooLarge,
    /// The source answered with a redirect, which is never followed.
    Redirect,
    /// The host has no source of that key.
    UnknownSource,
}

impl FetchAnswer {
    pub fn ok(status: u16, body: impl Into<String>) -> Self {
        FetchAnswer { status, body: body.into(), failure: None }
    }

    pub fn failed(failure: FetchFailure) -> Self {
        FetchAnswer { failure: Some(failure), ..FetchAnswer::default() }
    }
}
