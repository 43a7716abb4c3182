//! RDF projections of pages and Subjects, as pure functions producing quads, and their streaming
//! serialization to TriG and Turtle. The vocabulary and rules are described in `docs/rdf.md`.

pub mod native;
pub mod ontology;
mod page;
pub mod serialize;
pub mod statements;
mod warning;

/// The Schema lookup shared with normalization and validation.
pub use crate::domain::schema::SchemaLookup;
pub use crate::rdf_terms::{encode_name, values, vocab, Iris, Object, QuadSink};
pub use ontology::OntologyProjection;
pub use page::{PageFacts, PageView};
pub use warning::Warning;

/// What every projection reads besides the page: the IRIs to mint and the Schemas to read with.
#[derive(Clone, Copy)]
pub struct Context<'a> {
    pub iris: &'a Iris,
    pub schemas: &'a dyn SchemaLookup,
}

/// A Subject export that cannot be answered: the Subject is not on the page, or its Schema cannot be
/// loaded. The API answers it like an absent Subject.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NotDescribable;

#[cfg(test)]
mod tests;
