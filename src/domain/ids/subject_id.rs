//! `SubjectId`: the ID of a local Subject, checked when built.

use super::{alphabet, IdError};

/// The ID of one of this wiki's Subjects: `s` followed by 14 base-62 characters.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SubjectId(String);

impl SubjectId {
    /// The format `parse` accepts, as a regular expression (ECMA-262, for JSON Schema and OpenAPI).
    pub const PATTERN: &'static str = "^s[0-9A-Za-z]{14}$";

    pub fn parse(s: &str) -> Result<Self, IdError> {
        alphabet::check("Subject ID", b's', s)?;
        Ok(SubjectId(s.to_owned()))
    }

    pub(super) fn from_minted(s: String) -> Self {
        SubjectId(s)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

crate::domain::text_value::text_value_object!(SubjectId, SubjectId::parse);
