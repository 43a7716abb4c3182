//! What normalization reads besides the value: the wiki's own source key, and at write time the ID
//! minter and the clock.

use crate::domain::ids::{IdMinter, SourceKey};
pub use crate::domain::schema::SchemaLookup;

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
