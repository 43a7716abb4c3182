use crate::domain::ids::{IdMinter, SourceKey};
use crate::domain::schema::{Schema, SchemaRef};
use std::collections::HashMap;

/// What reading stored content needs to know.
#[derive(Debug, Clone, Copy)]
pub struct Context<'a> {
    /// This wiki's source key: `<own>:<id>` targets are stored bare.
    pub own_source: &'a SourceKey,
}

/// What write-time normalization needs: relation IDs are minted for relation values without one.
#[derive(Debug)]
pub struct WriteContext<'a> {
    pub own_source: &'a SourceKey,
    pub minter: &'a mut IdMinter,
    pub now_ms: u64,
}

/// Finds the Schema a Subject names. `None` when it does not exist or cannot be read.
pub trait SchemaLookup {
    fn schema(&self, reference: &SchemaRef) -> Option<&Schema>;
}

impl SchemaLookup for HashMap<SchemaRef, Schema> {
    fn schema(&self, reference: &SchemaRef) -> Option<&Schema> {
        self.get(reference)
    }
}
