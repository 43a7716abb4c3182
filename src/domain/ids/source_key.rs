//! `SourceKey`: the key of a Subject source (the local wiki or a registered remote one), checked
//! when built.

use super::IdError;

/// The key of a data source: an ASCII letter followed by up to 63 ASCII letters, digits, `_` or `-`.
///
/// Letters are ASCII only: source keys appear in IRIs and HTTP paths, where a non-ASCII key would
/// need percent-encoding and could be spelled two ways.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SourceKey(String);

pub const MAX_SOURCE_KEY_LEN: usize = 64;

impl SourceKey {
    /// The format `parse` accepts, as a regular expression (ECMA-262).
    pub const PATTERN: &'static str = "^[A-Za-z][A-Za-z0-9_-]{0,63}$";

    pub fn parse(s: &str) -> Result<Self, IdError> {
        let b = s.as_bytes();
        if b.is_empty() {
            return Err(IdError::new("source key", s, "must not be empty"));
        }
        if b.len() > MAX_SOURCE_KEY_LEN {
            return Err(IdError::new("source key", s, "must be at most 64 characters long"));
        }
        if !b[0].is_ascii_alphabetic() {
            return Err(IdError::new("source key", s, "must start with a letter A-Z or a-z"));
        }
        if !b[1..].iter().all(|c| c.is_ascii_alphanumeric() || *c == b'_' || *c == b'-') {
            return Err(IdError::new("source key", s, "may contain only letters A-Z, a-z, digits, '_' and '-'"));
        }
        Ok(SourceKey(s.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

crate::domain::text_value::text_value_object!(SourceKey, SourceKey::parse);
