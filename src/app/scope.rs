//! What the use cases of one request share: the host, the caller, the settings, this wiki's source
//! key and the request's checked body. A scope lives as long as its request.

use super::caller::Caller;
use super::error::{ApiError, ErrorKind};
use crate::domain::ids::SourceKey;
use crate::host::Settings;
use serde_json::{Map, Value};

pub struct Scope<'a, H> {
    pub host: &'a H,
    pub caller: &'a Caller,
    pub settings: Settings,
    pub own_source: SourceKey,
    /// The request body, already checked against the route's fields; empty outside a route.
    pub body: Map<String, Value>,
}

impl<'a, H> Scope<'a, H> {
    pub fn new(host: &'a H, caller: &'a Caller, settings: Settings, body: Map<String, Value>) -> Result<Self, ApiError> {
        let own_source = SourceKey::parse(&settings.source_key)
            .map_err(|e| ApiError::new(ErrorKind::Internal, format!("the sourceKey setting is invalid: {e}")))?;
        Ok(Scope { host, caller, settings, own_source, body })
    }

    pub fn body_str(&self, name: &str) -> Option<&str> {
        self.body.get(name).and_then(Value::as_str)
    }

    pub fn comment(&self) -> String {
        self.body_str("comment").unwrap_or_default().to_owned()
    }
}
