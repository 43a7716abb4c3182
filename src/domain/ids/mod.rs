//! Identifiers: this wiki's Subject and Relation IDs, source keys, and source-qualified references.

mod alphabet;
mod fixed_id;
mod minter;
mod relation_id;
mod source_key;
mod subject_id;
mod subject_ref;

pub use minter::IdMinter;
pub use relation_id::RelationId;
pub use source_key::SourceKey;
pub use subject_id::SubjectId;
pub use subject_ref::{LocalId, SubjectRef};

use std::fmt;

/// Why a piece of text is not a valid identifier.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IdError {
    pub kind: &'static str,
    pub input: String,
    pub reason: &'static str,
}

impl fmt::Display for IdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid {} \"{}\": {}", self.kind, self.input, self.reason)
    }
}

impl std::error::Error for IdError {}

impl IdError {
    fn new(kind: &'static str, input: &str, reason: &'static str) -> Self {
        let input: String = input.chars().take(300).collect();
        IdError { kind, input, reason }
    }
}

#[cfg(test)]
mod tests;
