//! Rendering for readers and editors, as HTML escaped here: wikitext, Subjects through their Layouts,
//! values by type, Schema pages, and the form fields a Schema gives a Subject editor. Pure functions
//! over the JSON the REST API answers, so every host (the reference host, MediaWiki) shows the same.

mod data_tab;
mod definition_page;
mod fields;
pub(crate) mod html;
mod layout;
mod lists;
mod page;
mod query_table;
mod schema_view;
mod subject;
mod value;
pub(crate) mod wikitext;

pub use data_tab::render_data_tab;
pub use definition_page::render_definition_page;
pub use fields::{fields, Field};
pub use html::{escape, Links};
pub use lists::{render_list, ListKind};
pub use page::render_page;
pub use query_table::{render_query_error, render_query_table};
pub use schema_view::render_schema;

#[cfg(test)]
mod tests;
