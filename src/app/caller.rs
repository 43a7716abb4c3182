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

    /// The caller with only the rights of `asked` it holds: what a route that asks no other right
    /// sees, on every host alike (`api::routes::CallerRights`).
    pub fn with_only(&self, asked: &[&str]) -> Caller {
        Caller { rights: self.rights.iter().filter(|r| asked.contains(&r.as_str())).cloned().collect(), ..self.clone() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn with_only_keeps_the_asked_rights_the_caller_holds() {
        let caller = Caller {
            name: "Alice".into(),
            rights: vec!["read".into(), "edit".into(), "strata-query".into()],
            ..Default::default()
        };
        let narrowed = caller.with_only(&["read", "strata-admin"]);
        assert_eq!(narrowed.rights, vec!["read".to_owned()]);
        assert_eq!(narrowed.name, "Alice");
        assert!(!narrowed.has("edit"));
    }
}
