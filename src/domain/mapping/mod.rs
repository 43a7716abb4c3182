//! Mappings: the definition of an ontology projection, one Schema bound to one target ontology.
//!
//! A Mapping is read leniently ([`Mapping::from_json`] checks structure only) so that a stored page
//! saved under older rules still projects; the term, language and duplicate rules run on save
//! ([`save_errors`]) and again, per term, when the projection resolves the Mapping.

mod error;
pub mod iri;
mod read;
mod save_rules;
pub mod term;

pub use error::{MappingError, MappingErrors, Reason};
pub use save_rules::{save_errors, MappingPageFacts};

use crate::domain::title::Title;
use indexmap::IndexMap;

/// The content model of Mapping pages.
pub const MAPPING_CONTENT_MODEL: &str = "strata-mapping";

/// The only Mapping format version.
pub const VERSION: u64 = 1;

/// A structurally valid Mapping. Terms are kept as written; see [`term::expand`].
#[derive(Debug, Clone, PartialEq)]
pub struct Mapping {
    /// The native Schema's name.
    pub schema: Title,
    /// The ontology projection this Mapping belongs to.
    pub target: String,
    /// Prefix label to namespace IRI, in the order written.
    pub prefixes: IndexMap<String, String>,
    /// `subject.class`: the `rdf:type` of every Subject of the Schema.
    pub class: String,
    /// Schema property name to its entry, in the order written.
    pub properties: IndexMap<String, PropertyMapping>,
}

/// How one Schema property is projected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PropertyMapping {
    pub predicate: String,
    pub lang: Option<String>,
    pub datatype: Option<String>,
}

/// Whether `target` matches `[A-Za-z][A-Za-z0-9_-]*`.
pub fn is_valid_target(target: &str) -> bool {
    let mut b = target.bytes();
    b.next().is_some_and(|c| c.is_ascii_alphabetic()) && b.all(|c| c.is_ascii_alphanumeric() || c == b'_' || c == b'-')
}

/// The name of the native projection, which no Mapping target may take.
pub const NATIVE: &str = "native";

#[cfg(test)]
mod tests;
