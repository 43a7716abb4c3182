//! `RelationId`: the ID of one relation value, checked when built.

use super::fixed_id::FixedId;
use super::{alphabet, IdError};

/// The ID of one relation value: `r` followed by 14 base-62 characters.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RelationId(FixedId);

impl RelationId {
    pub fn parse(s: &str) -> Result<Self, IdError> {
        alphabet::check("Relation ID", b'r', s)?;
        Ok(RelationId(FixedId::new(s)))
    }

    pub(super) fn from_minted(s: String) -> Self {
        RelationId(FixedId::new(&s))
    }

    pub fn as_str(&self) -> &str {
        self.0.as_str()
    }
}

crate::domain::text_value::text_value_object!(RelationId, RelationId::parse);
