//! The messages of the Host port, in the camelCase JSON the wasm adapter sends across the boundary.

use indexmap::IndexMap;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Operator settings, read once per request through `config`. Absent keys take their defaults.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Settings {
    pub source_key: String,
    pub titling: Titling,
    pub enforce_validation: bool,
    pub rdf_base_uri: String,
    pub dereference_to_data_tab: bool,
    pub query_limits: Value,
    pub rate_limits: Value,
    pub search_timeout_ms: Option<u64>,
    /// Configured projection targets by name.
    pub stores: IndexMap<String, StoreSettings>,
    /// Registered Subject sources by key (`docs/federation.md`).
    pub sources: IndexMap<String, super::SourceSettings>,
    /// Where the host serves pages, its script and its REST API: every link the core draws and
    /// every redirect it answers is made from these.
    pub urls: UrlLayout,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            source_key: "local".into(),
            titling: Titling::PageFirst,
            enforce_validation: false,
            rdf_base_uri: String::new(),
            dereference_to_data_tab: true,
            query_limits: Value::Null,
            rate_limits: Value::Null,
            search_timeout_ms: None,
            stores: IndexMap::new(),
            sources: IndexMap::new(),
            urls: UrlLayout::default(),
        }
    }
}

/// The host's URL layout, paths below the server (MediaWiki's `$wgArticlePath`, `$wgScript`,
/// `$wgRestPath`). The core keeps no path of its own.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct UrlLayout {
    /// A page's URL with `$1` for its title (`/wiki/$1`).
    pub page: String,
    /// The script that takes `title=` and `action=` (`/index.php`).
    pub script: String,
    /// The REST entry point; the core's routes are below it (`/rest.php`).
    pub rest: String,
}

impl Default for UrlLayout {
    fn default() -> Self {
        UrlLayout { page: "/wiki/$1".into(), script: "/index.php".into(), rest: "/rest.php".into() }
    }
}

impl Settings {
    pub fn has_store(&self, kind: StoreKind) -> bool {
        self.stores.values().any(|s| s.kind() == Some(kind))
    }
}

/// How `POST /subjects` titles the page it creates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Titling {
    #[default]
    PageFirst,
    SubjectFirst,
}

/// One configured projection target; connection fields stay with the host.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoreSettings {
    /// `oxigraph-embedded`, `sparql-http` or `falkordb`.
    #[serde(rename = "type")]
    pub store_type: String,
    #[serde(default = "native")]
    pub projection: String,
}

fn native() -> String {
    "native".into()
}

impl StoreSettings {
    pub fn kind(&self) -> Option<StoreKind> {
        STORE_TYPES.iter().find(|(name, _)| *name == self.store_type).map(|(_, kind)| *kind)
    }
}

/// Every store type a host may configure, with its kind; hosts take it from the `storeKinds` export.
pub const STORE_TYPES: [(&str, StoreKind); 3] =
    [("oxigraph-embedded", StoreKind::Sparql), ("sparql-http", StoreKind::Sparql), ("falkordb", StoreKind::Graph)];

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum StoreKind {
    /// A property-graph database queried with Cypher.
    Graph,
    Sparql,
}

