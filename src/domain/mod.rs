//! Pure domain types and rules. Nothing here performs I/O.

pub mod ids;
pub mod language_tag;
pub mod layout;
pub mod mapping;
pub mod maps;
pub mod page_content;
pub mod page_diff;
pub mod relation_properties;
pub mod schema;
pub mod statement;
pub mod statement_view;
pub mod store_lifecycle;
mod stored_form;
pub mod subject;
pub mod temporal;
mod text_value;
pub mod title;
pub mod trim;
