//! Who calls, as the host established it from the session: the rights decide what a use case may do.

use serde::{Deserialize, Serialize};

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
