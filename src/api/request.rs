//! The JSON messages of `handleRoute`: the request the host sends and the response it relays.

use super::reusable::Reusable;
use crate::app::Caller;
use indexmap::IndexMap;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Request {
    pub method: String,
    /// Relative to `/rest.php`, without the query string.
    pub path: String,
    #[serde(default)]
    pub query: IndexMap<String, String>,
    /// Lower-case names.
    #[serde(default)]
    pub headers: IndexMap<String, String>,
    #[serde(default)]
    pub body: Option<String>,
    /// Set by the host when the body's bytes are not UTF-8 (`body` is then not to be read).
    #[serde(default)]
    pub body_not_utf8: bool,
    pub caller: Caller,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Response {
    pub status: u16,
    pub headers: IndexMap<String, String>,
    pub body: String,
    /// Set when the answer may be served again without the core (`reusable`); absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reusable: Option<Reusable>,
}

impl Response {
    pub fn json(status: u16, body: &serde_json::Value) -> Self {
        let mut headers = IndexMap::new();
        headers.insert("content-type".into(), "application/json".into());
        Response { status, headers, body: body.to_string(), reusable: None }
    }
}
