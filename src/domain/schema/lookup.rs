//! `SchemaLookup`: where the validation and projection layers find a Schema by reference.

use super::{Schema, SchemaRef};
use std::collections::HashMap;

/// Finds the Schema a Subject names. `None` when it does not exist or cannot be read.
pub trait SchemaLookup {
    fn schema(&self, reference: &SchemaRef) -> Option<&Schema>;
}

impl SchemaLookup for HashMap<SchemaRef, Schema> {
    fn schema(&self, reference: &SchemaRef) -> Option<&Schema> {
        self.get(reference)
    }
}
