//! What the use cases of one request share: the host, the caller, the settings, this wiki's source
//! key, the request's checked body and what the request has read so far ([`Reads`]). A scope lives
//! as long as its request; page, title and Subject-index reads go through it.

use super::caller::Caller;
use super::error::{ApiError, ErrorKind};
use super::foreign_reads::ForeignReads;
use super::reads::Reads;
use crate::domain::ids::SourceKey;
use crate::host::{Host, PageRecord, Settings, SubjectsInfo};
use serde_json::{Map, Value};

pub struct Scope<'a, H> {
    pub host: &'a H,
    pub caller: &'a Caller,
    pub settings: Settings,
    pub own_source: SourceKey,
    /// The request body, already checked against the route's fields; empty outside a route.
    pub body: Map<String, Value>,
    pub reads: Reads,
    /// What the request fetched from other sources.
    pub foreign: ForeignReads,
}

impl<'a, H> Scope<'a, H> {
    pub fn new(
        host: &'a H,
        caller: &'a Caller,
        settings: Settings,
        body: Map<String, Value>,
    ) -> Result<Self, ApiError> {
        let own_source = SourceKey::parse(&settings.source_key)
            .map_err(|e| ApiError::new(ErrorKind::Internal, format!("the sourceKey setting is invalid: {e}")))?;
        Ok(Scope {
            host,
            caller,
            settings,
            own_source,
            body,
            reads: Reads::default(),
            foreign: ForeignReads::default(),
        })
    }

    pub fn body_str(&self, name: &str) -> Option<&str> {
        self.body.get(name).and_then(Value::as_str)
    }

    pub fn comment(&self) -> String {
        self.body_str("comment").unwrap_or_default().to_owned()
    }
}

impl<H: Host> Scope<'_, H> {
    pub async fn page_by_id(&self, page_id: u64) -> Result<Option<PageRecord>, ApiError> {
        Ok(self.reads.page_by_id(self.host, page_id).await?)
    }

    pub async fn page_by_title(&self, namespace: i32, title: &str) -> Result<Option<PageRecord>, ApiError> {
        Ok(self.reads.page_by_title(self.host, namespace, title).await?)
    }

    /// The index entries of those `ids` the index holds.
    pub async fn subjects_info(&self, ids: &[String]) -> Result<SubjectsInfo, ApiError> {
        Ok(self.reads.subjects_info(self.host, ids).await?)
    }
}
