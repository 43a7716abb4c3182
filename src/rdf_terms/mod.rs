//! The RDF vocabulary of Strata's projections, below both the property types (`crate::types`, whose
//! `rdf_objects` build objects from it) and the projections (`crate::rdf`): objects and quads
//! (`quad`), the literals and IRIs of values (`values`), the IRIs and prefixes (`vocab`), and the
//! encoding of names in IRIs (`iri_name`). It names no type.

mod iri_name;
mod quad;
pub mod values;
pub mod vocab;

pub use iri_name::encode_name;
pub use quad::{GraphWriter, Object, QuadSink};
pub use vocab::Iris;
