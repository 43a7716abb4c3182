//! REST API behaviour, driven through `handle_route` against a `MemoryHost`.

mod support;

mod access;
mod conditional;
mod data_tab;
mod dependent_rules;
mod federation;
mod docs;
mod graph_stores;
mod host_calls;
mod json_schema;
mod lists;
mod lists_conformance;
mod openapi;
mod openapi_responses;
mod projection;
mod protocol;
mod page_actions;
mod rdf;
mod reads;
mod robustness;
mod scripting;
mod schema_format;
mod schemas;
mod subject_replace;
mod titles;
mod validate_sources;
mod queries;
mod writes;
