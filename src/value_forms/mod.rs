//! The toolkit of each property type's `normalize` (`crate::types`), below the types and the
//! engines that ask them (`crate::normalize`): value parts, select forms, relation and monolingual
//! objects from their write form to their stored form, the contexts normalization reads, and why a
//! write is refused ([`NormalizeError`]). Nothing here names a type.

mod context;
mod error;
pub mod parts;
pub(crate) mod relation_parts;
pub mod select;

pub use context::{Context, SchemaLookup, WriteContext};
pub use error::{NormalizeError, NormalizeErrorKind};
