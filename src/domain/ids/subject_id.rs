use super::{alphabet, IdError};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// The ID of one of this wiki's Subjects: `s` followed by 14 base-62 characters.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SubjectId(String);

impl SubjectId {
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

impl fmt::Display for SubjectId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl Serialize for SubjectId {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for SubjectId {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        SubjectId::parse(&s).map_err(serde::de::Error::custom)
    }
}
