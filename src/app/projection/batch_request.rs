//! The request of one rebuild batch (`projectForStore`), read with the core's own JSON reader
//! (`crate::json`): the pages' Subject slots are most of its bytes. A slot sent as JSON (the stored
//! text as it is, as the reference host sends it) is read where it lies in the request, with no copy
//! and no second parse; one sent as a JSON string (MediaWiki) is unescaped, then parsed. The other
//! fields are few and small, and are read by serde from their `Value`.

use crate::host::StoreSettings;
use crate::json::{Arena, Json, JsonObject, ParseError};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{Map, Value};
use std::collections::{BTreeMap, HashMap};
use std::fmt;

/// A batch: what every batch of a run repeats, and its pages.
#[derive(Debug, Clone)]
pub struct BatchRequest<'a> {
    pub settings: BatchSettings,
    pub pages: Vec<BatchPage<'a>>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BatchSettings {
    /// The store's name, for messages.
    pub name: String,
    pub store: StoreSettings,
    pub rdf_base_uri: String,
    /// The `rdfBaseUri` of registered sources that state one, by source key (`docs/federation.md`).
    #[serde(default)]
    pub source_iris: BTreeMap<String, String>,
    #[serde(default = "local")]
    pub source_key: String,
    /// The first batch of a run: a graph store is cleared and indexed first.
    #[serde(default)]
    pub start: bool,
    /// Graph stores: IDs of the batch's Subjects that the graph does not hold (not written by
    /// earlier batches, not left as stubs by their relations, not written by saves since the run
    /// began): they are created without a lookup. Every other Subject is matched by ID first. Not
    /// read in the first batch (`start`), which clears the graph and creates all of its Subjects.
    #[serde(default)]
    pub absent: Vec<String>,
    /// Schema title to the Schema page's text.
    #[serde(default)]
    pub schemas: HashMap<String, String>,
    #[serde(default)]
    pub mappings: Vec<MappingPage>,
}

fn local() -> String {
    "local".into()
}

/// A page: its facts, and its Subject slot's document (none when the page has no slot, or a slot
/// sent as a string that is not JSON, which reads as an empty page).
#[derive(Debug, Clone)]
pub struct BatchPage<'a> {
    pub facts: PageFacts,
    pub slot: Option<Json<'a>>,
}

/// A page as the host stores it; only what projection reads.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PageFacts {
    pub page_id: u64,
    pub namespace: i32,
    pub title: String,
    #[serde(default)]
    pub prefixed_title: String,
    #[serde(default)]
    pub created: String,
    #[serde(default)]
    pub modified: String,
    #[serde(default)]
    pub last_editor: String,
    #[serde(default)]
    pub categories: Vec<String>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct MappingPage {
    pub title: String,
    pub text: String,
}

/// Why a request is not a batch. A text that is not JSON is told apart: a host that spliced stored
/// slots into the request as JSON sends it again with the slots as strings (`docs/stores.md`); any
/// other refusal is the host's fault, and a second form would not help.
#[derive(Debug, Clone, PartialEq)]
pub enum BatchRequestError {
    NotJson(ParseError),
    NotABatch(String),
}

impl fmt::Display for BatchRequestError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            BatchRequestError::NotJson(e) => write!(f, "{e}"),
            BatchRequestError::NotABatch(e) => f.write_str(e),
        }
    }
}

impl From<String> for BatchRequestError {
    fn from(e: String) -> Self {
        BatchRequestError::NotABatch(e)
    }
}

impl From<&str> for BatchRequestError {
    fn from(e: &str) -> Self {
        BatchRequestError::NotABatch(e.to_owned())
    }
}

const PAGES: &str = "pages";
const SLOT: &str = "subjectSlot";

impl<'a> BatchRequest<'a> {
    /// Reads a batch from its JSON text; the slots' documents live in `arena`.
    pub fn read(text: &'a str, arena: &'a Arena) -> Result<Self, BatchRequestError> {
        let doc = Json::parse(text, arena).map_err(BatchRequestError::NotJson)?;
        let request = doc.as_object().ok_or("expected an object")?;
        let settings = fields_but(request, PAGES)?;
        let pages = match request.get(PAGES) {
            None | Some(Json::Null) => Vec::new(),
            Some(Json::Array(pages)) => pages
                .iter()
                .enumerate()
                .map(|(n, page)| BatchPage::read(page, arena).map_err(|e| format!("{PAGES}[{n}]: {e}")))
                .collect::<Result<_, _>>()?,
            Some(_) => return Err(format!("{PAGES}: expected an array").into()),
        };
        Ok(BatchRequest { settings, pages })
    }
}

impl<'a> BatchPage<'a> {
    fn read(page: &Json<'a>, arena: &'a Arena) -> Result<Self, String> {
        let page = page.as_object().ok_or("expected an object")?;
        let slot = match page.get(SLOT) {
            None | Some(Json::Null) => None,
            Some(Json::String(text)) => Json::parse(text, arena).ok(),
            Some(slot) => Some(*slot),
        };
        Ok(BatchPage { facts: fields_but(page, SLOT)?, slot })
    }
}

/// The members of `object` but `skipped`, read by serde.
fn fields_but<T: DeserializeOwned>(object: &JsonObject<'_>, skipped: &str) -> Result<T, String> {
    let fields: Map<String, Value> = object
        .iter()
        .filter(|(key, _)| *key != skipped)
        .map(|(key, value)| (key.to_owned(), value.to_value()))
        .collect();
    serde_json::from_value(Value::Object(fields)).map_err(|e| e.to_string())
}
