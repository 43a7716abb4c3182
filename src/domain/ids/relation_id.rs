//! `RelationId`: the ID of one relation value, checked when built.

use super::{alphabet, IdError};

/// The ID of one relation value: `r` followed by 14 base-62 characters.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RelationId(String);

impl RelationId {
    pub fn parse(s: &str) -> Result<Self, IdError> {
        alphabet::check("Relation ID", b'r', s)?;
        Ok(RelationId(s.to_owned()))
    }

    pub(super) fn from_minted(s: String) -> Self {
        RelationId(s)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

crate::domain::text_value::text_value_object!(RelationId, RelationId::parse);
