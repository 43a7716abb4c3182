//! REST API behaviour, driven through `handle_route` against a `MemoryHost`.

mod support;

mod access;
mod conditional;
mod data_tab;
mod dependent_rules;
mod docs;
mod federation;
mod graph_stores;
mod host_calls;
mod json_schema;
mod lists;
mod lists_conformance;
mod openapi;
mod openapi_responses;
mod page_actions;
mod projection;
mod protocol;
mod queries;
mod rdf;
mod reads;
mod reusable;
mod robustness;
mod schema_format;
mod schema_race;
mod schemas;
mod scripting;
mod subject_replace;
mod titles;
mod validate_sources;
mod writes;
