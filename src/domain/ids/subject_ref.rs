use super::{IdError, SourceKey, SubjectId};
use std::fmt;

pub const MAX_LOCAL_ID_LEN: usize = 256;

/// The local part of a source-qualified ID: 1 to 256 characters from `A-Z a-z 0-9` and
/// `. _ ~ - : @ ! $ ( ) * + , ; =`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LocalId(String);

impl LocalId {
    pub fn parse(s: &str) -> Result<Self, IdError> {
        if s.is_empty() {
            return Err(IdError::new("local ID", s, "must not be empty"));
        }
        if s.len() > MAX_LOCAL_ID_LEN {
            return Err(IdError::new("local ID", s, "must be at most 256 characters long"));
        }
        if !s.bytes().all(is_local_id_char) {
            return Err(IdError::new(
                "local ID",
                s,
                "may contain only A-Z, a-z, 0-9 and . _ ~ - : @ ! $ ( ) * + , ; =",
            ));
        }
        Ok(LocalId(s.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

fn is_local_id_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || b"._~-:@!$()*+,;=".contains(&c)
}

/// A reference to a Subject: one of this wiki's own, or one held by another source.
///
/// This wiki's Subjects are always held bare; `<own key>:<id>` parses to the same value as `<id>`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SubjectRef {
    Local(SubjectId),
    Foreign { source: SourceKey, local_id: LocalId },
}

impl SubjectRef {
    /// Parses a bare or source-qualified ID, split at the first colon.
    pub fn parse(s: &str, own_source: &SourceKey) -> Result<Self, IdError> {
        match s.split_once(':') {
            None => SubjectId::parse(s).map(SubjectRef::Local),
            Some((source, local)) => {
                let source = SourceKey::parse(source)?;
                if &source == own_source {
                    SubjectId::parse(local).map(SubjectRef::Local)
                } else {
                    Ok(SubjectRef::Foreign { source, local_id: LocalId::parse(local)? })
                }
            }
        }
    }

    /// A reference read on source `from` (bare IDs are that source's), restated for this wiki:
    /// `from`'s Subjects become foreign, and a reference to `own` becomes local.
    pub fn seen_from(self, from: &SourceKey, own: &SourceKey) -> Self {
        match self {
            SubjectRef::Local(id) => match LocalId::parse(id.as_str()) {
                Ok(local_id) => SubjectRef::Foreign { source: from.clone(), local_id },
                Err(_) => SubjectRef::Local(id),
            },
            SubjectRef::Foreign { source, local_id } if &source == own => match SubjectId::parse(local_id.as_str()) {
                Ok(id) => SubjectRef::Local(id),
                Err(_) => SubjectRef::Foreign { source, local_id },
            },
            other => other,
        }
    }

    pub fn local(&self) -> Option<&SubjectId> {
        match self {
            SubjectRef::Local(id) => Some(id),
            SubjectRef::Foreign { .. } => None,
        }
    }
}

impl fmt::Display for SubjectRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SubjectRef::Local(id) => write!(f, "{id}"),
            SubjectRef::Foreign { source, local_id } => write!(f, "{source}:{}", local_id.as_str()),
        }
    }
}