/// What the caller of the current request may do with a page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Access {
    pub read: bool,
    pub edit: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PageRecord {
    pub page_id: u64,
    pub namespace: i32,
    pub title: String,
    pub prefixed_title: String,
    pub latest_revision_id: u64,
    pub created: String,
    pub modified: String,
    pub last_editor: String,
    #[serde(default)]
    pub categories: Vec<String>,
    pub content_model: String,
    pub main_slot: Option<String>,
    pub subject_slot: Option<String>,
    pub access: Access,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RevisionRecord {
    pub revision_id: u64,
    pub page_id: u64,
    pub timestamp: String,
    pub main_slot: Option<String>,
    pub subject_slot: Option<String>,
    /// The caller's access to the page the revision belongs to.
    pub access: Access,
}

/// Where the index places a Subject. `readable` is the caller's read access to that page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SubjectInfo {
    pub page_id: u64,
    pub schema: Value,
    pub readable: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct CanCreate {
    pub allowed: bool,
    pub exists: bool,
    /// Whether the caller could read a page of this title: an unreadable title answers like an
    /// absent one, so its existence is never revealed.
    pub readable: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PageSave {
    /// `None` for a page that does not exist yet.
    pub page_id: Option<u64>,
    pub namespace: i32,
    pub title: String,
    /// `None` means the page must not exist yet.
    pub base_revision_id: Option<u64>,
    pub create_only: bool,
    pub comment: String,
    pub content_model: String,
    /// `None` keeps the previous slot.
    pub main_slot: Option<String>,
    /// `None` keeps the previous slot.
    pub subject_slot: Option<String>,
    pub index: IndexRows,
}

/// The secondary index rows of one page, replacing the page's rows in the save's transaction.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct IndexRows {
    pub subjects: Vec<SubjectRow>,
    pub relations: Vec<RelationRow>,
    pub changed_subject_ids: Vec<String>,
}

/// What the Subject index holds of a Subject: written by saves (with its position on the page) and
/// read back by lists (with its page).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct IndexedFacts {
    pub subject_id: String,
    pub schema: Value,
    pub label: Option<String>,
    pub display_name: String,
    pub display_name_is_generated: bool,
    pub is_main: bool,
    pub is_dependent: bool,
    pub host_subject_id: Option<String>,
}

/// A Subject row of a save's index rows.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SubjectRow {
    #[serde(flatten)]
    pub facts: IndexedFacts,
    pub position: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RelationRow {
    pub source_id: String,
    pub relation_id: String,
    pub property: String,
    pub target_id: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Conflict {
    /// A base revision is no longer the page's latest, or the page is gone.
    EditConflict,
    /// A page that must not exist yet does.
    TitleExists,
    /// The page to delete is gone.
    Missing,
}

/// `{ok: true, results}`, `{ok: false, conflict, index}` (`index` names the save that conflicted) or
/// `{ok: false, refusal}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SaveOutcome {
    pub ok: bool,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub results: Vec<SaveResult>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub conflict: Option<Conflict>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub index: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refusal: Option<Refusal>,
}

/// A write the platform's own checks of an edit refused at save time, after the core's checks let it
/// through: a block, an edit filter, a rate limit or a permission only the full check sees
/// (`docs/mediawiki.md`, "What MediaWiki checks of a Strata write"). Nothing was written.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Refusal {
    pub reason: RefusalReason,
    /// The platform's own words for the caller (the filter's message, the block notice).
    pub message: String,
    /// For `rate-limited`: when the caller may try again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retry_after_seconds: Option<u64>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RefusalReason {
    /// The caller is blocked from editing the page (sitewide, or partially: the page or its namespace).
    Blocked,
    /// An edit filter refused the content.
    Filtered,
    /// The caller is over the platform's `edit` rate limit.
    RateLimited,
    /// Any other permission the platform's full check refuses.
    Denied,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SaveResult {
    pub page_id: u64,
    pub revision_id: u64,
    pub timestamp: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DeleteOutcome {
    pub ok: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub conflict: Option<Conflict>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refusal: Option<Refusal>,
    /// The deletion log entry, when the page was deleted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub log_id: Option<u64>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PageList {
    pub pages: Vec<PageRecord>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LogLevel {
    Debug,
    Info,
    Warning,
    Error,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Now {
    pub timestamp: String,
}

/// Arguments of `parseWikitext`: the text of a page, by its prefixed title (`MediaWiki:Strata-editnotice`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WikitextToParse {
    pub title: String,
    pub text: String,
}

/// Answer of `parseWikitext`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ParsedWikitext {
    pub html: String,
}

/// Arguments of `pageById`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PageById {
    pub page_id: u64,
}

/// Arguments of `pageByTitle` and `canCreate`. `title` is the stored title without prefix.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PageTitle {
    pub namespace: i32,
    pub title: String,
}

