//! What every slot's content check gives (the edit it stores, [`PreparedEdit`]) and the pieces they
//! share: reading the text as JSON, and the content model of a page created without one.

use super::error::{Code, PageActionError};
use crate::app::schema_save::SCHEMA_CONTENT_MODEL;
use crate::domain::layout::LAYOUT_CONTENT_MODEL;
use crate::domain::mapping::MAPPING_CONTENT_MODEL;
use crate::domain::title::Title;
use crate::host::{namespace, IndexRows};
use serde_json::Value;

/// What an edit stores. `None` slots keep what the page has.
pub struct PreparedEdit {
    pub content_model: String,
    pub main_slot: Option<String>,
    pub subject_slot: Option<String>,
    pub index: IndexRows,
    /// The page exists and would not change.
    pub unchanged: bool,
}

pub fn parse_json(text: &str, code: Code, what: &str) -> Result<Value, PageActionError> {
    serde_json::from_str(text).map_err(|e| PageActionError::new(code, format!("The {what} is not valid JSON: {e}.")))
}

/// The content model of a page created without one: the model of its namespace (Schema, Layout,
/// Mapping), JSON for a `.json` page of the MediaWiki namespace, else wikitext. Hosts ask it through
/// the `defaultContentModel` export.
pub fn default_content_model(ns: i32, title: &Title) -> String {
    match ns {
        namespace::SCHEMA => SCHEMA_CONTENT_MODEL,
        namespace::LAYOUT => LAYOUT_CONTENT_MODEL,
        namespace::MAPPING => MAPPING_CONTENT_MODEL,
        namespace::MEDIAWIKI if title.as_str().ends_with(".json") => "json",
        _ => "wikitext",
    }
    .into()
}
