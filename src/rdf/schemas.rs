use crate::domain::schema::{Schema, SchemaRef};
use std::collections::HashMap;
use std::hash::BuildHasher;

/// The Schemas a projection may read, by reference. A missing entry means the Schema cannot be
/// loaded (absent, unreadable, or of an unknown source).
pub trait SchemaLookup {
    fn schema(&self, reference: &SchemaRef) -> Option<&Schema>;
}

impl<S: BuildHasher> SchemaLookup for HashMap<SchemaRef, Schema, S> {
    fn schema(&self, reference: &SchemaRef) -> Option<&Schema> {
        self.get(reference)
    }
}
