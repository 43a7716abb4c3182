//! `diffSubjects(old?, new?, options?)`: what changed between two revisions' Subject slots
//! (`domain::page_diff`), as JSON for a host's history view. An absent or unreadable slot reads as a
//! page without Subjects, as everywhere a stored slot is read.

use super::{ExportError, Options};
use crate::domain::page_diff::diff_pages;
use crate::normalize::{read_page_content_str, Context};

pub fn diff_subjects(old: Option<&str>, new: Option<&str>, options: &Options) -> Result<String, ExportError> {
    let ctx = Context { own_source: &options.source_key };
    let read = |slot: Option<&str>| slot.map(|s| read_page_content_str(s, &ctx)).unwrap_or_default();
    serde_json::to_string(&diff_pages(&read(old), &read(new))).map_err(|e| ExportError::invalid_argument(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Value};

    #[test]
    fn slots_in_json_out() {
        let options = Options::from_json(None, 0).unwrap();
        let new = json!({"subjects": {"s1diffaaaaaaaa1": {"schema": "City", "label": "Delft", "statements": {}}}})
            .to_string();
        let diff: Value = serde_json::from_str(&diff_subjects(None, Some(&new), &options).unwrap()).unwrap();
        assert_eq!(diff["subjects"][0]["change"], "added");
        assert_eq!(diff["subjects"][0]["label"], json!({"old": null, "new": "Delft"}));
        let same: Value = serde_json::from_str(&diff_subjects(Some("not json"), None, &options).unwrap()).unwrap();
        assert_eq!(same, json!({"mainSubject": null, "subjects": []}), "unreadable slots are pages without Subjects");
    }
}
