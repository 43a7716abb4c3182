//! `SubjectId`: the ID of a local Subject, checked when built.

use super::fixed_id::FixedId;
use super::{alphabet, IdError};

/// The ID of one of this wiki's Subjects: `s` followed by 14 base-62 characters.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SubjectId(FixedId);

impl SubjectId {
    /// The format `parse` accepts, as a regular expression (ECMA-262, for JSON Schema and OpenAPI).
    pub const PATTERN: &'static str = "^s[0-9A-Za-z]{14}$";

    pub fn parse(s: &str) -> Result<Self, IdError> {
        alphabet::check("Subject ID", b's', s)?;
        Ok(SubjectId(FixedId::new(s)))
    }

    /// The ID `s` is, if it is one; [`SubjectId::parse`] without the reason.
    pub(super) fn valid(s: &str) -> Option<Self> {
        alphabet::is_valid(b's', s).then(|| SubjectId(FixedId::new(s)))
    }

    pub(super) fn from_minted(s: String) -> Self {
        SubjectId(FixedId::new(&s))
    }

    pub fn as_str(&self) -> &str {
        self.0.as_str()
    }
}

crate::domain::text_value::text_value_object!(SubjectId, SubjectId::parse);
