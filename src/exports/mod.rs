//! The operations the wasm module exports, in plain Rust over JSON values, so that native tests and
//! benchmarks exercise exactly what JavaScript callers get. `crate::wasm` only converts values.

mod error;
mod host_calls;
mod input;
mod json_schema;
mod normalize_content;
mod normalize_title;
mod options;
mod page_diff;
mod prepare_pages;
mod project_for_store;
mod project_rdf;
mod rebuild_run;
mod render;
mod schema_names;
mod search_text;
mod store_lifecycle;
mod validate;
mod validate_batch;
mod wiki_rules;

pub use error::ExportError;
pub use host_calls::{handle_page_action, project_page_changes};
pub use input::{parse_doc, parse_json, parse_json_as, read_encoded, required};
pub use json_schema::json_schema;
pub use normalize_content::normalize_content;
pub use normalize_title::normalize_title;
pub use options::Options;
pub use page_diff::diff_subjects;
pub use prepare_pages::prepare_pages;
pub use project_for_store::{graph_indexes, project_for_store};
pub use project_rdf::{project_rdf, RdfProjector};
pub use rebuild_run::RebuildRun;
pub use render::{editor_fields, render_data_tab, render_list, render_page, render_schema, violation_descriptions};
pub use search_text::search_text;
pub use store_lifecycle::{store_event, store_lifecycle};
pub use validate::{validate, Validated, Validator};
pub use validate_batch::BatchValidator;
pub use wiki_rules::{default_content_model, namespaces, store_kinds};

#[cfg(test)]
mod tests;
