//! What projecting pages reads besides the pages: the IRIs to mint, the Schemas the Subjects name,
//! and the ontology projections the stores use, compiled once.

use crate::domain::mapping::Mapping;
use crate::domain::schema::{Schema, SchemaRef};
use crate::domain::title::Title;
use crate::host::Settings;
use crate::normalize::SchemaLookup;
use crate::rdf::{native, Iris, OntologyProjection};
use std::collections::HashMap;

pub struct Sources {
    pub iris: Iris,
    /// Local Schemas by title: Schemas of other sources never load here.
    pub schemas: HashMap<Title, Schema>,
    /// The ontology projections by target; a projection not here is native.
    pub ontologies: HashMap<String, OntologyProjection>,
}

impl Sources {
    /// `projections` names the projections to prepare; `native` needs no Mapping. `mappings` are
    /// (page title, Mapping) pairs.
    pub fn new<'a>(
        iris: Iris,
        schemas: HashMap<Title, Schema>,
        mappings: &[(String, Mapping)],
        projections: impl IntoIterator<Item = &'a str>,
    ) -> Self {
        let ontologies = projections
            .into_iter()
            .filter(|p| *p != native::NAME)
            .map(|p| (p.to_owned(), OntologyProjection::compile(p, mappings).0))
            .collect();
        Sources { iris, schemas, ontologies }
    }
}

/// The IRIs this wiki mints: under `rdfBaseUri`, and registered sources' Subjects under the base the
/// operator states for them (`docs/federation.md`).
pub fn settings_iris(settings: &Settings) -> Iris {
    let known = settings.sources.iter().filter_map(|(key, s)| Some((key.as_str(), s.rdf_base_uri.as_deref()?)));
    Iris::new(&settings.rdf_base_uri).with_sources(known)
}

impl SchemaLookup for Sources {
    fn schema(&self, reference: &SchemaRef) -> Option<&Schema> {
        reference.local().and_then(|t| self.schemas.get(t))
    }
}
