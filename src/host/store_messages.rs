//! The messages of the store operations of the Host port: the rebuild runs, the stores' states,
//! and the read-only SPARQL and Cypher queries with their answers.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Arguments of `startRebuild` and `cancelRebuild`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoreName {
    pub name: String,
}

/// Result of `graphStores`: every configured store with `name`, `projection`, `state`
/// (`in-sync`, `stale`, `never-built`), `activeRun` and `lastSuccessfulRun`, as the host keeps them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StoreList {
    pub stores: Vec<Value>,
}

/// Result of `startRebuild`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RebuildStart {
    pub outcome: RebuildOutcome,
    /// The queued run, or the active one.
    #[serde(default)]
    pub run: Value,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RebuildOutcome {
    Queued,
    /// A run is already queued or running.
    Active,
    /// No store of that name is configured.
    Unknown,
}

/// Result of `cancelRebuild`: the cancelled run, or null when none was active.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RebuildCancel {
    #[serde(default)]
    pub run: Value,
}

/// Arguments of `sparqlQuery`: a SELECT or ASK query for the first configured SPARQL store.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SparqlQuery {
    pub query: String,
    pub timeout_ms: u64,
}

/// The failure kind of a store answer that passes on the store's own error reply, for the core to
/// read: FalkorDB's message as `detail` (`graph::reply_error`), or a SPARQL server's HTTP status other
/// than 2xx as `status` with its body as `detail` (`sparql::answer`).
pub const ERROR_REPLY: &str = "errorReply";

/// A store's answer: `{ok: true, contentType, body}` (the store's answer as it came) or
/// `{ok: false, kind, status, detail}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StoreAnswer {
    pub ok: bool,
    #[serde(default)]
    pub content_type: Option<String>,
    #[serde(default)]
    pub body: Option<String>,
    /// [`ERROR_REPLY`], or what the host found itself: `syntax`, `unavailable` or `internal`.
    #[serde(default)]
    pub kind: Option<String>,
    #[serde(default)]
    pub status: Option<u16>,
    #[serde(default)]
    pub detail: Option<String>,
}

/// Arguments of `cypherQuery`: `query` has passed the read-only guard and carries its parameter
/// header; the host runs it read-only (`GRAPH.RO_QUERY ... --compact`) and passes at most
/// `maxRows + 1` rows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CypherQuery {
    pub query: String,
    pub timeout_ms: u64,
    pub max_rows: u64,
}

/// `{ok: true, reply, catalog}` (FalkorDB's compact reply and the graph's catalog, see
/// `docs/graph.md`) or `{ok: false, kind, detail}`: kind [`ERROR_REPLY`] passes FalkorDB's error
/// reply on as `detail`; the host's own failures are `timeout` (its deadline), `tooExpensive` (a reply
/// over its byte budget), `unavailable` (no connection) or `internal`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CypherAnswer {
    pub ok: bool,
    #[serde(default)]
    pub reply: Value,
    #[serde(default)]
    pub catalog: Value,
    #[serde(default)]
    pub kind: Option<String>,
    #[serde(default)]
    pub detail: Option<String>,
}

impl CypherAnswer {
    /// The failure fields in the SPARQL answer's shape, which the endpoints map alike.
    pub fn into_store_answer(self) -> StoreAnswer {
        StoreAnswer { ok: self.ok, content_type: None, body: None, kind: self.kind, status: None, detail: self.detail }
    }
}