/// Arguments of `revision`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RevisionById {
    pub revision_id: u64,
}

/// Arguments of `subjectsInfo`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SubjectIds {
    pub ids: Vec<String>,
}

/// Result of `subjectsInfo`: only ids found in the index are present.
pub type SubjectsInfo = IndexMap<String, SubjectInfo>;

/// Arguments of `savePages`. `validatedAgainst` names the Schema pages the saves were checked
/// against, each at the revision read (or absent): the host checks, in the transaction that commits
/// the saves, that each is still so, and otherwise answers `edit-conflict` (no `index`) and writes
/// nothing, so a Schema saved between the check and the commit makes the core plan the write again.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SavePages {
    pub saves: Vec<PageSave>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub validated_against: Vec<PageVersion>,
}

/// A page as a read found it: at its latest revision then, or absent (`revision_id: None`).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PageVersion {
    pub namespace: i32,
    pub title: String,
    pub revision_id: Option<u64>,
}

impl PageVersion {
    /// The page a read found, at the latest revision it had then.
    pub fn found(record: &PageRecord) -> Self {
        Self { namespace: record.namespace, title: record.title.clone(), revision_id: Some(record.latest_revision_id) }
    }

    /// A title a read found no page at.
    pub fn absent(namespace: i32, title: &str) -> Self {
        Self { namespace, title: title.to_owned(), revision_id: None }
    }
}

/// Arguments of `deletePage`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DeletePage {
    pub page_id: u64,
    pub base_revision_id: u64,
    pub comment: String,
}

/// Arguments of `listPages`: pages of one namespace in title order, after the title `after`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ListPages {
    pub namespace: i32,
    pub after: Option<String>,
    pub limit: u32,
    /// Only titles that start with this text (case-sensitive, in stored spelling).
    pub prefix: Option<String>,
}

/// Arguments of `hitRateLimit`: counts one use of a rate-limited action for the caller.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RateLimitHit {
    pub action: String,
}

/// Result of `hitRateLimit`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RateLimitOutcome {
    /// True when the caller exceeded the limit; the use is then not performed.
    pub limited: bool,
    /// When limited: seconds until the caller's window ends (the answer's `Retry-After`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retry_after_seconds: Option<u64>,
}

/// Arguments of `log`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogEntry {
    pub level: LogLevel,
    pub message: String,
}

/// Arguments of `updateStores`: what one committed write changes in each configured store. The host
/// applies every update it can; a store it cannot update is marked `stale`, never failing the write.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct UpdateStores {
    pub updates: Vec<StoreUpdate>,
    /// Stores whose content the write made outdated as a whole (a Schema or Mapping changed).
    pub stale: Vec<StaleStore>,
    /// Every page the write changed, whether or not a store needed an update for it: once a store has
    /// acknowledged its updates of this call, the host clears the page's pending-projection marker
    /// for that store (`docs/stores.md`).
    #[serde(default)]
    pub pages: Vec<ProjectedPage>,
}

/// A page whose projection an `updateStores` call carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ProjectedPage {
    pub page_id: u64,
    /// The revision projected; `None` for a deleted page.
    pub revision_id: Option<u64>,
}

/// One page's new state in one store.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase", rename_all_fields = "camelCase")]
pub enum StoreUpdate {
    /// Cypher statements (parameter header included) to run in order. The indexes they find their
    /// nodes by are not carried here: a host runs the `graphIndexes` export's statements once per
    /// connection, when it opens it (`docs/graph.md`).
    Graph { store: String, page_id: u64, statements: Vec<String> },
    /// The page's named graph replaced by `trig`; a text with no quads drops the graph.
    Sparql { store: String, page_id: u64, graph: String, trig: String },
}

impl StoreUpdate {
    pub fn store(&self) -> &str {
        match self {
            StoreUpdate::Graph { store, .. } | StoreUpdate::Sparql { store, .. } => store,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StaleStore {
    pub store: String,
    pub reason: String,
}
