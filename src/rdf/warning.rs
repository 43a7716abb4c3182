//! What a projection leaves out or changes, for the log. A projection never aborts.

use crate::domain::ids::SubjectId;
use crate::domain::mapping::term::TermError;
use crate::domain::schema::SchemaRef;
use crate::domain::title::Title;
use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Warning {
    /// The Subject is omitted.
    SchemaNotLoaded { subject: SubjectId, schema: SchemaRef },
    /// Two Mapping pages bind one Schema to the projection's target; the alphabetically first is used.
    DuplicateMapping { schema: Title, used: String, ignored: String },
    /// A class, predicate, datatype or prefix namespace of a Mapping is dropped.
    UnsafeTerm { mapping: String, path: String, error: TermError },
    /// The property's literals are written without a language tag.
    InvalidLang { mapping: String, property: String },
    /// A stored entry with both `lang` and `datatype` uses neither.
    LangWithDatatype { mapping: String, property: String },
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Warning::SchemaNotLoaded { subject, schema } => {
                write!(f, "Subject {subject} is not projected: its Schema \"{schema}\" cannot be loaded")
            }
            Warning::DuplicateMapping { schema, used, ignored } => {
                write!(f, "Mapping pages \"{used}\" and \"{ignored}\" both map Schema \"{schema}\" to this target; \"{used}\" is used")
            }
            Warning::UnsafeTerm { mapping, path, error } => {
                write!(f, "Mapping \"{mapping}\", {path}: {error}; dropped")
            }
            Warning::InvalidLang { mapping, property } => {
                write!(f, "Mapping \"{mapping}\", property {property}: invalid \"lang\"; plain literals are written")
            }
            Warning::LangWithDatatype { mapping, property } => {
                write!(f, "Mapping \"{mapping}\", property {property}: \"lang\" and \"datatype\" together; neither is applied")
            }
        }
    }
}
