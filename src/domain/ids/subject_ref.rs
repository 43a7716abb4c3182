//! `SubjectRef`: a reference to a Subject, local or qualified by a source key, and the local IDs of
//! remote sources.

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
    /// The format `parse` accepts for a wiki whose own key is `own`, as a regular expression
    /// (ECMA-262): a bare ID or one with `own:`, or another source's key and a local ID.
    pub fn pattern(own: &SourceKey) -> String {
        let own = own.as_str();
        let inner = |pattern: &'static str| &pattern[1..pattern.len() - 1];
        let (bare, source) = (inner(SubjectId::PATTERN), inner(SourceKey::PATTERN));
        format!("^(?:(?:{own}:)?{bare}|(?!{own}:){source}:[A-Za-z0-9._~:@!$()*+,;=-]{{1,256}})$")
    }

    /// Parses a bare or source-qualified ID, split at the first colon.
    pub fn parse(s: &str, own_source: &SourceKey) -> Result<Self, IdError> {
        // Most references are bare IDs, which hold no colon.
        if let Some(id) = SubjectId::valid(s) {
            return Ok(SubjectRef::Local(id));
        }
        match s.bytes().position(|b| b == b':').map(|i| (&s[..i], &s[i + 1..])) {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pattern_agrees_with_parse() {
        let own = SourceKey::parse("local").unwrap();
        let validator =
            jsonschema::validator_for(&serde_json::json!({"type": "string", "pattern": SubjectRef::pattern(&own)}))
                .unwrap();
        let cases = [
            "s1demo1aaaaaaa1",
            "local:s1demo1aaaaaaa1",
            "wiki2:abc",
            "wiki2:s1demo1aaaaaaa1",
            "wd:Q42:x",
            "s1demo1aaaaaaa",
            "s1demo1aaaaaaa12",
            "local:abc",
            "x1demo1aaaaaaa1",
            "wiki 2:abc",
            "wiki2:",
            ":abc",
            "1wiki:abc",
            "wiki2:a/b",
            "",
        ];
        for raw in cases {
            assert_eq!(validator.is_valid(&serde_json::json!(raw)), SubjectRef::parse(raw, &own).is_ok(), "{raw:?}");
        }
    }
}
