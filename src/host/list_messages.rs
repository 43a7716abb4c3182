//! The messages of the index queries behind the list and discovery endpoints. The host runs them on
//! its indexes and reports `readable` per row; the core drops unreadable rows and shapes the answer.

use super::messages::IndexedFacts;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A Subject as the index holds it, with its page and the caller's read access to that page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct IndexedSubject {
    #[serde(flatten)]
    pub facts: IndexedFacts,
    pub page_id: u64,
    pub page_namespace: i32,
    /// With the namespace prefix.
    pub page_title: String,
    pub readable: bool,
}

/// The orders of `listSubjects`; each names the key the host sorts on, ties broken by Subject ID.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SubjectSort {
    /// The time the Subject was first indexed.
    Newest,
    /// The display name, ignoring ASCII case.
    Name,
    /// The stored Schema reference (a name, or the JSON text of a `{source, name}` reference).
    Schema,
    /// The prefixed title of the Subject's page.
    Page,
    /// The time of the Subject's last edit.
    Edited,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    Asc,
    Desc,
}

/// A position in a keyset order: rows strictly after (`key`, `id`) in the list's direction.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SortKey {
    pub key: String,
    pub id: String,
}

/// Arguments of `listSubjects`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ListSubjects {
    pub sort: SubjectSort,
    pub direction: Direction,
    /// Only Subjects of this Schema (stored form of a local reference).
    pub schema: Option<String>,
    /// A case-insensitive substring of the display name or page title, or a case-sensitive prefix of
    /// the Subject ID (`tests/conformance/lists.json` states the rules).
    pub search: Option<String>,
    pub after: Option<SortKey>,
    pub limit: u32,
    pub include_dependent: bool,
    /// How long a search may run before the host gives up and answers `timedOut`.
    pub timeout_ms: u64,
}

/// A row of `listSubjects` or `subjectLabels`: the Subject and the key it was sorted on.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ListedSubject {
    #[serde(flatten)]
    pub subject: IndexedSubject,
    pub sort_key: String,
}

/// Result of `listSubjects`.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SubjectListing {
    pub rows: Vec<ListedSubject>,
    /// The search ran past `timeoutMs`; `rows` is then empty.
    #[serde(default)]
    pub timed_out: bool,
}

/// Arguments of `recentlyEdited`: Subjects changed by the newest `lookback` revisions of any page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecentlyEdited {
    pub limit: u32,
    pub lookback: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EditedSubject {
    #[serde(flatten)]
    pub subject: IndexedSubject,
    /// The timestamp of the newest revision in the window that changed the Subject.
    pub last_edited: String,
}

/// Result of `recentlyEdited`: each Subject once, newest edit first, at most `limit`.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct EditedSubjects {
    pub rows: Vec<EditedSubject>,
}

/// Result of `subjectCounts`: Subjects per stored Schema reference, every page counted.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct SubjectCounts {
    pub counts: Vec<SchemaCount>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SchemaCount {
    pub schema: Value,
    pub count: u64,
}

/// Arguments of `subjectLabels`: standalone Subjects with a non-generated display name (a label,
/// or the page title of an unlabelled main Subject) starting with `prefix`, ignoring ASCII case,
/// ordered by that name and then by ID.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SubjectLabels {
    /// Stored forms of local Schema references; empty means every Schema.
    pub schemas: Vec<String>,
    pub prefix: Option<String>,
    pub limit: u32,
}

/// Arguments of `referencingSubjects`: the Subjects holding a relation to `targetId`, other than
/// itself, ordered by generated names last, then display name ignoring ASCII case, then ID.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ReferencingSubjects {
    pub target_id: String,
    pub limit: u32,
    /// At most this many relation rows are looked at; the rest count as left out.
    pub inspect: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Referencing {
    #[serde(flatten)]
    pub subject: IndexedSubject,
    /// The properties whose relations point at the target, sorted.
    pub property_names: Vec<String>,
}

/// Result of `referencingSubjects`; `truncated` when rows beyond `limit` or `inspect` were left out.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct ReferencingRows {
    pub rows: Vec<Referencing>,
    pub truncated: bool,
}

/// Result of `subjectRows` (arguments: `SubjectIds`): the index rows of the ids found.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct SubjectRows {
    pub rows: Vec<IndexedSubject>,
}
