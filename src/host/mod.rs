//! The Host port: everything the core needs from the outside world, one async method per operation
//! of the table in `docs/architecture.md`. A [`JsonHost`] (the wasm adapter) gets every operation by
//! sending JSON messages. `memory::MemoryHost`, the in-memory host native tests drive the core
//! through, is a test double: it exists only under `cfg(test)` or the `testing` feature, never in a
//! wasm module.

mod counted;
mod error;
mod list_messages;
#[cfg(any(test, feature = "testing"))]
pub mod memory;
mod messages;
pub mod namespace;
mod source_messages;
mod store_messages;

pub use counted::Counted;
pub use error::HostError;
pub use list_messages::*;
pub use messages::*;
pub use source_messages::*;
pub use store_messages::*;

use serde::de::DeserializeOwned;
use serde::Serialize;

/// Declares the Host operations once. From one table it makes the [`Host`] trait, the list of op
/// names [`OPERATIONS`], and the adapter that gives every [`JsonHost`] the whole trait by sending each
/// operation's arguments as JSON and reading its answer from JSON.
macro_rules! host_operations {
    ($( $(#[doc = $doc:literal])* $op:literal => fn $name:ident($($args:ty)?) -> $answer:ty; )*) => {
        /// The operations a host provides, one per row of the table in `docs/architecture.md`.
        /// Futures are not `Send`: wasm futures never are.
        #[allow(async_fn_in_trait)]
        pub trait Host {
            $(
                #[doc = concat!("`", $op, "`")]
                $(#[doc = $doc])*
                async fn $name(&self $(, args: $args)?) -> Result<$answer, HostError>;
            )*
        }

        /// The op names of the [`Host`] operations, as hosts receive them.
        pub const OPERATIONS: &[&str] = &[$($op),*];

        impl<T: JsonHost> Host for T {
            $(
                async fn $name(&self $(, args: $args)?) -> Result<$answer, HostError> {
                    call_json(self, $op, &host_operations!(@args $(args: $args)?)).await
                }
            )*
        }

        impl<H: Host> Host for Counted<H> {
            $(
                async fn $name(&self $(, args: $args)?) -> Result<$answer, HostError> {
                    self.count($op);
                    self.inner().$name($(host_operations!(@pass args: $args))?).await
                }
            )*
        }
    };
    (@pass $arg:ident: $args:ty) => { $arg };
    (@args $arg:ident: $args:ty) => { $arg };
    (@args) => { NoArgs {} };
}

host_operations! {
    "config" => fn config() -> Settings;
    "pageById" => fn page_by_id(PageById) -> Option<PageRecord>;
    "pageByTitle" => fn page_by_title(PageTitle) -> Option<PageRecord>;
    "revision" => fn revision(RevisionById) -> Option<RevisionRecord>;
    "subjectsInfo" => fn subjects_info(SubjectIds) -> SubjectsInfo;
    "canCreate" => fn can_create(PageTitle) -> CanCreate;
    /// All saves commit in one transaction, or none does.
    "savePages" => fn save_pages(SavePages) -> SaveOutcome;
    "deletePage" => fn delete_page(DeletePage) -> DeleteOutcome;
    "listPages" => fn list_pages(ListPages) -> PageList;
    "graphStores" => fn graph_stores() -> StoreList;
    /// Queues a rebuild of one store.
    "startRebuild" => fn start_rebuild(StoreName) -> RebuildStart;
    "cancelRebuild" => fn cancel_rebuild(StoreName) -> RebuildCancel;
    /// One keyset page of the Subject index.
    "listSubjects" => fn list_subjects(ListSubjects) -> SubjectListing;
    "recentlyEdited" => fn recently_edited(RecentlyEdited) -> EditedSubjects;
    "subjectCounts" => fn subject_counts() -> SubjectCounts;
    "subjectLabels" => fn subject_labels(SubjectLabels) -> SubjectRows;
    "referencingSubjects" => fn referencing_subjects(ReferencingSubjects) -> ReferencingRows;
    "subjectRows" => fn subject_rows(SubjectIds) -> SubjectRows;
    /// Runs a query on the first configured SPARQL store.
    "sparqlQuery" => fn sparql_query(SparqlQuery) -> StoreAnswer;
    /// Runs a guarded read-only query on the graph database.
    "cypherQuery" => fn cypher_query(CypherQuery) -> CypherAnswer;
    /// Waits, within a bound, for the store writes pending when called: a store query's
    /// read-your-writes after a save whose answer came before its store writes.
    "awaitProjection" => fn await_projection(AwaitProjection) -> ProjectionWait;
    /// Hands the stores' share of a committed write to the host, which never fails it.
    "updateStores" => fn update_stores(UpdateStores) -> ();
    "hitRateLimit" => fn hit_rate_limit(RateLimitHit) -> RateLimitOutcome;
    "log" => fn log(LogEntry) -> ();
    "now" => fn now() -> Now;
    /// A page's wikitext as HTML by the host's own parser (MediaWiki's), for edit notices; `None`
    /// when the host has none, and the core draws its wikitext subset (`render::wikitext`).
    "parseWikitext" => fn parse_wikitext(WikitextToParse) -> Option<ParsedWikitext>;
    /// A GET to a registered source's base URL (`docs/federation.md`); never fails on the source's
    /// behalf: timeouts, refusals, redirects and oversized bodies are answered as a `failure`.
    "fetchSource" => fn fetch_source(FetchSource) -> FetchAnswer;
}

/// A host reached through JSON messages, as the wasm adapter reaches the JavaScript host: an op name
/// and its arguments' JSON text in, the answer's JSON text out. It gets [`Host`] from the table above.
#[allow(async_fn_in_trait)]
pub trait JsonHost {
    async fn call(&self, op: &'static str, args_json: String) -> Result<String, HostError>;
}

#[derive(Serialize)]
struct NoArgs {}

async fn call_json<H: JsonHost, A: Serialize, R: DeserializeOwned>(
    host: &H,
    op: &'static str,
    args: &A,
) -> Result<R, HostError> {
    let args = serde_json::to_string(args).map_err(|e| HostError::new(op, e.to_string()))?;
    let text = host.call(op, args).await?;
    serde_json::from_str(&text).map_err(|e| HostError::new(op, format!("the host's answer is unreadable: {e}")))
}

#[cfg(test)]
mod tests;
