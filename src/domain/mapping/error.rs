//! Why a Mapping page is refused: each problem with its path and reason.

use super::term::TermError;
use std::fmt;

/// One reason a Mapping cannot be saved (or, for structural reasons, read), with the JSON path it is
/// about (`properties.Name.lang`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MappingError {
    pub path: String,
    pub reason: Reason,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reason {
    NotAnObject,
    Missing,
    /// The field has the wrong JSON type; holds what was expected.
    WrongType(&'static str),
    InvalidSchemaName(String),
    UnsupportedVersion,
    InvalidTarget,
    ReservedTarget,
    Term(TermError),
    LangWithDatatype,
    InvalidLang,
    /// Another Mapping page already binds this (schema, target) pair.
    Duplicate {
        page: String,
    },
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::NotAnObject => f.write_str("a Mapping is a JSON object"),
            Reason::Missing => f.write_str("is required"),
            Reason::WrongType(expected) => write!(f, "must be {expected}"),
            Reason::InvalidSchemaName(e) => f.write_str(e),
            Reason::UnsupportedVersion => write!(f, "must be {}", super::VERSION),
            Reason::InvalidTarget => f.write_str("must match [A-Za-z][A-Za-z0-9_-]*"),
            Reason::ReservedTarget => write!(f, "\"{}\" names the native projection", super::NATIVE),
            Reason::Term(e) => e.fmt(f),
            Reason::LangWithDatatype => f.write_str("\"lang\" and \"datatype\" cannot be used together"),
            Reason::InvalidLang => f.write_str("must be a language tag matching ^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$"),
            Reason::Duplicate { page } => {
                write!(f, "the Mapping page \"{page}\" already maps this Schema to this target")
            }
        }
    }
}

/// Every reason a Mapping was refused, in document order.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct MappingErrors(pub Vec<MappingError>);

impl MappingErrors {
    pub(super) fn push(&mut self, path: impl Into<String>, reason: Reason) {
        self.0.push(MappingError { path: path.into(), reason });
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl fmt::Display for MappingErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            if e.path.is_empty() {
                write!(f, "{}", e.reason)?;
            } else {
                write!(f, "{}: {}", e.path, e.reason)?;
            }
        }
        Ok(())
    }
}

impl std::error::Error for MappingErrors {}
