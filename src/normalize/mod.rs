//! Page content in and out of JSON: the lenient read of stored content and the strict write-time
//! normalization of what clients send.
//!
//! Reading never fails and never loses data: a value that does not fit its type is kept raw.
//! Writing fails with a [`NormalizeError`] for malformed input and returns the stored form.

mod context;
mod error;
mod read;
mod relation_parts;
mod write;

pub use context::{Context, SchemaLookup, WriteContext};
pub use error::{NormalizeError, NormalizeErrorKind};
pub use read::{read_page_content, read_page_content_str, read_statement};
pub use write::{
    normalize_body_view, normalize_content, normalize_statement, normalize_subject_body, BodyView, SubjectBody,
};
pub use write::{parts, select};

#[cfg(test)]
mod tests;
