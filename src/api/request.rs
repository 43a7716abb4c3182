//! The JSON messages of `handleRoute`: the request the host sends and the response it relays.

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
    pub caller: Caller,
}

/// Who calls, as the host established it from the session.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Caller {
    pub user_id: u64,
    pub name: String,
    pub anonymous: bool,
    pub bot: bool,
    pub groups: Vec<String>,
    pub rights: Vec<String>,
    pub csrf_valid: bool,
}

impl Caller {
    pub fn has(&self, right: &str) -> bool {
        self.rights.iter().any(|r| r == right)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Response {
    pub status: u16,
    pub headers: IndexMap<String, String>,
    pub body: String,
}

impl Response {
    pub fn json(status: u16, body: &serde_json::Value) -> Self {
        let mut headers = IndexMap::new();
        headers.insert("content-type".into(), "application/json".into());
        Response { status, headers, body: body.to_string() }
    }
}
