//! The request the host sends to `handlePageAction` (`docs/page-actions.md`).

use crate::app::query::script::Language;
use crate::app::Caller;
use serde::Deserialize;
use serde_json::{Map, Value};

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PageActionRequest {
    pub action: Action,
    pub namespace: i32,
    /// Normalized by the host, without namespace prefix.
    pub title: String,
    #[serde(default)]
    pub slot: Slot,
    /// The new text of the slot (edits); the Subject slot to show (`view`).
    #[serde(default)]
    pub text: Option<String>,
    /// The edit summary, or the reason of a deletion.
    #[serde(default)]
    pub summary: Option<String>,
    /// The revision the client based its change on; null: whatever is latest.
    #[serde(default)]
    pub base_revision_id: Option<u64>,
    #[serde(default)]
    pub create_only: bool,
    #[serde(default)]
    pub no_create: bool,
    /// `query` only: the query's language, its text and its Cypher parameters; or instead of the
    /// text and parameters, a parser function's `arguments` (`app::query::arguments`).
    #[serde(default)]
    pub language: Option<Language>,
    #[serde(default)]
    pub query: Option<String>,
    #[serde(default)]
    pub parameters: Map<String, Value>,
    #[serde(default)]
    pub arguments: Option<Vec<String>>,
    /// `view`, `subjects` and `query`: the words of the drawing in the reader's language (texts by key of
    /// `crate::messages`, or `"qqx"`); absent: the core's English.
    #[serde(default)]
    pub messages: Option<Value>,
    pub caller: Caller,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Action {
    Edit,
    Delete,
    /// The content rules only, nothing saved (`check.rs`).
    Check,
    /// The page's Data tab as HTML (`data_tab.rs`).
    Subjects,
    /// The scripting accessor: the page's Subjects, main first (`get_subjects.rs`).
    #[serde(rename = "getSubjects")]
    GetSubjects,
    /// A query from the page's wikitext or a script, in the `default` tier (`script_query.rs`).
    Query,
    /// The page's Subjects as a reader sees them, with the Schema and Layout pages used (`view.rs`).
    View,
}

/// Which slot an edit replaces: the page text, or the Subject slot (imports of `Subject/*.json`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Slot {
    #[default]
    Main,
    Subject,
}
