use super::{alphabet, IdError};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

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

impl fmt::Display for RelationId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl Serialize for RelationId {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for RelationId {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        RelationId::parse(&s).map_err(serde::de::Error::custom)
    }
}
