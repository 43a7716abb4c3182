//! Why a write value cannot be normalized: each kind with the path of the value.

use crate::domain::ids::SubjectId;
use std::fmt;

/// Why written content was refused. Every kind is a client error (HTTP 400).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NormalizeErrorKind {
    /// The JSON is not shaped like page content, a Subject or a Statement.
    Malformed,
    /// A Statement value does not fit its `propertyType`.
    ValueShape,
    /// A monolingual part's language tag does not match the tag grammar.
    InvalidLanguageTag,
    /// A select `{id, label}` object whose parts name different options.
    SelectDisagrees,
    /// A single-Statement write names a property the Schema does not define.
    UndefinedProperty,
}

impl NormalizeErrorKind {
    pub fn as_str(self) -> &'static str {
        match self {
            NormalizeErrorKind::Malformed => "malformed-content",
            NormalizeErrorKind::ValueShape => "value-shape-mismatch",
            NormalizeErrorKind::InvalidLanguageTag => "invalid-language-tag",
            NormalizeErrorKind::SelectDisagrees => "select-id-label-mismatch",
            NormalizeErrorKind::UndefinedProperty => "undefined-property",
        }
    }
}

/// A refused write, naming the Subject and property it is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NormalizeError {
    pub kind: NormalizeErrorKind,
    pub subject_id: Option<SubjectId>,
    pub property_name: Option<String>,
    pub reason: String,
}

impl NormalizeError {
    pub(crate) fn new(kind: NormalizeErrorKind, reason: impl Into<String>) -> Self {
        NormalizeError { kind, subject_id: None, property_name: None, reason: reason.into() }
    }

    pub(crate) fn malformed(reason: impl Into<String>) -> Self {
        Self::new(NormalizeErrorKind::Malformed, reason)
    }

    pub(crate) fn shape(reason: impl Into<String>) -> Self {
        Self::new(NormalizeErrorKind::ValueShape, reason)
    }

    pub(crate) fn on_property(mut self, name: &str) -> Self {
        self.property_name.get_or_insert_with(|| name.to_owned());
        self
    }

    pub(crate) fn on_subject(mut self, id: Option<&SubjectId>) -> Self {
        if self.subject_id.is_none() {
            self.subject_id = id.cloned();
        }
        self
    }
}

impl fmt::Display for NormalizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.subject_id, &self.property_name) {
            (Some(id), Some(p)) => write!(f, "Subject {id}, property \"{p}\": ")?,
            (Some(id), None) => write!(f, "Subject {id}: ")?,
            (None, Some(p)) => write!(f, "Property \"{p}\": ")?,
            (None, None) => {}
        }
        f.write_str(&self.reason)?;
        if !self.reason.ends_with('.') {
            f.write_str(".")?;
        }
        Ok(())
    }
}

impl std::error::Error for NormalizeError {}
