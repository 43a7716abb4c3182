//! Page content in and out of JSON: the lenient read of stored content and the strict write-time
//! normalization of what clients send.
//!
//! Reading never fails and never loses data: a value that does not fit its type is kept raw.
//! Writing fails with a [`NormalizeError`] for malformed input and returns the stored form.

mod read;
mod write;

pub use crate::value_forms::{Context, NormalizeError, NormalizeErrorKind, SchemaLookup, WriteContext};
pub use read::{read_page_content, read_page_content_str, read_statement};
pub use write::{
    normalize_body_view, normalize_content, normalize_statement, normalize_subject_body, BodyView, SubjectBody,
};

#[cfg(test)]
mod tests;
