//! The messages of the store operations of the Host port: the rebuild runs, the stores' states,
//! the wait of a store query for the writes pending before it, and the read-only SPARQL and Cypher
//! queries with their answers.

use super::StoreKind;
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

/// Arguments of `awaitProjection`: the host waits for the store writes pending when it is called,
/// of the first configured store of `kind` (every store when absent), until each was taken by its
/// store or failed (the store is then stale), but for no write past the age of `waitMs` (the
/// lifecycle's `queryWaitSeconds`): a host whose saves run in many processes finds such writes by
/// their pending markers, and one that is already that old is not waited for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AwaitProjection {
    #[serde(default)]
    pub kind: Option<StoreKind>,
    pub wait_ms: u64,
}

/// Result of `awaitProjection`: how many of the writes it waited for were still pending when it
/// stopped waiting (0: every one was taken or failed).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProjectionWait {
    pub pending: u64,
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
/// header and its `LIMIT` (the tier's `maxRows` plus one); the host runs it read-only
/// (`GRAPH.RO_QUERY ... --compact`) and passes the reply on as it came (the core keeps `maxRows` rows
/// and says whether there were more: each part of a UNION is bounded on its own). Then it runs each
/// `catalog` read the same way and answers the first column of its rows under the read's `key` in the
/// answer's `catalog`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CypherQuery {
    pub query: String,
    pub timeout_ms: u64,
    pub max_rows: u64,
    pub catalog: Vec<CatalogRead>,
}

/// One read of the graph's catalog, which names the numeric label, relationship-type and
/// property-key ids of the compact reply (`crate::graph::cells::falkordb`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CatalogRead {
    pub key: String,
    pub query: String,
}

/// The catalog reads, as `(key, query)`.
pub const GRAPH_CATALOG: [(&str, &str); 3] = [
    ("labels", "CALL db.labels()"),
    ("relationshipTypes", "CALL db.relationshipTypes()"),
    ("propertyKeys", "CALL db.propertyKeys()"),
];

impl CypherQuery {
    /// A read of `query` with the graph's catalog.
    pub fn new(query: String, timeout_ms: u64, max_rows: u64) -> Self {
        let catalog = GRAPH_CATALOG
            .iter()
            .map(|(key, query)| CatalogRead { key: (*key).to_owned(), query: (*query).to_owned() })
            .collect();
        CypherQuery { query, timeout_ms, max_rows, catalog }
    }
}

/// `{ok: true, reply, catalog}` (FalkorDB's compact reply and the graph's catalog, see
/// `docs/graph.md`) or `{ok: false, kind, detail}`: kind [`ERROR_REPLY`] passes FalkorDB's error
/// reply on as `detail`; the host's own failures are `timeout` (its deadline), `tooLarge` (a reply
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
