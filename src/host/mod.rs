//! The Host port: everything the core needs from the outside world, one async method per operation
//! of the table in `docs/architecture.md`. The wasm adapter serializes each argument struct to the
//! op's JSON arguments and deserializes the result; [`memory::MemoryHost`] answers natively.

mod error;
mod list_messages;
pub mod namespace;
pub mod memory;
mod messages;

pub use error::HostError;
pub use list_messages::*;
pub use messages::*;

/// The operations a host provides. Futures are not `Send`: wasm futures never are.
#[allow(async_fn_in_trait)]
pub trait Host {
    /// `config`
    async fn config(&self) -> Result<Settings, HostError>;
    /// `pageById`
    async fn page_by_id(&self, args: PageById) -> Result<Option<PageRecord>, HostError>;
    /// `pageByTitle`
    async fn page_by_title(&self, args: PageTitle) -> Result<Option<PageRecord>, HostError>;
    /// `revision`
    async fn revision(&self, args: RevisionById) -> Result<Option<RevisionRecord>, HostError>;
    /// `subjectsInfo`
    async fn subjects_info(&self, args: SubjectIds) -> Result<SubjectsInfo, HostError>;
    /// `canCreate`
    async fn can_create(&self, args: PageTitle) -> Result<CanCreate, HostError>;
    /// `savePages`: all saves commit in one transaction, or none does.
    async fn save_pages(&self, args: SavePages) -> Result<SaveOutcome, HostError>;
    /// `deletePage`
    async fn delete_page(&self, args: DeletePage) -> Result<DeleteOutcome, HostError>;
    /// `listPages`
    async fn list_pages(&self, args: ListPages) -> Result<PageList, HostError>;
    /// `graphStores`
    async fn graph_stores(&self) -> Result<StoreList, HostError>;
    /// `startRebuild`: queues a rebuild of one store.
    async fn start_rebuild(&self, args: StoreName) -> Result<RebuildStart, HostError>;
    /// `cancelRebuild`
    async fn cancel_rebuild(&self, args: StoreName) -> Result<RebuildCancel, HostError>;
    /// `listSubjects`: one keyset page of the Subject index.
    async fn list_subjects(&self, args: ListSubjects) -> Result<SubjectListing, HostError>;
    /// `recentlyEdited`
    async fn recently_edited(&self, args: RecentlyEdited) -> Result<EditedSubjects, HostError>;
    /// `subjectCounts`
    async fn subject_counts(&self) -> Result<SubjectCounts, HostError>;
    /// `subjectLabels`
    async fn subject_labels(&self, args: SubjectLabels) -> Result<SubjectRows, HostError>;
    /// `referencingSubjects`
    async fn referencing_subjects(&self, args: ReferencingSubjects) -> Result<ReferencingRows, HostError>;
    /// `subjectRows`
    async fn subject_rows(&self, args: SubjectIds) -> Result<SubjectRows, HostError>;
    /// `sparqlQuery`: runs a query on the first configured SPARQL store.
    async fn sparql_query(&self, args: SparqlQuery) -> Result<StoreAnswer, HostError>;
    /// `cypherQuery`: runs a guarded read-only query on the graph database.
    async fn cypher_query(&self, args: CypherQuery) -> Result<CypherAnswer, HostError>;
    /// `updateStores`: hands the stores' share of a committed write to the host, which never fails it.
    async fn update_stores(&self, args: UpdateStores) -> Result<(), HostError>;
    /// `hitRateLimit`
    async fn hit_rate_limit(&self, args: RateLimitHit) -> Result<RateLimitOutcome, HostError>;
    /// `log`
    async fn log(&self, args: LogEntry) -> Result<(), HostError>;
    /// `now`
    async fn now(&self) -> Result<Now, HostError>;
}

#[cfg(test)]
mod tests;
